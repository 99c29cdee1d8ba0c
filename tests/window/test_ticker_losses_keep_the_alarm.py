"""Alarms stand out; the feed stays readable and says what is new at 800x480: a convoy's ships leaving
sight one by one make one growing line ("Lookouts: lost sight of c23, c17, … and 3 more."). Once that line was
too long for one row of the ticker it took both, and the alarm just before it (an aircraft turning in to attack)
was gone from the ticker while the attack went on. The line of losses now keeps to its own row, in the smallest
text or a piece at a time, and the alarm keeps the other; each piece is whole, in English, German and Russian."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kaleun.uboot.sea.reports import lost_feed
from kaleun.ui.window import TICKER_PAGE_SECONDS

from window.fingers import Table_, shown

#: contact names as a large convoy has them (two figures each)
CONTACTS = ("c23", "c17", "c31", "c12", "c28", "c19", "c35", "c26", "c14", "c33", "c21")


def lose(table: Table_, contact: str, said: str) -> None:
    reason = "out of sight" if said == "sight" else "no longer reported"
    table.game.emit("contact_lost", feed=lost_feed(said, [contact]), contact=contact, reason=reason,
                    sensor="lookouts")
    table.runtime.step()


@pytest.mark.parametrize("said", ["sight", "plot"])
@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_9_losses_after_an_alarm_leave_it_in_the_ticker(language: str, said: str) -> None:
    table = Table_(mission="exercise_convoy", seed=0, language=language)
    attack = Msg("The {aircraft} ({contact}) turns in to attack the boat!", aircraft=Msg.term("Sunderland"),
                 contact="a1")
    table.game.emit("aircraft_attacking", feed=attack, contact="a1")
    table.runtime.step()
    table.window.dismiss_alarms()
    tr = table.window.tr
    alarm = table.window.scene().feed[-1]
    assert alarm.alarm == "aircraft"
    for contact in CONTACTS:
        lose(table, contact, said)
        newest = table.window.scene().feed[-1]
        assert newest.event == "contact_lost"
        whole = tr(newest.words)
        table.window.cut.clear()
        drawn = shown(table)
        assert tr(alarm.words) in drawn, f"the aircraft's alarm went from the ticker under {whole!r}"
        assert not table.window.cut, table.window.cut
        # the line of losses on its row: whole, or in pieces that together hold every word of it
        pieces = [words for words in drawn if words.strip("… ") and words.strip("… ") in whole
                  and words != tr(alarm.words)]
        assert pieces, (whole, drawn)
    # the last, longest line of losses: its pieces come round on its row, and together say all of it
    said = []
    for _ in range(6):
        drawn = shown(table)
        said += [words.strip("… ") for words in drawn if words.strip("… ") in whole and words != tr(alarm.words)]
        assert tr(alarm.words) in drawn
        table.clock.now += TICKER_PAGE_SECONDS
    assert all(word in " ".join(said) for word in whole.split()), (whole, said)
