"""Which NFC tag sits under which figure: `figures.json` in the user's config folder.

Enrollment walks through the figures ("place the square captain figure on any reader"),
takes the UID of the next tag that arrives and stores it, refusing a tag that already
belongs to another figure. Tags come from the hub link or, for tests and batch set-up,
from a scripted list (`kaleun figures enroll --tags FILE`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from kaleun.core import jsonin
from kaleun.core.messages import Msg, of_error
from kaleun.files import UnreadableFile, locked_folder, read_file, why_unread
from kaleun.paths import config_dir
from kaleun.saves import write_atomic
from kaleun.uboot.figures import FIGURES, figure_term

log = logging.getLogger(__name__)

FILE_NAME = "figures.json"
#: nesting figures.json may have: {"tags": {uid: figure}} is 2 levels deep
MAX_DEPTH = 4
#: a tag file longer than this is not read (sixteen tags take under 2 kB)
MAX_BYTES = 1024 * 1024
#: how long saving a figure waits for another enrollment saving its own (a save takes milliseconds)
LOCK_WAIT_S = 5.0
FORMAT = "kaleun-figure-tags"
VERSION = 1


class TagStoreError(ValueError):
    """The tag file cannot be used; the message says why (the file is left untouched): str() in English,
    `of_error(exc)` as a `Msg` in the maker's language."""


class DuplicateTag(ValueError):
    def __init__(self, uid: str, owner: str) -> None:
        super().__init__(Msg("tag {uid} already belongs to the {figure}", uid=uid, figure=figure_term(owner)))
        self.uid = uid
        self.owner = owner


def normalize_uid(text: str) -> str:
    """A UID as upper-case hex; accepts separators (04:A1:B2...). Raises ValueError."""
    raw = re.sub(r"[\s:\-]", "", str(text)).upper()
    if not re.fullmatch(r"[0-9A-F]+", raw) or len(raw) not in (8, 14, 20):
        raise ValueError(Msg("{text} is not a tag UID (4, 7 or 10 bytes in hex, e.g. 04A1B2C3D4E5F6)",
                             text=repr(text)))
    return raw


def simulated_uid(figure: str) -> str:
    """The fake hub's tag for a figure nobody enrolled (7 bytes, like an NTAG213)."""
    return f"044B4C{FIGURES.index(figure):02X}000000"


def default_path() -> Path:
    return config_dir() / FILE_NAME


class FigureTags:
    def __init__(self, tags: dict[str, str] | None = None, path: Path | None = None) -> None:
        #: uid -> figure
        self.tags: dict[str, str] = dict(tags or {})
        self.path = path or default_path()

    @classmethod
    def load(cls, path: Path | None = None) -> FigureTags:
        path = path or default_path()
        try:
            text = read_file(path, MAX_BYTES).decode("utf-8")
        except FileNotFoundError:
            return cls({}, path)
        except UnreadableFile as exc:
            raise TagStoreError(Msg("{path}: cannot read the figure tags ({why})", path=str(path),
                                    why=exc.why)) from exc
        except (OSError, UnicodeDecodeError) as exc:
            raise TagStoreError(Msg("{path}: cannot read the figure tags ({why})", path=str(path),
                                    why=why_unread(exc))) \
                from exc
        try:
            data = jsonin.loads(text, max_depth=MAX_DEPTH)
        except jsonin.JsonInputError as exc:
            raise TagStoreError(Msg("{path}: {problem}; fix it or delete it and enroll again", path=str(path),
                                    problem=of_error(exc))) from exc
        newer = data.get("version") if isinstance(data, dict) and data.get("format") == FORMAT else None
        if isinstance(newer, int) and not isinstance(newer, bool) and VERSION < newer < 10**6:
            raise TagStoreError(Msg("{path}: the figure tags are of version {version}, newer than this Kaleun reads "
                                    "({reads}): a newer Kaleun wrote them (update this one); the file was kept as it "
                                    "is", path=str(path), version=str(newer), reads=str(VERSION)))
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
            raise TagStoreError(Msg("{path}: not a Kaleun figure tag file (format {format} version {version})",
                                    path=str(path), format=FORMAT, version=VERSION))
        tags = data.get("tags")
        if not isinstance(tags, dict):
            raise TagStoreError(Msg("{path}: 'tags' must map tag UIDs to figures", path=str(path)))
        out: dict[str, str] = {}
        written: dict[str, str] = {}
        for uid, figure in tags.items():
            try:
                key = normalize_uid(uid)
            except ValueError as exc:
                raise TagStoreError(Msg("{path}: {problem}", path=str(path), problem=of_error(exc))) from exc
            if key in written:
                raise TagStoreError(Msg("{path}: tag {uid} is listed twice (as {first} and {second}); keep the line "
                                        "of the figure it belongs to", path=str(path), uid=key,
                                        first=repr(written[key]), second=repr(uid)))
            written[key] = uid
            if figure not in FIGURES:
                raise TagStoreError(Msg("{path}: tag {uid} names an unknown figure {figure}", path=str(path),
                                        uid=uid, figure=repr(figure)))
            if figure in out.values():
                raise TagStoreError(Msg("{path}: the {figure} has two tags", path=str(path),
                                        figure=figure_term(figure)))
            out[key] = figure
        return cls(out, path)

    def save(self) -> None:
        data = {"format": FORMAT, "version": VERSION,
                "tags": dict(sorted(self.tags.items(), key=lambda item: FIGURES.index(item[1])))}
        write_atomic(self.path, json.dumps(data, indent=2) + "\n")

    def enroll(self, uid: str, figure: str) -> None:
        """Give `figure` the tag `uid` and save, on the file as it is now: another `kaleun figures enroll` may have
        saved figures since this one read it (an enrollment takes minutes), and each keeps the other's, a tag one
        of them gave another figure meanwhile refused (DuplicateTag). Raises TagStoreError when the file was damaged
        meanwhile, ValueError for a UID or figure that is not one."""
        with contextlib.ExitStack() as stack:
            with contextlib.suppress(OSError):  # a folder that cannot be held: the reading or the writing says why
                stack.enter_context(locked_folder(self.path.parent, LOCK_WAIT_S))
            now = FigureTags.load(self.path)
            now.assign(uid, figure)
            now.save()
            self.tags = now.tags

    def figure_of(self, uid: str) -> str | None:
        return self.tags.get(uid.upper())

    def uid_of(self, figure: str) -> str | None:
        for uid, owner in self.tags.items():
            if owner == figure:
                return uid
        return None

    def assign(self, uid: str, figure: str) -> None:
        """Give `figure` the tag `uid` (its old tag is forgotten). Raises DuplicateTag."""
        uid = normalize_uid(uid)
        if figure not in FIGURES:
            raise ValueError(Msg("unknown figure {figure}", figure=repr(figure)))
        owner = self.tags.get(uid)
        if owner is not None and owner != figure:
            raise DuplicateTag(uid, owner)
        old = self.uid_of(figure)
        if old is not None:
            del self.tags[old]
        self.tags[uid] = figure


