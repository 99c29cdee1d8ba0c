"""A crash while the window's new-game set-up is showing (before Start): `kaleun play` with a display opens on a
placeholder game, saved at once as the autosave with the game saved before kept aside under an earlier-game name
(nothing is ever without a save). A kill -9 or a power cut there left the placeholder as the autosave, so
`kaleun resume` (and the Pi service's `kaleun play --continue`) went on with an empty training patrol while last
evening's patrol waited under its earlier-game name for the crew to find it. The set-up's placeholder is marked as
unplayed until Start: a resume that finds it puts the game saved before back in its place and says so in one line.
Once Start is pressed the game started is the one resumed."""

from __future__ import annotations

import signal

import pytest
from faultkit import Console, until
from kaleun.core.errors import SaveError
from kaleun.saves import open_save, save_game
from kaleun.uboot.game import new_game
from kit import kaleun_env
from window.fingers import window_on_the_set_up

EVENING = 77  # last evening's game: its seed tells it apart from the placeholder's


def _placeholder_saved(home) -> bool:
    try:
        return open_save(home / "autosave.json", with_journal=False, trial=False).engine.seed != EVENING
    except SaveError:
        return False


def _last_evening(home) -> None:
    game = new_game(EVENING, "exercise_convoy")
    game.advance_to(1800)
    save_game(game, home / "autosave.json")


def _resumed_seed(home, *args: str) -> tuple[int, str]:
    """What `kaleun ARGS` goes on with (on the console), and what it said."""
    resumed = Console(home, *args, "--console")
    resumed.expect("> ")
    resumed.send("quit")
    assert resumed.finish() == 0, resumed.text
    return open_save(home / "autosave.json").engine.seed, resumed.text


