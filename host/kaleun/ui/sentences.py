"""A sentence that names a sailor first begins with a capital letter, on the window and the text console alike
("Hexagon engineer (Control room mate) is dead", not "hexagon engineer ..."): a figure's words are written in
lower case inside a sentence in English and Russian. Pure Python (no pygame): both front ends use it."""

from __future__ import annotations

import re

from kaleun.core.messages import Msg

#: the template of a figure's words ("square navigator", `kaleun.uboot.figures.figure_term`)
FIGURE_WORDS = "{shape} {role}"
#: the template of words shown as a sentence of their own (`sentence`): placeholders only, so no translation
SENTENCE = "{sentence}"
#: a contact's id ("c3: too far to identify"), which keeps its case at the start of a sentence
_CONTACT_ID = re.compile(r"[a-z]\d")


def sentence(text: Msg | str) -> Msg:
    """`text` shown as a sentence of its own, with a capital first letter: a refusal's reason is written to follow
    "Will be refused:" on a sheet ("no empty tube"), and the feed shows it as a line by itself."""
    return Msg(SENTENCE, sentence=text)


def leads_with_figure(text: Msg) -> bool:
    """Does the text begin with a figure's words (its template's first field, or that field's first field...)?
    A sentence naming a sailor first began in lower case in English and Russian; a contact's id ("c3") does not
    begin a figure's words and keeps its case."""
    for _ in range(8):
        if text.template == FIGURE_WORDS:
            return True
        if not text.template.startswith("{") or "}" not in text.template:
            return False
        key = text.template[1:text.template.index("}")].split(":")[0].split("!")[0]
        inner = text.values.get(key)
        if not isinstance(inner, Msg):
            return False
        text = inner
    return False


def begun(text: Msg | str | None, words: str) -> str:
    """`words` (the text rendered) with a capital first letter when the text begins with a figure's words, or is
    a `sentence` not begun by a contact's id."""
    if not words[:1].islower() or not isinstance(text, Msg):
        return words
    if leads_with_figure(text) or (text.template == SENTENCE and not _CONTACT_ID.match(words)):
        return words[0].upper() + words[1:]
    return words
