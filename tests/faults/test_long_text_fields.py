"""Bad input never loses anything: a command's text field is bounded. A `via` (who gave the command) of more than
64 characters and any other text field (a note, a cause, a reason) of more than 500 is a bad script line,
`FILE:LINE: ...` and exit status 2, in every language at the console. Before, a 3,000-character `why` went into
the mission's log of deaths, and the save written then was refused on resume (its texts hold 2,000 at most):
the game was lost."""

from __future__ import annotations

import pytest
from kaleun.core.args import MAX_FIELD_TEXT, MAX_VIA, Args
from kaleun.core.errors import CommandError
from kaleun.core.messages import of_error
from kaleun.i18n import language
from kaleun.saves import open_save
from kit import read_events, run_kaleun, write_script

LONG = "y" * 3000


@pytest.mark.parametrize("line, problem", [
    ({"do": "order", "order": "new_speed", "speed": "slow_ahead", "via": "x" * (MAX_VIA + 1)},
     "new_speed: field 'via' must be a text of at most 64 characters, got 65 characters"),
    ({"do": "ui", "action": "time_compression", "mode": "transit", "via": "x" * 900_000},
     "ui: field 'via' must be a text of at most 64 characters, got 900,000 characters"),
    ({"do": "kill", "figure": "engineer-circle", "why": LONG},
     "kill: field 'why' must be a text of at most 500 characters, got 3,000 characters"),
    ({"do": "damage", "kind": "hull_breach", "section": 3, "cause": LONG}, "damage: field 'cause' must be a text"),
    ({"do": "ailment", "figure": "engineer-square", "deck": "wounds", "note": LONG}, "ailment: field 'note'"),
    ({"do": "hub", "state": "offline", "reason": LONG}, "hub: field 'reason' must be a text of at most 500"),
])
def test_a_text_field_too_long_is_a_bad_line(tmp_path, line, problem):
    script = write_script(tmp_path / "s.jsonl", [{"t": 1, "do": "report"}, {"t": 2, **line}])
    out = tmp_path / "events.jsonl"
    result = run_kaleun("run", "--script", str(script), "--events", str(out), home=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines()[0].startswith(f"{script}:2: {problem}")
    assert [e["event"] for e in read_events(out)] == ["mission_start", "report"]


def test_the_longest_texts_a_command_takes_are_saved_and_resumed(tmp_path):
    """At the bounds the game runs on, and its save loads again."""
    script = write_script(tmp_path / "s.jsonl", [
        {"t": 1, "do": "order", "order": "new_speed", "speed": "slow_ahead", "via": "v" * MAX_VIA},
        {"t": 2, "do": "kill", "figure": "engineer-circle", "why": "w" * MAX_FIELD_TEXT},
        {"t": 3, "do": "damage", "kind": "hull_breach", "section": 3, "cause": "c" * MAX_FIELD_TEXT},
        {"t": 4, "do": "ailment", "figure": "engineer-square", "deck": "wounds", "note": "n" * MAX_FIELD_TEXT}])
    save = tmp_path / "game.json"
    result = run_kaleun("run", "--script", str(script), "--events", str(tmp_path / "e.jsonl"), "--save", str(save),
                        home=tmp_path)
    assert result.returncode == 0, result.stderr
    game = open_save(save).engine
    assert game.t == 4


@pytest.mark.parametrize("code, said", [
    ("de", "order: Feld „via“ darf höchstens 64 Zeichen lang sein"),
    ("ru", "order: поле «via» может содержать не более 64 символов"),
])
def test_the_refusal_in_the_tables_language(code, said):
    with pytest.raises(CommandError) as caught:
        Args({"do": "x", "via": "x" * 65}).str("via", most=MAX_VIA)
    assert language(code).render(of_error(caught.value)).startswith(said.replace("order", "x"))


def test_a_devices_long_text_reaches_the_crew_clipped():
    """A deck hub's link says why it went offline in the words of the port's error, or a foreign device's hello
    (anything a device answered): the crew is told, its text cut to what a command takes, never a refused command."""
    from kaleun.boards.loader import default_board
    from kaleun.ports.base import HubLinkChanged
    from kaleun.runtime.table import Table
    from kaleun.uboot.game import new_game

    game = new_game(1, "training")
    table = Table(default_board(), game)
    events: list = []
    table.start(lambda command: events.extend(game.apply(command)))
    table.sensor._send(HubLinkChanged("offline", "r" * 3000, {"firmware": "f" * 3000}))
    (event,) = [e for e in events if e.name == "hub_offline"]
    assert event.data["reason"] == "r" * MAX_FIELD_TEXT
    table.close()


@pytest.mark.parametrize("game, line", [
    ("uboot", {"do": "x" * 900_000}),  # no command of that name
    ("uboot", {"do": "order", "order": "y" * 900_000}),  # no order of that name
    ("uboot", {"do": "order", "order": "new_speed", "speed": "z" * 400}),  # no telegraph position of that name
    ("sonar", {"do": "x" * 900_000}),  # Captain Sonar's script: no command of that name either
])
def test_a_refusal_quotes_a_huge_name_by_its_start(tmp_path, game, line):
    """A name given at any length is quoted by its first characters, so the refusal stays one readable line."""
    script = write_script(tmp_path / "s.jsonl", [{"t": 2, **line}])
    result = run_kaleun("run", "--game", game, "--script", str(script), "--events", str(tmp_path / "e.jsonl"),
                        home=tmp_path)
    assert result.returncode == 2
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"{script}:1: ") and "..." in first and len(first) < 3000, first[:200]


def test_a_refusal_quotes_a_long_value_by_its_start_and_its_end():
    """A long value is quoted by its start and its end, and Captain Sonar's shorter echo of that quote shows the
    end the player typed, not the "..." of a cut cut again."""
    from kaleun.core.args import quoted
    from kaleun.sonar.game import new_game

    typed = "alpha" + "x" * 100 + "omega"
    said = quoted(typed)
    assert len(said) == 60 and said.startswith("alphaxxx") and said.endswith("xomega")
    assert quoted("abcdef", 3) == "..."  # too short a room for any of it
    with pytest.raises(CommandError) as caught:
        new_game(3).apply({"do": "start", "team": typed})
    assert "'alphaxxxxxxx...xomega'" in language("en").render(of_error(caught.value))
