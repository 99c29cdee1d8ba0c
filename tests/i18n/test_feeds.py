"""The First Officer's console, languages: a German and a Russian game read out entirely in their language. Table
scripts (the night attack on the convoy battle exercise, the crew's two watches, the sea's scripts, the
Captain Sonar worked example) are played; every feed line and every message among the events' values
(refusal reasons, causes) is rendered through the catalogues: none may fall back to an English
template. The event log stays English."""

from __future__ import annotations

import re

import pytest
from kaleun.core.messages import Msg
from kaleun.i18n import LANGUAGES, language

from i18n.feeds import UBOOT_SCRIPTS, messages, play_sonar, play_uboot

GAMES = [*(f"{script}@{mission}" for script, mission in UBOOT_SCRIPTS), "sonar/scripts/worked_example.jsonl"]


@pytest.fixture(scope="module", params=GAMES)
def played(request):
    name = request.param
    if name.startswith("sonar/"):
        return name, play_sonar()
    script, mission = name.split("@")
    return name, play_uboot(script, mission)


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_every_message_of_a_played_game_reads_in_the_tables_language(played, code):
    name, events = played
    found = messages(events)
    assert len(found) >= 5, name
    lang = language(code)
    untranslated = {t for msg in found for t in lang.missing(msg)}
    assert untranslated == set(), f"{name}: no {code} translation for {sorted(untranslated)}"
    for msg in found:
        text = lang.render(msg)
        assert "{" not in text and "}" not in text, (name, text)  # every placeholder filled


def test_the_feed_lines_change_language_and_the_event_log_stays_english(played):
    name, events = played
    feeds = [e for e in events if isinstance(e.feed, Msg)]
    assert feeds, name
    for event in feeds:
        english = str(event.feed)
        assert event.to_json()["feed"] == english
        assert language("en").render(event.feed) == english
        if re.search(r"[A-Za-z]{3}", english):
            assert language("de").render(event.feed) != english, english
            assert re.search("[а-яё]", language("ru").render(event.feed), re.IGNORECASE), english


def test_the_night_attack_reads_as_the_first_officer_would_say_it_in_german_and_russian():
    events = play_uboot("weapons/scripts/night_attack.jsonl", "exercise_convoy_battle")
    salvo = next(e.feed for e in events if e.name == "salvo")
    # tubes 1 and 2 hold G7a (40 kn), tube 3 a G7e (30 kn): each with its own run time
    assert str(salvo) == "Tubes 1, 2, 3: torpedoes away! Run times 104 s for tubes 1, 2; 138 s for tube 3."
    assert language("de").render(salvo) == ("Rohre 1, 2, 3: Torpedos los! Laufzeiten 104 s für Rohre 1, 2; "
                                            "138 s für Rohr 3.")
    assert language("ru").render(salvo) == ("Аппараты 1, 2, 3: торпеды пошли! Время хода: аппараты 1, 2 — 104 с; "
                                            "аппарат 3 — 138 с.")
    start = events[0].feed
    assert language("de").render(start) == "Übung: Geleitzugschlacht: Das Boot steht im Quadrat AK35."


@pytest.mark.parametrize("code", ["de", "ru"])
def test_missing_names_every_untranslated_template_also_inside_a_value(code):
    """The check the tests above rely on: it must find a sentence no catalogue holds, also as the value of a
    translated one, and find nothing in a sentence that is translated all through (and nothing for English)."""
    lang = language(code)
    unknown = Msg("A sentence no catalogue holds.")
    assert lang.missing(unknown) == ["A sentence no catalogue holds."]
    assert lang.missing(Msg("Smoke refused: {reason}.", reason=unknown)) == ["A sentence no catalogue holds."]
    known = Msg("Smoke refused: {reason}.", reason=Msg("the crew has already had its smoke break this watch"))
    assert lang.missing(known) == [] and lang.render(known) != str(known)
    assert language("en").missing(unknown) == []
