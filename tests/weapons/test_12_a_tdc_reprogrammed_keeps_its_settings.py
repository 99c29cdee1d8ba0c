"""§7.5.3 and §12 (the TDC tracked its target; depth setting, pistol and spread are set on it): a crew that
re-aims the TDC at the next ship of the same convoy gives it the new target's data only. A new `tdc` order
reset the torpedo depth to 3 m, the spread to 0 and the pistol to the first issued, so the fan it had set
ran as a single line at the wrong depth. A re-programmed TDC keeps every setting the order does not give,
and an order that gives one changes only that one."""

from __future__ import annotations

from weaponskit import one, order, range_game, weapons

CONVOY = [{"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5},
          {"class": "tramp", "bearing": 20, "range_m": 1400, "course": 90, "speed_kn": 7.5}]


def _settings(g):
    tdc = weapons(g).status()["tdc"]
    return tdc["contact"], tdc["depth_m"], tdc["spread_deg"], tdc["pistol"]


def test_12_a_tdc_set_on_the_next_ship_keeps_depth_spread_and_pistol():
    g = range_game(start="1942-12-20T12:00:00", vessels=CONVOY)  # both pistols issued
    order(g, "periscope")
    one(order(g, "tdc", contact="c1", depth_m=5, spread_deg=6, pistol="magnetic"), "tdc_programmed")
    assert _settings(g) == ("c1", 5.0, 6.0, "magnetic")
    programmed = one(order(g, "tdc", contact="c2"), "tdc_programmed")
    assert _settings(g) == ("c2", 5.0, 6.0, "magnetic")
    assert (programmed["depth_m"], programmed["spread_deg"], programmed["pistol"]) == (5.0, 6.0, "magnetic")


def test_12_a_setting_given_changes_only_that_setting():
    g = range_game(start="1942-12-20T12:00:00", vessels=CONVOY)
    order(g, "periscope")
    one(order(g, "tdc", contact="c1", depth_m=5, spread_deg=6, pistol="magnetic"), "tdc_programmed")
    one(order(g, "tdc", contact="c2", spread_deg=0), "tdc_programmed")
    assert _settings(g) == ("c2", 5.0, 0.0, "magnetic")
    one(order(g, "tdc", contact="c1", pistol="contact"), "tdc_programmed")
    assert _settings(g) == ("c1", 5.0, 0.0, "contact")


def test_12_a_tdc_never_programmed_starts_at_3_m_no_spread_and_the_first_pistol():
    g = range_game(start="1942-12-20T12:00:00", vessels=CONVOY)
    order(g, "periscope")
    one(order(g, "tdc", contact="c1"), "tdc_programmed")
    assert _settings(g) == ("c1", 3.0, 0.0, "contact")


def test_12_the_kept_torpedo_speed_setting_stays_too():
    """A G7a set to its 40 kn setting on the first ship stays at 40 kn on the next (June 1941: G7a in tubes 1
    and 2)."""
    g = range_game(start="1941-06-20T12:00:00", vessels=CONVOY)
    order(g, "periscope")
    assert weapons(g).status()["tubes"][0]["torpedo"] == "G7a"
    one(order(g, "tdc", contact="c1", torpedo_kn=40), "tdc_programmed")
    one(order(g, "tdc", contact="c2"), "tdc_programmed")
    assert weapons(g).fire_control.tdc["torpedo_kn"] == 40


def test_12_the_tdc_sheet_says_in_plain_words_what_no_pistol_chosen_means():
    """The TDC sheet's pistol row (offered while both pistols are issued) read "Pistol (none chosen: unchanged, at
    first contact)" — "at first contact" reads as a moment of the attack, not as the pistol a TDC never set takes.
    It now says what the order does with no pistol chosen, as above: the TDC keeps its own, a new one takes the
    contact pistol — in each of the table's languages."""
    from kaleun.i18n import language
    from kaleun.ui.forms import FORMS

    label = next(f.label for f in FORMS["tdc"].fields if f.key == "pistol")
    assert label is not None
    said = {code: language(code).render(label) for code in ("en", "de", "ru")}
    assert said == {"en": "Pistol (none chosen: the TDC's setting, or contact if it has none)",
                    "de": "Pistole (keine gewählt: wie am TDC eingestellt, sonst Aufschlag)",
                    "ru": "Взрыватель (не выбран: как на СРП, иначе контактный)"}


def test_12_a_spread_beyond_the_widest_fan_names_the_limit_as_the_data_gives_it():
    """torpedoes.toml `spread_max_deg = 20`: a wider spread was refused "spread_deg must be between 0 and 20.0" — a
    limit the crew never set. It says 20, as written, and changes nothing."""
    import pytest
    from kaleun.core.errors import CommandError

    g = range_game(vessels=CONVOY)
    with pytest.raises(CommandError) as refused:
        order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=7.5, spread_deg=21)
    assert str(refused.value) == "tdc: spread_deg must be between 0 and 20, got 21"
    assert weapons(g).status()["tdc"]["programmed"] is False
