"""Nothing lost, damaged saves and "bad input never crashes": whatever sits where Kaleun's own files belong
(a folder, a named pipe that no one writes, a link to the endless /dev/zero, a link to nowhere,
a link in a loop) is refused with a sentence naming it, at once: never a hang, never a
MemoryError, never a traceback, and the thing is left where it was."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from kaleun.career import CareerError, load_career
from kaleun.core.errors import SaveError
from kaleun.hub.tags import FigureTags, TagStoreError
from kaleun.journal import journal_path
from kaleun.saves import open_save, save_game
from kaleun.settings import Settings, SettingsError
from kaleun.uboot.game import new_game
from kit import run_kaleun


def folder(path: Path) -> None:
    path.mkdir()


def pipe(path: Path) -> None:
    os.mkfifo(path)


def endless(path: Path) -> None:
    path.symlink_to("/dev/zero")


def loop(path: Path) -> None:
    path.symlink_to(path.name)


ODD: dict[str, tuple[Callable[[Path], None], str]] = {
    "folder": (folder, "folder"), "named pipe": (pipe, "named pipe"), "/dev/zero": (endless, "device"),
    "link loop": (loop, "symbolic links"),
}


@pytest.mark.parametrize("odd", ODD)
def test_an_odd_thing_at_a_save_career_settings_or_tags_path_is_refused_with_what_it_is(tmp_path, odd):
    make, words = ODD[odd]
    cases: list[tuple[str, Callable[[Path], object], type[Exception]]] = [
        ("autosave.json", open_save, SaveError), ("career.json", load_career, CareerError),
        ("settings.json", Settings.load, SettingsError), ("figures.json", FigureTags.load, TagStoreError)]
    for name, read, error in cases:
        path = tmp_path / name
        make(path)
        with pytest.raises(error) as refused:
            read(path)
        assert str(path) in str(refused.value) and words in str(refused.value), (name, str(refused.value))
        assert os.path.lexists(path)  # left where it was


@pytest.mark.parametrize("odd", ["named pipe", "/dev/zero", "folder"])
def test_an_odd_thing_where_the_journal_belongs_is_ignored_with_a_note_and_the_save_resumes(tmp_path, odd):
    make, words = ODD[odd]
    game = new_game(3)
    game.advance_to(600)
    save_game(game, tmp_path / "autosave.json")
    make(journal_path(tmp_path / "autosave.json"))
    opened = open_save(tmp_path / "autosave.json")
    assert opened.engine.t == 600 and words in opened.notes[0], opened.notes


@pytest.mark.parametrize("odd", ["named pipe", "/dev/zero"])
def test_kaleun_resume_and_career_refuse_a_pipe_or_dev_zero_at_once(tmp_path, odd):
    make, words = ODD[odd]
    make(tmp_path / "autosave.json")
    make(tmp_path / "career.json")
    result = run_kaleun("resume", "--console", home=tmp_path, timeout=60)
    assert result.returncode == 2 and words in result.stderr and "Traceback" not in result.stderr, result.stderr
    result = run_kaleun("career", home=tmp_path, timeout=60)
    assert result.returncode != 0 and words in result.stderr and "Traceback" not in result.stderr, result.stderr


def test_a_new_game_with_a_pipe_where_the_autosave_belongs_keeps_no_pipe_as_an_earlier_game(tmp_path):
    pipe(tmp_path / "autosave.json")
    result = run_kaleun("play", "--console", "--seed", "1", "--mission", "training", home=tmp_path, timeout=120)
    assert "Traceback" not in result.stderr, result.stderr
    assert not list(tmp_path.glob("autosave-*.json"))  # a pipe is no game to keep
    assert open_save(tmp_path / "autosave.json").engine.t >= 0  # the new game is saved in its place


@pytest.mark.parametrize("odd", ["named pipe", "/dev/zero", "folder"])
def test_an_odd_thing_at_a_board_files_path_is_refused_with_what_it_is(tmp_path, odd):
    """A board file (`--board`, or the preferred board `kaleun play` reads at every start) is read only
    when it is a regular file: a pipe hung the start, /dev/zero filled the memory."""
    from kaleun.boards.loader import BoardError, load_board

    make, words = ODD[odd]
    path = tmp_path / "table.toml"
    make(path)
    with pytest.raises(BoardError) as refused:
        load_board(path)
    assert str(path) in str(refused.value) and words in str(refused.value), str(refused.value)


@pytest.mark.slow
@pytest.mark.parametrize("odd", ["named pipe", "/dev/zero", "folder"])
def test_an_odd_thing_given_as_the_tags_file_of_an_enrollment_is_refused_at_once(tmp_path, odd):
    """`kaleun figures enroll --tags FILE` read the whole file as text: a named pipe hung it, /dev/zero
    filled the memory. It reads a regular file only, and says what is there instead."""
    make, words = ODD[odd]
    path = tmp_path / "tags.txt"
    make(path)
    done = run_kaleun("figures", "enroll", "--tags", str(path), home=tmp_path, timeout=20)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert f"cannot read {path} (it is a {words}" in done.stderr, done.stderr
    assert not (tmp_path / "figures.json").exists()


@pytest.mark.parametrize("kind", ["board", "mission"])
def test_arrays_nested_without_end_in_a_board_or_mission_file_are_refused_by_their_line(tmp_path, kind):
    """`kaleun board check` and `kaleun missions check` (and every start with that board) read TOML a
    crew wrote: 100,000 `[` raised RecursionError out of the standard parser, a traceback."""
    depth = 100_000
    if kind == "board":
        path = tmp_path / "deep.toml"
        path.write_text('[board]\nname = "deep"\nformat = 0\ndescription = ' + "[" * depth + "]" * depth + "\n")
        result = run_kaleun("board", "check", str(path), home=tmp_path)
        line = 4
    else:
        path = tmp_path / "deep_1941.toml"
        path.write_text('name = "deep"\nstart = ' + "[" * depth + "]" * depth + "\n")
        result = run_kaleun("missions", "check", str(path), home=tmp_path)
        line = 2
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert f"{path}:{line}: not valid TOML" in result.stderr and "nested too deeply" in result.stderr, result.stderr


@pytest.mark.parametrize("odd", ["named pipe", "folder"])
@pytest.mark.parametrize("command", ["play", "resume"])
def test_an_odd_thing_where_the_journal_belongs_stops_the_start_with_what_it_is(tmp_path, odd, command):
    """The journal is written next to the autosave. A named pipe there hung `kaleun play` and `kaleun
    resume` for ever (opening it to write waits for a reader), a folder stopped the start only after the
    new game had replaced the previous one in autosave.json, and a new game copied a link to /dev/zero
    (the previous game's journal, kept aside) until the storage was full. Now the start stops at once,
    naming the path and what is there, and the previous save is as it was."""
    make, words = ODD[odd]
    save_game(new_game(77), tmp_path / "autosave.json")
    before = (tmp_path / "autosave.json").read_bytes()
    journal = journal_path(tmp_path / "autosave.json")
    make(journal)
    args = ["play", "--seed", "1", "--mission", "training"] if command == "play" else ["resume"]
    result = run_kaleun(*args, "--console", home=tmp_path, timeout=120)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    said = f"cannot be saved in {tmp_path / 'autosave.json'} ({journal}: it is a {words}"
    assert said in result.stderr, result.stderr
    assert "so it was not started; the previous save is as it was" in result.stderr
    assert (tmp_path / "autosave.json").read_bytes() == before
    assert not list(tmp_path.glob("autosave-*")) and not list(tmp_path.glob(".*.tmp"))


@pytest.mark.parametrize("odd", ["named pipe", "/dev/zero", "folder"])
def test_an_odd_thing_at_a_map_files_path_is_refused_with_what_it_is(tmp_path, odd):
    """A Captain Sonar map (`kaleun map check`, `--map`) is read only when it is a regular file: a named
    pipe hung the command, /dev/zero filled the memory."""
    make, words = ODD[odd]
    path = tmp_path / "own.map"
    make(path)
    checked = run_kaleun("map", "check", str(path), home=tmp_path, timeout=60)
    assert checked.returncode == 2 and f"{path}: cannot read the map (it is a {words}" in checked.stderr, \
        checked.stderr
    script = tmp_path / "s.jsonl"
    script.write_text('{"t": 0, "team": "yellow", "do": "status"}\n')
    ran = run_kaleun("run", "--game", "sonar", "--map", str(path), "--script", str(script), "--events",
                     str(tmp_path / "e.jsonl"), home=tmp_path, timeout=60)
    assert ran.returncode == 2 and f"cannot read the map {path}: it is a {words}" in ran.stderr, ran.stderr
    assert os.path.lexists(path)


@pytest.mark.parametrize("odd", ["named pipe", "/dev/zero", "folder"])
def test_an_odd_thing_at_a_mission_or_changes_files_path_is_refused_with_what_it_is(tmp_path, odd):
    """`kaleun missions check FILE` and `--changes @FILE` read a file a crew wrote: a named pipe hung
    them, /dev/zero filled the memory. Only a regular file is read."""
    make, words = ODD[odd]
    path = tmp_path / "own_1941.toml"
    make(path)
    checked = run_kaleun("missions", "check", str(path), home=tmp_path, timeout=60)
    assert checked.returncode == 2 and f"cannot read the mission file (it is a {words}" in checked.stderr, \
        checked.stderr
    script = tmp_path / "s.jsonl"
    script.write_text('{"t": 0, "do": "report"}\n')
    ran = run_kaleun("run", "--mission", "training", "--changes", f"@{path}", "--script", str(script), "--events",
                     str(tmp_path / "e.jsonl"), home=tmp_path, timeout=60)
    assert ran.returncode == 2 and f"--changes @{path}: cannot read the changes file (it is a {words}" in ran.stderr, \
        ran.stderr
    assert os.path.lexists(path)


def test_a_changes_file_that_is_not_there_or_holds_no_object_is_named_in_the_refusal(tmp_path):
    """`--changes @missing.json` was refused with "--changes must be a JSON object or @FILE holding one (No such
    file or directory)": which file was not found, and that the JSON was never the fault, went unsaid. The
    refusal names the file the crew typed, and a bare @ is told it names no file."""
    script = tmp_path / "s.jsonl"
    script.write_text('{"t": 0, "do": "report"}\n')
    (tmp_path / "list.json").write_text("[1]\n")
    (tmp_path / "bad.json").write_text("{bad\n")

    def refusal(changes: str) -> str:
        ran = run_kaleun("run", "--mission", "training", "--changes", changes, "--script", str(script), "--events",
                         str(tmp_path / "e.jsonl"), home=tmp_path, timeout=60)
        assert ran.returncode == 2 and "Traceback" not in ran.stderr, ran.stderr
        assert not (tmp_path / "e.jsonl").exists()
        return ran.stderr

    missing = tmp_path / "missing.json"
    assert f"--changes @{missing}: cannot read the changes file (No such file or directory)" in refusal(f"@{missing}")
    assert f"--changes @{tmp_path / 'list.json'}: the file must hold a JSON object of mission fields" in \
        refusal(f"@{tmp_path / 'list.json'}")
    assert f"--changes @{tmp_path / 'bad.json'}: the file must hold a JSON object of mission fields (not valid JSON" \
        in refusal(f"@{tmp_path / 'bad.json'}")
    assert "--changes @ names no file" in refusal("@")


@pytest.mark.parametrize("odd", ["named pipe", "/dev/zero"])
def test_a_device_or_pipe_given_as_an_output_of_kaleun_run_or_idsheet_is_refused_and_left_as_it_is(home, tmp_path,
                                                                                                    odd):
    """A save, a debrief or a sheet is written atomically, taking the place of whatever has its name:
    `kaleun run --save /dev/null` run as root replaced the system's /dev/null with the save, and a named
    pipe given as `--save` became a file. Each is refused before the run, naming what is there (here a
    pipe, and a link to /dev/zero: a device), and left as it is; --events /dev/null still writes no events."""
    import contextlib
    import io

    from kaleun.cli import main
    from kaleun.ui.idsheet import run_command

    make, words = ODD[odd]
    script = tmp_path / "script.jsonl"
    script.write_text('{"t": 60, "do": "report"}\n')
    for option, name, said in (("--save", "out.json", "cannot save to"),
                               ("--debrief", "chart.png", "cannot write the debrief")):
        target = tmp_path / name
        make(target)
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            code = main(["run", "--script", str(script), "--events", os.devnull, "--mission", "training", option,
                         str(target)])
        assert code == 2 and f"{said} {target}: it is a {words}" in err.getvalue(), err.getvalue()
        assert os.path.islink(target) if odd == "/dev/zero" else target.is_fifo()  # left where it was
    sheet = tmp_path / "sheet.png"
    make(sheet)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert run_command(str(sheet), None, "en") == 1
    assert f"cannot write {sheet}: it is a {words}" in err.getvalue(), err.getvalue()
    assert os.path.islink(sheet) if odd == "/dev/zero" else sheet.is_fifo()
    assert os.path.exists(os.devnull) and not os.path.isfile(os.devnull)
