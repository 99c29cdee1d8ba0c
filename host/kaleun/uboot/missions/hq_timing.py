"""When HQ's signals and the mission's encounters come, checked against the mission's time limit.

Part of the mission file's check (`catalogue.check_mission`). A signal (`[[radio]]`) or an encounter
(`[[encounter]]`) comes `at_h` hours after the start (or in a window `[earliest, latest]`), or
`delay_h` hours `after` an objective is met or after HQ sent a named signal (a `[[radio]]`'s `id`).
What comes at or after the time limit never comes: the patrol is over first (rulebook §4.2: the
mission ends at its time limit; §8: HQ sends the secondary objectives *during* the mission). A mission
file timing one so is refused with `FILE:LINE: problem`, as is:

- a signal's `id` used twice or also an objective's id (an `after` naming it would be ambiguous);
- signals whose `after` wait for each other in a ring: none of them ever comes;
- an objective whose `by_h` lies after the time limit, or a station, shadow or rendezvous that takes
  longer than the whole patrol, or than its `by_h` leaves it from the moment it is given (so also `count`
  reports `every_h` apart): it can never be met (or fail) as its words say;
- a secondary objective whose deadline (`by_h`, a rendezvous's `window_h`) has passed before the signal
  carrying it can come: it would fail the moment it is given;
- a signal whose text names a value it is not given (`{square}`, `{course}`, `{speed}` need the signal's
  `encounter`; an answer's text may use `{square}` and `{boats}`): the feed would read the braces;
- an encounter id used twice (a signal's `encounter` would name either), a signal telling where an
  encounter is that may come before the encounter is there (its square would read "?");
- a report objective whose `count` reports `every_h` apart take the whole patrol.

A game's set-up may shorten a mission's time limit (`kaleun run --changes '{"time_limit_h": 1}'`, an
exercise): the checks against the time limit are the mission file's, not the set-up's.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from string import Formatter
from typing import Any

from kaleun.core.args import finite_number
from kaleun.core.messages import Msg
from kaleun.uboot.missions.catalogue import _Checker, _dotted

#: hours between the moment an `after` names and the signal or encounter, when `delay_h` is not given
DEFAULT_DELAY_H: dict[str, float | list[float]] = {"radio": [0.5, 2.0], "encounter": 0.0}
#: what fills a text's {placeholders}: a signal naming an encounter, an answer to a report
SIGNAL_VALUES = ("square", "course", "speed")
ANSWER_VALUES = ("square", "boats")

Path = tuple[str | int, ...]


def span(value: Any) -> tuple[float, float] | None:
    """Hours, or a window [earliest, latest] of hours, as (earliest, latest); None if it is neither."""
    if isinstance(value, list) and len(value) == 2 and all(finite_number(x) for x in value):
        return float(value[0]), float(value[1])
    if finite_number(value):
        return float(value), float(value)
    return None


def signal_ids(radios: Sequence[Any]) -> dict[str, int]:
    """The named signals: {id: index of its [[radio]]} (the first of an id used twice)."""
    out: dict[str, int] = {}
    for i, table in enumerate(radios):
        ident = table.get("id") if isinstance(table, Mapping) else None
        if isinstance(ident, str) and ident not in out:
            out[ident] = i
    return out


def arrival(table: Mapping[str, Any], kind: str, radios: Sequence[Any],
            trail: tuple[str, ...] = ()) -> tuple[float, float] | None:
    """Hours after the start a signal or encounter comes at the earliest and at the latest (the latest is
    infinite after an objective: it is met when the crew meets it); None when it never comes (signals
    waiting for each other) or its timing is refused by its own check."""
    if "at_h" in table:
        return span(table["at_h"])
    after = table.get("after")
    delay = span(table.get("delay_h", DEFAULT_DELAY_H[kind]))
    if not isinstance(after, str) or delay is None:
        return None
    named = signal_ids(radios)
    if after not in named:
        return delay[0], math.inf  # after an objective, met at the start at the earliest
    if after in trail:
        return None
    parent = radios[named[after]]
    first = arrival(parent, "radio", radios, (*trail, after)) if isinstance(parent, Mapping) else None
    return None if first is None else (first[0] + delay[0], first[1] + delay[1])


def _ring(radios: Sequence[Any], start: str) -> list[str] | None:
    """The named signals a signal's `after` waits for, when they never end in a time or an objective."""
    named = signal_ids(radios)
    seen: list[str] = []
    ident: Any = start
    while isinstance(ident, str) and ident in named:
        if ident in seen:
            return seen
        seen.append(ident)
        table = radios[named[ident]]
        ident = table.get("after") if isinstance(table, Mapping) and "at_h" not in table else None
    return None


