"""Nothing lost, the hub is ours, the tools' side: a foreign device at the hub's path (its hello names another hub than
the one remembered in `hubs.json`, or another name than the board's) is refused as soon as that hello arrives, by
a table's start, `kaleun figures enroll`, `kaleun hub status`, `kaleun hw check` and `kaleun hub trust` alike
(one wait, `kaleun.hub.reach`), with one message:
"the device at PATH is not this board's deck hub: REASON", never "did not come online within N s".

No timing asserts: the board waits a minute for its hub, and the link of each command must have connected
exactly once when it closes. A wait that ran on past the refused hello would have reconnected every
`BACKOFF` seconds (and said another hello); real serial frames through a fake hub on a pseudo-terminal."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kaleun import cli
from kaleun.boards.loader import load_board
from kaleun.hub.fake import FAKE_UID, FakeHub
from kaleun.hub.known import RememberedHub
from kaleun.hub.link import HubLink
from kaleun.hub.options import hub_config
from kaleun.uboot.figures import FIGURES
from kit import BOARDS

OTHER_UID = "E66141039A4C2F11"
#: far longer than a refusal may take: a command still waiting then has reconnected many times
START_TIMEOUT_MS = 60_000


@pytest.fixture
def foreign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path, list[dict[str, Any]]]]:
    """(board file, hub path, the links closed so far) with a foreign device at the hub's path."""
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    link = tmp_path / "ttyACM-hub"
    board_path = tmp_path / "table.toml"
    text = (BOARDS / "fake-hub.toml").read_text().replace('url = "fake"', f'url = "{link}"')
    # a long silence too, so a loaded machine that holds the fake hub's thread up never ends the first session
    text = text.replace("timeout_ms = 1000\n", "timeout_ms = 30000\n", 1)
    assert "timeout_ms = 30000\n" in text
    board_path.write_text(text.replace("[hub]\n", f"[hub]\nstart_timeout_ms = {START_TIMEOUT_MS}\n", 1))
    RememberedHub.for_board(board_path, str(link)).remember("fake-hub", FAKE_UID)
    closed: list[dict[str, Any]] = []
    close = HubLink.close

    def counted(self: HubLink) -> None:
        closed.append({"connects": self.core.connects, "foreign": self.core.foreign, "state": self.core.state})
        close(self)

    monkeypatch.setattr(HubLink, "close", counted)
    device = FakeHub(hub_config(load_board(board_path)), link=link, uid=OTHER_UID).start()
    try:
        yield board_path, link, closed
    finally:
        device.stop()


def refusal(link: Path) -> str:
    return f"the device at {link} is not this board's deck hub: another device answers at the port: deck hub"


def on_the_first_hello(closed: list[dict[str, Any]]) -> bool:
    return bool(closed) and closed[0] == {"connects": 1, "foreign": 1, "state": "foreign"}


@pytest.mark.slow
def test_figures_enroll_refuses_a_foreign_device_on_its_hello_with_the_tables_message(foreign, capsys):
    board_path, link, closed = foreign
    assert cli.main(["figures", "enroll", "--board", str(board_path), "--figure", FIGURES[0]]) == 1
    err = capsys.readouterr().err
    assert f"kaleun figures enroll: {refusal(link)}" in err and f"id {OTHER_UID}" in err, err
    assert "did not come online" not in err, err  # it did not wait: it was refused
    assert on_the_first_hello(closed), closed


@pytest.mark.slow
def test_hub_status_ends_its_wait_on_a_foreign_hello(foreign, capsys):
    board_path, _link, closed = foreign
    assert cli.main(["hub", "status", "--board", str(board_path), "--json", "--wait", "60"]) == 1
    status = json.loads(capsys.readouterr().out)
    assert status["state"] == "foreign" and status["connects"] == 1 and status["foreign"] == 1, status
    assert on_the_first_hello(closed), closed


