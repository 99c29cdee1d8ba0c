"""Every sound the table makes, declared once: cue name -> synthesiser, the event that plays it,
and the mixer channel it plays on.

Adding a sound is one entry in `CUES` (and its synthesiser): the sounders, the runtime's sound
output, the bring-up check and the docs all read this table. Cues on different channels never
cut each other (a ping never stops the bell); a channel group with several channels (the
explosions of a pattern of depth charges) plays on a free one, else cuts its oldest sound.
Loudness between cues is `gain`; the table's volume (board file, console) scales them all.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from kaleun.sounds import alarms, bell, explosions, ping, ship, signals

#: channel group -> how many mixer channels it has (a salvo's torpedoes, a pattern's charges overlap)
CHANNELS: dict[str, int] = {"bell": 1, "ping": 1, "alarm": 1, "telegraph": 1, "torpedo": 3,
                            "explosions": 3, "ships": 1, "hull": 1, "alarms": 2}

#: wall seconds between two sounds beginning on a channel group (else SPACING_S): events that come
#: together (a pattern's charges, a salvo, in one step of the game) sound one after another, as
#: the real ones did, not all in one instant (the same samples added up: one sound three times as
#: loud, clipped). A group with one channel drops a cue that would cut its sound sooner (pings
#: under time compression: at most two a second, not a buzz of sounds cut at their start); a group
#: with several delays it by the spacing, as far as its channels reach, and drops what lies beyond
#: (fifty pings or charges in a step never pile up into a backlog). [our choice]
SPACING_S = 0.25
GROUP_SPACING_S: dict[str, float] = {"ping": 0.5, "explosions": 0.4, "torpedo": 0.5}

#: every cue's peak at the table's full volume, as a share of the speaker's full scale. SDL's mixer
#: adds its channels and clips the sum: a near depth charge over a ping was clipped at the default
#: volume. At half scale the worst moment of a hunt (a pattern of three near charges as they are
#: spaced, a ping, the hull creaking) stays within range at full volume. [our choice]
HEADROOM = 0.5

Data = Mapping[str, Any]


def _always(data: Data) -> bool:
    return True


def _same(data: Data) -> Hashable:
    return None


def _fixed(render: Callable[[int], np.ndarray]) -> Callable[[int, Data], np.ndarray]:
    return lambda rate, data: render(rate)


def _bell(rate: int, data: Data) -> np.ndarray:
    return (bell.render(list(data.get("pattern") or [1]), rate, 1.0) / 32767).astype(np.float32)


def _ping(rate: int, data: Data) -> np.ndarray:
    return (ping.render(rate, 1.0) / 32767).astype(np.float32)


@dataclass(frozen=True)
class Cue:
    name: str
    #: the event that plays it
    event: str
    #: (sample rate, the event's data) -> mono float32 samples in [-1, 1]
    render: Callable[[int, Data], np.ndarray]
    channel: str
    gain: float = 1.0
    #: plays only when this holds for the event's data
    when: Callable[[Data], bool] = _always
    #: what makes two renders differ (the bell's pattern); renders are cached by it
    variant: Callable[[Data], Hashable] = _same
    description: str = ""
    #: a window alarm's sound: it plays when the info feed raises the alarm (the event starts a feed
    #: line, or is news again on its line), not when the event only adds to a line whose alarm
    #: sounded already (a ship added to a contact report: `kaleun.ui.feedlog`, `Change.raises`)
    feed_alarm: bool = False


CUES: tuple[Cue, ...] = (
    Cue("bell", "bell", _bell, "bell", 1.0, variant=lambda d: tuple(d.get("pattern") or [1]),
        description="the ship's bell at the watch change, struck in pairs"),
    Cue("ping", "ping", _ping, "ping", 0.8, description="an escort's ASDIC ping on the hull"),
    Cue("depth_charge_near", "explosion", _fixed(explosions.depth_charge_near), "explosions", 1.0,
        when=lambda d: d.get("near") is True,
        description="a depth charge close aboard (within the reach of its damage: the explosion's `near`)"),
    Cue("depth_charge_far", "explosion", _fixed(explosions.depth_charge_far), "explosions", 0.55,
        when=lambda d: d.get("near") is not True, description="a depth charge farther off"),
    Cue("torpedo_launch", "torpedo_fired", _fixed(signals.torpedo_launch), "torpedo", 0.9,
        description="a torpedo leaves its tube"),
    Cue("torpedo_hit", "torpedo_hit", _fixed(explosions.torpedo_hit), "explosions", 0.8,
        description="a torpedo hits, heard through the water"),
    Cue("ship_breaking_up", "ship_sunk", _fixed(ship.ship_breaking_up), "ships", 0.8,
        description="a ship breaking up as she sinks"),
    Cue("diving_alarm", "boat_submerged", _fixed(signals.diving_alarm), "alarm", 0.7,
        description="the diving alarm when the boat dives"),
    Cue("hull_creak", "test_depth", _fixed(ship.hull_creak), "hull", 0.9,
        description="the hull creaks below the test depth"),
    Cue("telegraph_ring", "order_accepted", _fixed(signals.telegraph_ring), "telegraph", 0.6,
        when=lambda d: d.get("order") == "new_speed", description="the engine telegraph answers a new speed"),
    # the window's alarms (kaleun.ui.alarms): each its own sound, played when the feed raises the alarm
    Cue("contact_alarm", "contact_report", _fixed(alarms.contact_chime), "alarms", 0.6, feed_alarm=True,
        when=lambda d: not d.get("aircraft"),
        description="ships reported (a new report; ships added to it are quiet): two rising chimes"),
    Cue("aircraft_alarm", "contact_report", _fixed(alarms.aircraft_klaxon), "alarms", 0.8, feed_alarm=True,
        when=lambda d: bool(d.get("aircraft")), description="aircraft reported: the klaxon, three blasts"),
    Cue("gunfire_alarm", "gunfire", _fixed(alarms.gunfire_reports), "alarms", 0.8, feed_alarm=True,
        description="the enemy opens fire: shells bursting near the boat"),
    Cue("breach_alarm", "hull_breach", _fixed(alarms.breach_whoop), "alarms", 0.8, feed_alarm=True,
        description="a hull breach: the alarm whoop over water coming in"),
    Cue("breach_countdown_alarm", "breach_warning", _fixed(alarms.breach_countdown), "alarms", 0.9, feed_alarm=True,
        description="a minute before a breached section floods: the whoop again, higher and three times as fast"),
    Cue("breach_failed_alarm", "puzzle_failed", _fixed(alarms.breach_countdown), "alarms", 0.9, feed_alarm=True,
        description="the breach could not be sealed (its puzzle failed): the countdown's urgent whoop"),
    Cue("flooding_alarm", "section_flooded", _fixed(alarms.breach_whoop), "alarms", 0.9, feed_alarm=True,
        description="a section floods and is sealed off: the breach's whoop once more"),
    Cue("fire_alarm", "condition_placed", _fixed(alarms.fire_bell), "alarms", 0.7, feed_alarm=True,
        when=lambda d: d.get("condition") == "fire", description="a fire: the fire bell in two bursts"),
)

BY_NAME: dict[str, Cue] = {cue.name: cue for cue in CUES}
BY_EVENT: dict[str, tuple[Cue, ...]] = {}
for _cue in CUES:
    BY_EVENT[_cue.event] = (*BY_EVENT.get(_cue.event, ()), _cue)


def cues_for(event: str, data: Data) -> list[Cue]:
    """The cues an event plays."""
    return [cue for cue in BY_EVENT.get(event, ()) if cue.when(data)]