def check_signals(c: _Checker, spec: Mapping[str, Any], path: Path, objective_ids: Mapping[str, Path],
                  in_file: bool) -> None:
    """The checks of this module (see its docstring); `in_file`: a mission file, not a game's set-up."""
    radios = spec.get("radio", [])
    encounters = spec.get("encounter", [])
    if not isinstance(radios, list) or not isinstance(encounters, list):
        return  # refused by their own check
    _check_ids(c, radios, encounters, path, objective_ids)
    for i, table in enumerate(radios):
        if not isinstance(table, Mapping):
            continue
        where = (*path, "radio", i)
        after = table.get("after")
        if "at_h" not in table and isinstance(after, str) and (ring := _ring(radios, after)) is not None:
            c.add((*where, "after"), Msg("{key}.after: the signals {ring} wait for each other: none of them ever "
                                         "comes", key=_dotted(where), ring=", ".join(map(repr, ring))))
            continue
        _check_texts(c, table, where)
        _check_carried_deadline(c, table, where, radios)
        _check_told_encounter(c, table, where, radios, encounters)
    check_answer_texts(c, spec, path)
    limit = spec.get("time_limit_h")
    window = span(limit)
    if not in_file or window is None or isinstance(limit, list):
        return
    hours = window[0]
    for kind, tables in (("radio", radios), ("encounter", encounters)):
        for i, table in enumerate(tables):
            if isinstance(table, Mapping):
                _check_before_limit(c, table, kind, (*path, kind, i), radios, hours)
    primaries = spec.get("objective", [])
    objectives: list[tuple[Any, Path, float]] = [
        (table, (*path, "objective", i), 0.0) for i, table in enumerate(primaries if isinstance(primaries, list)
                                                                          else [])]
    for i, table in enumerate(radios):  # a secondary objective counts from its signal (at the earliest)
        if isinstance(table, Mapping) and "objective" in table:
            comes = arrival(table, "radio", radios)
            objectives.append((table["objective"], (*path, "radio", i, "objective"),
                               comes[0] if comes is not None and math.isfinite(comes[0]) else 0.0))
    for table, where, given in objectives:
        if isinstance(table, Mapping):
            _check_objective_time(c, table, where, hours, given)


def _check_ids(c: _Checker, radios: Sequence[Any], encounters: Sequence[Any], path: Path,
               objective_ids: Mapping[str, Path]) -> None:
    seen: dict[str, int] = {}
    for i, table in enumerate(radios):
        ident = table.get("id") if isinstance(table, Mapping) else None
        if not isinstance(ident, str):
            continue
        where = (*path, "radio", i, "id")
        if ident in seen:
            c.add(where, Msg("radio[{index}].id: {got} is used twice (also radio[{other}].id)", index=str(i),
                             got=repr(ident), other=str(seen[ident])))
        elif ident in objective_ids:
            c.add(where, Msg("radio[{index}].id: {got} is also an objective's id: an after naming it would not say "
                             "which it waits for", index=str(i), got=repr(ident)))
        seen.setdefault(ident, i)
    placed: dict[str, int] = {}
    for i, table in enumerate(encounters):
        if not isinstance(table, Mapping):
            continue
        ident = table.get("id", f"e{i + 1}")
        if not isinstance(ident, str):
            continue
        if ident in placed:
            c.add((*path, "encounter", i, "id") if "id" in table else (*path, "encounter", i),
                  Msg("encounter[{index}].id: {got} is used twice (also encounter[{other}]; an encounter without an id "
                      "is e1, e2 ... in file order)", index=str(i), got=repr(ident), other=str(placed[ident])))
        placed.setdefault(ident, i)


def _fields(text: str) -> list[str] | None:
    """The {placeholders} of a text; None when its braces do not pair ("{{" and "}}" are braces)."""
    try:
        return [name for _, name, _, _ in Formatter().parse(text) if name is not None]
    except ValueError:
        return None


