"""Two Kaleuns booking finished missions in one career record at the same moment each keep the other's
(rulebook §4.3: the career and the campaign are made of every mission played). A booking reads the record,
adds its mission and writes the record again; six `kaleun run --load` of ended saves started together (a
tester's batch, or a script's game ending while the table's did) left three or four of the six missions in
the record, each run saying its mission was booked. The record's folder is now held from the reading to the
writing."""

from __future__ import annotations

import threading

from kaleun import files
from kaleun.career import load_career, record_mission
from kaleun.uboot.game import new_game
from missionkit import advance, do, one

H = 3600.0
FAR = {"id": "far", "kind": "reach", "square": "AL03", "text": "Be in AL03."}  # sc_convoy_1940 starts there


def ended_game(seed: int):
    """A single mission shortened to an hour and won: a game to book, told apart from another by its seed."""
    g = new_game(seed, "sc_convoy_1940", {"time_limit_h": 1, "encounter": [], "radio": [], "air_cover": "none",
                                          "traffic": "none", "par_grt": 0, "objective": [FAR]})
    do(g, {"do": "crew_options", "rules": "advise", "wear": False})
    assert one(advance(g, 2 * H), "mission_end")["result"] == "won"
    return g


def test_4_3_two_missions_booked_at_the_same_moment_are_both_in_the_career(home, monkeypatch):
    first, second = ended_game(1), ended_game(2)
    import kaleun.career as career

    read = career.load_career
    second_tried = threading.Event()  # the second booking waits for the record (or, unheld, has written it)
    first_read = threading.Event()

    def first_reads_then_waits(path=None):
        record = read(path)
        if threading.current_thread().name == "first":
            first_read.set()
            second_tried.wait()  # the moment the second booking comes, between this reading and its writing
        return record

    sleep = files.time.sleep

    def waiting_for_the_lock(seconds: float) -> None:
        if threading.current_thread().name == "second":
            second_tried.set()
        sleep(seconds)

    monkeypatch.setattr(career, "load_career", first_reads_then_waits)
    monkeypatch.setattr(files.time, "sleep", waiting_for_the_lock)
    booked: dict[str, object] = {}
    one_booking = threading.Thread(name="first", target=lambda: booked.update(first=record_mission(first)))
    one_booking.start()
    assert first_read.wait(60)  # failure guard only
    other = threading.Thread(name="second", target=lambda: booked.update(second=record_mission(second)))
    other.start()
    other.join(60)
    second_tried.set()  # unheld, the second booking wrote without waiting: the first writes over it now
    one_booking.join(60)
    assert booked["first"] is not None and booked["second"] is not None  # each said it booked its mission
    record = load_career()
    assert sorted(m["seed"] for m in record["missions"]) == [1, 2], record["missions"]
    assert record["totals"]["missions"] == 2
