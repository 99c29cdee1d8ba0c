"""`kaleun run --help` and `kaleun play --help` say which game an option is for: every option a Captain Sonar game
refuses as U-BOOT's ("--difficulty is a U-BOOT option ...") begins its help with "U-BOOT:", as host/README.md's
Captain Sonar "Running" lists them. A tester reading the help of `--difficulty`, `--easy-watch`, `--mission` or
`--board` could not tell they were refused for `--game sonar` until the run said so."""

from __future__ import annotations

import argparse

import pytest
from kaleun import cli
from kit import ROOT

#: a value each option takes (a flag takes none)
VALUES = {"--board": "sim", "--mission": "training", "--difficulty": "captain=hard", "--easy-watch": "captain",
          "--changes": "{}", "--debrief": "x.png"}


def _sub(name: str) -> argparse.ArgumentParser:
    parser = cli.build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action.choices[name]
    raise AssertionError("no subcommands")


@pytest.mark.parametrize("command, base", [
    ("run", ["run", "--script", "s.jsonl", "--events", "e.jsonl"]),
    ("play", ["play"]),
])
def test_every_option_captain_sonar_refuses_as_u_boots_says_u_boot_in_its_help(command, base):
    sub = _sub(command)
    refused = []
    for action in sub._actions:
        option = next((o for o in action.option_strings if o.startswith("--")), None)
        if option is None or option in ("--help", "--game", "--verbose"):
            continue
        taken = [option] if action.nargs == 0 else [option, VALUES.get(option, "1")]
        try:
            args = cli.build_parser().parse_args([*base, "--game", "sonar", *taken])
        except SystemExit:
            continue  # a value this option does not take: not the question here
        problem = cli._game_options_problem(args, f"kaleun {command}")
        if problem is not None and "U-BOOT option" in str(problem):
            refused.append(option)
            assert (action.help or "").startswith("U-BOOT: "), f"kaleun {command} {option}: {action.help!r}"
    # the reading works: these are refused for Captain Sonar
    assert {"--mission", "--board", "--linked", "--campaign", "--difficulty", "--easy-watch"} <= set(refused)


def test_the_readme_lists_the_u_boot_options_captain_sonar_refuses():
    text = (ROOT / "host/README.md").read_text(encoding="utf-8")
    section = text[text.index("## Captain Sonar"):]
    sentence = section[section.index("U-BOOT's options"):].split(" are refused for Captain Sonar")[0]
    for option in ("--mission", "--board", "--headless", "--linked", "--campaign", "--difficulty", "--easy-watch",
                   "--setup", "--changes", "--debrief"):
        assert f"`{option}`" in sentence, option
