"""One team's Captain Sonar screen: its own map, route and mines, gauges, engineer board, the
enemy's announcements, and the controls its crew touches.

Everything drawn comes from `Referee.team_status(team)`, the map, and the events the team may
see (`visible_to`), so the screen behind one team's divider shows nothing of the other team's
secrets. Designed at 800 x 480 (the 7" touch screen) and scaled to the area it is given.

Below the map: the enemy's announced courses (the Radio Operator's record: silent runs and
surfacing sectors among them) and the last lines of the team's feed; a tap on them opens the
whole feed over the map (a tap closes it). With the opt-in training aid (`--training-aid`) a Plot
button shows on the map the cells where the enemy may be, as the console's `plot` tells them.
Text is in the table's language (`Runtime.language`).

Touch (or click): a course button announces a course; a gauge box is the First Mate's mark; an
engineer symbol is the Engineer's cross; a system button arms that system and the next tap on
the map gives its target (torpedo and mine: the cell; drone: a cell of the sector to ask about;
silence: a cell up to 4 away in a straight line; scenario: the Archer mine; detonate: an own
mine). Surfaced in real time, a hull section and then a crew member outline it. Asked for a
sonar answer: tap the true statement, the kind of the false one, then a cell that gives its value.
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
from kaleun.sonar.engineer import SECTION_ORDER
from kaleun.sonar.grid import DIRECTION_NAMES, LETTERS, Cell, cell_name, parse_cell
from kaleun.sonar.referee import Referee
from kaleun.sonar.systems import describe
from kaleun.sonar.team import SYSTEM_TITLES, team_name
from kaleun.sonar.turns import OTHER
from kaleun.ui import theme
from kaleun.ui.widgets import blit_text, draw_button, fit

DESIGN = (800, 480)
TEAM_COLOURS = {"yellow": (236, 196, 44), "blue": (70, 130, 230)}
SEA = (18, 48, 80)
SEA_HOLE = (150, 220, 240)
LAND = (132, 110, 74)
LAND_EDGE = (84, 68, 44)
GRID_LINE = (36, 70, 104)
SECTOR_LINE = (120, 160, 200)
ROUTE = (240, 240, 240)
MINE = (220, 60, 50)
ARCHER = (240, 140, 40)
SYMBOL_COLOURS = {"red": (214, 64, 56), "green": (62, 168, 84), "yellow": (232, 200, 60), "radiation": (150, 150, 160)}
SYMBOL_LETTERS = {"red": "R", "green": "G", "yellow": "Y", "radiation": "*"}
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
}
FEED_LINES = 40
#: the enemy's announcements kept for the track under the map
TRACK_LENGTH = 60
#: the false statement's kinds on the sonar answer panel
FALSE_KINDS = {"row": N_("false row"), "column": N_("false column"), "sector": N_("false sector")}


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
        #: the enemy's public moves, oldest first: courses, silent runs, surfacings
        self.track: deque[Msg | str] = deque(maxlen=TRACK_LENGTH)
        #: the whole feed is open over the map
        self.feed_open = False
        #: the training aid's possible enemy cells are drawn on the map
        self.plotting = False
        self.armed: str | None = None
        self.repair_section: int | None = None
        self.answer_true: str | None = None
        self.answer_lie: str | None = None
        self.hits: list[tuple[Rect, Hit]] = []

    # -- what the team may know -------------------------------------------------------------
    def text(self, text: Msg | str) -> str:
        """A sentence in the table's language."""
        return self.lang.render(text)

    def on_event(self, event: Event) -> None:
        if not visible_to(event, self.team):
            return
        if event.feed is not None:
            mark = "! " if event.name == "refused" else ""
            self.feed.appendleft(f"{event.clock[11:19]} {mark}{self.text(event.feed)}")
        if event.audience is None and event.data.get("team") == self.enemy:
            if event.name == "course":
                self.track.append(str(event.data["direction"]))
            elif event.name == "silence":
                self.track.append(Msg("silent run"))
            elif event.name == "surfaced":
                self.track.append(Msg("surfaced in {sector}", sector=event.data["sector"]))

    def problem(self, text: Msg | str) -> None:
        self.feed.appendleft(f"! {self.text(text)}")

    def plotted(self) -> list[Cell]:
        """The enemy's possible cells the map shows (the training aid on and asked for), else none."""
        plot = self.referee.plot
        return plot.possible(self.enemy) if plot is not None and self.plotting else []

    def snapshot(self) -> tuple[Any, ...]:
        status = self.referee.team_status(self.team)
        return (repr(sorted(status.items())), tuple(self.feed)[:FEED_LINES if self.feed_open else 8],
                tuple(self.track), self.armed, self.repair_section, self.answer_true, self.answer_lie,
                self.feed_open, tuple(self.plotted()))

    # -- input ------------------------------------------------------------------------------
    def click(self, pos: tuple[int, int]) -> None:
        for rect, hit in reversed(self.hits):
            if rect.collidepoint(pos):
                self._hit(hit)
                return

    def _hit(self, hit: Hit) -> None:
        kind, value = hit.kind, hit.value
        if kind == "course":
            self.send({"do": "course", "direction": value})
        elif kind == "gauge":
            self.send({"do": "mark", "system": value})
        elif kind == "symbol":
            self.send({"do": "cross", "symbol": value})
        elif kind == "command":
            self.send({"do": value})
        elif kind == "feed":
            self.feed_open = not self.feed_open
        elif kind == "plot":
            self.plotting = not self.plotting
            if self.plotting:  # the feed says how many cells, as the console's plot
                self.send({"do": "plot"})
        elif kind == "system":
            if value == "sonar":
                self.armed = None
                self.send({"do": "activate", "system": "sonar"})
            else:
                self.armed = None if self.armed == value else value
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
            self._cell(value)

    def _cell(self, cell: Cell) -> None:
        status = self.referee.team_status(self.team)
        if status["phase"] == "setup" and status["cell"] is None:
            self.send({"do": "start", "cell": cell_name(cell)})
            return
        if status["sonar_waits_for"] == self.team and self.answer_true and self.answer_lie:
            here = parse_cell(status["cell"])
            assert here is not None
            self.send({"do": "sonar_answer", self.answer_true: self._value(self.answer_true, here),
                       self.answer_lie: self._value(self.answer_lie, cell)})
            self.answer_true = self.answer_lie = None
            return
        armed, self.armed = self.armed, None
        if armed is None:
            return
        if armed == "detonate":
            self.send({"do": "detonate", "cell": cell_name(cell)})
        elif armed == "drone":
            self.send({"do": "activate", "system": "drone", "sector": self.referee.sector(cell)})
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

    def _value(self, kind: str, cell: Cell) -> int | str:
        if kind == "row":
            return cell[1] + 1
        if kind == "column":
            return LETTERS[cell[0]]
        return self.referee.sector(cell)

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: Any, area: Rect, fonts: theme.Fonts) -> None:
        self.hits = []
        scale = min(area.width / DESIGN[0], area.height / DESIGN[1])
        ox = area.x + (area.width - DESIGN[0] * scale) / 2
        oy = area.y + (area.height - DESIGN[1] * scale) / 2

        def r(x: float, y: float, w: float, h: float) -> Rect:
            return Rect(round(ox + x * scale), round(oy + y * scale), max(1, round(w * scale)),
                        max(1, round(h * scale)))

        pygame.draw.rect(surface, theme.PANEL, area)
        status = self.referee.team_status(self.team)
        self._top_bar(surface, r(0, 0, 800, 30), fonts, status)
        self._map(surface, r(6, 34, 392, 392), fonts, status)
        self._feed(surface, r(6, 430, 392, 48), fonts)
        if self.feed_open:
            self._whole_feed(surface, r(6, 34, 392, 392), fonts)
        self._gauges(surface, r(406, 34, 388, 104), fonts, status)
        self._board(surface, r(406, 142, 388, 128), fonts, status)
        self._controls(surface, r(406, 274, 388, 204), fonts, status)

    def _top_bar(self, surface: Any, rect: Rect, fonts: theme.Fonts, status: dict[str, Any]) -> None:
        colour = TEAM_COLOURS[self.team]
        pygame.draw.rect(surface, colour, rect)
        font = fonts.get(22)
        name = self.text(Msg("{team} submarine", team=team_name(self.team)))
        blit_text(surface, font, name, theme.TEXT_DARK, (rect.x + 8, rect.centery), "midleft")
        if status["phase"] == "setup":
            state = Msg("Captain: tap the start cell") if status["cell"] is None else Msg("waiting for the enemy")
        elif status["phase"] == "over":
            winner = status["winner"]
            state = Msg("nobody wins") if winner is None else Msg("victory!") if winner == self.team else Msg("sunk")
        elif status["sonar_waits_for"]:
            state = Msg("Stop! sonar answer awaited")
        elif status["stop"]:
            state = Msg("Stop!")
        elif status["turn"]:
            state = Msg("your turn") if status["turn"] == self.team else Msg("enemy's turn")
        elif status["surfaced"]:
            state = Msg("surfaced")
        else:
            state = Msg("real time")
        blit_text(surface, font, self.text(state), theme.TEXT_DARK, (rect.centerx + 40, rect.centery), "center")
        box = max(8, rect.height - 12)
        for i in range(4):
            cell = Rect(rect.right - 8 - (4 - i) * (box + 4), rect.y + 6, box, box)
            pygame.draw.rect(surface, theme.PANEL, cell)
            if i < status["damage"]:
                pygame.draw.line(surface, theme.WARNING, cell.topleft, cell.bottomright, 3)
                pygame.draw.line(surface, theme.WARNING, cell.bottomleft, cell.topright, 3)
            pygame.draw.rect(surface, theme.TEXT_DARK, cell, 1)
        blit_text(surface, fonts.get(16), self.text(Msg("damage")), theme.TEXT_DARK,
                  (rect.right - 14 - 4 * (box + 4), rect.centery), "midright")

    def _map(self, surface: Any, rect: Rect, fonts: theme.Fonts, status: dict[str, Any]) -> None:
        sea = self.referee.sea
        label = rect.width // 16
        size = min((rect.width - label) // sea.columns, (rect.height - label) // sea.rows)
        left, top = rect.x + label, rect.y + label
        font = fonts.exact(max(9, int(size * 0.6)))
        for x in range(sea.columns):
            blit_text(surface, font, LETTERS[x], theme.TEXT_DIM, (left + x * size + size // 2, rect.y + label // 2),
                      "center")
        for y in range(sea.rows):
            blit_text(surface, font, str(y + 1), theme.TEXT_DIM, (rect.x + label // 2, top + y * size + size // 2),
                      "center")
        route = [parse_cell(c) for c in status["route"]]
        mines = {parse_cell(c) for c in status["mines"]}
        archers = {parse_cell(c) for c in status.get("archer_mines", [])}
        holes = set(sea.feature("water_hole"))
        for y in range(sea.rows):
            for x in range(sea.columns):
                cell = Rect(left + x * size, top + y * size, size, size)
                if (x, y) in sea.islands:
                    pygame.draw.rect(surface, LAND, cell)
                    pygame.draw.rect(surface, LAND_EDGE, cell, 1)
                else:
                    pygame.draw.rect(surface, SEA, cell)
                    pygame.draw.rect(surface, GRID_LINE, cell, 1)
                    self.hits.append((cell, Hit("cell", (x, y))))
                if (x, y) in holes:
                    pygame.draw.circle(surface, SEA_HOLE, cell.center, size // 3, 2)
                if (x, y) in archers:
                    points = [(cell.centerx, cell.y + 3), (cell.right - 3, cell.bottom - 3),
                              (cell.x + 3, cell.bottom - 3)]
                    pygame.draw.polygon(surface, ARCHER, points, 2)
                    blit_text(surface, fonts.exact(max(8, size // 2)), "A", ARCHER, cell.center, "center")
        self._sector_lines(surface, left, top, size)
        enemy_colour = TEAM_COLOURS[self.enemy]
        for x, y in self.plotted():
            centre = (left + x * size + size // 2, top + y * size + size // 2)
            pygame.draw.circle(surface, enemy_colour, centre, max(2, size // 5))
        centres = [(left + c[0] * size + size // 2, top + c[1] * size + size // 2) for c in route if c is not None]
        if len(centres) > 1:
            pygame.draw.lines(surface, ROUTE, False, centres, max(2, size // 8))
        for mine in mines:
            if mine is None:
                continue
            c = (left + mine[0] * size + size // 2, top + mine[1] * size + size // 2)
            half = size // 2 - 2
            pygame.draw.polygon(surface, MINE, [(c[0], c[1] - half), (c[0] + half, c[1]), (c[0], c[1] + half),
                                                (c[0] - half, c[1])])
            blit_text(surface, fonts.exact(max(8, size // 2)), "M", theme.TEXT, c, "center")
        if status["cell"]:
            here = parse_cell(status["cell"])
            assert here is not None
            c = (left + here[0] * size + size // 2, top + here[1] * size + size // 2)
            pygame.draw.circle(surface, TEAM_COLOURS[self.team], c, size // 2 - 1)
            pygame.draw.circle(surface, theme.OUTLINE, c, size // 2 - 1, 2)
            if status["surfaced"]:
                pygame.draw.circle(surface, theme.TEXT, c, size // 2 + 2, 2)
        pygame.draw.rect(surface, SECTOR_LINE, Rect(left, top, size * sea.columns, size * sea.rows), 2)

    def _sector_lines(self, surface: Any, left: int, top: int, size: int) -> None:
        sea, mode = self.referee.sea, self.referee.mode
        widths, heights = sea.sector_bands[mode]
        x = left
        for w in widths[:-1]:
            x += w * size
            pygame.draw.line(surface, SECTOR_LINE, (x, top), (x, top + sea.rows * size), 2)
        y = top
        for h in heights[:-1]:
            y += h * size
            pygame.draw.line(surface, SECTOR_LINE, (left, y), (left + sea.columns * size, y), 2)

    def _feed(self, surface: Any, rect: Rect, fonts: theme.Fonts) -> None:
        """The enemy's track, then the feed's last two lines; a tap opens the whole feed."""
        font = fonts.get(14)
        line_h = max(10, rect.height // 3)
        blit_text(surface, font, self._track_line(font, rect.width), TEAM_COLOURS[self.enemy], (rect.x, rect.y))
        for i, line in enumerate(list(self.feed)[:2]):
            colour = theme.WARNING if "! " in line[:12] else theme.TEXT
            blit_text(surface, font, fit(font, line, rect.width), colour, (rect.x, rect.y + (i + 1) * line_h))
        self.hits.append((rect, Hit("feed", None)))

    def _track_line(self, font: Any, width: int) -> str:
        """'Blue: N N E silent run S': the latest of the enemy's announcements that fit."""
        label = self.text(Msg("{team}:", team=team_name(self.enemy)))
        words = [self.text(w) for w in self.track] or [self.text(Msg("no course yet"))]
        shown = 0
        while shown < len(words) and font.size(" ".join([label, "...", *words[-shown - 1:]]))[0] <= width:
            shown += 1
        rest = words[-shown:] if shown else []
        return " ".join([label, *(["..."] if shown < len(words) else []), *rest])

    def _whole_feed(self, surface: Any, rect: Rect, fonts: theme.Fonts) -> None:
        """The team's feed over the map, newest first (a tap closes it)."""
        pygame.draw.rect(surface, theme.PANEL, rect)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2)
        font = fonts.get(14)
        line_h = max(10, font.get_linesize())
        y = rect.y + 4
        for line in self.feed:
            if y + line_h > rect.bottom:
                break
            colour = theme.WARNING if "! " in line[:12] else theme.TEXT
            blit_text(surface, font, fit(font, line, rect.width - 8), colour, (rect.x + 4, y))
            y += line_h
        self.hits.append((rect, Hit("feed", None)))

    def _gauges(self, surface: Any, rect: Rect, fonts: theme.Fonts, status: dict[str, Any]) -> None:
        gauges = status["gauges"]
        row_h = rect.height // max(1, len(gauges))
        font = fonts.get(16)
        waiting = "mark" in status["waiting_for"]
        for i, (system, (filled, size)) in enumerate(gauges.items()):
            y = rect.y + i * row_h
            broken = system in status["broken"]
            label = self.text(Msg.term(SYSTEM_TITLES[system]))
            colour = theme.WARNING if broken else theme.TEXT
            blit_text(surface, font, label, colour, (rect.x, y + row_h // 2), "midleft")
            box = max(6, row_h - 4)
            x0 = rect.x + rect.width * 2 // 5
            for b in range(size):
                cell = Rect(x0 + b * (box + 3), y + 2, box, box)
                pygame.draw.rect(surface, TEAM_COLOURS[self.team] if b < filled else theme.BUTTON, cell)
                pygame.draw.rect(surface, theme.SELECTED if waiting and filled < size else theme.PANEL_EDGE, cell, 1)
            note = Msg("broken") if broken else Msg("ready") if filled >= size else None
            if note is not None:
                blit_text(surface, font, self.text(note), colour, (rect.right, y + row_h // 2), "midright")
            self.hits.append((Rect(rect.x, y, rect.width, row_h), Hit("gauge", system)))

    def _board(self, surface: Any, rect: Rect, fonts: theme.Fonts, status: dict[str, Any]) -> None:
        layout = self.referee.teams[self.team].board.layout
        crossed = set(status["crossed"])
        column = rect.width // len(SECTION_ORDER)
        font = fonts.get(15)
        waiting = status["course_to_cross"] if "cross" in status["waiting_for"] else None
        for i, direction in enumerate(SECTION_ORDER):
            x = rect.x + i * column
            frame = Rect(x + 2, rect.y, column - 4, rect.height)
            pygame.draw.rect(surface, theme.SELECTED if direction == waiting else theme.PANEL_EDGE, frame,
                             3 if direction == waiting else 1, border_radius=4)
            blit_text(surface, font, self.text(Msg.term(DIRECTION_NAMES[direction])), theme.TEXT,
                      (frame.centerx, frame.y + 10), "center")
            ids = layout.by_direction[direction]
            per_row = (len(ids) + 1) // 2
            d = min((frame.width - 8) // per_row, (frame.height - 24) // 2) - 4
            for k, sid in enumerate(ids):
                symbol = layout.symbols[sid]
                cx = frame.x + 4 + (k % per_row) * (d + 4) + d // 2 + (frame.width - 8 - per_row * (d + 4)) // 2
                cy = frame.y + 22 + (k // per_row) * (d + 4) + d // 2
                pygame.draw.circle(surface, SYMBOL_COLOURS[symbol.colour], (cx, cy), d // 2)
                text = SYMBOL_LETTERS[symbol.colour] + (str(symbol.circuit) if symbol.circuit else "")
                blit_text(surface, fonts.exact(max(8, d // 2)), text, theme.TEXT_DARK, (cx, cy), "center")
                if sid in crossed:
                    q = d // 2
                    pygame.draw.line(surface, theme.OUTLINE, (cx - q, cy - q), (cx + q, cy + q), 4)
                    pygame.draw.line(surface, theme.OUTLINE, (cx - q, cy + q), (cx + q, cy - q), 4)
                self.hits.append((Rect(cx - d // 2, cy - d // 2, d, d), Hit("symbol", sid)))

    def _controls(self, surface: Any, rect: Rect, fonts: theme.Fonts, status: dict[str, Any]) -> None:
        unit = rect.height // 5
        pad = {"N": (1, 0), "W": (0, 1), "E": (2, 1), "S": (1, 2)}
        for direction, (cx, cy) in pad.items():
            button = Rect(rect.x + cx * unit, rect.y + cy * unit, unit - 4, unit - 4)
            draw_button(surface, button, fonts, direction)
            self.hits.append((button, Hit("course", direction)))
        right = rect.x + 3 * unit + 6
        width = rect.right - right
        commands = [("surface", Msg("Surface")), ("dive", Msg("Dive"))]
        if self.referee.mode == "realtime":
            commands.append(("go", Msg("Go")) if status["stop"] == self.team else ("stop", Msg("Stop!")))
        if self.referee.plot is not None:  # the opt-in training aid
            commands.append(("plot", Msg("Plot")))
        bw = width // len(commands)
        for i, (command, label) in enumerate(commands):
            button = Rect(right + i * bw, rect.y, bw - 4, unit - 4)
            draw_button(surface, button, fonts, fit(fonts.get(19), self.text(label), button.width - 4),
                        active=command == "go" or (command == "plot" and self.plotting))
            self.hits.append((button, Hit("plot", None) if command == "plot" else Hit("command", command)))
        systems = [s for s in ("torpedo", "mine", "drone", "sonar", "silence", "scenario") if s in status["gauges"]]
        systems.append("detonate")
        per_row = 4
        sw = width // per_row
        for i, system in enumerate(systems):
            button = Rect(right + (i % per_row) * sw, rect.y + unit * (1 + i // per_row), sw - 4, unit - 4)
            name = self.text(Msg("Detonate") if system == "detonate" else Msg.term(SYSTEM_TITLES[system]))
            draw_button(surface, button, fonts, fit(fonts.get(19), name, button.width - 4),
                        active=self.armed == system)
            self.hits.append((button, Hit("system", system)))
        panel = Rect(rect.x, rect.y + 3 * unit, rect.width, 2 * unit)
        if status["sonar_waits_for"] == self.team:
            self._answer_panel(surface, panel, fonts, status)
        elif status["surfaced"] and self.referee.mode == "realtime":
            self._repair_panel(surface, panel, fonts, status)
        else:
            prompt = PROMPTS.get(self.armed or "", "")
            if status["cell"] is None and status["phase"] == "setup":
                prompt = N_("Captain: tap the secret start cell on the map.")
                self.armed = None
            blit_text(surface, fonts.get(16), fit(fonts.get(16), self.text(Msg(prompt)) if prompt else "", panel.width),
                      theme.ACCENT, (panel.x, panel.y + 6))

    def _repair_panel(self, surface: Any, panel: Rect, fonts: theme.Fonts, status: dict[str, Any]) -> None:
        done = {int(k) for k in status["repairs"]}
        half = panel.height // 2
        blit_text(surface, fonts.get(15), self.text(Msg("Repair: a hull section, then who outlines it")), theme.ACCENT,
                  (panel.x, panel.y + 2))
        w = panel.width // 8
        for s in range(1, 5):
            button = Rect(panel.x + (s - 1) * w, panel.y + 16, w - 4, half - 18)
            draw_button(surface, button, fonts, str(s), active=s in done or s == self.repair_section)
            self.hits.append((button, Hit("section", s)))
        members = list(self.referee.teams[self.team].crew.members)
        mw = panel.width // max(4, len(members))
        for i, member in enumerate(members):
            button = Rect(panel.x + i * mw, panel.y + half, mw - 4, half - 2)
            label = fit(fonts.get(19), self.text(Msg.term(member.replace("_", " "))), button.width - 4)
            draw_button(surface, button, fonts, label)
            self.hits.append((button, Hit("member", member)))

    def _answer_panel(self, surface: Any, panel: Rect, fonts: theme.Fonts, status: dict[str, Any]) -> None:
        here = parse_cell(status["cell"])
        assert here is not None
        half = panel.height // 2
        step = "answer" if self.answer_true is None else "lie" if self.answer_lie is None else "lie_cell"
        blit_text(surface, fonts.get(15), self.text(Msg(PROMPTS[step])), theme.ACCENT, (panel.x, panel.y + 2))
        w = panel.width // 3
        for i, kind in enumerate(("row", "column", "sector")):
            button = Rect(panel.x + i * w, panel.y + 16, w - 4, half - 18)
            truth = self.text(describe(kind, self._value(kind, here)))
            draw_button(surface, button, fonts, fit(fonts.get(19), truth, button.width - 4),
                        active=self.answer_true == kind)
            self.hits.append((button, Hit("truth", kind)))
            if self.answer_true is not None and kind != self.answer_true:
                lie = Rect(panel.x + i * w, panel.y + half, w - 4, half - 2)
                draw_button(surface, lie, fonts, fit(fonts.get(19), self.text(Msg(FALSE_KINDS[kind])), lie.width - 4),
                            active=self.answer_lie == kind)
                self.hits.append((lie, Hit("lie", kind)))
