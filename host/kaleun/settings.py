"""Preferred settings in the config folder: the board, the language and the volume a table starts with.

`kaleun config set board boards/my-table.toml` and `kaleun config set language de` write
`settings.json` in the config folder (`kaleun.paths.config_dir()`); `kaleun play`, `kaleun
resume`, `kaleun hw check` and `kaleun service install` use them when no flag is given.
Table scripts (`kaleun run`) never do: a script gives the same event log on every machine.
Bad values are refused with the reason and nothing is written; a damaged file is reported
and left as it is. Under sudo (root, `SUDO_USER` set) the settings read are those of the user who ran sudo,
read-only: `sudo kaleun hw check` for a strip that needs root starts with that user's board and language, and
never writes a file of root's into that user's folder.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

from kaleun.core import jsonin
from kaleun.core.messages import N_, Msg, of_error
from kaleun.files import locked_folder, read_file, why_unread
from kaleun.paths import config_dir, sudo_user, sudo_user_config_dir

log = logging.getLogger(__name__)

FILE = "settings.json"
#: a settings file longer than this is not read (it holds two short values)
MAX_BYTES = 64 * 1024


class SettingsError(ValueError):
    """A setting cannot be used; str() says why, in words for the maker (English), `of_error(exc)` as a
    `Msg` in the table's language."""


def check_board(value: str) -> str:
    """A board file that loads, as an absolute path (the service starts in another folder), or
    the name of a shipped board (`pico-hub`: found again from any folder)."""
    from kaleun.boards.loader import BoardError, load_board
    from kaleun.shipped import board_reference

    if not value.strip():  # "" was read as the current folder, "  " as a file named by two spaces
        raise SettingsError(Msg("the board is a board file (kaleun config set board my-table.toml) or a shipped "
                                "board's name (kaleun board list), not an empty value; to start with the "
                                "simulated table: kaleun config unset board"))
    path = Path(value).expanduser()
    try:
        load_board(path)
    except BoardError as exc:
        raise SettingsError(Msg("the board file {file} cannot be used:\n{problems}", file=value,
                                problems=of_error(exc))) from exc
    return board_reference(path)


def board_argument(text: str) -> str:
    """The argparse type of --board FILE (and `kaleun board check FILE`): a name, not an empty value. `--board
    "$BOARD"` with BOARD unset played the preferred board, or the simulated table, as if no --board was given."""
    if not text.strip():
        import argparse

        raise argparse.ArgumentTypeError(in_preferred_language(Msg(
            "the value is empty: name a board file (my-table.toml) or a shipped board (kaleun board list)")))
    return text


def check_language(value: str) -> str:
    """The code of a language Kaleun speaks, as `value` names it: the code (de), a locale name as the system writes
    it (de_DE, de_DE.UTF-8, en_GB) or the language's name (Deutsch, German); anything else is refused naming the
    languages there are."""
    from kaleun.i18n import LANGUAGES, code_of

    code = code_of(value)
    if code is None:
        # "de (German, Deutsch)": the English name, then its own, without brackets in brackets
        known = ", ".join(f"{k} ({v.english})" if v.own == v.english else f"{k} ({v.english}, {v.own})"
                          for k, v in LANGUAGES.items())
        shown = value if len(value) <= 40 else value[:37] + "..."  # a pasted page is not echoed whole
        raise SettingsError(Msg("'{value}' is not a language Kaleun speaks; choose one of: {known}", value=shown,
                                known=known))
    return code


def language_argument(text: str) -> str:
    """The argparse type of a --language that takes a language only (`check_language`), refused in its words."""
    try:
        return check_language(text)
    except SettingsError as exc:
        import argparse

        raise argparse.ArgumentTypeError(in_preferred_language(exc)) from exc


def parse_volume(text: str) -> float:
    """A volume as the console and `kaleun config set volume` take it: 0 to 1, or 0% to 100%; with the
    decimal comma German and Russian write too (0,5 or 55,5%), as the console's other numbers."""
    text = text.strip()
    number = text[:-1] if text.endswith("%") else text
    if re.fullmatch(r"\d*,\d+", number.strip()):
        number = number.replace(",", ".")
    try:
        level = float(number) / 100 if text.endswith("%") else float(number)
    except ValueError:
        level = float("nan")
    if not text.endswith("%") and 1.0 < level <= 100.0 and level.is_integer():  # 45 typed for 45%: said how to write it
        raise SettingsError(Msg("the volume is a number from 0 to 1 or a percentage: for {value} percent write "
                                "{value}%", value=text))
    if not 0.0 <= level <= 1.0:  # also NaN
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise SettingsError(Msg("the volume is a number from 0 to 1 or a percentage such as 60%, not '{value}'",
                                value=shown))
    return level


