"""Every action a First Officer can take at the table, declared once.

The console makes its commands from this table (a command word, its fields typed as `key=value` or,
for some, by position; `help NAME` shows them) and the window makes its controls from it (a button
per action in its group, a form from its fields). A new order, crew action or correction is one
`Action` here and both front ends have it; `tests/foundation/test_console_actions.py` fails when a
game command or order has no action.

An action does one of three things:

- `order`: gives an order through the order desk (`{"do": "order", "order": ..., fields}`);
- `command`: sends a game command (`{"do": ..., fields}`), e.g. a crew correction or `undo`;
- `hand`: acts through the table like a hand (`place`, `lift`, `turn`, `press`, `telegraph`).

`Action.read(words, lang)` turns typed words into the fields (a `CommandError` naming the problem, nothing
sent); `Action.values(mapping)` checks fields a window collected; `perform(runtime, action, fields)` does
it. `help` texts are marked for the catalogues (`N_`), so they are translated like every label.

The name of each action and field is also a word typed at the console in the table's language: a catalogue
entry under the message context `kaleun.ui.console_words.UBOOT` (its id the declared name; Babel reads it from
the declaration, `kaleun.catalogue.extract_typed`), so a German First Officer types `kurs 90` or `hilfe`, a
Russian one `курс 90`; the English names work at every table, and the fields sent are always the ids. So are a
field's fixed values: its own words when declared `words` (entries under `kaleun.ui.console_words.UBOOT_VALUE`:
`fahrt halbe`, `скорость средний`), and the names the window shows when declared `names` (`setzen
navigator-quadrat 8`, `reparieren bauteil=periskop`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import Any

from kaleun.boards.dials import DIALS, MOST_DETENTS, DialDecl, position_name
from kaleun.core import jsonin
from kaleun.core.errors import CommandError
from kaleun.core.messages import N_, Msg, join, of_error, or_list
from kaleun.i18n import Language, language
from kaleun.uboot import data
from kaleun.uboot.boat import TELEGRAPH
from kaleun.uboot.compression import FACTORS, MODE_NAMES, MODES
from kaleun.uboot.crew.hazards import CONDITIONS, ITEMS, Hazards, condition_term
from kaleun.uboot.crew.health import DECKS, SUPPLIES, SUPPLY_NAMES
from kaleun.uboot.crew.module import CREW_RULES, LEVELS
from kaleun.uboot.crew.technical import COMPONENTS, SEVERITIES, component_name
from kaleun.uboot.figures import FIGURES, ROLES, figure_term
from kaleun.uboot.missions.radio import MAX_MESSAGES, REPORT_KINDS
from kaleun.uboot.orders import ORDER_NAMES
from kaleun.uboot.sea.boat import DEPTH, PERISCOPE_M
from kaleun.uboot.sea.weather import KINDS as WEATHER_KINDS
from kaleun.uboot.weapons.arsenal import BOAT, PISTOLS, load_called, load_ids, load_names, name_key
from kaleun.uboot.weapons.fire_control import pistol_name
from kaleun.ui.button_words import BUTTON_WORDS, button_word
from kaleun.ui.console_words import UBOOT, UBOOT_ALSO_CALLED, UBOOT_VALUE, fold, local_words, typed_word
from kaleun.ui.telegraph_words import DIAL_WORDS, POSITION_NAMES, SHORT_WORDS

ENGLISH = language("en")
#: the torpedo rooms whose racks take a deck torpedo (the boat's data: bow and stern)
TORPEDO_ROOMS = tuple(sorted(int(room) for room in BOAT["stores"]))
#: where a reload takes its torpedo from, as the window's reload sheet names it (typed too: `from=the_racks`)
RELOAD_SOURCES: dict[str, str] = {"racks": N_("the racks"), "deck": N_("the deck containers")}
#: the hull breach puzzle's results as the damage screen's buttons name them (typed too: `головоломка 4 собрана`)
PUZZLE_RESULTS: dict[str, str] = {"solved": N_("Solved"), "failed": N_("Failed")}
#: the puzzle's results as a crew says them of the puzzle, typed too where the language makes them agree with it
#: (Russian `головоломка 3 решена`, `провалена`; German `geschafft`, `misslungen`)
PUZZLE_SAID: dict[str, Msg] = {"solved": Msg.pterm("U-BOOT console value, said of the puzzle", "solved"),
                               "failed": Msg.pterm("U-BOOT console value, said of the puzzle", "failed")}
#: a move made without a mobilize settled as the boat screen's buttons name it (typed too: `move_fix FIGURE
#: put_it_back`), and the crew rules as the settings name them (`mannschaftsregeln regeln=nur_warnen`)
MOVE_FIX_CHOICES: dict[str, str] = {"mobilize": N_("Pay a Mobilize"), "put_back": N_("Put it back")}
RULE_WORDS: dict[str, str] = {"enforce": N_("enforce"), "advise": N_("advise")}

#: the groups, in the order a window shows them (and `help` lists them)
GROUPS: dict[str, str] = {
    "table": N_("Hands on the table"),
    "time": N_("Time"),
    "manoeuvre": N_("Manoeuvring"),
    "sensors": N_("Lookouts and sensors"),
    "attack": N_("Attack"),
    "crew": N_("Crew"),
    "corrections": N_("Corrections (§6.14)"),
    "referee": N_("Referee and tests"),
}

#: game commands no action gives: the deck hub's link reports (the hardware sends them)
NOT_ACTIONS: dict[str, str] = {
    "hub": "the deck hub's link state, sent by the link itself",
    "unknown_tag": "a tag nobody enrolled, sent by the deck hub",
}


def plain(value: float | None) -> float | str:
    """A bound or value for a sentence: a whole number without its ".0" (the sentence writes its decimal sign);
    none: empty."""
    if value is None:
        return ""
    if abs(value) >= 1e15:  # 1e+308, not its 309 digits
        return format(Decimal(value), ".6g").replace(".00000e", "e")
    return int(value) if float(value).is_integer() else value


# -- fields -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Kind:
    """How a field's text is read, and the placeholder `help` shows."""

    name: str
    hint: str
    read: Callable[[str, Field, Language], Any]


def _whole(text: str, f: Field, lang: Language) -> int:
    try:
        value = int(text.removesuffix("°"))
    except ValueError:
        try:  # a whole number written 6.0 is 6, as in a table script (6,0 with the decimal comma too)
            number = float(_decimal_point(text, lang))
        except ValueError:
            raise CommandError(f.not_a("whole", text)) from None
        if not number.is_integer():  # 6.5, NaN, infinity
            raise CommandError(f.not_a("whole", text)) from None
        value = int(number)
    if abs(value) > jsonin.FLOAT_MAX:  # 10**400: no float holds it, nor a save, a script or the game's sums
        raise CommandError(jsonin.too_large(text))
    f.check_bounds(value)
    return value


def _decimal_point(text: str, lang: Language) -> str:
    """A number as Python reads it: written with the decimal comma German and Russian write (`0,5`) with a point,
    and without the degree sign the window writes after a course or a bearing (`90°`)."""
    text = text.removesuffix("°")
    if lang.code != "en" and re.fullmatch(r"[-+]?\d*,\d+", text):
        return text.replace(",", ".")
    return text


def _number(text: str, f: Field, lang: Language) -> float:
    text = _decimal_point(text, lang)
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if value != value or value in (float("inf"), float("-inf")):
        raise CommandError(f.not_a("number", text))
    f.check_bounds(value)
    return value


def _text(text: str, f: Field, lang: Language) -> str:
    """Text as typed; a text field with choices (a dial's value: degrees or a position) takes a choice's
    word in the table's language as its id (`halbe` is `half_ahead`)."""
    return f.choice_words(lang).get(fold(text), text)


def _load(text: str, f: Field, lang: Language) -> str:
    """A torpedo or mine type as the crew names it (`T3`, `G7e (T III)`, `G7e_t3`): sent as typed, for the game reads
    it against what its stores hold (a name two types share is the one aboard); a name of no type is refused here."""
    if not load_names().get(name_key(text)):
        load_called(text)  # raises the refusal that lists the types
    return text


def _choice(text: str, f: Field, lang: Language) -> str:
    if text in f.choices:
        return text
    same = [c for c in f.choices if c.lower() == text.lower()]
    if len(same) == 1:  # a capital typed (Navigator-Square): the one it names
        return same[0]
    local = f.choice_words(lang).get(fold(text))  # the table's word (`halbe`), or the window's name (`periskop`)
    if local is None:
        # the words the table takes: in English a choice's short word where it has one (`half`), as `help` lists it
        short = {c: w for w, c in _english_words(f).items()} if lang.code == ENGLISH.code else {}
        raise CommandError(Msg("{field} '{value}' is not one of: {choices}", field=f.word, value=text,
                               choices=", ".join(short.get(c) or f.choice_local(c, lang) for c in f.choices)))
    return local


