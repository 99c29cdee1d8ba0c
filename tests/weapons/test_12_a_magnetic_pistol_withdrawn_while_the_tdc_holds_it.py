"""The torpedo crisis by date (torpedoes.toml [[periods]]: the magnetic pistol is withdrawn from 1 July 1940 until
the Pi 2 of December 1942). A TDC set for the magnetic pistol on the night of 30 June 1940 still held it after
midnight, and the salvo went out with a magnetic pistol that no longer failed or fired early — the new period's
rates are those of a pistol not issued. The salvo is refused now, saying why and what to do; the TDC programmed
again takes the contact pistol, as a `tdc` order that leaves the pistol out does when the one it holds is no longer
issued."""

from __future__ import annotations

from kaleun.core.messages import Msg
from kaleun.i18n import language
from weaponskit import advance, one, order, range_game, refused

TRAMP = {"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}
TDC = {"bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}
WITHDRAWN = ("the TDC is set for the magnetic pistol, not issued in July 1940: program the TDC again (the boats "
             "carry contact pistols only)")


def _set_on_the_last_night_of_june():
    g = range_game(start="1940-06-30T23:59:00", vessels=[TRAMP], flooded=[1])
    assert one(order(g, "tdc", **TDC, pistol="magnetic", depth_m=9), "tdc_programmed")["pistol"] == "magnetic"
    advance(g, 120)  # 1 July 1940, 00:01
    return g


def test_12_a_salvo_on_a_magnetic_pistol_withdrawn_since_the_tdc_was_set_is_refused():
    g = _set_on_the_last_night_of_june()
    answer = g.module("orders").preview({"order": "fire_torpedoes", "tubes": [1]})
    assert answer["accepted"] is False and str(answer["reason"]) == WITHDRAWN
    events = order(g, "fire_torpedoes", tubes=[1])
    assert refused(events) == WITHDRAWN
    assert not [e for e in events if e["event"] == "torpedo_fired"]


def test_12_the_tdc_programmed_again_fires_the_contact_pistol():
    g = _set_on_the_last_night_of_june()
    assert one(order(g, "tdc", **TDC), "tdc_programmed")["pistol"] == "contact"
    assert one(order(g, "fire_torpedoes", tubes=[1]), "torpedo_fired")["pistol"] == "contact"


def test_12_the_refusal_reads_in_each_language():
    g = _set_on_the_last_night_of_june()
    reason = g.module("orders").preview({"order": "fire_torpedoes", "tubes": [1]})["reason"]
    assert isinstance(reason, Msg)
    for code, words in (("de", ("Magnetzündung", "Juli 1940")), ("ru", ("СРП", "1940"))):
        said = language(code).render(reason)
        assert all(w in said for w in words) and "program the TDC" not in said, (code, said)
