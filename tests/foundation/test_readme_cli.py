"""Every `kaleun` command and option is documented: a maker or tester who meets one in `--help` finds it
in the READMEs (README.md, host/, boards/, firmware/, wiring/), and every command a README names exists."""

from __future__ import annotations

import argparse
import re

from kaleun import cli
from kit import ROOT

READMES = ("README.md", "host/README.md", "boards/README.md", "firmware/README.md", "wiring/README.md")


def _docs() -> str:
    return "\n".join((ROOT / name).read_text(encoding="utf-8") for name in READMES)


def _walk(parser: argparse.ArgumentParser, path: tuple[str, ...]) -> list[tuple[tuple[str, ...], list[str]]]:
    """(command path, its options) for the parser and every subcommand under it."""
    found = [(path, [o for a in parser._actions for o in a.option_strings if o not in ("-h", "--help")])]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += _walk(sub, (*path, name))
    return found


def test_every_command_and_option_of_kaleun_is_in_a_readme():
    docs = _docs()
    commands = _walk(cli.build_parser(), ())
    assert len(commands) > 20  # the reading works: play, run, hub fake, ...
    missing = [f"kaleun {' '.join(path)}" for path, _ in commands if path and f"kaleun {' '.join(path)}" not in docs]
    missing += [f"kaleun {' '.join(path)} {option}" for path, options in commands for option in options
                if option not in ("--version", "--verbose", "-v") and not re.search(re.escape(option) + r"\b", docs)]
    assert not missing, "in `kaleun --help` but in no README:\n" + "\n".join(missing)


def test_every_kaleun_command_a_readme_names_exists():
    known = {" ".join(path) for path, _ in _walk(cli.build_parser(), ())}
    named = {m.group(1) for m in re.finditer(r"`kaleun ([a-z]+(?: [a-z]+)?)", _docs())}
    unknown = sorted(name for name in named if name not in known and name.split()[0] not in known)
    assert not unknown, f"READMEs name kaleun commands that do not exist: {unknown}"


def test_verbose_is_taken_where_host_readme_puts_it():
    """host/README.md, "Running": `kaleun play --verbose` (after play, resume or run) and `kaleun --verbose
    COMMAND` show every log line; a player who types it after the command is not refused."""
    text = (ROOT / "host/README.md").read_text(encoding="utf-8")
    assert "`kaleun play --verbose`" in text and "`kaleun --verbose hub status`" in text
    parser = cli.build_parser()
    for command in (["play"], ["resume"], ["run", "--script", "s.jsonl", "--events", "e.jsonl"]):
        assert parser.parse_args([*command, "--verbose"]).verbose is True
        assert parser.parse_args([command[0], "-v", *command[1:]]).verbose is True
        assert parser.parse_args(["--verbose", *command]).verbose is True
        assert parser.parse_args(command).verbose is False
    assert parser.parse_args(["--verbose", "hub", "status"]).verbose is True


def _synopsis(heading: str) -> dict[tuple[str, ...], set[str]]:
    """host/README.md: the options the ```sh block under `heading` shows for each `kaleun COMMAND [ACTION]`."""
    text = (ROOT / "host/README.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", text[text.index(heading):], re.S)
    assert block is not None
    found: dict[tuple[str, ...], set[str]] = {}
    command: tuple[str, ...] | None = None
    for line in block.group(1).splitlines():
        for part in re.split(r"(?=\bkaleun )", line.split("#")[0]):
            named = re.match(r"kaleun ([a-z]+(?: [a-z|]+)?)", part)
            if named:
                command = tuple(named.group(1).split())
                found.setdefault(command, set())
            if command is not None:
                found[command] |= set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", part))
    return found


def test_the_running_synopsis_shows_every_option_of_each_command_it_lists():
    """host/README.md, "Running" (and Captain Sonar's "Running" for its own options): a command the synopsis
    lists shows every option its --help has, so a reader of the synopsis misses none."""
    shown = _synopsis("## Running")
    sonar = _synopsis("### Running\n\n```sh\nkaleun play --game sonar")
    parsers = {path: options for path, options in _walk(cli.build_parser(), ())}
    assert ("play",) in shown and ("service", "install") in shown and ("run",) in sonar
    missing = [f"kaleun {' '.join(path)} {option}" for path in shown if path in parsers
               for option in parsers[path] if option.startswith("--") and option != "--verbose"
               and option not in shown[path] | sonar.get(path, set())]
    assert not missing, "options missing from the synopsis of host/README.md's \"Running\":\n" + "\n".join(missing)


def test_the_fields_missions_json_names_in_its_help_are_its_keys(capsys):
    """`kaleun missions --help` names the fields of `--json` (id, name, start, ...): each is a key of every
    mission the JSON lists, so a script written from the help reads them."""
    import json

    parser = cli.build_parser()
    missions = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices["missions"]
    helped = next(a.help for a in missions._actions if "--json" in a.option_strings)
    assert helped is not None
    named = re.search(r"\(([a-z_, ]+), \.\.\.\)", helped)
    assert named is not None, helped
    assert cli.main(["missions", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed and all(set(named.group(1).split(", ")) <= set(mission) for mission in listed)
