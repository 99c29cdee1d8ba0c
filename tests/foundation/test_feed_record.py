"""The feed's recent past kept in the save (kaleun.uboot.feed_record): an event's data is copied when it
happens, and the event is written and checked against the save's shape once, by the first save that
holds it; one that would not fit is left out of every save with a warning; a record never saved keeps
no more unsaved events than it keeps events."""

from __future__ import annotations

import logging

from kaleun.core.events import Event
from kaleun.core.messages import Msg
from kaleun.core.shape import check
from kaleun.uboot.feed_record import FEED_KEPT, RECORD_SHAPE, FeedRecord


def _heard(record: FeedRecord, *events: Event) -> None:
    for event in events:
        record.add(event)


def test_a_saved_record_holds_each_event_as_it_happened_and_fits_the_save() -> None:
    record = FeedRecord()
    data = {"tube": 3, "run_s": 74.0, "tubes": (1, 2), "salvo": [{"tube": 3}]}
    event = Event(120.0, "1941-06-01T04:02:00", "torpedo_hit", data,
                  feed=Msg("Torpedo {tube}: hit after {seconds} s.", tube=3, seconds=74))
    _heard(record, event)
    data["tube"] = 5  # a later change to the event's data cannot reach the save
    data["salvo"][0]["tube"] = 4  # nor to what it holds
    state = record.to_state()
    check(RECORD_SHAPE, state, "feed")
    saved = state["events"][0]
    assert saved["data"] == {"tube": 3, "run_s": 74.0, "tubes": [1, 2], "salvo": [{"tube": 3}]} and saved["n"] == 1
    assert saved["feed"]["msg"] == "Torpedo {tube}: hit after {seconds} s."
    assert record.to_state() == state  # the second save writes the same, without checking again


def test_an_event_that_would_not_fit_the_save_is_left_out_of_every_save(caplog) -> None:
    record = FeedRecord()
    good = Event(1.0, "1941-06-01T04:00:01", "report", {}, feed=Msg("Fine."))
    odd = Event(2.0, "x" * 100, "report", {}, feed=Msg("A clock too long for the save."))
    with caplog.at_level(logging.WARNING):
        _heard(record, good, odd)
        first = record.to_state()
        second = record.to_state()
    assert [e["n"] for e in first["events"]] == [1] and second == first
    assert [r for r in caplog.records if "leaves out the event report" in r.getMessage()]
    assert len(record.past()) == 2  # the window still shows it in this run


def test_a_record_never_saved_keeps_no_more_unsaved_events_than_events() -> None:
    record = FeedRecord()
    for n in range(5 * FEED_KEPT):
        record.add(Event(float(n), "1941-06-01T04:00:00", "report", {"n": n}, feed=Msg("Line.")))
    assert len(record._unsaved) == len(record) == FEED_KEPT
    assert next(e["data"]["n"] for e in record.to_state()["events"]) == 4 * FEED_KEPT
