"""Sentences for players are message ids with values (core/messages.py): English by default,
any language through a translation function, and the event log always in English."""

from kaleun.core.clock import GameClock
from kaleun.core.engine import Engine
from kaleun.core.events import Event
from kaleun.core.messages import Msg, and_list, join, or_list, render


def test_a_message_renders_english_with_its_values():
    msg = Msg("Torpedo {tube}: hit after {seconds} s.", tube=3, seconds=74)
    assert str(msg) == "Torpedo 3: hit after 74 s."
    assert msg == "Torpedo 3: hit after 74 s."


def test_a_translation_replaces_the_template_and_nested_values_translate_too():
    german = {"The {ship} is sinking!": "Die {ship} sinkt!", "Liberty ship": "Liberty-Frachter"}
    msg = Msg("The {ship} is sinking!", ship=Msg.term("Liberty ship"))
    assert msg.render(lambda s: german.get(s, s)) == "Die Liberty-Frachter sinkt!"
    assert msg.templates() == ["The {ship} is sinking!", "Liberty ship"]


def test_plural_forms_follow_the_number():
    one = Msg.plural("{n} lookout on the bridge.", "{n} lookouts on the bridge.", n=1)
    three = Msg.plural("{n} lookout on the bridge.", "{n} lookouts on the bridge.", n=3)
    assert (str(one), str(three)) == ("1 lookout on the bridge.", "3 lookouts on the bridge.")
    russian = three.render(None, lambda s, p, n: "{n} наблюдателя на мостике." if n in (2, 3, 4) else p)
    assert russian == "3 наблюдателя на мостике."


def test_a_broken_translation_falls_back_to_english_rather_than_failing():
    msg = Msg("Course {course:03d}.", course=7)
    assert msg.render(lambda s: "Kurs {kurs}.") == "Course 007."


def test_join_reads_parts_in_order_and_plain_text_passes_through():
    assert str(join([Msg("fire"), "leak"])) == "fire, leak"
    assert render("plain") == "plain" and render(None) == ""


def test_the_event_log_holds_the_english_text_of_a_message_feed_and_values():
    engine = Engine("test", 0, GameClock(GameClock.parse("1941-06-01T04:00:00")), [])
    event = engine.emit("ship_sunk", feed=Msg("The {ship} is sinking!", ship=Msg.term("Tramp steamer")),
                        class_name=Msg.term("Tramp steamer"))
    assert isinstance(event, Event)
    line = event.to_json()
    assert line["feed"] == "The Tramp steamer is sinking!" and line["class_name"] == "Tramp steamer"
    assert event.text == "The Tramp steamer is sinking!"


def test_a_list_reads_with_commas_and_one_last_and_in_every_language():
    """Three things read "a, b and c" (not "a and b and c"); the word is the table's."""
    from kaleun.i18n import language

    three = ["own course ring", "enemy course ring", "bearing pointer"]
    assert str(and_list(three)) == "own course ring, enemy course ring and bearing pointer"
    assert str(or_list(three[:2])) == "own course ring or enemy course ring"
    assert str(and_list(three[:1])) == "own course ring"
    assert language("de").render(and_list(["a", "b", "c"])) == "a, b und c"
    assert language("ru").render(or_list(["a", "b", "c"])) == "a, b или c"


def test_a_word_with_a_context_renders_in_it_keeps_its_english_and_survives_a_save():
    """`Msg.pterm(context, word)`: its translation is looked up within the context (Captain Sonar's Russian
    "Капитан" beside U-BOOT's "Командир"); without one it reads in English; the event log's English and a
    save's round trip keep it."""
    from kaleun.core.messages import from_json, to_json
    from kaleun.i18n import language

    word = Msg.pterm("Captain Sonar", "Captain")
    said = Msg("{who}: tap the secret start cell.", who=word)
    assert str(word) == "Captain" and str(said) == "Captain: tap the secret start cell."
    assert language("ru").render(word) == "Капитан" and language("ru").render(Msg.term("Captain")) == "Командир"
    assert language("ru").render(Msg.pterm("no such context", "Captain")) == "Captain"
    again = from_json(to_json(said))
    assert again == said and isinstance(again, Msg) and again.values["who"].context == "Captain Sonar"
    assert from_json(to_json(Msg.term("Captain"))) == Msg.term("Captain") != word
