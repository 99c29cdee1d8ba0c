"""Nothing lost, the hub is ours for the tools that talk to the hub outside a game: `kaleun hub status`, `kaleun figures
enroll` and the bring-up rig (`kaleun hw check`) check the device at the hub's path against the hub the
table played with (remembered in `hubs.json`), refuse a foreign one with the start's message and its
`kaleun hub trust` hint, and never write that memory themselves.

Real serial frames: fake hubs (the firmware's own logic) on pseudo-terminals behind one stable path.
Waits are failure guards only."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from kaleun import cli
from kaleun.boards.loader import load_board
from kaleun.bringup.rig import Rig
from kaleun.hub.fake import FAKE_UID, FakeHub
from kaleun.hub.known import RememberedHub
from kaleun.hub.options import hub_config
from kaleun.uboot.figures import FIGURES
from kit import BOARDS

OTHER_UID = "E66141039A4C2F11"
FIGURE = FIGURES[0]


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path]]:
    """(board file, hub path) of a real hub's board whose hub, FAKE_UID, the home remembers."""
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    link = tmp_path / "ttyACM-hub"
    board_path = tmp_path / "table.toml"
    text = (BOARDS / "fake-hub.toml").read_text().replace('url = "fake"', f'url = "{link}"')
    board_path.write_text(text.replace("[hub]\n", "[hub]\nstart_timeout_ms = 2000\n", 1))
    RememberedHub.for_board(board_path, str(link)).remember("fake-hub", FAKE_UID)
    yield board_path, link


def remembered(home: Path) -> bytes:
    return (home / "hubs.json").read_bytes()


def hub_at(board_path: Path, link: Path, uid: str = FAKE_UID) -> FakeHub:
    """A fake hub with id `uid` at the board's hub path (a context manager: started on entry, stopped on exit)."""
    return FakeHub(hub_config(load_board(board_path)), link=link, uid=uid)


def refused(reason: str, board_path: Path) -> bool:
    return (f"id {OTHER_UID}" in reason and FAKE_UID in reason and "another device answers at the port" in reason
            and f"kaleun hub trust --board {board_path}" in reason)


@pytest.mark.slow
def test_hub_status_refuses_a_foreign_device_at_the_hubs_path_and_shows_the_remembered_hub(table, capsys):
    board_path, link = table
    before = remembered(board_path.parent)
    with hub_at(board_path, link, OTHER_UID):
        assert cli.main(["hub", "status", "--board", str(board_path), "--json", "--wait", "2"]) == 1
        status = json.loads(capsys.readouterr().out)
        assert status["state"] == "foreign" and refused(status["reason"], board_path), status["reason"]
        assert status["id"] == OTHER_UID and status["trusted_id"] == FAKE_UID  # the keys before stay as they were
        assert status["remembered_id"] == FAKE_UID and status["remembered_match"] is False
        assert status["remembered_in"] == str(board_path.parent / "hubs.json")
        assert cli.main(["hub", "status", "--board", str(board_path), "--wait", "2"]) == 1
        said = capsys.readouterr().out
        assert refused(said, board_path), said
        assert f"the hub the table played with is another one (id {FAKE_UID}" in said, said
    assert remembered(board_path.parent) == before  # a look never changes which hub is the board's


@pytest.mark.slow
def test_hub_status_of_the_remembered_hub_says_it_is_the_one(table, capsys):
    board_path, link = table
    with hub_at(board_path, link):
        assert cli.main(["hub", "status", "--board", str(board_path), "--json", "--wait", "3"]) == 0
        status = json.loads(capsys.readouterr().out)
        assert status["state"] == "online" and status["remembered_match"] is True
        assert cli.main(["hub", "status", "--board", str(board_path), "--wait", "3"]) == 0
        assert f"this is the hub the table played with (id {FAKE_UID}" in capsys.readouterr().out


@pytest.mark.slow
def test_hub_status_does_not_learn_a_hub_when_nothing_is_remembered(table, capsys):
    board_path, link = table
    (board_path.parent / "hubs.json").unlink()
    with hub_at(board_path, link, OTHER_UID):
        assert cli.main(["hub", "status", "--board", str(board_path), "--json", "--wait", "3"]) == 0
        status = json.loads(capsys.readouterr().out)
        assert status["remembered_id"] is None and status["remembered_match"] is None
    assert not (board_path.parent / "hubs.json").exists()  # the table's start or `hub trust` decides


@pytest.mark.slow
def test_figures_enroll_refuses_a_foreign_device_at_the_hubs_path(table, capsys):
    board_path, link = table
    before = remembered(board_path.parent)
    with hub_at(board_path, link, OTHER_UID):
        assert cli.main(["figures", "enroll", "--board", str(board_path), "--figure", FIGURE]) == 1
    err = capsys.readouterr().err
    assert "is not this board's deck hub" in err and refused(err, board_path), err
    assert not (board_path.parent / "figures.json").exists()  # nothing enrolled from a foreign device
    assert remembered(board_path.parent) == before


@pytest.mark.slow
def test_the_bring_up_rig_refuses_a_foreign_device_at_the_hubs_path(table):
    board_path, link = table
    with hub_at(board_path, link, OTHER_UID):
        rig = Rig(load_board(board_path)).open()
        try:
            assert rig.link.wait(lambda core: core.state == "foreign", 5.0), rig.link.core.state
            assert not rig.link.wait_online(0.5) and rig.link.core.tags == {}
            assert refused(rig.link.core.reason, board_path), rig.link.core.reason
        finally:
            rig.close()


@pytest.mark.slow
def test_hw_check_fails_the_deck_hub_as_another_device_not_as_a_cable(table):
    import io

    from kaleun.bringup.check import FAIL, check

    board_path, link = table
    with hub_at(board_path, link, OTHER_UID):
        (result,) = check(load_board(board_path), groups=["readers"], stdin=io.StringIO(""), stdout=io.StringIO())
    assert result.part == "deck hub" and result.status == FAIL
    assert refused(result.seen, board_path), result.seen
    assert result.seen.startswith(f"the device at {link} is not this board's deck hub"), result.seen
    assert result.advice.startswith(f"not its cable: the hub at {link} is not the one this table played with"), \
        result.advice
    assert f"kaleun hub trust --board {board_path}" in result.advice and "did not answer" not in result.advice
