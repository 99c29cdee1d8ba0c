"""host/README.md, "Adding a language": a language added to `LANGUAGES` of `kaleun/i18n.py` is a
language every command takes; no command keeps a list of its own."""

from __future__ import annotations

import argparse

from kaleun import cli, i18n


def _choices(parser: argparse.ArgumentParser, *path: str) -> tuple[str, ...] | None:
    for name in path:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = sub.choices[name]
    option = next(a for a in parser._actions if "--language" in a.option_strings)
    return tuple(option.choices) if option.choices is not None else None


def test_the_identification_sheet_takes_a_language_added_to_languages(monkeypatch):
    monkeypatch.setattr(i18n, "LANGUAGES", {**i18n.LANGUAGES, "fr": i18n.LanguageName("Français", "French")})
    choices = _choices(cli.build_parser(), "idsheet")
    assert choices is not None and "fr" in choices and set(choices) == set(i18n.LANGUAGES)
