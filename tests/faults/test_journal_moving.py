"""Nothing lost (a crash loses at most a game minute): a journal line written while a hand's dial move waits to come to
rest.

The table keeps the dial groups moved and not yet fed to the game in its state (`"moving"`, a list of
names), and the journal's clock marks carry the table's state: the journal reader took that list for a
damaged line and stopped the replay there, so everything after it (the order the lever gave, every
command since) was lost at the next resume, however long the game ran on."""

from __future__ import annotations

import json

from kaleun.boards.loader import default_board
from kaleun.journal import journal_path
from kaleun.runtime.loop import Runtime
from kaleun.runtime.outputs import Autosave
from kaleun.runtime.table import Table
from kaleun.saves import open_save
from kaleun.uboot.game import new_game
from kit import FakeClock


def test_a_journal_line_written_while_a_lever_settles_replays_with_all_that_follows(tmp_path):
    clock = FakeClock()
    game = new_game(1)
    autosave = Autosave(game, tmp_path / "autosave.json", clock=clock)
    runtime = Runtime(game, Table(default_board(), game, clock=clock), autosave=autosave, clock=clock)
    autosave.save()
    for _ in range(3):
        clock.now += 0.5
        runtime.step()
    runtime.table.dials["telegraph"].turn(2)  # a hand at the table: the lever's order waits for it to rest
    clock.now += 0.05
    runtime.step()
    assert game.table_state.get("moving") == ["telegraph"]
    for _ in range(6):
        clock.now += 0.5
        runtime.step()
    runtime.post({"do": "order", "order": "new_course", "course": 90})
    for _ in range(5):
        clock.now += 0.5
        runtime.step()
    autosave.journal.sync()  # the program is killed here: nothing closed, nothing saved in full
    lines = [json.loads(line) for line in journal_path(tmp_path / "autosave.json").read_text().splitlines()]
    assert any((line.get("table") or {}).get("moving") == ["telegraph"] for line in lines)

    opened = open_save(tmp_path / "autosave.json")
    assert opened.notes == []
    assert opened.engine.t == game.t
    assert opened.replayed == 2  # the lever's new_speed and the new course
    assert opened.engine.module("boat").telegraph == "half_ahead" and opened.engine.module("boat").course == 90
    runtime.table.close()


def test_a_kill_while_the_lever_settles_resumes_to_the_lever_and_its_order_given_once(tmp_path):
    """The same line as the last of the journal (killed within the lever's settling time): the resumed table
    stands where the hand left the lever and gives the order it owed, once."""
    from kaleun.runtime.table import DIAL_SETTLE_S

    clock = FakeClock()
    game = new_game(1)
    autosave = Autosave(game, tmp_path / "autosave.json", clock=clock)
    runtime = Runtime(game, Table(default_board(), game, clock=clock), autosave=autosave, clock=clock)
    autosave.save()
    clock.now += 2.0
    runtime.step()
    runtime.table.dials["telegraph"].turn(2)
    clock.now += 0.05
    runtime.step()
    autosave.journal.sync()  # killed before the lever came to rest
    runtime.table.close()

    opened = open_save(tmp_path / "autosave.json")
    assert opened.notes == [] and opened.engine.table_state == {"telegraph": "half_ahead", "moving": ["telegraph"]}
    resumed_clock = FakeClock()
    table = Table(default_board(), opened.engine, clock=resumed_clock)
    sent: list[dict] = []
    table.start(sent.append)
    resumed_clock.now += DIAL_SETTLE_S
    table.flush(resumed_clock.now)
    table.flush(resumed_clock.now + 10)
    assert [(c["order"], c["speed"]) for c in sent] == [("new_speed", "half_ahead")]
    table.close()
