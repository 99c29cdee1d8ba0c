"""Every maker's command takes `--language CODE`, as `kaleun hw check` does (the physical table).

Only `hw check` (and the game's commands) took `--language`: `kaleun hub status --language de` was refused with
"unbekannte Argumente", and so were `board check`, `service`, `figures`, `firmware`, `hub config` and `wiring`.
The option is declared once for every command that declares none of its own, so a new command has it too; a
code Kaleun does not speak is refused naming the command, and the preferred language of `kaleun config` is
left as it was.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from hubkit import ROOT
from kaleun.cli import build_parser, main

FAKE_BOARD = str(ROOT / "boards" / "fake-hub.toml")
PICO_BOARD = str(ROOT / "boards" / "pico-hub.toml")


def _commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...],
                                                                                         argparse.ArgumentParser]]:
    """Each command a person types (a command's ACTIONs, not the command without one), with its words."""
    found = []
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    for action in subs:
        for name, command in action.choices.items():
            found += _commands(command, (*path, name))
    return found if subs else [(path, parser)]


def test_every_command_takes_language():
    missing = [" ".join(path) for path, command in _commands(build_parser())
               if "--language" not in command._option_string_actions]
    assert missing == []


# each command with what it prints to a maker, in German: (argv without --language, stream, a German piece)
GERMAN = [
    (["hub", "status", "--board", FAKE_BOARD, "--wait", "30"], "out", "Deck-Hub an "),
    (["board", "check", PICO_BOARD], "out", ": in Ordnung: Pico deck hub"),
    (["board", "list"], "out", "die Boards, die Kaleun mitbringt"),
    (["config", "show"], "out", "nicht eingestellt"),
    (["figures", "list"], "out", "Figuren-Tags in "),
    (["hub", "config", "--board", PICO_BOARD, "--out", "{tmp}/none"], "err", "ist kein Ordner"),
    (["firmware", "install", "--board", PICO_BOARD, "{tmp}/none"], "err", "ist kein Ordner"),
    (["hub", "trust", "--board", FAKE_BOARD], "err", "ein nachgebildeter Hub in Kaleun"),
    (["wiring", PICO_BOARD, "--out", "{tmp}/pages"], "out", "geschrieben"),
    (["hw", "check", "--board", "mock-gpio", "--auto", "--only", "dials:telegraph"], "out", "Drehregler telegraph: ok"),
]


@pytest.mark.parametrize(("argv", "stream", "german"), GERMAN, ids=[" ".join(a[:2]) for a, _, _ in GERMAN])
def test_a_maker_command_speaks_german_when_asked(argv, stream, german, tmp_path: Path, capsys):
    argv = [word.replace("{tmp}", str(tmp_path)) for word in argv]
    main(argv)
    english = getattr(capsys.readouterr(), stream)
    assert german not in english  # the preferred language is still English
    main([*argv, "--language", "de"])
    said = getattr(capsys.readouterr(), stream)
    assert german in said
    main(argv)  # the --language held for that command only
    assert german not in getattr(capsys.readouterr(), stream)


@pytest.mark.parametrize("argv", [a for a, _, _ in GERMAN], ids=[" ".join(a[:2]) for a, _, _ in GERMAN])
def test_a_maker_command_refuses_a_language_kaleun_does_not_speak(argv, tmp_path: Path, capsys):
    argv = [word.replace("{tmp}", str(tmp_path)) for word in argv]
    assert main([*argv, "--language", "xx"]) == 2
    said = capsys.readouterr()
    command = "kaleun " + " ".join(word for word in argv[:2] if not word.startswith("-") and "/" not in word)
    assert said.err.startswith(f"{command}: 'xx' is not a language Kaleun speaks; choose one of: en (English), "
                               "de (German, Deutsch), ru (Russian, Русский)")
    assert said.out == ""
    assert not (tmp_path / "pages").exists()  # nothing was done


def test_a_refusal_of_the_language_is_said_in_the_preferred_one(capsys):
    assert main(["config", "set", "language", "ru"]) == 0
    capsys.readouterr()
    assert main(["board", "list", "--language", "fr"]) == 2
    assert capsys.readouterr().err.startswith("kaleun board list: «fr» — не язык, на котором говорит Kaleun")
