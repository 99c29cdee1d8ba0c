"""Nothing lost (every outcome a specific message): faults a real table meets beyond
kill -9, signals and damaged files. A home that is a file, a file system that cannot take the
table's lock (some network and FUSE file systems answer flock with ENOLCK): each ends with a
sentence naming the path and what is wrong there, and the last good save still resumes. A program
stopped (SIGSTOP, Ctrl-Z at the console) and continued does not play on by the time it stood still.
Wall clocks are set by hand (`FakeClock`); no test waits on the real one."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import resource
import signal
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
from kaleun import cli, i18n, saves
from kaleun.boards.loader import default_board
from kaleun.career import CareerError, empty, load_career
from kaleun.core.messages import Msg
from kaleun.homelock import HomeLock, TableBusy
from kaleun.housekeeping import KEEP_SESSIONS, prune_sessions
from kaleun.journal import journal_path
from kaleun.runtime import outputs
from kaleun.runtime.loop import Runtime
from kaleun.runtime.outputs import RETRY_S, Autosave
from kaleun.runtime.script import MAX_LINE_BYTES, ScriptError, read_script
from kaleun.runtime.signals import Stopper
from kaleun.runtime.table import Table
from kaleun.saves import open_save, save_game
from kaleun.uboot.game import new_game
from kaleun.ui import session
from kit import FakeClock, kaleun_env


def resume_in(home: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`kaleun resume` as a user runs it, from a folder other than its home (the home may be no folder)."""
    return subprocess.run([sys.executable, "-m", "kaleun", "resume", "--console"], capture_output=True, text=True,
                          env=kaleun_env(home), timeout=60, cwd=cwd, stdin=subprocess.DEVNULL)


def saved_home(home: Path) -> bytes:
    game = new_game(5)
    game.advance_to(900)
    save_game(game, home / "autosave.json")
    return (home / "autosave.json").read_bytes()


def test_a_kaleun_home_that_is_a_file_is_named_as_such_and_left_as_it_is(tmp_path):
    """Before, `kaleun: cannot use HOME (File exists)`: true of mkdir, not of what the user must fix."""
    home = tmp_path / "home"
    home.write_text("notes\n")
    result = resume_in(home, tmp_path)
    assert result.returncode == 1, result.stderr
    assert f"kaleun: cannot use {home} (it is a file, not a folder)" in result.stderr, result.stderr
    assert "File exists" not in result.stderr and "Traceback" not in result.stderr
    assert home.read_text() == "notes\n"
    result = resume_in(home / "sub", tmp_path)
    assert f"cannot use {home / 'sub'} (a part of its path is a file, not a folder)" in result.stderr, result.stderr


def _no_locks(fd: int, operation: int) -> None:
    raise OSError(errno.ENOLCK, "No locks available")


def test_a_file_system_that_cannot_lock_is_not_taken_for_another_kaleun(tmp_path, monkeypatch):
    """Before, any error of flock said `another Kaleun (another process) is already playing at this
    table`: on a home that cannot lock (ENOLCK) the crew looked for a game that was not there."""
    monkeypatch.setattr(fcntl, "flock", _no_locks)
    with pytest.raises(OSError) as refused:
        HomeLock(tmp_path).acquire()
    assert not isinstance(refused.value, TableBusy)
    assert refused.value.filename == str(tmp_path / "kaleun.lock")
    assert refused.value.strerror == "the file system there cannot lock it: No locks available"


