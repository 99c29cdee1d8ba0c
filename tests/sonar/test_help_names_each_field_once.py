"""The Captain Sonar console's `help COMMAND` lists each field as "name: what it is"; what it is must not open
with the name again, as the Russian `помощь торпеда`, `помощь мина`, … read "клетка: клетка: буква столбца …"."""

from __future__ import annotations

import re

import pytest
from kaleun.i18n import language
from kaleun.ui.sonar_commands import COMMANDS
from sonarkit import printed, seated

REPEATED = re.compile(r"^\s+(\w+): \1:", re.IGNORECASE)


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_each_field_is_named_once_in_help(code: str) -> None:
    runtime, seats, outs = seated(mode="turn", code=code)
    lang = language(code)
    word = {"en": "help", "de": "hilfe", "ru": "помощь"}[code]
    for command in COMMANDS:
        printed(runtime, seats["yellow"], outs["yellow"], f"{word} {command.local(lang)}")
    out = outs["yellow"].getvalue()
    repeated = [line.strip()[:80] for line in out.splitlines() if REPEATED.match(line)]
    assert not repeated, repeated
    assert "C6" in out
