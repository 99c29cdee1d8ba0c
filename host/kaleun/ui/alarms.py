"""The alarms the window makes stand out: each kind its own colour, icon, word and sound cue, so
no alarm is told by colour alone.

| alarm | raised by | colour | icon | sound cue (kaleun.sounds.cues) | screen |
|---|---|---|---|---|---|
| contact | `contact_report` of ships | amber | ship | `contact_alarm` | plot |
| aircraft | `contact_report` with aircraft, `aircraft_attack(ing)` | sky blue | aircraft | `aircraft_alarm` | plot |
| gunfire | `gunfire` (the enemy fires on the boat) | magenta | shell burst | `gunfire_alarm` | plot |
| depth charges | `depth_charges` | violet | depth charge | `depth_charge_near` / `_far` | damage |
| breach | `hull_breach`, `breach_warning`, `puzzle_failed`, `section_flooded` | red | crack | four (below) | damage |
| fire | `condition_placed` of a fire | orange | flame | `fire_alarm` | damage |

An alarm is raised when the feed says so (`kaleun.ui.feedlog`, `Change.raises`): by an event that
starts a feed line or is news again on its line (another pattern of depth charges, another ship
firing, a fire after the damage), not by a ship added to an open contact report (a convoy coming
into view raises the contact alarm once); the alarm cues play on the same condition (`feed_alarm`),
and a fast forward drops to real time by the same rule (`kaleun.uboot.sea.reports`, `kaleun.uboot.compression`).

A breach's countdown warning (`breach_warning`) sounds `breach_countdown_alarm`, the breach's whoop
higher and three times as fast; a failed breach puzzle (`puzzle_failed`) sounds the same urgent whoop
(`breach_failed_alarm`), a flooded section (`section_flooded`) the breach's whoop (`flooding_alarm`).

The banner shows the most urgent alarm waiting (`URGENCY`: a hull breach first, then a fire, depth
charges, gunfire, an aircraft, a contact), the newest of its kind; touching it shows the next. Beside the
alarm's word it shows the feed line without what only repeats that word (`banner_words`): "Depth charges" over
"close aboard! Attacker: …", not over "Depth charges!". A
breach's line shows the time left now (its minutes and seconds counted down to the breach's deadline,
as the boat drawing does), not the time it had when it was written. A banner goes by itself 15 s
after the newest alarm came, except a breach still counting down: it stays until it is touched or
the breach is over. A waiting banner shows its feed line as it is now (a convoy's report grown by a
ship), and a window opened on a saved game raises the breach still counting down again.
The sound plays through the runtime's sound output (every cue is declared in the cue table with
its event); the window shows the banner, marks the feed line and lights the screen's tab.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from kaleun.core.messages import Msg
from kaleun.ui.theme import ALARM_COLORS, Color

Data = Mapping[str, Any]


def _count(data: Data, key: str) -> int:
    value = data.get(key)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


@dataclass(frozen=True)
class AlarmKind:
    name: str
    word: Msg
    icon: str
    #: the cues that sound it (names in kaleun.sounds.cues)
    cues: tuple[str, ...]
    #: the screen a touch on the banner opens
    screen: str
    #: events that raise it: event name -> condition on its data
    raised_by: tuple[tuple[str, Callable[[Data], bool]], ...]

    @property
    def color(self) -> Color:
        return ALARM_COLORS[self.name]


def _always(data: Data) -> bool:
    return True


ALARMS: tuple[AlarmKind, ...] = (
    AlarmKind("contact", Msg("Contact"), "ship", ("contact_alarm",), "plot",
              (("contact_report", lambda d: _count(d, "aircraft") == 0),)),
    AlarmKind("aircraft", Msg("Aircraft"), "aircraft", ("aircraft_alarm",), "plot",
              (("contact_report", lambda d: _count(d, "aircraft") > 0), ("aircraft_attacking", _always),
               ("aircraft_attack", _always))),
    AlarmKind("gunfire", Msg("Gunfire"), "burst", ("gunfire_alarm",), "plot", (("gunfire", _always),)),
    AlarmKind("depth_charges", Msg("Depth charges"), "depth_charge", ("depth_charge_near", "depth_charge_far"),
              "damage", (("depth_charges", _always),)),
    AlarmKind("breach", Msg("Hull breach"), "breach", ("breach_alarm", "breach_countdown_alarm", "breach_failed_alarm",
                                                          "flooding_alarm"), "damage",
              (("hull_breach", _always), ("breach_warning", _always), ("puzzle_failed", _always),
               ("section_flooded", _always))),
    AlarmKind("fire", Msg("Fire"), "fire", ("fire_alarm",), "damage",
              (("condition_placed", lambda d: d.get("condition") == "fire"),)),
)
BY_NAME: dict[str, AlarmKind] = {a.name: a for a in ALARMS}
#: the alarms from the least to the most urgent: the banner shows the most urgent one waiting (a
#: breach counting down is not hidden by a lookout's report that came after it), the newest of a kind
URGENCY: tuple[str, ...] = ("contact", "aircraft", "gunfire", "depth_charges", "fire", "breach")


def alarm_for(event: str, data: Data) -> AlarmKind | None:
    """The alarm an event raises, if any."""
    for kind in ALARMS:
        for name, when in kind.raised_by:
            if name == event and when(data):
                return kind
    return None


#: a first sentence of at most this many words ending in "!" only calls the alarm ("Gunfire!", "Aircraft attack!")
_CALL_WORDS = 2
_STRIP = " \t!.,:;—–-"


def banner_words(word: str, line: str) -> str:
    """The feed line as the banner shows it beside its alarm's word (both rendered in the table's language): the
    line without what only repeats the word, so the banner says what is new. A line that opens with the word
    goes on after it ("Depth charges" over "close aboard! Attacker: …", "Fire" over "in section 5 (…)!"); one that
    opens with a short call of the alarm in other words ("Aircraft attack!", "Fliegeralarm!") goes on after the
    call ("A Short Sunderland roars over the boat."). A line that would have nothing left is shown whole."""
    text = line.strip()
    mark = text.find("!")
    if mark > 0 and len(text[:mark].split()) <= _CALL_WORDS and not any(ch.isdigit() for ch in text[:mark]):
        rest = text[mark + 1:].lstrip(_STRIP)
        if rest:
            return rest
    said = word.strip()
    if said and text.casefold().startswith(said.casefold()):
        after = text[len(said):]
        if after and not after[0].isalnum():
            rest = after.lstrip(_STRIP)
            if rest:
                return rest
    return text
