"""Captain Sonar as text for a team's console: its own map, gauges, engineer board and status.

Everything here is drawn from `Referee.team_status(team)` and the map, so a console shows only
what that team knows, and written in the table's language (`Language`): sentences and names come
from the catalogues, numbers take the language's signs. The marks on the map and the board are
signs the legend under each explains.
"""

from __future__ import annotations

from typing import Any

from kaleun.core.events import Event
from kaleun.core.messages import N_, Msg, and_list, join, or_list
from kaleun.i18n import Language
from kaleun.sonar.address import addressed
from kaleun.sonar.crew import Crew, member_name
from kaleun.sonar.engineer import SECTION_ORDER, BoardLayout, circuit_name
from kaleun.sonar.grid import COURSE_LETTERS, DIRECTION_NAMES, LETTERS, parse_cell
from kaleun.sonar.maps import SeaMap
from kaleun.sonar.record import is_track
from kaleun.sonar.team import SYSTEM_NAMES, team_name
from kaleun.ui.sonar_commands import command, command_word, find

#: one character per colour of the engineer board's symbols, on the text board and on the screen (colour is never
#: the only cue), in each language as its edition names them (German: the sheet's Waffen-, Aufspür- and Spezielle
#: Systeme; Russian: the colours), under a context of their own (the letters mean other things elsewhere)
COLOUR_MARKS: dict[str, Msg | str] = {"red": Msg.pterm("engineer board", "R"),
                                      "green": Msg.pterm("engineer board", "G"),
                                      "yellow": Msg.pterm("engineer board", "Y"), "radiation": "*"}


#: the weapons of a blast, as the map's list of blasts names them
WEAPON_NAMES: dict[str, str] = {"torpedo": SYSTEM_NAMES["torpedo"], "mine": SYSTEM_NAMES["mine"],
                                "archer_mine": N_("Archer mine")}


def blast_words(blast: dict[str, Any], team: str | None = None) -> Msg | str:
    """One blast of `Referee.team_status`'s `blasts` as the map lists it: 'D4 (torpedo of Yellow): indirect
    hit on Blue' (all of it announced aloud: the impact cell and the hits on both boats); as `team`'s own
    console says it: 'D4 (your torpedo): indirect hit on Blue', 'D4 (torpedo of Blue): direct hit on your boat'."""
    hits: list[Msg | str] = [Msg("direct hit on {team}", team=team_name(team)) if hit == 2
                             else Msg("indirect hit on {team}", team=team_name(team))
                             for team, hit in blast["hits"].items() if hit]
    weapon = WEAPON_NAMES.get(blast["weapon"], blast["weapon"])
    said = Msg("{cell} ({weapon} of {team}): {hits}", cell=blast["cell"], weapon=Msg.term(weapon),
               team=team_name(blast["team"]), hits=join(hits, ", ") if hits else Msg("no hit"))
    return said if team is None else addressed(said, team) or said


def draw_map(sea: SeaMap, status: dict[str, Any], lang: Language, team: str | None = None) -> str:
    """The own map: '#' island, 'o' water hole, 'a' Archer mine, '+' own route, '@' the boat,
    'M' an own mine, 'x' where a blast struck (either team's: the impact cells are announced); the
    borders of the game mode's sectors ('|', '-'); under it the blasts, whose weapon and what they hit (on
    `team`'s console its own weapons and boat as "your", `sonar.address`)."""
    route = {parse_cell(c) for c in status["route"]}
    mines = {parse_cell(c) for c in status["mines"]}
    blasts = status.get("blasts", [])
    impacts = {parse_cell(b["cell"]) for b in blasts}
    archers = {parse_cell(c) for c in status.get("archer_mines", [])}
    here = parse_cell(status["cell"]) if status["cell"] else None
    mode = status["mode"]
    widths, heights = sea.sector_bands[mode] if sea.has_mode(mode) else ((sea.columns,), (sea.rows,))
    col_borders = {sum(widths[:i]) for i in range(1, len(widths))}
    row_borders = {sum(heights[:i]) for i in range(1, len(heights))}
    lines = ["    " + " ".join(LETTERS[: sea.columns])]
    for y in range(sea.rows):
        if y in row_borders:  # the border between two bands of sectors
            lines.append("    " + "".join(("+" if x in col_borders else "-") + "-" if x else "-"
                                          for x in range(sea.columns)))
        row = []
        for x in range(sea.columns):
            cell = (x, y)
            if cell == here:
                mark = "@"
            elif cell in mines:
                mark = "M"
            elif cell in impacts and cell not in archers:  # an Archer mine a blast left stays 'a' (listed below)
                mark = "x"
            elif cell in route:
                mark = "+"
            elif cell in sea.islands:
                mark = "#"
            elif cell in archers:
                mark = "a"
            elif cell in sea.feature("water_hole"):
                mark = "o"
            else:
                mark = "."
            row.append(mark)
        lines.append(f"{y + 1:>3} " + "".join(("|" if x in col_borders else " ") + mark if x else mark
                                              for x, mark in enumerate(row)))
    lines.append(lang.render(Msg("Sectors 1 to {last}, numbered row by row from the north-west; | and - mark their "
                                 "borders.", last=len(widths) * len(heights))))
    legend = [Msg("@ boat"), Msg("+ route"), Msg("M mine"), Msg("# island")]
    if sea.feature("water_hole"):  # only the marks this map has (Alpha's legend named water holes)
        legend.append(Msg("o water hole"))
    if "archer_mines" in status:
        legend.append(Msg("a Archer mine"))
    if blasts:
        legend.append(Msg("x blast"))
        lines.append(lang.render(Msg("Blasts, the newest last: {blasts}.",
                                     blasts=join([blast_words(b, team) for b in blasts], "; "))))
    lines.append("  ".join(lang.render(item) for item in legend))
    return "\n".join(lines)


