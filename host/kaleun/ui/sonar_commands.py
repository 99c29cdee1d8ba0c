"""The Captain Sonar console's commands, declared once: `help` lists them and `help COMMAND` shows
a command's fields, both in the table's language; the console reads typed words with the same
declarations (a wrong number of words is refused with the command's usage).

Each command's and field's word is a catalogue entry under the context `TYPED` (its English word the id;
`kaleun.ui.console_words` reads them, as for the U-BOOT console):
a German or Russian table types `kurs`, `hilfe`, `курс`, `помощь` and the field names `markieren=`,
`отметить=` as its catalogue says them, and the English words work at every table. The systems
(`mark drohne`, `отметить торпеда`) and the crew members (`repair 1 механик`) are typed as the status
and the feed name them.

Courses are typed as the English ids (`n`, `e`, `s`, `w`, `north` ...) at every table, and also in
the table's language: its compass letters (the catalogue's `N`, `E`, `S`, `W`: German N O S W as
the rulebook's "Bereich (N/S/O/W)", Russian С В Ю З) and its words for the four directions
(`nord`, `ost`, `восток` ...). The console turns them into the ids before the game sees them, so
table scripts and event logs stay language-neutral.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from kaleun.core.messages import N_, Msg
from kaleun.i18n import Language, language
from kaleun.sonar.game import MODE_NAMES, MODES
from kaleun.sonar.grid import COURSE_LETTERS, DIRECTION_NAMES, DIRECTION_WORDS
from kaleun.sonar.team import SYSTEM_NAMES
from kaleun.ui.console_words import fold, local_words, typed_word

#: the message context of the words typed at a Captain Sonar console: each command's and field's word in the
#: table's language is its catalogue entry under this context (the English word is its id)
TYPED = "Captain Sonar console"


@dataclass(frozen=True)
class Field:
    """A value of a command: typed by position (`positional`) or as `name=value` (the id or the table's word)."""

    word: Msg  # `Msg.pterm(TYPED, id)`: the field's id and its name in the table's language
    placeholder: str  # what `usage` shows for the value (marked for the catalogues)
    help: str  # marked for the catalogues
    choices: tuple[str, ...] = ()
    positional: bool = True
    required: bool = True

    @property
    def name(self) -> str:
        """The field's id, as table scripts and the game name it."""
        return self.word.template

    def local(self, lang: Language) -> str:
        """The field's name as the table types it (its id at an English table)."""
        return typed_word(self.word, lang)

    def hint(self, lang: Language) -> str:
        value = lang.text(self.placeholder)
        text = value if self.positional else f"{self.local(lang)}={value}"
        return text if self.required else f"[{text}]"


@dataclass(frozen=True)
class Command:
    """One console command: its word, what it does, its fields and an example line."""

    word: Msg  # `Msg.pterm(TYPED, id)`: the command's id and its word in the table's language
    summary: str  # marked for the catalogues
    fields: tuple[Field, ...] = ()
    aliases: tuple[str, ...] = ()
    example: str = ""

    @property
    def name(self) -> str:
        """The command's id: its English word, typed at every table."""
        return self.word.template

    def local(self, lang: Language) -> str:
        """The command's word in the table's language (its id at an English table)."""
        return typed_word(self.word, lang)

    @property
    def positional(self) -> tuple[Field, ...]:
        return tuple(f for f in self.fields if f.positional)

    def usage(self, lang: Language) -> str:
        """`course DIRECTION [mark=SYSTEM] [cross=SYMBOL]` (German `kurs KURS [markieren=SYSTEM] ...`): the
        command's word and its fields' names in the table's language, its values' placeholders."""
        return " ".join([self.local(lang), *(f.hint(lang) for f in self.fields)])

    def field_id(self, word: str, lang: Language) -> str:
        """The id of a field named as typed (its id, the table's word or its second word, any case); else the word
        itself."""
        word = word.lower()
        return next((f.name for f in self.fields if fold(word) in (f.name, fold(f.local(lang)), *also_typed(f.name,
                                                                                                     lang))), word)

    def example_in(self, lang: Language) -> str:
        """The example line in the table's words: `course N mark=torpedo cross=N2` is `kurs N markieren=torpedo
        kreuzen=N2` at a German table, `курс С отметить=торпеда зачеркнуть=С2` at a Russian one."""
        words = self.example.split()
        out = [self.local(lang)] if words and words[0] == self.name else words[:1]
        places = iter(self.positional)
        for word in words[1:]:
            key, sep, value = word.partition("=")
            field = next((f for f in self.fields if f.name == key), None) if sep else next(places, None)
            name = field.name if field is not None else ""
            text = _value_in(name, value if sep else word, lang)
            out.append(f"{field.local(lang) if field is not None else key}={text}" if sep else text)
        return " ".join(out)


#: a second word a table types for a command (and a field of the same id), beside its own: the German quick
#: reference's word where it says another than the rulebook's ([Q] "Systeme aktivieren": "2. Kommando Stopp",
#: the rulebook's "Stop!", and "5. Weiter" after it, the rulebook's "Los"; [Q] "Ingenieur": "durchkreuzen", the
#: rulebook's "kreuzen"; [Q] "Mine": "ausgelöst", the rulebook's "zünden"). Each is a catalogue entry under this
#: context, its English word the id; a language without a second word repeats its own word.
ALSO_TYPED: tuple[Msg, ...] = (Msg.pterm("Captain Sonar console, also typed", "stop"),
                               Msg.pterm("Captain Sonar console, also typed", "go"),
                               Msg.pterm("Captain Sonar console, also typed", "cross"),
                               Msg.pterm("Captain Sonar console, also typed", "detonate"))


#: a command as the rulebook's calls say it, beside the console's word and the quick reference's: [B] "Einen
#: Torpedo abfeuern": „Zünde Mine auf G7!“; [Q] "Ingenieur": "Reparaturen", the noun for the console's `reparieren`;
#: [B] "Drohne": the question „Seid ihr in Sektor 5?“ (its first word; «Вы в секторе 5?»); the status as the table
#: also says it (Russian «статус» beside the console's «состояние»); surfacing and diving as the verbs the help says
#: them with (Russian «всплыть», «погрузиться» beside the nouns «всплытие», «погружение»). A catalogue entry under
#: this context, its English word the id; a language without such a word repeats its own.
CALLED: tuple[Msg, ...] = (Msg.pterm("Captain Sonar console, as called", "detonate"),
                           Msg.pterm("Captain Sonar console, as called", "repair"),
                           Msg.pterm("Captain Sonar console, as called", "drone"),
                           Msg.pterm("Captain Sonar console, as called", "status"),
                           Msg.pterm("Captain Sonar console, as called", "surface"),
                           Msg.pterm("Captain Sonar console, as called", "dive"))

#: the words of a system's call that are no value ([Q] "Torpedo": „Torpedo abgefeuert, Einschlag in <Zeile><Spalte>“,
#: "Sonar": „Sonar aktiviert“, "Mine": „Mine gesetzt“; [B] „Zünde Mine auf G7!“, „Einschlag bei C6!“, „Seid ihr in
#: Sektor 5?“): an activation
#: typed as the call is said leaves them out. One catalogue entry, the words separated by spaces; none may be a value
#: (a course letter, a cell, a number, a crew member).
CALL_WORDS = Msg.pterm("Captain Sonar console, words of a call", "fired activated laid impact")
#: the words before a cell in a call („Einschlag in C6“, „auf G7“, „bei C6“), left out where the value is a cell only
#: (the Russian «в» is also the course east: a silent run keeps it)
CELL_WORDS = Msg.pterm("Captain Sonar console, words of a call", "at in on")

#: the sector named in a call („Auftauchen in Sektor 4“, «в секторе 4»: the forms a sentence gives it), left out where
#: the value is a sector only
SECTOR_WORDS = Msg.pterm("Captain Sonar console, words of a call", "sector")
#: the words between `course` and its direction in a call as the feed says it (Russian «Курс на восток!»)
COURSE_CALL_WORDS = Msg.pterm("Captain Sonar console, words of a call", "to")
#: each system as the object of a sentence (`отметить торпеду`, `подорвать мину`: the Russian accusative), typed
#: beside its name; a language whose name does not change repeats it
SYSTEM_OBJECTS: dict[str, Msg] = {
    "mine": Msg.pterm("Captain Sonar console, a system as the object", "mine"),
    "torpedo": Msg.pterm("Captain Sonar console, a system as the object", "torpedo"),
    "drone": Msg.pterm("Captain Sonar console, a system as the object", "drone"),
    "sonar": Msg.pterm("Captain Sonar console, a system as the object", "sonar"),
    "silence": Msg.pterm("Captain Sonar console, a system as the object", "silence"),
    "scenario": Msg.pterm("Captain Sonar console, a system as the object", "scenario system")}

#: the word after `mine` that makes the line a detonation ([Q] "Mine": „Mine in <Zeile><Spalte> ausgelöst“)
MINE_SET_OFF = Msg.pterm("Captain Sonar console, words of a call", "detonated")


def also_typed(name: str, lang: Language) -> tuple[str, ...]:
    """The other words (`fold`ed) a table of `lang` types for the command or field `name`, if it has any."""
    return tuple(fold(typed_word(word, lang)) for word in (*ALSO_TYPED, *CALLED) if word.template == name)


@cache
def call_words(code: str, cell: bool = False, sector: bool = False) -> frozenset[str]:
    """The words (`fold`ed) of a system's call at a table of language `code` that are no value: the English ones and
    the table's; `cell`: also the words before a cell; `sector`: also those and the sector's name."""
    lang = language(code)
    declared = (CALL_WORDS, CELL_WORDS, SECTOR_WORDS) if sector else (CALL_WORDS, CELL_WORDS) if cell else (CALL_WORDS,)
    return frozenset(fold(w) for word in declared for text in (word.template, lang.text(word.template, word.context))
                     for w in text.split())


@cache
def set_off_words(code: str) -> frozenset[str]:
    """The words (`fold`ed) after `mine` that make the line a detonation: `detonated`, the table's (`ausgelöst`), and
    the detonation's own command words."""
    lang = language(code)
    return frozenset({fold(MINE_SET_OFF.template), fold(typed_word(MINE_SET_OFF, lang)), "detonate",
                      fold(command("detonate").local(lang)), *also_typed("detonate", lang)})


@cache
def course_call_words(code: str) -> frozenset[str]:
    """The words (`fold`ed) between `course` and its direction at a table of language `code` (`на`), the English
    ones too."""
    lang = language(code)
    word = COURSE_CALL_WORDS
    return frozenset(fold(w) for text in (word.template, lang.text(word.template, word.context)) for w in text.split())


def cell_words(words: list[str]) -> list[str]:
    """A cell typed as two words (`B 3`, `3 B`, as it is said aloud) as one (`B3`, `3B`); other words as they are."""
    if len(words) == 2:
        first, second = words
        if (len(first) == 1 and first.isalpha() and second.isdigit()) or \
                (first.isdigit() and len(second) == 1 and second.isalpha()):
            return [first + second]
    return words


def _value_in(field: str, value: str, lang: Language) -> str:
    """A value of an example in the table's words: a course letter, a symbol's letter, a system."""
    if field == "direction" and value in COURSE_LETTERS:
        return lang.text(COURSE_LETTERS[value])
    if field in ("cross", "symbol") and value[:1] in COURSE_LETTERS and value[1:].isdigit():
        return lang.text(COURSE_LETTERS[value[:1]]) + value[1:]
    if field in ("mark", "system") and value in SYSTEM_NAMES:
        return typed_word(Msg(SYSTEM_NAMES[value]), lang)
    # `new delta realtime` is `новая дельта реальное_время`; `help silence` is `hilfe schleichfahrt` (the id where
    # the table's word is the id but for its spelling: English `realtime`, not `real-time`)
    word = value
    if field == "mode" and value in MODE_NAMES:
        word = typed_word(Msg(MODE_NAMES[value]), lang)
    elif field == "scenario":
        from kaleun.sonar.scenarios import scenarios

        scenario = scenarios().get(value)
        word = typed_word(Msg(scenario.name), lang) if scenario is not None else value
    elif field == "command" and any(c.name == value for c in COMMANDS):
        word = command(value).local(lang)
    elif field == "member":  # as `member_words` takes it: `maschinist`, `механик`
        from kaleun.sonar.crew import ROLE_NAMES

        if value in ROLE_NAMES:
            word = lang.render(ROLE_NAMES[value]).strip().lower().replace(" ", "_")
    return value if fold(word).replace("-", "").replace("_", "") == value.replace("_", "") else word


_CELL_HINT = N_("CELL")
_CELL = N_("a cell: column letter and row number, e.g. C6")
_DIRECTION = N_("a course")
#: the drone and the sonar only: the First Mate may activate those two, the Captain every system (digest §1, §5;
#: `by=captain` is taken by every activation, as any field of a table-script line)
_BY = Field(Msg.pterm("Captain Sonar console", "by"), N_("WHO"),
            N_("who activates it when the rules let the First Mate do it: first_mate"),
            ("first_mate",), positional=False, required=False)
SYSTEMS = ("mine", "torpedo", "drone", "sonar", "silence", "scenario")


def _cell() -> Field:
    return Field(Msg.pterm("Captain Sonar console", "cell"), _CELL_HINT, _CELL)


def _direction() -> Field:
    return Field(Msg.pterm("Captain Sonar console", "direction"), N_("DIRECTION"), _DIRECTION)


def _sector(positional: bool = True) -> Field:
    help = N_("a sector number")
    word = Msg.pterm("Captain Sonar console", "sector")
    return Field(word, N_("SECTOR"), help) if positional else \
        Field(word, N_("SECTOR"), help, positional=False, required=False)


COMMANDS: tuple[Command, ...] = (
    Command(Msg.pterm("Captain Sonar console", "help"), N_("the commands; with a command: its fields"),
            (Field(Msg.pterm("Captain Sonar console", "command"), N_("COMMAND"), N_("a command"), required=False),),
            aliases=("?",), example="help silence"),
    Command(Msg.pterm("Captain Sonar console", "status"),
            N_("your boat: cell, sector, damage, gauges, breakdowns, what the game waits for"), example="status"),
    Command(Msg.pterm("Captain Sonar console", "map"),
            N_("your map: route, boat, mines, islands, water holes, Archer mines, blasts"), example="map"),
    Command(Msg.pterm("Captain Sonar console", "board"),
            N_("the Engineer's board: the symbols of each section, crossed ones in brackets"), example="board"),
    Command(Msg.pterm("Captain Sonar console", "track"),
            N_("the enemy's announced courses, silent runs, surfacings, torpedoes and mines (the Radio Operator's)"),
            example="track"),
    Command(Msg.pterm("Captain Sonar console", "plot"),
            N_("the training aid: the enemy's possible cells (games with --training-aid)"), example="plot"),
    Command(Msg.pterm("Captain Sonar console", "start"), N_("the Captain marks the secret start cell"), (_cell(),),
            example="start C6"),
    Command(Msg.pterm("Captain Sonar console", "course"),
            N_("announce a course; the First Mate's mark and the Engineer's cross may come along"),
            (_direction(),
             Field(Msg.pterm("Captain Sonar console", "mark"), N_("SYSTEM"), N_("the gauge the First Mate marks"),
                   SYSTEMS, positional=False, required=False),
             Field(Msg.pterm("Captain Sonar console", "cross"), N_("SYMBOL"),
                   N_("the symbol the Engineer crosses, e.g. N2"), positional=False, required=False)),
            aliases=("n", "e", "s", "w", "north", "east", "south", "west"), example="course N mark=torpedo cross=N2"),
    Command(Msg.pterm("Captain Sonar console", "mark"), N_("the First Mate marks a gauge"),
            (Field(Msg.pterm("Captain Sonar console", "system"), N_("SYSTEM"), N_("a gauge"), SYSTEMS),),
            example="mark torpedo"),
    Command(Msg.pterm("Captain Sonar console", "cross"), N_("the Engineer crosses a symbol of the course's section"),
            (Field(Msg.pterm("Captain Sonar console", "symbol"), N_("SYMBOL"),
                   N_("a symbol of the Engineer's board, e.g. N2 (board shows them)")),),
            example="cross N2"),
    Command(Msg.pterm("Captain Sonar console", "torpedo"), N_("fire a torpedo at a cell 1 to 4 cells away"),
            (_cell(),), example="torpedo G5"),
    Command(Msg.pterm("Captain Sonar console", "mine"), N_("lay a mine in a cell next to the boat"), (_cell(),),
            example="mine B7"),
    Command(Msg.pterm("Captain Sonar console", "drone"), N_("ask the enemy whether its boat is in a sector"),
            (_sector(), _BY), example="drone 4"),
    Command(Msg.pterm("Captain Sonar console", "sonar"),
            N_("activate the sonar: the enemy answers with two statements, exactly one true"), (_BY,),
            example="sonar"),
    Command(Msg.pterm("Captain Sonar console", "silence"), N_("run silent 1 to 4 cells in a straight line"),
            (_direction(), Field(Msg.pterm("Captain Sonar console", "distance"), N_("DISTANCE"),
                                 N_("cells, 1 to 4"))), example="silence E 3"),
    Command(Msg.pterm("Captain Sonar console", "scenario"),
            N_("the scenario system (Echo: set off the Archer mine at a cell)"), (_cell(),), aliases=("archer",),
            example="scenario G8"),
    Command(Msg.pterm("Captain Sonar console", "detonate"), N_("detonate one of your mines"), (_cell(),),
            example="detonate B7"),
    Command(Msg.pterm("Captain Sonar console", "answer"),
            N_("answer the enemy's sonar: two of row, column and sector, exactly one true"),
            (Field(Msg.pterm("Captain Sonar console", "row"), N_("ROW"), N_("a row number"), positional=False,
                   required=False),
             Field(Msg.pterm("Captain Sonar console", "column"), N_("COLUMN"), N_("a column letter"),
                   positional=False, required=False),
             _sector(positional=False)),
            example="answer column=L sector=4"),
    Command(Msg.pterm("Captain Sonar console", "stop"),
            N_("real time, with a system ready or a mine to set off: Stop! freezes both teams until the activation "
               "is resolved"), example="stop"),
    Command(Msg.pterm("Captain Sonar console", "go"), N_("real time: lift your Stop!"), example="go"),
    Command(Msg.pterm("Captain Sonar console", "surface"),
            N_("surface: the sector is announced, the route erased; the breakdowns go at once (turn-based) or with "
               "the repairs (real time)"), example="surface"),
    Command(Msg.pterm("Captain Sonar console", "repair"), N_("real time, surfaced: outline a hull section (1 to 4)"),
            (Field(Msg.pterm("Captain Sonar console", "section"), N_("SECTION"), N_("a hull section, 1 to 4")),
             Field(Msg.pterm("Captain Sonar console", "member"), N_("MEMBER"),
                   N_("who outlines it: a member of your crew"), required=False)),
            example="repair 2 engineer"),
    Command(Msg.pterm("Captain Sonar console", "dive"), N_("dive again after surfacing"), example="dive"),
    Command(Msg.pterm("Captain Sonar console", "save"), N_("save now"), example="save"),
    Command(Msg.pterm("Captain Sonar console", "new"),
            N_("after the game's end: a new game with the same crews and map, of this scenario and mode or of those "
               "named (the finished game saved as a quit leaves it)"),
            (Field(Msg.pterm("Captain Sonar console", "scenario"), N_("SCENARIO"),
                   N_("the new game's scenario, alpha to echo or as the table names it (without it: this game's)"),
                   required=False),
             Field(Msg.pterm("Captain Sonar console", "mode"), N_("MODE"),
                   N_("the new game's mode (without it: this game's)"), MODES, required=False)),
            example="new delta realtime"),
    Command(Msg.pterm("Captain Sonar console", "quit"), N_("save and leave"), aliases=("exit",), example="quit"),
)


def field_word(name: str, lang: Language) -> str:
    """A field's name as the table types it (`sector` is `sektor` at a German table); an id no command
    declares as it is."""
    return next((f.local(lang) for c in COMMANDS for f in c.fields if f.name == name), name)


def command(name: str) -> Command:
    """The command of an id (`course`)."""
    return next(c for c in COMMANDS if c.name == name)


def command_word(name: str) -> Msg:
    """A command's word as a sentence names it (`type {help}`): rendered in the table's language."""
    return command(name).word


#: the English words that leave the game, whole: as at the U-BOOT console (`quit`, `exit`) and no single letter,
#: since `q` sits beside the course `w` on the keyboard; a beginning of one of them is answered with them
QUIT_WORDS = (command("quit").name, *command("quit").aliases)


def quit_words(code: str = "en") -> tuple[str, ...]:
    """The words that leave the game at a table of language `code`: its own word first, then the English ones."""
    return tuple(dict.fromkeys([command("quit").local(language(code)), *QUIT_WORDS]))


def find(word: str, code: str = "en") -> Command | None:
    """The command a typed word names: its id or an alias (at every table), its word in the table's language
    (`kurs`, `курс`), or a course in the table's language (`o`, `восток`)."""
    word = word.lower()
    for declared in COMMANDS:
        if word == declared.name or word in declared.aliases:
            return declared
    found = command_words(code).get(fold(word))
    if found is not None:
        return found
    if word in course_words(code):
        return command("course")
    return None


@cache
def command_words(code: str) -> dict[str, Command]:
    """The commands' words at a table of language `code` (`fold`ed) -> the command. A word that is another
    command's id stays that command's (the English words work at every table)."""
    ids = {word for c in COMMANDS for word in (c.name, *c.aliases)}
    declared = [*((c.word, c) for c in COMMANDS),
                *((word, command(word.template)) for word in (*ALSO_TYPED, *CALLED))]
    return local_words(declared, ids, language(code))


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


def mode_words(code: str) -> list[str]:
    """The modes as a table of language `code` types them (`rundenbasiert`, `реальное_время`), then the ids."""
    lang = language(code)
    return list(dict.fromkeys([*(typed_word(Msg(MODE_NAMES[mode]), lang) for mode in MODES), *MODES]))


def mode_id(word: str, code: str = "en") -> str:
    """The game mode a typed word names (`realtime`, the table's `echtzeit`, `реальное_время`, `real-time`), or the
    word itself (the game then refuses it by name)."""
    def plain(text: str) -> str:
        return fold(text).replace("_", "").replace("-", "").replace(" ", "")

    lang = language(code)
    return next((mode for mode, name in MODE_NAMES.items()
                 if plain(word) in (mode, plain(name), plain(lang.text(name)))), word)


def member_id(word: str, code: str = "en") -> str:
    """The crew member a typed word names, or the word itself (the game then refuses it by name)."""
    return member_words(code).get(word.lower(), word)


@cache
def system_words(code: str) -> dict[str, str]:
    """Every word that names a system at a table of language `code`, lower case -> its id: the ids, the table's
    names of the systems as the status and the feed say them (`drohne`, `торпеда`; `_` for a space) and the words
    of the commands that activate them (`szenario`, `сценарий`)."""
    lang = language(code)
    words = {system: system for system in SYSTEMS}
    for system in SYSTEMS:
        words.setdefault(typed_word(Msg(SYSTEM_NAMES[system]), lang), system)
        words.setdefault(command(system).local(lang), system)
    return words


@cache
def system_objects(code: str) -> dict[str, str]:
    """Each system as the object of a sentence at a table of language `code` (`торпеду`) -> its id: typed, not
    listed (the lists name the systems as the status does)."""
    lang = language(code)
    return {typed_word(word, lang): system for system, word in SYSTEM_OBJECTS.items()}


def system_id(word: str, code: str = "en") -> str:
    """The system a typed word names (its name, or its form as the object of a sentence: `торпеду`), or the word
    itself (the game then refuses it by name)."""
    return system_words(code).get(word.lower()) or system_objects(code).get(word.lower(), word)


#: Cyrillic letters that look like the map's column letters (A to O): a Russian table types a cell's letter on its
#: own keyboard as it reads it on the sheet (`С3` with a Cyrillic С, which is also the key of the Latin C), and a
#: refusal "'С3' is not a cell of the map (A1 to O15)" showed the same two signs it refused
LATIN_LOOKALIKES = str.maketrans("АВСЕНКМОавсенкмо", "ABCEHKMOabcehkmo")


def latin_cell(text: str) -> str:
    """A cell or column typed with Cyrillic letters that look like Latin ones, in Latin letters, upper case."""
    return text.translate(LATIN_LOOKALIKES).upper()


def symbol_id(word: str, code: str = "en") -> str:
    """An Engineer's symbol as typed (`E2`; at a German table also `O2`, at a Russian one `В2`) as
    its id (`E2`: the board, the feed and the refusals name symbols by their ids). A Russian table's `Е2` typed with
    the Cyrillic Е, as the board's `E2` looks, is `E2` too (its own letters first: `С2` is north)."""
    word = word.upper()
    direction = course_words(code).get(word[:1].lower()) or course_words("en").get(latin_cell(word[:1]).lower())
    return direction + word[1:] if direction is not None and word[1:].isdigit() else word

