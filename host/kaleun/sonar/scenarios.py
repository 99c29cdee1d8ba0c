"""Scenarios (digest §7): their maps, modes, special rules and scenario systems.

A scenario is data (`data/scenarios.toml`): its map, the modes it is played in, the name of its
scenario system and the size of that gauge, and special rules (Delta: `surface_outside` a map
feature costs `surface_damage`). A scenario system is a small class registered in `SYSTEMS`:
it reads the fields of its `activate` command, says why a target is refused and resolves the
activation through the referee. The expansion adds scenarios and systems the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from kaleun.core.args import Args
from kaleun.core.errors import CommandError
from kaleun.core.messages import N_, Msg, or_list
from kaleun.sonar import data
from kaleun.sonar.damage import mines_destroyed
from kaleun.sonar.grid import Cell, cell_name, parse_cell, typed_cell
from kaleun.sonar.maps import FEATURE_WORDS, LEGEND, MapError, SeaMap, at, kind_words, parse_map

if TYPE_CHECKING:
    from kaleun.sonar.referee import Referee


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    map: str
    modes: tuple[str, ...]
    about: str
    system: str | None
    scenario_gauge: int
    surface_outside: str | None
    surface_damage: int
    #: the surfacing damage is announced to both teams ([gap], scenarios.toml)
    surface_damage_public: bool = False

    def features(self) -> set[str]:
        """The map features this scenario's rules use."""
        out = set()
        if self.surface_outside:
            out.add(self.surface_outside)
        if self.system:
            out.update(SYSTEMS[self.system].features)
        return out


def scenarios() -> dict[str, Scenario]:
    table = data.load("scenarios")
    return {sid: _scenario(sid, spec) for sid, spec in table.items()}


def scenario(sid: str) -> Scenario:
    """The scenario of an id, in any case (`Delta` as `delta`: the printed sheets write the names capitalised)."""
    table = data.load("scenarios")
    key = sid if sid in table else sid.strip().lower()
    if key not in table:
        raise CommandError(Msg("unknown scenario '{scenario}' (known: {known})", scenario=sid, known=", ".join(table)))
    return _scenario(key, table[key])


def _scenario(sid: str, spec: Mapping[str, Any]) -> Scenario:
    system = spec.get("system")
    if system is not None and system not in SYSTEMS:
        raise ValueError(f"scenarios.toml [{sid}]: unknown scenario system {system!r}")
    return Scenario(id=sid, name=str(spec["name"]), map=str(spec["map"]), modes=tuple(spec["modes"]),
                    about=str(spec.get("about", "")), system=system,
                    scenario_gauge=int(spec.get("scenario_gauge", 0)) if system else 0,
                    surface_outside=spec.get("surface_outside"), surface_damage=int(spec.get("surface_damage", 0)),
                    surface_damage_public=bool(spec.get("surface_damage_public", False)))


def shipped_map(name: str) -> SeaMap:
    return parse_map(data.text(f"maps/{name}.map"), f"{name}.map")


#: the modes as a map's problems name them (`sectors turn:` is the turn-based game's line)
PLAYED = {"turn": N_("turn-based"), "realtime": N_("real-time")}


def check_map(sea: SeaMap, scen: Scenario, mode: str) -> None:
    """The map fits the scenario and mode. Raises MapError with `file:line: problem`."""
    problems = []
    symbols = {kind: sym for sym, kind in LEGEND.items() if kind}
    for feature in sorted(scen.features()):
        if not sea.feature(feature):
            needs = FEATURE_WORDS[feature][1] if feature in FEATURE_WORDS else ""
            problems.append(at(sea.source, sea.missing_feature_line(),
                               Msg(needs, scenario=Msg.term(scen.name), symbol=symbols[feature]) if needs else
                               Msg("scenario {scenario} needs at least one cell of the kind {kind} ('{symbol}') on its "
                                   "map", scenario=Msg.term(scen.name), kind=kind_words(feature),
                                   symbol=symbols[feature])))
    for feature in sorted(set(sea.features) - scen.features()):
        none = FEATURE_WORDS[feature][0] if feature in FEATURE_WORDS else ""
        problem = (Msg(none, scenario=Msg.term(scen.name), symbol=symbols[feature]) if none else
                   Msg("scenario {scenario} has no cells of the kind {kind} ('{symbol}'); mark that cell '.'",
                       scenario=Msg.term(scen.name), kind=kind_words(feature), symbol=symbols[feature]))
        # an owner's typed-in Delta map checked as Alpha (its name no scenario's): erasing its water holes is not the
        # only way out, and not the one meant
        users = [Msg.term(other.name) for other in scenarios().values() if feature in other.features()]
        if users:
            problem = Msg("{problem}, or play the map as scenario {scenarios}", problem=problem,
                          scenarios=or_list(users))
        problems.append(at(sea.source, sea.feature_lines[feature], problem))
    if not sea.has_mode(mode):
        problems.append(at(sea.source, sea.missing_sectors_line(),
                           Msg("the map has no sectors for the {played} game ('sectors {mode}: ...')",
                               played=Msg.term(PLAYED[mode]), mode=mode)))
    counts = data.load("rules")["sectors"]
    for side in sorted(sea.sector_bands):
        if side in counts and sea.sector_count(side) != int(counts[side]):
            played = Msg.term(PLAYED[side]) if side in PLAYED else side
            problems.append(at(sea.source, sea.sector_lines.get(side, 1),
                               Msg("the {played} game is played on {needed} sectors, this map gives {given}",
                                   played=played, needed=int(counts[side]), given=sea.sector_count(side))))
    if problems:
        raise MapError(problems)