def draw_gauges(status: dict[str, Any], lang: Language) -> str:
    parts = []
    for system, (filled, size) in status["gauges"].items():
        broken = " " + lang.render(Msg("(broken)")) if system in status["broken"] else ""
        parts.append(f"{lang.text(SYSTEM_NAMES[system])} [{'x' * filled}{'.' * (size - filled)}]{broken}")
    return "  ".join(parts)


def draw_board(layout: BoardLayout, status: dict[str, Any], lang: Language) -> str:
    """The engineer board: one line per section, crossed symbols in brackets; then the linked circuits named
    by their line colour as the rulebook names them ("yellow circuit: W1 W2 W3 E1")."""
    crossed = set(status["crossed"])
    names = {d: lang.text(DIRECTION_NAMES[d]) for d in SECTION_ORDER}
    width = max(len(name) for name in names.values())
    lines = []
    for direction in SECTION_ORDER:
        cells = []
        for sid in layout.by_direction[direction]:
            symbol = layout.symbols[sid]
            mark = lang.render(COLOUR_MARKS[symbol.colour]) + ("~" if symbol.circuit else " ")
            cells.append(f"[{sid}:{mark}]" if sid in crossed else f" {sid}:{mark} ")
        lines.append(f"{names[direction]:>{width}}: " + "".join(cells))
    lines.append("; ".join(f"{lang.render(circuit_name(layout, n))}: {' '.join(members)}"
                           for n, members in layout.circuits.items()))
    lines.append(lang.render(Msg("R red (mine, torpedo)  G green (drone, sonar)  Y yellow (silence, scenario)  "
                                 "* radiation  ~ in a linked circuit  [..] crossed")))
    return "\n".join(lines)


def owed_line(status: dict[str, Any]) -> Msg | None:
    """What the team still owes for its last course (the First Mate's mark, the Engineer's cross), or None."""
    if not status["waiting_for"]:
        return None
    waits: list[Msg | str] = []
    if "mark" in status["waiting_for"]:
        waits.append(Msg("the First Mate marks a gauge"))
    if "cross" in status["waiting_for"]:
        waits.append(Msg("the Engineer crosses a symbol of the {direction} section",
                         direction=Msg.term(DIRECTION_NAMES[status["course_to_cross"]])))
    return Msg("Waiting: {what}.", what=and_list(waits))


