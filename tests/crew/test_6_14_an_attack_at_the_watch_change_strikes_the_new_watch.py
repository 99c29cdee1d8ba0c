"""§6.14 "Fehler machen": finish one order or game effect before the next — "Wenn ihr zum Beispiel während
eines Wachwechsels von einer Luftpatrouille überrascht werdet, müsst ihr zuerst den Wachwechsel vollständig
abschließen ... (Deren Auswirkungen werden dann auf die neue Wache angewandt.)" An enemy attack's crew damage
that lands in the second of the 06:00 watch change (a table script's `damage` line) comes after the watch
change and injures sailors of the watch coming on duty; a second earlier it strikes the old watch."""

from __future__ import annotations

from crewkit import WATCH_CHANGE_S, game, named, play


def _attack_at(tmp_path, t):
    _g, events = play(tmp_path, [{"t": t, "do": "damage", "kind": "crew", "sections": [3, 4]}], game())
    kinds = [e["event"] for e in events]
    injured = [i["sailor"] for e in named(events, "crew_damage") for i in e["injuries"]]
    assert injured, "seed 0 draws at least one matching chip"
    return kinds, injured


def test_6_14_an_attack_in_the_second_of_the_watch_change_injures_the_new_watch(tmp_path):
    kinds, injured = _attack_at(tmp_path, WATCH_CHANGE_S)
    assert kinds.index("watch_change") < kinds.index("crew_damage")
    assert all(sailor.endswith("/2") for sailor in injured), injured


def test_6_14_an_attack_a_second_before_the_watch_change_injures_the_old_watch(tmp_path):
    kinds, injured = _attack_at(tmp_path, WATCH_CHANGE_S - 1)
    assert "watch_change" not in kinds
    assert all(sailor.endswith("/1") for sailor in injured), injured