def _check_texts(c: _Checker, table: Mapping[str, Any], where: Path) -> None:
    text = table.get("text")
    if not isinstance(text, str):
        return
    rule = Msg("a signal's text takes {square}, {course} and {speed} only with the signal's encounter")
    if "encounter" in table:
        _check_fields(c, text, SIGNAL_VALUES, (*where, "text"), rule)
        return
    # without an encounter the text is read as it is written, a brace too: only a {name} is a mistake
    unknown = sorted(set(re.findall(r"\{([A-Za-z_]\w*)\}", text)))
    if unknown:
        c.add((*where, "text"), _no_value((*where, "text"), unknown, rule))


def check_answer_texts(c: _Checker, spec: Mapping[str, Any], path: Path) -> None:
    answers = spec.get("answers")
    if not isinstance(answers, Mapping):
        return
    for report, items in answers.items():
        for i, item in enumerate(items if isinstance(items, list) else []):
            if isinstance(item, Mapping) and isinstance(item.get("text"), str):
                _check_fields(c, item["text"], ANSWER_VALUES, (*path, "answers", report, i, "text"),
                              Msg("an answer's text takes {square} and {boats}"))


def _check_fields(c: _Checker, text: str, allowed: Sequence[str], where: Path, rule: Msg) -> None:
    names = _fields(text)
    if names is None:
        c.add(where, Msg("{key}: a brace {{ or }} without its pair (write {{{{ or }}}} for a brace itself)",
                         key=_dotted(where)))
        return
    unknown = sorted({n for n in names if n not in allowed})
    if unknown:
        c.add(where, _no_value(where, unknown, rule))


def _no_value(where: Path, unknown: Sequence[str], rule: Msg) -> Msg:
    return Msg("{key}: {names} is given no value: {rule}, or the feed reads the braces", key=_dotted(where),
               names=", ".join("{" + n + "}" for n in unknown), rule=rule)


def _deadline_h(table: Mapping[str, Any]) -> tuple[float, str] | None:
    """An objective's deadline in hours after the start (`by_h`, the end of a rendezvous's `window_h`), and
    the key that sets it."""
    ends: list[tuple[float, str]] = []
    by = span(table.get("by_h"))
    if by is not None and not isinstance(table["by_h"], list):
        ends.append((by[0], "by_h"))
    window = span(table.get("window_h"))
    if window is not None and isinstance(table.get("window_h"), list):
        ends.append((window[1], "window_h"))
    return min(ends) if ends else None


def _check_carried_deadline(c: _Checker, table: Mapping[str, Any], where: Path, radios: Sequence[Any]) -> None:
    carried = table.get("objective")
    if not isinstance(carried, Mapping):
        return
    due = _deadline_h(carried)
    comes = arrival(table, "radio", radios)
    if due is not None and comes is not None and due[0] <= comes[0]:
        deadline, key = due
        c.add((*where, "objective", key), Msg("{key}: the objective's deadline ({deadline:g} h after the start) has "
                                              "passed before the signal carrying it can come ({comes:g} h at the "
                                              "earliest): it would fail at once",
                                              key=_dotted((*where, "objective", key)), deadline=deadline,
                                              comes=comes[0]))


def _check_told_encounter(c: _Checker, table: Mapping[str, Any], where: Path, radios: Sequence[Any],
                          encounters: Sequence[Any]) -> None:
    """A signal telling where an encounter is comes after the encounter is there (else its square reads "?")."""
    ident = table.get("encounter")
    told = next((e for i, e in enumerate(encounters) if isinstance(e, Mapping) and e.get("id", f"e{i + 1}") == ident),
                None)
    comes = arrival(table, "radio", radios)
    there = arrival(told, "encounter", radios) if told is not None else None
    if comes is None or there is None or (math.isinf(comes[1]) and math.isinf(there[1])):
        return  # both after objectives: the file's author times them
    if comes[0] < there[1]:  # at the same moment the encounter comes first (plans in the order at, kind)
        late = (Msg("up to {hours:g} h after the start", hours=there[1]) if math.isfinite(there[1])
                else Msg("after an objective is met"))
        c.add((*where, "encounter"), Msg("{key}: the signal may come {comes:g} h after the start, before encounter "
                                         "{got} is there (it comes {late}): the text would tell '?' for its square, "
                                         "course and speed", key=_dotted((*where, "encounter")), comes=comes[0],
                                         got=repr(ident), late=late))


