"""Building and loading a U-BOOT game."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from kaleun.core.args import quoted
from kaleun.core.clock import GameClock
from kaleun.core.engine import Engine, Module, check_state_header, restore
from kaleun.core.errors import CommandError, SaveError
from kaleun.core.messages import Msg, join
from kaleun.uboot.boat import Boat
from kaleun.uboot.compression import Compression
from kaleun.uboot.crew.module import Crew
from kaleun.uboot.crew.technical import Technical
from kaleun.uboot.figures import Figures
from kaleun.uboot.mission import Mission
from kaleun.uboot.missions.catalogue import catalogue
from kaleun.uboot.missions.own import kept
from kaleun.uboot.orders import OrderDesk
from kaleun.uboot.sea.grid import GridError, naval_grid
from kaleun.uboot.sea.navigation import Navigation
from kaleun.uboot.sea.weather import Weather
from kaleun.uboot.sea.world import Sea
from kaleun.uboot.table_link import TableLink
from kaleun.uboot.watch import Watch
from kaleun.uboot.weapons.arsenal import named_loadout
from kaleun.uboot.weapons.module import Weapons

if TYPE_CHECKING:
    from kaleun.uboot.missions.own import OwnMissions

GAME_ID = "uboot"
catalogue()  # every shipped mission, checked: a mistake in a mission file raises MissionError here


class _Missions(Mapping[str, Any]):
    """Every shipped mission by id (data/missions.toml and data/missions/*.toml). A group's own missions are
    not among them: they are handed in where a game is set up (`group`, `missions/own.py`)."""

    def __getitem__(self, mission: str) -> Any:
        return catalogue().missions[mission]

    def __iter__(self) -> Iterator[str]:
        return iter(catalogue().missions)

    def __len__(self) -> int:
        return len(catalogue().missions)


MISSIONS: Mapping[str, Any] = _Missions()


def unknown_mission(mission: str, group: OwnMissions | None = None) -> Msg:
    """Why a mission id cannot be played: the problems of the group's own file of that name (left out), else
    that no mission (shipped, or of the group's own `group`) has it."""
    problems = group.refusal(mission) if group is not None else None
    if problems is not None:
        return Msg("mission {mission} was left out: its file has mistakes:\n{problems}", mission=mission,
                   problems=join(problems, "\n"))
    known = sorted({*MISSIONS, *(group.missions if group is not None else ())})
    meant = meant_mission(mission, group)
    if meant is not None:  # the id in other letters, the title, or the start of one: the id to type
        return Msg("unknown mission '{mission}': the id to give is {id} ({name})", mission=quoted(mission), id=meant,
                   name=Msg.term(str(_fields(meant, group).get("name") or meant)))
    # a pasted blob typed as the id is quoted by its start and end, not echoed whole
    return Msg("unknown mission '{mission}' (known: {known})", mission=quoted(mission), known=", ".join(known))


#: a typed mission's start names a mission only from this many letters on ("ex" starts five exercises)
MEANT_FROM = 3


def _fields(mission: str, group: OwnMissions | None) -> Mapping[str, Any]:
    own = group.missions if group is not None else {}
    return own[mission] if mission in own else MISSIONS.get(mission, {})


def meant_mission(typed: str, group: OwnMissions | None = None) -> str | None:
    """The one mission a typed name that is no id means: its id in other letters (PRIZE_RULES_1939), its title
    (Prize rules), or the start of either (prize); None when none or more than one does."""
    def folded(text: str) -> str:
        return "_".join(text.casefold().replace("-", " ").replace("_", " ").split())

    word = folded(typed)
    if not word:
        return None
    known = sorted({*MISSIONS, *(group.missions if group is not None else ())})
    names = {mission: {folded(mission), folded(str(_fields(mission, group).get("name") or ""))} - {""}
             for mission in known}
    whole = [m for m, said in names.items() if word in said]
    started = [m for m, said in names.items() if any(n.startswith(word) for n in said)] \
        if len(word) >= MEANT_FROM else []
    found = whole or started  # a whole name first: "training" is no start of another
    return found[0] if len(found) == 1 else None


def mission_spec(mission: str, changes: Mapping[str, Any] | None = None,
                 fields: Mapping[str, Any] | None = None, group: OwnMissions | None = None) -> dict[str, Any]:
    """A mission's fields from its file (or `fields`: a group's own mission as its game kept it; else the
    group's own `group` has it), with `changes` applied. Raises CommandError."""
    if fields is None:
        own = kept(group, mission)
        if own is not None:
            fields = own["fields"]
        elif mission in MISSIONS:
            fields = MISSIONS[mission]
        else:
            raise CommandError(unknown_mission(mission, group))
    return {**fields, **(changes or {})}


def check_changes(mission: str, changes: Mapping[str, Any] | None, fields: Mapping[str, Any] | None = None,
                  group: OwnMissions | None = None) -> None:
    """Mission changes from outside the program (`kaleun run --changes`, a save's settings) checked
    as a mission file is (`kaleun missions check`): a field of the wrong kind or out of range raises
    CommandError naming it, before any module is built from it."""
    if not changes:
        return
    from kaleun.core.shape import Json, ShapeError
    from kaleun.uboot.missions.catalogue import check_mission

    try:  # what a save can hold of them (a text of 5,000 characters played, and then no resume loaded its save)
        Json(depth=10).check(dict(changes), "changes")
    except ShapeError as exc:
        raise CommandError(f"mission {mission} with these changes: {exc}") from exc
    spec = mission_spec(mission, changes, fields, group)
    try:
        problems = [problem for _, problem in check_mission(mission, spec, allow_setup=True)]
    except Exception as exc:  # a value the checks themselves cannot read
        problems = [f"the changes cannot be read ({type(exc).__name__}: {exc})"]
    if problems:
        raise CommandError(Msg("mission {mission} with these changes: {problems}", mission=mission,
                               problems=join(problems, "; ")))


def build_modules(mission: str, spec: Mapping[str, Any]) -> list[Module]:
    """The game's modules in their order of precedence (commands, wakes on ties, listeners)."""
    lat, lon = start_position(spec)
    return [
        Mission(mission, spec),
        OrderDesk(),
        Boat(surfaced=bool(spec.get("surfaced", True)), telegraph=spec.get("telegraph", "stop"),
             lat=lat, lon=lon, course=float(spec.get("course", 0))),
        Figures(),
        Watch(),
        Compression(),
        TableLink(),
        # the crew engine: crew rules "enforce" unless the mission says "advise"; random wear on/off
        Technical(wear=bool(spec.get("wear", True))),
        Crew(rules=spec.get("crew_rules", "enforce")),
        # the sea (rulebook §11-§12): strategic navigation, weather and daylight, ships and the enemy
        Navigation(),
        Weather(kind=spec.get("weather", "fair"), hold=bool(spec.get("weather_hold", False)),
                utc_offset_h=spec.get("utc_offset_h")),
        Sea(spec),
        # the boat's weapons (rulebook §7.5, §9.2): tubes, the TDC, the attack disc, the guns; a mission's
        # `loadout` names one of torpedoes.toml's [loadouts] (mines), else the date's [[loadout]]
        Weapons(loadout=named_loadout(spec["loadout"]) if "loadout" in spec else None,
                flooded=spec.get("tubes_flooded"), ammo=spec.get("ammo")),
    ]


def new_game(seed: int = 0, mission: str = "training", changes: Mapping[str, Any] | None = None,
             modules: list[Module] | None = None, own: Mapping[str, Any] | None = None,
             group: OwnMissions | None = None) -> Engine:
    """A fresh game of the given mission. Raises CommandError for an unknown mission.

    `changes` alters mission fields (kept in the game's config, so a save rebuilds the same
    game); `modules` replaces the module list (tests that stand a module in for another).
    A group's own mission keeps its fields in the config too (`own_mission`: its file and fields),
    so a save resumes as it was played even after the file is changed or deleted; `own` is those
    fields as a save kept them. `group` is the group's own missions the mission may be one of (handed in by
    the program's edge, `missions/own.py`; None: the shipped missions only): the game keeps no other
    reference to them, so another game in the same process with other own missions never sees these.
    """
    if own is None:
        own = kept(group, mission)
    spec = mission_spec(mission, changes, own["fields"] if own is not None else None, group)
    clock = GameClock(GameClock.parse(spec["start"]))
    config: dict[str, Any] = {"mission": mission}
    if changes:
        config["changes"] = dict(changes)
    if own is not None:
        config["own_mission"] = {"file": str(own["file"]), "fields": dict(own["fields"])}
    engine = Engine(GAME_ID, seed, clock, modules if modules is not None else build_modules(mission, spec),
                    config=config)
    engine.emit("mission_start", feed=Msg("{mission}: the boat is in square {square}.",
                                          mission=Msg.term(spec["name"]), square=spec["square"]),
                mission=mission, square=spec["square"], seed=seed)
    if engine.has_module("mission"):
        mission_module = engine.module("mission")
        # the mission over (won, lost, the time limit, home): the game's clock stands (rulebook §4.1)
        engine.clock_stands = lambda: bool(mission_module.over)
        mission_module.begin()  # set-up, carry-over, briefing (missions with objectives)
    return engine


def start_position(spec: Mapping[str, Any]) -> tuple[float, float]:
    """Where a mission starts: its `position` [lat, lon], else the centre of its square."""
    if "position" in spec:
        lat, lon = (float(x) for x in spec["position"])
        south, north = naval_grid().latitudes
        if not south <= lat <= north:
            raise CommandError(f"mission position {lat:.2f}, {lon:.2f}: beyond the strategic map "
                               f"(latitudes {south:.1f} to {north:.1f} N)")
        return lat, lon
    try:
        return naval_grid().centre(spec["square"])
    except GridError as exc:
        raise CommandError(f"mission start square: {exc}") from exc


def load_game(state: Mapping[str, Any]) -> Engine:
    """Rebuild a game from `Engine.to_state()`. Raises SaveError with the reason: a save of a shipped mission this
    Kaleun no longer has (its file removed or renamed by an update) is told so, not as damaged settings."""
    check_state_header(state, GAME_ID)
    config = state.get("config")
    mission = config.get("mission") if isinstance(config, Mapping) else None
    if isinstance(mission, str) and 0 < len(mission) <= 200 and mission not in MISSIONS \
            and isinstance(config, Mapping) and config.get("own_mission") is None:
        raise SaveError(Msg("the save is a game of {mission}, a mission this Kaleun does not have (its file was "
                            "removed or renamed, or a newer Kaleun wrote the save): resume it with the Kaleun that "
                            "has the mission", mission=mission))
    return restore(state, GAME_ID, _built)


def _built(seed: int, config: Mapping[str, Any]) -> Engine:
    """The new game a save's settings describe (`load_game`)."""
    mission = config["mission"]
    changes = config.get("changes")
    if changes is not None and not isinstance(changes, dict):
        raise ValueError("the mission changes are not an object")
    own = _saved_own(mission, config.get("own_mission"))
    check_changes(mission, changes, own["fields"] if own is not None else None)
    return new_game(seed, mission, changes, own=own)


def _saved_own(mission: str, own: Any) -> dict[str, Any] | None:
    """A group's own mission as its save kept it (None: a shipped mission), checked as its file was
    (ValueError naming the problems)."""
    if own is None:
        return None
    from kaleun.uboot.missions.catalogue import check_mission
    from kaleun.uboot.missions.own import PATROL_KEYS

    if not isinstance(own, dict) or set(own) != {"file", "fields"} or not isinstance(own["file"], str) \
            or not isinstance(own["fields"], dict):
        raise ValueError("the own mission is not an object of file and fields")
    fields = own["fields"]
    problems = [problem for _, problem in check_mission(mission, fields)]
    problems += [f"{key}: an own mission is no part of a linked patrol" for key in PATROL_KEYS if key in fields]
    if problems:
        raise ValueError(Msg("the own mission {mission} (from {file}): {problems}", mission=mission,
                             file=own["file"], problems=join(problems, "; ")))
    return {"file": own["file"], "fields": fields}