def _sailor(text: str, f: Field, lang: Language) -> str:
    """A sailor of either watch, `<figure>/1` or `<figure>/2`, its figure typed in the table's words
    (`offizier-quadrat/2` is `officer-square/2`); anything else goes to the game as typed, which says what it takes."""
    figure, sep, row = text.rpartition("/")
    named = FIGURE.choice_words(lang).get(fold(figure)) if sep else None
    return f"{named}/{row}" if named is not None else text


def _items(text: str) -> list[str]:
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(not p for p in parts):
        raise CommandError(Msg("'{value}' is not a list: write it as a,b,c", value=text))
    return parts


def _choices(text: str, f: Field, lang: Language) -> list[str]:
    return [_choice(p, f, lang) for p in _items(text)]


def _words_of(text: str, f: Field, lang: Language) -> list[str]:
    return _items(text)


def _wholes(text: str, f: Field, lang: Language) -> list[int]:
    return [_whole(p, f, lang) for p in _items(text)]


def flag_words(lang: Language) -> tuple[str, str]:
    """The words a table types for yes and no: `true`, `false` in English, `ja`, `nein` in German."""
    if lang.code == "en":
        return "true", "false"
    return lang.text(N_("yes")), lang.text(N_("no"))


def _flag(text: str, f: Field, lang: Language) -> bool:
    yes, no = flag_words(lang)
    value = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False,
             fold(yes): True, fold(no): False}.get(fold(text))
    if value is None:
        raise CommandError(Msg("{field} must be {yes} or {no}, not '{value}'", field=f.word, yes=yes, no=no,
                               value=text))
    return value


def _contact(text: str, f: Field, lang: Language) -> str:
    if not (text[:1] == "c" and text[1:].isdigit()):
        raise CommandError(Msg("{field} must be a contact such as c3, not '{value}'", field=f.word, value=text))
    return text


def _json(text: str, f: Field, lang: Language) -> Any:
    try:
        return jsonin.loads(text)  # no NaN, no 1e999
    except jsonin.JsonInputError as exc:
        raise CommandError(Msg("{field} must be JSON ({problem}), not '{value}'", field=f.word, problem=of_error(exc),
                               value=text)) from None


def _role_words(lang: Language) -> dict[str, str]:
    """A role as typed at this table (`kapitän`, `командир`) or by its id -> the role; also by the post's whole
    name as the set-up asks for it (`erster_offizier`, `erster_maschinist`, `first_officer`)."""
    own = local_words(((Msg.term(r), r) for r in ROLES), set(ROLES), lang)
    posts = data.load("roster")["role_names"]
    named = local_words(((Msg.term(posts[r]), r) for r in ROLES), set(ROLES) | set(own), lang)
    english = local_words(((Msg(posts[r]), r) for r in ROLES), set(ROLES) | set(own) | set(named), language("en"))
    return {r: r for r in ROLES} | english | named | own


def _level_words(lang: Language) -> dict[str, str]:
    """A difficulty level as typed at this table (`schwer`, `сложно`) or by its id -> the level."""
    return {v: v for v in LEVELS} | local_words(((Msg.term(v), v) for v in LEVELS), set(LEVELS), lang)


def per_role_example(kind: str, lang: Language) -> str:
    """`captain:hard,officer:easy` in the table's words (`kapitän:schwer,offizier:leicht`); for yes or no per
    role `officer:true` (`offizier:ja`)."""
    captain, officer = (typed_word(Msg.term(r), lang) for r in ("captain", "officer"))
    if kind == "role_flags":
        return f"{officer}:{flag_words(lang)[0]}"
    hard, easy = (typed_word(Msg.term(v), lang) for v in ("hard", "easy"))
    return f"{captain}:{hard},{officer}:{easy}"


def _per_role(text: str, f: Field, lang: Language) -> Any:
    """Roles mapped to values, typed `role:value,role:value` in the table's words, or as JSON."""
    if text.lstrip().startswith("{"):
        return _json(text, f, lang)
    roles = _role_words(lang)
    out: dict[str, Any] = {}
    for item in _items(text):
        word, sep, value = item.partition(":")
        role = roles.get(fold(word.strip()))
        if not sep or role is None:
            raise CommandError(Msg("{field} takes role:value pairs such as {example}, not '{value}'", field=f.word,
                                   example=per_role_example(f.kind, lang), value=text))
        if f.kind == "role_flags":
            out[role] = _flag(value.strip(), f, lang)
            continue
        level = _level_words(lang).get(fold(value.strip()))
        if level is None:
            raise CommandError(Msg("{field}: '{value}' is none of: {levels}", field=f.word, value=value.strip(),
                                   levels=", ".join(typed_word(Msg.term(v), lang) for v in LEVELS)))
        out[role] = level
    return out


#: the kinds of field whose value is a list typed a,b,c
LIST_KINDS = ("choices", "wholes", "words")
#: the units a field's id may end in (`depth_m`, `speed_kn`, `spread_deg`): such a field is typed without its unit
#: too (`depth=4`, German `tiefe=4`), where no other field of the command has the same name before its unit
UNIT_SUFFIXES = ("m", "nm", "kn", "deg", "s", "min", "h")

KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("whole", "N", _whole),
    Kind("number", "X", _number),
    Kind("text", "TEXT", _text),
    Kind("choice", "CHOICE", _choice),
    Kind("load", "TORPEDO", _load),
    Kind("choices", "A,B", _choices),
    Kind("wholes", "N,N", _wholes),
    Kind("words", "A,B", _words_of),
    Kind("flag", "true|false", _flag),
    Kind("contact", "CONTACT", _contact),
    Kind("json", "JSON", _json),
    Kind("sailor", "SAILOR", _sailor),
    Kind("role_levels", "ROLE:LEVEL,...", _per_role),
    Kind("role_flags", "ROLE:true,...", _per_role),
)}


