"""argparse's own usage errors ("invalid choice", "the following arguments are required", "unrecognized
arguments") in the table's language: the preferred one of `kaleun config`, or `--language` on the same
command line. They were English whatever the table spoke; the help itself stays English."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from kaleun.cli import main
from kaleun.usage_words import install


def _refused(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(("code", "lines"), [
    ("de", ["kaleun config set: Fehler: Argument key: ungültige Wahl: 'foo' (möglich sind 'board', 'language', "
            "'volume')", "kaleun config set: Fehler: folgende Argumente fehlen: key, value",
            "kaleun: Fehler: unbekannte Argumente: --bogus", "kaleun hw check: Fehler: Argument --only: ein Wert "
            "erwartet"]),
    ("ru", ["kaleun config set: ошибка: аргумент key: недопустимый выбор: 'foo' (возможны 'board', 'language', "
            "'volume')", "kaleun config set: ошибка: не хватает аргументов: key, value",
            "kaleun: ошибка: нераспознанные аргументы: --bogus", "kaleun hw check: ошибка: аргумент --only: "
            "ожидается одно значение"]),
    ("en", ["kaleun config set: error: argument key: invalid choice: 'foo' (choose from 'board', 'language', "
            "'volume')", "kaleun config set: error: the following arguments are required: key, value",
            "kaleun: error: unrecognized arguments: --bogus", "kaleun hw check: error: argument --only: expected "
            "one argument"]),
])
def test_usage_errors_are_said_in_the_preferred_language(home: Path, capsys, code: str, lines: list[str]) -> None:
    assert main(["config", "set", "language", code]) == 0
    capsys.readouterr()
    for argv, line in zip([["config", "set", "foo", "bar"], ["config", "set"], ["board", "list", "--bogus"],
                           ["hw", "check", "--only"]], lines, strict=True):
        err = _refused(argv, capsys)
        assert err.splitlines()[-1] == line, err
        assert err.startswith("usage: kaleun")  # the usage line, as the help, stays as it is


def test_the_command_lines_own_language_is_used_for_its_usage_errors(home: Path, capsys) -> None:
    assert main(["config", "set", "language", "de"]) == 0
    capsys.readouterr()
    err = _refused(["play", "--language", "ru", "--mode", "x"], capsys)
    assert err.splitlines()[-1] == "kaleun play: ошибка: аргумент --mode: недопустимый выбор: 'x' (возможны 'turn', " \
                                   "'realtime')"
    err = _refused(["play", "--language=en", "--seed", "abc"], capsys)
    assert err.splitlines()[-1] == "kaleun play: error: argument --seed: invalid int value: 'abc'"
    err = _refused(["service", "install", "--user", "--system"], capsys)
    assert err.splitlines()[-1] == ("kaleun service install: Fehler: Argument --system: nicht zusammen mit dem "
                                    "Argument --user erlaubt")


@pytest.mark.parametrize(("n", "said"), [(2, "ожидается 2 значения"), (5, "ожидается 5 значений"),
                                         (21, "ожидается 21 значение")])
def test_a_count_of_values_takes_the_languages_plural(home: Path, capsys, n: int, said: str) -> None:
    install(["--language", "ru"])
    parser = argparse.ArgumentParser(prog="kaleun")
    parser.add_argument("--pair", nargs=n)
    with pytest.raises(SystemExit):
        parser.parse_args(["--pair", "1"])
    assert capsys.readouterr().err.splitlines()[-1] == f"kaleun: ошибка: аргумент --pair: {said}"
    install([])  # back to the preferred language (none: English)


def test_a_number_on_the_command_line_takes_the_decimal_comma(home: Path, capsys) -> None:
    """`--wait 2,5` (German and Russian write the decimal comma) was "invalid number value: '2,5'", where the
    console and `kaleun config set volume` take it; a refusal still says the number back as typed."""
    from kaleun.cli_numbers import as_typed, number

    assert number("2,5") == 2.5 and as_typed(number("2,5")) == "2,5" and number(",5") == 0.5
    assert main(["hub", "status", "--wait=-0,5"]) == 2
    assert "--wait must be a number of seconds from 0 to 86400, got -0,5" in capsys.readouterr().err
    err = _refused(["hub", "status", "--wait", "1,2,3"], capsys)  # no number in any language
    assert err.splitlines()[-1] == "kaleun hub status: error: argument --wait: invalid number value: '1,2,3'"
