"""Setting a new game up: the missions a crew can choose, and one call that starts a configured game.

This is the pure part a set-up screen needs (the window's, the console's, the command line's):

    mission_lines(own)           every mission with its one line (id, name, date, base, summary, ...), the
                                 group's own `own` among them (`missions/own.py`)
    campaign_order()             the campaign's missions in order (rulebook §4.3)
    patrol_parts(patrol)         the parts of a linked patrol in order
    GameSetup(mission=..., seed=..., mode="single" | "linked" | "campaign",
              difficulty={"captain": "hard"}, easy_watch_change={"officer": True}, carry=None,
              own=OwnMissions(...))  # the group's own missions it may choose among
    setup_problem(setup)         why a set-up cannot start (None: it can)
    start_game(setup)            the game, built (the set-up is kept in its config, so a save and a
                                 replay rebuild the same game)

The career record (`kaleun.career`, which reads and writes the user's files) supplies `carry` for
the next part of a linked patrol and the next mission of a campaign: `kaleun.career.start_configured`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from kaleun.core.engine import Engine
from kaleun.core.messages import Msg, When
from kaleun.uboot import data
from kaleun.uboot.missions import passage
from kaleun.uboot.missions.carry import check_carry
from kaleun.uboot.missions.catalogue import catalogue, patrol_titled
from kaleun.uboot.missions.own import OwnMissions, all_missions, kept

MODES = ("single", "linked", "campaign")
ROLES: tuple[str, ...] = tuple(data.load("roster")["roles"])
LEVELS: tuple[str, ...] = tuple(data.load("difficulty")["levels"])


def level_effects(difficulty: Mapping[str, str]) -> Msg:
    """What the levels chosen for the Captain and the Chief Engineer do (difficulty.toml; a role not in
    `difficulty` plays the default level), as the window's set-up shows it under the roles (§5.3)."""
    table = data.load("difficulty")
    captain = difficulty.get("captain", table["default"])
    engineer = difficulty.get("engineer", table["default"])
    return Msg("{captain} {level}: command bar {fields} fields back per watch, {cards} cards. {engineer} "
               "{engineer_level}: hull breach {breach} s, wear ×{wear:g}.", captain=Msg.term("Captain"),
               level=Msg.term(captain), fields=int(table[captain]["command_recovery"]),
               cards=int(table[captain]["captain_hand"]), engineer=Msg.term("Chief Engineer"),
               engineer_level=Msg.term(engineer), breach=int(table[engineer]["breach_countdown_s"]),
               wear=float(table[engineer]["wear_factor"]))


def difficulty_lines() -> list[Msg]:
    """What each difficulty level changes (rulebook §5.3: the app lists "die Unterschiede im Spielablauf"), one
    line per level from difficulty.toml: the Captain's command-bar recovery and hand, the Chief Engineer's hull
    breach countdown and wear, the easy watch change."""
    table = data.load("difficulty")
    out = []
    for level in LEVELS:
        row = table[level]
        easy: Msg | str = Msg("; the easy watch change may be chosen.") if row["easy_watch_change"] else "."
        out.append(Msg("{level}: Captain: the command bar moves {fields} fields back at each watch change, {cards} "
                       "Captain cards; Chief Engineer: {breach} seconds to seal a hull breach, machinery wear factor "
                       "{wear:g}{easy}", level=Msg.term(level), fields=int(row["command_recovery"]),
                       cards=int(row["captain_hand"]), breach=int(row["breach_countdown_s"]),
                       wear=float(row["wear_factor"]), easy=easy))
    return out


