"""The right half of a Captain Sonar team screen: the crew's stations behind their tabs (surfaced in real
time, the Captain's is the repair panel), or the panel the game waits for (the sonar answer).

Every button is at least `theme.MIN_TARGET` (9 mm) in both directions at 800 x 480, and every label
whole (`TeamScreen.button`, `sonar_labels`). Positions are design pixels (`TeamScreen.r`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from kaleun.core.messages import N_, Msg, join, or_list
from kaleun.sonar.engineer import SECTION_ORDER
from kaleun.sonar.grid import COURSE_LETTERS, DIRECTION_NAMES, parse_cell
from kaleun.sonar.systems import describe
from kaleun.sonar.team import SYSTEM_TITLES
from kaleun.ui import theme
from kaleun.ui.sonar_text import COLOUR_MARKS

if TYPE_CHECKING:
    from kaleun.ui.sonar_screen import TeamScreen

SYMBOL_COLOURS = {"red": (214, 64, 56), "green": (62, 168, 84), "yellow": (232, 200, 60), "radiation": (150, 150, 160)}
#: the systems' buttons on the Captain's station, in this order (those the scenario has)
SYSTEM_ORDER = ("torpedo", "mine", "drone", "sonar", "silence", "scenario")
#: the systems' names on their buttons ("Scenario" for the scenario system: the button is narrow)
BUTTON_NAMES = {**SYSTEM_TITLES, "scenario": N_("Scenario"), "detonate": N_("Detonate")}
LEGEND = N_("R red (mine, torpedo), G green (drone, sonar), Y yellow (silence, scenario), * radiation; ring: its "
            "yellow, orange or grey circuit.")
#: the circuits' lines as the sheet prints them ([B]: "gelbe, orange oder graue Linien"): colour and, so that
#: colour is never alone, a pattern: the number of arcs the ring is drawn in (1: solid)
CIRCUIT_RINGS = {"yellow": ((240, 206, 40), 1), "orange": ((240, 140, 30), 8), "grey": ((170, 170, 176), 16)}


def draw_panel(screen: TeamScreen, surface: Any, status: dict[str, Any]) -> None:
    from kaleun.ui.sonar_screen import CONTENT, PANEL

    pygame.draw.rect(surface, theme.PANEL_DARK, screen.r(*PANEL))
    if status["sonar_waits_for"] == screen.team:
        _answer_panel(screen, surface, status)
        return
    _tabs(screen, surface, status)
    x, y, w, h = CONTENT
    if screen.repairing(status) and screen.station == "captain":
        # surfaced in real time the Captain's station is the repair panel; the Radio Operator keeps the enemy's
        # track, Plot and Save a tab away (the First Mate's and the Engineer's stations wait, held)
        _repair_panel(screen, surface, status, (x, y, w, h))
        return
    {"captain": _captain, "mate": _first_mate, "engineer": _engineer, "radio": _radio}[screen.station](
        screen, surface, status, (x, y, w, h))


def _tabs(screen: TeamScreen, surface: Any, status: dict[str, Any]) -> None:
    from kaleun.ui.sonar_screen import GAP, STATIONS, TABS, Hit

    x, y, w, h = TABS
    row = screen.r(x, y, w, h)
    texts: list[Msg | str] = list(STATIONS.values())
    widths = screen.row_widths(texts, row.width, row.height, screen.px(theme.MIN_TARGET + GAP))
    waits = {"mate": "mark" in status["waiting_for"], "engineer": "cross" in status["waiting_for"],
             "captain": screen.repairing(status)}  # the repairs wait on the Captain's station
    left = row.x
    for (station, _), text, width in zip(STATIONS.items(), texts, widths, strict=True):
        tab = Rect(left, row.y, width - screen.px(GAP), row.height)
        screen.button(surface, tab, text, Hit("tab", station), active=screen.station == station,
                      warn=waits.get(station, False), size=theme.MIN_TEXT)
        left += width


#: a station's title: up to two lines
TITLE = 46
#: the smallest gauge box beside its name (design pixels); smaller, the name goes above the boxes
MIN_BOX = 22


def _title(screen: TeamScreen, surface: Any, text: Msg, area: tuple[int, int, int, int], colour: Any = None,
           height: int = 28) -> None:
    assert screen.labels is not None
    x, y, w, _ = area
    rect = screen.r(x, y, w, height)
    screen.labels.label(surface, rect, text, colour or theme.TEXT, theme.MIN_TEXT, lines=height // 22, align="left",
                        pad=0)


# -- the Captain ----------------------------------------------------------------------------------
def _captain(screen: TeamScreen, surface: Any, status: dict[str, Any], area: tuple[int, int, int, int]) -> None:
    from kaleun.ui.sonar_screen import GAP, TARGETED, Hit

    assert screen.labels is not None
    x, y, w, _ = area
    unit = 58
    waits = screen.waits(status)  # the other team's turn, a Stop!, a sonar answer: the controls held, saying so
    for direction, (cx, cy) in {"N": (1, 0), "W": (0, 1), "E": (2, 1), "S": (1, 2)}.items():
        button = screen.r(x + cx * unit, y + cy * unit, unit - GAP, unit - GAP)
        hit = Hit("course", direction)
        screen.button(surface, button, Msg.term(COURSE_LETTERS[direction]), hit, size=24,
                      held=screen.holds(status, hit))
    centre = screen.r(x + unit, y + unit, unit - GAP, unit - GAP)
    pygame.draw.circle(surface, theme.PANEL_EDGE, centre.center, centre.width // 2, 1)
    if status["cell"]:
        screen.labels.label(surface, centre, status["cell"], theme.TEXT, theme.TEXT_SIZE, lines=1, pad=0)
    commands: list[tuple[str, Msg]] = [("surface", Msg("Surface"))]
    # no Dive here: turn-based, a surfaced boat dives by itself at its next turn; in real time a surfaced
    # boat's station area is the repair panel, which has its Dive (a Dive on a dived boat only drew a refusal)
    if screen.referee.mode == "realtime":
        commands.append(("go", Msg("Go")) if status["stop"] == screen.team else ("stop", Msg("Stop!")))
    left = x + 3 * unit + 4
    if status["phase"] == "over" and screen.leave is not None:  # nothing left to command: the way out, or a new game
        top = y
        if screen.new_game is not None:  # as U-BOOT's debrief offers it, and the console's `new`
            half = (3 * unit) // 2
            screen.button(surface, screen.r(left, y, x + w - left, half - GAP), Msg("New game"), Hit("new", None),
                          active=True, size=theme.MIN_TEXT)
            top = y + half
        leave_button(screen, surface, screen.r(left, top, x + w - left, y + 3 * unit - top - GAP))
        commands = []
    height = (3 * unit) // max(1, len(commands))
    for i, (command, label) in enumerate(commands):
        button = screen.r(left, y + i * height, x + w - left, height - GAP)
        hit = Hit("command", command)
        held = screen.holds(status, hit)
        cost = ice(screen, status) if command == "surface" and not held else None
        unconfirmed = Msg("silent run not confirmed yet") if status["silent_run"] else Msg("course not confirmed yet")
        why = (waits or unconfirmed) if held else cost
        idle = stop_note(screen, status) if command == "stop" and not held else None
        if idle is not None:  # §5: a Stop! comes with an activation; a tap draws the game's refusal saying why
            held, why = True, idle
        again = command == "surface" and screen.ice_told is not None and screen.ice_told == cost
        if again:  # Delta: the first touch of a Surface that costs the boat damage
            label = Msg("Touch again to surface")
        screen.button(surface, button, label, hit, active=command == "go" or again, held=held, note=why,
                      warn=cost is not None, size=theme.MIN_TEXT if again else theme.TEXT_SIZE)
    systems = [s for s in SYSTEM_ORDER if s in status["gauges"]] + ["detonate"]
    columns = 3
    top = y + 3 * unit + 6
    rows = (len(systems) + columns - 1) // columns
    height = min(64, (area[3] - (top - y)) // rows)
    width = w // columns
    for i, system in enumerate(systems):
        button = screen.r(x + (i % columns) * width, top + (i // columns) * height, width - GAP, height - GAP)
        broken = system in status["broken"]
        hit = Hit("system", system)
        held = screen.holds(status, hit)
        note = system_note(screen, status, system, held)
        screen.button(surface, button, Msg.term(BUTTON_NAMES[system]), hit,
                      active=screen.armed == system and system in TARGETED, note=note, warn=broken, held=held)


def stop_note(screen: TeamScreen, status: dict[str, Any]) -> Msg | None:
    """Why the Captain's Stop! would be refused now for want of anything to activate (digest §5: the referee's
    `stop_check`), in a button's few words; None when a system is ready or a mine may be set off."""
    check = screen.referee.stop_check(screen.team) if status["phase"] == "play" else None
    if check is None:
        return None
    if check == "handshake":
        return Msg("course not confirmed yet")
    if check == "move":
        return Msg("a move first")
    return Msg("nothing ready")