@pytest.mark.slow
def test_hw_check_fails_the_deck_hub_on_a_foreign_hello_with_the_tables_message(foreign):
    from kaleun.bringup.check import FAIL, check

    board_path, link, closed = foreign
    (result,) = check(load_board(board_path), groups=["readers"], stdin=io.StringIO(""), stdout=io.StringIO())
    assert result.part == "deck hub" and result.status == FAIL
    assert result.seen.startswith(refusal(link)), result.seen
    assert on_the_first_hello(closed), closed


@pytest.mark.slow
def test_a_scripts_table_start_refuses_a_foreign_device_on_its_hello(foreign):
    """A script's start (`strict`) stops with the same words, not with a cable's advice."""
    from kaleun.hub.sensor import HubFigureSensor
    from kaleun.hub.tags import FigureTags
    from kaleun.runtime.table import TableError

    board_path, link, closed = foreign
    sensor = HubFigureSensor(load_board(board_path), tags=FigureTags({}))
    with pytest.raises(TableError) as refused:
        sensor.start(lambda change: None)
    said = str(refused.value)
    assert said.startswith(f"{board_path}: {refusal(link)}") and "check the cable" not in said, said
    assert on_the_first_hello(closed), closed
    assert json.loads((board_path.parent / "hubs.json").read_text())["hubs"]  # the start kept the hub it knew


@pytest.mark.slow
def test_hub_trust_refuses_a_device_with_another_name_on_its_hello(foreign, tmp_path, capsys):
    """`kaleun hub trust` remembers whichever hub answers, but not a device whose hello names another hub than
    the board's `hub.name`: it is refused on that hello with the same words, and nothing is remembered."""
    board_path, _link, closed = foreign
    link = tmp_path / "ttyACM-other"
    board = load_board(board_path)
    text = board_path.read_text().replace(str(_link), str(link))
    other_board = tmp_path / "other.toml"
    other_board.write_text(text)
    cfg = {**hub_config(board), "name": "galley-lights"}
    device = FakeHub(cfg, link=link).start()
    before = (tmp_path / "hubs.json").read_bytes()
    try:
        assert cli.main(["hub", "trust", "--board", str(other_board), "--wait", "60"]) == 1
    finally:
        device.stop()
    err = capsys.readouterr().err
    assert err.startswith(f"kaleun hub trust: the device at {link} is not this board's deck hub: another device "
                          "answers at the port: deck hub 'galley-lights'"), err
    assert on_the_first_hello(closed), closed
    assert (tmp_path / "hubs.json").read_bytes() == before


@pytest.mark.slow
def test_figures_enroll_says_so_when_a_foreign_device_takes_the_hubs_place(tmp_path, monkeypatch, capsys):
    """The hub unplugged during an enrollment and another device came up at its path: the link refused it, and
    the maker, waiting for the next figure's tag, heard nothing of it."""
    import time

    from kaleun.hub.commands import _hub_tags

    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    link = tmp_path / "ttyACM-hub"
    board_path = tmp_path / "table.toml"
    board_path.write_text((BOARDS / "fake-hub.toml").read_text().replace('url = "fake"', f'url = "{link}"'))
    board = load_board(board_path)
    RememberedHub.for_board(board_path, str(link)).remember("fake-hub", FAKE_UID)
    ours = FakeHub(hub_config(board), link=link).start()
    foreign = None
    _source, close = _hub_tags(board, None, 1.0)
    try:
        ours.stop()  # unplugged
        foreign = FakeHub(hub_config(board), link=link, uid=OTHER_UID).start()
        said = ""
        deadline = time.monotonic() + 20  # a failure guard: the link reconnects within seconds
        while "is not this board's deck hub" not in said and time.monotonic() < deadline:
            time.sleep(0.05)
            said += capsys.readouterr().out
    finally:
        close()
        if foreign is not None:
            foreign.stop()
    assert f"(deck hub offline: the device at {link} is not this board's deck hub: another device answers" in said, \
        said
