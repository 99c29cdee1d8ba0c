"""Objectives a mission file asks for that no game could ever meet, refused with `FILE:LINE: problem`.

Part of the mission file's check (`catalogue.check_mission`), for every objective (the primaries, a
signal's, an answer's):

- a `sink` objective whose `class` names a ship of another `type` than its own (`type = "merchant"`,
  `class = "flower"`: a Flower-class corvette sunk is an escort and never counts);
- a `mines` objective on a boat that sails without (enough of) them: the mines of its loadout (the
  named `loadout`, else the date's) must be of its `type` and hold its `count` (rulebook §10.1: the
  mines go out of the tubes; `torpedoes.toml` `per_tube`).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from kaleun.core.messages import N_, Msg
from kaleun.uboot.missions.catalogue import _Checker, _dotted
from kaleun.uboot.sea.classes import ship_classes
from kaleun.uboot.weapons import arsenal

Path = tuple[str | int, ...]


def objective_tables(spec: Mapping[str, Any], path: Path) -> list[tuple[Mapping[str, Any], Path]]:
    """Every objective of a mission with its key path: the primaries, the signals' and the answers'."""
    out: list[tuple[Mapping[str, Any], Path]] = []
    for key in ("objective", "radio"):
        tables = spec.get(key, [])
        for i, table in enumerate(tables if isinstance(tables, list) else []):
            if key == "objective":
                out.append((table, (*path, key, i)))
            elif isinstance(table, Mapping) and "objective" in table:
                out.append((table["objective"], (*path, key, i, "objective")))
    answers = spec.get("answers")
    for report, items in (answers.items() if isinstance(answers, Mapping) else ()):
        for i, item in enumerate(items if isinstance(items, list) else []):
            if isinstance(item, Mapping) and "objective" in item:
                out.append((item["objective"], (*path, "answers", report, i, "objective")))
    return [(table, where) for table, where in out if isinstance(table, Mapping)]


def check_meetable(c: _Checker, spec: Mapping[str, Any], path: Path) -> None:
    for table, where in objective_tables(spec, path):
        if table.get("kind") == "sink":
            _check_sink(c, table, where)
        elif table.get("kind") == "mines":
            _check_mines(c, spec, table, where)


def _check_sink(c: _Checker, table: Mapping[str, Any], where: Path) -> None:
    kind = table.get("type", "any")
    named = table.get("class")
    if kind == "any" or named is None:
        return
    classes = ship_classes()
    for cid in named if isinstance(named, list) else [named]:
        if isinstance(cid, str) and cid in classes and classes[cid].type != kind:
            ship = classes[cid]
            c.add((*where, "class"), Msg("{key}: the {ship} is {its}, not {kind} (type = {got}): one sunk never "
                                         "counts", key=_dotted((*where, "class")), ship=Msg.term(ship.name),
                                         its=_a(ship.type), kind=_a(str(kind)), got=repr(kind)))


#: a ship's type with its article, as the problem says it
TYPE_WORDS = {"merchant": N_("a merchant"), "escort": N_("an escort"), "small": N_("a small vessel")}


def _a(kind: str) -> Msg | str:
    return Msg.term(TYPE_WORDS[kind]) if kind in TYPE_WORDS else kind


def _check_mines(c: _Checker, spec: Mapping[str, Any], table: Mapping[str, Any], where: Path) -> None:
    name = spec.get("loadout")
    if name is not None and (not isinstance(name, str) or name not in arsenal.named_loadouts()):
        return  # refused as unknown
    start = spec.get("start")
    if name is None and not isinstance(start, str):
        return
    row = arsenal.named_loadout(str(name)) if name is not None else arsenal.loadout(datetime.fromisoformat(str(start)))
    wanted = table.get("type")
    if wanted is not None and (not isinstance(wanted, str) or wanted not in arsenal.mine_types()):
        return  # refused as unknown
    mines = [load for load in arsenal.loadout_loads(row) if arsenal.is_mine(load)
             and (wanted is None or load == wanted)]
    carried = sum(int(arsenal.mine_type(load).per_tube) for load in mines)
    count = table.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool):
        return  # refused by its own check
    sails = (Msg("the loadout {name}", name=str(name)) if name is not None
             else Msg("the date's loadout (the mission names none)"))
    what = Msg("{kind} mines", kind=str(wanted)) if wanted is not None else Msg("mines")
    if carried == 0:
        c.add(where, Msg("{key}: a mines objective, but {sails} holds no {what}: name a loadout with mines (loadout "
                         "= \"tmb_1939\")", key=_dotted(where), sails=sails, what=what))
    elif count > carried:
        c.add((*where, "count") if "count" in table else where,
              Msg("{key}: {count} mines to lay, but {sails} holds {carried} {what}: it can never be met",
                  key=_dotted(where), count=count, sails=sails, carried=carried, what=what))
