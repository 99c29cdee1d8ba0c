"""Crews (digest §1): two to four players per team, and which roles each member holds.

In a 4-player team every member has a post; in a 3-player team the Captain is also First Mate;
in a 2-player team the Captain is also First Mate and Engineer (`data/rules.toml` [crews]).
Members are named after their first role: `captain`, `first_mate`, `engineer`, `radio_operator`.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaleun.core.messages import Msg
from kaleun.sonar import data

ROLES = ("captain", "first_mate", "engineer", "radio_operator")
#: the crew members as the feed names them (a role with its "_" read as a space), in Captain Sonar's own
#: message context: its rulebooks' words for the posts, whatever U-BOOT calls a captain or an engineer
ROLE_NAMES = {"captain": Msg.pterm("Captain Sonar", "captain"), "first_mate": Msg.pterm("Captain Sonar", "first mate"),
              "engineer": Msg.pterm("Captain Sonar", "engineer"),
              "radio_operator": Msg.pterm("Captain Sonar", "radio operator")}
SIZES = (2, 3, 4)


def member_name(member: str) -> Msg | str:
    """A crew member as the feed names it ("first_mate" is the first mate, in the table's language)."""
    return ROLE_NAMES.get(member, member.replace("_", " "))


@dataclass(frozen=True)
class Crew:
    size: int
    #: member -> the roles that member holds
    members: dict[str, tuple[str, ...]]

    def holder(self, role: str) -> str:
        return next(m for m, roles in self.members.items() if role in roles)

    def holds(self, member: str, role: str) -> bool:
        return role in self.members.get(member, ())


def crew(size: int) -> Crew:
    table = data.load("rules")["crews"]
    spec = table[str(size)]
    return Crew(size, {member: tuple(roles) for member, roles in spec.items()})
