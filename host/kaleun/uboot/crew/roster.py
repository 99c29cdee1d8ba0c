"""The 32 sailors behind the 16 figures, as printed on the crew tiles (rulebook §2, §6.2, §6.3).

The static part only: names and specialisation symbols per tile face. What happens to the
sailors during a game lives in `sailors.py`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kaleun.uboot import data
from kaleun.uboot.figures import FIGURES, ROLES
from kaleun.uboot.figures import ROSTER as FIGURE_ROSTER

SAILORS_DATA = data.load("sailors")
SYMBOL_NAMES: Mapping[str, str] = SAILORS_DATA["symbols"]
SYMBOLS: tuple[str, ...] = tuple(SYMBOL_NAMES)
SYMBOLS_PER_SAILOR = 2
FACES = 2  # two watches per tile
ROLE_NAMES: Mapping[str, str] = FIGURE_ROSTER["role_names"]


@dataclass(frozen=True)
class Face:
    """One sailor as printed on one face of a crew tile."""

    name: str
    symbols: frozenset[str]
    most_experienced: bool = False


Roster = Mapping[str, tuple[Face, ...]]


def role_of(figure: str) -> str:
    return figure.split("-", 1)[0]


def load_roster(raw: Mapping[str, Any]) -> dict[str, tuple[Face, ...]]:
    """Build the roster from sailors.toml's content. Raises ValueError naming every problem."""
    problems: list[str] = []
    symbols = set(raw.get("symbols", {}))
    roster: dict[str, tuple[Face, ...]] = {}
    for key in raw:
        if key != "symbols" and key not in FIGURES:
            problems.append(f"[{key}] is not a figure (figures: {', '.join(FIGURES)})")
    for figure in FIGURES:
        entry = raw.get(figure)
        if not isinstance(entry, Mapping):
            problems.append(f"[{figure}] is missing")
            continue
        faces: list[Face] = []
        for n in range(1, FACES + 1):
            face = entry.get(str(n))
            where = f"[{figure}] face {n}"
            if not isinstance(face, Mapping):
                problems.append(f"{where} is missing")
                continue
            syms = face.get("symbols")
            if not isinstance(syms, list) or len(syms) != SYMBOLS_PER_SAILOR or len(set(syms)) != len(syms):
                problems.append(f"{where}: needs exactly {SYMBOLS_PER_SAILOR} different symbols, got {syms!r}")
                continue
            unknown = [s for s in syms if s not in symbols]
            if unknown:
                problems.append(f"{where}: unknown symbol(s) {', '.join(unknown)}")
            faces.append(Face(str(face.get("name", figure)), frozenset(syms), bool(face.get("most_experienced"))))
        roster[figure] = tuple(faces)
    for n in range(FACES):
        chiefs = [f for f in FIGURES if f.startswith("engineer-") and len(roster.get(f, ())) > n
                  and roster[f][n].most_experienced]
        others = [f for f in FIGURES if not f.startswith("engineer-") and len(roster.get(f, ())) > n
                  and roster[f][n].most_experienced]
        if len(chiefs) != 1:
            problems.append(f"face {n + 1}: exactly one engineer sailor must be most_experienced, found {chiefs}")
        if others:
            problems.append(f"face {n + 1}: only engineer sailors can be most_experienced, found {others}")
    if problems:
        raise ValueError("sailors.toml: " + "; ".join(problems))
    return roster


ROSTER: Roster = load_roster(SAILORS_DATA)
FIGURE_INDEX: Mapping[str, int] = {f: i for i, f in enumerate(FIGURES)}

__all__ = ["FACES", "FIGURES", "FIGURE_INDEX", "ROLES", "ROLE_NAMES", "ROSTER", "SYMBOLS", "SYMBOL_NAMES",
           "Face", "load_roster", "role_of"]
