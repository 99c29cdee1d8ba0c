"""A group's own missions: mission files the group wrote, joined to the shipped catalogue.

The game core never reads the user's folders: the program's edge (`kaleun.own_missions`) reads the
files and hands their texts to `read_own`, which checks each as `kaleun missions check` does and
refuses a file with a mistake (`FILE:LINE: MISSION: problem`) without touching the shipped missions.
The core keeps no group's missions of its own: the result is handed to what needs it, explicitly
(`setup.mission_lines(own)`, `setup.GameSetup(own=...)`, `game.new_game(group=...)`), so two games in
one process, each with its group's missions, never see each other's.

What an own mission may not be:
- a shipped mission's id (the file's name): a group's file never stands in for a shipped mission;
- a part of a linked patrol (`patrol`, `part`, `patrol_name`, `next_needs_primary`): linked patrols and the campaign
  are the shipped missions only (an own mission is played as a single mission).

A game of an own mission keeps the mission's fields in its config (`uboot.game.new_game`), so a save
resumes, and a session replays, as it was played even after the file is changed or deleted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kaleun.core.messages import Msg
from kaleun.uboot.missions.catalogue import MissionError, Problem, _locate, at, catalogue, check_text

#: the longest id (the file's name without `.toml`) of a group's own mission (our choice)
MAX_ID = 64

#: fields only a shipped mission may have (linked patrols and the campaign are shipped missions only)
PATROL_KEYS = ("patrol", "part", "patrol_name", "next_needs_primary")


@dataclass(frozen=True)
class OwnMissions:
    #: mission id -> its fields, checked
    missions: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: mission id -> the file it was read from (as the group names it)
    files: dict[str, str] = field(default_factory=dict)
    #: a file left out -> its problems (`FILE:LINE: MISSION: problem`, in the table's language)
    refused: dict[str, list[Msg | str]] = field(default_factory=dict)

    def refusal(self, mission: str) -> list[Msg | str] | None:
        """The problems of the file a mission of this id would have been read from (None: no such file left out)."""
        for name, problems in self.refused.items():
            if _stem(name) == mission:
                return problems
        return None


def _stem(name: str) -> str:
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    return base[:-5] if base.endswith(".toml") else base


def own_problems(text: str, name: str, mission: str, spec: Mapping[str, Any]) -> list[Msg | str]:
    """What keeps a mission file out of the group's own missions: a shipped mission's id, a part of a linked
    patrol (`spec`: its fields as checked, or as written when the file has other mistakes too)."""
    clash: list[Msg | str] = []
    if mission in catalogue().missions:
        clash.append(at(name, 1, mission, Msg("the id {mission} is a shipped mission's: give the file another name "
                                              "(the id is the file's name)", mission=mission)))
    if len(mission) > MAX_ID:  # the career record books the id with every game of it
        clash.append(at(name, 1, mission, Msg("the id is the file's name and may have at most {most} characters, not "
                                              "{got}: give the file a shorter name", most=MAX_ID, got=len(mission))))
    found: list[tuple[tuple[str | int, ...], Problem]] = [
        ((key,), Msg("{key}: a group's own mission is played as a single mission: linked patrols and the campaign "
                     "use the shipped missions only", key=key))
        for key in PATROL_KEYS if key in spec]
    return clash + (_locate(text, found, name, mission) if found else [])


def check_own(text: str, name: str, mission: str) -> tuple[dict[str, Any] | None, list[Msg | str]]:
    """A file of the group's own missions checked: its fields (None when it has a mistake) and every mistake at
    once, in the file's order: those `kaleun missions check` finds in any mission file and what an own mission may
    not be (a shipped mission's id, a part of a linked patrol), so a group mends the file in one go."""
    checked: dict[str, Any] | None = None
    try:
        checked = check_text(text, name, mission)[mission]
        problems: list[Msg | str] = []
    except MissionError as exc:
        problems = list(exc.messages)
    spec = checked if checked is not None else _as_written(text)
    problems = sorted(own_problems(text, name, mission, spec) + problems, key=_line_of)  # stable: own first
    return (None, problems) if problems else (checked, [])


def _as_written(text: str) -> Mapping[str, Any]:
    """The top level of a mission file that has mistakes, as written (empty when it is no TOML table)."""
    import tomllib

    from kaleun.files import parse_toml

    try:
        return parse_toml(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError:
        return {}


def _line_of(problem: Msg | str) -> int:
    """The line a `FILE:LINE: ...` problem is at (0 when it names none)."""
    where = problem.values.get("where") if isinstance(problem, Msg) else None
    tail = str(where).rsplit(":", 1)[-1] if where is not None else ""
    return int(tail) if tail.isdigit() else 0


def read_own(sources: Iterable[tuple[str, str]]) -> OwnMissions:
    """The group's own missions from (file name, text) pairs, one mission per file (the id is the file's
    name without `.toml`); a file with a mistake is left out, with every one of its problems in `refused`."""
    own = OwnMissions()
    for name, text in sources:
        mission = _stem(name)
        spec, problems = check_own(text, name, mission)
        if spec is None:
            own.refused[name] = problems
            continue
        own.missions[mission] = spec
        own.files[mission] = name
    return own


def all_missions(own: OwnMissions | None = None) -> dict[str, dict[str, Any]]:
    """The shipped missions and the group's own `own` (an own one never takes a shipped one's id)."""
    return {**catalogue().missions, **(own.missions if own is not None else {})}


def kept(own: OwnMissions | None, mission: str) -> dict[str, Any] | None:
    """What a game of `mission` keeps in its config when it is one of the group's own (`file` and `fields`),
    None for a shipped mission or one `own` does not have."""
    if own is None or mission not in own.missions or mission in catalogue().missions:
        return None
    return {"file": own.files[mission], "fields": own.missions[mission]}
