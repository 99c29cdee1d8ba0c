"""§7.5 the reload order (one torpedo per order, "reload torpedo | Captain | 1 or 6"): the torpedo to take is named as
the crew names it — its id, the name the weapons view shows ("G7e (T III)"), or what the boats called it (T1, T3, FAT;
torpedoes.toml `called`) —, through the table-script interface and the console. `reload torpedo=T3` was refused: the
ids are like `G7e_t3`. A name several types share means the one the stores hold; an id is always its own type."""

from __future__ import annotations

import pytest
from kit import console_typed
from weaponskit import one, order, range_game, refused, tube, weapons

AUGUST_1942 = "1942-08-01T04:00:00"  # the T III has replaced the T II: G7a and G7e_t3 aboard


def _fired_tube_1(start: str = AUGUST_1942):
    g = range_game(start=start, flooded=[1])
    order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5)
    one(order(g, "fire_torpedoes", tubes=[1]), "torpedo_fired")
    return g


@pytest.mark.parametrize(("typed", "taken"), [("T3", "G7e_t3"), ("t3", "G7e_t3"), ("TIII", "G7e_t3"),
                                              ("T III", "G7e_t3"), ("G7e (T III)", "G7e_t3"), ("G7e_t3", "G7e_t3"),
                                              ("T1", "G7a"), ("TI", "G7a"), ("G7a (T I)", "G7a"), ("g7a", "G7a")])
def test_7_5_a_reload_names_its_torpedo_as_the_crew_calls_it(typed, taken):
    """In August 1942 the racks hold G7a (T I) and G7e (T III)."""
    g = _fired_tube_1()
    assert one(order(g, "reload_torpedo", tube=1, torpedo=typed), "tube_loading")["torpedo"] == taken


def test_7_5_a_name_of_a_type_not_aboard_is_refused_as_not_in_the_racks():
    """`T3` in June 1941 names the T III, not issued before 1942: the check says so, and nothing moves."""
    g = _fired_tube_1("1941-06-01T04:00:00")
    racks = list(weapons(g).racks[1])
    assert refused(order(g, "reload_torpedo", tube=1, torpedo="T3")) == (
        "the G7e (T III) is not issued to the boats until January 1942: none is aboard")
    assert weapons(g).racks[1] == racks and tube(g, 1)["state"] == "fired"


def test_7_5_at_the_console_and_a_name_of_no_type():
    """Typed at the console: `reload 1 torpedo=T3` loads the T III; `torpedo=T7` names no type and says which
    there are."""
    g = _fired_tube_1()
    said = console_typed("en", "reload 1 torpedo=T3", game=g)
    assert not any(line.startswith("!") or "refused" in line for line in said.splitlines()), said
    assert tube(g, 1)["torpedo"] == "G7e_t3" and tube(g, 1)["state"] == "loading"
    g = _fired_tube_1()
    said = console_typed("en", "reload 1 torpedo=T7", game=g)
    assert said.startswith("! reload: 'T7' names no torpedo or mine type (types: "), said
    assert "G7e_t3 (G7e (T III))" in said and tube(g, 1)["state"] == "fired"


def test_7_5_a_name_of_no_type_is_refused_in_the_tables_words():
    """The refusal lists the types as the German table reads them (the mines as „TMB-Grundminen“)."""
    said = console_typed("de", "nachladen 1 torpedo=T7")
    assert said.startswith("! nachladen: „T7“ bezeichnet keinen Torpedo- oder Minentyp (Typen: "), said
    assert "TMB (TMB-Grundminen)" in said, said


@pytest.mark.parametrize("code", ["en", "de"])
def test_7_5_the_weapons_view_names_the_reloads_as_the_tubes_do(code):
    """`weapons` listed the racks by their ids (`G7e_t3 G7e_t3 G7e_t3 G7a …`), names no crew uses: it counts them under
    the names the tubes show, and a name read there is what `reload` takes."""
    g = _fired_tube_1()
    said = console_typed(code, "weapons" if code == "en" else "waffen", game=g)
    assert "G7e_t3" not in said, said
    assert "3× G7e (T III), 3× G7a (T I)" in said, said
    assert "2× G7a (T I)" in said, said
    assert one(order(g, "reload_torpedo", tube=1, torpedo="G7e (T III)"), "tube_loading")["torpedo"] == "G7e_t3"
