"""Building and loading a Captain Sonar game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.core.clock import GameClock
from kaleun.core.engine import Engine, restore
from kaleun.core.errors import CommandError
from kaleun.core.messages import N_, Msg
from kaleun.core.shape import Bool, Int, Map, Obj, Text, check
from kaleun.sonar import data
from kaleun.sonar.crew import SIZES
from kaleun.sonar.maps import MAX_CHARS, SeaMap, parse_map
from kaleun.sonar.referee import Referee
from kaleun.sonar.scenarios import check_map, scenario, shipped_map
from kaleun.sonar.turns import TEAMS

GAME_ID = "sonar"
MODES = ("turn", "realtime")
MODE_NAMES = {"turn": N_("turn-based"), "realtime": N_("real-time")}
#: the game's fiction starts in the year 2048 (the ship's clock only stamps the events)
START = "2048-01-01T00:00:00"


def crews_of(value: Any) -> dict[str, int]:
    """Crew sizes per team from {"yellow": 4, "blue": 3}, [4, 3] or None (4 each). Raises CommandError."""
    if value is None:
        return dict.fromkeys(TEAMS, 4)
    if isinstance(value, list | tuple) and len(value) == 2:
        value = dict(zip(TEAMS, value, strict=True))
    if not isinstance(value, Mapping) or set(value) != set(TEAMS):
        raise CommandError(Msg("crews are given for {teams}, got {value}", teams=" and ".join(TEAMS),
                               value=repr(value)))
    out = {}
    for team in TEAMS:
        size = value[team]
        if isinstance(size, bool) or not isinstance(size, int) or size not in SIZES:
            raise CommandError(Msg("a crew has {low} to {high} players, got {size} for {team}", low=SIZES[0],
                                      high=SIZES[-1], size=repr(size), team=Msg.term(team)))
        out[team] = size
    most = int(data.load("rules")["rules"]["crew_difference"])
    if abs(out[TEAMS[0]] - out[TEAMS[1]]) > most:
        raise CommandError(Msg("crews of {first} and {second} players are not a line-up of the rules: 8 players play 4 "
                               "against 4, 7 play 4 against 3, 6 play 3 against 3, 5 play 3 against 2, 4 play 2 "
                               "against 2", first=out[TEAMS[0]], second=out[TEAMS[1]]))
    return out


def build_map(scenario_id: str, mode: str, map_text: str | None = None, map_source: str = "map") -> SeaMap:
    """The scenario's map (or an owner's map text), checked against the scenario and mode.
    Raises CommandError (unknown scenario or mode) or MapError (`file:line: problem`)."""
    scen = scenario(scenario_id)
    if mode not in MODES:
        raise CommandError(Msg("unknown mode '{mode}' (known: {known})", mode=mode, known=", ".join(MODES)))
    if mode not in scen.modes:
        raise CommandError(Msg("scenario {scenario} is not played in the {mode} mode", scenario=Msg.term(scen.name),
                               mode=Msg.term(MODE_NAMES[mode])))
    sea = parse_map(map_text, map_source) if map_text is not None else shipped_map(scen.map)
    check_map(sea, scen, mode)
    return sea


def new_game(seed: int = 0, scenario_id: str = "alpha", mode: str = "turn", crews: Any = None,
             map_text: str | None = None, map_source: str = "map", training_aid: bool = False) -> Engine:
    """A fresh game: both Captains still have to mark their start cells. `training_aid` turns on the
    opt-in Radio Operator's aid (`plot`, off by default: the deduction is the players' work).

    Raises CommandError for an unknown scenario, mode or crew size and MapError for a bad map.
    """
    sea = build_map(scenario_id, mode, map_text, map_source)
    scen = scenario(scenario_id)
    sizes = crews_of(crews)
    config: dict[str, Any] = {"scenario": scen.id, "mode": mode, "crews": sizes}
    if map_text is not None:
        config["map"] = {"text": map_text, "source": map_source}
    if training_aid:
        config["training_aid"] = True
    referee = Referee(scen, sea, mode, sizes, training_aid=training_aid)
    engine = Engine(GAME_ID, seed, GameClock(GameClock.parse(START)), [referee], config=config)
    names = {"scenario": Msg.term(scen.name), "map": Msg.term(sea.name), "mode": Msg.term(MODE_NAMES[mode])}
    if scen.about:  # the scenario's line (its special rules, as the printed scenario sheet gives them)
        feed = Msg("Captain Sonar, scenario {scenario} on the {map} map, {mode}. {about} Captains, mark your "
                   "start cells.", about=Msg.term(scen.about), **names)
    else:
        feed = Msg("Captain Sonar, scenario {scenario} on the {map} map, {mode}: Captains, mark your start cells.",
                   **names)
    referee.announce("game_created", feed,
                     scenario=scen.id, mode=mode, map=sea.name, columns=sea.columns, rows=sea.rows,
                     sectors=sea.sector_count(mode), seed=seed, crews=sizes, about=scen.about)
    return engine


#: the longest path of a map file a game's save keeps as its source: the longest Linux opens (PATH_MAX), so every map
#: a game could be started with is kept as it was named, and the save loads again
MAX_SOURCE = 4096
#: the shape of a game's settings in its save (what `new_game` was given)
SONAR_CONFIG = Obj(scenario=Text(max_len=40), mode=Text(max_len=40),
                   crews=Map(Int(0, 100), keys=Text(max_len=20), most=2),
                   optional={"map": Obj(text=Text(max_len=MAX_CHARS), source=Text(max_len=MAX_SOURCE)),
                             "training_aid": Bool()})


def load_game(state: Mapping[str, Any]) -> Engine:
    """Rebuild a game from `Engine.to_state()`. Raises SaveError with the reason."""
    return restore(state, GAME_ID, _built)


def _built(seed: int, config: Mapping[str, Any]) -> Engine:
    """The new game a save's settings describe (`load_game`)."""
    check(SONAR_CONFIG, config, "config")
    custom = config.get("map")
    return new_game(seed, config["scenario"], config["mode"], config["crews"],
                    map_text=custom["text"] if custom else None, map_source=custom["source"] if custom else "map",
                    training_aid=config.get("training_aid", False) is True)


def again(engine: Engine, seed: int, settings: Mapping[str, str] | None = None) -> Engine:
    """A new game of `engine`'s settings (scenario, mode, crews, an owner's map, the training aid) with `seed`, the
    scenario and mode of `settings` where given: what a team's `new` starts after the end. Raises CommandError or
    MapError as `new_game`."""
    return _built(seed, {**engine.config, **(settings or {})})


def referee(engine: Engine) -> Referee:
    module: Referee = engine.module(Referee.name)
    return module
