"""The game side of the deck hub: link changes and unknown tags become logged events with
feed messages (game commands, so the core stays pure and scripts can replay them)."""

from __future__ import annotations

import pytest
from kaleun.core.errors import CommandError
from kaleun.uboot.game import load_game, new_game


def test_hub_offline_and_back_online_reach_the_log_and_the_feed():
    game = new_game(0)
    game.take_events()
    [first] = game.apply({"do": "hub", "state": "online", "firmware": "1.0.0", "protocol": 1, "readers": 8})
    assert first.name == "hub_online" and first.feed is None  # the first contact is no news
    game.advance_to(100)
    [off] = game.apply({"do": "hub", "state": "offline", "reason": "no heartbeat for 1.6 s"})
    assert (off.t, off.name, off.data) == (100, "hub_offline", {"reason": "no heartbeat for 1.6 s"})
    assert "offline (no heartbeat for 1.6 s)" in off.feed
    assert game.apply({"do": "hub", "state": "offline", "reason": "again"}) == []  # said once
    [back] = game.apply({"do": "hub", "state": "online", "firmware": "1.0.0", "protocol": 1, "readers": 8})
    assert back.feed and "back" in back.feed


def test_reader_faults_are_told_once_and_their_recovery_logged():
    game = new_game(0)
    game.take_events()
    [fault] = game.apply({"do": "hub", "state": "reader_fault", "reader": 3, "section": 2, "error": "no_chip"})
    assert fault.name == "hub_reader_fault" and "section 2" in fault.feed
    assert game.apply({"do": "hub", "state": "reader_fault", "reader": 3, "section": 2, "error": "no_chip"}) == []
    [ok] = game.apply({"do": "hub", "state": "reader_ok", "reader": 3, "section": 2})
    assert ok.name == "hub_reader_ok" and ok.feed is None


def test_an_unknown_tag_is_a_prompt_to_enroll():
    game = new_game(0)
    game.take_events()
    [event] = game.apply({"do": "unknown_tag", "uid": "04A1B2C3D4E5F6", "section": 4})
    assert event.data == {"uid": "04A1B2C3D4E5F6", "section": 4}
    assert "Unknown figure tag 04A1B2C3D4E5F6 in section 4: run `kaleun figures enroll`" in event.feed


@pytest.mark.parametrize(("command", "message"), [
    ({"do": "unknown_tag", "uid": "nope", "section": 4}, "upper-case hex"),
    ({"do": "unknown_tag", "uid": "DEADBEEF", "section": 9}, "section must be between 1 and 8"),
    ({"do": "hub", "state": "sunk"}, "state 'sunk' is not one of"),
    ({"do": "hub", "state": "online", "colour": "red"}, "unknown field"),
])
def test_bad_link_commands_are_command_errors(command, message):
    with pytest.raises(CommandError, match=message):
        new_game(0).apply(command)


def test_the_link_state_survives_a_save():
    game = new_game(0)
    game.apply({"do": "hub", "state": "offline", "reason": "cable"})
    game.apply({"do": "hub", "state": "reader_fault", "reader": 1})
    loaded = load_game(game.to_state())
    assert loaded.module("table_link").status() == {"hub": "offline", "faulty_readers": [1]}


@pytest.mark.parametrize("reader", [-1, 1001, None])
def test_a_reader_fault_the_save_could_not_hold_is_refused(reader):
    """A `fault` frame for reader -1 or 4000 (a hub's firmware gone wrong, a script) was taken into the game,
    which then wrote a save that `kaleun resume` refused as damaged (`modules.table_link.faulty[0]`)."""
    command = {"do": "hub", "state": "reader_fault", "error": "no_chip"}
    if reader is not None:
        command["reader"] = reader
    with pytest.raises(CommandError, match="reader"):
        new_game(0).apply(command)


def test_every_reader_fault_the_game_takes_is_saved_and_resumed():
    import json

    from kaleun.saves import load_checked

    game = new_game(0)
    for reader in range(1001):
        game.apply({"do": "hub", "state": "reader_fault", "reader": reader, "error": "no_chip"})
    loaded = load_checked(json.loads(json.dumps(game.to_state())))
    assert loaded.module("table_link").status()["faulty_readers"] == list(range(1001))