def describe_status(status: dict[str, Any], lang: Language, team: str | None = None, crew: Crew | None = None) -> str:
    """The boat's state: where, damage, surfaced or not; the gauges; what the game waits for. `team`: the team
    whose console reads it, addressed as "you" where the game waits for it (its turn, its Stop!, its sonar answer,
    with what to type); None names every team. `crew`: the team's crew, whose repairs (real time, surfaced) the
    game waits for: who outlines the next hull section, or the dive."""
    where = Msg("at {cell}, sector {sector}", cell=status["cell"], sector=status["sector"]) if status["cell"] \
        else Msg("still without a start cell")
    lines: list[Msg | str] = [Msg("Boat {where}; damage {damage}; {state}.", where=where, damage=status["damage"],
                                  state=Msg("surfaced") if status["surfaced"] else Msg("submerged")),
                              draw_gauges(status, lang)]
    if status["broken"]:
        names = join([Msg.term(SYSTEM_NAMES[s]) for s in status["broken"]])
        lines.append(Msg("Broken down: {systems}.", systems=names))
    if status["phase"] == "play" and status["activated_since_move"] and not status["silent_run"]:
        # the window's system buttons say "a move first"
        lines.append(Msg("The systems wait for a move: never two activations without a move in between."))
    surfacing = surfacing_line(status)
    if surfacing is not None:
        lines.append(surfacing)
    if status["phase"] == "setup":  # the help promises what the game waits for: in setup, a start cell
        lines.append(Msg("Waiting: the other Captain marks the start cell.") if status["cell"]
                     else Msg("Waiting: your Captain marks the start cell ({start} CELL).",
                              start=command_word("start")))
    elif status["phase"] == "over" and status["winner"] is not None and status["winner"] == team:
        lines.append(Msg("The game is over: you won."))  # as the window's top bar says "victory!"
    elif status["phase"] == "over":
        lines.append(Msg("The game is over: {winner} won.", winner=team_name(status["winner"])) if status["winner"]
                     else Msg("The game is over: both boats sank."))
    owed = owed_line(status)
    if owed is not None:
        lines.append(owed)
    if status["surfaced"] and status["mode"] == "realtime":
        done = join([Msg("{section} ({member})", section=k, member=member_name(v))
                     for k, v in status["repairs"].items()]) if status["repairs"] else "-"
        lines.append(Msg("Repairs outlined: {done}.", done=done))
        if crew is not None and status["phase"] == "play":
            lines.append(repairs_waiting(status, crew))
    lines.extend(waits_lines(status, team))
    return "\n".join(lang.render(line) for line in lines)


def repairs_waiting(status: dict[str, Any], crew: Crew) -> Msg:
    """What a surfaced crew's repairs wait for (real time, digest §2): who outlines which hull section next (the
    Engineer begins, then the sheet passes on), or, the hull repaired, the dive: as the window's repair panel names
    who is next."""
    from kaleun.sonar import data
    from kaleun.sonar.surfacing import repair_problem, sections_left

    repairs = {int(k): v for k, v in status["repairs"].items()}
    left = sections_left(repairs, int(data.load("rules")["rules"]["repair_sections"]))
    if not left:
        return Msg("Ready to dive: type {dive}.", dive=command_word("dive"))
    may = [member_name(m) for m in crew.members if repair_problem(crew, repairs, left[0], m) is None]
    return Msg.plural("Waiting: the {members} outlines hull section {left} ({repair} SECTION MEMBER).",
                      "Waiting: the {members} outlines one of the hull sections {left} ({repair} SECTION MEMBER).",
                      n=len(left), members=or_list(may), left=", ".join(map(str, left)),
                      repair=command_word("repair"))


def waits_lines(status: dict[str, Any], team: str | None) -> list[Msg]:
    """Whose turn, Stop! and sonar answer the game waits for; the reading team's own as "your", the answer with
    what to type (`describe_status`)."""
    lines: list[Msg] = []
    turn, extra = status["turn"], status.get("extra_turn")
    if turn and extra:  # after a surfacing: three turns in a row (§2)
        n, of = extra
        lines.append(Msg("Your extra turn {n} of {of}.", n=n, of=of) if turn == team
                     else Msg("Turn: {team}, extra turn {n} of {of}.", team=team_name(turn), n=n, of=of))
    elif turn:
        lines.append(Msg("Your turn.") if turn == team else Msg("Turn: {team}.", team=team_name(turn)))
    stop, answerer = status["stop"], status["sonar_waits_for"]
    if stop and stop == team and not answerer and not status["silent_run"]:  # the console's hint at a resume
        lines.append(Msg("Your Stop! holds both teams: activate the system, or type {go} to lift it.",
                         go=command_word("go")))
    elif stop:
        lines.append(Msg("Stop! called by you.") if stop == team else Msg("Stop! called by {team}.",
                                                                             team=team_name(stop)))
    if answerer and answerer == team:
        answer = find("answer")
        assert answer is not None
        row, column, sector = (f.word for f in answer.fields)
        lines.append(Msg("The sonar waits for your answer: {answer} {row}=ROW {column}=COLUMN (or {sector}=SECTOR), "
                         "two kinds, exactly one of them true.", answer=command_word("answer"), row=row,
                         column=column, sector=sector))
    elif answerer and team is not None:
        lines.append(Msg("Your sonar waits for {team}'s answer.", team=team_name(answerer)))
    elif answerer:
        lines.append(Msg("The sonar waits for {team}'s answer.", team=team_name(answerer)))
    return lines