@dataclass(frozen=True)
class MissionLine:
    """One mission as a list shows it."""

    id: str
    name: str
    summary: str
    start: str  # ship's time at the start (ISO 8601)
    year: int
    square: str
    base: str | None  # the base's name (where the patrol returns)
    scored: bool  # has objectives (a real mission, not a practice piece)
    time_limit_h: float | None
    patrol: str | None  # linked patrol id
    part: int | None
    parts: int  # parts of its patrol (1 for a single mission)
    campaign: int | None  # its place in the campaign (1, 2, ...), None if not in it
    own: str | None = None  # a group's own mission: the file it was read from (None: a shipped mission)
    patrol_name: str | None = None  # its linked patrol's title (`patrol_name` of the patrol's first part)

    @property
    def continues(self) -> bool:
        """A later part of a linked patrol: the boat is at sea, not sailing from its base."""
        return self.patrol is not None and (self.part or 1) > 1

    def line(self, with_id: bool = True) -> Msg:
        """The one line of `kaleun missions` (str() for English); without its id for a crew reading the
        window's set-up, where the mission was chosen by its name."""
        if self.continues:  # the patrol sailed with its first part; this part heads home to its base
            where = (Msg("at sea in {square}, home to {base}", square=self.square, base=Msg.term(self.base))
                     if self.base else Msg("at sea in {square}", square=self.square))
        else:
            where = (Msg("from {base}", base=Msg.term(self.base)) if self.base
                     else Msg("in {square}", square=self.square))
        part: Msg | str = ""
        if self.patrol:  # which linked patrol it is a part of: the parts of two patrols are told apart by its title
            part = Msg(" [linked patrol {patrol}, part {part} of {parts}]", patrol=patrol_titled(self.patrol),
                       part=self.part, parts=self.parts)
        if self.own is not None:
            part = Msg(" [own mission]")
        if not with_id:
            return Msg("{date}  {name} ({where}){part}: {summary}", date=When.day(self.start), name=Msg.term(self.name),
                       where=where, part=part, summary=Msg.term(self.summary))
        return Msg("{id} {date}  {name} ({where}){part}: {summary}", id=f"{self.id:<24}", date=When.day(self.start),
                   name=Msg.term(self.name), where=where, part=part, summary=Msg.term(self.summary))


def _scored(spec: Mapping[str, Any]) -> bool:
    return bool(spec.get("objective"))


def campaign_order() -> list[str]:
    """The campaign: every shipped mission with objectives (unless `campaign = false`), by date (a group's own
    missions are played as single missions)."""
    missions = catalogue().missions
    chosen = [m for m, s in missions.items() if _scored(s) and s.get("campaign", True)]
    return sorted(chosen, key=lambda m: (missions[m]["start"], m))


def patrol_parts(patrol: str) -> list[str]:
    missions = catalogue().missions
    return [m for _, m in sorted((int(s.get("part", 1)), m) for m, s in missions.items() if s.get("patrol") == patrol)]


def mission_lines(own: OwnMissions | None = None) -> list[MissionLine]:
    """Every mission: the real ones by date, then the practice pieces (training, exercises); the group's own
    `own` among them (`missions/own.py`)."""
    missions = all_missions(own)
    files = own.files if own is not None else {}
    order = {m: i + 1 for i, m in enumerate(campaign_order())}
    out = []
    for mid, spec in missions.items():
        patrol = spec.get("patrol")
        out.append(MissionLine(
            id=mid, name=str(spec["name"]), summary=str(spec.get("summary", "practice: no objectives")),
            start=str(spec["start"]), year=datetime.fromisoformat(spec["start"]).year, square=str(spec["square"]),
            base=passage.base(spec["base"]).name if "base" in spec else None, scored=_scored(spec),
            time_limit_h=spec.get("time_limit_h"), patrol=patrol, part=spec.get("part") if patrol else None,
            parts=len(patrol_parts(patrol)) if patrol else 1, campaign=order.get(mid), own=files.get(mid),
            patrol_name=str(patrol_titled(patrol)) if patrol else None))
    out.sort(key=lambda m: (not m.scored, m.start if m.scored else "", m.id))
    return out


@dataclass
class GameSetup:
    mission: str
    seed: int = 0
    mode: str = "single"
    difficulty: dict[str, str] = field(default_factory=dict)
    easy_watch_change: dict[str, bool] = field(default_factory=dict)
    #: what the last part of a linked patrol left (carry.extract); None: a fresh boat
    carry: dict[str, Any] | None = None
    #: what the campaign this new one takes the place of came to (state, grades, score, missions), told at the
    #: start; kept in the game's config, so a replay of the session tells it too
    last_campaign: dict[str, Any] | None = None
    #: the set-up asked the difficulty and easy watch change of every role (the terminal's questions, the window's
    #: buttons, which offer the carried ones as their defaults): what it holds is played as it is. False (the
    #: command line's options): a role it does not name keeps what the linked patrol or campaign carries
    #: (`kaleun.career.with_carried`)
    every_role: bool = False
    #: the group's own missions (`missions/own.py`) `mission` may be one of, handed in by the program's edge;
    #: a game built from the set-up keeps only the chosen one's fields (in its config)
    own: OwnMissions = field(default_factory=OwnMissions, compare=False, repr=False)
    #: the campaign a campaign mission is played in: the moment it began (the career record's `started`), kept in
    #: the game's config, so a save of a campaign given up since is not booked in the one that took its place
    campaign: str | None = None
    #: a linked game: the mark of the linked patrol the career record held when it was set up (`kaleun.career.
    #: patrol_mark`), kept in the game's config, so a save of a part of a patrol given up since is not booked over
    #: the newer patrol
    record_patrol: str | None = None
    #: a later part of a linked patrol (linked or in the campaign) that sails again from its base, refitted, after
    #: the boat came home from the part before (`carry` None): it sails on its own date, with that day's torpedoes
    #: and guns, not the first part's (`weapons.Weapons.sailed`)
    refitted: bool = False


