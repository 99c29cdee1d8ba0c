"""The hub is ours: the host checks who answers at the port (its hello's name and unique id)
before it trusts a snapshot; a foreign device lifts no figure and the crew is told."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from types import SimpleNamespace

import pytest
from kaleun.hub import sensor as sensor_module
from kaleun.hub.known import RememberedHub
from kaleun.hub.link import LinkCore
from kaleun.hub.options import HubOptions, ReaderSpec
from kaleun.hub.proto import PROTOCOL_VERSION, codec
from kaleun.hub.tags import FigureTags
from kaleun.uboot.game import new_game
from test_link import HUB_ID, OTHER_ID, Hub

A, B = "04A1B2C3D4E5F6", "04AABBCCDDEEFF"


def options(**more: object) -> HubOptions:
    return HubOptions(url="test", readers=(ReaderSpec(1), ReaderSpec(2, cs="GP20")), check_name=True,
                      **more)  # type: ignore[arg-type]


def connect(core: LinkCore, hub: Hub, tags: list[tuple[int, str]], now: float, **hello: object) -> None:
    core.opened(now)
    core.received(hub.hello(**hello) + hub.snap(tags), now)  # type: ignore[arg-type]


def kinds(core: LinkCore) -> list[tuple[str, ...]]:
    return [(e.kind, e.uid) if e.kind in ("arrived", "left") else (e.kind,) for e in core.take_events()]


def test_after_an_unplug_another_device_at_the_port_is_refused_and_lifts_nothing():
    """The first hub met is trusted; a device with another id in its place (a reused pty
    number, another Pico on the same /dev/ttyACM1) sends an empty snapshot: nothing of it is
    taken in, the figures stay, and the link says why it is down."""
    core = LinkCore(options())
    connect(core, Hub(), [(0, A), (1, B)], 0.0)
    assert kinds(core) == [("arrived", A), ("arrived", B), ("online",)]
    core.closed("serial port lost")
    assert kinds(core) == [("offline",)]
    connect(core, Hub(), [], 1.0, hub_id=OTHER_ID)
    events = core.take_events()
    assert [e.kind for e in events] == ["foreign"]
    assert f"id {OTHER_ID}" in events[0].detail["reason"] and HUB_ID in events[0].detail["reason"]
    assert core.state == "foreign" and core.tags == {0: {A}, 1: {B}}
    core.closed("link closed")  # it keeps saying why; no offline flapping
    connect(core, Hub(), [], 3.0, hub_id=OTHER_ID)  # the retry meets it again: told once
    assert kinds(core) == []
    connect(core, Hub(), [(0, A), (1, B)], 5.0)  # our hub is back: nothing moved
    assert kinds(core) == [("online",)]
    status = core.status()
    assert status["state"] == "online" and status["foreign"] == 2 and status["trusted_id"] == HUB_ID


def foreign_warnings(records: list[logging.LogRecord]) -> list[str]:
    return [r.getMessage() for r in records if r.levelno >= logging.WARNING and "another device" in r.getMessage()]


def test_a_foreign_device_left_at_the_port_is_warned_of_once_not_at_every_retry(caplog):
    """The link retries every few seconds while a foreign device stays at the hub's port: the warning (which a
    console shows at its prompt) is said once for that device, again for another device or after the table's own
    hub was back, and not at every retry (it came every 2 s, all evening, between the crew's commands)."""
    third = "E6614103" + "9A4C2F22"
    core = LinkCore(options())
    connect(core, Hub(), [(0, A)], 0.0)
    with caplog.at_level(logging.DEBUG, logger="kaleun.hub.link"):
        for retry in range(5):
            core.closed("link closed")
            connect(core, Hub(), [], 1.0 + 2 * retry, hub_id=OTHER_ID)
        warned = foreign_warnings(caplog.records)
        assert len(warned) == 1 and OTHER_ID in warned[0], warned
        assert core.foreign == 5  # each hello was refused all the same
        core.closed("link closed")
        connect(core, Hub(), [], 20.0, hub_id=third)  # another device: said
        core.closed("link closed")
        connect(core, Hub(), [(0, A)], 22.0)  # the table's own hub is back ...
        core.closed("link closed")
        connect(core, Hub(), [], 24.0, hub_id=OTHER_ID)  # ... and unplugged again: said again
        warned = foreign_warnings(caplog.records)
    assert len(warned) == 3 and third in warned[1] and OTHER_ID in warned[2], warned
    assert core.tags == {0: {A}}


def test_a_device_with_another_name_than_the_boards_hub_is_refused():
    core = LinkCore(options(name="uboot-deck"))
    connect(core, Hub(), [(0, A)], 0.0)
    events = core.take_events()
    assert [e.kind for e in events] == ["foreign"] and core.tags == {}
    reason = events[0].detail["reason"]
    assert "deck hub 'deck-hub'" in reason and "'uboot-deck' (hub.name)" in reason


def test_the_boards_hub_id_is_trusted_from_the_first_hello():
    core = LinkCore(options(hub_id=OTHER_ID))
    connect(core, Hub(), [(0, A)], 0.0)
    assert kinds(core) == [("foreign",)]
    connect(core, Hub(), [(0, A)], 2.0, hub_id=OTHER_ID)
    assert kinds(core) == [("arrived", A), ("online",)]


def test_a_hub_speaking_protocol_1_without_an_id_is_taken_with_a_warning():
    """Protocol 2 is compatible: an older firmware works on, checked by its name only."""
    core = LinkCore(options())
    connect(core, Hub(), [(0, A)], 0.0, proto=1, hub_id=None)
    assert kinds(core) == [("arrived", A), ("online",)]
    assert "does not say its unique id" in core.status()["warnings"][0]


def test_a_protocol_2_hello_without_an_id_is_not_trusted():
    core = LinkCore(options())
    connect(core, Hub(), [(0, A)], 0.0, proto=PROTOCOL_VERSION, hub_id=None)
    events = core.take_events()
    assert [e.kind for e in events] == ["foreign"] and "does not say its id" in events[0].detail["reason"]


def test_the_hub_says_its_unique_id_in_hello():
    from kaleun.hub.proto import hub as fwhub

    sent: list[bytes] = []
    cfg = {"name": "deck-hub", "scan_ms": 50, "heartbeat_ms": 500, "debounce_misses": 3, "debounce_hits": 1,
           "fault_after": 5, "readers": []}
    fwhub.Hub([], cfg, sent.append, uid=HUB_ID).tick(0)
    hello = codec.check(codec.decode(sent[0].rstrip(b"\r\n")), codec.HUB_FRAMES)
    assert hello.fields["id"] == HUB_ID and hello.fields["proto"] == PROTOCOL_VERSION == 2


def test_the_crew_hears_once_that_a_foreign_device_answers_and_when_the_hub_is_back():
    game = new_game(1)
    game.apply({"do": "hub", "state": "online", "firmware": "1.1.0", "protocol": 2, "readers": 8})
    game.apply({"do": "hub", "state": "offline", "reason": "serial port lost"})
    [foreign] = game.apply({"do": "hub", "state": "foreign", "reason": "another device answers at the port"})
    assert foreign.name == "hub_foreign"
    assert "not this table's deck hub" in str(foreign.feed) and "keeps the figures where they are" in str(foreign.feed)
    assert game.apply({"do": "hub", "state": "foreign", "reason": "another device answers at the port"}) == []
    [back] = game.apply({"do": "hub", "state": "online", "firmware": "1.1.0", "protocol": 2, "readers": 8})
    assert back.name == "hub_online" and "back" in str(back.feed)


def test_hub_status_says_the_line_that_makes_a_board_trust_only_the_hub_it_met():
    """A board need not name its hub (a first build learns the id from `kaleun hub status`), so
    without `hub.id` the table remembers the first hub met: the status says the id to put in."""
    from kaleun.hub.commands import format_status

    core = LinkCore(options())
    connect(core, Hub(), [], 0.0)
    text = format_status(core.status())
    assert f'put id = "{HUB_ID}" into its [hub] section' in text
    core = LinkCore(options(hub_id=HUB_ID))
    connect(core, Hub(), [], 0.0)
    assert "hub.id" not in format_status(core.status())


def test_hub_status_suggests_only_an_id_the_board_check_accepts(tmp_path, capsys):
    """A device whose hello says an id of an odd number of hex digits (the protocol carries 4 to 64): `hub
    status` told the maker to put it into hub.id, which `kaleun board check` then refused. It says the id is
    not one a hub gives instead; the advice for a board naming another hub does not offer it either."""
    from kaleun.bringup.advice import foreign_hub
    from kaleun.cli import main
    from kaleun.hub.commands import format_status
    from kit import BOARDS

    odd = "E6614103E"
    core = LinkCore(options())
    connect(core, Hub(), [], 0.0, hub_id=odd)
    text = format_status(core.status())
    assert "put id =" not in text
    assert f"the device's id {odd} is not one a deck hub gives" in text
    board = tmp_path / "named.toml"
    board.write_text((BOARDS / "pico-hub.toml").read_text(encoding="utf-8").replace(
        'name = "deck-hub"\n', f'name = "deck-hub"\nid = "{odd}"\n', 1), encoding="utf-8")
    assert main(["board", "check", str(board)]) != 0
    assert "hub.id" in capsys.readouterr().err
    advice = str(foreign_hub(options(hub_id=HUB_ID), "/dev/ttyACM1", {"name": "deck-hub", "id": odd}))
    assert "set hub.id" not in advice and "not an id a deck hub gives" in advice
    assert f'set hub.id = "{OTHER_ID}"' in str(
        foreign_hub(options(hub_id=HUB_ID), "/dev/ttyACM1", {"name": "deck-hub", "id": OTHER_ID}))


def test_board_check_notes_a_real_hubs_board_that_names_no_hub_id(tmp_path, capsys):
    from kaleun.cli import main
    from kit import BOARDS

    text = (BOARDS / "pico-hub.toml").read_text(encoding="utf-8")
    assert main(["board", "check", str(BOARDS / "pico-hub.toml")]) == 0
    err = capsys.readouterr().err
    assert "note:" in err and "no hub.id: the table remembers the first hub named 'deck-hub'" in err
    named = tmp_path / "named.toml"
    named.write_text(text.replace('name = "deck-hub"\n', 'name = "deck-hub"\nid = "E6614103E7396B29"\n', 1),
                     encoding="utf-8")
    assert main(["board", "check", str(named), str(BOARDS / "fake-hub.toml")]) == 0
    assert "hub.id" not in capsys.readouterr().err


# -- the hub's identity across starts (nothing lost: a reboot forgot it) ----------------------------------------

def remembered(tmp_path: Path) -> RememberedHub:
    return RememberedHub.for_board(tmp_path / "uboot.toml", "/dev/ttyACM1", folder=tmp_path)


def test_after_a_restart_a_foreign_device_at_the_hubs_path_is_refused(tmp_path):
    """A board without hub.id: the hub met at the first start is remembered in the home, so after a
    reboot (a new LinkCore) another device sitting at the path is not believed, and the crew is told
    how to accept a hub replaced on purpose."""
    first = LinkCore(options(), remembered(tmp_path))
    connect(first, Hub(), [(0, A), (1, B)], 0.0)
    assert kinds(first) == [("arrived", A), ("arrived", B), ("online",)]
    assert json.loads((tmp_path / "hubs.json").read_text())["hubs"] == {
        f"{tmp_path / 'uboot.toml'} @ /dev/ttyACM1": {"name": "deck-hub", "id": HUB_ID}}
    restarted = LinkCore(options(), remembered(tmp_path))
    connect(restarted, Hub(), [], 0.0, hub_id=OTHER_ID)
    events = restarted.take_events()
    assert [e.kind for e in events] == ["foreign"] and restarted.tags == {}
    reason = events[0].detail["reason"]
    assert f"id {OTHER_ID}" in reason and f"id {HUB_ID}" in reason, reason
    assert f"remembered in {tmp_path / 'hubs.json'}" in reason, reason
    assert f'hub.id = "{OTHER_ID}"' in reason, reason
    assert f"`kaleun hub trust --board {tmp_path / 'uboot.toml'}`" in reason, reason
    connect(restarted, Hub(), [(0, A)], 2.0)  # our hub at its path again
    assert kinds(restarted) == [("arrived", A), ("online",)]



def test_a_remembered_hub_replaced_by_a_device_with_an_odd_id_is_not_offered_to_hub_id(tmp_path):
    """The refusal of a device at the remembered hub's path offers `hub.id = "…"` only for an id a board
    file can hold; `kaleun hub trust` is offered still."""
    connect(LinkCore(options(), remembered(tmp_path)), Hub(), [], 0.0)
    restarted = LinkCore(options(), remembered(tmp_path))
    connect(restarted, Hub(), [], 0.0, hub_id="E6614103E")
    reason = str(restarted.take_events()[0].detail["reason"])
    assert "hub.id =" not in reason and "`kaleun hub trust --board" in reason, reason

def test_another_board_or_path_keeps_its_own_hub(tmp_path):
    first = LinkCore(options(), remembered(tmp_path))
    connect(first, Hub(), [(0, A)], 0.0)
    other = RememberedHub.for_board(tmp_path / "uboot.toml", "/dev/ttyACM2", folder=tmp_path)
    core = LinkCore(options(), other)
    connect(core, Hub(), [(0, A)], 0.0, hub_id=OTHER_ID)
    assert kinds(core) == [("arrived", A), ("online",)]
    assert remembered(tmp_path).identity() == {"name": "deck-hub", "id": HUB_ID}
    assert other.identity() == {"name": "deck-hub", "id": OTHER_ID}


def test_the_boards_hub_id_wins_over_the_remembered_hub_and_the_file_is_left_alone(tmp_path):
    first = LinkCore(options(), remembered(tmp_path))
    connect(first, Hub(), [(0, A)], 0.0)
    before = (tmp_path / "hubs.json").read_bytes()
    core = LinkCore(options(hub_id=OTHER_ID), remembered(tmp_path))  # the maker accepted the new hub
    connect(core, Hub(), [(0, A)], 0.0, hub_id=OTHER_ID)
    assert kinds(core) == [("arrived", A), ("online",)]
    assert (tmp_path / "hubs.json").read_bytes() == before


@pytest.mark.parametrize("damage", [b"{\"version\": 1, \"hubs\": {", b"\xff\xfe", b"[1, 2]",
                                    b"{\"version\": 1, \"hubs\": {\"x\": {\"id\": 7}}}", b"[" * 5000,
                                    b"{\"version\": 1e999}"], ids=["cut", "bytes", "list", "types", "deep", "huge"])
def test_a_damaged_memory_of_hubs_is_named_relearned_and_never_a_crash(tmp_path, caplog, damage):
    (tmp_path / "hubs.json").write_bytes(damage)
    core = LinkCore(options(), remembered(tmp_path))
    assert f"{tmp_path / 'hubs.json'}: " in caplog.text and "writes the file anew" in caplog.text, caplog.text
    connect(core, Hub(), [(0, A)], 0.0)
    assert kinds(core) == [("arrived", A), ("online",)]
    assert remembered(tmp_path).identity() == {"name": "deck-hub", "id": HUB_ID}


def test_a_hub_sensor_remembers_a_real_hub_for_its_board_and_path(tmp_path, monkeypatch):
    """The table's start passes the home's memory to its link (a fake hub, made anew each start, is not
    remembered)."""
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    seen: dict[str, object] = {}

    class Link:
        def __init__(self, url: str, options: HubOptions, on_event: object, known: object = None) -> None:
            seen["known"] = known

        def start(self) -> Link:
            raise RuntimeError("stop here")

    monkeypatch.setattr(sensor_module, "HubLink", Link)
    board = SimpleNamespace(path=tmp_path / "uboot.toml")
    monkeypatch.setattr(sensor_module, "hub_options", lambda b: HubOptions(url="/dev/ttyACM1", check_name=True))
    with pytest.raises(RuntimeError, match="stop here"):
        sensor_module.HubFigureSensor(board, tags=FigureTags({})).start(lambda change: None)  # type: ignore[arg-type]
    known = seen["known"]
    assert isinstance(known, RememberedHub) and known.path == tmp_path / "hubs.json"
    assert known.key == f"{tmp_path / 'uboot.toml'} @ /dev/ttyACM1"
