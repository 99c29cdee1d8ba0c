"""§6.5 (the guns' orders) at the First Officer's console: a cease fire names its gun as a player says it, `cease
gun` and `cease flak` in English as `feuer_einstellen kanone` / `flak` in German and `прекратить_огонь орудие` /
`зенитка` in Russian, beside the ids `gun_88` and `gun_20` (typed at every table). The refusal of a word no gun has
lists the words the table takes."""

from __future__ import annotations

import pytest
from kaleun.core.events import Event
from kit import console_typed
from test_guns import TARGET, _first_contact, _surfaced_with
from weaponskit import one, order

LINES = {
    "en": ("cease gun", "cease flak", "cease gun_88"),
    "de": ("feuer_einstellen kanone", "feuer_einstellen Flak", "feuer_einstellen gun_88"),
    "ru": ("прекратить_огонь орудие", "прекратить_огонь Зенитка", "прекратить_огонь gun_88"),
}


def _the_88_firing():
    g = _surfaced_with([TARGET], seed=3)
    one(order(g, "gun_88", target=_first_contact(g), rounds=60), "gun_firing")
    return g


@pytest.mark.parametrize("code", ["en", "de", "ru"])
@pytest.mark.parametrize("which", [0, 2])
def test_6_5_cease_gun_stops_the_88mm_gun(code, which):
    heard: list[Event] = []
    said = console_typed(code, LINES[code][which], game=_the_88_firing(), heard=heard)
    assert not said.startswith("!"), said
    assert [e.data["gun"] for e in heard if e.name == "gun_ceased"] == ["gun_88"]


@pytest.mark.parametrize(("code", "said"), [
    ("en", "! cease: 20 mm gun is not firing"), ("de", "! feuer_einstellen: 20-mm-Geschütz feuert nicht"),
    ("ru", "! прекратить_огонь: 20-мм орудие: огонь не ведётся"),
])
def test_6_5_cease_flak_speaks_to_the_20mm_gun_only(code, said):
    """`cease flak` is the 20 mm gun's word: with the 88 mm gun firing, it says the 20 mm gun is not firing and the
    88 mm gun fires on."""
    heard: list[Event] = []
    assert console_typed(code, LINES[code][1], game=_the_88_firing(), heard=heard).strip() == said
    assert not [e for e in heard if e.name == "gun_ceased"]


@pytest.mark.parametrize(("code", "line", "said"), [
    ("en", "cease cannon", "! cease: gun 'cannon' is not one of: gun, flak"),
    ("de", "feuer_einstellen geschütz", "! feuer_einstellen: geschütz „geschütz“ ist keiner von: kanone, flak"),
    ("ru", "прекратить_огонь пушка", "! прекратить_огонь: орудие «пушка» не из списка: орудие, зенитка"),
])
def test_6_5_a_word_no_gun_has_is_refused_with_the_words_the_table_takes(code, line, said):
    assert console_typed(code, line).strip() == said


@pytest.mark.parametrize(("code", "line", "said"), [
    ("en", "cease", "! cease: no gun is firing"),
    ("de", "feuer_einstellen", "! feuer_einstellen: kein Geschütz feuert"),
    ("ru", "прекратить_огонь", "! прекратить_огонь: ни одно орудие не ведёт огонь"),
])
def test_6_5_a_cease_fire_with_no_gun_firing_is_refused_naming_its_command(code, line, said):
    """Like every other refusal at the console (`! COMMAND: what is wrong`), not a bare "! no gun is firing"."""
    assert console_typed(code, line).strip() == said
