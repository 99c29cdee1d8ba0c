"""`help COMMAND` lists each field as "name: what it is"; what it is must not open with the name again, as the
Russian "фигурка: фигурка: <роль>-<форма> …" of every command that takes a figure and
"контакт: контакт: c1, c2, ..." of those that take a contact did."""

from __future__ import annotations

import re

import pytest
from kaleun.i18n import language
from kaleun.ui.actions import ACTIONS
from kit import console_typed

REPEATED = re.compile(r"^\s+(\w+): \1:", re.IGNORECASE)


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_each_field_is_named_once_in_help(code: str) -> None:
    lang = language(code)
    word = {"en": "help", "de": "hilfe", "ru": "помощь"}[code]
    out = console_typed(code, *(f"{word} {action.local(lang)}" for action in ACTIONS))
    repeated = [line.strip()[:80] for line in out.splitlines() if REPEATED.match(line)]
    assert not repeated, repeated
    assert ": " in out