@dataclass(frozen=True)
class Field:
    """One field of an action. Typed as `name=value` (or `key=value`), or by position when `positional`."""

    name: str
    kind: str  # a key of KINDS
    help: str  # what it is (marked for the catalogues)
    key: str = ""  # the command's field, when it differs from `name`
    required: bool = False
    choices: tuple[str, ...] = ()
    lo: float | None = None
    hi: float | None = None
    #: a whole number's only values when they are not every number from `lo` to `hi` (the torpedo rooms 1 and 6)
    only: tuple[int, ...] = ()
    positional: bool = False
    #: each choice is also a word of its own typed in the table's language: a catalogue entry under the context
    #: `UBOOT_VALUE`, its id the choice (`half_ahead` is `halbe` at a German table); `kaleun.catalogue` extracts them
    words: bool = False
    #: what the window calls a choice (a catalogue term: `figure_term`, a component's name; or several: the
    #: telegraph's scale and its order sheet), typed too: a German First Officer types `navigator-quadrat` or
    #: `periskop` as the window shows them
    names: Callable[[str], Msg | tuple[Msg, ...]] | None = None
    #: (the fields typed) -> the value when none is typed: a join without its task joins the lookouts, or the
    #: paused repair of the component it names (`more_lookouts count=1`, as the window's button says, asks nothing)
    implied: Callable[[Mapping[str, Any]], Any] | None = None

    @property
    def field(self) -> str:
        return self.key or self.name

    @property
    def word(self) -> Msg:
        """The field's name as a sentence says it: rendered in the table's language (`kurs`, `курс`)."""
        return Msg.pterm(UBOOT, self.name)

    def local(self, lang: Language) -> str:
        """The field's name as the table types it (its id at an English table)."""
        return typed_word(self.word, lang)

    def choice_words(self, lang: Language) -> dict[str, str]:
        """The words the table types for the choices (`fold`ed) -> the choice each names: its own word (`halbe`),
        then the name the window shows (`halbe_fahrt_voraus`, `navigator-quadrat`); the ids work beside them (at an
        English table they are the words)."""
        if not self.choices:
            return {}
        return _choice_words(self, lang.code)

    def short_words(self) -> dict[str, str]:
        """The short English words of the choices (`half` is `half_ahead`): an English table's words for them."""
        return _english_words(self)

    def choice_local(self, choice: str, lang: Language) -> str:
        """A choice as the table types it: its own word, else the window's name, else its id."""
        if lang.code == ENGLISH.code:
            return choice
        words = self.choice_words(lang)
        shown = [value_word(choice), *self.names_of(choice)]
        if self.words and fold(typed_word(value_word(choice), lang)) == fold(choice):
            return choice  # its own word is its id (German `deck`): that, before a longer name the window shows
        return next((word for word in (typed_word(w, lang) for w in shown) if words.get(fold(word)) == choice),
                    choice)

    def names_of(self, choice: str) -> tuple[Msg, ...]:
        """What the window calls a choice (`names`): none, one or several names."""
        shown = self.names(choice) if self.names is not None else ()
        return shown if isinstance(shown, tuple) else (shown,)

    def value_in(self, text: str, lang: Language) -> str:
        """A value typed with the English ids (`half_ahead`, `a,b`) in the table's words (`halbe`)."""
        if self.kind == "choice" and all(p in self.choices for p in text.split("|")):  # `solved|failed` too
            return "|".join(self.choice_local(p, lang) for p in text.split("|"))
        if self.kind == "choices":
            return ",".join(self.choice_local(p, lang) if p in self.choices else p for p in text.split(","))
        return text

    def hint_in(self, lang: Language) -> str:
        """The value's placeholder in `usage`: its choices, or its kind, or its name in capitals."""
        if self.kind in ("choice", "choices") and len(self.choices) <= 6:
            sep = "|" if self.kind == "choice" else ","
            return sep.join(self.choice_local(c, lang) for c in self.choices)
        if self.kind == "contact" and lang.code != "en":  # `ZIEL`, `КОНТАКТ`: no English placeholder among the words
            return self.local(lang).upper()
        if self.kind == "flag":
            return "|".join(flag_words(lang))
        if self.kind in ("role_levels", "role_flags"):
            return per_role_example(self.kind, lang)
        if self.kind in ("whole", "text", "choice", "sailor"):
            return self.local(lang).upper()
        return KINDS[self.kind].hint

    def not_a(self, kind: str, text: str) -> Msg:
        """Why `text` is no value of this field: not a whole number (kind "whole") or number, with its bounds."""
        if self.only and kind == "whole":  # some whole numbers only (the torpedo rooms): those, not a range
            return Msg("{field} must be {values}, not {value}", field=self.word, values=self.only_text(), value=text)
        values = {"field": self.word, "value": text, "lo": plain(self.lo) if self.lo is not None else "",
                  "hi": plain(self.hi) if self.hi is not None else ""}
        if self.lo is not None and self.hi is not None:
            return (Msg("{field} must be a whole number from {lo} to {hi}, not '{value}'", **values) if kind == "whole"
                    else Msg("{field} must be a number from {lo} to {hi}, not '{value}'", **values))
        if self.lo is not None:
            return (Msg("{field} must be a whole number of at least {lo}, not '{value}'", **values) if kind == "whole"
                    else Msg("{field} must be a number of at least {lo}, not '{value}'", **values))
        return (Msg("{field} must be a whole number, not '{value}'", **values) if kind == "whole"
                else Msg("{field} must be a number, not '{value}'", **values))

    def only_text(self) -> Msg:
        """The values of a field with `only`, read out: "1 or 6"."""
        return or_list([str(v) for v in self.only])

    def check_bounds(self, value: float) -> None:
        if self.only and value not in self.only:
            raise CommandError(Msg("{field} must be {values}, not {value}", field=self.word, values=self.only_text(),
                                   value=plain(value)))
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            if self.hi is not None and self.lo is not None:
                raise CommandError(Msg("{field} must be from {lo} to {hi}, not {value}", field=self.word,
                                       lo=plain(self.lo), hi=plain(self.hi), value=plain(value)))
            bound = self.lo if self.lo is not None else self.hi
            raise CommandError(Msg("{field} must be at least {lo}, not {value}", field=self.word,
                                   lo=plain(bound), value=plain(value)) if self.lo is not None else
                               Msg("{field} must be at most {hi}, not {value}", field=self.word,
                                   hi=plain(bound), value=plain(value)))

    def read(self, text: str, lang: Language | None = None) -> Any:
        if text == "":
            raise CommandError(Msg("{field} has no value: write {field}={hint}", field=self.word,
                                   hint=self.hint_in(lang or ENGLISH)))
        return KINDS[self.kind].read(text, self, lang or ENGLISH)


def value_word(choice: str) -> Msg:
    """A fixed value's own typed word (a field declared `words`): a catalogue entry under `UBOOT_VALUE`, its id the
    value's short English word where it has one (`half` for `half_ahead`), else the value itself."""
    return Msg.pterm(UBOOT_VALUE, SHORT_WORDS.get(choice, choice))


@cache
def _english_words(f: Field) -> dict[str, str]:
    """The short English words of a field's choices (`half` is `half_ahead`), typed beside the ids."""
    return {SHORT_WORDS[c]: c for c in f.choices if c in SHORT_WORDS} if f.words else {}


def _join_task(task: str) -> tuple[Msg, ...]:
    """A join's task as the crew says it too: more lookouts (German `hinzu beobachter`, as the order `beobachter`
    and the window's "Mehr Beobachter" call them)."""
    return (Msg("lookouts"), Msg("lookout")) if task == "observation" else ()


@cache
def _choice_words(f: Field, code: str) -> dict[str, str]:
    lang = language(code)
    ids = {fold(c) for c in f.choices}
    # an English table: the ids, the short words beside them (`half`), and the names the window shows (`88_mm_gun`)
    own = _english_words(f) if code == ENGLISH.code else local_words(((value_word(c), c) for c in f.choices), ids,
                                                                       lang)
    names = local_words(((name, c) for c in f.choices for name in f.names_of(c)), ids | set(own), lang)
    # a word with a comma would be split as a list's items (`forbid=a,b`): the id names that value
    return {word: named for word, named in {**own, **names}.items() if "," not in word}