class Enrollment:
    """Walk through `figures`, taking one tag each from a source of UIDs.

    A source that has `before_prompt()` (the hub's) is told before each prompt, so that it
    forgets tags that arrived earlier: only a tag put down after its prompt answers it. `say` hears
    every line for the maker as a `Msg` (the command renders it in the maker's language)."""

    def __init__(self, store: FigureTags, figures: Iterable[str], say: Callable[[Msg], None]) -> None:
        self.store = store
        self.figures = list(figures)
        self.say = say
        self.enrolled: list[str] = []
        self.refused: list[str] = []

    def run(self, tags: Iterator[str]) -> bool:
        """True when every figure got a tag; stops early when the source runs dry."""
        before_prompt = getattr(tags, "before_prompt", None) or (lambda: None)
        for number, figure in enumerate(self.figures, start=1):
            before_prompt()
            self.say(Msg("[{number}/{count}] Place the {figure} figure on any reader.", number=number,
                         count=len(self.figures), figure=figure_term(figure)))
            while True:
                try:
                    raw = next(tags)
                except StopIteration:
                    self.say(self.stopped())
                    return False
                try:
                    self.store.enroll(raw, figure)  # saved at once, with what another enrollment saved meanwhile
                except TagStoreError as exc:  # the file damaged meanwhile: what was saved stays, nothing more
                    problem = of_error(exc)  # its file and what is wrong with it
                    self.say(problem if isinstance(problem, Msg) else Msg("Refused: {problem}.", problem=problem))
                    self.say(self.stopped())
                    return False
                except OSError as exc:  # a full storage, a folder in the way: the figures saved before stay
                    self.say(Msg("{path}: cannot save the figure tags ({why})", path=str(self.store.path),
                                 why=why_unread(exc)))
                    self.say(self.stopped())
                    return False
                except DuplicateTag as exc:
                    self.refused.append(exc.uid)
                    before_prompt()
                    self.say(Msg("Refused: {problem}. Use another tag for the {figure}.", problem=of_error(exc),
                                 figure=figure_term(figure)))
                    continue
                except ValueError as exc:
                    self.refused.append(str(raw))
                    before_prompt()
                    self.say(Msg("Refused: {problem}.", problem=of_error(exc)))
                    continue
                self.enrolled.append(figure)
                self.say(Msg("The {figure} is tag {uid}.", figure=figure_term(figure), uid=normalize_uid(raw)))
                break
        self.say(Msg.plural("Done: {n} figure enrolled (saved in {path}).",
                            "Done: {n} figures enrolled (saved in {path}).", n=len(self.enrolled),
                            path=str(self.store.path)))
        return True

    def stopped(self) -> Msg:
        """What an enrollment that stops early says: how many figures it kept, and where."""
        return Msg.plural("Stopped: {enrolled} of {n} figure enrolled (saved in {path}).",
                          "Stopped: {enrolled} of {n} figures enrolled (saved in {path}).", n=len(self.figures),
                          enrolled=len(self.enrolled), path=str(self.store.path))


def scripted_tags(path: Path) -> Iterator[str]:
    """UIDs from a file, one per line (# comments and blank lines skipped). A regular file of at most
    `MAX_BYTES` only: /dev/zero would be read until the memory ran out, a named pipe waited on for ever
    (OSError saying what it is)."""
    for line in read_file(path, MAX_BYTES).decode("utf-8").splitlines():
        text = line.split("#", 1)[0].strip()
        if text:
            yield text
