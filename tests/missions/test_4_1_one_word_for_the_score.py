"""The mission's score has one word per language (rulebook §4.1: the missions, score and debrief): the
debrief's lines, the chart, the end line of a mission, the career record, the campaign's lines, the window
and the console all say "Punkte" in German and "очки" in Russian, so that a crew comparing the debrief with
the career record never wonders whether a "Punktzahl" or a "счёт" is something else."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from kaleun.i18n import catalogue_path

#: language -> (the score's word, words that must not name it)
WORDS = {"de": (r"Punkte", r"Punktzahl|Wertung|Zähler"), "ru": (r"[Оо]чк", r"[Сс]чёт|[Сс]чет|балл")}


def score_messages(code: str) -> list[tuple[str, str]]:
    """(msgid, translation) of every message that says a mission's score ("score {score:,}", "Score")."""
    with open(catalogue_path(code), "rb") as fh:
        catalogue = read_po(fh, locale=code)
    found = []
    for message in catalogue:
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        if not ids[0] or not ("{score" in ids[0] or ids[0] == "Score"):
            continue
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        found += [(ids[0], text) for text in strings]
    return found


@pytest.mark.parametrize("code", sorted(WORDS))
def test_4_1_the_mission_score_has_one_word_in_each_language(code):
    word, other = WORDS[code]
    said = score_messages(code)
    assert len(said) >= 8, said  # the debrief, the chart, the end line, the career, the campaign lines
    assert [m for m in said if not re.search(word, m[1]) or re.search(other, m[1])] == []