@dataclass(frozen=True)
class Action:
    name: str  # the console command
    group: str  # a key of GROUPS
    summary: str  # one line (marked for the catalogues)
    fields: tuple[Field, ...] = ()
    order: str | None = None
    command: str | None = None
    hand: str | None = None
    fixed: tuple[tuple[str, Any], ...] = ()  # fields sent with every use
    example: str = ""  # a line that works (help shows it, the tests type it)
    aliases: tuple[str, ...] = ()
    free: bool = False  # takes further key=value fields as given (an order the game does not simulate yet)
    detail: Msg | None = None  # what `help COMMAND` adds to the summary (a condition, with figures from the data)
    #: said when none of the fields is given, for an action that needs at least one (all are optional alone)
    needs_one: Msg | None = None

    @property
    def words(self) -> tuple[str, ...]:
        """The words that name it at every table: its id and its aliases."""
        return (self.name, *self.aliases)

    @property
    def word(self) -> Msg:
        """The command's word as a sentence names it (`type {help}`): rendered in the table's language."""
        return Msg.pterm(UBOOT, self.name)

    def local(self, lang: Language) -> str:
        """The command's word as the table types it (`kurs`, `курс`; its id at an English table)."""
        return typed_word(self.word, lang)

    def asked(self, f: Field) -> bool:
        """Must `f` be typed? Not a required field the console fills when it can (`gun`'s target: the only ship
        in the gun's reach, `only_target`): the command may be typed without it, as its help and usage show."""
        from kaleun.ui.only_target import TARGET_FIELDS

        return f.required and TARGET_FIELDS.get(self.order or "") != f.field

    def in_its_words(self, problem: Msg, lang: Language | None = None) -> Msg:
        """A refusal the game words with ids (`damage: needs the field 'section'`) naming this command and one
        of its fields as the console types them (`schaden: braucht das Feld „sektion“` at a German table); with
        `lang`, an example it gives of this command's fields (`component=radio`) too (`bauteil=funkanlage`)."""
        values = dict(problem.values)
        command = values.get("command")
        if isinstance(command, Msg) and command.context == UBOOT:  # already its word (`command_word`): its id
            command = command.template
        if not isinstance(command, str) or command not in {self.name, self.order, self.command}:
            return problem
        values["command"] = self.word
        # `field`, and a second field a refusal names as `field_...` (`give {field} or {field_nm}, not both`)
        for key in [k for k in values if k == "field" or k.startswith("field_")]:
            named = next((f for f in self.fields if isinstance(values[key], str) and f.field == values[key]), None)
            if named is not None:
                values[key] = named.word
        if lang is not None:
            for key, value in values.items():
                if self._an_example(value):
                    values[key] = self.line_in(f"{self.name} {value}", lang).partition(" ")[2]
        said = Msg(problem.template, **values)
        said.context, said.plural_form = problem.context, problem.plural_form
        return said

    def _an_example(self, value: object) -> bool:
        """Is a refusal's value an example of this command's fields (`condition=fire section=3`)?"""
        pairs = [word.partition("=") for word in value.split()] if isinstance(value, str) else []
        return bool(pairs) and all(sep and self._field(key) is not None for key, sep, _value in pairs)

    def usage(self, short: bool = False, lang: Language | None = None) -> str:
        """`course COURSE`, `observe [count=N] [figures=A,B]` (German `kurs KURS`, `beobachter [anzahl=N] ...`: the
        command's and fields' words in the table's language); `short`: the positional fields only."""
        lang = lang or ENGLISH
        parts = [self.local(lang)]
        for f in self.fields:
            hint = f.local(lang).upper() if short else f.hint_in(lang)
            if f.positional:
                parts.append(hint if self.asked(f) else f"[{hint}]")
            elif not short:
                parts.append(f"{f.local(lang)}={hint}" if self.asked(f) else f"[{f.local(lang)}={hint}]")
        if self.free or (short and any(not f.positional for f in self.fields)):
            parts.append(f"[{lang.text(N_('key=value'))} ...]")  # `[Schlüssel=Wert ...]`, `[ключ=значение ...]`
        return " ".join(parts)

    def example_in(self, lang: Language) -> str:
        """The example line in the table's words: `observe count=2` is `beobachter anzahl=2` at a German table
        (the values stay as typed at every table)."""
        return self.line_in(self.example, lang)

    def line_in(self, line: str, lang: Language) -> str:
        """A console line of this command (its English words) in the table's words: the command's word, the
        names of its `key=` fields and its fixed values (`repair component=periscope` is `reparieren
        bauteil=periskop`, `speed half_ahead` is `fahrt halbe`)."""
        words = line.split()
        out = [self.local(lang)] if words and words[0] in self.words else words[:1]
        named = {f.field for w in words[1:] if "=" in w and (f := self._field(w.partition("=")[0])) is not None}
        places = iter([f for f in self.fields if f.positional and f.field not in named])
        for word in words[1:]:
            key, sep, value = word.partition("=")
            f = self._field(key) if sep else next(places, None)
            if f is None:
                out.append(word)
            else:
                out.append(f"{f.local(lang)}={f.value_in(value, lang)}" if sep else f.value_in(word, lang))
        return " ".join(out)

    def _field(self, name: str, lang: Language | None = None) -> Field | None:
        """The field a typed name names: its id or key (at every table), or its word in the table's language."""
        found = next((f for f in self.fields if name.lower() in (f.name, f.key)), None)  # DEPTH_M as usage shows it
        if found is None and lang is not None:
            words = local_words(((f.word, f) for f in self.fields), {w for f in self.fields for w in (f.name, f.key)},
                                lang)
            found = words.get(fold(name))
        if found is None and lang is not None:  # the name its order sheet gives it (`tdc target=c3`, `nachladen von=`)
            found = sheet_words(self, lang).get(fold(name))
        if found is None:
            units = self._without_unit(name, lang)
            found = units[0] if len(units) == 1 else None
        return found

    def _without_unit(self, name: str, lang: Language | None = None) -> list[Field]:
        """The fields whose id ends in a unit (`UNIT_SUFFIXES`) that a name typed without it may mean: `depth` the
        TDC's `depth_m`, German `tiefe` its `tiefe_m`, `range` both `range_m` and `range_nm`."""
        typed = fold(name)
        out: list[Field] = []
        for f in self.fields:
            if f.name.rpartition("_")[2] not in UNIT_SUFFIXES or "_" not in f.name:
                continue
            words = {f.name, *([fold(f.local(lang))] if lang is not None else [])}
            if any(w.rpartition("_")[0] == typed for w in words if "_" in w):
                out.append(f)
        return out

    def _lists_rejoined(self, words: Sequence[str], lang: Language) -> list[str]:
        """A list typed with a space after its commas (`flood 1, 2`) read as one value (`1,2`), for a list field."""
        out: list[str] = []
        for word in words:
            if out and (out[-1].endswith(",") or word.startswith(",")) and "=" not in word \
                    and self._takes_a_list(out[-1], lang):
                out[-1] += word
            else:
                out.append(word)
        return out

    def _takes_a_list(self, word: str, lang: Language) -> bool:
        name, sep, _text = word.partition("=")
        if sep:
            f = self._field(name, lang)
            return f is not None and f.kind in LIST_KINDS
        return any(f.positional and f.kind in LIST_KINDS for f in self.fields)

    def read(self, words: Sequence[str], lang: Language | None = None,
             fill: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None) -> dict[str, Any]:
        """The fields of typed words (`key=value`, the key its id or its word in the table's language `lang`, or
        values in the order of the positional fields). Raises CommandError naming the problem in words the table
        types; nothing is sent then. The fields read are keyed by their ids. `fill` gives fields not typed from
        those that were (the only ship in reach as the gun's target) before the required ones are asked for."""
        lang = lang or ENGLISH
        got: dict[str, Any] = {}
        free: dict[str, Any] = {}
        loose: list[str] = []
        for word in self._lists_rejoined(words, lang):
            name, sep, text = word.partition("=")
            if not sep:
                loose.append(word)
                continue
            f = self._field(name, lang)
            if f is None:
                if self.free and name and name not in ("do", "order", "t", "via"):
                    free[name] = _json_or_text(text)
                    continue
                units = self._without_unit(name, lang)
                if len(units) > 1:
                    raise CommandError(Msg("{command}: '{name}' could be {fields}: say which (the unit tells them "
                                           "apart)", command=self.word, name=name,
                                           fields=or_list([f.local(lang) for f in units])))
                known = ", ".join(f.local(lang) for f in self.fields) or "none"
                raise CommandError(Msg("{command}: no field '{name}' (fields: {known}); usage: {usage}",
                                       command=self.word, name=name, known=known, usage=self.usage(lang=lang)))
            if f.field in got:
                raise CommandError(Msg("{command}: {field} is given twice", command=self.word, field=f.word))
            got[f.field] = self._value(f, text, lang)
        places = [f for f in self.fields if f.positional and f.field not in got]
        loose = self._fixed_values_alone(self._names_rejoined(loose, places, lang), places, got, lang)
        loose = self._numbers_rejoined(loose, places)
        if len(loose) > len(places):
            extra = loose[len(places)]
            raise CommandError(Msg("{command}: what is '{extra}'? usage: {usage}", command=self.word, extra=extra,
                                   usage=self.usage(lang=lang)))
        for f, text in zip(places, loose, strict=False):
            got[f.field] = self._value(f, text, lang)
        if fill is not None:
            got.update({k: v for k, v in fill({**got, **free}).items() if k not in got})
        return self._complete({**got, **free}, lang)

    @staticmethod
    def _numbers_rejoined(loose: list[str], places: list[Field]) -> list[str]:
        """Numbers typed with spaces for a last place that takes a list of them (`fire 1 2 3`, as a sailor says a
        salvo) read as that list (`1,2,3`)."""
        last = len(places) - 1
        if last < 0 or len(loose) <= len(places) or places[last].kind != "wholes" \
                or not all(word.strip(",").isdigit() for word in loose[last:]):
            return loose
        return [*loose[:last], ",".join(word.strip(",") for word in loose[last:])]

    @staticmethod
    def _names_rejoined(loose: list[str], places: list[Field], lang: Language) -> list[str]:
        """A value's name of several words typed with spaces, as the window shows it (`speed half ahead`, `fahrt
        halbe Fahrt voraus`, `скорость средний вперёд`), read as one word (`half_ahead`) for the place that takes it:
        the longest run of words that names one of its choices."""
        out: list[str] = []
        i = 0
        while i < len(loose):
            place = places[len(out)] if len(out) < len(places) else None
            words = place.choice_words(lang) if place is not None else {}
            ids = {c.lower() for c in place.choices} if place is not None else set()
            n = next((n for n in (3, 2) if i + n <= len(loose)
                      and fold("_".join(loose[i:i + n])) in {*words, *ids}), 1)
            out.append("_".join(loose[i:i + n]))
            i += n
        return out

    def _fixed_values_alone(self, loose: list[str], places: list[Field], got: dict[str, Any],
                            lang: Language) -> list[str]:
        """A word typed alone that its place (one that may be left out) cannot take but that is a fixed value of
        exactly one field named by key only (`tdc disc`, `reload deck`) is that field's value (`source=disc`,
        `from=deck`): taken into `got`. The words left go to the positional places in their order."""
        left: list[str] = []
        for text in loose:
            place = places[len(left)] if len(left) < len(places) else None
            if place is not None and (place.required or self._takes(place, text, lang)):
                left.append(text)  # a required place keeps its word, and its own message when it cannot take it
                continue
            named = [f for f in self.fields if f.choices and not f.positional and f.field not in got
                     and self._takes(f, text, lang)]
            if len(named) == 1:
                got[named[0].field] = self._value(named[0], text, lang)
            else:
                left.append(text)
        return left

    def _takes(self, f: Field, text: str, lang: Language) -> bool:
        try:
            self._value(f, text, lang)
        except CommandError:
            return False
        return True

    def values(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Fields a window collected as values (by field name or key), checked like typed ones."""
        got: dict[str, Any] = {}
        for name, value in given.items():
            f = self._field(name)
            if f is None:
                if not self.free:
                    raise CommandError(Msg("{command}: no field '{name}'", command=self.word, name=name))
                got[name] = value
            else:
                got[f.field] = self._value(f, _as_text(value))
        return self._complete(got)

    def _value(self, f: Field, text: str, lang: Language | None = None) -> Any:
        # a capital typed (C3), or the Russian с the same key gives on a Russian keyboard (с3, С3): that contact
        if f.kind == "contact" and text[:1] in ("C", "с", "С") and text[1:].isdigit():
            text = "c" + text[1:]
        try:
            return f.read(text, lang)
        except CommandError as exc:
            raise CommandError(Msg("{command}: {problem}", command=self.word, problem=of_error(exc))) from None

    def _complete(self, got: dict[str, Any], lang: Language | None = None) -> dict[str, Any]:
        lang = lang or ENGLISH
        if self.needs_one is not None and not any(f.field in got for f in self.fields):
            raise CommandError(Msg("{command}: {problem}", command=self.word, problem=self.needs_one))
        for f in self.fields:
            if f.implied is not None and f.field not in got:
                got[f.field] = f.implied(got)
        missing = [f.local(lang) for f in self.fields if f.required and f.field not in got]
        if missing:
            raise CommandError(Msg("{command}: give {fields}; usage: {usage}", command=self.word,
                                   fields=", ".join(missing), usage=self.usage(lang=lang)))
        return got

    def line(self, fields: Mapping[str, Any], via: str | None = None) -> dict[str, Any]:
        """The game command or table line the action sends with these fields."""
        if self.order is not None:
            return {"do": "order", "order": self.order, **({"via": via} if via else {}), **fields}
        what = self.command or self.hand
        assert what is not None, f"{self.name} is done by the front end itself"
        return {"do": what, **dict(self.fixed), **fields}


_SHEET_WORDS: dict[tuple[str, str], dict[str, Field]] = {}


def sheet_words(action: Action, lang: Language) -> dict[str, Field]:
    """The labels an order's or crew action's sheet gives its fields, as the table types them (`target` for the
    TDC's `contact`, German `verletzter` for the injury card's `injury`) -> the field each names: only a label that is
    a word (`Course (degrees)` is none), that names no other field of the action and that no two fields share."""
    known = _SHEET_WORDS.get((action.name, lang.code))
    if known is not None:
        return known
    from kaleun.ui import forms  # the sheets are made from the actions: read once both are there

    sheets = getattr(forms, "FORMS", None)
    if sheets is None:  # the sheets are being made: no labels yet
        return {}
    ids = {w for f in action.fields for w in (f.name, f.key)}
    own = {fold(f.local(lang)) for f in action.fields}
    labelled = [(sheet_field.title, f) for form in sheets.values() if form.action == action.name
                for sheet_field in form.fields for f in action.fields if f.field == sheet_field.key]
    words = {word: f for word, f in local_words(labelled, ids, lang).items()
             if re.fullmatch(r"[\w-]+", word) and (word not in own or action._field(word, lang) is f)}
    _SHEET_WORDS[(action.name, lang.code)] = words
    return words


def _as_text(value: Any) -> str:
    """A value as it would be typed (lists as a,b,c)."""
    if isinstance(value, str):
        return value
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return json.dumps(value)


def _json_or_text(text: str) -> Any:
    """JSON when it is JSON, else the text; numbers beyond a float's range and NaN are refused."""
    try:
        return jsonin.loads(text)
    except jsonin.JsonSyntaxError:
        return text
    except jsonin.JsonInputError as exc:
        raise CommandError(of_error(exc)) from None


def perform(runtime: Any, action: Action, fields: Mapping[str, Any], via: str) -> Msg | None:
    """Do an action: a hand through the table, anything else into the game (on the loop's thread it
    applies at once). Raises CommandError when a hand cannot (e.g. a hardware-only figure). Returns what to
    tell the one who typed it when the hand moved nothing, so the game has nothing to answer (a dial dialled
    to what it reads already, a turn of 0 steps, a figure placed where it stands); None otherwise. Lifting a figure
    that is off the model is refused (CommandError): there is nothing to lift."""
    if action.hand == "telegraph":
        if not runtime.table.set_telegraph(fields["position"]):
            return _already("telegraph", fields["position"])
    elif action.hand == "dial":
        value = fields["value"]
        if isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)  # a ring's degrees
        if not runtime.table.set_dial(fields["dial"], value):
            return _already(fields["dial"], value)
    elif action.hand == "turn" and fields.get("steps") == 0:
        return Msg("{dial}: turned by 0 steps, it stays where it stands", dial=Msg.term(DIALS[fields["dial"]].label))
    elif action.hand is not None:
        stays = _figure_stays(runtime.game, action.hand, fields)
        if action.hand == "lift" and stays is not None:  # nothing to lift: refused as the console refuses (`lift: ...`)
            raise CommandError(Msg("{command}: {problem}", command=action.word, problem=stays))
        runtime.table.actuate(action.line(fields))
        return stays
    else:
        runtime.submit(action.line(fields, via))
    return None