def surfacing_line(status: dict[str, Any]) -> Msg | None:
    """Delta ([B] "Delta Karte"): what surfacing where the boat is would cost, for a boat under way and submerged
    (the map's boat mark covers a water hole's); None in a scenario without the rule."""
    cost = status.get("surface_damage")
    if cost is None or status["phase"] != "play" or status["surfaced"]:
        return None
    if not cost:
        return Msg("On a water hole: surfacing here costs no damage.")
    if status.get("surface_sinks"):
        return Msg("No water hole here: surfacing costs {n} damage and sinks the boat.", n=cost)
    return Msg("No water hole here: surfacing costs {n} damage.", n=cost)


def track_word(event: Event, team: str) -> Msg | str | None:
    """One of the enemy's announcements as a word of `team`'s track (the Radio Operator's record: the
    course, "silent run", "surfaced in 9", "torpedo D4", "mine laid", "mine set off at F7"), or None for any
    other event."""
    if not is_track(event, team):
        return None
    if event.name == "course":
        direction = str(event.data["direction"])
        return Msg.term(COURSE_LETTERS[direction]) if direction in COURSE_LETTERS else direction
    if event.name == "silence":
        return Msg("silent run")
    if event.name == "torpedo":
        return Msg("torpedo {cell}", cell=event.data["cell"])
    if event.name == "mine_laid":
        return Msg("mine laid")
    if event.name == "mine_detonated":
        return Msg("mine set off at {cell}", cell=event.data["cell"])
    if event.name == "archer_mine":
        return Msg("Archer mine {cell}", cell=event.data["cell"])
    return Msg("surfaced in {sector}", sector=event.data["sector"])


def track_text(events: list[Event], team: str, cut: bool = False) -> Msg:
    """The enemy's announced track as `team` heard it, oldest first ('Blue: N N E silent run S torpedo D4');
    `cut`: its earliest announcements are left out (a resumed game's save kept the last ones), so it begins
    with "…" ('Blue: … S E silent run')."""
    words: list[Msg | str] = [w for w in (track_word(e, team) for e in events) if w is not None]
    enemy = next(iter({e.data["team"] for e in events if is_track(e, team)}), None)
    if not words or enemy is None:
        return Msg("The enemy has announced no course yet.")
    return Msg("{team}: {track}", team=team_name(enemy), track=join((["…"] if cut else []) + words, " "))


class Told:
    """What a team was told before its front end started (the referee's record after `kaleun
    resume`): shown first; the same events, still waiting in the runtime, are then not shown twice."""

    def __init__(self, past: list[Event]) -> None:
        self.past = past

    def fresh(self, event: Event) -> bool:
        """Whether `event` is new to this front end (not one of the past events shown already)."""
        if self.past:
            if any(event is e for e in self.past):
                return False
            self.past = []
        return True


def feed_line(event: Event, lang: Language, team: str | None = None) -> str:
    """An event's feed line in the table's language, a refusal marked with "! "; on `team`'s own screen its
    sentences about `team` spoken to it ("You are at C2", `sonar.address`)."""
    mark = "! " if event.name == "refused" else ""
    feed = addressed(event.feed, team) if team is not None else event.feed
    return f"{mark}{lang.render(feed)}" if feed is not None else ""



def first_steps(status: dict[str, Any], lang: Language) -> Msg | None:
    """Where a team begins, as its game stands (`Referee.team_status`): a new game's greeting at the team's
    console (as the U-BOOT console greets a new game) and the end of its `help`, naming the commands in the
    table's words (`karte`, `kurs O markieren=torpedo kreuzen=O2`). None once the game is over."""
    if status["phase"] == "over":
        return None
    words = {name: command_word(name) for name in ("map", "start", "status", "board", "help", "stop", "torpedo")}
    if status["cell"] is None:
        return Msg("First steps: {map} shows the sea, its islands and sectors; {start} CELL marks your secret start "
                   "cell (e.g. {start} C6); {status} says what the game waits for.", **words)
    letters = {d.lower(): lang.text(COURSE_LETTERS[d]).lower() for d in COURSE_LETTERS}
    example = command("course").example_in(lang)
    if status["mode"] == "turn":
        return Msg("First steps: in your turn the Captain announces a course ({n}, {e}, {s} or {w}) and the First "
                   "Mate and the Engineer confirm it: {example} does all three ({board} shows the symbols); a full "
                   "gauge with no breakdown of its colour fires its system ({help} {torpedo}); {status} says what the "
                   "game waits for.", example=example, **letters, **words)
    return Msg("First steps: announce a course ({n}, {e}, {s} or {w}) and confirm it with the First Mate's mark and "
               "the Engineer's cross: {example} does all three ({board} shows the symbols); {stop} freezes both teams "
               "for an activation; {status} says what the game waits for.", example=example, **letters, **words)
