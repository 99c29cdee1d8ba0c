"""The career record: every mission a group has played, its campaign and its linked patrol.

Kept in the user's state folder as `career.json` (`kaleun.paths.state_dir()`, or `$KALEUN_HOME`),
written atomically; `kaleun career` prints it. A damaged file is refused with the reason and left
as it is. The record holds:

- `missions`: one entry per mission ended in a session (mission, name, mode, seed, result, reason,
  grade, score, fame, grt, ships_sunk, crew_lost, ship's start and end time, when it was played);
- `totals`: missions, score, fame, GRT, ships sunk, crew lost (missions with objectives only; a lost boat's score
  and GRT as mission_rules.toml [career] `lost_boat_counts` says, our choice: counted, and the totals line says
  how much of them lost boats brought; a lost boat's mission reads "boat lost", one failed at its time limit
  "failed");
- `campaign`: the running or last campaign (rulebook §4.3): its state (running, failed, complete),
  the missions done, the next one, its fame, score and GRT. A grade E or better goes on; F ends it;
- `patrol`: the linked patrol in progress (rulebook §5.2): its id, the next part and what carries
  over to it (`kaleun.uboot.missions.carry`); a part whose file says `next_needs_primary` and whose primary
  objective was not met is its own next part, with the carry-over it began with (rulebook §4.3). The
  campaign keeps its own patrol in progress as the campaign's `patrol` (a campaign passes
  through the linked patrols' parts in date order): a single mission or a campaign mission played in
  between leaves a linked patrol as it was, and the other way round. The patrol and the campaign keep the
  `difficulty` and `easy_watch_change` per role their last mission ended with: the set-up offers them for the
  next (`carried_settings`, `with_carried`).

`start_configured(setup)` starts a game as a set-up asks (single, linked or campaign), taking the
carry-over from the record; `record_mission(game)` books a finished mission (the runtime calls it
when the mission ends).
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import shlex
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from kaleun.core import jsonin
from kaleun.core.engine import Engine
from kaleun.core.messages import N_, Msg, When, of_error
from kaleun.core.shape import BOOL, Int, List, Map, Maybe, Obj, Shape, ShapeError, Text, UnknownKey, check
from kaleun.files import UnreadableFile, locked_folder, read_file, why_unread
from kaleun.paths import state_dir
from kaleun.saves import write_atomic

log = logging.getLogger(__name__)

FORMAT = "kaleun-career"
VERSION = 1
#: how long a booking waits for another Kaleun booking its own mission (a booking takes milliseconds)
LOCK_WAIT_S = 5.0


class CareerError(Exception):
    """The career record cannot be read or used; str() says why in English, its `Msg`
    (`kaleun.core.messages.of_error`) in any language."""


class NewerCareer(CareerError):
    """A career record a newer Kaleun wrote: this one is updated, the record is not repaired."""


def damaged_what_to_do(path: Path | None = None) -> Msg:
    """What a group does about a career record that cannot be read (`kaleun career` says it under the problem): repair
    it or move it away, what each keeps and loses, and how a linked patrol or a campaign goes on."""
    path = path or career_path()
    return Msg("What to do: repair the file (a copy from a backup, or its JSON mended) or move it away ({move}). "
               "Moved away, Kaleun begins a new record: the missions, totals, campaign and linked patrol booked in "
               "the old one are not in it (the moved file keeps them), and kaleun play --campaign begins a new "
               "campaign. No game's save is touched: a mission that ended while the record could not be read is "
               "booked once it reads again (kaleun resume), and kaleun play --linked, while that game is the last one "
               "saved, books it and goes on with the patrol's next part; a campaign goes on only from the repaired "
               "file.",
               move=f"mv {shlex.quote(str(path))} {shlex.quote(f'{path}.damaged')}")


def career_path() -> Path:
    return state_dir() / "career.json"


def empty() -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "missions": [],
            "totals": {"missions": 0, "score": 0, "fame": 0, "grt": 0, "ships": 0, "crew_lost": 0},
            "campaign": None, "patrol": None}


#: nesting a career record may have (a linked patrol's carry-over nests about 7 levels)
MAX_DEPTH = 16
#: a record longer than this is not read (a mission adds about 400 bytes, a carry-over a few kB)
MAX_BYTES = 16 * 1024 * 1024


def record_shape() -> Shape:
    """The shape of the whole record, checked when it is read: a damaged record is refused with the
    place and the reason before anything uses it."""
    from kaleun.uboot.missions.carry import carry_shape
    from kaleun.uboot.missions.catalogue import catalogue
    from kaleun.uboot.missions.scoring import ORDER
    from kaleun.uboot.missions.setup import MODES

    number = Int(-10**12, 10**12)
    mission = Text(lambda: catalogue().missions)
    when = Text(max_len=40)
    entry = Obj(key=Text(max_len=200), mission=Text(max_len=200), name=Maybe(Text(max_len=200)), mode=Text(MODES),
                seed=Int(-2**63, 2**63), result=Maybe(Text(max_len=40)), reason=Maybe(Text(max_len=200)),
                grade=Text(ORDER), score=number, fame=number, grt=number, ships_sunk=number, crew_lost=number,
                start=when, end=when, played=when)
    from kaleun.uboot.missions.setup import LEVELS, ROLES

    # the difficulty and easy watch change per role the group played the last part with (records written before
    # they were kept have none): the set-up offers them again for the next part
    settings = {"difficulty": Map(Text(LEVELS), keys=Text(ROLES), most=len(ROLES)),
                "easy_watch_change": Map(BOOL, keys=Text(ROLES), most=len(ROLES))}
    # carry None: the patrol's first part is played again (§4.3), the boat sails fresh from its base; `refitted`
    # (records written before it have none): the next part sails again from its base after the boat came home
    patrol = Obj(id=Text(max_len=200), mode=Text(("linked", "campaign")), next=mission, carry=Maybe(carry_shape()),
                 optional={"from": Text(max_len=200), "refitted": BOOL, **settings})
    # the campaign's own patrol in progress (records written before it have none)
    campaign = Obj(state=Text(("running", "failed", "complete")), started=when, done=List(Text(max_len=200), most=1000),
                   next=Maybe(mission), score=number, fame=number, grt=number, grades=List(Text(ORDER), most=1000),
                   optional={"patrol": Maybe(patrol), **settings})
    totals = Obj(missions=number, score=number, fame=number, grt=number, ships=number, crew_lost=number)
    return Obj(format=Text((FORMAT,)), version=Int(VERSION, VERSION), missions=List(entry, most=100_000),
               totals=totals, campaign=Maybe(campaign), patrol=Maybe(patrol))


def _damaged(path: Path, problem: Msg | str) -> Msg:
    return Msg("{path}: the career record is damaged ({problem}); the file was kept as it is",
               path=str(path), problem=problem)


def load_career(path: Path | None = None) -> dict[str, Any]:
    """The record at `path` (an empty one when there is none). A damaged record raises CareerError
    naming the place and is left as it is."""
    from kaleun.uboot.missions.carry import check_carry

    path = path or career_path()
    try:
        record = jsonin.loads(read_file(path, MAX_BYTES).decode("utf-8"), max_depth=MAX_DEPTH)
    except FileNotFoundError:
        return empty()
    except UnreadableFile as exc:
        raise CareerError(_damaged(path, exc.why)) from exc
    except (OSError, UnicodeDecodeError, jsonin.JsonInputError) as exc:
        raise CareerError(_damaged(path, why_unread(exc))) from exc
    newer = record.get("version") if isinstance(record, dict) and record.get("format") == FORMAT else None
    if isinstance(newer, int) and not isinstance(newer, bool) and VERSION < newer < 10**6:
        raise NewerCareer(Msg("{path}: the career record is of version {version}, newer than this Kaleun reads "
                              "({reads}): a newer Kaleun wrote it (update this one); the file was kept as it is",
                              path=str(path), version=str(newer), reads=str(VERSION)))
    if not isinstance(record, dict) or record.get("format") != FORMAT or record.get("version") != VERSION:
        raise CareerError(Msg("{path}: this is not a Kaleun career record of version {version}; the file was "
                              "kept as it is", path=str(path), version=VERSION))
    missing = _missing_next(record)
    if missing is not None:
        raise CareerError(missing.with_path(path))
    try:
        check(record_shape(), record, "")
    except UnknownKey as exc:  # the same version, and more in it: a newer Kaleun may have written it
        raise CareerError(Msg("{path}: the career record holds what this Kaleun does not know ({where}): a newer "
                              "Kaleun wrote it (update this one), or it is damaged; the file was kept as it is",
                              path=str(path), where=of_error(exc))) from exc
    except ShapeError as exc:
        raise CareerError(_damaged(path, of_error(exc))) from exc
    for patrol in (record["patrol"], (record["campaign"] or {}).get("patrol")):
        problem = check_carry(patrol["carry"]) if patrol is not None and patrol["carry"] is not None else None
        if problem is not None:
            raise CareerError(_damaged(path, problem))
    return record


class _MissingNext:
    """A patrol or a campaign of a record that goes on with a mission this Kaleun does not have."""

    def __init__(self, what: Msg, mission: str) -> None:
        self.what, self.mission = what, mission

    def with_path(self, path: Path) -> Msg:
        return Msg("{path}: {what} goes on with {mission}, a mission this Kaleun does not have (its file was removed "
                   "or renamed, or a newer Kaleun wrote the record): play on with the Kaleun that has it, or move the "
                   "record away to begin a new career; the file was kept as it is", path=str(path), what=self.what,
                   mission=self.mission)


def _missing_next(record: Mapping[str, Any]) -> _MissingNext | None:
    """The linked patrol or the campaign of `record` whose next mission no mission file of this Kaleun has (None: each
    has its file, or the record is damaged in another way that the shape check says)."""
    from kaleun.uboot.missions.catalogue import catalogue

    missions = catalogue().missions
    campaign = record.get("campaign")
    campaign = campaign if isinstance(campaign, dict) else {}
    for what, holder in ((Msg("the career record's linked patrol"), record.get("patrol")),
                         (Msg("the career record's campaign"), campaign),
                         (Msg("the career record's campaign"), campaign.get("patrol"))):
        following = holder.get("next") if isinstance(holder, dict) else None
        if isinstance(following, str) and 0 < len(following) <= 200 and following not in missions:
            return _MissingNext(what, following)
    return None


def unbookable(game: Engine, path: Path | None = None) -> Msg | str | None:
    """Why the result of `game`, a mission with objectives, could not be booked when it ends: the career record
    cannot be read (damaged, a newer Kaleun's), said at its start so the group hears it then and not hours later
    (None: it can be booked, or the mission has nothing to book)."""
    if not game.has_module("mission") or not game.module("mission").scored:
        return None
    try:
        load_career(path)
    except CareerError as exc:
        return of_error(exc)
    return None


def save_career(record: dict[str, Any], path: Path | None = None) -> None:
    write_atomic(path or career_path(), json.dumps(record, indent=1, ensure_ascii=False))


# -- starting games -----------------------------------------------------------------------------------
#: campaigns a table's start has begun whose game is not saved yet (`start_configured(..., later=True)`), by the
#: moment each began: the record keeps the campaign it holds until the game's first save (`begin_campaign`)
_UNBEGUN: dict[str, tuple[Path, dict[str, Any]]] = {}


def start_configured(setup: Any, path: Path | None = None, later: bool = False) -> Engine:
    """A new game as the set-up asks (`kaleun.uboot.missions.setup.GameSetup`): a single mission; the
    next part of the linked patrol in progress (or a new patrol from `setup.mission`); the next mission
    of the running campaign (or a new campaign). Raises CareerError or ValueError with the reason. The record's
    folder is held while a campaign's start reads it and writes a new campaign into it (as while a mission is
    booked: `record_mission`). A single mission takes nothing from the record, so one that cannot be read does not
    keep it from starting (its result is booked once the record is repaired or moved away, `unbookable`), as
    `kaleun play --mission` starts it.

    `later`: a new campaign (and the one it gives up) is written into the record only when `begin_campaign` is
    called with the game, as the table does just before the game's first save: a start that fails before (a board
    file with mistakes, a signal while waiting for the deck hub, the table's parts busy) leaves the running
    campaign as it was."""
    from kaleun.uboot.missions.setup import start_game

    path = path or career_path()
    if setup.mode != "campaign":  # only a campaign's start writes the record
        return start_game(_configured(setup, path))
    with locked_folder(path.parent, LOCK_WAIT_S):
        chosen = _configured(setup, path, later)
    return start_game(chosen)


def begin_campaign(game: Engine) -> Callable[[], bool] | None:
    """The campaign a start began for `game` (`start_configured(..., later=True)`) is written into the career record
    now, the campaign it takes the place of given up or ended there; nothing to do for any other game (None). Raises
    CareerError or OSError when the record cannot be read or written (the game is then not started). Returns what
    takes it back (`undo_campaign`) for a start whose first save then fails: no campaign is given up for a game that
    never started."""
    setup = game.config.get("changes", {}).get("setup") or {}
    started = setup.get("campaign")
    pending = _UNBEGUN.pop(started, None) if setup.get("mode") == "campaign" and isinstance(started, str) else None
    if pending is None:
        return None
    path, campaign = pending
    with locked_folder(path.parent, LOCK_WAIT_S):
        record = load_career(path)
        before = json.loads(json.dumps({"campaign": record.get("campaign"), "patrol": record.get("patrol")}))
        record["campaign"] = json.loads(json.dumps(campaign))
        _set_patrol(record, "campaign", None)
        save_career(record, path)
    return functools.partial(undo_campaign, path, str(started), before)


def undo_campaign(path: Path, started: str, before: dict[str, Any]) -> bool:
    """Take a campaign begun by `begin_campaign` back out of the record (its game's first save failed): the campaign
    and patrol the record held before are put back, as long as the record still holds the campaign begun (nothing has
    played in it). True: the record held a campaign before. Raises CareerError or OSError when the record cannot be
    read or written."""
    with locked_folder(path.parent, LOCK_WAIT_S):
        record = load_career(path)
        if (record.get("campaign") or {}).get("started") == started:
            record["campaign"], record["patrol"] = before["campaign"], before["patrol"]
            save_career(record, path)
    return before["campaign"] is not None


def campaign_taken_back(undo: Callable[[], bool] | None) -> Msg | None:
    """A new campaign written into the career record for a game whose first save then failed is taken back out: the
    campaign it gave up runs on as it was. Said after the failure (nothing when no campaign was begun); a record that
    cannot take that either (the same full disk) keeps the new campaign, begun with no mission played, which the next
    `kaleun play --campaign` starts with its first mission."""
    if undo is None:
        return None
    try:
        had_one = undo()
    except (CareerError, OSError) as exc:
        log.warning("the campaign begun could not be taken back out of the career record: %s", exc)
        return Msg("The new campaign stays in the career record ({problem}), no mission of it played: kaleun play "
                   "--campaign starts its first mission.", problem=of_error(exc) if isinstance(exc, CareerError)
                   else why_unread(exc))
    if not had_one:
        return Msg("The new campaign was taken back out of the career record.")
    return Msg("The new campaign was taken back out of the career record: the campaign before it is as it was.")


def _configured(setup: Any, path: Path, later: bool = False) -> Any:
    """The game `start_configured` starts (a `GameSetup`), a new campaign written into the record."""
    from kaleun.uboot.missions.catalogue import catalogue
    from kaleun.uboot.missions.setup import GameSetup, campaign_order

    record = load_career(path) if setup.mode != "single" else empty()
    mission = setup.mission
    carry = None
    refitted = False
    ended: dict[str, Any] | None = None
    if setup.mode == "campaign":
        campaign = record.get("campaign")
        order = campaign_order()
        # the campaign's first mission named while a campaign runs further on: the group begins anew (§4.3), and
        # the campaign it gives up is told at the start as an ended one is (its missions stay in the record)
        anew = campaign is not None and campaign.get("state") == "running" and setup.mission == order[0] \
            and campaign.get("next") != order[0]
        if campaign is None or campaign.get("state") != "running" or anew:
            if setup.mission and setup.mission != order[0]:
                raise CareerError(Msg("a campaign starts with its first mission, {mission}", mission=order[0]))
            ended = dict(campaign, state="given_up") if anew and campaign is not None else campaign
            # the start to the microsecond: it tells this campaign's games from those of the one it takes the place of
            record["campaign"] = {"state": "running", "started": _now("microseconds"), "done": [], "next": order[0],
                                  "score": 0, "fame": 0, "grt": 0, "grades": [], "patrol": None}
            _set_patrol(record, "campaign", None)
            if later:  # written when the game is saved first (`begin_campaign`)
                _UNBEGUN[record["campaign"]["started"]] = (path, json.loads(json.dumps(record["campaign"])))
            else:
                save_career(record, path)
        mission = record["campaign"]["next"]
        if setup.mission and setup.mission != mission:
            raise CareerError(Msg("the campaign goes on with {mission}, not {chosen} (to give it up and begin a new "
                                  "one: --campaign --mission {first})", mission=mission, chosen=setup.mission,
                                  first=order[0]))
        carry = _carry_for(record, mission, "campaign")
        refitted = _refitted_for(record, mission, "campaign")
    elif setup.mode == "linked":
        patrol = record.get("patrol")
        if not mission:
            if patrol is None or patrol.get("mode") != "linked":
                firsts = [m for m, spec in catalogue().missions.items() if spec.get("patrol") and spec.get("part") == 1]
                raise CareerError(Msg("no linked patrol is in progress: name the mission to start one with (--mission "
                                      "with a linked patrol's first part: {firsts})", firsts=", ".join(sorted(firsts))))
            mission = patrol["next"]
        problem = first_part_problem(record, mission)
        if problem is not None:
            raise CareerError(problem)
        carry = _carry_for(record, mission, "linked")
        refitted = _refitted_for(record, mission, "linked")
    if not mission:
        raise ValueError(Msg("no mission chosen"))
    last = None if ended is None else {"state": ended["state"], "grades": list(ended["grades"]),
                                       "score": ended["score"], "missions": len(ended["done"])}
    difficulty, easy = dict(setup.difficulty), dict(setup.easy_watch_change)
    if not getattr(setup, "every_role", False):
        difficulty, easy = with_carried(carried_settings(record, setup.mode, mission), difficulty, easy)
    campaign_started = record["campaign"]["started"] if setup.mode == "campaign" else None
    record_patrol = patrol_mark(_patrol_of(record, "linked")) if setup.mode == "linked" else None
    return GameSetup(mission=mission, seed=setup.seed, mode=setup.mode, difficulty=difficulty,
                     easy_watch_change=easy, carry=carry, last_campaign=last, own=setup.own,
                     campaign=campaign_started, record_patrol=record_patrol, refitted=refitted)


def first_part_problem(record: dict[str, Any], mission: str) -> Msg | None:
    """Why `mission` cannot be played as a linked patrol's part with the career `record` (None: it can). A new linked
    patrol begins with its first part (§5.2: the boat sails from its base and carries over from part to part): a later
    part is played linked only as the next part of the patrol in progress; named otherwise it began a patrol at its
    end (and gave up the one in progress). The refusal says which part begins its patrol."""
    from kaleun.uboot.missions.catalogue import catalogue, patrol_titled, titled

    spec = catalogue().missions.get(mission) or {}
    if not spec.get("patrol") or int(spec.get("part") or 1) == 1:
        return None
    patrol = record.get("patrol")
    if patrol is not None and patrol.get("mode") == "linked" and patrol.get("next") == mission:
        return None
    first = next((m for m, other in catalogue().missions.items()
                  if other.get("patrol") == spec["patrol"] and int(other.get("part") or 0) == 1), None)
    if first is None:
        return None
    return Msg("{chosen} is part {part} of the linked patrol {patrol}, which begins with {first} ({id}): a linked "
               "patrol is played from its first part on; the part alone is a single mission", chosen=titled(mission),
               part=int(spec["part"]), patrol=patrol_titled(spec["patrol"]), first=titled(first), id=first)


def held_part(save: Path, mode: str, record: dict[str, Any] | None = None) -> tuple[str, str] | None:
    """The mission and the linked patrol of the game saved at `save` when it is a mission of a linked patrol
    ("linked") or the campaign ("campaign", as `mode`) that is not over yet (its full save looked at, not its
    journal): a new game of that mode may play it again from its beginning, and the group is told so first. A
    campaign mission of a campaign given up since (the career `record`'s campaign began after it), or a part begun
    before the record's linked patrol changed, is not: going on with it would not go on with the campaign or the
    patrol."""
    if mode not in ("linked", "campaign"):
        return None
    held = _not_over(save)
    if held is None or held[1].get("mode") != mode:
        return None
    started = held[1].get("campaign")
    if mode == "campaign" and started is not None and record is not None \
            and (record.get("campaign") or {}).get("started") != started:
        return None
    if mode == "linked" and record is not None and _another_patrol(record, held[1], held[0]):
        return None
    return held[0], str(held[1].get("patrol") or "")


def unfinished_mission(save: Path) -> str | None:
    """The mission of the game saved at `save` when it is a mission with objectives (any mode) that is not over yet
    (its full save looked at): a new game keeps that game aside, and the window's set-up says so before "Start"
    (None: none, a practice piece, a game that is over, or a save that cannot be read)."""
    held = _not_over(save, scored=True)
    return None if held is None else held[0]


def _not_over(save: Path, scored: bool = False) -> tuple[str, dict[str, Any]] | None:
    """The mission and the set-up (`changes.setup`: mode, patrol, part) of the U-BOOT game saved at `save` when its
    mission is not over yet (`scored`: and it has objectives); None otherwise, or when the save cannot be read."""
    from kaleun.core.errors import SaveError
    from kaleun.saves import read_save

    try:
        state, _ = read_save(save)
        config, module = state["config"], state["modules"]["mission"]
        result, objectives = module["result"], module.get("objectives") or []
        played = dict(config.get("changes", {}).get("setup") or {})
    except (SaveError, OSError, KeyError, TypeError, AttributeError, ValueError):
        return None
    if state.get("game") != "uboot" or result is not None or (scored and not objectives):
        return None
    return str(config.get("mission")), played


Settings = tuple[dict[str, str], dict[str, bool]]


def carried_settings(record: dict[str, Any], mode: str, mission: str = "") -> Settings:
    """The difficulty and easy watch change per role the group played the last part of the linked patrol in
    progress with (mode "linked"), or the last mission of the running campaign ("campaign"): what the set-up
    offers as its defaults for the next one. Nothing for a single mission, a mission named that is not the next
    one (a new patrol or campaign begins), or a record written before they were kept."""
    source: dict[str, Any] | None = None
    if mode == "campaign":
        campaign = record.get("campaign")
        if campaign is not None and campaign.get("state") == "running" and mission in ("", campaign.get("next")):
            source = campaign
    elif mode == "linked":
        patrol = _patrol_of(record, "linked")
        if patrol is not None and mission in ("", patrol["next"]):
            source = patrol
    if source is None:
        return {}, {}
    return dict(source.get("difficulty") or {}), dict(source.get("easy_watch_change") or {})


def with_carried(carried: Settings, difficulty: dict[str, str], easy: dict[str, bool]) -> Settings:
    """The set-up's difficulty and easy watch change per role over the carried ones: a role the set-up names
    takes its choice, every other role keeps what it carried. A carried easy watch change goes with its role's
    easy difficulty (a role set to normal or hard drops it); one the set-up asks for is kept as asked (the set-up
    refuses it for a role not on easy). Roles on the default level and easy watch changes not taken are left
    out, as a set-up without them starts."""
    from kaleun.uboot import data

    default = data.load("difficulty")["default"]
    levels = {**carried[0], **difficulty}
    levels = {role: level for role, level in levels.items() if level != default}
    watch = {role: True for role, on in carried[1].items() if on and levels.get(role) == "easy"}
    watch.update(easy)
    return levels, {role: on for role, on in watch.items() if on is not False}


def _played_with(game: Engine) -> dict[str, Any]:
    """The difficulty and easy watch change per role a game ended with (a group may change them during the game
    in the settings), kept with the patrol or campaign for the next part (only those off the default)."""
    from kaleun.uboot import data

    if not game.has_module("crew"):
        return {}
    crew = game.module("crew")
    default = data.load("difficulty")["default"]
    played = {"difficulty": {role: level for role, level in sorted(crew.difficulty.items()) if level != default},
              "easy_watch_change": {role: True for role, on in sorted(crew.easy.items()) if on}}
    return {key: value for key, value in played.items() if value}  # every role normal: nothing kept


def settings_said(settings: Settings) -> Msg | None:
    """The carried difficulty and easy watch change as a sentence (None: every role plays normal)."""
    from kaleun.core.messages import join
    from kaleun.uboot.figures import ROSTER

    difficulty, easy = settings
    if not difficulty and not any(easy.values()):
        return None
    names = ROSTER["role_names"]
    levels = join([Msg("{role} {level}", role=Msg.term(names[r]), level=Msg.term(level))
                   for r, level in sorted(difficulty.items()) if r in names])
    watch = [Msg.term(names[r]) for r, on in sorted(easy.items()) if on and r in names]
    if watch:
        return Msg("Carried over: difficulty {levels}; easy watch change for {roles}.", levels=levels,
                   roles=join(watch))
    return Msg("Carried over: difficulty {levels}.", levels=levels)


#: the ways a group plays its next mission: at the table (`kaleun play`), by table script (`kaleun run`), or
#: either when it is not known which (`kaleun resume` of a save, which both may have written)
VIAS = ("play", "run", "either")


def going_on_command(mode: str, via: str = "play") -> Msg | str:
    """The command that plays the next mission of the linked patrol or the campaign (`mode`) the way the group
    plays (`via`, one of `VIAS`): `kaleun play --linked`, `kaleun run --linked --script SCRIPT --events EVENTS`,
    or both."""
    play, run = f"kaleun play --{mode}", f"kaleun run --{mode} --script SCRIPT --events EVENTS"
    if via == "run":
        return run
    if via == "either":
        return Msg("{play} (by table script: {run})", play=play, run=run)
    return play


def patrol_given_up(record: dict[str, Any], setup: Any, via: str = "play") -> Msg | None:
    """What a group is told when the linked set-up names a mission that is not the next part of the linked patrol
    in progress: a new patrol begins with it, and the one in progress (with its carry-over, rulebook §5.2) is
    given up once the new part is booked, and how to go on with that one instead, the way the group plays (`via`:
    `kaleun play`, or `kaleun run` by table script). None: nothing is given up."""
    patrol = record.get("patrol")
    if setup.mode != "linked" or not setup.mission or patrol is None or patrol.get("mode") != "linked" \
            or patrol["next"] == setup.mission:
        return None
    return Msg("A new linked patrol begins with {mission}: the linked patrol {patrol} in progress (next: {next}) is "
               "given up with what it carries over once this part ends. To go on with it instead: {how}.",
               mission=titled(setup.mission), patrol=patrol_titled(patrol["id"]), next=titled(patrol["next"]),
               how=going_on_command("linked", via))


def campaign_given_up(record: dict[str, Any], setup: Any) -> Msg | None:
    """What a group is told when the campaign set-up names the campaign's first mission while a campaign runs
    further on: that campaign is given up at the start and a new one begins (rulebook §4.3; its missions stay in the
    record). None: nothing is given up."""
    from kaleun.uboot.missions.setup import campaign_order

    campaign = record.get("campaign")
    first = campaign_order()[0]
    if setup.mode != "campaign" or setup.mission != first or campaign is None \
            or campaign.get("state") != "running" or campaign.get("next") == first:
        return None
    return Msg.plural("A new campaign begins with {first}: the campaign running since {started} ({n} mission, score "
                      "{score:,}; next: {next}) is given up when it starts. Its missions stay in the career record.",
                      "A new campaign begins with {first}: the campaign running since {started} ({n} missions, score "
                      "{score:,}; next: {next}) is given up when it starts. Its missions stay in the career record.",
                      n=len(campaign["done"]), first=titled(first), started=When.day(campaign["started"]),
                      score=campaign["score"], next=titled(campaign["next"]))


def _carry_for(record: dict[str, Any], mission: str, mode: str) -> dict[str, Any] | None:
    patrol = _patrol_of(record, mode)
    if patrol is not None and patrol.get("next") == mission:
        carry: dict[str, Any] | None = patrol["carry"]
        return carry
    return None


def _refitted_for(record: dict[str, Any], mission: str, mode: str) -> bool:
    """Does `mission`, the next part of the patrol in progress, sail again refitted from its base (the boat came
    home from the part before): on its own date, with that day's torpedoes, not the first part's?"""
    patrol = _patrol_of(record, mode)
    return bool(patrol is not None and patrol.get("next") == mission and patrol["carry"] is None
                and patrol.get("refitted"))


def _patrol_of(record: dict[str, Any], mode: str) -> dict[str, Any] | None:
    """The patrol in progress of a mode: the linked patrol's, or the campaign's."""
    shared = record.get("patrol")
    if mode == "campaign":
        own = (record.get("campaign") or {}).get("patrol")
        if own is None and shared is not None and shared.get("mode") == "campaign":
            return dict(shared)  # a record written before the campaign kept its own
        return dict(own) if own is not None else None
    return dict(shared) if shared is not None and shared.get("mode") == mode else None


def _set_patrol(record: dict[str, Any], mode: str, patrol: dict[str, Any] | None) -> None:
    """Keep (or end) the patrol in progress of one mode; the other mode's is left as it is."""
    if mode == "campaign":
        if record.get("campaign") is not None:
            record["campaign"]["patrol"] = patrol
        shared = record.get("patrol")
        if shared is not None and shared.get("mode") == "campaign":
            record["patrol"] = None
    else:
        record["patrol"] = patrol


# -- booking a finished mission -----------------------------------------------------------------------
def _game_key(game: Engine) -> tuple[str, tuple[str, ...]]:
    """The key a finished game is booked under, and the keys records written before it was kept so booked it by.

    A game is known by its seed, mission, start, the moment its mission ended and a digest of the mission's whole
    state at its end (objectives, signals, the patrol's log: it stands still once the mission is over): a save of
    it that a script ran on past the end (`kaleun run --load ... --save`) is the same game, booked once, and two
    games of one mission and seed that both ran to the time limit are two games, each booked."""
    import hashlib

    mission = game.module("mission")
    ended = game.t if mission.ended_at is None else mission.ended_at  # a save from before ended_at was kept
    head = f"{game.seed}:{mission.mission}:{game.clock.iso(0)}"
    state = json.dumps(_numbers_as_floats(mission.to_state()), sort_keys=True, separators=(",", ":"),
                       ensure_ascii=False)
    digest = hashlib.sha256(state.encode("utf-8")).hexdigest()[:16]
    # earlier records: by the moment it ended, or (a late booking of a save run on past the end) the game's time
    older = tuple(f"{head}:{round(t, 3)}" for t in (ended, float(ended), game.t, float(game.t)))
    return f"{head}:{round(float(ended), 3)}:{digest}", older


def of_an_earlier_campaign(record: dict[str, Any], game: Engine) -> bool:
    """Is `game` a mission of an earlier campaign, one given up (or ended) since, a newer one begun in its place
    (rulebook §4.3)? Its result is then booked with the career's missions only, and what the campaign running now
    does is not its doing. A game knows its campaign by the moment that campaign began (`GameSetup.campaign`); a save
    from before it was kept is taken to be of the campaign in the record."""
    setup = game.config.get("changes", {}).get("setup") or {}
    started = setup.get("campaign")
    if setup.get("mode") != "campaign" or started is None:
        return False
    campaign = record.get("campaign")  # none at all: a record begun anew, which knows no campaign to compare with
    return campaign is not None and campaign.get("started") != started


def changed_since_saved(game: Engine) -> Msg | None:
    """What a group is told before a game saved before goes on (`kaleun resume`, the window's Go on with it) when the
    career record changed since it began: a mission of a campaign given up or ended since (`of_an_earlier_campaign`,
    rulebook §4.3), or a part played linked whose record's linked patrol has changed (`of_an_earlier_patrol`, §5.2).
    None: neither, or a record that cannot be read (the end says what keeps the result from being booked)."""
    try:
        record = load_career()
    except (CareerError, OSError):
        return None
    if of_an_earlier_campaign(record, game):
        return Msg("the campaign this mission was played in is over, and a newer one has begun since: when it ends, "
                   "its result is booked with the career's missions only, not in the campaign running now.")
    if of_an_earlier_patrol(record, game):
        return Msg("the career record's linked patrol has changed since this part began: when it ends, its result is "
                   "booked with the career's missions only, and the linked patrol in the record is left as it is.")
    return None


def patrol_mark(patrol: dict[str, Any] | None) -> str:
    """A short mark of the linked patrol in progress as the career record holds it (its part, carry-over and all;
    "none": no patrol): a linked game keeps the mark of the record it was set up from (`GameSetup.record_patrol`)."""
    if patrol is None:
        return "none"
    text = json.dumps(patrol, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def of_an_earlier_patrol(record: dict[str, Any], game: Engine) -> bool:
    """Is `game` a part played linked from a career record whose linked patrol has changed since (rulebook §5.2: the
    record keeps one linked patrol)? A save of a part of a patrol given up since for a newer one, resumed and played
    to its end: its result is booked with the career's missions only, and the patrol in progress now is left as it
    is. A save from before the mark was kept (`_another_patrol`) is of the patrol in the record unless the record
    holds another patrol, or the same one at another part, than its later part goes on with."""
    setup = game.config.get("changes", {}).get("setup") or {}
    if setup.get("mode") != "linked":
        return False
    return _another_patrol(record, setup, str(game.config.get("mission")))


def _another_patrol(record: dict[str, Any], setup: Mapping[str, Any], mission: str) -> bool:
    """Does the record's linked patrol differ from the one the linked game set up so (`changes.setup`) and playing
    `mission` was begun from? By the game's mark of the record (`record_patrol`); a game saved before the mark was
    kept, by what it tells of its patrol: a later part (2 on) goes on with a patrol the record holds at that part,
    so a record holding another linked patrol, or this one at another part, is newer than the game. A first part,
    or a record with no linked patrol in progress, cannot tell: the game is taken to be of the record's patrol."""
    patrol = _patrol_of(record, "linked")
    mark = setup.get("record_patrol")
    if mark is not None:
        return bool(mark != patrol_mark(patrol))
    part = setup.get("part")
    if patrol is None or not isinstance(part, int) or part < 2:
        return False
    return bool(patrol.get("id") != setup.get("patrol") or patrol.get("next") != mission)


def leaves_the_patrol(game: Engine, path: Path | None = None) -> bool:
    """Will booking `game`, not booked yet, leave the record's linked patrol as it is (`of_an_earlier_patrol`)? Asked
    before `record_mission`: once booked, the record's patrol has moved on with the game's own part too. An unreadable
    record: False (the booking says what keeps it)."""
    try:
        return of_an_earlier_patrol(load_career(path), game)
    except (CareerError, OSError):
        return False


def last_booked(record: dict[str, Any], game: Engine, mode: str) -> bool:
    """Is `game` the mission of `mode` ("campaign", "linked") booked last in the record? A save of an earlier
    mission, resumed after later ones were played, is not: what became of the campaign since is not its doing."""
    key, older = _game_key(game)
    last = next((m for m in reversed(record["missions"]) if m.get("mode") == mode), None)
    return last is not None and last.get("key") in (key, *older)


def _numbers_as_floats(value: Any) -> Any:
    """A state with every number a float: a save gives back 3600.0 for the 3600 a live game may hold."""
    if isinstance(value, dict):
        return {k: _numbers_as_floats(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_numbers_as_floats(v) for v in value]
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return value


def record_mission(game: Engine, path: Path | None = None) -> dict[str, Any] | None:
    """Book a finished mission with objectives into the career record (once per game end); returns
    its entry (None: nothing to book). Its folder is held from reading the record to writing it again: two
    Kaleuns booking at once (`kaleun run --load` of a batch of saves, a table's game ending meanwhile) each keep
    the other's mission, where one booking wrote over the other. Raises CareerError, or OSError when the
    record cannot be written or another booking holds it for more than `LOCK_WAIT_S`."""
    if not game.has_module("mission"):
        return None
    mission = game.module("mission")
    if not mission.over or not mission.scored or mission.final is None:
        return None
    path = path or career_path()
    with locked_folder(path.parent, LOCK_WAIT_S):  # a mission booked by another Kaleun meanwhile is kept
        return _book(game, path)


def _book(game: Engine, path: Path) -> dict[str, Any] | None:
    """`record_mission` with the record's folder held."""
    from kaleun.uboot.missions.carry import came_home, extract, home_ends_patrol
    from kaleun.uboot.missions.scoring import passes_campaign
    from kaleun.uboot.missions.setup import campaign_order, patrol_parts

    mission = game.module("mission")
    record = load_career(path)
    key, older = _game_key(game)
    if any(m.get("key") in (key, *older) for m in record["missions"]):
        return None
    ended = game.t if mission.ended_at is None else mission.ended_at  # a save from before ended_at was kept
    setup = dict(game.config.get("changes", {}).get("setup") or {})
    mode = setup.get("mode", "single")
    final = mission.final
    name = mission.spec.get("name")  # a title the record keeps whole up to 200 characters (a save may hold a longer)
    entry = {"key": key, "mission": mission.mission, "name": None if name is None else str(name)[:200], "mode": mode,
             "seed": game.seed, "result": mission.result, "reason": mission.reason, "grade": final["grade"],
             "score": final["score"], "fame": final["fame"], "grt": final["grt"],
             "ships_sunk": final["ships_sunk"], "crew_lost": final["crew_lost"], "start": game.clock.iso(0.0),
             "end": game.clock.iso(ended), "played": _now()}
    record["missions"].append(entry)
    lost = mission.result == "lost" and mission.reason != "time_limit"
    counts = not lost or lost_boat_counts()  # mission_rules.toml [career]: a lost boat's score in the totals
    totals = record["totals"]
    totals["missions"] += 1
    for k, v in (("score", "score"), ("fame", "fame"), ("grt", "grt"), ("ships", "ships_sunk"),
                 ("crew_lost", "crew_lost")):
        totals[k] += int(final[v]) if counts or k == "crew_lost" else 0  # its dead are lost whatever the choice
    patrol = mission.spec.get("patrol")
    again = mission.part_again()  # §4.3: the next part needs this part's primary objectives met
    campaign = record.get("campaign")
    # a campaign's game is the campaign's only while the campaign waits for it: a game of a campaign given up since
    # (booked late, from its save) leaves the running campaign and its patrol as they are
    its_campaign = mode == "campaign" and campaign is not None and campaign.get("state") == "running" \
        and campaign.get("next") == mission.mission and not of_an_earlier_campaign(record, game)
    # a single mission leaves the patrols in progress as they are, and so does a part of a patrol given up since
    if (mode == "linked" and not of_an_earlier_patrol(record, game)) or its_campaign:
        going_on = None
        # a boat home after a return to base (§4.2) hands nothing on: played linked the return ends the patrol
        # (mission_rules.toml [linked], our choice), or its next part sails refitted from its base, as in the campaign
        home = came_home(mission)
        # a part sailed refitted from its base sails on its own date, with that day's torpedoes (`GameSetup.refitted`)
        refitted = {"refitted": True} if home or (setup.get("refitted") and mission.spec.get("carry") is None) else {}
        if patrol and again:  # the patrol stays at this part, with what the boat began it with
            going_on = {"id": patrol, "mode": mode, "from": mission.mission, "next": mission.mission,
                        "carry": None if home else mission.spec.get("carry"), **refitted, **_played_with(game)}
        elif patrol and not lost and not (home and mode == "linked" and home_ends_patrol()):
            parts = patrol_parts(patrol)
            i = parts.index(mission.mission)
            if i + 1 < len(parts):
                going_on = {"id": patrol, "mode": mode, "from": mission.mission, "next": parts[i + 1],
                            "carry": None if home else extract(game), **({"refitted": True} if home else {}),
                            **_played_with(game)}
        _set_patrol(record, mode, going_on)
    if its_campaign:
        assert campaign is not None
        order = campaign_order()
        for key in ("difficulty", "easy_watch_change"):
            campaign.pop(key, None)
        campaign.update(_played_with(game))  # the next mission's set-up offers them again
        if not again:  # a part played again (§4.3) is booked with the missions, not in the campaign's totals
            campaign["done"].append(mission.mission)
            campaign["grades"].append(final["grade"])
            for k in ("score", "fame", "grt"):
                campaign[k] += int(final[k]) if counts else 0
        if again:
            campaign["next"] = mission.mission
        elif lost or not passes_campaign(final["grade"]):
            campaign["state"], campaign["next"] = "failed", None
            _set_patrol(record, "campaign", None)
        elif order.index(mission.mission) + 1 < len(order):
            campaign["next"] = order[order.index(mission.mission) + 1]
        else:
            campaign["state"], campaign["next"] = "complete", None
    try:  # a booking never writes a record that the next reading would refuse as damaged
        check(record_shape(), record, "")
    except ShapeError as exc:
        raise CareerError(Msg("the mission's result does not fit the career record ({problem}); the record was "
                              "kept as it is", problem=of_error(exc))) from exc
    save_career(record, path)
    return entry


def lost_boat_counts() -> bool:
    """Does a lost boat's score and GRT count in the career's and the campaign's totals (mission_rules.toml
    [career], our choice)?"""
    from kaleun.uboot.missions.scoring import RULES

    return bool(RULES.get("career", {}).get("lost_boat_counts", True))


def boat_lost(entry: Mapping[str, Any]) -> bool:
    """Did the mission of a record's entry end with the boat or its whole crew lost (not a time limit run out)?"""
    return entry.get("result") == "lost" and entry.get("reason") not in (None, "time_limit")


#: a mission's result in the record's list, where its reason tells more than the result: a mission failed at its
#: time limit and one that lost the boat are both "lost" in the game's events
RESULT_WORDS: dict[str, str] = {"boat_lost": N_("boat lost"), "failed": N_("failed")}


def _result_word(entry: Mapping[str, Any]) -> Msg | str:
    from kaleun.uboot.missions.debrief import word

    if boat_lost(entry):
        return Msg.term(RESULT_WORDS["boat_lost"])
    if entry.get("result") == "lost":
        return Msg.term(RESULT_WORDS["failed"])
    return word(entry.get("result"))


def _ended_with_the_boat(record: Mapping[str, Any], campaign: Mapping[str, Any]) -> bool:
    """Did the campaign's last mission lose the boat (its latest entry in the record's missions)?"""
    done = campaign.get("done") or []
    last = next((m for m in reversed(record["missions"]) if m.get("mode") == "campaign" and done
                 and m.get("mission") == done[-1]), None)
    return last is not None and boat_lost(last)


def _boats_lost_said(record: Mapping[str, Any]) -> Msg | None:
    """How many boats the career lost and what of the totals they brought (None: none lost)."""
    lost = [m for m in record["missions"] if boat_lost(m)]
    if not lost:
        return None
    score, grt = sum(int(m["score"]) for m in lost), sum(int(m["grt"]) for m in lost)
    if lost_boat_counts():
        return Msg.plural("{n} boat lost, its score {score:,} and {grt:,} GRT counted.",
                          "{n} boats lost, their score {score:,} and {grt:,} GRT counted.",
                          n=len(lost), score=score, grt=grt)
    return Msg.plural("{n} boat lost, its score {score:,} and {grt:,} GRT not counted.",
                      "{n} boats lost, their score {score:,} and {grt:,} GRT not counted.",
                      n=len(lost), score=score, grt=grt)


def _stores_said(carry: Mapping[str, Any]) -> Msg | None:
    """The torpedoes and the fuel a linked patrol's next part starts with, as its `carried_over` says them at the
    start (None: a carry-over that holds neither): both read `starting_stores`."""
    from kaleun.uboot.missions.carry import starting_stores

    torpedoes, pct = starting_stores(carry)
    fuel = None if pct is None else round(pct)
    if torpedoes is not None and fuel is not None:
        return Msg.plural("{n} torpedo left, fuel {fuel} %.", "{n} torpedoes left, fuel {fuel} %.", n=torpedoes,
                          fuel=fuel)
    if torpedoes is not None:
        return Msg.plural("{n} torpedo left.", "{n} torpedoes left.", n=torpedoes)
    if fuel is not None:
        return Msg("Fuel left: {pct:.0f} %.", pct=fuel)
    return None


def _with_settings(out: list[Any], kept: dict[str, Any]) -> None:
    """The last line of `out` with the difficulty and easy watch change `kept` (a patrol's or a campaign's) carries
    to its next mission, when any role plays off the default."""
    said = settings_said((dict(kept.get("difficulty") or {}), dict(kept.get("easy_watch_change") or {})))
    if said is not None:
        out[-1] = Msg("{line} {settings}", line=out[-1], settings=said)


def _now(timespec: str = "seconds") -> str:
    return datetime.now().isoformat(timespec=timespec)


# -- reading it ----------------------------------------------------------------------------------------
def career_lines(record: dict[str, Any]) -> list[str]:
    """The record as `kaleun career` prints it."""
    return [str(m) for m in career_messages(record)]


#: how a mission was played, as words (the record keeps the set-up's mode id)
MODE_WORDS: dict[str, str] = {"single": N_("single"), "linked": N_("linked"), "campaign": N_("campaign")}


def titled(mission: object) -> Msg | str:
    """A mission named in a sentence of the record: by its title (`kaleun.uboot.missions.catalogue.titled`)."""
    from kaleun.uboot.missions.catalogue import titled as title

    return title(mission)


def patrol_titled(patrol: object) -> Msg | str:
    """A linked patrol named in a sentence of the record: by its title
    (`kaleun.uboot.missions.catalogue.patrol_titled`)."""
    from kaleun.uboot.missions.catalogue import patrol_titled as title

    return title(patrol)


def _mode(mode: str) -> Msg | str:
    return Msg.term(MODE_WORDS[mode]) if mode in MODE_WORDS else mode


def career_messages(record: dict[str, Any], settings: bool = True) -> list[Any]:
    """The record's lines as messages (`Msg`, for the table's language): the totals, the campaign, the
    patrols in progress, then every mission. Modes and results are words of the table's language. `settings`: the
    campaign's and the patrol's lines end with the difficulty and easy watch change they carry (the window's set-up,
    whose buttons show them, leaves them out)."""

    t = record["totals"]
    out = [Msg.plural("Career: {n} mission, score {score:,}, fame {fame:,}, {grt:,} GRT in {sunk}, {lost}.",
                      "Career: {n} missions, score {score:,}, fame {fame:,}, {grt:,} GRT in {sunk}, {lost}.",
                      n=t["missions"], score=t["score"], fame=t["fame"], grt=t["grt"],
                      sunk=Msg.plural("{n} ship sunk", "{n} ships sunk", n=t["ships"]),
                      lost=Msg.plural("{n} sailor lost", "{n} sailors lost", n=t["crew_lost"]))]
    boats = _boats_lost_said(record)
    if boats is not None:
        out[0] = Msg("{line} {boats}", line=out[0], boats=boats)
    campaign = record.get("campaign")
    if campaign is not None:
        state = {"running": Msg("running; next: {next}", next=titled(campaign.get("next"))),
                 "failed": (Msg("ended: the boat was lost (grade F)") if _ended_with_the_boat(record, campaign)
                            else Msg("ended: a mission was graded below E")),
                 "complete": Msg("complete")}[campaign["state"]]
        out.append(Msg.plural("Campaign (since {started}): {state}. {n} mission ({grades}), score {score:,}, "
                              "fame {fame:,}, {grt:,} GRT.", "Campaign (since {started}): {state}. {n} missions "
                              "({grades}), score {score:,}, fame {fame:,}, {grt:,} GRT.",
                              started=When.day(campaign["started"]), state=state, n=len(campaign["done"]),
                              grades=" ".join(campaign["grades"]) or "-", score=campaign["score"],
                              fame=campaign["fame"], grt=campaign["grt"]))
        if campaign["state"] == "running" and settings:
            _with_settings(out, campaign)
    for patrol in (record.get("patrol"), (campaign or {}).get("patrol")):
        if patrol is None:
            continue
        carry = patrol["carry"] or {}
        dead = sum(1 for row in carry.get("sailors", []) for s in row.values() if s["dead"])
        flooded = ", ".join(map(str, carry.get("flooded", []))) or Msg("none")
        if patrol.get("from") == patrol["next"]:  # §4.3: its primary objective not met, the part is played again
            out.append(Msg.plural("Linked patrol {patrol} plays {next} again ({mode}): a primary objective was not "
                                  "met. {n} sailor dead, flooded sections {flooded}.",
                                  "Linked patrol {patrol} plays {next} again ({mode}): a primary objective was not "
                                  "met. {n} sailors dead, flooded sections {flooded}.", n=dead,
                                  patrol=patrol_titled(patrol["id"]), next=titled(patrol["next"]),
                                  mode=_mode(patrol["mode"]), flooded=flooded))
        elif patrol["carry"] is None and patrol.get("refitted"):  # the boat came home: nothing is carried over
            out.append(Msg("Linked patrol {patrol} goes on with {next} ({mode}): the boat is home, so it sails again "
                           "refitted, with a fresh crew and full stores.", patrol=patrol_titled(patrol["id"]),
                           next=titled(patrol["next"]), mode=_mode(patrol["mode"])))
        else:
            out.append(Msg.plural("Linked patrol {patrol} goes on with {next} ({mode}): {n} sailor dead, flooded "
                                  "sections {flooded}.",
                                  "Linked patrol {patrol} goes on with {next} ({mode}): {n} sailors dead, flooded "
                                  "sections {flooded}.", n=dead, patrol=patrol_titled(patrol["id"]),
                                  next=titled(patrol["next"]), mode=_mode(patrol["mode"]), flooded=flooded))
        stores = _stores_said(carry)
        if stores is not None:
            out[-1] = Msg("{line} {stores}", line=out[-1], stores=stores)
        if patrol["mode"] == "linked" and settings:  # a campaign's patrol: the campaign's line says it
            _with_settings(out, patrol)
    if record["missions"]:
        out.append(Msg("Missions:"))
    for m in record["missions"]:  # the mission by its title, its id beside it for `kaleun play --mission ID`
        out.append(Msg("  {played}  {mission}", played=When.day(m["played"], short=True), mission=_row_title(m)))
        out.append(Msg("      {mode:<8} {result:<9} grade {grade}  score {score:>6,}  {grt:>7,} GRT  {sunk}  {lost}",
                       mode=_mode(m["mode"]), result=_result_word(m), grade=m["grade"], score=m["score"],
                       grt=m["grt"], sunk=Msg.plural("{n} ship sunk", "{n} ships sunk", n=m["ships_sunk"]),
                       lost=Msg.plural("{n} sailor lost", "{n} sailors lost", n=m["crew_lost"])))
    return out


def _row_title(entry: Mapping[str, Any]) -> Msg | str:
    """A mission of the record's list: its title in the table's language and its id, which `kaleun play --mission`
    takes (`Slow convoy (sc_convoy_1940)`); a mission Kaleun does not ship by the title the record kept (a group's
    own), or its id alone."""
    from kaleun.uboot.missions.catalogue import catalogue

    mission = str(entry.get("mission"))
    name = entry.get("name")
    if mission in catalogue().missions:
        title: Msg | str = titled(mission)
    elif isinstance(name, str) and name and name != mission:
        title = name
    else:
        return mission
    return Msg("{title} ({mission})", title=title, mission=mission)


__all__ = ["CareerError", "begin_campaign", "campaign_given_up", "career_lines", "career_messages", "career_path",
           "carried_settings", "going_on_command", "leaves_the_patrol", "load_career", "of_an_earlier_campaign",
           "of_an_earlier_patrol", "patrol_given_up", "patrol_mark", "record_mission", "save_career", "settings_said",
           "start_configured", "unbookable", "unfinished_mission", "with_carried"]
