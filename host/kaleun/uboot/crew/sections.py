"""Sections of the boat and the routes sailors can take between them (rulebook §6.4, §10.3.9)."""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from kaleun.core.messages import Msg
from kaleun.uboot import data

SECTIONS_DATA = data.load("sections")
SECTIONS: tuple[int, ...] = tuple(range(1, 9))
NAMES: Mapping[int, str] = {int(k): v for k, v in SECTIONS_DATA["names"].items()}
HULL: tuple[int, ...] = tuple(SECTIONS_DATA["hull"])
OUTSIDE: tuple[int, ...] = tuple(SECTIONS_DATA["outside"])
HATCHES: tuple[int, int] = (int(SECTIONS_DATA["hatches"][0]), int(SECTIONS_DATA["hatches"][1]))
HATCH_CHIPS: int = int(SECTIONS_DATA["hatch_chips"])


def _graph(pairs: list[list[int]]) -> dict[int, tuple[int, ...]]:
    out: dict[int, list[int]] = {s: [] for s in SECTIONS}
    for a, b in pairs:
        out[a].append(b)
        out[b].append(a)
    return {s: tuple(sorted(n)) for s, n in out.items()}


ALWAYS = _graph(SECTIONS_DATA["always"])
WITH_SURFACED = _graph(SECTIONS_DATA["always"] + SECTIONS_DATA["surfaced"])
SURFACED_ONLY = {tuple(sorted(p)) for p in SECTIONS_DATA["surfaced"]}


def name(section: int) -> str:
    return NAMES[section]


def neighbours(section: int, surfaced: bool) -> tuple[int, ...]:
    return (WITH_SURFACED if surfaced else ALWAYS)[section]


def damage_group(section: int) -> tuple[int, ...]:
    """Sections that count as one for crew damage: 7 and 8 together (§6.12)."""
    return OUTSIDE if section in OUTSIDE else (section,)


@dataclass(frozen=True)
class Route:
    """A legal way from one section to another: every section on it, and whether it takes a
    torpedo hatch (then the mover must be activated)."""

    path: tuple[int, ...]
    hatch: bool = False


def _search(start: int, goal: int, graph: Mapping[int, tuple[int, ...]], flooded: Collection[int],
            extra: tuple[int, int] | None = None) -> tuple[int, ...] | None:
    came: dict[int, int | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            path = [here]
            while came[path[-1]] is not None:
                path.append(came[path[-1]])  # type: ignore[arg-type]
            return tuple(reversed(path))
        nexts = list(graph[here])
        if extra is not None and here in extra:
            nexts.append(extra[1] if here == extra[0] else extra[0])
        for n in nexts:
            if n not in came and n not in flooded:
                came[n] = here
                queue.append(n)
    return None


def route(start: int, goal: int, surfaced: bool, flooded: Collection[int] = ()) -> Route | Msg:
    """The shortest legal route, or the reason there is none."""
    if goal in flooded:
        return Msg("section {section} is flooded and can never be entered", section=goal)
    if start == goal:
        return Route((start,))
    graph = WITH_SURFACED if surfaced else ALWAYS
    path = _search(start, goal, graph, flooded)
    if path is not None:
        return Route(path)
    if surfaced:
        path = _search(start, goal, graph, flooded, HATCHES)
        if path is not None:
            return Route(path, hatch=True)
    if not surfaced and _search(start, goal, WITH_SURFACED, flooded) is not None:
        a, b = sorted(next(iter(SURFACED_ONLY)))
        return Msg("sections {a} and {b} connect only while the boat is surfaced", a=a, b=b)
    if flooded:
        cut = ", ".join(str(s) for s in sorted(flooded))
        if not surfaced and _search(start, goal, graph, flooded, HATCHES) is not None:
            return Msg("flooded section {sections} cuts the boat in two; the torpedo hatches of {a} and {b} can be "
                       "used only while surfaced", sections=cut, a=HATCHES[0], b=HATCHES[1])
        return Msg("flooded section {sections} blocks the way", sections=cut)
    return Msg("there is no way from section {start} to section {goal}", start=start, goal=goal)