#: the volume's step, in percent [our choice: a whole percent, finer than an ear tells apart at the table]
VOLUME_STEP = 1


def stepped_volume(level: float) -> float:
    """A volume (0 to 1) on the volume's step, halves rounded up (45.5% is 46%, 28.5% is 29%: the percentage is
    taken to nine places first, so a half that a float's product misses by an ulp, 28.499999999999996, is a half)."""
    percent = Decimal(repr(round(level * 100, 9))).quantize(Decimal(VOLUME_STEP), ROUND_HALF_UP)
    return float(percent) / 100 + 0.0  # + 0.0: "-0" is kept as 0


def volume_percent(level: float) -> float | int:
    """A volume (0 to 1) as a percentage, whole, or to a tenth for one written finer by hand (45.5)."""
    percent = round(level * 100, 1)
    return int(percent) if percent == int(percent) else percent


def said_volume(level: float) -> Msg:
    """A volume as the console and `kaleun hw check` say it: "40%" ("40 %" in German and Russian)."""
    return Msg("{percent}%", percent=volume_percent(level))


def check_volume(value: str) -> str:
    return f"{stepped_volume(parse_volume(value)):g}"


def said_setting(key: str, value: str, typed: str | None = None) -> Msg | str:
    """A setting's value as `kaleun config` says it: a volume as a percentage, and when the value typed was finer
    than the volume's step, that it was rounded; other settings as kept."""
    if key != "volume":
        return value
    try:
        level = parse_volume(value)
    except SettingsError:  # written wrong by hand: shown as it is
        return value
    if typed is not None and parse_volume(typed) != level:
        return Msg("{volume} ({typed} rounded to whole percent, the volume's step)", volume=said_volume(level),
                   typed=typed.strip())
    return said_volume(level)


def _languages() -> str:
    from kaleun.i18n import LANGUAGES

    return ", ".join(LANGUAGES)


#: key -> (what it is, its check)
KEYS: dict[str, tuple[Msg, Callable[[str], str]]] = {
    "board": (Msg("the board file a table starts with when no --board is given"), check_board),
    "language": (Msg("the language of the window and the console ({codes})", codes=_languages()), check_language),
    # the players' own choice (the console's `volume`, the window's settings), kept over the board file's
    "volume": (Msg("the speaker's volume a table starts at, over the board file's audio.volume (0 to 1, or 60%)"),
               check_volume),
}


def settings_file() -> Path:
    """The settings a command reads: in the config folder; under sudo, those of the user who ran it
    (`kaleun.paths.sudo_user_config_dir`), not root's."""
    return (sudo_user_config_dir() or config_dir()) / FILE


def not_changed_under_sudo() -> Msg | None:
    """Why the settings are not changed by this command: it runs under sudo, and the settings it reads are the
    invoking user's, whose folder a file written by root would make root's; None when they can be changed."""
    user = sudo_user()
    if user is None or sudo_user_config_dir() is None:
        return None
    return Msg("under sudo Kaleun reads the settings of {user} ({path}) and does not change them (a file written "
               "there by root would be root's): run the command as {user}, without sudo", user=user,
               path=str(settings_file()))


