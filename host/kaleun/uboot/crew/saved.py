"""The shapes of the crew engine's saved state (`crew` and `technical`), checked before loading.

The crew's undo history holds earlier crew and technical states, so the same shapes check
every entry of it too.
"""

from __future__ import annotations

from typing import Any

from kaleun.core.messages import Msg
from kaleun.core.shape import (
    AMOUNT,
    BOOL,
    COUNT,
    MESSAGE,
    SECTION,
    TEXT,
    TIME,
    Int,
    List,
    Map,
    Maybe,
    Num,
    Obj,
    Shape,
    ShapeError,
    Text,
    check,
)
from kaleun.uboot.crew.bars import COMMAND_LAST, MORALE_LAST
from kaleun.uboot.crew.hazards import CONDITIONS, ITEMS
from kaleun.uboot.crew.health import DECKS, SUPPLIES
from kaleun.uboot.crew.roster import FIGURES, ROLES
from kaleun.uboot.crew.sailors import MAX_CHIPS
from kaleun.uboot.crew.technical import COLOURS, COMPONENTS, SEVERITY
from kaleun.uboot.data import load

_food = load("provisions")
_rules = load("crew_rules")
_difficulty = load("difficulty")
_orders = load("orders")

FIGURE = Text(FIGURES)
SAILOR = Text(max_len=60, pattern=r"[a-z]+-[a-z]+/[12]")
FOOD = Text(lambda: _food["chips"])
SUPPLY = Text(SUPPLIES)
ORDER = Text(lambda: _orders["orders"])
#: a chip on a sailor: activation, observation, technical, or a wound/exhaustion of an ailment
CHIP = Text(max_len=12, pattern=r"[AOT]|[WE]\d{1,9}")
ID = Int(0, 2**31)


def _per_role(shape: Shape) -> Obj:
    return Obj({role: shape for role in ROLES})


AILMENT = Obj(id=ID, deck=Maybe(Text([*DECKS, "event", "morale"])), forbid=List(ORDER, most=100),
              supplies=List(SUPPLY, most=100), treated=BOOL, note=TEXT)
TASK = Obj(kind=Text(("observation", "repair")), optional={"component": Text(COMPONENTS)})
SAILOR_STATE = Obj(chips=List(CHIP, most=MAX_CHIPS), task=Maybe(TASK), ailments=List(AILMENT, most=1000),
                   dead=BOOL)
INJURY = Obj(id=ID, sailor=SAILOR, figure=FIGURE, deck=Maybe(Text([*DECKS, "event", "morale"])), cause=TEXT)
FLAG = Obj(optional={"from": Maybe(SECTION), "to": Maybe(SECTION), "reason": Text(max_len=40), "why": MESSAGE,
                     "choice": Text(max_len=40)})

CREW_CORE = {
    "rules": Text(lambda: _rules["rules"]), "row": Int(0, 1), "faces": _per_role(List(Int(0, 1), size=2)),
    "difficulty": _per_role(Text(lambda: _difficulty["levels"])), "easy": _per_role(BOOL),
    "pos": Obj({figure: Maybe(SECTION) for figure in FIGURES}),
    "sailors": List(Obj({figure: SAILOR_STATE for figure in FIGURES}), size=2),
    "returning": List(FIGURE, most=len(FIGURES)), "repairs": List(Text(COMPONENTS), most=len(COMPONENTS)),
    "bars": Obj(command=Int(0, COMMAND_LAST), morale=Int(0, MORALE_LAST)),
    "moves": Obj(open=BOOL, start=Map(SECTION, keys=FIGURE), visited=Map(List(SECTION, most=10_000), keys=FIGURE),
                 carried=Map(Text(ITEMS), keys=FIGURE), hatch=List(FIGURE, most=1000), flags=Map(FLAG, keys=FIGURE)),
    "hazards": Obj(chips=List(Obj(id=ID, condition=Text(CONDITIONS), section=SECTION), most=1000), next_id=ID,
                   items=Map(Maybe(SECTION), keys=Text(ITEMS))),
    "breaches": Obj(breaches=Map(Obj(deadline=TIME, crewed=BOOL, result=Maybe(Text(("solved", "failed"))),
                                     optional={"warned": BOOL}), keys=Text(pattern=r"[1-8]")),
                    flooded=List(SECTION, most=8)),
    "health": Obj(stock=Map(COUNT, keys=SUPPLY), discarded=Map(COUNT, keys=SUPPLY), kits=COUNT, next_id=ID,
                  injuries=List(INJURY, most=10_000)),
    "food": Obj(pyramid=List(Maybe(FOOD), size=int(_food["pyramid_size"])), supply=List(FOOD, most=1000),
                discard=List(FOOD, most=1000), tray=List(FOOD, most=1000), spoiled=List(FOOD, most=1000),
                pending=BOOL, next_call=Maybe(TIME), optional={"reminded": BOOL}),
    "cigarettes": Obj(left=_per_role(Int(0, 1000)), smoked=BOOL),
    "lookouts": Int(0, 100),
}
JOB = Obj(anchor=TIME, bonus=Int(0, 100), cause=TEXT, colour=Text(COLOURS), component=Text(COMPONENTS),
          done=AMOUNT, escalate_at=Maybe(TIME), sailors=Int(0, 100), severity=Text(SEVERITY))
TECHNICAL_STATE = Obj(jobs=Map(JOB, keys=Text(COMPONENTS)), wear=BOOL, wear_factor=Num(0, 1000),
                      next_wear=Maybe(TIME))
CREW_SNAPSHOT = Obj(CREW_CORE, optional={"ended": BOOL})
UNDO_ENTRY = Obj(label=MESSAGE, state=Obj(crew=CREW_SNAPSHOT, technical=TECHNICAL_STATE))
CREW_STATE = Obj(CREW_CORE, optional={"ended": BOOL, "undo": List(UNDO_ENTRY, most=1000)})


def check_technical_state(state: Any, path: str) -> None:
    check(TECHNICAL_STATE, state, path)
    for key, job in state["jobs"].items():
        if job["component"] != key:
            raise ShapeError(Msg("{path}: {expected} was expected, found {found}", path=f"{path}.jobs.{key}.component",
                                 expected=repr(key), found=repr(job["component"])))


def check_crew_state(state: Any, path: str) -> None:
    check(CREW_STATE, state, path)
    _check_crew(state, path)
    for index, entry in enumerate(state.get("undo", [])):
        where = f"{path}.undo[{index}].state"
        _check_crew(entry["state"]["crew"], f"{where}.crew")
        check_technical_state(entry["state"]["technical"], f"{where}.technical")


def _check_crew(state: Any, path: str) -> None:
    """What ties the crew's parts together: chips name ailments a sailor has."""
    for row, sailors in enumerate(state["sailors"]):
        for figure, sailor in sailors.items():
            ailments = {a["id"] for a in sailor["ailments"]}
            for chip in sailor["chips"]:
                if chip[0] in "WE" and int(chip[1:]) not in ailments:
                    raise ShapeError(Msg("{path}: the chip {chip} belongs to no ailment of this sailor",
                                         path=f"{path}.sailors[{row}].{figure}.chips", chip=repr(chip)))