# -- scenario systems ------------------------------------------------------------------------
class ScenarioSystem:
    """The scenario gauge's system. Subclasses set `id`, `name`, `features` and the three steps."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    #: map features this system needs
    features: ClassVar[tuple[str, ...]] = ()

    def __init__(self, sea: SeaMap) -> None:
        self.sea = sea

    def read(self, args: Args) -> dict[str, Any]:
        """The activation's fields (CommandError when malformed)."""
        return {}

    def problem(self, referee: Referee, team: str, target: Mapping[str, Any]) -> Msg | None:
        return None

    def usable(self) -> bool:
        """Whether the system has anything left to use (a full gauge may then be activated)."""
        return True

    def resolve(self, referee: Referee, team: str, target: Mapping[str, Any]) -> None:
        raise NotImplementedError

    def blasted(self, referee: Referee, cell: Cell, reach: str) -> None:
        """A blast at `cell` (mines in reach by rules.toml `blast_destroys_mines`): what it does to the
        system's own features on the map; nothing by default."""

    def status(self) -> dict[str, Any]:
        """What both teams know about the system (public: printed on both sheets)."""
        return {}

    def to_state(self) -> dict[str, Any]:
        return {}

    def load_state(self, state: Mapping[str, Any]) -> None:
        pass


class ArcherMines(ScenarioSystem):
    """Echo: with a full scenario gauge the Captain sets off any Archer mine still on the map; it
    blasts like a mine, works once and both Captains erase it ([B])."""

    id = "archer"
    name = N_("Archer mine")
    features = ("archer_mine",)

    def __init__(self, sea: SeaMap) -> None:
        super().__init__(sea)
        self.left: list[Cell] = list(sea.feature("archer_mine"))

    def read(self, args: Args) -> dict[str, Any]:
        text = args.str("cell")
        cell = typed_cell(text)
        if cell is None or not self.sea.on_map(cell):
            raise CommandError(Msg("{command}: cell '{value}' is not a cell of the map", command=args.name,
                                   value=text))
        return {"cell": cell}

    def problem(self, referee: Referee, team: str, target: Mapping[str, Any]) -> Msg | None:
        if target["cell"] not in self.left:
            if target["cell"] in self.sea.feature("archer_mine"):
                return Msg("the Archer mine at {cell} has gone off already: each works once",
                           cell=cell_name(target["cell"]))
            return Msg("{cell} holds no Archer mine", cell=cell_name(target["cell"]))
        return None

    def usable(self) -> bool:
        """An Archer mine is still on the map."""
        return bool(self.left)

    def resolve(self, referee: Referee, team: str, target: Mapping[str, Any]) -> None:
        cell = target["cell"]
        self.left.remove(cell)
        referee.announce("archer_mine", Msg("{team} sets off the Archer mine at {cell}; both Captains erase it.",
                                            team=referee.team_name(team), cell=cell_name(cell)),
                         team=team, cell=cell_name(cell))
        referee.blast(team, cell, "archer_mine")

    def blasted(self, referee: Referee, cell: Cell, reach: str) -> None:
        """[gap] a blast neither destroys nor sets off an Archer mine (only the system does), though [B]
        destroys a mine a torpedo strikes: both Captains, who erase Archer mines together, hear so."""
        for mine in mines_destroyed(cell, self.left, reach):
            referee.announce("archer_mine_kept", Msg("The Archer mine at {cell} stays: only a full scenario gauge "
                                                     "sets it off (the rulebook leaves it open; Kaleun's reading).",
                                                     cell=cell_name(mine)), cell=cell_name(mine))

    def status(self) -> dict[str, Any]:
        return {"archer_mines": [cell_name(c) for c in self.left]}

    def to_state(self) -> dict[str, Any]:
        return {"left": [cell_name(c) for c in self.left]}

    def load_state(self, state: Mapping[str, Any]) -> None:
        if not isinstance(state.get("left"), list):
            raise ValueError("the save keeps no list of the Archer mines left on the map ('left')")
        left = [parse_cell(c) for c in state["left"]]
        if any(c is None or c not in self.sea.feature("archer_mine") for c in left):
            raise ValueError("an Archer mine of the save is not on the map")
        self.left = [c for c in left if c is not None]


SYSTEMS: dict[str, type[ScenarioSystem]] = {"archer": ArcherMines}
