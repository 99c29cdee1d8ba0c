"""One team's Captain Sonar screen: its own map, route and mines, gauges, engineer board, the
enemy's announcements, and the controls its crew touches.

Everything drawn comes from `Referee.team_status(team)`, the map, and the events the team may
see (`visible_to`), so the screen behind one team's divider shows nothing of the other team's
secrets. Designed at 800 x 480 (the official 7" touch screen) and scaled to the area it is given;
every touch target is at least `theme.MIN_TARGET` (9 mm) and every text at least `theme.MIN_TEXT`,
whole in English, German and Russian (`sonar_labels`).

Layout: a bar on top (team, state, damage); on the left the own map (`sonar_map`) and under it a
strip with the enemy's announced track and the newest feed line (a tap opens the whole feed over
the map, a tap closes it); on the right the crew's stations, one at a time behind four tabs:

- Captain: the course pad, Surface, Dive, Stop!/Go, and the systems (each with its gauge's state); once the
  game is over, New game (the console's `new`) and Save and quit in place of Surface; in Delta a Surface off the
  water holes, which costs the own boat damage (or sinks it), asks for a second touch (as the console's `surface`
  is typed twice);
- First Mate: the six gauges, a row each (a tap is the mark);
- Engineer: the board, a row per direction section (a tap on a symbol is the cross);
- Radio Operator: the enemy's whole announced track, Plot with the training aid, and the table's Save and
  Save and quit (the consoles' `save` and `quit`; a second touch confirms the quit, which stops and saves the
  game for both teams).

The screen follows the game: after a course it turns to the First Mate's gauges, then the
Engineer's board, then back to the Captain (a tab may be touched any time). Asked for a sonar
answer, the station area is the answer panel until done; surfaced in real time, the Captain's station is
the repair panel (the screen turns to it), the other stations a tab away.

A cell is picked in two taps (`sonar_map`): a system button arms that system, a tap on the map
enlarges the cells around the finger, a tap there gives the target (torpedo and mine: the cell;
drone: a cell of the sector to ask about; silence: a cell up to 4 away in a straight line;
scenario: the Archer mine; detonate: an own mine). The same two taps mark the start cell and the
cell of a sonar answer's false value. The strip under the map says what to tap, with Cancel.

After `kaleun resume` the feed and the enemy track are refilled from the referee's record of what
this team was told (`kaleun.sonar.record`), so the Radio Operator keeps the enemy's courses.
Text is in the table's language (`Runtime.language`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame
from pygame import Rect

from kaleun.core.events import Event, visible_to
from kaleun.core.messages import N_, Msg
from kaleun.i18n import Language, language
from kaleun.sonar.grid import LETTERS, Cell, cell_name, parse_cell
from kaleun.sonar.record import FEED_LENGTH
from kaleun.sonar.referee import Referee
from kaleun.sonar.team import team_name
from kaleun.sonar.turns import OTHER
from kaleun.ui import sonar_stations, theme
from kaleun.ui.sonar_labels import Labels
from kaleun.ui.sonar_map import SEA, MapView, draw_map, view_in, zoom_around
from kaleun.ui.sonar_text import Told, feed_line, track_word

__all__ = ["DESIGN", "SEA", "TEAM_COLOURS", "Hit", "TeamScreen"]

DESIGN = (800, 480)
TEAM_COLOURS = {"yellow": (236, 196, 44), "blue": (70, 130, 230)}
#: systems the screen arms before a tap on the map gives the target
TARGETED = ("torpedo", "mine", "drone", "silence", "scenario", "detonate")
PROMPTS = {
    "torpedo": N_("Torpedo: tap the impact cell (1-4 cells away)."),
    "mine": N_("Mine: tap a cell next to the boat."),
    "drone": N_("Drone: tap a cell of the sector to ask about."),
    "silence": N_("Silence: tap a cell 1-4 cells away in a straight line."),
    "scenario": N_("Scenario system: tap the Archer mine to set off."),
    "detonate": N_("Detonate: tap one of your mines."),
    "answer": N_("Sonar: tap the true statement."),
    "lie": N_("Sonar: tap the kind of the false statement."),
    "lie_cell": N_("Sonar: tap a cell that gives the false value."),
    "start": N_("Captain: tap the secret start cell on the map."),
}
FEED_LINES = FEED_LENGTH
#: the false statement's kinds on the sonar answer panel
FALSE_KINDS = {"row": N_("false row"), "column": N_("false column"), "sector": N_("false sector")}
#: the crew's stations, in the order of their tabs
#: the stations' tabs: Captain Sonar's posts in its own message context (U-BOOT's "Captain" is another word)
STATIONS = {"captain": Msg.pterm("Captain Sonar", "Captain"), "mate": Msg.pterm("Captain Sonar", "First Mate"),
            "engineer": Msg.pterm("Captain Sonar", "Engineer"), "radio": Msg.pterm("Captain Sonar", "Radio Operator")}

# -- the layout, design pixels at 800 x 480 --------------------------------------------------------
TOP_BAR = (0, 0, 800, 40)
MAP_AREA = (4, 44, 382, 352)
#: the band of column letters and row numbers beside the map
MAP_LABEL = 22
STRIP = (4, 400, 382, 78)
PANEL = (392, 44, 404, 434)
TABS = (392, 44, 404, 50)
CONTENT = (392, 100, 404, 378)
GAP = 4


@dataclass
class Hit:
    kind: str
    value: Any


class TeamScreen:
    def __init__(self, referee: Referee, team: str, send: Callable[[dict[str, Any]], None],
                 lang: Language | None = None) -> None:
        self.referee = referee
        self.team = team
        self.enemy = OTHER[team]
        self.send = send
        self.lang = lang or language("en")
        self.feed: deque[str] = deque(maxlen=FEED_LINES)
        #: the enemy's public moves, oldest first: courses, silent runs, surfacings, torpedoes and mines
        self.track: list[Msg | str] = []
        #: the track leaves out the enemy's earliest announcements (resumed from a save that kept the last ones)
        self.track_cut = referee.record.dropped(team)
        #: the whole feed is open over the map
        self.feed_open = False
        #: the training aid's possible enemy cells are drawn on the map
        self.plotting = False
        self.armed: str | None = None
        #: who launches the armed system: None the Captain, "first_mate" from the First Mate's station
        self.armed_by: str | None = None
        self.repair_section: int | None = None
        self.answer_true: str | None = None
        self.answer_lie: str | None = None
        #: the station shown on the right: captain, mate, engineer or radio
        self.station = "captain"
        #: the enlarged part of the map while a cell is picked: (x0, y0, columns, rows)
        self.zoom: tuple[int, int, int, int] | None = None
        #: the window's Save and its Save and quit (the console's `save` and `quit`), None where there is no window
        self.save_now: Callable[[], None] | None = None
        self.leave: Callable[[], None] | None = None
        #: after the game's end, New game (the console's `new`), None where there is no window
        self.new_game: Callable[[], None] | None = None
        #: Save and quit was touched once: a second touch leaves (both teams' game stops and is saved)
        self.leaving = False
        #: Delta: Surface was touched once where surfacing costs the own boat damage: what it costs then (the Surface
        #: note); a second touch surfaces while the cost is still the same (a blast in between may make it the last)
        self.ice_told: Msg | None = None
        self.hits: list[tuple[Rect, Hit]] = []
        #: the controls drawn held (greyed and hatched) for the other team's turn: a tap on one still sends
        #: its command, and the game's refusal says whose turn it is
        self.held: list[Hit] = []
        #: the First Mate's gauge boxes as last drawn (tests measure them)
        self.gauge_boxes: list[Rect] = []
        self.labels: Labels | None = None
        #: the overview map as last drawn (tests find a cell's pixels with `cell_rect`)
        self.overview: MapView | None = None
        self._waiting: tuple[str, ...] = ()
        self._repairing = False
        self._scale = 1.0
        self._origin = (0.0, 0.0)
        # what the team was told before this screen started (a resumed game): the same events
        # still waiting in the runtime are not shown twice
        self._told = Told(referee.record.past(team))
        for event in self._told.past:
            self._show(event)

    # -- what the team may know -------------------------------------------------------------
    def text(self, text: Msg | str) -> str:
        """A sentence in the table's language."""
        return self.lang.render(text)

    def on_event(self, event: Event) -> None:
        if self._told.fresh(event):
            self._show(event)

    def _show(self, event: Event) -> None:
        if not visible_to(event, self.team):
            return
        if event.feed is not None:
            self.feed.appendleft(f"{event.clock[11:19]} {feed_line(event, self.lang, self.team)}")
        word = track_word(event, self.team)
        if word is not None:
            self.track.append(word)

    def say(self, text: Msg | str) -> None:
        """A line of the window's own (not the game's) at the top of the feed."""
        self.feed.appendleft(self.text(text))

    def problem(self, text: Msg | str) -> None:
        self.feed.appendleft(f"! {self.text(text)}")

    def plotted(self) -> list[Cell]:
        """The enemy's possible cells the map shows (the training aid on and asked for), else none."""
        plot = self.referee.plot
        return plot.possible(self.enemy) if plot is not None and self.plotting else []

    def snapshot(self) -> tuple[Any, ...]:
        status = self.referee.team_status(self.team)
        self._follow(status)
        return (repr(sorted(status.items())), tuple(self.feed)[:FEED_LINES if self.feed_open else 2],
                tuple(self.track), self.armed, self.repair_section, self.answer_true, self.answer_lie,
                self.feed_open, tuple(self.plotted()), self.station, self.zoom, self.leaving,
                repr(self.ice_told))

    # -- what the screen asks for -----------------------------------------------------------
    def _follow(self, status: dict[str, Any]) -> None:
        """Turn to the station the game waits for: the gauges after a course, then the board, then back."""
        repairing = self.repairing(status)
        if repairing and not self._repairing:  # just surfaced in real time: the repair panel
            self.station = "captain"
        self._repairing = repairing
        waiting = tuple(status["waiting_for"])
        if waiting != self._waiting:
            if "mark" in waiting:
                self.station = "mate"
            elif "cross" in waiting:
                self.station = "engineer"
            elif self.station in ("mate", "engineer"):
                self.station = "captain"
            self._waiting = waiting
        if status["phase"] == "over":  # nothing is taken any more: a system armed or a pick begun asks no more
            self.armed = self.armed_by = self.answer_true = self.answer_lie = None
            self.repair_section = None
        if not self._picking(status):
            self.zoom = None

    def _picking(self, status: dict[str, Any]) -> str | None:
        """What a tap on the map gives now (a key of PROMPTS), or None (the map only shows)."""
        if status["phase"] == "setup" and status["cell"] is None:
            return "start"
        if status["sonar_waits_for"] == self.team:
            return "lie_cell" if self.answer_true and self.answer_lie else None
        return self.armed if self.armed in TARGETED else None

    def surfacing_cost(self) -> Msg | None:
        """Delta: what a surfacing the referee would take now costs the boat off the water holes (its Surface note:
        damage, or its last hull point); None when it costs nothing or Surface is held (a held Surface is sent at
        once: its refusal says why)."""
        status = self.referee.team_status(self.team)
        if self.holds(status, Hit("command", "surface")):
            return None
        return sonar_stations.ice(self, status)

    def repairing(self, status: dict[str, Any]) -> bool:
        """Surfaced in real time: the crew works only on the repairs, then dives (the Captain's station is the
        repair panel)."""
        return bool(status["surfaced"]) and status["phase"] == "play" and self.referee.mode == "realtime"

    def waits(self, status: dict[str, Any]) -> Msg | None:
        """Why the game now refuses what the crew's controls give (they are drawn held, saying this), else
        None: before the start and after the end; turn-based, the other team's turn; a sonar answer awaited
        from the other team; a Stop! (the other team's holds everything, the own leaves the systems and Go)."""
        if status["phase"] == "setup":
            return Msg("not started yet")
        if status["phase"] == "over":
            return Msg("the game is over")
        if status["sonar_waits_for"] not in (None, self.team):
            return Msg("{team} answers the sonar", team=team_name(status["sonar_waits_for"]))
        if status["stop"] not in (None, self.team):
            return Msg("{team}'s Stop!", team=team_name(status["stop"]))
        if status["stop"] == self.team:
            return Msg("your Stop!")
        if self.repairing(status):
            return Msg("surfaced: repairs first")
        if status["turn"] not in (None, self.team):
            return Msg("{team}'s turn", team=team_name(status["turn"]))
        return None

    def holds(self, status: dict[str, Any], hit: Hit) -> bool:
        """Whether `hit`'s command is refused now for `waits` (it is drawn held; a tap still sends it and the
        game's refusal says why): everything but the tabs, the feed, the training aid, the sonar answer, the
        systems and Go under the own Stop!, and (when the rules allow it) a mine set off in the other's turn;
        the systems after an activation until the next move; the moves until the last course is confirmed."""
        if hit.kind in ("tab", "feed", "plot", "truth", "lie", "cancel", "save", "leave"):
            return False
        if self.waits(status) is None:
            return self.held_after_activation(status, hit) or self.confirming(status, hit)
        if status["phase"] == "play" and status["stop"] == self.team and status["sonar_waits_for"] is None:
            if status.get("silent_run"):  # the silent run's own mark and cross resolve its Stop! (no go)
                return hit.kind not in ("gauge", "symbol")
            if hit.kind in ("system", "launch"):
                return self.held_after_activation(status, hit)
            return hit != Hit("command", "go")
        in_turn = status["phase"] == "play" and status["sonar_waits_for"] is None and status["stop"] is None
        if in_turn and hit == Hit("system", "detonate"):
            return not self.referee.rules["detonate_in_any_turn"]
        if (in_turn and hit.kind in ("system", "launch") and hit.value != "silence" and not status["surfaced"]
                and status["turn"] not in (None, self.team) and not self.referee.rules["activate_in_own_turn"]):
            return self.held_after_activation(status, hit)  # rules.toml: systems in the other team's turn too
        return True

    def confirming(self, status: dict[str, Any], hit: Hit) -> bool:
        """A move's button while the last course waits for the First Mate's mark or the Engineer's cross (§6:
        the next course, a surfacing or a silent run only after both; every system but setting off a mine when
        the rules make activations wait too, `activation_waits_for_ok`)."""
        if status["phase"] != "play" or not status["waiting_for"]:
            return False
        if hit.kind == "course" or hit in (Hit("command", "surface"), Hit("system", "silence")):
            return True
        return (hit.kind in ("system", "launch") and hit.value != "detonate"
                and bool(self.referee.rules["activation_waits_for_ok"]))

    def held_after_activation(self, status: dict[str, Any], hit: Hit) -> bool:
        """A system's button after an activation: never two activations without a move in between (§5; setting
        off a mine counts when the rules say so, `detonation_is_activation`)."""
        if status["phase"] != "play" or not status["activated_since_move"] or hit.kind not in ("system", "launch"):
            return False
        return hit.value != "detonate" or bool(self.referee.rules["detonation_is_activation"])

    def cell_rect(self, cell: Cell) -> Rect:
        """Where `cell` is on the whole map as last drawn."""
        assert self.overview is not None, "the screen was not drawn yet"
        return self.overview.rect(cell)

    # -- input ------------------------------------------------------------------------------
    def click(self, pos: tuple[int, int]) -> None:
        for rect, hit in reversed(self.hits):
            if rect.collidepoint(pos):
                self._hit(hit, pos)
                return

    def _hit(self, hit: Hit, pos: tuple[int, int] = (0, 0)) -> None:
        kind, value = hit.kind, hit.value
        leaving, self.leaving = self.leaving, False  # any other touch takes back a first Save and quit
        ice_told, self.ice_told = self.ice_told, None  # ... and a first Surface that costs the boat damage
        if kind == "leave":
            if leaving and self.leave is not None:
                self.leave()
            else:
                self.leaving = True
        elif kind == "save":
            if self.save_now is not None:
                self.save_now()
        elif kind == "new":
            if self.new_game is not None:
                self.new_game()
        elif kind == "course":
            self.send({"do": "course", "direction": value})
        elif kind == "gauge":
            self.send({"do": "mark", "system": value})
        elif kind == "launch":  # [B] "Der Erste Offizier": the drone and the sonar are the First Mate's too
            if value == "sonar":
                self.armed = self.armed_by = None
                self.send({"do": "activate", "system": "sonar", "by": "first_mate"})
            else:
                self.armed, self.armed_by = value, "first_mate"
                self.zoom = None
        elif kind == "symbol":
            self.send({"do": "cross", "symbol": value})
        elif kind == "command" and value == "surface" and (cost := self.surfacing_cost()) is not None \
                and cost != ice_told:
            self.ice_told = cost  # the button asks for a second touch (`sonar_stations._captain`)
        elif kind == "command":
            self.send({"do": value})
        elif kind == "tab":
            self.station = value
        elif kind == "feed":
            self.feed_open = not self.feed_open
        elif kind == "plot":
            self.plotting = not self.plotting
            if self.plotting:  # the feed says how many cells, as the console's plot
                self.send({"do": "plot"})
        elif kind == "system":
            self.armed_by = None
            status = self.referee.team_status(self.team)
            if value == "detonate" and status["phase"] == "play" and not status["mines"]:
                # nothing to set off: said at once (the button's note reads "0 mines"), not after a cell is picked
                self.armed = None
                self.problem(Msg("no mine of yours is in the water: lay one first"))
            elif value == "scenario" and status["phase"] == "play" and sonar_stations.spent(self):
                # Echo: every Archer mine has gone off (the button's note reads "none left"): said at once
                assert self.referee.system is not None
                self.armed = None
                self.problem(Msg("no {system} is left on the map: each works once",
                                 system=Msg.term(self.referee.system.name)))
            elif value == "sonar":
                self.armed = None
                self.send({"do": "activate", "system": "sonar"})
            else:
                self.armed = None if self.armed == value else value
                self.zoom = None
        elif kind == "map":
            cell = value.cell_at(pos)
            if cell is not None:
                self.zoom = zoom_around(self.referee.sea, cell)
        elif kind == "cancel":
            self.zoom = None
            self.armed = self.armed_by = None
            self.answer_lie = None
        elif kind == "section":
            self.repair_section = value
        elif kind == "member" and self.repair_section is not None:
            self.send({"do": "repair", "section": self.repair_section, "by": value})
            self.repair_section = None
        elif kind == "truth":
            self.answer_true, self.answer_lie = value, None
        elif kind == "lie":
            self.answer_lie = value
        elif kind == "cell":
            self.zoom = None
            self._cell(value)

    def _cell(self, cell: Cell) -> None:
        status = self.referee.team_status(self.team)
        if status["phase"] == "setup" and status["cell"] is None:
            self.send({"do": "start", "cell": cell_name(cell)})
            return
        if status["sonar_waits_for"] == self.team and self.answer_true and self.answer_lie:
            here = parse_cell(status["cell"])
            assert here is not None
            self.send({"do": "sonar_answer", self.answer_true: self.value(self.answer_true, here),
                       self.answer_lie: self.value(self.answer_lie, cell)})
            self.answer_true = self.answer_lie = None
            return
        armed, self.armed = self.armed, None
        by, self.armed_by = ({"by": self.armed_by} if self.armed_by else {}), None
        if armed is None:
            return
        if armed == "detonate":
            self.send({"do": "detonate", "cell": cell_name(cell)})
        elif armed == "drone":
            self.send({"do": "activate", "system": "drone", "sector": self.referee.sector(cell), **by})
        elif armed == "silence":
            here = parse_cell(status["cell"])
            assert here is not None
            dx, dy = cell[0] - here[0], cell[1] - here[1]
            if (dx == 0) == (dy == 0):
                self.problem(Msg("silence runs in a straight line: tap a cell in line with the boat"))
                return
            direction = "E" if dx > 0 else "W" if dx < 0 else "S" if dy > 0 else "N"
            self.send({"do": "activate", "system": "silence", "direction": direction,
                       "distance": abs(dx) + abs(dy)})
        else:
            self.send({"do": "activate", "system": armed, "cell": cell_name(cell)})

    def value(self, kind: str, cell: Cell) -> int | str:
        """The value a sonar statement of `kind` gives for `cell`."""
        if kind == "row":
            return cell[1] + 1
        if kind == "column":
            return LETTERS[cell[0]]
        return self.referee.sector(cell)

    # -- drawing helpers --------------------------------------------------------------------
    def r(self, x: float, y: float, w: float, h: float) -> Rect:
        """A rectangle of the 800 x 480 design in the area's pixels."""
        s, (ox, oy) = self._scale, self._origin
        return Rect(round(ox + x * s), round(oy + y * s), max(1, round(w * s)), max(1, round(h * s)))

    def px(self, length: float) -> int:
        return max(1, round(length * self._scale))

    def button(self, surface: Any, rect: Rect, text: Msg | str, hit: Hit, active: bool = False,
               note: Msg | str | None = None, size: int = theme.TEXT_SIZE, warn: bool = False,
               held: bool = False) -> None:
        """A touch button with its label whole (and a note line under it); touching it is `hit`. A `held`
        one (the other team's turn) is greyed *and* hatched; touching it still sends `hit`."""
        assert self.labels is not None
        fill = theme.BUTTON_DISABLED if held else theme.BUTTON_ACTIVE if active else theme.BUTTON
        pygame.draw.rect(surface, fill, rect, border_radius=self.px(5))
        if held:
            self.hatch(surface, rect)
            self.held.append(hit)
        edge = theme.TEXT if active else theme.WARNING if warn else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, rect, 3 if active or warn else 1, border_radius=self.px(5))
        colour = theme.TEXT_DARK if active else theme.TEXT_DIM if held else theme.TEXT
        if note is None:
            self.labels.label(surface, rect, text, colour, size, pad=self.px(4))
        else:
            line = self.labels.font(theme.MIN_TEXT).get_linesize()
            top = Rect(rect.x, rect.y + self.px(2), rect.width, rect.height - line - self.px(4))
            self.labels.label(surface, top, text, colour, size, lines=1, pad=self.px(4))
            self.labels.label(surface, Rect(rect.x, top.bottom, rect.width, line), note,
                              theme.TEXT_DARK if active else theme.WARNING if warn else theme.TEXT_DIM,
                              theme.MIN_TEXT, lines=1, pad=self.px(4))
        self.hits.append((rect, hit))

    def hatch(self, surface: Any, rect: Rect) -> None:
        """Diagonal lines over `rect`: a control waiting for the own turn (a pattern, not colour alone)."""
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip) if clip else rect)
        step = self.px(12)
        for x in range(rect.x - rect.height, rect.right, step):
            pygame.draw.line(surface, theme.PANEL_EDGE, (x, rect.bottom), (x + rect.height, rect.y), 1)
        surface.set_clip(clip)

    def row_widths(self, texts: list[Msg | str], total: int, height: int, least: int) -> list[int]:
        """Widths for buttons side by side in `total` pixels: each as wide as its label needs, the rest shared."""
        assert self.labels is not None
        pad = self.px(4) * 2 + self.px(GAP)
        needs = []
        for text in texts:
            need = least
            while need < total and not self.labels.fits(text, need - pad, height - 2):
                need += self.px(4)
            needs.append(need)
        spare = max(0, total - sum(needs)) // max(1, len(texts))
        return [n + spare for n in needs]

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: Any, area: Rect, fonts: theme.Fonts, labels: Labels | None = None) -> None:
        self.hits = []
        self.held = []
        self.gauge_boxes = []
        self.labels = labels if labels is not None else self.labels or Labels(fonts, self.text)
        self.labels.render = self.text
        self._scale = scale = min(area.width / DESIGN[0], area.height / DESIGN[1])
        self._origin = (area.x + (area.width - DESIGN[0] * scale) / 2, area.y + (area.height - DESIGN[1] * scale) / 2)
        clip = surface.get_clip()
        surface.set_clip(area)
        pygame.draw.rect(surface, theme.PANEL, area)
        status = self.referee.team_status(self.team)
        self._follow(status)
        self._top_bar(surface, fonts, status)
        picking = self._picking(status)
        self._map(surface, fonts, status, picking)
        if self.feed_open and not picking:
            self._whole_feed(surface)
        self._strip(surface, status, picking)
        sonar_stations.draw_panel(self, surface, status)
        surface.set_clip(clip)

    def _top_bar(self, surface: Any, fonts: theme.Fonts, status: dict[str, Any]) -> None:
        assert self.labels is not None
        rect = self.r(*TOP_BAR)
        pygame.draw.rect(surface, TEAM_COLOURS[self.team], rect)
        name = Msg("{team} submarine", team=team_name(self.team))
        shown = self.labels.line(surface, name, (rect.x + self.px(8), rect.centery), theme.TEXT_DARK, 22, "midleft",
                                 width=self.px(240), bold=True)
        box = self.px(24)
        right = rect.right - self.px(8)
        for i in range(4):
            cell = Rect(right - (4 - i) * (box + self.px(4)), rect.centery - box // 2, box, box)
            pygame.draw.rect(surface, theme.PANEL, cell)
            if i < status["damage"]:
                pygame.draw.line(surface, theme.WARNING, cell.topleft, cell.bottomright, 3)
                pygame.draw.line(surface, theme.WARNING, cell.bottomleft, cell.topright, 3)
            pygame.draw.rect(surface, theme.TEXT_DARK, cell, 1)
        damage = self.labels.line(surface, Msg("damage"), (right - 4 * (box + self.px(4)) - self.px(4), rect.centery),
                                  theme.TEXT_DARK, theme.MIN_TEXT, "midright", width=self.px(150))
        middle = Rect(shown.right + self.px(12), rect.y, damage.left - shown.right - self.px(24), rect.height)
        self.labels.line(surface, self.state_line(status), middle.center, theme.TEXT_DARK, 20, "center",
                         width=middle.width)

    def state_line(self, status: dict[str, Any]) -> Msg:
        """The top bar's word on the game: the phase, whose Stop! or turn, surfaced."""
        if status["phase"] == "setup":
            return Msg("secret start cell") if status["cell"] is None else Msg("waiting for the enemy")
        if status["phase"] == "over":
            winner = status["winner"]
            return Msg("nobody wins") if winner is None else Msg("victory!") if winner == self.team else Msg("sunk")
        if status["sonar_waits_for"]:  # public too: the sonar's announcement names who answers
            if status["sonar_waits_for"] == self.team:
                return Msg("Stop! your sonar answer")
            return Msg("Stop! {team} answers the sonar", team=team_name(status["sonar_waits_for"]))
        if status["stop"]:  # a public event names who called it (visibility.PUBLIC["stop"]: team, by)
            return Msg("your Stop!") if status["stop"] == self.team else Msg("{team}'s Stop!",
                                                                              team=team_name(status["stop"]))
        if status["turn"]:
            extra = self.referee.turns.extra()  # public: the turn event says it (visibility.PUBLIC["turn"])
            if extra:  # after the other boat surfaced: three turns in a row (§2), say which
                bonus = self.referee.turns.bonus
                return (Msg("your extra turn {n} of {of}", n=extra, of=bonus) if status["turn"] == self.team
                        else Msg("enemy's extra turn {n} of {of}", n=extra, of=bonus))
            return Msg("your turn") if status["turn"] == self.team else Msg("enemy's turn")
        if status["surfaced"]:
            return Msg("surfaced")
        return Msg("real time")

    def _map(self, surface: Any, fonts: theme.Fonts, status: dict[str, Any], picking: str | None) -> None:
        assert self.labels is not None
        sea = self.referee.sea
        area = self.r(*MAP_AREA)
        colours = (TEAM_COLOURS[self.team], TEAM_COLOURS[self.enemy])
        self.overview = view_in(area, self.px(MAP_LABEL), 0, 0, sea.columns, sea.rows)
        if picking is not None and self.zoom is not None:
            view = view_in(area, self.px(MAP_LABEL), *self.zoom)
            cells = draw_map(surface, view, sea, self.referee.mode, status, colours, self.plotted(), self.labels, fonts,
                             theme.TEXT_SIZE, team=self.team)
            for rect, cell in cells:
                self.hits.append((rect, Hit("cell", cell)))
            return
        draw_map(surface, self.overview, sea, self.referee.mode, status, colours, self.plotted(), self.labels, fonts,
                 theme.MIN_TEXT, team=self.team)
        if picking is not None:
            self.hits.append((self.overview.area, Hit("map", self.overview)))

    def _strip(self, surface: Any, status: dict[str, Any], picking: str | None) -> None:
        """Under the map: what to tap while a cell is picked (with Cancel), else the enemy's track and the
        newest feed line (a tap opens the whole feed)."""
        assert self.labels is not None
        rect = self.r(*STRIP)
        if picking is not None:
            cancel = Rect(rect.right - self.px(100), rect.y + self.px(12), self.px(100), self.px(54))
            text = Rect(rect.x, rect.y + self.px(2), rect.width - self.px(106), rect.height - self.px(2))
            self.labels.paragraph(surface, Msg(PROMPTS[picking]), text, theme.ACCENT)
            if picking != "start" or self.zoom is not None:
                self.button(surface, cancel, Msg("Cancel"), Hit("cancel", None))
            return
        step = self.labels.font(theme.MIN_TEXT).get_linesize()
        self.labels.line(surface, self._track_line(rect.width), (rect.x, rect.y), TEAM_COLOURS[self.enemy],
                         theme.MIN_TEXT, width=rect.width)
        newest = list(self.feed)[:1]
        if newest:
            colour = theme.WARNING if "! " in newest[0][:12] else theme.TEXT
            # a preview: the whole line shows in the whole feed (a tap)
            self.labels.paragraph(surface, newest[0], Rect(rect.x, rect.y + step + self.px(2), rect.width, 2 * step),
                                  colour, record=False)
        self.hits.append((rect, Hit("feed", None)))

    def _track_line(self, width: int) -> str:
        """'Blue: … N N E silent run S': the latest of the enemy's announcements that fit on one line."""
        assert self.labels is not None
        font = self.labels.font(theme.MIN_TEXT)
        label = self.text(Msg("{team}:", team=team_name(self.enemy)))
        words = [self.text(w) for w in self.track] or [self.text(Msg("no course yet"))]
        shown = 0
        while shown < len(words) and font.size(" ".join([label, "…", *words[-shown - 1:]]))[0] <= width:
            shown += 1
        rest = words[-shown:] if shown else []
        return " ".join([label, *(["…"] if shown < len(words) or self.track_cut else []), *rest])

    def _whole_feed(self, surface: Any) -> None:
        """The team's feed over the map, newest first, every line whole (a tap closes it)."""
        assert self.labels is not None
        rect = self.r(*MAP_AREA)
        # from the screen's left edge: the map's row numbers reach a few pixels left of its area
        pygame.draw.rect(surface, theme.PANEL, self.r(0, MAP_AREA[1], MAP_AREA[0] + MAP_AREA[2], MAP_AREA[3]))
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2)
        inner = rect.inflate(-self.px(8), -self.px(8))
        step = self.labels.font(theme.MIN_TEXT).get_linesize()
        y = inner.y
        for line in self.feed:
            rows = self.labels.rows(line, theme.MIN_TEXT, inner.width)
            if y + len(rows) * step > inner.bottom:
                break
            colour = theme.WARNING if "! " in line[:12] else theme.TEXT
            y = self.labels.paragraph(surface, line, Rect(inner.x, y, inner.width, len(rows) * step), colour)
        self.hits.append((rect, Hit("feed", None)))
