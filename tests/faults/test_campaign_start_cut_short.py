"""Nothing lost: a campaign running further on is given up (rulebook §4.3) only by a game that starts. `kaleun play
--campaign --mission <the first mission>` begins a new campaign in its place; a start that fails before its game is
saved (a board file that does not load, a stop signal while the table waits for its deck hub) wrote the new
campaign into the career record all the same, so the running campaign's next mission, score and grades were gone
although no game had begun. The record is now changed just before the game's first save: a start cut short leaves
it byte for byte as it was, and a start that plays begins the new campaign as before."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest
from faultkit import Console
from kaleun.career import load_career, save_career
from kit import BOARDS, run_kaleun, write_script

RUNNING = {"state": "running", "started": "2025-03-14T20:00:00", "done": ["prize_rules_1939"], "next": "minefield_1939",
           "score": 900, "fame": 500, "grt": 10553, "grades": ["B"], "patrol": None}
GIVEN_UP = "the campaign running since 14 March 2025 (1 mission, score 900; next: The Hartlepool field) is given up"


def running_campaign(home: Path) -> bytes:
    """A career record whose campaign has played its first mission and goes on with the second; its bytes."""
    save_career({**load_career(), "campaign": dict(RUNNING)})
    return (home / "career.json").read_bytes()


@pytest.mark.slow
def test_4_3_a_start_whose_board_does_not_load_gives_up_no_campaign(home):
    before = running_campaign(home)
    done = run_kaleun("play", "--console", "--campaign", "--mission", "prize_rules_1939", "--board",
                      str(home / "missing.toml"), home=home)
    assert done.returncode == 2 and "cannot read the board file" in done.stderr, done.stderr
    assert (home / "career.json").read_bytes() == before
    assert load_career()["campaign"]["next"] == "minefield_1939"
    # the same start that plays begins the new campaign (the first mission played again, nothing done yet)
    played = run_kaleun("play", "--console", "--campaign", "--mission", "prize_rules_1939", home=home)
    assert played.returncode == 0 and GIVEN_UP in played.stderr, played.stderr
    campaign = load_career()["campaign"]
    assert (campaign["next"], campaign["done"], campaign["state"]) == ("prize_rules_1939", [], "running")
    assert campaign["started"] != RUNNING["started"]


@pytest.mark.slow
def test_4_3_a_script_run_that_stops_at_a_bad_line_gives_up_no_campaign(home, tmp_path):
    """`kaleun run --campaign` plays a campaign by table script: a run that does not go through (a script it cannot
    read, a bad line) keeps nothing of its game, so it gives nothing up; a run that goes through begins the new
    campaign and books in it."""
    before = running_campaign(home)
    events = tmp_path / "events.jsonl"
    for script in (tmp_path / "missing.jsonl", write_script(tmp_path / "bad.jsonl", [{"t": 10, "do": "report"},
                                                                                    {"t": 20, "do": "fly"}])):
        done = run_kaleun("run", "--campaign", "--mission", "prize_rules_1939", "--script", str(script), "--events",
                          str(events), home=home)
        assert done.returncode == 2 and f"{script}" in done.stderr, done.stderr
        assert (home / "career.json").read_bytes() == before, script.name
    good = write_script(tmp_path / "good.jsonl", [{"t": 10, "do": "report"}])
    done = run_kaleun("run", "--campaign", "--mission", "prize_rules_1939", "--script", str(good), "--events",
                      str(events), home=home)
    assert done.returncode == 0 and GIVEN_UP in done.stderr, done.stderr
    assert load_career()["campaign"]["next"] == "prize_rules_1939"


@pytest.mark.slow
def test_4_3_a_stop_signal_while_the_table_waits_for_its_hub_gives_up_no_campaign(home):
    before = running_campaign(home)
    board = home / "table.toml"
    text = (BOARDS / "fake-hub.toml").read_text().replace('url = "fake"', f'url = "{home / "no-hub"}"')
    board.write_text(text.replace("[hub]\n", "[hub]\nstart_timeout_ms = 60000\n", 1))  # far longer than the test
    start = Console(home, "play", "--console", "--campaign", "--mission", "prize_rules_1939", "--board", str(board))
    start.expect("waiting up to 60 s for it")  # the table waits for its deck hub: the game is not saved yet
    start.proc.send_signal(signal.SIGTERM)
    assert start.finish() == 128 + signal.SIGTERM, start.text
    assert "stopped by SIGTERM before the game started" in start.text, start.text
    assert (home / "career.json").read_bytes() == before
    assert not (home / "autosave.json").exists()


def test_4_3_a_campaign_begun_anew_at_the_window_whose_table_cannot_open_gives_up_nothing(home, monkeypatch):
    """The window's set-up: Start of a new campaign whose table cannot open (its GPIO pins taken meanwhile) is
    refused on the set-up with the reason and leaves the running campaign as it was; the next Start that plays
    begins the new campaign."""
    from kaleun.runtime.table import TableError
    from kaleun.ui import session
    from test_setup_handover import window_on_the_set_up

    before = running_campaign(home)
    win = window_on_the_set_up(monkeypatch)
    setup = win.overlay
    setup.set_mode("campaign")
    setup.set_anew(True)
    assert "is given up when it starts" in str(setup.given_up())
    real = session.Table
    monkeypatch.setattr(session, "Table", lambda *a, **k: (_ for _ in ()).throw(TableError("GPIO busy")))
    setup.start()
    assert str(setup.problem) == "cannot set up the table: GPIO busy"
    assert (home / "career.json").read_bytes() == before
    monkeypatch.setattr(session, "Table", real)
    setup.start()
    assert win.overlay is None and win.runtime.game.config["mission"] == "prize_rules_1939"
    campaign = load_career()["campaign"]
    assert (campaign["next"], campaign["done"]) == ("prize_rules_1939", [])
    assert campaign["started"] == win.runtime.game.config["changes"]["setup"]["campaign"]
    win.runtime.close()


def test_4_3_a_campaign_the_record_cannot_take_is_not_started(home, monkeypatch):
    """The record cannot be written at the moment the new campaign begins (the storage full since the set-up read
    it): the game is not started, as when its first save fails, and says why; the save before stays in place."""
    import errno

    from kaleun import career
    from kaleun.saves import open_save, save_game
    from kaleun.uboot.game import new_game
    from test_setup_handover import window_on_the_set_up

    save_game(new_game(77, "exercise_convoy"), home / "autosave.json")  # last evening's game
    before = running_campaign(home)
    win = window_on_the_set_up(monkeypatch)
    setup = win.overlay
    setup.set_mode("campaign")
    setup.set_anew(True)

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(career, "save_career", full)
    setup.start()
    assert str(setup.problem).startswith("the campaign cannot be begun in the career record (No space left on "
                                         "device), so the game was not started"), str(setup.problem)
    assert (home / "career.json").read_bytes() == before
    win.quit()
    win.runtime.close()
    assert open_save(home / "autosave.json").engine.seed == 77


def _campaign_start_whose_first_save_fails(home: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """`kaleun play --campaign --mission prize_rules_1939` at the console while a campaign runs further on, the
    autosave's place taken by a folder (as a full disk refuses it): the new campaign is written into the record, then
    the game's first save fails. What the start says."""
    from kaleun.boards.loader import default_board
    from kaleun.career import start_configured
    from kaleun.i18n import language
    from kaleun.runtime.outputs import AutosaveFailed
    from kaleun.uboot.missions.setup import GameSetup
    from kaleun.ui import display
    from kaleun.ui.session import open_session

    monkeypatch.setattr(display, "has_display", lambda: False)
    game = start_configured(GameSetup(mission="prize_rules_1939", seed=5, mode="campaign"), later=True)
    (home / "autosave.json").mkdir()
    with pytest.raises(AutosaveFailed) as failed:
        open_session(game, default_board(), console=True, keep_previous=True)
    return language("en").render(failed.value.args[0])


