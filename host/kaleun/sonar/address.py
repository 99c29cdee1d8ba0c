"""How a team's own screen speaks to it: "You are at C2", not "Yellow is at C2" (digest §9).

The referee's events name the team they are about ("Yellow is at C2 (sector 1).", "Stop! Yellow fires a
torpedo"), as the referee's full log and the other team read them; the log stays as it is, neutral and byte for
byte the same in every replay. A team's console and window show each feed through `addressed(feed, team)`, which
turns the sentences about that team into sentences to it ("You are at C2 (sector 1).", "Stop! You fire a
torpedo", "Your turn.", "your boat: no hit" in a blast's results), nested ones too (a refusal's reason); the other
team's name stays where it stands. A sentence is turned when the field naming the team (`team`, or `first`,
`loser`, `winner`, `other`, `own` where the sentence names it so) holds this team's name, so it works the same on
the events a resumed screen reads back from the save (`record.py`: their feeds keep template and values).

`kaleun run --events-for TEAM` writes the events as the log has them (a machine's view: each line is the log's).
"""

from __future__ import annotations

from kaleun.core.messages import N_, Msg
from kaleun.sonar.team import team_name


def plural(msg: Msg) -> tuple[str, str]:
    """The singular and plural forms of a sentence (written as `Msg.plural(...)` for the catalogues)."""
    assert msg.plural_form is not None
    return msg.plural_form


#: (the referee's sentence, the field naming the team) -> the same sentence spoken to that team
ADDRESSED: dict[tuple[str, str], str] = {
    ("{team}: {command} refused: {reason}.", "team"): N_("{command} refused: {reason}."),
    ("{team} starts at {cell} (sector {sector}); nobody else knows it.", "team"):
        N_("You start at {cell} (sector {sector}); nobody else knows it."),
    ("{team}'s Captain has marked the start cell.", "team"): N_("Your Captain has marked the start cell."),
    ("Dive stations! {team}'s Captain begins.", "team"): N_("Dive stations! Your Captain begins."),
    ("{team}: course {direction}!", "team"): N_("Course {direction}!"),
    ("{team} is at {cell} (sector {sector}).", "team"): N_("You are at {cell} (sector {sector})."),
    ("{team}'s silent run is confirmed: play on.", "team"): N_("Your silent run is confirmed: play on."),
    ("{team} has no open course even after surfacing: only a blast can free the boat.", "team"):
        N_("You have no open course even after surfacing: only a blast can free the boat."),
    ("{team} has no open course: the boat must surface.", "team"):
        N_("You have no open course: the boat must surface."),
    ("{team} surfaces in sector {sector}!", "team"): N_("You surface in sector {sector}!"),
    ("{team} breaks through the ice outside a water hole: {n} damage.", "team"):
        N_("You break through the ice outside a water hole: {n} damage."),
    ("{team} dives!", "team"): N_("You dive!"),
    ("Stop! {team} fires a torpedo: impact at {cell}!", "team"): N_("Stop! You fire a torpedo: impact at {cell}!"),
    ("Stop! {team} lays a mine.", "team"): N_("Stop! You lay a mine."),
    ("Stop! {team}'s drone asks: are you in sector {sector}? {other}: {answer}!", "team"):
        N_("Stop! Your drone asks: are you in sector {sector}? {other}: {answer}!"),
    ("Stop! {team}'s drone asks: are you in sector {sector}? {other}: {answer}!", "other"):
        N_("Stop! {team}'s drone asks: are you in sector {sector}? You: {answer}!"),
    ("Stop! {team} activates the sonar: {other}'s Captain gives two statements of different kinds, one true and one "
     "false.", "team"):
        N_("Stop! You activate the sonar: {other}'s Captain gives two statements of different kinds, one true and "
           "one false."),
    ("Stop! {team} activates the sonar: {other}'s Captain gives two statements of different kinds, one true and one "
     "false.", "other"):
        N_("Stop! {team} activates the sonar: your Captain gives two statements of different kinds, one true and "
           "one false."),
    ("Stop! {team} runs silent.", "team"): N_("Stop! You run silent."),
    ("Stop! {team} activates the {system}.", "team"): N_("Stop! You activate the {system}."),
    ("Stop! {team} detonates a mine at {cell}!", "team"): N_("Stop! You detonate a mine at {cell}!"),
    ("{team} answers the sonar: we are in {said}.", "team"): N_("You answer the sonar: we are in {said}."),
    ("Stop! {team} activates a system: everybody freezes.", "team"):
        N_("Stop! You activate a system: everybody freezes."),
    ("{team} lifts the Stop!: play on.", "team"): N_("You lift the Stop!: play on."),
    ("{team}: direct hit, 2 damage", "team"): N_("your boat: direct hit, 2 damage"),
    ("{team}: indirect hit, 1 damage", "team"): N_("your boat: indirect hit, 1 damage"),
    ("{team}: no hit", "team"): N_("your boat: no hit"),
    ("{team} takes {n} damage.", "team"): N_("You take {n} damage."),
    # the console map's list of blasts (`sonar_text.blast_words`): whose weapon, what it hit
    ("{cell} ({weapon} of {team}): {hits}", "team"): N_("{cell} (your {weapon}): {hits}"),
    ("direct hit on {team}", "team"): N_("direct hit on your boat"),
    ("indirect hit on {team}", "team"): N_("indirect hit on your boat"),
    ("{loser}'s boat sinks: {winner} wins!", "loser"): N_("Your boat sinks: {winner} wins!"),
    ("{loser}'s boat sinks: {winner} wins!", "winner"): N_("{loser}'s boat sinks: you win!"),
    ("{team}'s turn (extra turn {n} of {of}).", "team"): N_("Your turn (extra turn {n} of {of})."),
    ("{team}'s turn.", "team"): N_("Your turn."),
    ("{team} sets off the Archer mine at {cell}; both Captains erase it.", "team"):
        N_("You set off the Archer mine at {cell}; both Captains erase it."),
    ("it is {team}'s turn: the silent run was {own}'s move of this turn (the rulebook leaves it open; Kaleun counts "
     "a silent run as the turn's move)", "own"):
        N_("it is {team}'s turn: the silent run was your move of this turn (the rulebook leaves it open; Kaleun "
           "counts a silent run as the turn's move)"),
}

