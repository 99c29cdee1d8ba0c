"""What each team has been told, kept in the save: a resumed team screen shows its past.

The window and the console show a team's feed and the enemy's announced track as the events come.
They live in memory, so after `kaleun resume` they would start empty, and the Radio Operator would
have lost the enemy's announced courses, which are exactly what the role works from. The referee
therefore keeps, for each team, the last events that team may see (its view, `visible_to`): the
last `FEED_LENGTH` with a feed text, and the enemy's announced courses, silent runs, surfacings,
torpedoes and mines: all of them while the game runs, the last `TRACK_LENGTH` in the save, which says
whether it left earlier ones out (`cut`: a resumed track begins with "…", not as if it were the enemy's
first course). The save holds both teams' records (as it holds all hidden state); a front end
asks for its own team's only (`past(team)`), so hidden information stays hidden.

Each kept event keeps its feed as a message (template and values, `messages.to_json`), so a table
that resumes in another language reads the past in that language too.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

from kaleun.core.events import Event, visible_to
from kaleun.core.messages import as_values, from_json, to_json

#: the public events that make the enemy's track (the Radio Operator's record): its moves, and its weapons in
#: the order they came (a torpedo's impact lies at most 4 cells from where the boat was then, a mine next to it)
TRACKED = ("course", "silence", "surfaced", "torpedo", "mine_laid", "mine_detonated", "archer_mine")
#: feed lines kept per team (the window's whole feed shows as many)
FEED_LENGTH = 40
#: the enemy's announcements a save keeps per team (a running game keeps them all)
TRACK_LENGTH = 60


def is_track(event: Event, team: str) -> bool:
    """Is `event` one of the enemy's announcements `team` keeps in its track?"""
    return event.audience is None and event.name in TRACKED and event.data.get("team") not in (None, team)


class Record:
    """The last events each team may see, numbered in the order they happened."""

    def __init__(self, teams: Iterable[str]) -> None:
        self.count = 0
        self.feed: dict[str, deque[tuple[int, Event]]] = {t: deque(maxlen=FEED_LENGTH) for t in teams}
        self.track: dict[str, list[tuple[int, Event]]] = {t: [] for t in teams}
        #: the enemy announced more than the save this record was loaded from kept (its track begins later)
        self.cut: dict[str, bool] = dict.fromkeys(teams, False)

    def add(self, event: Event) -> None:
        self.count += 1
        for team in self.feed:
            if not visible_to(event, team):
                continue
            if event.feed is not None:
                self.feed[team].append((self.count, event))
            if is_track(event, team):
                self.track[team].append((self.count, event))

    def _kept(self, team: str, track: int | None = None) -> list[tuple[int, Event]]:
        """The feed and the track (its last `track` announcements; None: all of them), oldest first."""
        kept = self.track[team] if track is None else self.track[team][-track:]
        return sorted({n: e for n, e in (*self.feed[team], *kept)}.items(), key=lambda ne: ne[0])

    def past(self, team: str) -> list[Event]:
        """The events `team` has seen that the record keeps, oldest first (only events `team` may see)."""
        return [event for _, event in self._kept(team)]

    def dropped(self, team: str) -> bool:
        """Whether `team`'s track leaves out the enemy's earliest announcements (a game resumed from a save that
        kept only the last `TRACK_LENGTH`): its front ends begin it with "…"."""
        return self.cut[team]

    # -- saving -----------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        return {"count": self.count,
                "teams": {team: [_event_state(n, e) for n, e in self._kept(team, TRACK_LENGTH)] for team in self.feed},
                "cut": {team: self.cut[team] or len(self.track[team]) > TRACK_LENGTH for team in self.feed}}

    def load_state(self, state: Mapping[str, Any]) -> None:
        self.count = int(state.get("count", 0))
        teams = state.get("teams", {})
        cut = state.get("cut", {})
        for team in self.feed:
            self.feed[team].clear()
            self.track[team].clear()
            self.cut[team] = bool(cut.get(team, False))
            for item in teams.get(team, []):
                n, event = _event_of(item)
                if event.feed is not None:
                    self.feed[team].append((n, event))
                if is_track(event, team):
                    self.track[team].append((n, event))


def _event_state(n: int, event: Event) -> dict[str, Any]:
    out: dict[str, Any] = {"n": n, "t": event.t, "clock": event.clock, "event": event.name,
                           "data": as_values(event.data)}
    if event.audience is not None:
        out["audience"] = event.audience
    if event.feed is not None:
        out["feed"] = to_json(event.feed)
    return out


def _event_of(item: Mapping[str, Any]) -> tuple[int, Event]:
    return int(item["n"]), Event(float(item["t"]), str(item["clock"]), str(item["event"]), dict(item["data"]),
                                 from_json(item.get("feed")), item.get("audience"))
