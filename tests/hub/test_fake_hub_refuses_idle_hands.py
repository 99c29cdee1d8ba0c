"""The fake hub's command language (firmware/README.md, "The fake hub"): a hand that changes nothing is an
`error:` line with the reason, never `ok`. `remove` of a tag the reader does not hold, `lift` of a figure on
no reader, a second `unplug` (and `plug`, `freeze`, `thaw`, `break`, `fix` that find the hub as asked
already, a `reload` with the cable out) answered `ok`: a tester's script with a typo in a UID or a figure, or
`unplug` written where `plug` was meant, ran on as if the hand had moved and the test it drove passed
without it. The moves that do something still answer `ok`, as scripts expect."""

from __future__ import annotations

import pytest
from kaleun.boards.loader import load_board
from kaleun.hub.commands import fake_command
from kaleun.hub.fake import FakeHub
from kaleun.hub.options import hub_config, hub_options
from kaleun.hub.tags import FigureTags, simulated_uid
from kaleun.i18n import language
from kit import BOARDS

TAG = "04AABBCCDDEEFF"


@pytest.fixture
def hand(tmp_path, monkeypatch):
    """Type a line to a fake hub with the shipped fake board's nine readers; the answer comes back."""
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    tags = FigureTags.load()
    with FakeHub(hub_config(load_board(BOARDS / "fake-hub.toml"))) as fake:
        yield lambda line, say=str: fake_command(fake, tags, line, say)


def test_remove_of_a_tag_the_reader_does_not_hold_says_where_it_is(hand):
    assert hand(f"remove 0 {TAG}") == f"error: tag {TAG} is on no reader (reader 0 holds none)"
    assert hand(f"put 0 {TAG}") == "ok"
    assert hand(f"remove 1 {TAG}") == f"error: tag {TAG} is not on reader 1 but on reader 0"
    typo = "04AABBCCDDEEF0"  # one digit wrong
    assert hand(f"remove 0 {typo}") == f"error: tag {typo} is on no reader (reader 0 holds {TAG})"
    assert hand("status").startswith(f"ok plugged 0:{TAG} 1:-")  # nothing moved
    assert hand(f"remove 0 {TAG}") == "ok"
    assert hand(f"remove 0 {TAG}") == f"error: tag {TAG} is on no reader (reader 0 holds none)"


def test_a_tag_put_twice_on_one_reader_is_refused_in_the_makers_words(hand):
    assert hand(f"put 4 {TAG}") == "ok"
    assert hand(f"put 4 {TAG.lower()}") == f"error: tag {TAG} is on reader 4 already"
    assert hand(f"put 5 {TAG}") == "ok"  # a tag between two antennas is read by both


def test_lift_of_a_figure_on_no_reader_is_refused(hand):
    uid = simulated_uid("captain-square")
    assert hand("lift captain-square") == f"error: captain-square is on no reader (its tag {uid}): nothing to lift"
    assert hand("place captain-square 3") == "ok captain-square on reader 2"
    assert hand("lift captain-square") == "ok"
    assert hand("lift captain-square").startswith("error: captain-square is on no reader")


def test_a_second_unplug_or_plug_is_refused_and_the_replug_still_answers_ok(hand):
    assert hand("unplug") == "ok"
    assert hand("unplug") == "error: the fake hub is unplugged already (plug puts the cable back in)"
    assert hand("reload") == "error: the fake hub is unplugged, so its firmware cannot restart: plug it in first"
    assert hand("status").startswith("ok unplugged ")
    plugged = hand("plug")
    assert plugged.startswith("ok plugged in on /dev/"), plugged
    port = plugged.rsplit(" ", 1)[1]
    assert hand("plug") == f"error: the fake hub is plugged in already, on {port} (unplug pulls the cable)"
    assert hand("reload") == "ok"


def test_freeze_thaw_break_and_fix_that_find_the_hub_so_already_are_refused(hand):
    assert hand("thaw") == "error: the fake hub is not frozen (freeze hangs it)"
    assert hand("freeze") == "ok"
    assert hand("freeze") == "error: the fake hub is frozen already (thaw lets it run again)"
    assert hand("thaw") == "ok"
    assert hand("fix 3") == "error: reader 3 is not broken (break stops it)"
    assert hand("break 3") == "ok"
    assert hand("break 3") == "error: reader 3 is broken already (fix mends it)"
    assert hand("fix 3") == "ok"
    assert hand("break 99") == "error: the fake hub has readers 0-8, not 99"


@pytest.mark.parametrize("code, said", [
    ("de", "error: captain-square liegt auf keinem Leser (sein Tag {uid}): nichts abzuheben"),
    ("ru", "error: captain-square не лежит ни на одном считывателе (его метка {uid}): снимать нечего"),
])
def test_the_refusals_are_in_the_makers_language_behind_the_answer_word(hand, code, said):
    uid = simulated_uid("captain-square")
    assert hand("lift captain-square", language(code).render) == said.format(uid=uid)
    assert hand("unplug", language(code).render) == "ok"
    assert hand("unplug", language(code).render).startswith("error: ")
    assert "unplugged" not in hand("unplug", language(code).render)


def test_a_turn_of_no_counts_is_refused_and_a_wrong_encoder_still_named(tmp_path, monkeypatch):
    """`turn 0 0` (the counts left at 0, or a script's variable that came out 0) answered `ok`."""
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    with FakeHub(hub_config(load_board(BOARDS / "pico-hub.toml"))) as fake:
        dials = [encoder.dial for encoder in hub_options(load_board(BOARDS / "pico-hub.toml")).encoders]
        assert fake_command(fake, None, "turn telegraph 0", str, dials) == (
            "error: a turn of 0 counts moves nothing: give the counts, + clockwise, - counter-clockwise")
        assert fake_command(fake, None, "turn 7 0", str, dials) == "error: the fake hub has encoders 0-3, not 7"
        assert fake_command(fake, None, "turn telegraph -2", str, dials) == "ok"
        assert fake.encoders[0].position == -2


def test_a_turn_no_hand_makes_in_one_report_is_refused_with_its_limit(tmp_path, monkeypatch):
    """`turn 0 99999999999` answered `ok`: no encoder turns that far between two polls of a real hub, and the frame
    it made was more than the host reads (a whole number of at most nine digits). The limit is the protocol's
    (codec.MAX_TURN: a whole turn of the finest ring a board may declare), said with the reason; the encoder stays."""
    from kaleun.hub.proto import MAX_TURN

    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    with FakeHub(hub_config(load_board(BOARDS / "pico-hub.toml"))) as fake:
        dials = [encoder.dial for encoder in hub_options(load_board(BOARDS / "pico-hub.toml")).encoders]
        for counts in ("99999999999", f"-{MAX_TURN + 1}"):
            assert fake_command(fake, None, f"turn 0 {counts}", str, dials) == (
                f"error: a turn of {counts} counts is more than a hand turns an encoder in one report of the hub (at "
                f"most {MAX_TURN} either way: a whole turn of the finest ring a board may have); turn it in several")
        assert fake.encoders[0].position == 0
        assert fake_command(fake, None, f"turn disc_own_course {MAX_TURN}", str, dials) == "ok"
        assert fake.encoders[1].position == MAX_TURN