def ice(screen: TeamScreen, status: dict[str, Any]) -> Msg | None:
    """Delta (scenarios.toml surface_outside): on Surface, what surfacing here costs outside a water hole,
    and that it sinks a boat with that much damage left; None on a water hole or in another scenario (the
    referee's `surface_damage` and `surface_sinks`, which the console's `status` says too)."""
    cost = status.get("surface_damage")
    if not cost:
        return None
    if status.get("surface_sinks"):
        return Msg("no water hole: the boat sinks!")
    return Msg("no water hole: {n} damage", n=cost)


def system_note(screen: TeamScreen, status: dict[str, Any], system: str, held: bool) -> Msg | str | None:
    """The line under a system's name: the reason a tap would be refused, in the referee's order
    (`Team.activation_check`: the gauge, then a breakdown, then a move since the last activation), so a held
    button and its refusal agree; else its gauge ("ready", "2/3") or, for Detonate, the mines laid."""
    from kaleun.ui.sonar_screen import Hit

    if system == "detonate":  # the referee's order: no mine, a broken mine system (if it counts), the move
        if held and status["mines"] and screen.held_after_activation(status, Hit("system", system)):
            if screen.referee.rules["detonation_needs_working_mine"] and "mine" in status["broken"]:
                return Msg("broken")
            return Msg("a move first")
        return Msg.plural("{n} mine", "{n} mines", n=len(status["mines"]))
    if system not in status["gauges"]:
        return None
    filled, size = status["gauges"][system]
    if filled < size:
        return Msg("{filled}/{size}, broken", filled=filled, size=size) if system in status["broken"] \
            else f"{filled}/{size}"
    if system in status["broken"]:
        return Msg("broken")
    if status["phase"] == "play" and screen.referee.teams[screen.team].activation_check(system) == "move":
        return Msg("a move first")
    if system == "scenario" and spent(screen):  # Echo: every Archer mine has gone off (the Stop! reads "nothing ready")
        return Msg("none left")
    return Msg("ready")


