"""What goes into the translation catalogues, and the checks that keep them complete.

Two sources of text for players:

* the code: every literal passed to `Msg(...)`, `Msg.plural(...)`, `Msg.term(...)`, `Msg.pterm(...)` (a word
  with a message context, gettext's msgctxt) and `N_(...)`
  (`extract_code`, an extraction method for Babel that reads the syntax tree, so a call such as
  `Msg.term(names[key])` with a variable is no message);
* the data files: names players read (ship classes, components, orders, sections ...), listed
  here in `DATA_TERMS` as key paths per TOML file. Babel reads them with `extract_toml`, the
  extraction method `babel.cfg` names for the data files. To make a new data name translatable,
  add its key path here; the code renders it with `Msg.term(name)`.

`make i18n` extracts both into `kaleun/locale/kaleun.pot` and updates every language's `.po`
(see host/README.md, "Languages"); `catalogue_problems` is what the tests check.
"""

from __future__ import annotations

import ast
import fnmatch
import io
import re
import tomllib
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from kaleun.core.messages import CONTEXT_SEPARATOR

PACKAGE = Path(__file__).resolve().parent
#: the Babel mapping (code and data files), relative to the folder that holds the package
MAPPING = PACKAGE.parent / "babel.cfg"
#: keyword specs for Babel: Msg(template, ...), Msg.plural(singular, plural, ...), Msg.term(name),
#: Msg.pterm(context, name) (as pgettext), N_(text)
KEYWORDS: dict[str, Any] = {"Msg": (1,), "plural": (1, 2), "term": (1,), "pterm": ((1, "c"), 2), "N_": (1,)}
#: the `-k` options of pybabel extract for the same keywords
KEYWORD_OPTIONS = ("Msg:1", "plural:1,2", "term:1", "pterm:1c,2", "N_:1")

#: data file (relative to the package; a name may hold "*") -> key paths of the texts players read
#: ("*" is any key or item)
DATA_TERMS: Mapping[str, tuple[str, ...]] = {
    "boards/dials.toml": ("*.label", "*.whole_turn", "*.positions.*"),
    "uboot/data/aircraft.toml": ("types.*.name",),
    "uboot/data/attacks.toml": ("component_names.*",),
    "uboot/data/boat.toml": ("names.*",),
    "uboot/data/conditions.toml": ("conditions.*.name", "equipment.*"),
    "uboot/data/convoys.toml": ("types.*.name",),
    "uboot/data/difficulty.toml": ("levels.*",),
    "uboot/data/guns.toml": ("*.name",),
    "uboot/data/health.toml": ("injury_decks.*", "supply_names.*"),
    "uboot/data/missions.toml": ("*.name", "*.summary"),
    # mission files: names, briefings, objectives, HQ's signals and answers (texts with {fields}
    # are templates: the values are filled in after translation)
    "uboot/data/missions/*.toml": ("name", "patrol_name", "summary", "briefing", "objective.*.text",
                                   "objective.*.sighted.what", "radio.*.text",
                                   "radio.*.objective.text", "answers.*.*.text", "answers.*.*.objective.text",
                                   "encounter.*.radio.text"),
    "uboot/data/mission_rules.toml": ("answers.*.*.text", "answers.*.*.objective.text"),
    "uboot/data/bases.toml": ("*.name",),
    "uboot/data/orders.toml": ("orders.*",),
    "uboot/data/provisions.toml": ("names.*", "dishes.*"),
    "uboot/data/roster.toml": ("roles.*", "shapes.*", "role_names.*"),
    "uboot/data/sailors.toml": ("symbols.*", "*.*.name"),
    "uboot/data/seabed.toml": ("area.*.name",),
    "uboot/data/sections.toml": ("names.*",),
    "uboot/data/ships.toml": ("classes.*.name",),
    "uboot/data/technical.toml": ("severity.*.name", "components.*.name", "components.*.effect"),
    "uboot/data/time_compression.toml": ("names.*",),
    "uboot/data/torpedoes.toml": ("types.*.name", "periods.*.name", "mines.*.name"),
    "uboot/data/watches.toml": ("watches.*",),
    "sonar/data/boards.toml": ("*.name",),
    "sonar/data/scenarios.toml": ("*.name", "*.about"),
}

#: data file -> key paths of ids the players read with spaces for underscores (a dial's position `stern_heavy` is
#: named "stern heavy": `kaleun.boards.dials.position_name`)
READ_WITH_SPACES: Mapping[str, tuple[str, ...]] = {"boards/dials.toml": ("*.positions.*",)}

_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)")