@dataclass
class Settings:
    path: Path
    values: dict[str, str]

    @property
    def read_only(self) -> bool:
        """Never written (`save` refuses): under sudo, a file in the config folder of the user who ran sudo, which
        a file written there by root would make root's. Judged from the path each time, not kept beside it: however
        the settings were made, with whatever path, under sudo the user's own are never written."""
        return self._not_written() is not None

    def _not_written(self) -> Msg | None:
        why = not_changed_under_sudo()
        folder = sudo_user_config_dir()
        if why is None or folder is None:
            return None
        return why if Path(os.path.abspath(self.path)).is_relative_to(os.path.abspath(folder)) else None

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """The saved settings (none yet: empty). Raises SettingsError for a damaged file. Without `path`, under sudo,
        the invoking user's, read-only."""
        path = path or settings_file()
        try:
            text = read_file(path, MAX_BYTES).decode("utf-8")
        except FileNotFoundError:
            return cls(path, {})
        except (OSError, UnicodeDecodeError) as exc:
            raise SettingsError(Msg("{path}: cannot read the settings ({why}); fix it or delete it", path=str(path),
                                    why=_why_unread(path, exc))) from exc
        try:
            raw: Any = jsonin.loads(text, max_depth=2)
        except jsonin.JsonSyntaxError as exc:
            cause = exc.__cause__
            line = f":{cause.lineno}" if isinstance(cause, json.JSONDecodeError) else ""
            msg = jsonin.syntax_reason(cause.msg) if isinstance(cause, json.JSONDecodeError) else of_error(exc)
            raise SettingsError(Msg("{where}: not valid JSON ({why}); fix it or delete the file",
                                    where=f"{path}{line}", why=msg)) from exc
        except jsonin.JsonInputError as exc:
            raise SettingsError(Msg("{path}: {why}; fix it or delete the file", path=str(path),
                                    why=of_error(exc))) from exc
        if not isinstance(raw, dict):
            raise SettingsError(Msg("{path}: the settings must be a JSON object; fix it or delete the file",
                                    path=str(path)))
        for key, value in raw.items():
            if key not in KEYS:
                raise SettingsError(Msg("{path}: unknown setting '{key}' (known: {known})", path=str(path), key=key,
                                        known=", ".join(KEYS)))
            if not isinstance(value, str):
                raise SettingsError(Msg("{path}: the setting '{key}' must be text, got {value}", path=str(path),
                                        key=key, value=repr(value)))
        return cls(path, dict(raw))

    def get(self, key: str) -> str | None:
        return self.values.get(key)

    def set(self, key: str, value: str) -> str:
        """Check and keep a value (save() writes it); returns the value as kept."""
        if key not in KEYS:
            raise SettingsError(Msg("unknown setting '{key}' (known: {known})", key=key, known=", ".join(KEYS)))
        checked = KEYS[key][1](value)
        self.values[key] = checked
        return checked

    def unset(self, key: str) -> bool:
        if key not in KEYS:
            raise SettingsError(Msg("unknown setting '{key}' (known: {known})", key=key, known=", ".join(KEYS)))
        return self.values.pop(key, None) is not None

    def save(self) -> None:
        """Write atomically (`saves.write_atomic`: a temporary `.settings.json.<random>.tmp` renamed over the old
        one, the rename flushed), so a write cut short leaves the file a later start removes
        (`housekeeping.remove_stale_temporaries`)."""
        from kaleun.saves import write_atomic

        if (why := self._not_written()) is not None:
            raise SettingsError(why)
        write_atomic(self.path, json.dumps(self.values, indent=2, ensure_ascii=False, sort_keys=True) + "\n")


#: how long a change of the settings waits for another one under way (a change takes milliseconds)
LOCK_WAIT_S = 5.0


@contextlib.contextmanager
def held(path: Path | None = None) -> Iterator[None]:
    """Hold the settings' folder while they are read, changed and written again: `kaleun config set board` and
    the window keeping its language at the same moment each keep the other's setting (one of four such pairs
    lost one). A folder that cannot be made or held is not waited for: the reading or the writing says why."""
    folder = (path or config_dir() / FILE).parent
    with contextlib.ExitStack() as stack:
        with contextlib.suppress(OSError):
            stack.enter_context(locked_folder(folder, LOCK_WAIT_S))
        yield


def _why_unread(path: Path, exc: OSError | UnicodeDecodeError) -> Msg | str:
    """Why the settings file cannot be read, in words: the folder that is a file (the config folder, or one above
    it), not `[Errno 20] Not a directory: ...settings.json`."""
    if isinstance(exc, OSError) and exc.errno == errno.ENOTDIR:
        for folder in path.parents:
            if folder.exists() and not folder.is_dir():
                return Msg("{folder} is a file, not a folder", folder=str(folder))
    return why_unread(exc)  # a file that is not one Kaleun reads, too: `files.os_reason` says what it is


#: what `preferred` has warned of in this process: a damaged file is told once per start, not at every read
_WARNED: set[str] = set()


def told(exc: SettingsError) -> None:
    """A damaged file's problem a command says itself, with what applies meanwhile (`kaleun service install`'s
    note): `preferred` does not warn of it again in this start."""
    _WARNED.add(str(exc))


def preferred(key: str) -> str | None:
    """A preferred setting, or None. A damaged file is reported (once per start and problem) and
    the caller's default applies; `kaleun config show` says what is wrong."""
    try:
        return Settings.load().get(key)
    except SettingsError as exc:
        said = str(exc)
        if said not in _WARNED:
            _WARNED.add(said)
            log.warning("settings ignored: %s", exc)
        return None


def _checked(key: str, check: Callable[[str], Any], fallback: Any, then: str) -> Any:
    """A preferred setting as `check` reads it, else `fallback`: none kept, or one written wrong (by hand, or by a
    newer Kaleun) warned of once, naming the settings file, and saying what applies instead (`then`)."""
    value = preferred(key)
    if value is None:
        return fallback
    try:
        return check(value)
    except SettingsError as exc:
        said = f"{settings_file()}: {exc}"
        if said not in _WARNED:
            _WARNED.add(said)
            log.warning("settings ignored: %s; %s", said, then)
        return fallback


