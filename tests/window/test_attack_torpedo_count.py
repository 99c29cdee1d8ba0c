"""§7.5 the torpedoes of the deck containers: one being brought inside (`reload_torpedo` with `from: deck`,
surfaced, over hours) is neither in a container nor in a rack yet. The window's attack screen counts it
as on its way in, apart from the deck, in English, German and Russian; once stowed it is in the racks."""

from __future__ import annotations

import pytest

from window.fingers import Table_
from window.test_order_warnings import joined, shown

WORDS = {
    "en": ("14 torpedoes: bow 6, stern 1, deck 2", "13 torpedoes: bow 5, stern 1, deck 1, 1 coming in",
           "13 torpedoes: bow 6, stern 1, deck 1", "coming in"),
    "de": ("14 Torpedos: Bug 6, Heck 1, Oberdeck 2", "13 Torpedos: Bug 5, Heck 1, Oberdeck 1, 1 auf dem Weg ins Boot",
           "13 Torpedos: Bug 6, Heck 1, Oberdeck 1", "auf dem Weg ins Boot"),
    "ru": ("14 торпед (нос 6, корма 1, палуба 2)", "13 торпед (нос 5, корма 1, палуба 1, подаётся внутрь: 1)",
           "13 торпед (нос 6, корма 1, палуба 1)", "подаётся внутрь"),
}


@pytest.mark.parametrize("language", sorted(WORDS))
def test_7_5_the_attack_screen_counts_a_deck_torpedo_on_its_way_in_apart_from_the_deck(language: str) -> None:
    """The training boat (surfaced, two G7a in the deck containers) fires tube 1 and reloads it from the
    bow racks, which frees a rack; a deck torpedo then comes down into the bow room: the count shows it
    as coming in (not on deck, not in a rack) until `torpedo_stowed`, then in the bow racks."""
    before, coming, stowed, coming_words = WORDS[language]
    table = Table_(mission="training", seed=0, language=language)
    table.tap("tab.attack")
    assert before in joined(shown(table))
    table.runtime.submit({"do": "order", "order": "tdc", "source": "manual", "bearing": 10, "range_nm": 1,
                          "course": 90, "speed_kn": 5})
    table.runtime.submit({"do": "order", "order": "flood_tubes", "tubes": [1]})
    table.until(120)
    table.runtime.submit({"do": "order", "order": "fire_torpedoes", "tubes": [1]})
    table.runtime.submit({"do": "order", "order": "reload_torpedo", "tube": 1})
    table.until(180)
    table.runtime.submit({"do": "order", "order": "reload_torpedo", "from": "deck"})
    table.until(240)
    assert len(table.named("torpedo_stowing")) == 1
    status = table.game.module("weapons").status()
    assert status["deck"] == ["G7a"] and len(status["stowing"]) == 1
    assert coming in joined(shown(table))
    table.until(240 + 2 * 3600, step=600)  # torpedoes.toml: deck_transfer_h = 2
    assert len(table.named("torpedo_stowed")) == 1
    text = joined(shown(table))
    assert stowed in text and coming_words not in text


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_12_the_attack_screens_tally_shows_the_guns_hits_beside_the_torpedoes(language: str) -> None:
    """§12 the 88 mm gun fires 20 rounds with 8 hits on a tramp: the attack screen's tally of torpedoes
    said "Torpedoes 0 · hits 0" alone, as if the gun had missed; the guns' hits of the patrol show under it,
    in every language."""
    from kaleun.core.messages import Msg

    from window.test_every_action_by_touch import ship_in_gun_range

    table = ship_in_gun_range()
    table.window.set_language(language)
    said = shown(table)
    assert not [text for text in said if text.startswith(table.window.tr(Msg("88 mm")))]
    ship = next(c["contact"] for c in table.game.module("sea").status()["contacts"])
    table.runtime.submit({"do": "order", "order": "gun_88", "target": ship, "rounds": 20})
    table.until(table.game.t + 240, step=5)
    ceased = table.named("gun_ceased")
    assert ceased and ceased[0].data["hits"] > 0
    shots, hits = ceased[0].data["shots"], ceased[0].data["hits"]
    table.window.dismiss_alarms()
    table.tap("tab.attack")
    table.window.cut.clear()
    said = shown(table)
    tr = table.window.tr
    assert tr(Msg("Torpedoes {f} · hits {h}", f=0, h=0)) in said
    assert tr(Msg.plural("88 mm: {hits} of {n} shot hit", "88 mm: {hits} of {n} shots hit", n=shots, hits=hits)) in said
    assert not table.window.cut, table.window.cut  # read whole, never cut with an ellipsis


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_12_a_patrols_gun_hits_read_whole_on_the_attack_screen(language: str) -> None:
    """§12 a patrol's guns: the 88 mm gun's whole 220 rounds and the flak's bursts by the time a patrol turns home.
    The Russian tally "Орудия: попаданий 101 из 400" was cut to "Орудия: попаданий 101 из …" on the 7" screen,
    the shots lost; the line reads whole in every language (the counts kept in the save, as a resumed patrol has
    them)."""
    from kaleun.core.messages import Msg

    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    table.game.module("weapons").gunnery.ceased.update({"gun_88": {"shots": 220, "hits": 64},
                                                        "gun_20": {"shots": 180, "hits": 37}})
    table.window.dismiss_alarms()
    table.tap("tab.attack")
    table.window.cut.clear()
    said = shown(table)
    tr = table.window.tr
    gun_88 = tr(Msg.plural("88 mm: {hits} of {n} shot hit", "88 mm: {hits} of {n} shots hit", n=220, hits=64))
    gun_20 = tr(Msg.plural("20 mm: {hits} of {n} burst hit", "20 mm: {hits} of {n} bursts hit", n=180, hits=37))
    # each gun apart, on one line where both read whole, else a line each; never one sum of rounds and bursts
    assert f"{gun_88} · {gun_20}" in said or (gun_88 in said and gun_20 in said)
    assert not [text for text in said if "101" in text or "400" in text]
    assert not table.window.cut, table.window.cut


@pytest.mark.parametrize(("language", "tally"), [("en", "Torpedoes 14 · hits 14"), ("de", "Torpedos 14 · Treffer 14"),
                                                 ("ru", "Торпед: 14 · в цель: 14")])
def test_7_5_the_torpedo_tally_of_a_whole_load_reads_whole_on_the_7_inch_screen(language: str, tally: str) -> None:
    """§7.5 a boat that fired its whole load of 14 torpedoes, every one a hit: the attack screen's tally reads
    whole at 800×480 in every language. The Russian "Торпед 14 · попаданий 14" ran past the panel and was cut,
    and read as a count without its colon ("Торпед 0 · попаданий 0")."""
    table = Table_(mission="training", seed=0, language=language)
    firing = table.game.module("weapons").torpedo_firing
    firing.fired, firing.hits = 14, 14
    table.window.dismiss_alarms()
    table.tap("tab.attack")
    table.window.cut.clear()
    assert tally in shown(table)
    assert not table.window.cut, table.window.cut