def _figure_stays(game: Any, hand: str, fields: Mapping[str, Any]) -> Msg | None:
    """Why placing or lifting a figure changes nothing the game tells: it stands there already, is off the model,
    or is put back from the tray where the crew had him."""
    if hand not in ("place", "lift") or not game.has_module("figures"):
        return None
    where = game.module("figures").where.get(fields["figure"])
    if hand == "place" and where == fields["section"]:
        return Msg("{figure} already stands in section {section}", figure=figure_term(fields["figure"]),
                   section=where)
    crew = game.module("crew") if game.has_module("crew") else None
    if hand == "place" and where is None and crew is not None and crew.pos.get(fields["figure"]) == fields["section"]:
        return Msg("{figure} is back in section {section}", figure=figure_term(fields["figure"]),  # no move to tell
                   section=fields["section"])
    if hand == "lift" and where is None:
        return Msg("{figure} is not on the model", figure=figure_term(fields["figure"]))
    return None


def _already(dial: str, value: str | int) -> Msg:
    """A dial dialled to the reading it has, which the game has too: "... already reads 000"."""
    reading: Msg | str = (f"{value % 360:03d}" if isinstance(value, int) else
                          POSITION_NAMES[value] if value in POSITION_NAMES else position_name(str(value)))
    return Msg("{dial} already reads {value}: nothing to turn", dial=Msg.term(DIALS[dial].label), value=reading)


# -- the table --------------------------------------------------------------------------------------
def _f(name: str, kind: str, help: str, **more: Any) -> Field:
    return Field(name, kind, help, **more)


def _terms(names: Mapping[str, str]) -> Callable[[str], Msg]:
    """The window's names of choices kept in a data file (id -> its name, a catalogue term)."""
    return lambda choice: Msg.term(names[choice])


def _time_mode(mode: str) -> tuple[Msg, ...]:
    """A time compression as the window names it, and as its top bar's button shows it (`×4`, typed `x4` too)."""
    shown = () if mode == "pause" else (join([f"×{FACTORS[mode]:g}"], ""),)
    return (Msg.term(MODE_NAMES[mode]), *shown)


def _telegraph(position: str) -> tuple[Msg, ...]:
    """A telegraph position as the window shows it: on its order sheet ("halbe Fahrt voraus") and on the
    telegraph's scale ("HALB VORAUS"), a name of two words typed with `_` (`halb_voraus`)."""
    return POSITION_NAMES[position], join(list(DIAL_WORDS[position]), " ")


def _component(component: str) -> Msg:
    return Msg.term(component_name(component))


#: the players' roles as the window's sheets title them ("First Officer"): typed too (`smoke first_officer`,
#: `rauchen erster_offizier`, `перекур старший_помощник`) beside the role's word (`officer`)
ROLE_TITLES: dict[str, Msg] = {"captain": Msg("Captain"), "officer": Msg("First Officer"),
                               "navigator": Msg("Navigator"), "engineer": Msg("Chief Engineer")}


def _role(role: str) -> tuple[Msg, ...]:
    return Msg.term(role), ROLE_TITLES[role]


