"""host/README.md, "Adding a language": a language added to `LANGUAGES` of `kaleun/i18n.py` is a
language every command takes; no command keeps a list of its own."""

from __future__ import annotations

import pytest
from kaleun import cli, i18n


def test_the_identification_sheet_takes_a_language_added_to_languages(monkeypatch):
    """`kaleun idsheet --language` reads `LANGUAGES` when it is given (a locale name too, as every --language): a
    language added there is taken, one not there is refused."""
    parser = cli.build_parser()
    with pytest.raises(SystemExit):
        parser.parse_args(["idsheet", "--language", "fr"])
    monkeypatch.setattr(i18n, "LANGUAGES", {**i18n.LANGUAGES, "fr": i18n.LanguageName("Français", "French")})
    assert parser.parse_args(["idsheet", "--language", "fr"]).language == "fr"
    assert parser.parse_args(["idsheet", "--language", "fr_FR.UTF-8"]).language == "fr"
