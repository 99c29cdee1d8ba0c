"""The Captain Sonar console's commands, declared once: `help` lists them and `help COMMAND` shows
a command's fields, both in the table's language; the console reads typed words with the same
declarations (a wrong number of words is refused with the command's usage).

Courses are typed as the English ids (`n`, `e`, `s`, `w`, `north` ...) at every table, and also in
the table's language: its compass letters (the catalogue's `N`, `E`, `S`, `W`: German N O S W as
the rulebook's "Bereich (N/S/O/W)", Russian С В Ю З) and its words for the four directions
(`nord`, `ost`, `восток` ...). The console turns them into the ids before the game sees them, so
table scripts and event logs stay language-neutral.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from kaleun.core.messages import N_
from kaleun.i18n import Language, language
from kaleun.sonar.grid import COURSE_LETTERS, DIRECTION_NAMES, DIRECTION_WORDS


@dataclass(frozen=True)
class Field:
    """A value of a command: typed by position (`positional`) or as `name=value`."""

    name: str
    placeholder: str  # what `usage` shows for the value (marked for the catalogues)
    help: str  # marked for the catalogues
    choices: tuple[str, ...] = ()
    positional: bool = True
    required: bool = True

    def hint(self, lang: Language) -> str:
        value = lang.text(self.placeholder)
        text = value if self.positional else f"{self.name}={value}"
        return text if self.required else f"[{text}]"


@dataclass(frozen=True)
class Command:
    """One console command: its word, what it does, its fields and an example line."""

    name: str
    summary: str  # marked for the catalogues
    fields: tuple[Field, ...] = ()
    aliases: tuple[str, ...] = ()
    example: str = ""

    @property
    def positional(self) -> tuple[Field, ...]:
        return tuple(f for f in self.fields if f.positional)

    def usage(self, lang: Language) -> str:
        """`start CELL`, `course DIRECTION [mark=SYSTEM] [cross=SYMBOL]`: the command's word (typed as
        it is) and its values' placeholders in the table's language."""
        return " ".join([self.name, *(f.hint(lang) for f in self.fields)])


_CELL_HINT = N_("CELL")
_CELL = N_("a cell: column letter and row number, e.g. C6")
_DIRECTION = N_("a course")
#: the drone and the sonar only: the First Mate may activate those two, the Captain every system (digest §1, §5;
#: `by=captain` is taken by every activation, as any field of a table-script line)
_BY = Field("by", N_("WHO"), N_("who activates it when the rules let the First Mate do it: first_mate"),
            ("first_mate",), positional=False, required=False)
SYSTEMS = ("mine", "torpedo", "drone", "sonar", "silence", "scenario")


def _cell() -> Field:
    return Field("cell", _CELL_HINT, _CELL)


def _direction() -> Field:
    return Field("direction", N_("DIRECTION"), _DIRECTION)


COMMANDS: tuple[Command, ...] = (
    Command("help", N_("the commands; help COMMAND shows its fields"),
            (Field("command", N_("COMMAND"), N_("a command"), required=False),), aliases=("?",),
            example="help silence"),
    Command("status", N_("your boat: cell, sector, damage, gauges, breakdowns, what the game waits for"),
            example="status"),
    Command("map", N_("your map: route, boat, mines, islands, water holes, Archer mines, blasts"), example="map"),
    Command("board", N_("the Engineer's board: the symbols of each section, crossed ones in brackets"),
            example="board"),
    Command("track", N_("the enemy's announced courses, silent runs, surfacings, torpedoes and mines "
                        "(the Radio Operator's)"),
            example="track"),
    Command("plot", N_("the training aid: the enemy's possible cells (games with --training-aid)"), example="plot"),
    Command("start", N_("the Captain marks the secret start cell"), (_cell(),), example="start C6"),
    Command("course", N_("announce a course; the First Mate's mark and the Engineer's cross may come along"),
            (_direction(),
             Field("mark", N_("SYSTEM"), N_("the gauge the First Mate marks"), SYSTEMS, positional=False,
                   required=False),
             Field("cross", N_("SYMBOL"), N_("the symbol the Engineer crosses, e.g. N2"), positional=False,
                   required=False)),
            aliases=("n", "e", "s", "w", "north", "east", "south", "west"), example="course N mark=torpedo cross=N2"),
    Command("mark", N_("the First Mate marks a gauge"), (Field("system", N_("SYSTEM"), N_("a gauge"), SYSTEMS),),
            example="mark torpedo"),
    Command("cross", N_("the Engineer crosses a symbol of the course's section"),
            (Field("symbol", N_("SYMBOL"), N_("a symbol of the Engineer's board, e.g. N2 (board shows them)")),),
            example="cross N2"),
    Command("torpedo", N_("fire a torpedo at a cell 1 to 4 cells away"), (_cell(),), example="torpedo G5"),
    Command("mine", N_("lay a mine in a cell next to the boat"), (_cell(),), example="mine B7"),
    Command("drone", N_("ask the enemy whether its boat is in a sector"),
            (Field("sector", N_("SECTOR"), N_("a sector number")), _BY), example="drone 4"),
    Command("sonar", N_("activate the sonar: the enemy answers with two statements, exactly one true"), (_BY,),
            example="sonar"),
    Command("silence", N_("run silent 1 to 4 cells in a straight line"),
            (_direction(), Field("distance", N_("DISTANCE"), N_("cells, 1 to 4"))), example="silence E 3"),
    Command("scenario", N_("the scenario system (Echo: set off the Archer mine at a cell)"), (_cell(),),
            aliases=("archer",), example="scenario G8"),
    Command("detonate", N_("detonate one of your mines"), (_cell(),), example="detonate B7"),
    Command("answer", N_("answer the enemy's sonar: two of row, column and sector, exactly one true"),
            (Field("row", N_("ROW"), N_("a row number"), positional=False, required=False),
             Field("column", N_("COLUMN"), N_("a column letter"), positional=False, required=False),
             Field("sector", N_("SECTOR"), N_("a sector number"), positional=False, required=False)),
            example="answer column=L sector=6"),
    Command("stop", N_("real time: Stop! freezes both teams until the activation is resolved"), example="stop"),
    Command("go", N_("real time: lift your Stop!"), example="go"),
    Command("surface", N_("surface: the sector is announced, the route erased; the breakdowns go at once "
                          "(turn-based) or with the repairs (real time)"), example="surface"),
    Command("repair", N_("real time, surfaced: outline a hull section (1 to 4)"),
            (Field("section", N_("SECTION"), N_("a hull section, 1 to 4")),
             Field("member", N_("MEMBER"), N_("who outlines it: captain, first_mate, engineer, radio_operator"),
                   required=False)),
            example="repair 2 engineer"),
    Command("dive", N_("dive again after surfacing"), example="dive"),
    Command("save", N_("save now"), example="save"),
    Command("quit", N_("save and leave"), aliases=("exit",), example="quit"),
)

#: the words that leave the game, whole: as at the U-BOOT console (`quit`, `exit`) and no single letter,
#: since `q` sits beside the course `w` on the keyboard; a beginning of one of them is answered with them
QUIT_WORDS = next((c.name, *c.aliases) for c in COMMANDS if c.name == "quit")


def find(word: str, code: str = "en") -> Command | None:
    """The command a typed word names (its name, an alias, or a course in the table's language)."""
    word = word.lower()
    for command in COMMANDS:
        if word == command.name or word in command.aliases:
            return command
    if word in course_words(code):
        return next(c for c in COMMANDS if c.name == "course")
    return None


@cache
def course_words(code: str) -> dict[str, str]:
    """Every word that types a course at a table of language `code`, lower case -> the course id:
    the English ids and words, the language's compass letters and its names of the directions.
    A word that would mean two courses is left out."""
    words = dict(DIRECTION_WORDS)
    if code == "en":
        return words
    lang = language(code)
    seen: dict[str, set[str]] = {}
    for direction in DIRECTION_NAMES:
        for text in (lang.text(COURSE_LETTERS[direction]), lang.text(DIRECTION_NAMES[direction])):
            seen.setdefault(text.strip().lower(), set()).add(direction)
    for text, directions in seen.items():
        if text and len(directions) == 1 and words.get(text, next(iter(directions))) == next(iter(directions)):
            words[text] = next(iter(directions))
    return words


def course_id(word: str, code: str = "en") -> str:
    """The course id of a typed word, or the word itself (the game then refuses it by name)."""
    return course_words(code).get(word.lower(), word)


@cache
def member_words(code: str) -> dict[str, str]:
    """Every word that names a crew member at a table of language `code`, lower case -> the member id: the ids
    (`first_mate`), the English names and the table's words for the posts, as the screens and the feed name
    them (`механик`, `maschinist`; a name of two words with `_`: `erster_offizier`)."""
    from kaleun.sonar.crew import ROLE_NAMES

    lang = language(code)
    words: dict[str, str] = {}
    for member, name in ROLE_NAMES.items():
        for text in (member, str(name), lang.render(name)):
            words.setdefault(text.strip().lower().replace(" ", "_"), member)
    return words


def member_id(word: str, code: str = "en") -> str:
    """The crew member a typed word names, or the word itself (the game then refuses it by name)."""
    return member_words(code).get(word.lower(), word)


def symbol_id(word: str, code: str = "en") -> str:
    """An Engineer's symbol as typed (`E2`; at a German table also `O2`, at a Russian one `В2`) as
    its id (`E2`: the board, the feed and the refusals name symbols by their ids)."""
    word = word.upper()
    direction = course_words(code).get(word[:1].lower())
    return direction + word[1:] if direction is not None and word[1:].isdigit() else word

