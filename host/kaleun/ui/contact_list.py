"""The plot's list of contacts, made short enough to find a target in: ships sailing together are one row
(a convoy's forty contacts took a dozen pages of four), and the list is sorted by what the First Officer
is after — the nearest, the newest reports, or the identified ships first.

Only the crew's estimates are read (estimated positions, courses, classes once identified), never the
truth. Pure: no pygame, no game state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from kaleun.core.messages import N_

Contact = dict[str, Any]

#: the list's orders, in the order the sort button goes through them
SORTS: tuple[str, ...] = ("nearest", "newest", "identified")
#: each order as the sort button says it (typed at the console too: `контакты сначала_ближние`)
SORT_LABELS: dict[str, str] = {"nearest": N_("Nearest first"), "newest": N_("Newest first"),
                               "identified": N_("Identified first")}
#: two ships this close (nm, by the crew's estimated positions) on near courses sail together [our choice: a
#: convoy's columns and rows are under a mile apart, so its ships chain into one group]
LINK_NM = 1.5
#: ... when their estimated courses differ by no more than this (degrees; a ship with no course estimate yet
#: links by distance alone) [our choice: the estimates of one convoy's ships scatter by some 20°]
LINK_COURSE_DEG = 45.0
#: ships that sail together make one row from this many on [our choice]
GROUP_LEAST = 3


@dataclass(frozen=True)
class Entry:
    """A row of the list: one contact, or a group of ships sailing together (`key`: the group's name)."""

    contacts: tuple[Contact, ...]
    key: str = ""

    @property
    def group(self) -> bool:
        return bool(self.key)

    @property
    def first(self) -> Contact:
        return self.contacts[0]


def number(contact: Contact) -> int:
    """The contact's number: the crew numbers contacts as they are first reported (c1, c2 ...)."""
    digits = "".join(ch for ch in str(contact.get("contact", "")) if ch.isdigit())
    return int(digits) if digits else 0


def position(contact: Contact) -> tuple[float, float]:
    """The estimated position (nm east, nm north of the boat)."""
    b = math.radians(float(contact["bearing"]))
    r = float(contact["range_nm"])
    return r * math.sin(b), r * math.cos(b)


def _groupable(contact: Contact) -> bool:
    """A ship not known for an escort: an escort the crew has identified keeps a row of its own (a threat)."""
    return contact.get("kind") == "ship" and not (contact.get("identified") and contact.get("type") == "escort")


def groups(contacts: list[Contact]) -> list[list[Contact]]:
    """The ships sailing together (`GROUP_LEAST` or more, each within `LINK_NM` of another on a near course),
    each group in the order of its contacts' numbers."""
    ships = sorted((c for c in contacts if _groupable(c)), key=number)
    where = [position(c) for c in ships]
    courses = [None if c.get("course") is None else float(c["course"]) for c in ships]
    parent = list(range(len(ships)))
    reach = LINK_NM ** 2

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, (xi, yi) in enumerate(where):
        ci = courses[i]
        for j in range(i + 1, len(ships)):
            xj, yj = where[j]
            if (xi - xj) ** 2 + (yi - yj) ** 2 > reach:
                continue
            cj = courses[j]
            if ci is not None and cj is not None:
                diff = abs(ci - cj) % 360
                if min(diff, 360 - diff) > LINK_COURSE_DEG:
                    continue
            ri, rj = root(i), root(j)
            if ri != rj:
                parent[max(ri, rj)] = min(ri, rj)
    together: dict[int, list[Contact]] = {}
    for i, c in enumerate(ships):
        together.setdefault(root(i), []).append(c)
    return [members for members in together.values() if len(members) >= GROUP_LEAST]


def _key(sort: str) -> Any:
    if sort == "newest":
        return lambda c: (-number(c), float(c["range_nm"]))
    if sort == "identified":
        return lambda c: (not c.get("identified"), float(c["range_nm"]), number(c))
    return lambda c: (float(c["range_nm"]), number(c))


def ordered(contacts: list[Contact], sort: str) -> list[Contact]:
    """The contacts in the list's order."""
    return sorted(contacts, key=_key(sort))


def entries(contacts: list[Contact], sort: str = "nearest",
            opened: str | None = None) -> tuple[list[Entry], Entry | None]:
    """The rows of the list, and the group shown opened (its members are the rows then), if any.

    A group's name is its first-reported contact (`c4`); a group `opened` that is no longer there (its ships
    scattered, or its first contact gone) is found again by any contact of it."""
    key = _key(sort)
    found = [Entry(tuple(ordered(members, sort)), members[0]["contact"]) for members in groups(contacts)]
    if opened is not None:
        group = next((g for g in found if g.key == opened), None) or next(
            (g for g in found if any(c["contact"] == opened for c in g.contacts)), None)
        if group is not None:
            return [Entry((c,)) for c in group.contacts], group
    grouped = {c["contact"] for g in found for c in g.contacts}
    rows = found + [Entry((c,)) for c in contacts if c["contact"] not in grouped]
    rows.sort(key=lambda e: min(key(c) for c in e.contacts))
    return rows, None


def span(values: list[float]) -> tuple[float, float]:
    """The smallest arc of bearings (degrees) holding every value, as (from, to) clockwise."""
    if not values:
        return 0.0, 0.0
    points = sorted(v % 360 for v in values)
    gaps = [(points[(i + 1) % len(points)] - points[i]) % 360 for i in range(len(points))]
    widest = max(range(len(points)), key=lambda i: gaps[i]) if len(points) > 1 else 0
    return points[(widest + 1) % len(points)], points[widest]