def test_a_lock_file_that_is_a_symbolic_link_is_not_followed_and_what_it_points_to_is_kept(tmp_path, monkeypatch,
                                                                                          capsys):
    """One game per home: `kaleun.lock` made a symbolic link (to the crew's notes, or to nowhere) is not
    followed. Before, the start truncated the file it pointed to and wrote its pid there, or made the
    missing file at the link's end: the start is refused naming the link, and nothing is deleted."""
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    home.mkdir()
    elsewhere.mkdir()
    before = saved_home(home)
    notes = elsewhere / "notes.txt"
    notes.write_text("precious\n")
    (home / "kaleun.lock").symlink_to(notes)
    monkeypatch.setenv("KALEUN_HOME", str(home))
    assert cli.main(["resume", "--console"]) == 1
    said = capsys.readouterr().err
    assert (f"kaleun: cannot use {home / 'kaleun.lock'} (it is a symbolic link (to {notes}), which Kaleun does not "
            "follow: remove the link (what it points to is left alone))") in said, said
    assert notes.read_text() == "precious\n" and (home / "kaleun.lock").is_symlink()
    assert (home / "autosave.json").read_bytes() == before
    (home / "kaleun.lock").unlink()
    (home / "kaleun.lock").symlink_to(elsewhere / "nothing")  # a link to nowhere: no file is made there
    with pytest.raises(OSError) as refused:
        HomeLock(home).acquire()
    assert refused.value.errno == errno.ELOOP and not (elsewhere / "nothing").exists()


def test_kaleun_resume_on_a_home_that_cannot_lock_says_so_and_keeps_the_save(tmp_path, monkeypatch, capsys):
    before = saved_home(tmp_path)
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    monkeypatch.setattr(fcntl, "flock", _no_locks)
    assert cli.main(["resume", "--console"]) == 1
    said = capsys.readouterr().err
    assert (f"kaleun: cannot use {tmp_path / 'kaleun.lock'} (the file system there cannot lock it: No locks "
            f"available)") in said, said
    assert "already playing" not in said
    assert (tmp_path / "autosave.json").read_bytes() == before
    monkeypatch.undo()
    assert open_save(tmp_path / "autosave.json").engine.t == 900  # the last good save still resumes


def test_a_program_stopped_and_continued_does_not_play_on_by_the_time_it_stood_still(tmp_path):
    """Ctrl-Z at the console's terminal (SIGTSTP), SIGSTOP, a debugger: the table shows nothing and takes no
    order while it stands still. Before, the first step after SIGCONT advanced the game by the whole time
    stopped at once (an hour of an escort's attack the crew never saw); now SIGCONT tells the runtime and
    that step advances nothing. SIGCONT is no stop signal: the game plays on and saves as before."""
    clock = FakeClock()
    game = new_game(3)
    runtime = Runtime(game, Table(default_board(), game, clock=clock),
                      autosave=Autosave(game, tmp_path / "autosave.json", clock=clock), clock=clock)
    runtime.save()
    stopper = Stopper().install()
    try:
        stopper.running(runtime.request_stop, runtime.continued)
        clock.now += 1.0
        runtime.step()
        before = game.t
        clock.now += 3600.0  # stopped for an hour
        os.kill(os.getpid(), signal.SIGCONT)  # what the kernel sends when it goes on
        runtime.step()
        assert game.t == before and not runtime.stopping
        clock.now += 2.0
        runtime.step()
        assert game.t == before + 2.0  # and on it runs by wall time
    finally:
        stopper.uninstall()
    runtime.save()
    runtime.close()
    assert open_save(tmp_path / "autosave.json").engine.t == before + 2.0


@pytest.mark.parametrize("game", [["--mission", "training"], ["--game", "sonar"]])
def test_a_session_folder_that_cannot_be_written_leaves_the_game_played_and_saved(tmp_path, game):
    """A file where `sessions/` belongs (or a session folder left read-only, owned by root after a `sudo kaleun
    play`): before, `kaleun play` ended in a FileExistsError or PermissionError traceback. The session's event
    log and script are what it cannot write, as on a full disk: the log names the path and the game plays on
    and saves; the file is left as it is."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "sessions").write_text("notes\n")
    result = subprocess.run([sys.executable, "-m", "kaleun", "play", "--console", *game], input="quit\n",
                            capture_output=True, text=True, env=kaleun_env(home), timeout=120, cwd=tmp_path)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert "Game saved" in result.stdout, result.stdout
    assert f"{home / 'sessions'} is a file, not a folder" in result.stderr, result.stderr
    assert "the game goes on without it" in result.stderr
    assert (home / "sessions").read_text() == "notes\n"
    assert open_save(home / "autosave.json").engine.game == ("sonar" if "sonar" in game else "uboot")


def test_a_language_cache_that_cannot_be_written_still_speaks_the_tables_language(tmp_path, monkeypatch):
    """The compiled catalogues live in KALEUN_HOME/cache (or ~/.cache/kaleun). A file in their place, or a
    cache that cannot be written: before, the German or Russian table was played in English (`the Deutsch
    catalogue cannot be compiled ...: English is used`); now the catalogue is compiled for the run only."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "cache").write_text("notes\n")
    monkeypatch.setenv("KALEUN_HOME", str(home))
    i18n.language.cache_clear()
    try:
        said = i18n.language("de").render(Msg("kaleun: stopped by {signal}", signal="SIGTERM"))
    finally:
        i18n.language.cache_clear()
    assert said == "kaleun: durch SIGTERM angehalten"
    assert (home / "cache").read_text() == "notes\n"


