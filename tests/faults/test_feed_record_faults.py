"""Nothing lost, damaged saves, the feed's record (kaleun.uboot.feed_record): an event whose data JSON, or Kaleun's
reading of a save, cannot hold (NaN, infinity, numbers beyond a float, keys that are no text, nesting
thousands of levels deep, a list that holds itself, an unpaired surrogate) reaches a save and a resume:
the game goes on, the save it writes loads again, the event is left out of the saved past with a
warning and everything else is kept. And a save whose `feed` section is damaged is refused naming its
place, or resumes with its past in order."""

from __future__ import annotations

import json
import logging
import math
import random
from collections import Counter
from typing import Any

import pytest
from faultkit import OTHER_TYPES, played
from kaleun.core.errors import SaveError
from kaleun.core.messages import Msg
from kaleun.saves import open_save, save_game
from kaleun.uboot.game import new_game


def _deep(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


def _itself() -> list[Any]:
    value: list[Any] = []
    value.append(value)
    return value


ODD_DATA: dict[str, Any] = {
    "NaN": math.nan, "infinity": -math.inf, "a whole number beyond a float": 10**400,
    "a whole number beyond Python's digits": 10**5000, "a key that is a pair": {(1, 2): "a"},
    "a key that is NaN": {math.nan: 1}, "nested 12 deep": _deep(12), "nested 2000 deep": _deep(2000),
    "nested 100000 deep": _deep(100_000), "a list that holds itself": _itself(), "a set": {1, 2},
    "bytes": b"ab", "an unpaired surrogate": "\ud800", "a surrogate in a key": {"\udcff": 1},
    "a text of 100000 characters": "y" * 100_000,
}


@pytest.mark.parametrize("what", list(ODD_DATA))
def test_an_event_whose_data_a_save_cannot_hold_is_left_out_and_the_game_saves_and_resumes(tmp_path, caplog, what):
    game = new_game(1, "training")
    game.advance_to(game.t + 10)
    with caplog.at_level(logging.WARNING):
        game.emit("probe", feed=Msg("A line of the feed."), odd=ODD_DATA[what])  # the listener hears it
        game.emit("probe_after", feed=Msg("The line after it."))
        save_game(game, tmp_path / "autosave.json")
        opened = open_save(tmp_path / "autosave.json")  # the save it wrote loads
    assert [r for r in caplog.records if "leaves out the event probe" in r.getMessage()], what
    past = [e.name for e in opened.engine.module("compression").record.past()]
    assert past[-1] == "probe_after" and "probe" not in past, (what, past)
    assert [e.name for e in game.module("compression").record.past()][-2:] == ["probe", "probe_after"]  # seen live
    opened.engine.advance_to(opened.engine.t + 120)
    save_game(opened.engine, tmp_path / "again.json")
    open_save(tmp_path / "again.json")


def test_a_message_value_a_save_cannot_hold_leaves_its_event_out(tmp_path):
    game = new_game(1, "training")
    for value in (math.nan, 10**400, "\ud800"):
        game.emit("probe", feed=Msg("Value {v}.", v=value))
    save_game(game, tmp_path / "autosave.json")
    assert "probe" not in [e.name for e in open_save(tmp_path / "autosave.json").engine.module("compression")
                           .record.past()]


FEED_SAVES = 300


def _feed_damaged(state: dict[str, Any], rng: random.Random) -> str:
    """`state` with its feed section damaged one way; returns what was done."""
    feed = state["modules"]["compression"]["feed"]
    events = feed["events"]
    kind = rng.choice(["count", "n", "n", "swap", "double", "drop_key", "type", "feed", "data", "event", "aimed"])
    event = rng.choice(events)
    if kind == "count":
        feed["count"] = rng.choice([0, -1, 1, len(events) - 1, 10**9, 1.5, "3", None])
    elif kind == "n":
        event["n"] = rng.choice([0, -1, feed["count"] + rng.randint(1, 5), events[0]["n"], 10**12, 2.5])
    elif kind == "swap":
        a, b = rng.sample(range(len(events)), 2)
        events[a], events[b] = events[b], events[a]
    elif kind == "double":
        events.insert(rng.randrange(len(events)), rng.choice(events))
    elif kind == "drop_key":
        event.pop(rng.choice(list(event)))
    elif kind == "type":
        event[rng.choice(list(event))] = rng.choice(OTHER_TYPES)
    elif kind == "feed":
        event["feed"] = rng.choice([{"msg": 5}, {"msg": "{a} {b}", "values": {}}, {"msg": "x", "values": [1]},
                                    {"values": {}}, {"msg": "{x}", "values": {"x": {"msg": "{y}"}}}, "x", 7,
                                    {"msg": "{n}", "plural": ["a"], "values": {"n": 1}},
                                    {"msg": "{n} x", "plural": [1, 2], "values": {"n": "many"}},
                                    {"msg": "{x.real} {x[0]} {y.__class__}", "values": {"x": 1, "y": "a"}},
                                    {"msg": "{x}", "values": {"x": {"when": "1941-06-01T04:00:00", "time": 1}}},
                                    {"msg": "{n}", "plural": ["{n.y}", "{n[2]}"], "values": {"n": 2}}])
    elif kind == "data":
        odd = rng.choice([[], "x", {"a": _deep(5)}, {"contacts": None}, {"contacts": 5}, {"contacts": [[1]]},
                          {"bearing": "x"}, {"range_nm": None}, {"ships": "x"}, {"sensor": []}, {"gun": {}},
                          {"contact": None}, {"1": 1e308}])
        event["data"] = {**event["data"], **odd} if isinstance(odd, dict) and rng.random() < 0.7 else odd
    elif kind == "event":
        event["event"] = rng.choice(["contact", "gun_round", "", "x" * 64, "report"])
    else:  # the mission log's attacks: `aimed` damaged
        attacks = state["modules"]["mission"].get("log", {}).get("attacks") if isinstance(
            state["modules"]["mission"].get("log"), dict) else None
        if attacks:
            rng.choice(attacks)["aimed"] = rng.choice(["", "Disc", "auto", 1, None, [], {"x": 1}, "manual", "disc"])
        else:
            event["t"] = rng.choice([-1.0, 1e308, "1"])
    return kind


@pytest.mark.slow
def test_a_damaged_feed_section_is_refused_by_its_place_or_resumes_with_its_past(tmp_path):
    """Nothing lost, damaged saves: a save's `feed` (the feed's recent past) damaged a few hundred seeded ways."""
    from kaleun.ui.feedlog import FeedLog, recall

    base = played("exercise_convoy_battle", 2, steps=120).to_state()
    assert len(base["modules"]["compression"]["feed"]["events"]) > 5
    text = json.dumps(base)
    rng = random.Random(43)
    outcomes: Counter[str] = Counter()
    path = tmp_path / "autosave.json"
    for number in range(FEED_SAVES):
        state = json.loads(text)
        kind = _feed_damaged(state, rng)
        path.write_text(json.dumps(state))
        try:
            opened = open_save(path)
        except SaveError as exc:
            assert "fails within" not in str(exc), (kind, str(exc))
            outcomes["refused"] += 1
            continue
        except Exception as exc:
            raise AssertionError(f"feed damage #{number} ({kind}) crashed the resume: {exc!r}") from exc
        game = opened.engine
        record = game.module("compression").record
        numbers = [n for n, _, _ in record._kept()]
        assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers), (kind, numbers)
        recall(FeedLog(), game)  # the front end reads the past as it starts
        game.emit("probe", feed=Msg("A line after the resume."))
        save_game(game, tmp_path / "again.json")
        again = open_save(tmp_path / "again.json").engine.module("compression").record.past()
        assert again[-1].name == "probe", (kind, [e.name for e in again])
        outcomes["ran on"] += 1
    print(f"\nfeed sections damaged: {FEED_SAVES} saves: {dict(outcomes)}")


