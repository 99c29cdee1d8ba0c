"""Nothing lost, the hub is ours across a restart: the hub's identity learned from its hello is remembered in the
home (`hubs.json`), so after a reboot a foreign device sitting at the hub's path (a reused pty or tty)
is refused, and `kaleun hub trust` accepts a hub replaced on purpose.

Real serial frames: fake hubs (the firmware's own logic) on pseudo-terminals behind one stable path,
opened by the table's sensor as a real hub's port. Waits are failure guards only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from kaleun import cli
from kaleun.boards.loader import load_board
from kaleun.hub.fake import FAKE_UID, FakeHub
from kaleun.hub.options import hub_config
from kaleun.hub.sensor import HubFigureSensor
from kaleun.hub.tags import FigureTags
from kaleun.ports.base import HubLinkChanged
from kit import BOARDS

OTHER_UID = "E66141039A4C2F11"


def start_table(board_path: Path) -> tuple[HubFigureSensor, list[object]]:
    """A table's start (it waits for the hub, then plays on without it)."""
    seen: list[object] = []
    sensor = HubFigureSensor(load_board(board_path), tags=FigureTags({}))
    sensor.strict = False
    sensor.start(seen.append)
    return sensor, seen


@pytest.mark.slow
def test_after_a_restart_a_foreign_device_at_the_hubs_path_is_refused_until_trusted(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    link = tmp_path / "ttyACM-hub"
    board_path = tmp_path / "table.toml"
    text = (BOARDS / "fake-hub.toml").read_text().replace('url = "fake"', f'url = "{link}"')
    board_path.write_text(text.replace("[hub]\n", "[hub]\nstart_timeout_ms = 3000\n", 1))
    cfg = hub_config(load_board(board_path))

    ours = FakeHub(cfg, link=link).start()
    sensor, _ = start_table(board_path)
    assert sensor.link is not None and sensor.link.core.state == "online"
    sensor.close()
    ours.stop()
    remembered = json.loads((tmp_path / "hubs.json").read_text())["hubs"]
    assert list(remembered.values()) == [{"name": "fake-hub", "id": FAKE_UID}]

    foreign = FakeHub(cfg, link=link, uid=OTHER_UID).start()  # the reboot: another device at the path
    try:
        sensor, seen = start_table(board_path)
        assert sensor.link is not None and sensor.link.core.state == "foreign"
        refusals = [c for c in seen if isinstance(c, HubLinkChanged) and c.state == "foreign"]
        assert len(refusals) == 1 and f"id {OTHER_UID}" in refusals[0].reason and FAKE_UID in refusals[0].reason
        assert f"kaleun hub trust --board {board_path}" in refusals[0].reason, refusals[0].reason
        assert not any(getattr(c, "state", None) == "online" for c in seen)
        sensor.close()

        assert cli.main(["hub", "trust", "--board", str(board_path)]) == 0  # the maker replaced the hub
        said = capsys.readouterr().out
        assert f"deck hub 'fake-hub' (id {OTHER_UID}) at {link} is now this board's hub" in said, said
        sensor, _ = start_table(board_path)
        assert sensor.link is not None and sensor.link.core.state == "online"
        sensor.close()
    finally:
        foreign.stop()


def test_hub_trust_refuses_a_board_that_names_its_hub_and_a_fake_hub_inside_kaleun(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    assert cli.main(["hub", "trust", "--board", str(BOARDS / "fake-hub.toml")]) == 2
    assert "a fake hub inside Kaleun is made anew at every start and not remembered" in capsys.readouterr().err
    named = tmp_path / "named.toml"
    named.write_text((BOARDS / "fake-hub.toml").read_text().replace(
        'url = "fake"', 'url = "/dev/ttyACM1"\nid = "E6614103E7396B29"'))
    assert cli.main(["hub", "trust", "--board", str(named)]) == 2
    assert "the board names its hub (hub.id = E6614103E7396B29)" in capsys.readouterr().err
    assert not (tmp_path / "hubs.json").exists()
