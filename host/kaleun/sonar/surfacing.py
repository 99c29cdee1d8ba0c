"""Surfacing and the real-time repair ritual (digest §2).

Surfacing announces the boat's sector, erases the route except the current cell (mines stay) and
erases every breakdown. Turn-based: at once, and the opponent plays three turns in a row.
Real-time: the crew outlines the four hull sections of the engineer sheet, each by a different
crew member ("passes the sheet on"); a team of fewer than four players outlines more than one
each. On the table each outline is one confirmation from a crew member's own input (a touch on
the screen, a button, a crew tag), so a line can never leave its border and the enemy
Engineer's check has nothing left to find. Then the breakdowns are erased, the Engineer reports
"ready to dive" and the Captain dives.

The Engineer begins ([B] step 1: "Der Maschinist beginnt mit den Reparaturen").
Our reading of "passing the sheet on" ([gap]): a member may outline another section only once
every member of the crew has outlined as many as he has.
"""

from __future__ import annotations

from collections.abc import Mapping

from kaleun.core.messages import Msg, or_list
from kaleun.sonar.crew import Crew, member_name


def sections_left(repairs: Mapping[int, str], sections: int) -> list[int]:
    return [s for s in range(1, sections + 1) if s not in repairs]


def repair_problem(crew: Crew, repairs: Mapping[int, str], section: int, member: str) -> Msg | None:
    """Why `member` may not outline hull `section` now, or None."""
    if section in repairs:
        return Msg("hull section {section} is outlined already (by the {member})", section=section,
                   member=member_name(repairs[section]))
    if not repairs and not crew.holds(member, "engineer"):
        return Msg("the Engineer begins the repairs: the {engineer} outlines the first section",
                   engineer=member_name(crew.holder("engineer")))
    counts = {m: 0 for m in crew.members}
    for who in repairs.values():
        counts[who] += 1
    fewest = min(counts.values())
    if counts[member] > fewest:
        waiting = [m for m, n in counts.items() if n == fewest]  # any of them may take the sheet next
        return Msg("pass the sheet on: the {waiting} outlines a section first",
                   waiting=or_list([member_name(m) for m in waiting]))
    return None