def test_a_feed_template_damaged_into_a_field_lookup_resumes_and_shows_as_it_is(tmp_path):
    """A template read back from a damaged save ("{x.real}", "{n[2]}") is shown as it is: formatting it
    raised AttributeError/TypeError in the front end that reads the past as the resumed table starts."""
    from kaleun.ui.feedlog import FeedLog, recall

    game = new_game(1, "training")
    game.emit("probe", feed=Msg("Value {v}.", v=1))
    state = game.to_state()
    saved = state["modules"]["compression"]["feed"]["events"][-1]
    saved["feed"] = {"msg": "Value {v.real} {v[2]} {w.x}.", "values": {"v": 1, "w": "a"}}
    (tmp_path / "autosave.json").write_text(json.dumps(state))
    opened = open_save(tmp_path / "autosave.json")
    recall(FeedLog(), opened.engine)
    assert str(opened.engine.module("compression").record.past()[-1].feed) == "Value {v.real} {v[2]} {w.x}."


@pytest.mark.parametrize("aimed", ["", "Disc", "auto", 1, None, [], {"x": 1}])
def test_a_damaged_aimed_of_an_attack_in_the_patrol_log_is_refused_by_its_place(tmp_path, aimed):
    """The mission log's attacks keep how a salvo at no contact was aimed ("disc" or "manual"); any other
    value in a save is refused naming its place, never found out by the debrief."""
    state = new_game(1, "training").to_state()
    log = state["modules"]["mission"].setdefault("log", {})
    log["attacks"] = [{"t": 60.0, "kind": "salvo", "target": None, "lat": 47.0, "lon": -3.0, "aimed": aimed}]
    (tmp_path / "autosave.json").write_text(json.dumps(state))
    with pytest.raises(SaveError, match=r"damaged at modules\.mission\.log\.attacks\[0\]\.aimed"):
        open_save(tmp_path / "autosave.json")
    log["attacks"][0]["aimed"] = "disc"
    (tmp_path / "autosave.json").write_text(json.dumps(state))
    open_save(tmp_path / "autosave.json")