def spent(screen: TeamScreen) -> bool:
    """The scenario system has nothing left to use (Echo: every Archer mine has gone off, each works once)."""
    system = screen.referee.system
    return system is not None and not system.usable()


# -- the First Mate -------------------------------------------------------------------------------
def _first_mate(screen: TeamScreen, surface: Any, status: dict[str, Any], area: tuple[int, int, int, int]) -> None:
    from kaleun.ui.sonar_screen import GAP, TEAM_COLOURS, Hit

    assert screen.labels is not None
    x, y, w, h = area
    waiting = "mark" in status["waiting_for"]
    gauges = status["gauges"]
    # [B] "Der Erste Offizier": the First Mate launches the drone and the sonar too (a tap on its full gauge,
    # once the course's mark is made: while the station asks for a mark, a tap is a mark)
    launch = set() if waiting else {s for s in ("drone", "sonar")
                                    if s in gauges and gauges[s][0] >= gauges[s][1] and s not in status["broken"]}
    waits = screen.waits(status)
    title = Msg("First Mate: one mark per course.")
    if waits is not None:
        title = Msg("First Mate: {why}: the marks wait.", why=waits)
    elif waiting:
        title = Msg("First Mate: mark one gauge.")
    elif launch and not status["activated_since_move"]:
        title = Msg("First Mate: tap a ready drone or sonar to launch it.")
    _title(screen, surface, title, area, theme.ACCENT if waiting else theme.TEXT_DIM, TITLE)
    top = y + TITLE
    row_h = min(58, (h - TITLE) // max(1, len(gauges)))
    names = {s: Msg.term(SYSTEM_TITLES[s]) for s in gauges}
    # a gauge the First Mate launches says what a tap would draw, as the Captain's buttons do ("a move first")
    notes = {s: system_note(screen, status, s, True) if s in launch else Msg("broken") if s in status["broken"]
             else (Msg("none left") if s == "scenario" and spent(screen) else Msg("ready")) if f >= n else None
             for s, (f, n) in gauges.items()}
    font = screen.labels.font(theme.MIN_TEXT)
    name_w = max(font.size(screen.text(t))[0] for t in names.values()) + screen.px(12)
    said = (Msg("broken"), Msg("ready"), Msg("a move first"), Msg("armed"), Msg("none left"))
    note_w = max(font.size(screen.text(t))[0] for t in said) + screen.px(12)
    most = max(n for _, n in gauges.values())
    line = font.get_linesize()
    # long names (Russian, Echo's scenario system) left the boxes a few pixels wide beside them: then the
    # name and its note go on a line of their own above the boxes
    stacked = (screen.r(x, 0, w, 1).width - name_w - note_w) // most - screen.px(4) < screen.px(MIN_BOX)
    for i, (system, (filled, size)) in enumerate(gauges.items()):
        row = screen.r(x, top + i * row_h, w, row_h - GAP)
        broken = system in status["broken"]
        full = filled >= size
        hit = Hit("launch" if system in launch else "gauge", system)
        held = screen.holds(status, hit)
        # the drone armed from this station: the row is drawn pressed, with a thick edge and "armed" as its
        # note, while the strip under the map asks for the sector (not by colour alone)
        armed = screen.armed == system and screen.armed_by == "first_mate" and system in launch
        fill = theme.BUTTON_DISABLED if held else theme.BUTTON_ACTIVE if armed else theme.BUTTON
        pygame.draw.rect(surface, fill, row, border_radius=screen.px(5))
        if held:
            screen.hatch(surface, row)
            screen.held.append(hit)
        edge = theme.TEXT if armed else theme.SELECTED if waiting and not full else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, row, 3 if armed else 2 if waiting and not full else 1,
                         border_radius=screen.px(5))
        colour = theme.TEXT_DARK if armed else theme.WARNING if broken else theme.TEXT
        if armed:
            notes[system] = Msg("armed")
        if stacked:
            top_line = Rect(row.x, row.y + screen.px(2), row.width - note_w, line)
            screen.labels.label(surface, top_line, names[system], colour, theme.MIN_TEXT, lines=1, align="left",
                                pad=screen.px(6))
            boxes = Rect(row.x + screen.px(6), top_line.bottom, row.width - screen.px(12), row.bottom - top_line.bottom)
            box = max(4, min(boxes.height - screen.px(4), boxes.width // most - screen.px(4)))
        else:
            screen.labels.label(surface, Rect(row.x, row.y, name_w, row.height), names[system], colour,
                                theme.TEXT_SIZE, lines=1, align="left", pad=screen.px(6))
            boxes = Rect(row.x + name_w, row.y, row.width - name_w - note_w, row.height)
            box = max(4, min(row.height - screen.px(16), boxes.width // most - screen.px(4)))
        for b in range(size):
            cell = Rect(boxes.x + b * (box + screen.px(4)), boxes.centery - box // 2, box, box)
            screen.gauge_boxes.append(cell)
            pygame.draw.rect(surface, TEAM_COLOURS[screen.team] if b < filled else theme.PANEL_DARK, cell)
            pygame.draw.rect(surface, theme.PANEL_EDGE, cell, 1)
            if b < filled:  # a mark is a cross as well as a colour
                pygame.draw.line(surface, theme.TEXT_DARK, cell.topleft, cell.bottomright, 2)
        note = notes[system]
        if note is not None:
            where = (Rect(row.right - note_w, row.y + screen.px(2), note_w, line) if stacked
                     else Rect(row.right - note_w, row.y, note_w, row.height))
            screen.labels.label(surface, where, note, colour, theme.MIN_TEXT, lines=1, pad=screen.px(4))
        screen.hits.append((row, hit))


# -- the Engineer ---------------------------------------------------------------------------------
def _engineer(screen: TeamScreen, surface: Any, status: dict[str, Any], area: tuple[int, int, int, int]) -> None:
    from kaleun.ui.sonar_screen import GAP, Hit

    assert screen.labels is not None
    x, y, w, h = area
    layout = screen.referee.teams[screen.team].board.layout
    crossed = set(status["crossed"])
    waiting = status["course_to_cross"] if "cross" in status["waiting_for"] else None
    waits = screen.waits(status)
    if waits is not None:
        title = Msg("Engineer: {why}: the crosses wait.", why=waits)
    elif waiting is not None:
        title = Msg("Engineer: cross a symbol of the {section} section.",
                    section=Msg.term(DIRECTION_NAMES[waiting]))
    else:
        title = Msg("Engineer: one cross per course, in its section.")
    _title(screen, surface, title, area, theme.ACCENT if waiting else theme.TEXT_DIM, TITLE)
    font = screen.labels.font(theme.TEXT_SIZE)
    label_w = max(font.size(screen.text(Msg.term(DIRECTION_NAMES[d])))[0] for d in SECTION_ORDER) + screen.px(10)
    most = max(len(layout.by_direction[d]) for d in SECTION_ORDER)
    top = y + TITLE
    row_h = 58
    slot = min(screen.px(row_h), (screen.r(x, y, w, h).width - label_w) // most)
    for i, direction in enumerate(SECTION_ORDER):
        row = screen.r(x, top + i * row_h, w, row_h - GAP)
        here = direction == waiting
        if waits is not None:
            screen.hatch(surface, row)
        pygame.draw.rect(surface, theme.SELECTED if here else theme.PANEL_EDGE, row, 3 if here else 1,
                         border_radius=screen.px(5))
        screen.labels.label(surface, Rect(row.x, row.y, label_w, row.height), Msg.term(DIRECTION_NAMES[direction]),
                            theme.TEXT, theme.TEXT_SIZE, lines=1, align="left", pad=screen.px(6))
        for k, sid in enumerate(layout.by_direction[direction]):
            symbol = layout.symbols[sid]
            target = Rect(row.x + label_w + k * slot, row.y, slot - screen.px(2), row.height)
            radius = min(target.width, target.height) // 2 - screen.px(3)
            centre = target.center
            colour = SYMBOL_COLOURS[symbol.colour]
            if sid in crossed:  # a crossed symbol is dimmed under its cross: the open ones stand out at a glance
                colour = (colour[0] // 2, colour[1] // 2, colour[2] // 2)
            pygame.draw.circle(surface, colour, centre, radius)
            ring = CIRCUIT_RINGS.get(layout.circuit_colours.get(symbol.circuit or 0, ""))
            if ring is not None:  # a dark gap first: a yellow ring stands apart from a yellow symbol
                pygame.draw.circle(surface, theme.PANEL_DARK, centre, radius, max(1, screen.px(2)))
                _ring(surface, centre, radius + screen.px(2), *ring, screen.px(3))
            text = screen.text(COLOUR_MARKS[symbol.colour])
            screen.labels.line(surface, text, centre, theme.TEXT_DARK, theme.MIN_TEXT, "center")
            if sid in crossed:
                q = int(radius * 0.8)
                cx, cy = centre
                pygame.draw.line(surface, theme.TEXT, (cx - q, cy - q), (cx + q, cy + q), 5)
                pygame.draw.line(surface, theme.TEXT, (cx - q, cy + q), (cx + q, cy - q), 5)
            hit = Hit("symbol", sid)
            if screen.holds(status, hit):
                screen.held.append(hit)
            screen.hits.append((target, hit))
    legend_top = top + len(SECTION_ORDER) * row_h + 4
    screen.labels.paragraph(surface, Msg(LEGEND), screen.r(x, legend_top, w, y + h - legend_top), theme.TEXT_DIM)


def _ring(surface: Any, centre: tuple[int, int], radius: int, colour: tuple[int, int, int], arcs: int,
          width: int) -> None:
    """A circuit's ring around its symbol: solid (1 arc) or drawn in `arcs` dashes."""
    import math

    if arcs <= 1:
        pygame.draw.circle(surface, colour, centre, radius, max(1, width))
        return
    box = Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)
    step = 2 * math.pi / arcs
    for n in range(arcs):
        pygame.draw.arc(surface, colour, box, n * step, n * step + step / 2, max(1, width))


# -- the Radio Operator ---------------------------------------------------------------------------
def _radio(screen: TeamScreen, surface: Any, status: dict[str, Any], area: tuple[int, int, int, int]) -> None:
    from kaleun.sonar.team import team_name
    from kaleun.ui.sonar_screen import GAP, TEAM_COLOURS, Hit

    assert screen.labels is not None
    x, y, w, h = area
    top = y
    if screen.referee.plot is not None:  # the opt-in training aid
        plot = screen.r(x + w - 150, y, 150, 54)
        screen.button(surface, plot, Msg.pterm("Captain Sonar", "Plot"), Hit("plot", None), active=screen.plotting)
        screen.labels.paragraph(surface, Msg("Training aid: the enemy's possible cells on the map."),
                                screen.r(x, y, w - 158, 66), theme.TEXT_DIM)
        top = y + 70
    _title(screen, surface, Msg("{team}'s announced courses:", team=team_name(screen.enemy)), (x, top, w, 28))
    bottom = y + h
    if screen.leave is not None and screen.save_now is not None:  # the consoles' save and quit, by touch
        bottom -= 60
        split = w * 2 // 5  # the wider for the longer label (its second touch's)
        screen.button(surface, screen.r(x, bottom + 4, split - GAP, 54), Msg("Save now"), Hit("save", None),
                      size=theme.MIN_TEXT)
        leave_button(screen, surface, screen.r(x + split, bottom + 4, w - split, 54))
    box = screen.r(x, top + 30, w, bottom - top - 30)
    words = [screen.text(word) for word in screen.track] or [screen.text(Msg("no course yet"))]
    step = screen.labels.font(theme.TEXT_SIZE).get_linesize()
    room = max(1, box.height // step)

    labels = screen.labels

    def fits(n: int) -> bool:
        return len(labels.rows(" ".join(["…", *words[-n:]]), theme.TEXT_SIZE, box.width)) <= room

    # the most of the newest words that fit (a running game keeps the whole track: found by halving, not word by word)
    shown, most = 1, len(words)
    while shown < most:
        middle = (shown + most + 1) // 2
        if fits(middle):
            shown = middle
        else:
            most = middle - 1
    text = " ".join((["…"] if shown < len(words) or screen.track_cut else []) + words[-shown:])
    screen.labels.paragraph(surface, text, box, TEAM_COLOURS[screen.enemy], theme.TEXT_SIZE)


def leave_button(screen: TeamScreen, surface: Any, rect: Rect) -> None:
    """Save and quit: a first touch asks for a second (the game stops for both teams), said on the button. On a
    table its service runs (`kaleun service install`) it is the shut-down: Power off the table (a system service),
    Close to the desktop (a user service)."""
    from kaleun.service import service_kind
    from kaleun.ui.sonar_screen import Hit

    # on a table its service runs a quit would only bring the game back 5 s later: the way out shuts the table down
    kind = service_kind()
    if kind == "system":
        text = Msg("Touch again to power off") if screen.leaving else Msg("Power off the table")
    elif kind == "user":
        text = Msg("Touch again to close the table") if screen.leaving else Msg("Close to the desktop")
    else:
        text = Msg("Touch again to save and quit") if screen.leaving else Msg("Save and quit")
    screen.button(surface, rect, text, Hit("leave", None), active=screen.leaving, warn=not screen.leaving,
                  size=theme.MIN_TEXT)


# -- the panels the game waits for ----------------------------------------------------------------
def _answer_panel(screen: TeamScreen, surface: Any, status: dict[str, Any]) -> None:
    from kaleun.ui.sonar_screen import FALSE_KINDS, GAP, PANEL, PROMPTS, Hit

    assert screen.labels is not None
    here = parse_cell(status["cell"])
    assert here is not None
    x, y, w, _ = PANEL
    _title(screen, surface, Msg("Sonar answer"), (x, y + 4, w, 28), theme.ACCENT)
    step = "answer" if screen.answer_true is None else "lie" if screen.answer_lie is None else "lie_cell"
    screen.labels.paragraph(surface, Msg(PROMPTS[step]), screen.r(x, y + 36, w, 48), theme.TEXT)
    width = w // 3
    for i, kind in enumerate(("row", "column", "sector")):
        truth = screen.r(x + i * width, y + 90, width - GAP, 64)
        screen.button(surface, truth, describe(kind, screen.value(kind, here)), Hit("truth", kind),
                      active=screen.answer_true == kind)
        if screen.answer_true is not None and kind != screen.answer_true:
            lie = screen.r(x + i * width, y + 164, width - GAP, 64)
            screen.button(surface, lie, Msg(FALSE_KINDS[kind]), Hit("lie", kind), active=screen.answer_lie == kind,
                          size=theme.MIN_TEXT)
    screen.labels.paragraph(surface, Msg("Exactly one statement is true; the game checks it."),
                            screen.r(x, y + 240, w, 60), theme.TEXT_DIM)


def _repair_panel(screen: TeamScreen, surface: Any, status: dict[str, Any], area: tuple[int, int, int, int]
                  ) -> None:
    """The repair ritual on the Captain's station: a hull section, then who outlines it. Each outlined section
    says by whom; the crew members who may not outline next are held (greyed and hatched: the Engineer begins,
    then the sheet passes on), and the prompt names who is next, so the first tap is not a refusal."""
    from kaleun.sonar.crew import member_name
    from kaleun.sonar.surfacing import repair_problem
    from kaleun.ui.sonar_screen import GAP, Hit

    assert screen.labels is not None
    x, y, w, h = area
    repairs = {int(k): v for k, v in status["repairs"].items()}
    crew = screen.referee.teams[screen.team].crew
    members = list(crew.members)

    def name(member: str) -> Msg | str:
        return member_name(member)

    free = [s for s in range(1, 5) if s not in repairs]
    may = [m for m in members if free and repair_problem(crew, repairs, free[0], m) is None]
    # §6: the other team's Stop! freezes the repairs and the dive too (the game refuses them): all held, saying whose
    frozen = screen.waits(status) if status["stop"] not in (None, screen.team) else None
    if frozen is not None:
        prompt = Msg("{why}: the repairs wait.", why=frozen)
    elif not free:
        prompt = Msg("Ready to dive!")
    elif not repairs:
        prompt = Msg("Repair: the {engineer} begins: tap a section, then the {engineer}.",
                     engineer=name(crew.holder("engineer")))
    else:
        prompt = Msg("Repair: a hull section, then who outlines it (next: {members})",
                     members=or_list([name(m) for m in may]))
    # three lines: the prompt naming who may outline next runs to three in German and Russian
    screen.labels.paragraph(surface, prompt, screen.r(x, y, w, 68), theme.ACCENT)
    width = w // 4
    for s in range(1, 5):
        button = screen.r(x + (s - 1) * width, y + 72, width - GAP, 62)
        screen.button(surface, button, str(s), Hit("section", s), active=s in repairs or s == screen.repair_section,
                      size=24, held=frozen is not None and s not in repairs)
    width = w // max(4, len(members))
    for i, member in enumerate(members):
        button = screen.r(x + i * width, y + 140, width - GAP, 62)
        screen.button(surface, button, name(member), Hit("member", member), size=theme.MIN_TEXT,
                      held=frozen is not None or (bool(free) and member not in may))
    dive = screen.r(x + w - 200, y + 208, 200, 58)
    screen.button(surface, dive, Msg("Dive"), Hit("command", "dive"), held=frozen is not None or bool(free))
    if repairs:  # who outlined which section (the sheet passes on: each member in turn)
        done = join([Msg("section {section}: {member}", section=k, member=name(v)) for k, v in sorted(repairs.items())],
                    "; ")
        screen.labels.paragraph(surface, done, screen.r(x, y + 272, w, h - 272), theme.TEXT_DIM)