#: the same for the sentences with a plural form, by their singular
ADDRESSED_PLURAL: dict[tuple[str, str], tuple[str, str]] = {
    ("{team}: repair the hull: {n} section, outlined by the crew members in turn, the Engineer first, then dive.",
     "team"):
        plural(Msg.plural("Repair the hull: {n} section, outlined by the crew members in turn, the Engineer "
                          "first, then dive.",
                          "Repair the hull: {n} sections, outlined by the crew members in turn, the Engineer "
                          "first, then dive.", n=0)),
    ("{team}: repair the hull: {n} section, outlined by a crew member, then dive.", "team"):
        plural(Msg.plural("Repair the hull: {n} section, outlined by a crew member, then dive.",
                          "Repair the hull: {n} sections, each outlined by a different crew member, then dive.", n=0)),
}

#: the fields that name a team in the sentences above
FIELDS = ("team", "other", "first", "loser", "winner", "own")


def addressed(text: Msg | str | None, team: str) -> Msg | str | None:
    """`text` as `team`'s own screen says it: its sentences about `team` spoken to it (nested ones too)."""
    if not isinstance(text, Msg) or not text.values:
        return text
    values = {k: addressed(v, team) if isinstance(v, Msg) else v for k, v in text.values.items()}
    own = team_name(team)
    field = next((f for f in FIELDS if f in values and values[f] == own), None)
    out: Msg
    if field is not None and text.plural_form is not None and (text.template, field) in ADDRESSED_PLURAL:
        singular, other = ADDRESSED_PLURAL[(text.template, field)]
        out = Msg(singular, **values)
        out.plural_form = (singular, other)
    elif field is not None and text.plural_form is None and (text.template, field) in ADDRESSED:
        out = Msg(ADDRESSED[(text.template, field)], **values)
    elif values == text.values:
        return text
    else:
        out = Msg(text.template, **values)
        out.plural_form = text.plural_form
    out.context = text.context
    return out
