"""The order assistant names every reason a weapon order is refused for at once, as it does for a salvo: the guns
(rulebook §8.4: manned surfaced, in a workable sea, with rounds left, at a target in reach), the TDC (§8.4: a
target to take data from, a torpedo speed the tubes hold), a reload (§7.5.3: the tube empty, the torpedo in the
room's racks; the deck containers only surfaced in a calm sea) and the flooding of tubes (each tube named). The
order itself still says its first reason; checking changes nothing."""

from __future__ import annotations

import json

import pytest
from kaleun.core.messages import Msg
from kaleun.i18n import language
from kaleun.ui.actions import in_words
from kaleun.ui.order_warnings import order_warnings
from kit import console_typed
from weaponskit import order, range_game, refused

TARGET = {"class": "tramp", "bearing": 40, "range_m": 2500, "course": 40, "speed_kn": 0}
ALSO = "Warning: also {missing}: the order would be refused for that as well."


def _state(g) -> str:
    return json.dumps(g.to_state(), sort_keys=True)


def _stormy_and_dry():
    """At periscope depth in a storm (sea state 7), the guns' rounds spent, no tube flooded."""
    return range_game(vessels=[TARGET], flooded=[], weather="storm", ammo={"gun_88": 0, "gun_20": 0})


def _reasons(g, fields) -> list[str]:
    """The preview's refusal and what it names besides, checked without changing the game."""
    before = _state(g)
    answer = g.module("orders").preview(fields)
    assert _state(g) == before  # checked, not given
    assert answer["accepted"] is False
    also = [str(a) for a in answer["also"]]
    warnings = [str(w) for w in order_warnings(g, answer)]
    assert all(ALSO.format(missing=a) in warnings for a in also), warnings
    return [str(answer["reason"]), *also]


@pytest.mark.parametrize("gun, fields, name, target", [
    ("gun_88", {"target": "c99"}, "88 mm gun", "there is no contact c99 (contacts: none yet)"),
    ("gun_20", {"target": "c99"}, "20 mm gun", "there is no contact c99 (contacts: none yet)")])
def test_8_4_a_gun_s_preview_names_the_depth_the_sea_the_rounds_and_the_target(gun, fields, name, target):
    g = _stormy_and_dry()
    assert _reasons(g, {"order": gun, **fields}) == [
        "the boat must be surfaced to man the guns", "the sea is too heavy for the gun crews (sea state 7)",
        f"no ammunition left for the {name}", target]
    # the order itself is refused for its first reason alone, as before
    assert refused(order(g, gun, **fields)) == "the boat must be surfaced to man the guns"


def test_8_4_the_tdc_preview_names_the_unknown_contact_and_the_torpedo_speed_not_aboard():
    g = _stormy_and_dry()
    assert _reasons(g, {"order": "tdc", "contact": "c99", "torpedo_kn": 50}) == [
        "there is no contact c99 (contacts: none yet)", "no torpedo in the tubes runs at 50 kn (settings: 40, 30)"]
    assert refused(order(g, "tdc", contact="c99", torpedo_kn=50)) == "there is no contact c99 (contacts: none yet)"


def test_7_5_3_a_reload_preview_names_the_loaded_tube_and_the_torpedo_not_issued():
    g = range_game(flooded=[1])
    not_issued = "the G7es (T5 Zaunkönig) is not issued to the boats until September 1943: none is aboard"
    assert _reasons(g, {"order": "reload_torpedo", "tube": 1, "torpedo": "T5"}) == [
        "tube 1 is loaded and flooded: fire it first", not_issued]
    assert refused(order(g, "reload_torpedo", tube=1, torpedo="T5")) == "tube 1 is loaded and flooded: fire it first"