READ_BY_THE_FEED = [
    ("contact", {"contact": "c1", "bearing": "x", "range_nm": 3.0}), ("contact", {"contact": "c1", "bearing": 40}),
    ("contact", {"contact": ["c1"], "bearing": 40, "range_nm": 3.0}), ("contact", {"bearing": 40, "range_nm": None}),
    ("contact_report", {"ships": "x", "sensor": "lookouts", "contacts": ["c1"]}),
    ("contact_report", {"ships": 1, "sensor": ["lookouts"], "contacts": ["c1"]}),
    ("contact_report", {"ships": 1, "sensor": "lookouts", "contacts": 5}),
    ("contact_report", {"ships": 1, "sensor": "lookouts", "contacts": [["c1"]]}),
    ("gun_round", {"gun": ["gun_88"], "hit": True}), ("gun_firing", {"gun": {"a": 1}}),
]


@pytest.mark.parametrize(("event", "data"), READ_BY_THE_FEED)
def test_a_kept_event_whose_data_the_feed_cannot_read_is_refused_by_its_place(tmp_path, event, data):
    """The feed reads some events' data to group its lines (a contact's bearing and range, a report's
    ships and contacts, a gun's rounds). A save whose kept event holds there what the feed cannot read
    loaded, and the window or console resuming it crashed as it read its past (ValueError, TypeError)."""
    game = new_game(1, "training")
    game.emit("probe", feed=Msg("A line of the feed."))
    state = game.to_state()
    saved = state["modules"]["compression"]["feed"]["events"][-1]
    saved["event"], saved["data"] = event, data
    (tmp_path / "autosave.json").write_text(json.dumps(state))
    with pytest.raises(SaveError, match=r"damaged at modules\.compression\.feed\.events\[\d+\]\.data\.\w+"):
        open_save(tmp_path / "autosave.json")
