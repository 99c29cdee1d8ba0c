"""§9 of the console: an alarm stands out and says what is new. The banner shows the alarm's word (with its colour,
icon and sound) and beside it the feed line without what only repeats that word: "Depth charges" over "close
aboard! Attacker: no contact.", never "Depth charges" over "Depth charges!". A depth-charge pattern says whether it
burst close aboard or farther off (as its sound cue does) and who dropped it, as the crew knows it."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kaleun.i18n import language
from kaleun.uboot.sea.attacks import NEAR_M, attacker
from kaleun.ui.alarms import BY_NAME, banner_words

from window.fingers import Table_, shown

LANGUAGES = ("en", "de", "ru")


def _hunted(lang: str) -> Table_:
    """The escort exercise, the boat at 60 m: the escort's first pattern bursts around it."""
    table = Table_(mission="exercise_escort", seed=0, language=lang)
    table.runtime.submit({"do": "order", "order": "new_depth", "depth_m": 60})
    while not table.named("depth_charges") and table.game.t < 3600:
        table.until(table.game.t + 10, step=10)
    assert table.named("depth_charges")
    return table


def _banner(table: Table_) -> tuple[str, str, list[str]]:
    """The shown alarm's word and feed line (rendered) and every text drawn in the frame."""
    said = shown(table)
    shown_alarm = table.window.alarm_shown()
    assert shown_alarm is not None
    kind, line = shown_alarm
    return table.window.tr(BY_NAME[kind].word), table.window.tr(line.words), said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_9_the_depth_charge_banner_says_near_or_far_and_who_attacks(lang: str) -> None:
    table = _hunted(lang)
    event = table.named("depth_charges")[0]
    first = next(e for e in table.named("explosion") if e.data["pattern"] == event.data["pattern"])
    assert event.data["near"] == (first.data["distance_m"] <= NEAR_M) is True  # the boat is where it was set
    assert event.data["contact"] is None  # nobody aboard has the escort as a contact at 60 m
    word, text, said = _banner(table)
    rest = banner_words(word, text)
    assert rest in said  # the banner says what is new, not the word again
    assert not rest.casefold().startswith(word.casefold())
    expected = {"en": "close aboard! Attacker: not yet seen by the crew.",
                "de": "dicht am Boot! Angreifer: von der Besatzung noch nicht gesichtet.",
                "ru": "рядом с лодкой! Атакующий: экипаж его ещё не видел."}
    assert rest == expected[lang]


def test_9_the_attacker_is_named_as_the_crew_knows_it() -> None:
    """An identified escort by its class and contact, a contact not identified by its contact alone, an aircraft
    by its type (the bridge sees what it is), and one not yet seen when nobody aboard has a contact of it (said so in
    words a First Officer reads aloud: "Attacker: no contact" read as a riddle)."""
    charge = {"source": "Flower-class corvette", "escort": "v3"}
    seen = {"id": "c4", "kind": "ship", "identified": True}
    assert attacker(charge, seen).render() == "Flower-class corvette (c4)"
    assert attacker(charge, {**seen, "identified": False}).render() == "unidentified contact c4"
    assert attacker({"source": "Short Sunderland"}, {"id": "c9", "kind": "aircraft", "identified": False}).render() \
        == "Short Sunderland (c9)"
    assert attacker(charge, None).render() == "not yet seen by the crew"
    german = language("de")
    assert german.render(Msg("Depth charges, farther off. Attacker: {attacker}.",
                             attacker=attacker(charge, {**seen, "identified": False}))) \
        == "Wasserbomben, weiter entfernt. Angreifer: nicht identifizierter Kontakt c4."


#: feed lines of the other alarms as the game writes them (kaleun.uboot.sea.attacks, .aircraft)
LINES = {
    "gunfire": [Msg("Gunfire! The {ship} ({contact}) opens fire.", ship=Msg.term("Flower-class corvette"),
                    contact="c4"),
                Msg("Gunfire! The enemy opens fire.")],
    "aircraft": [Msg("Aircraft attack! A {aircraft} roars over the boat.", aircraft=Msg.term("Short Sunderland")),
                 Msg("The {aircraft} ({contact}) turns in to attack the boat!", aircraft=Msg.term("Short Sunderland"),
                     contact="c2")],
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", sorted(LINES))
def test_9_gunfire_and_aircraft_banners_do_not_call_the_alarm_twice(kind: str, lang: str) -> None:
    """"Gunfire" over "Gunfire! The enemy opens fire." said the alarm twice: the banner goes on after the call
    ("The enemy opens fire."); a line that does not repeat it (an aircraft turning in) is shown whole."""
    tongue = language(lang)
    word = tongue.render(BY_NAME[kind].word)
    first, second = (tongue.render(m) for m in LINES[kind])
    rest = banner_words(word, first)
    assert rest and first.endswith(rest) and len(rest) < len(first)
    assert rest[0].isupper() and "!" not in rest  # the sentence after the call, whole
    if kind == "aircraft":
        assert banner_words(word, second) == second
    else:
        assert banner_words(word, second) == second.split("!", 1)[1].strip()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("damage", [{"kind": "environmental", "condition": "fire", "section": 5},
                                    {"kind": "hull_breach", "section": 4}], ids=["fire", "breach"])
def test_9_fire_and_breach_banners_say_where_not_the_word_again(damage: dict[str, object], lang: str) -> None:
    """"Fire" over "Fire in section 5 (…)!": the banner says "in section 5 (…)!" beside the word."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language=lang)
    table.runtime.submit({"do": "damage", **damage})
    table.until(1)
    word, text, said = _banner(table)
    rest = banner_words(word, text)
    assert text.casefold().startswith(word.casefold())  # the feed line opens with the alarm's word
    assert rest != text and text.endswith(rest) and str(damage["section"]) in rest
    joined = " ".join(" ".join(said).split())
    assert " ".join(rest.split()) in joined


def test_9_a_line_with_nothing_after_the_word_is_shown_whole() -> None:
    """A depth-charge line of an older save ("Depth charges!") still shows on its banner."""
    assert banner_words("Depth charges", "Depth charges!") == "Depth charges!"
    assert banner_words("Depth charges", "Depth charges! (2 patterns)") == "(2 patterns)"
    assert banner_words("Fire", "Fireworks over the convoy.") == "Fireworks over the convoy."


def test_9_the_sound_of_a_near_charge_and_the_feed_agree_on_near() -> None:
    """The sea's "close aboard" and the sound cue's near charge are one judgement, the sea's (the last damage
    band): the pattern's first explosion says `near` as its alarm does, and the cue plays what it says."""
    from kaleun.sounds import cues

    table = _hunted("en")
    event = table.named("depth_charges")[0]
    first = next(e for e in table.named("explosion") if e.data["pattern"] == event.data["pattern"])
    assert first.data["near"] is event.data["near"] is True
    assert [c.name for c in cues.cues_for("explosion", first.data)] == ["depth_charge_near"]
    assert [c.name for c in cues.cues_for("explosion", {**first.data, "near": False})] == ["depth_charge_far"]