@pytest.mark.slow
@pytest.mark.parametrize("how", [("resume",), ("play", "--continue")])
def test_a_kill_9_on_the_set_up_resumes_last_evening_s_game(home, how):
    _last_evening(home)
    window = Console(home, "play", env=kaleun_env(home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    until(lambda: _placeholder_saved(home), "the set-up's placeholder saved as the autosave")
    window.proc.send_signal(signal.SIGKILL)
    window.finish()
    seed, said = _resumed_seed(home, *how)
    assert seed == EVENING, said
    assert said.count("the game saved before it is back in its place") == 1, said
    assert not list(home.glob("autosave-*.json")), "last evening's game is in its place, not kept aside twice"


def _killed(win) -> None:
    """The window's process ends here without a word (kill -9): nothing more is written."""
    win.runtime.autosave.abandon("killed")
    win.runtime.close()


@pytest.mark.slow
def test_after_start_with_another_mission_a_crash_resumes_the_game_started(home, monkeypatch):
    _last_evening(home)
    win = window_on_the_set_up(monkeypatch)
    win.overlay.choose("exercise_convoy")
    win.overlay.start()
    win.runtime.post({"do": "order", "order": "mobilize"})
    win.runtime.step()
    _killed(win)
    seed, said = _resumed_seed(home, "resume")
    assert seed == 5 and "back in its place" not in said, said
    assert "and 1 command from its journal" in said, said
    assert [open_save(p).engine.seed for p in home.glob("autosave-*.json")] == [EVENING]  # still kept aside


@pytest.mark.slow
def test_after_start_on_the_game_shown_a_crash_resumes_it(home, monkeypatch):
    """Start on the placeholder's own mission plays the placeholder itself: from then on it is the crew's game."""
    _last_evening(home)
    win = window_on_the_set_up(monkeypatch)
    win.overlay.start()
    assert win.overlay is None or win.overlay.__class__.__name__ != "Setup"
    win.runtime.post({"do": "order", "order": "mobilize"})
    win.runtime.step()
    _killed(win)
    seed, said = _resumed_seed(home, "play", "--continue")
    assert seed == 5 and "back in its place" not in said, said
    assert [open_save(p).engine.seed for p in home.glob("autosave-*.json")] == [EVENING]


def test_a_crash_between_the_chosen_game_s_first_save_and_its_start_resumes_the_chosen_game(home, monkeypatch):
    """The note of the placeholder names its save: once the game chosen is saved over it, the note no longer fits."""
    from kaleun.paths import autosave_path
    from kaleun.saves import recover_unplayed_setup, setup_mark_path

    _last_evening(home)
    win = window_on_the_set_up(monkeypatch)
    assert setup_mark_path(autosave_path()).is_file()
    win.overlay.begin = None  # killed after the chosen game was saved, before Start went on
    win.overlay.choose("exercise_convoy")
    win.overlay.start()
    _killed(win)
    assert recover_unplayed_setup(autosave_path()) is None
    assert open_save(home / "autosave.json").engine.module("mission").mission == "exercise_convoy"
    assert not setup_mark_path(autosave_path()).exists()


@pytest.mark.slow
def test_a_kill_while_quit_puts_the_game_back_costs_not_its_journal(home, monkeypatch):
    """Quit on the set-up puts the game saved before back, its journal and its save as two renames: killed between
    them, the next start finishes it and every command of last evening's journal is replayed."""
    import os

    from kaleun.boards.loader import default_board
    from kaleun.journal import journal_path
    from kaleun.ui.session import make_runtime

    evening = make_runtime(new_game(EVENING, "exercise_convoy"), default_board())
    evening.post({"do": "order", "order": "mobilize"})
    evening.step()
    evening.autosave.abandon("killed")  # last evening ended by a power cut: the order is in the journal only
    evening.close()
    win = window_on_the_set_up(monkeypatch)
    kept = win.runtime.autosave.kept
    assert kept is not None and journal_path(kept).is_file()
    os.replace(journal_path(kept), journal_path(home / "autosave.json"))  # Quit's first rename, then the kill
    _killed(win)
    seed, said = _resumed_seed(home, "resume")
    assert seed == EVENING and said.count("back in its place") == 1, said
    assert "and 1 command from its journal" in said, said


@pytest.mark.slow
def test_a_kill_9_on_the_first_set_up_of_a_home_leaves_no_unplayed_game(home):
    """No game was saved before: as Quit on the set-up does, the placeholder goes, and the Pi service's
    `play --continue` opens the set-up again instead of going on with a patrol nobody started."""
    from kaleun.saves import setup_mark_path

    window = Console(home, "play", env=kaleun_env(home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    until(lambda: _placeholder_saved(home), "the set-up's placeholder saved as the autosave")
    window.proc.send_signal(signal.SIGKILL)
    window.finish()
    resumed = Console(home, "resume", "--console")
    assert resumed.finish() != 0
    assert "no game was started, and its unplayed save is deleted" in resumed.text, resumed.text
    assert "no such save file" in resumed.text, resumed.text
    assert not (home / "autosave.json").exists() and not setup_mark_path(home / "autosave.json").exists()


def test_a_console_game_is_never_marked_unplayed(home):
    """`kaleun play --console` has no set-up: its game is played from the first moment."""
    from kaleun.boards.loader import default_board
    from kaleun.saves import setup_mark_path
    from kaleun.ui.session import open_session

    _last_evening(home)
    console = open_session(new_game(5, "training"), default_board(), console=True, headless=True,
                           keep_previous=True, setup=True)
    assert not setup_mark_path(home / "autosave.json").exists()
    console.runtime.autosave.abandon("killed")
    console.runtime.close()


@pytest.mark.parametrize("note", ["", "{", "[]", '{"save": 1}',
                                  '{"save": "x", "kept": "../../x.json", "journal": true}',
                                  '{"save": "x", "kept": "autosave-20261127-200000.json", "journal": "yes"}',
                                  "[" * 5000, '{"save": 1e999, "kept": null, "journal": false}', "\udcff"])
def test_a_damaged_set_up_note_touches_nothing(home, note):
    """Bad input never crashes and never loses anything: a note that is not one of Kaleun's is deleted, the autosave
    and the games kept aside stay as they are."""
    from kaleun.saves import recover_unplayed_setup, setup_mark_path

    _last_evening(home)
    save_game(new_game(3), home / "autosave-20261127-200000.json")
    before = {p.name: p.read_bytes() for p in home.glob("autosave*.json")}
    setup_mark_path(home / "autosave.json").write_bytes(note.encode("utf-8", "surrogateescape"))
    assert recover_unplayed_setup(home / "autosave.json") is None
    assert {p.name: p.read_bytes() for p in home.glob("autosave*.json")} == before


@pytest.mark.slow
def test_a_crew_that_found_the_kept_game_itself_resumes_it_by_name(home):
    """`kaleun resume --save` with the earlier-game name the set-up kept last evening's game under (what a crew did
    before the placeholder was marked): that file is resumed where it is, and becomes the autosave again."""
    _last_evening(home)
    window = Console(home, "play", env=kaleun_env(home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    until(lambda: _placeholder_saved(home), "the set-up's placeholder saved as the autosave")
    window.proc.send_signal(signal.SIGKILL)
    window.finish()
    (kept,) = home.glob("autosave-*.json")
    resumed = Console(home, "resume", "--save", str(kept), "--console")
    resumed.expect("> ")
    resumed.send("quit")
    assert resumed.finish() == 0, resumed.text
    assert "back in its place" not in resumed.text, resumed.text
    seed, said = _resumed_seed(home, "resume")
    assert seed == EVENING and "back in its place" not in said, said


def _session_files(home) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((home / "sessions").iterdir())}


@pytest.mark.parametrize("before", [True, False], ids=["a game saved before", "the first set-up of a home"])
def test_a_crash_on_the_set_up_leaves_no_session_of_the_unplayed_game(home, monkeypatch, before):
    """The placeholder's session (its event log and script) went when the set-up was left, but stayed after a crash
    until the sessions were pruned, looking like a game played: its recovery deletes them too. Its log stays (what
    the crash left to look at), and so does every file of another session."""
    from kaleun.paths import autosave_path
    from kaleun.saves import recover_unplayed_setup

    if before:
        _last_evening(home)
    played = home / "sessions"
    played.mkdir(parents=True)
    (played / "20250101-200000.events.jsonl").write_text('{"t": 0, "event": "mission_start"}\n')
    (played / "20250101-200000.script.jsonl").write_text('# Kaleun session\n{"t": 5, "do": "order"}\n')
    win = window_on_the_set_up(monkeypatch)
    stem = win.runtime.record_path.name.removesuffix(".script.jsonl")
    _killed(win)
    others = {n: b for n, b in _session_files(home).items() if not n.startswith(stem)}
    assert recover_unplayed_setup(autosave_path()) is not None
    left = _session_files(home)
    assert not [n for n in left if n.startswith(stem) and not n.endswith(".log")], left
    assert f"{stem}.log" in left
    assert {n: b for n, b in left.items() if not n.startswith(stem)} == others


def test_a_session_of_the_placeholder_s_name_with_a_command_in_it_is_kept(home, monkeypatch):
    """Never a game played: a script of that name that holds a command (a session begun since on a clock set back,
    the placeholder's files pruned meanwhile) keeps its files."""
    from kaleun.paths import autosave_path
    from kaleun.saves import recover_unplayed_setup

    _last_evening(home)
    win = window_on_the_set_up(monkeypatch)
    script = win.runtime.record_path
    _killed(win)
    script.write_text('# Kaleun session\n{"t": 5, "do": "order", "order": "mobilize"}\n')
    before = _session_files(home)
    assert recover_unplayed_setup(autosave_path()) is not None
    assert _session_files(home) == before


def test_after_start_with_another_mission_a_crash_keeps_the_game_started_s_session(home, monkeypatch):
    from kaleun.paths import autosave_path
    from kaleun.saves import recover_unplayed_setup

    _last_evening(home)
    win = window_on_the_set_up(monkeypatch)
    win.overlay.choose("exercise_convoy")
    win.overlay.start()
    chosen = win.runtime.record_path
    _killed(win)
    before = _session_files(home)
    assert chosen.name in before
    assert recover_unplayed_setup(autosave_path()) is None
    assert _session_files(home) == before


def test_a_session_of_the_placeholder_s_name_without_its_script_is_kept(home, monkeypatch):
    """No script to tell the placeholder's session by (deleted, or never written): nothing of that name is touched."""
    from kaleun.paths import autosave_path
    from kaleun.saves import recover_unplayed_setup

    _last_evening(home)
    win = window_on_the_set_up(monkeypatch)
    script = win.runtime.record_path
    _killed(win)
    script.unlink()
    before = _session_files(home)
    assert recover_unplayed_setup(autosave_path()) is not None
    assert _session_files(home) == before