def test_4_3_a_campaign_begun_for_a_game_whose_first_save_fails_is_taken_back(home, monkeypatch):
    """Rulebook §4.3, nothing lost: the record took the new campaign (giving up the running one), then the game's first
    save failed, so the running campaign was gone with no game begun in its place. The start now takes the new campaign
    back out and says so; the running campaign goes on with its next mission."""
    before = running_campaign(home)
    said = _campaign_start_whose_first_save_fails(home, monkeypatch)
    assert "so it was not started; the previous save is as it was" in said, said
    assert said.endswith("The new campaign was taken back out of the career record: the campaign before it is as it "
                         "was."), said
    assert load_career()["campaign"] == RUNNING
    assert (home / "career.json").read_bytes() == before


def test_4_3_a_campaign_the_record_cannot_take_back_either_is_left_to_start_cleanly(home, monkeypatch):
    """The same full disk refuses the record's rewrite too: the new campaign stays, no mission of it played, and the
    start says so and how to go on: `kaleun play --campaign` starts its first mission (nothing half begun)."""
    import errno

    from kaleun import career

    running_campaign(home)
    real, writes = career.save_career, []

    def once(*args, **kwargs):  # the first write (the new campaign) goes through, then the storage is full
        writes.append(1)
        if len(writes) > 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(*args, **kwargs)

    monkeypatch.setattr(career, "save_career", once)
    said = _campaign_start_whose_first_save_fails(home, monkeypatch)
    assert said.endswith("The new campaign stays in the career record (No space left on device), no mission of it "
                         "played: kaleun play --campaign starts its first mission."), said
    monkeypatch.setattr(career, "save_career", real)
    campaign = load_career()["campaign"]
    assert (campaign["state"], campaign["next"], campaign["done"]) == ("running", "prize_rules_1939", [])
    game = career.start_configured(career_setup(), later=True)  # `kaleun play --campaign`: its first mission
    assert game.config["mission"] == "prize_rules_1939"