def _check_before_limit(c: _Checker, table: Mapping[str, Any], kind: str, where: Path, radios: Sequence[Any],
                        limit: float) -> None:
    comes = arrival(table, kind, radios)
    if comes is None:
        return
    if kind == "radio":
        what = Msg("the signal and the objective it carries") if "objective" in table else Msg("the signal")
    else:
        what = Msg("the encounter")
    key = "at_h" if "at_h" in table else "after"
    if comes[0] >= limit:
        c.add((*where, key), Msg("{key}: {what} comes {hours:g} h after the start at the earliest, not before the "
                                 "time limit (time_limit_h = {limit:g}): the patrol is over first and it never comes",
                                 key=_dotted((*where, key)), what=what, hours=comes[0], limit=limit))
    elif comes[1] >= limit and math.isfinite(comes[1]):
        c.add((*where, key), Msg("{key}: {what} may come as late as {hours:g} h after the start, not before the "
                                 "time limit (time_limit_h = {limit:g}): in some games the patrol is over first",
                                 key=_dotted((*where, key)), what=what, hours=comes[1], limit=limit))


def _check_objective_time(c: _Checker, table: Mapping[str, Any], where: Path, limit: float, given: float = 0.0
                          ) -> None:
    """`given`: the hours after the start when the objective is given at the earliest (a secondary's signal)."""
    by = table.get("by_h")
    due = span(by)
    # the time the objective has before its deadline, from the moment it is given (None: no deadline of its own)
    left = due[0] - given if due is not None and not isinstance(by, list) and due[0] <= limit else None
    if due is not None and not isinstance(by, list) and due[0] > limit:
        c.add((*where, "by_h"), Msg("{key} = {got} is after the time limit (time_limit_h = {limit:g}): the patrol is "
                                    "over first", key=_dotted((*where, "by_h")), got=repr(by), limit=limit))
    window = span(table.get("window_h"))
    if window is not None and window[0] >= limit:
        c.add((*where, "window_h"), Msg("{key} = {got} opens at or after the time limit (time_limit_h = {limit:g}): "
                                        "the patrol is over first", key=_dotted((*where, "window_h")),
                                        got=repr(table["window_h"]), limit=limit))
    kind = table.get("kind")
    key, hours = {"station": ("hours", table.get("hours")), "shadow": ("hours", table.get("hours")),
                  "rendezvous": ("minutes", table.get("minutes"))}.get(str(kind), ("", None))
    took = span(hours)
    if took is not None and not isinstance(hours, list):
        need = took[0] / 60.0 if key == "minutes" else took[0]
        if need >= limit:
            c.add((*where, key), Msg("{key} = {got}: a {kind} that long takes the whole patrol or more (time_limit_h "
                                     "= {limit:g}): it can never be met", key=_dotted((*where, key)), got=repr(hours),
                                     kind=str(kind), limit=limit))
        elif left is not None and need > left:
            c.add((*where, key), Msg("{key} = {got}: a {kind} that long cannot be over by its deadline (by_h = "
                                     "{by}{given}): it can never be met", key=_dotted((*where, key)), got=repr(hours),
                                     kind=str(kind), by=repr(by), given=_from(given)))
    every, count = span(table.get("every_h")), span(table.get("count", 1))
    if kind == "report" and every is not None and count is not None and every[0] * (count[0] - 1) >= limit:
        c.add((*where, "every_h"), Msg("{key}: {count:g} reports {every:g} h apart take {hours:g} h, the whole "
                                       "patrol or more (time_limit_h = {limit:g}): it can never be met",
                                       key=_dotted((*where, "every_h")), count=count[0], every=every[0],
                                       hours=every[0] * (count[0] - 1), limit=limit))
    elif kind == "report" and every is not None and count is not None and left is not None \
            and every[0] * (count[0] - 1) > left:
        c.add((*where, "every_h"), Msg("{key}: {count:g} reports {every:g} h apart take {hours:g} h, more than its "
                                       "deadline allows (by_h = {by}{given}): it can never be met",
                                       key=_dotted((*where, "every_h")), count=count[0], every=every[0],
                                       hours=every[0] * (count[0] - 1), by=repr(by), given=_from(given)))


def _from(given: float) -> Msg | str:
    return Msg(", {hours:g} h after the start its signal comes at the earliest", hours=given) if given > 0 else ""