def test_a_save_of_a_newer_kaleun_is_not_called_only_damaged_and_the_last_save_still_resumes(tmp_path, monkeypatch,
                                                                                           capsys):
    """A newer Kaleun keeps more in a save of the same format version (as the feed's recent past was added:
    a save from before it loads without it). An older Kaleun at another table, or one put back after an
    update, met such a save: `the save is damaged at modules.boat: unknown key ...`, sending the crew to look
    for damage. Now it says a newer Kaleun may have written it; the file and the home's autosave are kept."""
    home = tmp_path / "home"
    home.mkdir()
    before = saved_home(home)
    state = json.loads(before)
    state["modules"]["boat"]["trim_tanks"] = {"fore": 0.5}  # what a newer Kaleun might keep
    newer = tmp_path / "from the other table ö.json"
    newer.write_text(json.dumps(state), encoding="utf-8")
    kept = newer.read_bytes()
    monkeypatch.setenv("KALEUN_HOME", str(home))
    assert cli.main(["resume", "--console", "--save", str(newer)]) == 2
    said = capsys.readouterr().err
    assert (f"kaleun: {newer}: the save holds what this Kaleun does not know (modules.boat: unknown key "
            f"'trim_tanks'): a newer Kaleun wrote it (update this one to resume it), or it is damaged; the file "
            f"was kept as it is") in said, said
    assert newer.read_bytes() == kept and (home / "autosave.json").read_bytes() == before
    assert open_save(home / "autosave.json").engine.t == 900


def _at_most_2_gb() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))  # a run gone wrong fails, not the machine


