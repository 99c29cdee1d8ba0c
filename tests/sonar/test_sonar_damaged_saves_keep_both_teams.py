"""Digest §9 (hidden per team) and §1 (the end of the game): a damaged Captain Sonar save is refused when it loads,
with the field and a readable reason, never loaded to lose a team's part quietly or to fail later.

The fields kept per team beside the boats (the training aid's `plot`, `record.teams` of what each team was told, a
blast's `hits`) are optional, as a save of an earlier release lacks them. A save that kept one team's and not the
other's loaded: the team's Radio Operator found the enemy's announced courses gone after the resume, the training
aid said the enemy had not marked a start cell, a blast's hit on a boat vanished from both maps. Other team-keyed
values went through as well: a team's record holding the other team's hidden event (shown on its screen after the
resume), a kept enemy course without its direction (the screen failed as it drew the track), a gauge missing from
a boat (started empty, the First Mate's marks lost), a winner who is no team or of a game not over.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from kaleun.core.errors import SaveError
from kaleun.saves import load_saved_game, save_game
from kaleun.sonar.game import new_game, referee
from kit import run_kaleun

BLAST = {"team": "yellow", "weapon": "torpedo", "cell": "C3", "hits": {"yellow": 0, "blue": 1}}


def _under_way(tmp_path: Path, scenario: str = "alpha") -> dict[str, Any]:
    """A real-time game with the training aid, both boats placed, yellow two courses in, blue one, a blast on record;
    saved through the program's save and read back as the file holds it."""
    game = new_game(1, scenario, "realtime", training_aid=True)
    for line in ({"do": "start", "team": "yellow", "cell": "A1"}, {"do": "start", "team": "blue", "cell": "D4"},
                 {"do": "course", "team": "yellow", "direction": "E", "mark": "torpedo", "cross": "E1"},
                 {"do": "course", "team": "blue", "direction": "N", "mark": "torpedo", "cross": "N1"},
                 {"do": "course", "team": "yellow", "direction": "E", "mark": "torpedo", "cross": "E2"}):
        game.apply(line)
    referee(game).blasts.append(dict(BLAST, hits=dict(BLAST["hits"])))
    path = tmp_path / "save.json"
    save_game(game, path)
    return json.loads(path.read_text(encoding="utf-8"))


def _kept(state: dict[str, Any], team: str, name: str) -> dict[str, Any]:
    """The first event `name` of `team`'s record."""
    return next(item for item in state["modules"]["sonar"]["record"]["teams"][team] if item["event"] == name)


def _sonar(state: dict[str, Any]) -> dict[str, Any]:
    return state["modules"]["sonar"]