def career_setup():
    from kaleun.uboot.missions.setup import GameSetup

    return GameSetup(mission="", seed=6, mode="campaign")


def test_4_3_a_first_campaign_whose_first_save_fails_leaves_the_record_without_one(home, monkeypatch):
    """No campaign ran before: the record is left with none (`kaleun play --campaign` then begins one)."""
    said = _campaign_start_whose_first_save_fails(home, monkeypatch)
    assert said.endswith("The new campaign was taken back out of the career record."), said
    assert load_career().get("campaign") is None
    from kaleun.career import start_configured

    assert start_configured(career_setup(), later=True).config["mission"] == "prize_rules_1939"  # a new one begins


def test_4_3_a_campaign_run_whose_save_fails_gives_up_no_campaign(home, tmp_path, monkeypatch, capsys):
    """Rulebook §4.3, nothing lost: `kaleun run --campaign --save FILE` wrote the new campaign into the career record
    (giving up the running one) and then its save failed (a full disk), so the running campaign's next mission, score
    and grades were gone for a game that was never kept. The run now takes the new campaign back out, as a start whose
    first save fails does, and says so."""
    import errno

    from kaleun import saves
    from kaleun.cli import main

    before = running_campaign(home)

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves, "save_game", full)
    script = write_script(tmp_path / "good.jsonl", [{"t": 10, "do": "report"}])
    saved = tmp_path / "part.json"
    assert main(["run", "--campaign", "--mission", "prize_rules_1939", "--script", str(script), "--events",
                 str(tmp_path / "events.jsonl"), "--save", str(saved)]) == 1
    said = capsys.readouterr().err
    assert f"kaleun run: cannot save to {saved}: No space left on device" in said, said
    assert "The new campaign was taken back out of the career record: the campaign before it is as it was." in said
    assert load_career()["campaign"] == RUNNING
    assert (home / "career.json").read_bytes() == before
    assert not saved.exists()