def test_7_5_3_a_deck_torpedo_preview_names_the_depth_the_sea_and_the_full_racks():
    g = _stormy_and_dry()
    assert _reasons(g, {"order": "reload_torpedo", "from": "deck"}) == [
        "a torpedo comes down from the deck containers only while the boat is surfaced",
        "the sea is too rough to open the torpedo hatch (sea state 7; 3 or calmer needed)",
        "the bow room's racks are full (6 reloads): load a tube from them first"]


def test_7_5_3_a_flood_preview_names_each_tube_that_cannot_be_flooded():
    g = range_game(flooded=[1, 2])
    assert _reasons(g, {"order": "flood_tubes", "tubes": [1, 2, 3]}) == [
        "tube 1 is already flooded", "tube 2 is already flooded"]
    assert refused(order(g, "flood_tubes", tubes=[1, 2, 3])) == "tube 1 is already flooded"


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_8_4_the_console_check_prints_every_reason_in_each_language(code):
    """`check flood 1 2 3` and `check gun c99` typed in the table's words print the refusal and, under it, the
    rest."""
    lang = language(code)
    text = console_typed(code, in_words("check flood 1 2 3", lang), game=range_game(flooded=[1, 2]))
    first, second = (lang.render(Msg("tube {tube} is already flooded", tube=n)) for n in (1, 2))
    assert first in text and second in text, (code, text)
    assert text.index(first) < text.index(second)
    text = console_typed(code, in_words("check gun c99", lang), game=_stormy_and_dry())
    for reason in (Msg("the boat must be surfaced to man the guns"),
                   Msg("the sea is too heavy for the gun crews (sea state {state})", state=7),
                   Msg("no ammunition left for the {gun}", gun=Msg.term("88 mm gun")),
                   Msg("there is no contact {contact} (contacts: {known})", contact="c99", known=Msg("none yet"))):
        assert lang.render(reason) in text, (code, lang.render(reason), text)


def test_a_mine_preview_names_the_torpedo_tube_the_surfaced_boat_and_the_deep_water():
    """Mines (our rules, torpedoes.toml [mines.TMB]: laid submerged from tubes holding mines, in 25 m of water or
    less): the tube holding a torpedo, the boat surfaced and the 80 m of water are named at once."""
    from test_mines import OFFSHORE, mine_game

    g = mine_game(position=OFFSHORE, surfaced=True)
    assert _reasons(g, {"order": "lay_mines", "tubes": [1, 5]}) == [
        "tube 5 holds a torpedo, not mines", "mines are laid submerged, unseen: dive first",
        "the water is 80 m deep here: TMB ground mines must lie in 25 m of water or less"]
    assert refused(order(g, "lay_mines", tubes=[1, 5])) == "tube 5 holds a torpedo, not mines"


def test_8_4_in_german_each_further_reason_stands_as_its_own_clause():
    """The further reasons are whole clauses ("es gibt keinen Kontakt c99"): set after „außerdem“ they broke German
    word order („Achtung: außerdem es gibt keinen Kontakt c99: …“); after „Achtung, außerdem:“ each reads as said."""
    lang = language("de")
    text = console_typed("de", in_words("check gun c99", lang), game=_stormy_and_dry())
    contact = lang.render(Msg("there is no contact {contact} (contacts: {known})", contact="c99",
                              known=Msg("none yet")))
    assert f"Achtung, außerdem: {contact}. Auch deswegen würde der Befehl abgelehnt." in text, text
    assert "außerdem es" not in text


@pytest.mark.parametrize("aircraft", [[], [{"type": "sunderland", "bearing": 90, "range_nm": 0.5}]])
def test_8_4_submerged_a_gun_s_preview_tells_nothing_of_an_aircraft_nobody_sees(aircraft):
    """§8.4: the guns are manned surfaced only; submerged no gunner looks out, so the preview names no target
    reason taken from the sea itself: its reasons are the same with an aircraft overhead as without one."""
    g = range_game(flooded=[], aircraft=aircraft)
    assert _reasons(g, {"order": "gun_20"}) == ["the boat must be surfaced to man the guns"]