def setup_problem(setup: GameSetup) -> Msg | None:
    """Why a set-up cannot start, for a player in any language (None: it can)."""
    missions = all_missions(setup.own)
    if setup.mission not in missions:
        from kaleun.uboot.game import unknown_mission

        return unknown_mission(setup.mission, setup.own)
    if setup.mode not in MODES:
        return Msg("mode '{mode}' is not one of: {modes}", mode=setup.mode, modes=", ".join(MODES))
    for role, level in setup.difficulty.items():
        if role not in ROLES or level not in LEVELS:
            return Msg("difficulty maps roles ({roles}) to levels ({levels}), got {role}={level}",
                       roles=", ".join(ROLES), levels=", ".join(LEVELS), role=role, level=level)
    for role, on in setup.easy_watch_change.items():
        if role not in ROLES or not isinstance(on, bool):
            return Msg("easy watch change maps roles ({roles}) to true or false, got {role}={on}",
                       roles=", ".join(ROLES), role=role, on=on)
        if on and setup.difficulty.get(role, data.load("difficulty")["default"]) != "easy":
            from kaleun.uboot.figures import ROSTER

            # the role as the table names it ("First Officer"), as the difficulty's own lines do
            return Msg("the easy watch change is for roles on easy difficulty; the {role} does not play easy",
                       role=Msg.term(ROSTER["role_names"][role]))
    if setup.carry is not None:
        carried = check_carry(setup.carry)
        if carried is not None:
            return Msg("the state carried over is damaged: {problem}", problem=carried)
    spec = missions[setup.mission]
    if setup.mode == "linked" and "patrol" not in spec:
        return Msg("{mission} is a single mission, not a part of a linked patrol", mission=setup.mission)
    return None


def changes_for(setup: GameSetup) -> dict[str, Any]:
    """The mission field changes a set-up makes (kept in the game's config)."""
    spec = all_missions(setup.own)[setup.mission]
    changes: dict[str, Any] = {}
    if setup.difficulty:
        changes["difficulty"] = dict(setup.difficulty)
    if setup.easy_watch_change:
        changes["easy_watch_change"] = dict(setup.easy_watch_change)
    patrol = spec.get("patrol")
    if setup.mode != "single" and patrol and setup.carry is None:
        # the first part played of a linked patrol: a refill kit per part after it (§5.2)
        parts = patrol_parts(patrol)
        changes["linked_missions"] = len(parts) - parts.index(setup.mission)
    if setup.carry is not None:
        changes["carry"] = setup.carry
    if setup.mode != "single":
        changes["setup"] = {"mode": setup.mode, "patrol": patrol, "part": spec.get("part")}
        if setup.last_campaign is not None:
            changes["setup"]["last_campaign"] = dict(setup.last_campaign)
        if setup.mode == "campaign" and setup.campaign is not None:
            changes["setup"]["campaign"] = setup.campaign
        if setup.mode == "linked" and setup.record_patrol is not None:
            changes["setup"]["record_patrol"] = setup.record_patrol
        if setup.refitted and setup.carry is None:
            changes["setup"]["refitted"] = True
    return changes


def start_game(setup: GameSetup) -> Engine:
    """The configured game (raises ValueError naming the problem)."""
    from kaleun.uboot.game import new_game

    problem = setup_problem(setup)
    if problem is not None:
        raise ValueError(problem)
    return new_game(setup.seed, setup.mission, changes_for(setup) or None, own=kept(setup.own, setup.mission))
