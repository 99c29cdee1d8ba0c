"""Where the 16 sailor figures stand: sections 1-8, or lifted off the model.

The table reports placements and lifts; the crew engine builds its movement rules on top.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.core.args import Args
from kaleun.core.engine import Handler, Module
from kaleun.core.messages import Msg, join
from kaleun.core.shape import Int, Map, Maybe, Obj, Text
from kaleun.uboot import data

ROSTER = data.load("roster")
ROLES: list[str] = ROSTER["roles"]
SHAPES: list[str] = ROSTER["shapes"]
FIGURES: list[str] = [f"{role}-{shape}" for role in ROLES for shape in SHAPES]
SECTIONS = range(1, 9)


def figure_term(figure: str) -> Msg:
    """A figure as a player reads it, its base shape and role in the table's language: "square navigator"
    in English (as a player says it, and without brackets: a sailor's name or what he does often follows
    in brackets), "Navigator-Quadrat" in German. The id ("navigator-square") stays the word of commands,
    scripts, saves and the events' fields; only the words a player reads name the figure so."""
    return _FIGURE_TERMS.get(figure) or _words(figure)


def figures_said(raw: Any) -> Msg | str:
    """A list of figures a command was given, as a refusal quotes it: each figure by its name in the table's
    language (`Navigator-Quadrat, Navigator-Quadrat`, never the ids), what is no figure as typed."""
    if not isinstance(raw, list) or not raw or not all(isinstance(f, str) for f in raw):
        return repr(raw)
    return join([figure_term(f) if f in FIGURES else repr(f) for f in raw])


def _words(figure: str) -> Msg:
    role, shape = figure.split("-", 1)
    return Msg("{shape} {role}", role=Msg.term(role), shape=Msg.term(shape))


#: the figures' words, made once and shared by every sentence naming them (a Msg is a value: never changed)
_FIGURE_TERMS: dict[str, Msg] = {f: _words(f) for f in FIGURES}


class Figures(Module):
    name = "figures"

    def __init__(self) -> None:
        start = ROSTER["start"]
        self.where: dict[str, int | None] = {f: int(start[f]) if f in start else None for f in FIGURES}

    def commands(self) -> Mapping[str, Handler]:
        return {"place": self._place, "lift": self._lift}

    def in_section(self, section: int) -> list[str]:
        return [f for f, s in self.where.items() if s == section]

    def off_model(self, figure: str) -> bool:
        """Is `figure` one of the figures, and off the model (a `lift` of it changes nothing)?"""
        return figure in self.where and self.where[figure] is None

    def _figure(self, args: Args) -> str:
        return args.str("figure", choices=FIGURES)

    def _place(self, args: Args) -> None:
        figure = self._figure(args)
        section = args.int("section", lo=1, hi=8)
        args.finish()
        previous = self.where[figure]
        if previous == section:
            return
        self.where[figure] = section
        self.emit("figure_placed", figure=figure, section=section, previous=previous)

    def _lift(self, args: Args) -> None:
        figure = self._figure(args)
        args.finish()
        previous = self.where[figure]
        if previous is None:
            return
        self.where[figure] = None
        self.emit("figure_lifted", figure=figure, section=previous)

    def status(self) -> dict[str, Any]:
        return {"where": dict(self.where)}

    state_shape = Obj(where=Map(Maybe(Int(min(SECTIONS), max(SECTIONS))), keys=Text(FIGURES)))

    def to_state(self) -> dict[str, Any]:
        return {"where": dict(self.where)}

    def load_state(self, state: Mapping[str, Any]) -> None:
        where = state["where"]
        unknown = sorted(set(where) - set(FIGURES))
        if unknown:
            raise ValueError(f"unknown figures {unknown}")
        for figure in FIGURES:
            section = where.get(figure)
            if section is not None and int(section) not in SECTIONS:
                raise ValueError(f"{figure} in section {section}")
            self.where[figure] = None if section is None else int(section)