def _order_name(order: str) -> Msg:
    return Msg.term(ORDER_NAMES[order])


FIGURE = _f("figure", "choice", N_("a figure: <role>-<shape>"), choices=tuple(FIGURES), required=True,
            positional=True, names=figure_term)
SAILOR = (_f("figure", "choice", N_("a figure (the sailor on duty)"), choices=tuple(FIGURES), positional=True,
             names=figure_term),
          _f("sailor", "sailor", N_("a sailor of either watch: <figure>/1 or <figure>/2")),
          _f("injury", "whole", N_("an injury waiting for its card (its id in the crew damage report)"), lo=1))
HULL = dict(lo=1, hi=6)
#: most steps a `turn` takes, of any dial (each dial's own limit: DialDecl.most_turn, checked by the table)
TURN_MOST = max(decl.most_turn for decl in DIALS.values())
TURN_RING_MOST = max(decl.most_turn for decl in DIALS.values() if decl.is_ring)


def dial_positions(dials: Mapping[str, DialDecl]) -> tuple[str, ...]:
    """Every position a dial with positions can be set to (`dial NAME VALUE`), each once: the telegraph's and
    those of any dial declared in boards/dials.toml since."""
    return tuple(dict.fromkeys(position for decl in dials.values() if not decl.is_ring for position in decl.positions))


def _position(position: str) -> Msg | tuple[Msg, ...]:
    """A dial's position as the window and the console name it: the telegraph's as on its scale, another dial's
    by its name (`position_name`: its id read with spaces, translated)."""
    return _telegraph(position) if position in POSITION_NAMES else position_name(position)


def _order(name: str, order: str, group: str, summary: str, *fields: Field, **more: Any) -> Action:
    return Action(name, group, summary, tuple(fields), order=order, **more)


def _command(name: str, command: str, group: str, summary: str, *fields: Field, **more: Any) -> Action:
    return Action(name, group, summary, tuple(fields), command=command, **more)