DAMAGES: dict[str, tuple[Callable[[dict[str, Any]], Any], str]] = {
    "the training aid keeps only yellow's cells": (
        lambda s: _sonar(s)["plot"].pop("blue"),
        "plot: the training aid keeps both boats' possible cells, blue's are missing"),
    "the training aid is on and no plot is kept": (
        lambda s: _sonar(s).pop("plot"),
        "plot: the training aid is on, and the save holds no cells of the boats for it"),
    "the record keeps only yellow's": (
        lambda s: _sonar(s)["record"]["teams"].pop("blue"),
        "record.teams: the record keeps what each team was told, blue's is missing"),
    "a blast's hits name only yellow": (
        lambda s: _sonar(s)["blasts"][0]["hits"].pop("blue"),
        "blasts[0].hits: a blast's hits name both boats, blue's is missing"),
    "yellow's record holds blue's hidden event": (
        lambda s: _sonar(s)["record"]["teams"]["yellow"].append(
            dict(_kept(s, "blue", "moved"), n=_sonar(s)["record"]["count"])),
        "yellow's record holds only what yellow may know, not blue's"),
    "blue's record keeps yellow's course without its direction": (
        lambda s: _kept(s, "blue", "course")["data"].pop("direction"),
        "the enemy's course keeps its direction"),
    "blue's record keeps a course to nowhere": (
        lambda s: _kept(s, "blue", "course")["data"].__setitem__("direction", "up"),
        "'up' is not a course (N, E, S, W)"),
    "blue's record keeps a course whose direction is a list": (
        lambda s: _kept(s, "blue", "course")["data"].__setitem__("direction", ["N"]),
        "'['N']' is not a course (N, E, S, W)"),
    "blue's record keeps an event whose fields are a number": (
        lambda s: _kept(s, "blue", "course").__setitem__("data", 5),
        "an event's fields are an object, not int"),
    "yellow's torpedo gauge is missing": (
        lambda s: _sonar(s)["teams"]["yellow"]["gauges"].pop("torpedo"),
        "teams.yellow.gauges.torpedo: the boat keeps every gauge"),
    "the winner is no team": (
        lambda s: _sonar(s).update(phase="over", winner="green"),
        "winner: 'green' is no team (yellow or blue)"),
    "a winner of a game under way": (
        lambda s: _sonar(s).update(winner="yellow"),
        "winner: yellow won a game that is not over"),
    "a game over whose winner's boat sank": (
        lambda s: (_sonar(s).update(phase="over", winner="yellow"), _sonar(s)["teams"]["yellow"].update(damage=4)),
        "winner: yellow wins when the other boat sank and its own did not"),
    "a sunk boat in a game under way": (
        lambda s: _sonar(s)["teams"]["blue"].update(damage=4),
        "teams.blue.damage: the boat has sunk (4 damage) in a game that is not over"),
}


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_9_a_damaged_save_is_refused_with_the_field_and_the_reason(tmp_path, damage):
    """Each damage is refused as the save loads, naming the field; the undamaged save loads and plays on."""
    spoil, reason = DAMAGES[damage]
    state = _under_way(tmp_path)
    spoil(state)
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    with pytest.raises(SaveError, match=re.escape(reason)) as caught:
        load_saved_game(path)
    assert "the save is damaged at modules.sonar." in str(caught.value)
    game = load_saved_game(tmp_path / "save.json")
    game.apply({"do": "mark", "team": "yellow", "system": "torpedo"})  # nothing is owed: a refusal, no failure
    assert referee(game).record.past("blue") and len(referee(game).plot.possible("blue")) > 1  # type: ignore[union-attr]


def test_9_an_earlier_release_save_without_the_record_still_resumes(tmp_path):
    """A save without `record` (an earlier release kept none) resumes with empty feeds; without `plot` and the
    training aid off it resumes too: only a field kept for one team and not the other is damage."""
    state = _under_way(tmp_path)
    _sonar(state).pop("record")
    state["config"].pop("training_aid")
    _sonar(state).pop("plot")
    path = tmp_path / "older.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    game = load_saved_game(path)
    assert referee(game).record.past("yellow") == [] and referee(game).plot is None


def test_7_echo_without_its_archer_mines_state_is_refused_readably(tmp_path):
    """§7 Echo: the Archer mines left are the scenario system's state; a save without it said "KeyError: 'left'" or
    "TypeError: 'NoneType' object is not subscriptable"; now what is missing."""
    state = _under_way(tmp_path, "echo")
    _sonar(state)["system"] = None
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    with pytest.raises(SaveError, match=re.escape("system: the scenario's archer system keeps its state")):
        load_saved_game(path)
    _sonar(state)["system"] = {}
    path.write_text(json.dumps(state), encoding="utf-8")
    with pytest.raises(SaveError, match=re.escape("the save keeps no list of the Archer mines left")):
        load_saved_game(path)


def test_9_kaleun_run_refuses_a_save_missing_a_team_with_the_reason(tmp_path):
    """Through the command line: `kaleun run --load` on a save whose record lost blue's part stops before anything
    is run, with the field and the reason, exit status 2, and no traceback."""
    state = _under_way(tmp_path)
    _sonar(state)["record"]["teams"].pop("blue")
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    script = tmp_path / "s.jsonl"
    script.write_text('{"t": 9, "team": "blue", "do": "status"}\n', encoding="utf-8")
    done = run_kaleun("run", "--load", str(path), "--script", str(script), "--events", str(tmp_path / "ev.jsonl"),
                      home=tmp_path)
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr
    assert "record.teams: the record keeps what each team was told, blue's is missing" in done.stderr, done.stderr