# -- the data files ------------------------------------------------------------------------------
def _walk(node: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _walk(value, (*path, str(key)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, (*path, str(i)))
    elif isinstance(node, str):
        yield path, node


def _matches(path: tuple[str, ...], pattern: str) -> bool:
    parts = pattern.split(".")
    return len(parts) == len(path) and all(p in ("*", k) for p, k in zip(parts, path, strict=True))


def terms_of(relative: str, text: str) -> list[str]:
    """The texts of one data file (its path relative to the package) that players read, in file order."""
    relative = relative.replace("\\", "/")
    patterns = next((paths for name, paths in DATA_TERMS.items() if fnmatch.fnmatchcase(relative, name)), ())
    if not patterns:
        return []
    tidied: Collection[str] = ()
    if fnmatch.fnmatchcase(relative, "uboot/data/missions/*.toml"):
        from kaleun.uboot.missions.catalogue import TIDIED_KEYS

        tidied = TIDIED_KEYS  # shown one line per paragraph: the catalogue holds them so
    spaced = next((paths for name, paths in READ_WITH_SPACES.items() if fnmatch.fnmatchcase(relative, name)), ())
    out: list[str] = []
    for path, value in _walk(tomllib.loads(text), ()):
        if value and any(_matches(path, p) for p in patterns):
            if path[-1] in tidied or (len(path) > 1 and path[-2] in tidied and path[-1].isdigit()):
                from kaleun.uboot.missions.catalogue import one_line

                value = one_line(value)
            if any(_matches(path, p) for p in spaced):
                value = value.replace("_", " ")
            if value not in out:
                out.append(value)
    return out


def data_terms() -> dict[str, list[str]]:
    """Every data file's player texts: {relative path: [text, ...]}."""
    files = sorted({path.relative_to(PACKAGE).as_posix() for name in DATA_TERMS for path in PACKAGE.glob(name)})
    return {rel: terms_of(rel, (PACKAGE / rel).read_text(encoding="utf-8")) for rel in files}


def extract_toml(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                 options: Mapping[str, Any]) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extraction method for the data files (`babel.cfg`): the texts `DATA_TERMS` lists."""
    name = Path(str(getattr(fileobj, "name", ""))).resolve()
    try:
        relative = name.relative_to(PACKAGE).as_posix()
    except ValueError:
        return
    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()
    for term in terms_of(relative, text):
        quoted = f'"{term}"'
        lineno = next((i + 1 for i, line in enumerate(lines) if quoted in line), 1)
        yield lineno, "term", term, [f"data: {relative}"]


def extract_code(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                 options: Mapping[str, Any]) -> Iterator[tuple[int, str, str | tuple[str, str], list[str]]]:
    """Babel extraction method for the code (`babel.cfg`): the literal templates of `Msg(...)`,
    `Msg.plural(...)`, `Msg.term(...)`, `Msg.pterm(context, ...)` and `N_(...)`; calls with anything but
    literals are skipped. A call's literals go to Babel as they stand: its keyword spec (`KEYWORDS`, the `-k`
    options) picks the message and the context (`pterm:1c,2`)."""
    try:
        tree = ast.parse(fileobj.read())
    except SyntaxError:
        return
    found: list[tuple[int, str, str | tuple[str, str]]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id in ("Msg", "N_"):
            name = func.id
        elif isinstance(func, ast.Attribute) and func.attr in ("plural", "term", "pterm") and \
                isinstance(func.value, ast.Name) and func.value.id == "Msg":
            name = func.attr
        else:
            continue
        wanted = 2 if name in ("plural", "pterm") else 1
        texts = [a.value for a in node.args[:wanted] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if len(texts) != wanted or not all(texts):
            continue
        found.append((node.lineno, name, (texts[0], texts[1]) if wanted == 2 else texts[0]))
    for lineno, name, message in sorted(found, key=lambda f: f[0]):
        yield lineno, name, message, []


#: the declarations whose first argument is a word typed at the U-BOOT console: a command (`Action`, `_order`,
#: `_command`) or a field (`_f`, `Field`) of `kaleun/ui/actions.py` and `kaleun/ui/console.py`
TYPED_DECLARATIONS = ("Action", "_order", "_command", "_f", "Field")
#: the commands each of those files declares (module, name): the fixed values of their fields declared `words`
#: (`speed half_ahead`: `fahrt halbe`) are typed words too, whether the values are written there or read from a
#: data file (the telegraph's positions)
TYPED_COMMANDS = {"ui/actions.py": ("kaleun.ui.actions", "ACTIONS"), "ui/console.py": ("kaleun.ui.console", "CONSOLE")}


def typed_values(relative: str) -> Iterator[tuple[str, str]]:
    """The (field, value's word) of every fixed value declared a typed word (`Field.words`) by the commands of one
    file (its path relative to the package): the value's short English word where it has one (`half`)."""
    import importlib

    from kaleun.ui.telegraph_words import SHORT_WORDS

    module, name = TYPED_COMMANDS.get(relative, ("", ""))
    if not module:
        return
    for action in getattr(importlib.import_module(module), name):
        for field in action.fields:
            if field.words:
                for value in field.choices:
                    yield field.name, SHORT_WORDS.get(value, value)


def extract_typed(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                  options: Mapping[str, Any]) -> Iterator[tuple[int, str, str | tuple[str, str], list[str]]]:
    """Babel extraction method for the files that declare the U-BOOT console's commands (`babel.cfg`): what
    `extract_code` finds, and the word of each command and field declared there (the first literal argument of
    a `TYPED_DECLARATIONS` call), under the console's message context (`kaleun.ui.console_words.UBOOT`), as
    `Msg.pterm(UBOOT, word)` renders it, and the fixed values of its fields declared `words` under the values'
    context (`UBOOT_VALUE`, `typed_values`). A word is declared once, where its command or field is."""
    from kaleun.ui.console_words import UBOOT, UBOOT_VALUE

    source = fileobj.read()
    found = [(lineno, name, message) for lineno, name, message, _ in
             extract_code(io.BytesIO(source), keywords, comment_tags, options)]
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    declared_at: dict[str, int] = {}  # a declared word -> the first line declaring it
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in TYPED_DECLARATIONS \
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str) \
                and node.args[0].value:
            found.append((node.lineno, "pterm", (UBOOT, node.args[0].value)))
            declared_at[node.args[0].value] = min(node.lineno, declared_at.get(node.args[0].value, node.lineno))
    try:
        relative = Path(str(getattr(fileobj, "name", ""))).resolve().relative_to(PACKAGE).as_posix()
    except ValueError:
        relative = ""
    for field, value in typed_values(relative):
        found.append((declared_at.get(field, 1), "pterm", (UBOOT_VALUE, value)))
    for lineno, name, message in sorted(found, key=lambda f: f[0]):
        yield lineno, name, message, []


# -- the checks ----------------------------------------------------------------------------------
def fields(template: str) -> set[str]:
    """The named placeholders of a template: "{ship} ({grt:,} GRT)" -> {"ship", "grt"}."""
    return set(_FIELD.findall(template.replace("{{", "").replace("}}", "")))


def extract() -> dict[str | tuple[str, str], list[str]]:
    """Every message of the code and the data as Babel extracts it now: {msgid: [where, ...]}
    (a plural message's id is the pair (singular, plural); a message with a context is keyed as a compiled
    catalogue keys it, "context\x04msgid")."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with open(MAPPING, encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    out: dict[str | tuple[str, str], list[str]] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
            str(PACKAGE.parent), method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True):
        msgid: str | tuple[str, str] = (str(message[0]), str(message[1])) if isinstance(message, tuple | list) \
            else message
        if not msgid:
            continue
        if context and isinstance(msgid, str):
            msgid = f"{context}{CONTEXT_SEPARATOR}{msgid}"
        out.setdefault(msgid, []).append(f"{filename}:{lineno}")
    return out


def catalogue_problems(code: str, msgids: Collection[str | tuple[str, str]] | None = None,
                       path: Path | None = None) -> list[str]:
    """What is wrong with a language's catalogue (its committed `.po`, or the file `path`): messages of
    `msgids` (by default every message extracted now) without a translation or with a fuzzy one,
    translations whose placeholders differ from the template's. Empty when all is well."""
    from babel.messages.pofile import read_po

    from kaleun.i18n import catalogue_path

    path = catalogue_path(code) if path is None else path
    if not path.is_file():
        return [f"{path}: no catalogue"]
    with open(path, "rb") as fh:
        catalog = read_po(fh, locale=code)
    problems: list[str] = []
    wanted = extract() if msgids is None else {m: [] for m in msgids}
    for msgid, where in sorted(wanted.items(), key=lambda kv: str(kv[0])):
        key = msgid[0] if isinstance(msgid, tuple) else msgid
        if not needs_translation(key):
            continue
        context, _, bare = key.rpartition(CONTEXT_SEPARATOR)
        message = catalog.get(bare, context=context or None)
        place = f" ({where[0]})" if where else ""
        if message is None:
            problems.append(f"{code}: not in the catalogue{place}: {msgid!r}")
            continue
        strings = list(message.string) if isinstance(message.string, tuple | list) else [message.string]
        if message.fuzzy or not strings or any(not s for s in strings):
            problems.append(f"{code}: no translation{place}: {msgid!r}")
            continue
        ids: list[str] = list(msgid) if isinstance(msgid, tuple) else [bare]
        expected: set[str] = set().union(*(fields(m) for m in ids))
        if isinstance(msgid, tuple):
            expected.add("n")  # a plural message always has its number
        for s in strings:
            got = fields(str(s))
            if got - expected or (not isinstance(msgid, tuple) and got != expected):
                problems.append(f"{code}: placeholders {sorted(got)} instead of {sorted(expected)}{place}: "
                                f"{msgid!r} -> {s!r}")
    return problems


def needs_translation(msgid: str) -> bool:
    """A template that is only placeholders and punctuation ("{a}{b}", "{p0}, {p1}") reads the same
    in every language."""
    bare = _FIELD.sub("", re.sub(r"\{[^}]*\}", "", msgid))
    return any(ch.isalpha() for ch in bare)