ACTIONS: tuple[Action, ...] = (
    # hands on the table
    Action("place", "table", N_("put a figure on a section of the model"), (
        FIGURE, _f("section", "whole", N_("section 1-8"), lo=1, hi=8, required=True, positional=True)),
        hand="place", example="place engineer-square 5"),
    Action("lift", "table", N_("take a figure off the model"), (FIGURE,), hand="lift", example="lift engineer-square"),
    Action("telegraph", "table", N_("move the engine telegraph (a new speed order follows)"), (
        _f("position", "choice", N_("where the lever goes"), choices=tuple(TELEGRAPH), required=True,
           positional=True, words=True, names=_telegraph),), hand="telegraph",
        example="telegraph half_ahead"),
    Action("turn", "table", N_("turn a dial by detents or degrees (negative: counter-clockwise)"), (
        _f("dial", "choice", N_("the dial (boards/dials.toml)"), choices=tuple(DIALS), required=True,
           positional=True, words=True),
        _f("steps", "whole", N_("telegraph detents, or a ring's degrees (at most one revolution)"),
           lo=-TURN_MOST, hi=TURN_MOST, required=True, positional=True)),
        hand="turn", example="turn telegraph -1",
        detail=Msg("A ring turns at most one revolution ({ring} steps) either way, the telegraph at most {detents} "
                   "detents.", ring=TURN_RING_MOST, detents=MOST_DETENTS)),
    Action("dial", "table", N_("turn a dial until it reads a value (a ring: degrees; a dial with positions: a "
                               "position)"), (
        _f("dial", "choice", N_("the dial (boards/dials.toml)"), choices=tuple(DIALS), required=True,
           positional=True, words=True),
        _f("value", "text", N_("what it should read: a ring's degrees 0-360 (360 is 000), or a position"),
           required=True, positional=True, choices=dial_positions(DIALS), words=True, names=_position)),
        hand="dial", example="dial disc_own_course 290"),
    Action("home", "table", N_("a ring stands at its zero (its calibration)"), (
        _f("dial", "choice", N_("the ring"), choices=tuple(d for d, decl in DIALS.items() if decl.is_ring),
           required=True, positional=True, words=True),), hand="home", example="home disc_bearing"),
    Action("press", "table", N_("press a button of the board"), (
        _f("button", "text", N_("the button's name on the board"), required=True, positional=True),),
        hand="press", example="press pause"),
    # time
    _command("time", "ui", "time", N_("time compression"), _f(
        "mode", "choice", N_("the compression"), choices=tuple(MODES), required=True, positional=True,
        names=_time_mode),
        fixed=(("action", "time_compression"),), example="time fast_forward",
        detail=Msg("Game time per second: real time {real_time} s, action {action} s, fast forward {fast_forward} s, "
                   "transit {transit} s. A new line in the info feed drops it back to real time.",
                   **{m: f"{f:g}" for m, f in FACTORS.items() if m != "pause"})),
    _command("pause", "ui", "time", N_("pause the game, or run it again in real time"),
             fixed=(("action", "toggle_pause"),), example="pause"),
    # manoeuvring
    _order("mobilize", "mobilize", "manoeuvre", N_("order: mobilize the crew (figures may move)"), example="mobilize"),
    _command("end_mobilize", "end_mobilize", "manoeuvre", N_("end the mobilization: the crew is in position"),
             example="end_mobilize"),
    _command("move_fix", "move_fix", "manoeuvre", N_("settle a move made without a mobilize"), FIGURE,
             _f("choice", "choice", N_("pay a mobilize, or the figure is put back"), choices=tuple(MOVE_FIX_CHOICES),
                required=True, positional=True, words=True, names=lambda choice: Msg(MOVE_FIX_CHOICES[choice])),
             example="move_fix engineer-square put_back"),
    _command("carry", "carry", "manoeuvre", N_("a moving sailor carries a toolbox or equipment chip"), FIGURE,
             _f("item", "choice", N_("what he carries"), choices=ITEMS, required=True, positional=True,
                names=Hazards.item_term),
             _f("to", "whole", N_("where to (default: where he goes)"), lo=1, hi=8), example="carry engineer-square "
             "toolbox_1 to=6"),
    _order("speed", "new_speed", "manoeuvre", N_("order: a new speed (as the telegraph gives it)"), _f(
        "speed", "choice", N_("the telegraph position"), choices=tuple(TELEGRAPH), required=True, positional=True,
        words=True, names=_telegraph),
        example="speed slow_ahead"),
    _order("course", "new_course", "manoeuvre", N_("order: a new course"), _f(
        "course", "whole", N_("degrees true, 0-359"), lo=0, hi=359, required=True, positional=True),
        example="course 270"),
    # from periscope depth (the shallowest: the game refuses any depth above it) to the deepest it accepts
    _order("depth", "new_depth", "manoeuvre", N_("order: a new depth (submerged)"), _f(
        "depth_m", "whole", N_("metres"), lo=round(PERISCOPE_M), hi=int(DEPTH["max_order_m"]), required=True,
        positional=True),
        example="depth 80"),
    _order("dive", "dive", "manoeuvre", N_("order: dive (sailors left on the bridge or deck die)"), example="dive"),
    _order("surface", "surface", "manoeuvre", N_("order: surface"), example="surface"),
    _order("sextant", "sextant", "manoeuvre", N_("order: a sextant fix (surfaced, clear sky)"), example="sextant"),
    _command("return", "return_to_base", "manoeuvre", N_("return to base: only out of combat; the passage home runs "
             "in transit"), example="return",
             detail=Msg.plural("Out of combat: no contact and no attack in the crew's picture for {n} minute "
                               "(depth charges, gunfire, an aircraft, enemy damage, a torpedo fired or a ship hit).",
                               "Out of combat: no contact and no attack in the crew's picture for {n} minutes "
                               "(depth charges, gunfire, an aircraft, enemy damage, a torpedo fired or a ship hit).",
                               n=data.load("mission_rules")["combat"]["quiet_min"])),
    _command("end_exercise", "end_exercise", "manoeuvre", N_("end a practice piece (the training patrol, an "
             "exercise, the open patrol) here: the debrief follows, with no grade"), example="end_exercise"),
    # lookouts and sensors
    _order("observe", "observe", "sensors", N_("order: assign observation sectors (lookouts on the bridge)"),
           _f("count", "whole", N_("how many lookouts (specialists first)"), lo=1, hi=6, positional=True),
           _f("figures", "choices", N_("exactly these sailors"), choices=tuple(FIGURES), names=figure_term),
           example="observe count=2"),
    _command("join", "join_task", "sensors", N_("more sailors join the lookouts or a paused repair, no order"),
             _f("task", "choice", N_("the task (none given: the lookouts, or the repair of the component named)"),
                choices=("observation", "repair"), positional=True, words=True, names=_join_task,
                implied=lambda got: "repair" if "component" in got else "observation"),
             _f("component", "choice", N_("the repair's component"), choices=tuple(COMPONENTS), names=_component),
             _f("count", "whole", N_("how many lookouts"), lo=1, hi=6),
             _f("figures", "choices", N_("exactly these sailors"), choices=tuple(FIGURES), names=figure_term),
             example="join observation count=1"),
    _command("stop_task", "stop_task", "sensors", N_("a sailor stands down from his task"), FIGURE,
             example="stop_task navigator-square"),
    _order("periscope", "periscope", "sensors", N_("order: raise the periscope (periscope depth)"),
           example="periscope"),
    _order("hydrophone", "hydrophone", "sensors", N_("order: listen on the hydrophone (submerged)"),
           example="hydrophone"),
    _command("target", "target", "sensors", N_("the target data of a contact"), _f(
        "contact", "contact", N_("a contact: c1, c2, ..."), required=True, positional=True), example="target c1"),
    _command("identify", "identify", "sensors", N_("identify the ships in sight (or one contact)"), _f(
        "contact", "contact", N_("one contact"), positional=True), example="identify"),
    _order("enigma", "enigma", "sensors", N_("order: the radio operator works the Enigma"),
           _f("decode", "words", N_("the signals to decode (default: the oldest coded one)")),
           _f("report", "choice", N_("a report to send (surfaced)"), choices=REPORT_KINDS, words=True),
           _f("contact", "contact", N_("the contact a convoy or contact report names (default: the nearest ship)")),
           _f("messages", "whole", N_("how many messages the order handles (decoded and sent)"), lo=1, hi=MAX_MESSAGES),
           example="enigma report=convoy"),
    # attack
    _command("disc", "attack_disc", "attack", N_("set the attack disc's rings"),
             _f("own", "whole", N_("own course ring"), key="own_course", lo=0, hi=360),
             _f("enemy", "whole", N_("enemy course ring"), key="enemy_course", lo=0, hi=360),
             _f("bearing", "whole", N_("bearing ring (from the bow)"), lo=0, hi=360),
             example="disc own=290 enemy=70 bearing=40",
             detail=Msg("Whole degrees; 360 is the same as 000. Rings not named keep their setting."),
             needs_one=Msg("say which rings to set: own (our course), enemy (the enemy's course) or bearing (the "
                           "enemy's bearing from the bow), for example: {example}",
                           example=Msg("disc own=290 enemy=70 bearing=40"))),
    _order("tdc", "tdc", "attack", N_("order: program the TDC"),
           _f("contact", "contact",
              N_("the target contact (its target data; default: the only ship in the torpedoes' reach)"),
              positional=True),
           _f("source", "choice", N_("where the target picture comes from"), choices=("contact", "disc", "manual"),
              words=True),
           _f("bearing", "number", N_("bearing from the bow, degrees"), lo=0, hi=360),
           _f("range_m", "number", N_("range, metres"), lo=50, hi=25000),
           _f("range_nm", "number", N_("range, nautical miles"), lo=0.03, hi=13.5),
           _f("course", "number", N_("the target's course, degrees"), lo=0, hi=360),
           _f("aob", "number", N_("angle on the bow, + starboard"), lo=-180, hi=180),
           _f("speed_kn", "number", N_("the target's speed, knots"), lo=0, hi=40),
           _f("torpedo_kn", "number", N_("torpedo speed setting, knots"), lo=1, hi=60),
           _f("depth_m", "number", N_("torpedo depth setting, metres"), lo=1, hi=15),
           _f("pistol", "choice", N_("the pistol"), choices=tuple(PISTOLS), names=pistol_name),
           _f("spread_deg", "number", N_("the fan's spread over the salvo, degrees"), lo=0, hi=20),
           example="tdc c1 spread_deg=6"),
    _order("flood", "flood_tubes", "attack", N_("order: flood tubes (default: the loaded bow tubes)"), _f(
        "tubes", "wholes", N_("tube numbers"), lo=1, hi=5, positional=True), example="flood 1,2"),
    _order("fire", "fire_torpedoes", "attack", N_("order: fire torpedoes (default: the lowest flooded tube)"), _f(
        "tubes", "wholes", N_("tube numbers"), lo=1, hi=5, positional=True), example="fire 1,2"),
    _order("reload", "reload_torpedo", "attack", N_("order: reload a tube from its room's racks, or bring a deck "
                                                    "torpedo into a room's racks (from=deck)"),
           _f("tube", "whole", N_("the tube (default: the lowest empty one)"), lo=1, hi=5, positional=True),
           _f("from", "choice", N_("racks, or the deck containers"), choices=("racks", "deck"), words=True,
              names=lambda source: Msg(RELOAD_SOURCES[source])),
           _f("room", "whole", N_("from=deck: the torpedo room whose racks take it (1 bow, 6 stern)"),
              lo=min(TORPEDO_ROOMS), hi=max(TORPEDO_ROOMS), only=TORPEDO_ROOMS),
           _f("torpedo", "load", N_("the torpedo type: its id, the name the weapons show, or what the boats called it "
                                    "(T1, T3, FAT); or a mine type: a tube load of mines"), choices=tuple(load_ids())),
           example="reload 1"),
    _order("mines", "lay_mines", "attack", N_("order: lay the tubes' mines on the bottom (default: every tube "
                                              "loaded with mines)"), _f(
        "tubes", "wholes", N_("tube numbers"), lo=1, hi=5, positional=True), example="mines 1,2"),
    _order("gun", "gun_88", "attack", N_("order: the 88 mm gun opens fire on a ship"),
           _f("target", "contact", N_("a ship contact (default: the only ship in the gun's reach)"), positional=True),
           _f("rounds", "whole", N_("rounds to fire"), lo=1, hi=60), example="gun c1 rounds=10", aliases=("gun_88",)),
    _order("flak", "gun_20", "attack", N_("order: the 20 mm gun opens fire on an aircraft"),
           _f("target", "contact", N_("an aircraft contact (default: the nearest)"), positional=True),
           _f("bursts", "whole", N_("bursts to fire"), lo=1, hi=30), example="flak bursts=5", aliases=("gun_20",)),
    _command("cease", "cease_fire", "attack", N_("the guns cease fire (a word to the gun crews, no order)"),
             _f("gun", "choice", N_("the gun (default: every gun that fires)"), choices=("gun_88", "gun_20"),
                positional=True, words=True), example="cease gun_88", aliases=("cease_fire",)),
    # crew
    _order("repair", "repair", "crew", N_("order: repair (a component, a condition in a section, or a breach)"),
           _f("component", "choice", N_("a component with a technical condition"), choices=tuple(COMPONENTS),
              names=_component),
           _f("card", "whole", N_("an engineer card's bonus"), lo=0, hi=2),
           _f("advanced", "flag", N_("the card's advanced effect")),
           _f("crew", "whole", N_("sailors in the repair crew"), lo=1, hi=6),
           _f("condition", "choice", N_("a condition to repair"), choices=tuple(CONDITIONS), names=condition_term),
           _f("section", "whole", N_("the condition's section"), **HULL),
           _f("breach", "whole", N_("seal the hull breach in this section"), **HULL),
           example="repair component=periscope"),
    _command("puzzle", "puzzle", "crew", N_("the hull breach puzzle's result"),
             _f("section", "whole", N_("the breach's section"), required=True, positional=True, **HULL),
             _f("result", "choice", N_("how it went"), choices=tuple(PUZZLE_RESULTS), required=True, positional=True,
                words=True, names=lambda result: (Msg(PUZZLE_RESULTS[result]), PUZZLE_SAID[result])),
             example="puzzle 4 solved"),
    _order("first_aid", "first_aid", "crew", N_("order: first aid for injured sailors in one section"), _f(
        "patients", "choices", N_("the patients"), choices=tuple(FIGURES), required=True, positional=True,
        names=figure_term),
        _f("medic", "choice", N_("the sailor who gives it, in the patients' section (default: one with the first aid "
                                 "symbol there)"), choices=tuple(FIGURES), names=figure_term),
        example="first_aid engineer-square medic=officer-square", aliases=("aid",)),
    _command("kit", "first_aid_kit", "crew", N_("open a first-aid refill kit"), example="kit"),
    _order("address", "address_crew", "crew", N_("order: the captain addresses the crew"), example="address"),
    _order("meal", "prepare_meal", "crew", N_("order: prepare a meal from the provision pyramid"),
           _f("take", "wholes", N_("pyramid places to take"), lo=1, hi=6),
           _f("swap", "wholes", N_("two places to swap first"), lo=1, hi=6),
           _f("replace", "whole", N_("a place to replace first"), lo=1, hi=6),
           _f("lemon", "whole", N_("a lemon's place"), lo=1, hi=6), example="meal take=1,2,3",
           detail=Msg("The meal call is at {hour}:00 every day: what was cooked since the last one counts (no meal: "
                      "morale -2; 1 ingredient: -1; 2: no change; 3: +1).",
                      hour=data.load("provisions")["meal_call_hour"])),
    _command("cook", "cook", "crew", N_("finish a meal after a swap or replace"),
             _f("take", "wholes", N_("pyramid places to take"), lo=1, hi=6, required=True, positional=True),
             _f("lemon", "whole", N_("a lemon's place"), lo=1, hi=6), example="cook 1,2,3"),
    _command("smoke", "smoke", "crew", N_("a smoke break on deck or bridge"),
             _f("role", "choice", N_("the player who spends a cigarette"), choices=tuple(ROLES), positional=True,
                names=_role),
             _f("roles", "choices", N_("several players"), choices=tuple(ROLES), names=_role),
             _f("sailors", "choices", N_("who discards a chip"), choices=tuple(FIGURES), names=figure_term),
             example="smoke officer"),
    # corrections
    _command("undo", "undo", "corrections", N_("take back the last crew action (again: the one before)"),
             example="undo"),
    _command("morale", "adjust_morale", "corrections", N_("move the morale marker (a card's effect)"),
             _f("by", "whole", N_("fields, + or -"), lo=-11, hi=11, required=True, positional=True),
             _f("why", "text", N_("the reason")), example="morale -1 why=card", aliases=("adjust_morale",)),
    _command("command_bar", "adjust_command", "corrections", N_("move the command marker (+: more orders left)"),
             _f("by", "whole", N_("fields, + or -"), lo=-8, hi=8, required=True, positional=True),
             _f("why", "text", N_("the reason")), example="command_bar 1", aliases=("adjust_command",)),
    _command("ailment", "ailment", "corrections", N_("enter an injury or ailment card"), *SAILOR,
             _f("deck", "choice", N_("the card's deck"), choices=(*DECKS, "event", "morale"), words=True,
                names=Msg.term),
             _f("wounds", "whole", N_("wounds"), lo=0, hi=2),
             _f("exhaustion", "whole", N_("exhaustion chips"), lo=0, hi=3),
             _f("activation", "whole", N_("activation chips"), lo=0, hi=3),
             _f("forbid", "choices", N_("orders he may not execute"), choices=tuple(ORDER_NAMES), names=_order_name),
             _f("supplies", "choices", N_("medical supplies his treatment needs"), choices=tuple(SUPPLIES),
                names=_terms(SUPPLY_NAMES)),
             _f("note", "text", N_("what the card says")), example="ailment engineer-square deck=wounds wounds=1"),
    _command("cure", "cure", "corrections", N_("an ailment card is discarded"), *SAILOR,
             _f("ailment", "whole", N_("the ailment's id"), lo=1), example="cure engineer-square"),
    _command("chips", "chips", "corrections", N_("add or remove activation chips"), *SAILOR,
             _f("add", "whole", N_("chips to add"), lo=0, hi=3),
             _f("remove", "whole", N_("chips to remove"), lo=0, hi=3),
             example="chips engineer-square add=1"),
    _command("kill", "kill", "corrections", N_("a sailor dies (a card's effect)"), *SAILOR,
             _f("why", "text", N_("the reason")), example="kill engineer-square why=card"),
    _command("move_item", "move_item", "corrections", N_("move a toolbox or equipment chip"),
             _f("item", "choice", N_("the item"), choices=ITEMS, required=True, positional=True,
                names=Hazards.item_term),
             _f("section", "whole", N_("where it goes"), required=True, positional=True, **HULL),
             example="move_item extinguisher 5"),
    _command("crew_options", "crew_options", "corrections", N_("crew rules, difficulty, linked missions, wear"),
             _f("rules", "choice", N_("enforce or advise"), choices=CREW_RULES, words=True,
                names=lambda rule: Msg(RULE_WORDS[rule])),
             _f("difficulty", "role_levels", N_("the difficulty per role (or JSON)")),
             _f("easy_watch_change", "role_flags", N_("the easy watch change per role (or JSON)")),
             _f("linked_missions", "whole", N_("missions in a row"), lo=0, hi=20),
             _f("wear", "flag", N_("random wear of the machinery")), example="crew_options rules=enforce"),
    # referee and tests
    _command("damage", "damage", "referee", N_("damage, as the sea would do it"),
             _f("kind", "choice", N_("what kind"), choices=("environmental", "hull_breach", "crew", "technical"),
                required=True, positional=True, words=True),
             _f("condition", "choice", N_("environmental: the condition"), choices=tuple(CONDITIONS),
                names=condition_term),
             _f("section", "whole", N_("environmental, hull breach: the section"), **HULL),
             _f("sections", "wholes", N_("crew: the sections"), lo=1, hi=8),
             _f("component", "choice", N_("technical: the component"), choices=tuple(COMPONENTS), names=_component),
             _f("severity", "choice", N_("technical: how bad"), choices=SEVERITIES, words=True),
             _f("cause", "text", N_("what did it")), example="damage environmental condition=fire section=5"),
    _command("weather", "weather", "referee", N_("set the weather"),
             _f("kind", "choice", N_("the weather"), choices=tuple(WEATHER_KINDS), required=True, positional=True,
                words=True),
             _f("hold", "flag", N_("keep it until told otherwise")), example="weather fog hold=true"),
    _command("report", "report", "referee", N_("a report event with every module's status (event log)"),
             example="report"),
)


