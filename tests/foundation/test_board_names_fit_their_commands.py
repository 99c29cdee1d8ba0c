"""A button's command names it as who gave the command (`via`, `button.NAME`, at most `MAX_VIA` characters), and a
group of dials its group. The table cut a longer name silently on every press or turn, so two buttons named alike
past the cut gave the same `via` and the event log named neither as the board does. A maker's board file with a
button (or a lamp segment) named longer than that is refused at load with `file:line`, as other bad board values are;
a dial group declared longer in dials.toml is refused where dials.toml is read; what fits goes through whole."""

from __future__ import annotations

import pytest
from kaleun.boards.dials import DeclarationError
from kaleun.boards.loader import BoardError, load_board
from kaleun.boards.model import NAME_MOST
from kaleun.core.args import MAX_VIA
from kit import TRIM_DIAL, dials_declared_with, read_events, run_kaleun, write_script

HEAD = '[board]\nname = "t"\nformat = 0\n'


def problems(tmp_path, text: str) -> list[str]:
    path = tmp_path / "board.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BoardError) as info:
        load_board(path)
    return [p.replace(str(path), "FILE") for p in info.value.problems]


def test_a_button_named_longer_than_its_commands_via_holds_is_refused_at_its_line(tmp_path):
    name = "b" * (NAME_MOST + 1)
    assert len(f"button.{name}") == MAX_VIA + 1
    assert problems(tmp_path, HEAD + f'[buttons.{name}]\naction = "pause"\n') == [
        f"FILE:4: buttons.{name}: a button's name is at most {NAME_MOST} characters (the game names the button in "
        f"its commands), got {NAME_MOST + 1}"]


def test_a_segment_named_longer_than_the_limit_is_refused_at_its_line(tmp_path):
    name = "section_" + "x" * NAME_MOST
    found = problems(tmp_path, HEAD + f'[lamps]\ndriver = "sim"\npixels = 2\n[lamps.segments]\n"{name}" = [0, 1]\n')
    assert len(found) == 1 and found[0].startswith(f"FILE:8: lamps.segments: a segment's name is at most {NAME_MOST} "
                                                   f"characters, got {len(name)} (section_xxx"), found


def test_a_button_named_at_the_limit_is_named_whole_in_its_command(home):
    name = "b" * NAME_MOST
    board = home / "board.toml"
    board.write_text(HEAD + f'[buttons.{name}]\naction = "pause"\n', encoding="utf-8")
    script = write_script(home / "press.jsonl", [{"t": 5, "do": "press", "button": name}])
    done = run_kaleun("run", "--board", str(board), "--script", str(script), "--events", str(home / "out.jsonl"),
                      home=home)
    assert done.returncode == 0, done.stderr
    paused = [e for e in read_events(home / "out.jsonl") if e["event"] == "time_compression"]
    assert [(e["mode"], e["reason"]) for e in paused] == [("pause", f"button.{name}")]


def test_a_dial_group_declared_longer_than_a_via_is_refused_where_dials_toml_is_read(tmp_path):
    added = TRIM_DIAL.replace('group = "trim"', f'group = "{"g" * (MAX_VIA + 1)}"')
    with pytest.raises(DeclarationError, match=r"\[trim\] group 'g+' must be a name of 1 to 64 characters"):
        dials_declared_with(tmp_path, added)
    assert "trim" in dials_declared_with(tmp_path, added.replace("g" * (MAX_VIA + 1), "g" * MAX_VIA))


@pytest.mark.parametrize("name", ["a\\nb", "", "pause button"])
def test_a_button_name_the_console_cannot_type_is_refused_at_its_line(tmp_path, name):
    """A button named with a line break, with nothing, or with a space was taken: its commands' `via` carried the line
    break into the event log, and the console's `press NAME` could not name it."""
    found = problems(tmp_path, HEAD + f'[buttons."{name}"]\naction = "pause"\n')
    assert found == [f"FILE:4: buttons: a button's name is one word of printable characters (the console's press NAME "
                     f"types it), got {name.replace(chr(92) + 'n', chr(10))!r}"]


def test_a_button_named_in_another_alphabet_is_taken(tmp_path):
    path = tmp_path / "board.toml"
    path.write_text(HEAD + '[buttons."пауза"]\naction = "pause"\n[buttons.Pause-Taste]\naction = "pause"\n',
                    encoding="utf-8")
    assert set(load_board(path).buttons) == {"пауза", "Pause-Taste"}
