"""The table's language as a maker types it: `kaleun config set language de_DE` was refused, though de_DE (or
de_DE.UTF-8, what `locale` prints and $LANG holds) names German. A locale name is read as its language, whatever its
country or encoding, and so is the language's name in English or in itself; anything else is refused naming the
languages there are, and nothing is written. The same reading holds for every `--language`."""

from __future__ import annotations

import json

import pytest
from kaleun.cli import main
from kaleun.paths import config_dir


@pytest.mark.parametrize(("typed", "code"), [
    ("de_DE", "de"), ("de_DE.UTF-8", "de"), ("de_AT.utf8", "de"), ("de-CH", "de"), ("ru_RU", "ru"),
    ("ru_RU.UTF-8", "ru"), ("en_GB", "en"), ("en_US.UTF-8", "en"), ("Deutsch", "de"), ("german", "de"),
    ("Русский", "ru"), ("DE", "de")])
def test_a_locale_name_sets_its_language(home, capsys, typed: str, code: str) -> None:
    assert main(["config", "set", "language", typed]) == 0
    assert f"language = {code} (" in capsys.readouterr().out
    assert json.loads((config_dir() / "settings.json").read_text(encoding="utf-8")) == {"language": code}


@pytest.mark.parametrize("typed", ["fr_FR", "fr_FR.UTF-8", "C", "POSIX", "de_DE_x", "klingon", "d", "deutschland"])
def test_a_locale_of_a_language_kaleun_does_not_speak_is_refused_naming_those_it_does(home, capsys,
                                                                                     typed: str) -> None:
    assert main(["config", "set", "language", typed]) == 2
    said = capsys.readouterr().err
    assert f"'{typed}' is not a language Kaleun speaks; choose one of: en (English), de (German, Deutsch), ru " \
           "(Russian, Русский)" in said, said
    assert not (config_dir() / "settings.json").exists()


def test_every_language_option_reads_a_locale_name(home, capsys, tmp_path) -> None:
    """`kaleun missions --language de_DE.UTF-8` lists in German; `kaleun idsheet --language` takes a locale name
    too, and refuses French in the same words as `kaleun config`."""
    assert main(["missions", "--language", "de_DE.UTF-8"]) == 0
    assert "Prisenordnung (ab Wilhelmshaven)" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:
        main(["idsheet", "--language", "fr_FR", "--out", str(tmp_path / "sheet.png")])
    assert stop.value.code == 2
    assert "'fr_FR' is not a language Kaleun speaks" in capsys.readouterr().err
    assert not (tmp_path / "sheet.png").exists()