def preferred_table_language() -> str:
    """The preferred language a table starts in: one Kaleun speaks, else English with a warning naming the
    settings (a language a newer Kaleun speaks, or one written by hand), as for a damaged file. A start was
    refused with `'fr' is not a language Kaleun speaks`, naming neither the file nor the setting, so a table
    started by its service at boot never came up."""
    return str(_checked("language", check_language, "en", "the table starts in English"))


def preferred_volume(board_volume: float) -> float:
    """The volume a table's speaker starts at: the one the players last chose (kept by `remember_volume`,
    or `kaleun config set volume`), else the board file's `audio.volume`. A value written wrong by hand
    is warned of once and the board's applies."""
    kept = kept_volume()
    return board_volume if kept is None else kept


def kept_volume() -> float | None:
    """The volume the players last chose (the console's `volume`, `kaleun config set volume`), which applies over
    the board file's `audio.volume`; None when none is kept (or one written wrong, warned of once)."""
    level = _checked("volume", parse_volume, None, "the board file's volume applies")
    return None if level is None else float(level)


#: what the crew is told when a choice cannot be kept for the next start, by setting
_NOT_KEPT = {"volume": N_("The volume is not kept for the next start: {problem}"),
             "language": N_("The language is not kept for the next start: {problem}")}


def _remember(key: str, value: str) -> Msg | None:
    """Keep a choice the players made at the table for the next start; None when kept, else why not (a damaged
    settings file, a full disk): the table goes on with it now all the same."""
    if (refused := not_changed_under_sudo()) is not None:  # `sudo kaleun play`: not into the user's folder as root
        log.warning("the %s is not kept for the next start: %s", key, refused)
        return Msg(_NOT_KEPT[key], problem=refused)
    try:
        with held():  # a `kaleun config set` meanwhile keeps its setting
            settings = Settings.load()
            settings.set(key, value)
            settings.save()
    except (SettingsError, OSError) as exc:
        log.warning("the %s is not kept for the next start: %s", key, exc)
        why = of_error(exc) if isinstance(exc, SettingsError) else why_unread(exc)
        return Msg(_NOT_KEPT[key], problem=why)
    return None


def remember_volume(level: float) -> Msg | None:
    """Keep the volume the players chose for the next start (a table the service starts at every boot
    came back at the board file's volume); None when kept, else why not: the speaker plays at it now all the same."""
    return _remember("volume", str(level))


def remember_language(code: str) -> Msg | None:
    """Keep the language as the preferred one (`kaleun config set language`); None when kept, else why not: the
    table speaks it now, the next start does not."""
    return _remember("language", code)


def load_preferred_board(given: str | None, load: Callable[[str | None], Any]) -> Any:
    """`load(given or the preferred board)`; a preferred board that no longer loads (moved,
    deleted, edited wrong since `kaleun config set board`) raises the loader's BoardError with
    a last line saying where that board came from and how to change it: nobody named it."""
    from kaleun.boards.loader import BoardError

    chosen = given or preferred("board")
    try:
        return load(chosen)
    except BoardError as exc:
        if given or not chosen:
            raise
        raise BoardError([exc.args[0], Msg(
            "{board} is the preferred board of kaleun config ({file}): give --board FILE, or set another with "
            "kaleun config set board FILE (kaleun config unset board: the simulated table)", board=chosen,
            file=str(settings_file()))]) from exc


#: the language the running command was given (`--language CODE` of a maker's command), over the preferred one
_COMMAND_LANGUAGE: dict[str, str] = {}


def speak_in(code: str | None) -> None:
    """The running command speaks `code` (its `--language`, already checked) instead of the preferred language;
    None: the preferred one again (each start of `kaleun.cli.main`)."""
    _COMMAND_LANGUAGE.clear()
    if code:
        _COMMAND_LANGUAGE["code"] = code


def preferred_language() -> str:
    """The language a maker's command speaks in (`kaleun board check`, `hw check`, `config`, `wiring`):
    its `--language` (`speak_in`), else the preferred one of `kaleun config`, English when none is set or the
    settings cannot be read."""
    from kaleun.i18n import LANGUAGES

    code = _COMMAND_LANGUAGE.get("code") or preferred("language")
    return code if code in LANGUAGES else "en"


def in_preferred_language(text: Msg | str | BaseException) -> str:
    """A `Msg` (or what an exception raised with one says) in `preferred_language()`: the words of a
    maker's command, e.g. a board file's problems (`file:line: problem`)."""
    from kaleun.i18n import language

    return language(preferred_language()).render(of_error(text) if isinstance(text, BaseException) else text)