def find(word: str, actions: Iterable[Action] = ACTIONS, code: str = "en") -> Action | None:
    """The action a typed word names: its name or an alias (at every table), or its word in the table's
    language `code` (`kurs`, `курс`; `fold`ed: any case, a Russian ё typed as е) or a second word the table calls it
    by (`console_words.UBOOT_ALSO_CALLED`: Russian `статус` beside `состояние`), or the label of a window's
    button that gives it (`button_words`; and the order's name where it is one word: German `reparatur` beside the
    console's `reparieren`, `zigarettenpause` beside `rauchen`, English `lookouts` beside `observe`), a closing "!" as
    the button shows it or not (`Fire!`, `Los!`)."""
    word = word.lower().rstrip("!") or word
    actions = tuple(actions)
    found = next((a for a in actions if word in a.words), None)
    if found is None:
        lang = language(code)
        ids = {w for a in actions for w in a.words}
        named = {a.name: a for a in actions}
        called = ((also, named[also.template]) for also in UBOOT_ALSO_CALLED if also.template in named)
        typed = local_words([*((a.word, a) for a in actions), *called], ids, lang) if code != ENGLISH.code else {}
        found = typed.get(fold(word)) or _buttons(actions, lang, ids | set(typed)).get(fold(word))
    return found


def _buttons(actions: tuple[Action, ...], lang: Language, taken: set[str]) -> dict[str, Action]:
    """The words of the window's buttons (`fold`ed) -> the action each gives, none of them one of the words `taken`
    (the ids and the table's own words: those stay theirs), none shared by two actions."""
    named = {a.name: a for a in actions}
    orders = [(Msg.term(ORDER_NAMES[a.order]), a) for a in actions if a.order is not None and lang.code != ENGLISH.code
              and " " not in lang.text(ORDER_NAMES[a.order]).strip()]
    labels = [(label, named[name]) for name, shown in BUTTON_WORDS.items() if name in named for label in shown]
    return local_words([*orders, *labels], taken, lang, button_word)


def in_words(line: str, lang: Language) -> str:
    """A console line written with the English words (`repair breach=4`, as a view shows the line that orders
    something) in the words the table types: its command's and fields' words in the table's language."""
    action = find(line.split()[0]) if line.split() else None
    return action.line_in(line, lang) if action is not None else line


def for_order(order: str) -> Action | None:
    """The action that gives an order (by its id)."""
    return next((a for a in ACTIONS if a.order == order), None)


def aboard(game: Any, order: str | None) -> bool:
    """Is the order's weapon aboard? A gun landed before the patrol sailed (the 88 mm gun from July 1943,
    guns.toml `until`) has no button and no line in `help`, nor has the mine laying of a boat with no mines:
    the boat has no such order to give."""
    if order not in ("gun_88", "gun_20", "lay_mines") or not game.has_module("weapons"):
        return True
    weapons = game.module("weapons")
    return bool(weapons.mines_left() > 0 if order == "lay_mines" else weapons.gunnery.aboard(order))