@pytest.mark.parametrize("script", ["/dev/zero", "binary"])
def test_a_script_that_is_a_device_or_a_binary_without_lines_is_refused_at_its_first_line(tmp_path, script):
    """`kaleun run --script /dev/zero` (or a firmware image, a photo given by mistake) read the whole of it as
    one line: /dev/zero without end, until a MemoryError traceback or the out-of-memory killer; a Pi's other
    programs went with it. Now a line is read up to MAX_LINE_BYTES and the run stops at `FILE:1` (exit 2)."""
    path = Path(script) if script.startswith("/") else tmp_path / "photo.jsonl"
    if not script.startswith("/"):
        path.write_bytes(b"\x89PNG" + b"\x00\x17" * (MAX_LINE_BYTES // 2 + 10))
    result = subprocess.run([sys.executable, "-m", "kaleun", "run", "--script", str(path), "--events",
                             str(tmp_path / "events.jsonl")], capture_output=True, text=True, timeout=120,
                            env=kaleun_env(tmp_path), cwd=tmp_path, preexec_fn=_at_most_2_gb)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert f"{path}:1: a line longer than {MAX_LINE_BYTES:,} bytes: not a table script" in result.stderr


def test_a_script_line_just_under_the_bound_is_still_read_and_one_over_it_is_refused(tmp_path):
    path = tmp_path / "long.jsonl"
    report = '{"t": 0, "do": "report"}\n'
    path.write_text(report + "# " + "x" * (MAX_LINE_BYTES - 3) + "\n" + report)
    lines = list(read_script(path))  # a comment just under the bound is still a line
    assert [line.number for line in lines] == [1, 3]
    path.write_text("# " + "x" * MAX_LINE_BYTES + "\n")
    with pytest.raises(ScriptError, match=r"long.jsonl:1: a line longer than"):
        list(read_script(path))


class _BootedOffline(datetime):
    """The wall clock of a Pi without a real-time clock or network: every boot starts at the same moment."""

    @classmethod
    def now(cls, tz=None):
        return datetime(1970, 1, 1, 0, 0, 12)


def test_a_wall_clock_that_repeats_itself_never_gives_a_new_session_the_name_of_a_kept_debrief(tmp_path,
                                                                                             monkeypatch):
    """A table without a real-time clock starts every boot at the same time (offline, no fake-hwclock), or at
    a time it had before (fake-hwclock after a power cut). Sessions of one second are named -2, -3 ...; once
    the oldest session is pruned its debrief stays (a crew's keepsake), and the next start took that session's
    name again: the mission it played wrote its debrief over the kept one. Now no file of the name may be
    there."""
    monkeypatch.setattr(session, "datetime", _BootedOffline)
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    names = []
    for _ in range(KEEP_SESSIONS + 1):  # one start per boot, each at 00:00:12
        stem = session._session_stem(sessions)
        names.append(stem)
        for kind in ("events.jsonl", "script.jsonl"):
            (sessions / f"{stem}.{kind}").write_text("\n")
    assert names[:3] == ["19700101-000012", "19700101-000012-2", "19700101-000012-3"]
    keepsake = sessions / "19700101-000012.debrief.json"
    keepsake.write_text('{"mission": "training"}')
    assert [p.name for p in prune_sessions(sessions)] == ["19700101-000012.events.jsonl",
                                                          "19700101-000012.script.jsonl"]
    stem = session._session_stem(sessions)  # the next boot
    assert stem not in names and not list(sessions.glob(f"{stem}.*"))
    assert keepsake.read_text() == '{"mission": "training"}'


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (every write: no space left)")
def test_kaleun_run_whose_events_file_cannot_be_written_says_so(tmp_path):
    """A tester's run on a full disk: before, `kaleun run` ended in an OSError traceback (ENOSPC on the
    events file's flush, again on its close). /dev/full answers every write as a full disk does."""
    script = tmp_path / "report.jsonl"
    script.write_text('{"t": 0, "do": "report"}\n{"t": 600, "do": "report"}\n')
    result = subprocess.run([sys.executable, "-m", "kaleun", "run", "--script", str(script), "--events", "/dev/full"],
                            capture_output=True, text=True, timeout=120, env=kaleun_env(tmp_path), cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert "kaleun run: cannot write /dev/full: No space left on device" in result.stderr, result.stderr


def _proc_locks_lists_flocks() -> bool:
    try:
        return Path("/proc/locks").is_file()
    except OSError:
        return False


@pytest.mark.skipif(not _proc_locks_lists_flocks(), reason="needs Linux's /proc/locks")
def test_a_refusal_names_the_process_that_holds_the_table_not_a_stale_pid_in_the_lock_file(tmp_path):
    """kaleun.lock keeps the pid of the last game after it ended (a crash, a power cut). A second start that
    met a fresh holder before it had written its own pid read the stale one, `another Kaleun (process N) ...
    kill N`: a pid long reused, perhaps by the desktop. The kernel's list of locks names the holder."""
    (tmp_path / "kaleun.lock").write_text("999999\n")  # the game before, long gone
    held = os.open(tmp_path / "kaleun.lock", os.O_RDWR)
    try:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)  # the fresh holder, its pid not yet written
        with pytest.raises(TableBusy) as refused:
            HomeLock(tmp_path).acquire()
        assert refused.value.pid == os.getpid(), str(refused.value)
        assert "999999" not in str(refused.value)
    finally:
        os.close(held)
    lock = HomeLock(tmp_path).acquire()  # once it lets go, the table is free
    assert (tmp_path / "kaleun.lock").read_text() == f"{os.getpid()}\n"
    lock.release()


def test_a_career_record_of_a_newer_kaleun_is_not_called_only_damaged_and_is_kept(tmp_path):
    """The career record outlives every version a table runs: one that a newer Kaleun wrote (more kept in it,
    the same version) was refused by an older one as `the career record is damaged`; now it says a newer
    Kaleun may have written it, and the file stays as it is."""
    record = empty()
    record["totals"]["medals"] = 2  # what a newer Kaleun might count
    path = tmp_path / "career.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(CareerError) as refused:
        load_career(path)
    assert str(refused.value) == (f"{path}: the career record holds what this Kaleun does not know (totals: unknown "
                                  f"key 'medals'): a newer Kaleun wrote it (update this one), or it is damaged; the "
                                  f"file was kept as it is")
    assert json.loads(path.read_text(encoding="utf-8")) == record


def test_a_career_record_of_a_newer_version_says_a_newer_kaleun_wrote_it_and_is_kept(tmp_path):
    """A career record whose version a newer Kaleun raised was refused as `this is not a Kaleun career record of
    version 1`, as if it were some other file; it now says a newer Kaleun wrote it and to update this one."""
    record = {**empty(), "version": 2}
    path = tmp_path / "career.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(CareerError) as refused:
        load_career(path)
    assert str(refused.value) == (f"{path}: the career record is of version 2, newer than this Kaleun reads (1): a "
                                  "newer Kaleun wrote it (update this one); the file was kept as it is")
    assert json.loads(path.read_text(encoding="utf-8")) == record
    path.write_text(json.dumps({**empty(), "version": 0}), encoding="utf-8")
    with pytest.raises(CareerError, match="this is not a Kaleun career record of version 1"):
        load_career(path)


def test_figure_tags_of_a_newer_version_say_a_newer_kaleun_wrote_them_and_are_kept(tmp_path):
    """As the career record: `figures.json` whose version a newer Kaleun raised was called `not a Kaleun figure tag
    file`; it now says a newer Kaleun wrote it and to update this one, and the file stays as it is."""
    from kaleun.hub.tags import FigureTags, TagStoreError

    path = tmp_path / "figures.json"
    path.write_text(json.dumps({"format": "kaleun-figure-tags", "version": 2, "tags": {}}), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(TagStoreError) as refused:
        FigureTags.load(path)
    assert str(refused.value) == (f"{path}: the figure tags are of version 2, newer than this Kaleun reads (1): a "
                                  "newer Kaleun wrote them (update this one); the file was kept as it is")
    assert path.read_bytes() == before


def test_a_storage_turned_read_only_while_playing_is_not_told_to_make_room(tmp_path, monkeypatch):
    """A Pi's memory card with errors is remounted read-only by the system (ext4's errors=remount-ro), a USB
    stick holding KALEUN_HOME is pulled out: every write fails with EROFS or EIO. Before, the crew was told
    `make room on the storage`, which cannot help. Now it is told the storage takes no writes and to check
    it; the journal stays whole and once the storage takes writes again the game is saved again."""
    clock = FakeClock()
    home = str(tmp_path)
    broken = [False]
    real_write, real_atomic = os.write, saves.write_atomic

    def write(fd: int, data: bytes) -> int:
        if broken[0] and os.readlink(f"/proc/self/fd/{fd}").startswith(home):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return real_write(fd, data)

    def atomic(path: Path, text: str | bytes) -> None:
        if broken[0] and str(path).startswith(home):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        real_atomic(path, text)

    monkeypatch.setattr(os, "write", write)
    monkeypatch.setattr(saves, "write_atomic", atomic)
    monkeypatch.setattr(outputs, "write_atomic", atomic)
    game = new_game(3)
    runtime = Runtime(game, Table(default_board(), game, clock=clock),
                      autosave=Autosave(game, tmp_path / "autosave.json", clock=clock), clock=clock)
    told: list[str] = []
    runtime.problems[:] = [lambda text: told.append(str(text))]
    runtime.save()
    runtime.post({"do": "order", "order": "new_course", "course": 120})
    clock.now += 1.5
    runtime.step()
    broken[0] = True
    runtime.post({"do": "order", "order": "new_course", "course": 200})
    clock.now += 1.5
    runtime.step()
    assert len(told) == 1 and "(Read-only file system)" in told[0], told
    assert "the storage takes no writes at all" in told[0] and "make room" not in told[0], told[0]
    journal = journal_path(tmp_path / "autosave.json").read_bytes()
    assert journal.endswith(b"\n") and b'"course":200' not in journal and b'"course":120' in journal
    broken[0] = False
    clock.now += RETRY_S
    runtime.step()
    assert len(told) == 2 and "saved again" in told[1], told
    runtime.close()
    assert json.dumps(open_save(tmp_path / "autosave.json").engine.to_state()) == json.dumps(game.to_state())


def test_a_full_card_does_not_stop_the_lock_but_the_first_save_says_so(tmp_path, monkeypatch, capsys):
    """On a full card (not even the few bytes of the pid fit), `kaleun resume` said `cannot use HOME (No space
    left on device)` while holding the lock it had just taken. The pid only helps a refusal; the lock is
    taken, and the start goes on to its first save, which says what the storage cannot take."""
    real_write = os.write

    def full(fd: int, data: bytes) -> int:
        if os.readlink(f"/proc/self/fd/{fd}").startswith(str(tmp_path)):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    before = saved_home(tmp_path)
    monkeypatch.setattr(os, "write", full)
    lock = HomeLock(tmp_path).acquire()
    try:
        assert lock.fd is not None
        with pytest.raises(TableBusy):
            HomeLock(tmp_path).acquire()  # and it holds the table
    finally:
        lock.release()

    def no_room(path: Path, text: str | bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(saves, "write_atomic", no_room)
    monkeypatch.setattr(outputs, "write_atomic", no_room)
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    assert cli.main(["resume", "--console"]) == 1
    said = capsys.readouterr().err
    assert (f"the game cannot be saved in {tmp_path / 'autosave.json'} (No space left on device), so it was not "
            f"started; the previous save is as it was") in said, said
    assert "cannot use" not in said
    assert (tmp_path / "autosave.json").read_bytes() == before


def test_quit_on_a_storage_that_takes_no_writes_says_check_it_not_make_room(tmp_path, monkeypatch):
    """Nothing lost (every outcome a specific message): the console's first `quit` whose save fails stays at the
    console once. On a storage remounted read-only (EROFS) or pulled out (EIO) it said `Make room and type quit
    again`, which cannot help: it says to check the storage, as the autosave's own report does (NO_WRITES)."""
    import io

    from kaleun.ui.console import Console as TextConsole

    clock = FakeClock()
    home = str(tmp_path)
    real_atomic = saves.write_atomic

    def atomic(path: Path, text: str | bytes) -> None:
        if str(path).startswith(home):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real_atomic(path, text)

    game = new_game(3)
    runtime = Runtime(game, Table(default_board(), game, clock=clock),
                      autosave=Autosave(game, tmp_path / "autosave.json", clock=clock), clock=clock)
    runtime.save()
    monkeypatch.setattr(saves, "write_atomic", atomic)
    monkeypatch.setattr(outputs, "write_atomic", atomic)
    out = io.StringIO()
    assert TextConsole(runtime, stdin=io.StringIO("quit\nquit\n"), stdout=out).run() == 1
    text = out.getvalue()
    assert "Check the storage (it takes no writes) and type quit again" in text, text
    assert "Make room" not in text and "make room" not in text, text


def test_a_first_save_on_a_read_only_storage_does_not_say_make_room(tmp_path, monkeypatch):
    """The start's first save on a read-only storage: the game is not started, and the refusal says to check
    the storage rather than to make room on it."""
    real_atomic = saves.write_atomic

    def atomic(path: Path, text: str | bytes) -> None:
        if str(path).startswith(str(tmp_path)):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        real_atomic(path, text)

    monkeypatch.setattr(saves, "write_atomic", atomic)
    monkeypatch.setattr(outputs, "write_atomic", atomic)
    game = new_game(3)
    runtime = Runtime(game, Table(default_board(), game), autosave=Autosave(game, tmp_path / "autosave.json"))
    with pytest.raises(outputs.AutosaveFailed) as refused:
        session.first_save(runtime)
    said = str(refused.value)
    assert "so it was not started" in said and "check the storage" in said and "Make room" not in said, said


@pytest.mark.parametrize("folder", ["missing", "empty"])
def test_kaleun_resume_without_a_save_says_so_and_makes_nothing(tmp_path, monkeypatch, capsys, folder):
    """`kaleun resume` with KALEUN_HOME not there (a typo, a card not mounted) made the folder and its kaleun.lock
    before it said there is no save. Now it says so and leaves the storage as it was."""
    home = tmp_path / folder
    if folder == "empty":
        home.mkdir()
    monkeypatch.setenv("KALEUN_HOME", str(home))
    assert cli.main(["resume", "--console"]) == 2
    said = capsys.readouterr().err
    assert f"kaleun: {home / 'autosave.json'}: no such save file" in said, said
    assert (not home.exists()) if folder == "missing" else list(home.iterdir()) == []
    assert cli.main(["resume", "--console", "--save", str(tmp_path / "nowhere.json")]) == 2
    assert f"kaleun: {tmp_path / 'nowhere.json'}: no such save file" in capsys.readouterr().err
    assert (not home.exists()) if folder == "missing" else list(home.iterdir()) == []


@pytest.mark.parametrize("gone", ["sessions", "home"])
def test_a_session_folder_or_home_deleted_while_playing_is_made_again_at_the_next_save(tmp_path, caplog, gone):
    """Nothing lost: the session folder, or the whole KALEUN_HOME, deleted while a game runs (a
    clean-up by hand, `rm -r ~/.local/state/kaleun`). Before, the event log, the script and the journal went on
    into deleted files without a word, and kaleun.lock went with the home: a second Kaleun could play there.
    At the next save each is made again with a warning in the log, the lock is taken again, and what is played
    from there on is kept (a crash then resumes to the last command). The session's log too: it went on into its
    deleted file, the warnings saying so with it."""
    import logging
    import shutil

    from kaleun import session_log

    clock = FakeClock()
    home = tmp_path / "home"
    sessions = home / "sessions"
    lock = HomeLock(home).acquire()
    sessions.mkdir()
    logged = session_log.attach(sessions / "s.log")
    try:
        game = new_game(3)
        runtime = Runtime(game, Table(default_board(), game, clock=clock),
                          [outputs.EventLog(sessions / "s.events.jsonl")],
                          autosave=Autosave(game, home / "autosave.json", clock=clock),
                          record=sessions / "s.script.jsonl", clock=clock)
        runtime.save()
        runtime.post({"do": "order", "order": "new_course", "course": 120})
        clock.now += 1.5
        runtime.step()
        shutil.rmtree(sessions if gone == "sessions" else home)
        with caplog.at_level(logging.WARNING):
            runtime.save()  # a save moment: `save` typed, a watch change, quit
        said = caplog.text
        assert "was deleted while the game ran" in said and "s.events.jsonl" in said and "s.script.jsonl" in said
        runtime.post({"do": "order", "order": "new_course", "course": 200})
        clock.now += 1.5
        runtime.step()
        assert '"course": 200' in (sessions / "s.script.jsonl").read_text(encoding="utf-8")
        assert "new_course" in (sessions / "s.events.jsonl").read_text(encoding="utf-8")
        if gone == "home":
            assert "kaleun.lock was deleted" in said and (home / "kaleun.lock").exists()
            with pytest.raises(TableBusy):  # a second Kaleun in the same home is refused again
                HomeLock(home).acquire()
        resumed = open_save(home / "autosave.json")  # a crash now: the journal holds the last command
        assert resumed.replayed == 1 and resumed.engine.t == runtime.game.t
        runtime.close()
        logging.getLogger("kaleun").warning("a line logged after the files were made again")
        kept = (sessions / "s.log").read_text(encoding="utf-8")
        for line in ("s.log was deleted while the game ran", "s.events.jsonl was deleted while the game ran",
                     "s.script.jsonl was deleted while the game ran", "a line logged after the files were made again"):
            assert line in kept, kept
    finally:
        lock.release()
        if logged is not None:
            logging.getLogger().removeHandler(logged)
            logged.close()
