"""The `kaleun hub ...`, `kaleun figures ...` and `kaleun firmware ...` commands.

Like the maker's other commands (`kaleun hw check`, `board check`, `service install`) they speak
the preferred language of `kaleun config` (`kaleun config set language de`): every line for a
person is a `Msg` rendered in it. What programs read stays as it is: the JSON of `hub status
--json` and `hub config`, the hub's frames and files, and the fake hub's answer words (`ok`,
`error:`, `link`, the `status` answer).
"""

from __future__ import annotations

import argparse
import json
import queue
import re
import shlex
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from kaleun.cli_numbers import as_typed, number
from kaleun.core.messages import Msg, as_values, of_error
from kaleun.files import why_unread

EXIT_OK, EXIT_FAIL, EXIT_BAD_INPUT = 0, 1, 2
FAKE_BOARD = "fake-hub.toml"

#: a sentence (or plain text) as the maker reads it
Say = Callable[[Msg | str], str]


def speaker() -> Say:
    """The maker's language: the preferred one of `kaleun config`, else English."""
    from kaleun.i18n import language
    from kaleun.settings import preferred_language

    return language(preferred_language()).render


def _refuse(say: Say, command: str, problem: Msg | str | BaseException) -> None:
    """`kaleun COMMAND: problem` on stderr, the problem in the maker's language."""
    said = of_error(problem) if isinstance(problem, BaseException) else problem
    print(f"kaleun {command}: {say(said)}", file=sys.stderr)


#: the longest wait a maker's command takes (`--wait`, `--timeout`, the fake hub's `wait`): our choice, a day
MOST_SECONDS = 86400.0


def _seconds_refused(say: Say, command: str, option: str, value: float | None) -> bool:
    """Refuse (True, said on stderr) a number of seconds that is not a finite one from 0 to `MOST_SECONDS`:
    `--wait inf`, `1e999` and `nan` ended in a traceback from the clock (`timestamp out of range`)."""
    if value is None or 0 <= value <= MOST_SECONDS:  # NaN fails both comparisons
        return False
    _refuse(say, command, Msg("{option} must be a number of seconds from 0 to {most}, got {value}", option=option,
                              most=f"{MOST_SECONDS:.0f}", value=as_typed(value)))
    return True


def _board(path: str | None, fallback_fake: bool = False) -> Any:
    """--board, else (but for the fake hub) the preferred board of `kaleun config`, else the default."""
    from kaleun.boards.loader import default_board, load_board
    from kaleun.settings import preferred

    if path:
        return load_board(path)
    if not fallback_fake and (mine := preferred("board")):
        return load_board(mine)
    if fallback_fake:
        from kaleun.shipped import boards_dir

        folder = boards_dir()
        if folder is not None and (folder / FAKE_BOARD).is_file():
            return load_board(folder / FAKE_BOARD)
    return default_board()


def _hub_board(args: argparse.Namespace, say: Say, fallback_fake: bool = False) -> Any | None:
    from kaleun.boards.loader import BoardError

    try:
        board = _board(args.board, fallback_fake)
    except BoardError as exc:
        print(say(of_error(exc)), file=sys.stderr)  # file:line: problem, as `kaleun board check` says it
        return None
    url = getattr(args, "url", None)
    if url is not None:  # `--url ""` too: it was read as no --url and then asked for one
        from kaleun.hub.options import FAKE_URL, check_url

        refused = check_url(url, key="--url")
        if refused is not None:
            print(say(refused), file=sys.stderr)
            return None
        if url == FAKE_URL and board.hub.url is None:  # `--url fake` alone: the shipped fake hub's readers
            board = _board(None, fallback_fake=True)
    if board.hub.url is None and not url:
        if hasattr(args, "url"):
            said = Msg("{path}: the board has no [hub] with a url (give --url or another --board)",
                       path=str(board.path))
        else:
            said = Msg("{path}: the board has no [hub] with a url (give --board a board with a deck hub)",
                       path=str(board.path))
        print(say(said), file=sys.stderr)
        return None
    return board


# -- kaleun hub config --------------------------------------------------------------------
def cmd_hub_config(args: argparse.Namespace) -> int:
    from kaleun.hub.install import InstallError, check_drive, why, write_config
    from kaleun.hub.options import hub_config

    say = speaker()
    board = _hub_board(args, say)
    if board is None:
        return EXIT_BAD_INPUT
    cfg = hub_config(board)
    if not args.out:
        print(json.dumps(cfg, indent=2))  # the file the hub reads: as it is, in any language
        return EXIT_OK
    out = Path(args.out)
    try:
        check_drive(out, force=args.force)  # an unmounted drive must not become a file named CIRCUITPY
        path = write_config(out, cfg)
    except InstallError as exc:
        _refuse(say, "hub config", exc)
        return EXIT_FAIL
    except OSError as exc:  # the drive went away while it was checked
        _refuse(say, "hub config", Msg("reading {path} failed: {why}", path=str(out), why=why(exc)))
        return EXIT_FAIL
    sections = " ".join(str(r["section"]) for r in cfg["readers"])
    print(say(Msg.plural("wrote {path}: {n} reader (section {sections}); the hub restarts by itself",
                         "wrote {path}: {n} readers (sections {sections}); the hub restarts by itself",
                         n=len(cfg["readers"]), path=str(path), sections=sections)))
    return EXIT_OK


# -- kaleun hub status --------------------------------------------------------------------
#: the link's states (`kaleun.hub.link`) as the maker reads them; `--json` keeps the state's own word
STATES: dict[str, Msg] = {
    "closed": Msg("closed"),
    "handshake": Msg("handshake"),
    "syncing": Msg("syncing"),
    "online": Msg("online"),
    "mismatch": Msg("version mismatch"),
    "foreign": Msg("another device"),
}


def format_status(status: dict[str, Any], say: Say = str, board_has_hub: bool = True, fake: bool = False) -> str:
    """The status of `HubLink.status()` for the maker, in the language of `say` (English by default).
    The link's own reasons and warnings come as it words them. `board_has_hub` False: the hub was reached
    by `--url` alone, no board with a [hub] was given, so no board file is there to name its id. `fake`: a
    fake hub inside Kaleun, made anew at every start and never remembered, so no id is offered for it."""
    from kaleun.hub.link import MISMATCH
    from kaleun.hub.options import board_takes_id

    state = STATES.get(status["state"], status["state"])
    url = str(status.get("url"))
    reason = status.get("reason")
    if isinstance(reason, Msg) and reason.template == MISMATCH:  # the state says "version mismatch" already
        reason = reason.values["detail"]
    lines = [say(Msg("deck hub at {url}: {state} ({reason})", url=url, state=state, reason=reason)
                 if reason else Msg("deck hub at {url}: {state}", url=url, state=state))]
    none = Msg("none")
    if status.get("firmware"):
        lines.append(say(Msg("firmware {firmware}, protocol {protocol} (this Kaleun speaks {host_protocol}), "
                             "name {name}, id {id}", firmware=status["firmware"], protocol=status["protocol"],
                             host_protocol=status["host_protocol"], name=status.get("name") or "-",
                             id=status.get("id") or "-")))
        sections = " ".join(map(str, status.get("sections") or [])) or "-"
        of = list(status.get("sections") or [])
        # a faulty reader by its number (0 on) and, where the hub's map says it, the section it lies under;
        # "reader 3", never a bare "3" beside the counts of this line, which read as three faulty readers
        faults: Msg | str = ", ".join(
            say(Msg("reader {reader} under section {section}", reader=r, section=of[r]))
            if isinstance(r, int) and 0 <= r < len(of) else say(Msg("reader {reader}", reader=r))
            for r in status["faults"]) or none
        lines.append(say(Msg("readers: {readers} (sections {sections}); faulty readers: {faults}",
                             readers=status["readers"], sections=sections, faults=faults)))
        lines.append(say(Msg("tags on the readers: {tags}", tags=status["tags"])))
        if status.get("remembered_id") and status.get("remembered_match"):
            lines.append(say(Msg("this is the hub the table played with (id {id}, remembered in {file})",
                                 id=status["remembered_id"], file=str(status.get("remembered_in")))))
        elif status.get("remembered_id"):
            lines.append(say(Msg("the hub the table played with is another one (id {id}, remembered in {file})",
                                 id=status["remembered_id"], file=str(status.get("remembered_in")))))
        if fake:
            lines.append(say(Msg("a fake hub inside Kaleun: made anew at every start, so no board names or "
                                 "remembers it")))
        elif status.get("id") and not status.get("board_id") and not board_takes_id(status["id"]):
            lines.append(say(Msg("the device's id {id} is not one a deck hub gives (whole bytes, two hex digits "
                                 "each), so a board file cannot name it in hub.id", id=status["id"])))
        elif status.get("id") and not status.get("board_id") and not board_has_hub:
            lines.append(say(Msg("no board with a deck hub was given, only --url, so nothing names this hub yet: the "
                                 "table remembers the first hub it meets and refuses any other; to name this one, put "
                                 "id = \"{id}\" into the [hub] section of your table's board file",
                                 id=status["id"])))
        elif status.get("id") and not status.get("board_id"):
            lines.append(say(Msg("the board names no hub.id, so the table remembers the first hub it meets and "
                                 "refuses any other: to name this one in the board file, put id = \"{id}\" into its "
                                 "[hub] section", id=status["id"])))
    drops = status.get("drops") or {}
    dropped = sum(drops.values())
    # the reasons are the protocol's words (as --json has them)
    why: Msg | str = ", ".join(f"{reason} {count}" for reason, count in sorted(drops.items())) if dropped else none
    lines.append(say(Msg("frames: {frames} good, {lost} lost in transit ({resyncs} resyncs), {out_of_order} out of "
                         "order, dropped: {dropped} ({why})", frames=status["frames"], lost=status["lost"],
                         resyncs=status["resyncs"], out_of_order=status.get("out_of_order", 0), dropped=dropped,
                         why=why)))
    hub = status.get("hub") or {}
    if hub:
        figures = {"up": hub.get("up", "?"), "scans": hub.get("scans", "?"), "ms": hub.get("ms", "?"),
                   "drops": hub.get("drops", 0)}
        if hub.get("errs"):
            lines.append(say(Msg("hub: up {up} s, {scans} scans, last scan {ms} ms, {drops} commands dropped, "
                                 "{errs} loop errors (see its REPL console)", errs=hub["errs"], **figures)))
        else:
            lines.append(say(Msg("hub: up {up} s, {scans} scans, last scan {ms} ms, {drops} commands dropped",
                                 **figures)))
    lines.append(say(Msg("connections: {connects}", connects=status["connects"])))
    for warning in status.get("warnings") or []:
        lines.append(say(Msg("warning: {warning}", warning=warning)))
    return "\n".join([lines[0], *("  " + line for line in lines[1:])])


def _open_link(board: Any, url: str | None, on_event: Any) -> tuple[Any, Any]:
    from kaleun.hub.reach import tool_link

    return tool_link(board, on_event, url)


def cmd_hub_status(args: argparse.Namespace) -> int:
    say = speaker()
    if _seconds_refused(say, "hub status", "--wait", args.wait):
        return EXIT_BAD_INPUT
    board = _hub_board(args, say, fallback_fake=False)
    if board is None:
        return EXIT_BAD_INPUT
    from kaleun.hub.reach import reach

    link, fake = _open_link(board, args.url, lambda event: None)
    try:
        online = reach(link, args.wait) is None  # a foreign device ends the wait on its hello
        if online:  # one heartbeat, so the hub's own figures are in
            link.wait(lambda core: bool(core.hub_status), min(args.wait, 2 * link.options.heartbeat_ms / 1000))
        status = link.status()
    finally:
        link.close()
        if fake is not None:
            fake.stop()
    # JSON: English keys, and the link's reasons and warnings in their English words
    print(json.dumps(as_values(status), indent=2) if args.json else
          format_status(status, say, board_has_hub=board.hub.url is not None, fake=fake is not None))
    return EXIT_OK if online else EXIT_FAIL


# -- kaleun hub trust ---------------------------------------------------------------------
def cmd_hub_trust(args: argparse.Namespace) -> int:
    """Remember the hub now at the board's port as its hub (a hub replaced on purpose): the next start
    trusts it and refuses the one before (`kaleun.hub.known`)."""
    from kaleun.hub.known import RememberedHub
    from kaleun.hub.link import HubLink
    from kaleun.hub.options import hub_options

    say = speaker()
    if _seconds_refused(say, "hub trust", "--wait", args.wait):
        return EXIT_BAD_INPUT
    board = _hub_board(args, say, fallback_fake=False)
    if board is None:
        return EXIT_BAD_INPUT
    options = hub_options(board)
    url = options.url  # the port the table's start uses: what it remembers is the hub there
    assert url is not None, "_hub_board() refuses a board without a hub url"
    if options.hub_id:
        print(say(Msg("{path}: the board names its hub (hub.id = {id}), which is the one trusted: to accept another "
                      "hub, write its id there (kaleun hub status shows it)", path=str(board.path),
                      id=options.hub_id)), file=sys.stderr)
        return EXIT_BAD_INPUT
    if options.is_fake:
        print(say(Msg("{path}: a fake hub inside Kaleun is made anew at every start and not remembered",
                      path=str(board.path))), file=sys.stderr)
        return EXIT_BAD_INPUT
    from kaleun.hub.reach import is_refused, reach

    link = HubLink(url, options, lambda event: None).start()  # no memory: it takes the hub it meets
    try:
        refused = reach(link, args.wait)  # another name (hub.name) or protocol ends the wait on its hello
        identity, reason = link.core.identity, link.core.reason
    finally:
        link.close()
    if refused is not None and is_refused(link):
        _refuse(say, "hub trust", refused)
        return EXIT_FAIL
    if refused is not None or not identity or not identity.get("id"):
        print(say(Msg("the deck hub at {url} was not trusted: {reason}", url=url,
                      reason=reason if refused is None else Msg("not online ({reason})", reason=reason))),
              file=sys.stderr)
        return EXIT_FAIL
    known = RememberedHub.for_board(board.path, url)
    known.remember(identity.get("name"), str(identity["id"]))
    print(say(Msg("deck hub '{name}' (id {id}) at {url} is now this board's hub (remembered in {file})",
                  name=str(identity.get("name") or "?"), id=str(identity["id"]), url=url, file=str(known.path))))
    return EXIT_OK


# -- kaleun hub fake ----------------------------------------------------------------------
#: the fake hub's commands: words of its command language, the same in every language
FAKE_COMMANDS = ("put READER UID | remove READER UID | place FIGURE SECTION | lift FIGURE | break READER | "
                 "fix READER | turn ENCODER COUNTS | home ENCODER | unplug | plug | reload | freeze | thaw | "
                 "wait SECONDS | status | quit")
FAKE_HELP = f"commands (one per line): {FAKE_COMMANDS}"


def fake_command(fake: Any, tags: Any, line: str, say: Say = str, encoders: Sequence[str] = ()) -> str:
    """Run one fake-hub command; returns the answer line ("ok ..." or "error: ...": the first word
    for scripts, what follows for a person in the language of `say`). `encoders`: the dials the hub's
    encoders turn, in their order, so `turn telegraph 4` names an encoder as well as `turn 0 4`."""
    from kaleun.hub.tags import normalize_uid, simulated_uid
    from kaleun.uboot.figures import FIGURES

    words = line.split("#", 1)[0].split()
    if not words:
        return ""
    verb, rest = words[0].lower(), words[1:]

    def figure_uid(name: str) -> str:
        if name not in FIGURES:
            raise ValueError(Msg("unknown figure {figure} (known: {known})", figure=repr(name),
                                 known=", ".join(FIGURES)))
        return tags.uid_of(name) or simulated_uid(name)

    def whole(word: str) -> int:  # a reader, a section, an encoder, a count
        try:
            return int(word)
        except ValueError:
            raise ValueError(Msg("{word} is not a whole number", word=repr(word))) from None

    def encoder(word: str) -> int:  # by its number, or by the dial it turns (as the fake hub lists them)
        if word in encoders:
            return list(encoders).index(word)
        if not word.lstrip("+-").isdigit():  # a dial's name: `turn telegraph 4` on a hub without encoders
            if not encoders:
                raise ValueError(Msg("the fake hub has no encoders (its board has no [hub.encoders])"))
            raise ValueError(Msg("{word} is no encoder of the fake hub: {encoders}", word=repr(word),
                                 encoders=", ".join(f"{index} {dial}" for index, dial in enumerate(encoders))))
        return whole(word)

    def seconds(word: str) -> float:
        try:
            value = float(word)
        except ValueError:
            raise ValueError(Msg("{word} is not a number of seconds", word=repr(word))) from None
        if not value <= MOST_SECONDS:  # `wait inf` or `wait 1e999` ended the fake hub with a traceback; NaN
            # with the range, as `--wait` says it: `wait 100000` (a typo for 10) was "not a number of seconds"
            raise ValueError(Msg("{word} is not a number of seconds from 0 to {most}", word=repr(word),
                                 most=f"{MOST_SECONDS:.0f}"))
        if value < 0:  # `wait -1` answered "ok": a script with a sign slip read as if it had waited
            raise ValueError(Msg("{word} is a negative number of seconds: a wait is from 0 to {most}",
                                 word=repr(word), most=f"{MOST_SECONDS:.0f}"))
        return value

    try:
        # a hand that changes nothing (a tag or figure that is not there, the cable out twice) is refused: a
        # script's typo answered "ok" and the test it drove passed without the move it meant
        if verb == "put" and len(rest) == 2:
            fake.put(whole(rest[0]), normalize_uid(rest[1]))
        elif verb == "remove" and len(rest) == 2:
            reader, uid = whole(rest[0]), normalize_uid(rest[1])
            if not fake.remove(reader, uid):
                return "error: " + say(_not_on_reader(fake, reader, uid))
        elif verb == "place" and len(rest) == 2:
            reader = fake.place_tag(figure_uid(rest[0]), whole(rest[1]))
            return "ok " + say(Msg("{figure} on reader {reader}", figure=rest[0], reader=reader))
        elif verb == "lift" and len(rest) == 1:
            uid = figure_uid(rest[0])
            if not fake.lift_tag(uid):
                return "error: " + say(Msg("{figure} is on no reader (its tag {uid}): nothing to lift",
                                           figure=rest[0], uid=uid))
        elif verb in ("break", "fix") and len(rest) == 1:
            reader = whole(rest[0])
            if fake.is_broken(reader) == (verb == "break"):
                return "error: " + say(Msg("reader {reader} is broken already (fix mends it)", reader=reader)
                                       if verb == "break" else
                                       Msg("reader {reader} is not broken (break stops it)", reader=reader))
            fake.set_broken(reader, verb == "break")
        elif verb == "turn" and len(rest) == 2:  # a hand turns a hub dial's encoder
            index, counts = encoder(rest[0]), whole(rest[1])
            if counts == 0:
                fake.turn_encoder(index, 0)  # the encoder's number is checked all the same
                return "error: " + say(Msg("a turn of 0 counts moves nothing: give the counts, + clockwise, - "
                                           "counter-clockwise"))
            fake.turn_encoder(index, counts)
        elif verb == "home" and len(rest) == 1:  # a ring passes its zero mark: its home switch closes
            fake.press_home(encoder(rest[0]))
        elif verb in ("unplug", "plug", "reload", "freeze", "thaw") and not rest:
            idle = _changes_nothing(fake, verb)
            if idle is not None:
                return "error: " + say(idle)
            getattr(fake, verb)()
            if verb == "plug":
                return "ok " + say(Msg("plugged in on {port}", port=str(fake.port_path)))
        elif verb == "wait" and len(rest) == 1:
            time.sleep(seconds(rest[0]))
        elif verb == "status" and not rest:  # a record for scripts: its words stay as they are
            fields = " ".join(f"{i}:{','.join(r.uids_field.uids()) or '-'}" for i, r in enumerate(fake.readers))
            return f"ok {'plugged' if fake.plugged else 'unplugged'}{' frozen' if fake.frozen else ''} {fields}"
        elif verb == "quit" and not rest:
            return "quit"
        else:
            return "error: " + say(Msg("cannot read {line}; commands (one per line): {commands}",
                                       line=repr(line.strip()), commands=FAKE_COMMANDS))
    except ValueError as exc:
        return "error: " + say(of_error(exc))
    return "ok"


def _not_on_reader(fake: Any, reader: int, uid: str) -> Msg:
    """Why `remove READER UID` moved nothing: where the tag is, or what the reader holds."""
    elsewhere = fake.where(uid)
    if elsewhere:
        return Msg("tag {uid} is not on reader {reader} but on reader {where}", uid=uid, reader=reader,
                   where=", ".join(map(str, elsewhere)))
    held = ", ".join(fake.readers[reader].uids_field.uids())
    if held:
        return Msg("tag {uid} is on no reader (reader {reader} holds {tags})", uid=uid, reader=reader, tags=held)
    return Msg("tag {uid} is on no reader (reader {reader} holds none)", uid=uid, reader=reader)


def _changes_nothing(fake: Any, verb: str) -> Msg | None:
    """Why the cable or firmware command `verb` would change nothing, or None when it does something."""
    if verb == "unplug" and not fake.plugged:
        return Msg("the fake hub is unplugged already (plug puts the cable back in)")
    if verb == "plug" and fake.plugged:
        return Msg("the fake hub is plugged in already, on {port} (unplug pulls the cable)", port=str(fake.port_path))
    if verb == "reload" and not fake.plugged:
        return Msg("the fake hub is unplugged, so its firmware cannot restart: plug it in first")
    if verb == "freeze" and fake.frozen:
        return Msg("the fake hub is frozen already (thaw lets it run again)")
    if verb == "thaw" and not fake.frozen:
        return Msg("the fake hub is not frozen (freeze hangs it)")
    return None


def cmd_hub_fake(args: argparse.Namespace) -> int:
    from kaleun.hub.fake import FAKE_UID, FakeHub, LinkRefused
    from kaleun.hub.options import hub_config
    from kaleun.hub.tags import FigureTags, TagStoreError

    say = speaker()
    board = _hub_board(args, say, fallback_fake=True)
    if board is None:
        return EXIT_BAD_INPUT
    cfg = hub_config(board)
    if not cfg["readers"]:
        print(say(Msg("{path}: the board's [hub] lists no readers", path=str(board.path))), file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        tags = FigureTags.load()
    except TagStoreError as exc:
        _refuse(say, "hub fake", exc)
        return EXIT_BAD_INPUT
    if args.id is not None and not re.fullmatch(r"[0-9A-F]{4,64}", args.id):
        _refuse(say, "hub fake", Msg("--id {id} must be 4 to 64 upper-case hex digits", id=repr(args.id)))
        return EXIT_BAD_INPUT
    sources: list[Any] = []
    if args.script:
        try:
            sources.append(open(args.script, encoding="utf-8"))  # noqa: SIM115 - closed below
        except OSError as exc:
            _refuse(say, "hub fake", Msg("cannot read {path} ({why})", path=args.script, why=why_unread(exc)))
            return EXIT_BAD_INPUT
    if not args.no_stdin:
        sources.append(sys.stdin)
    # a stop signal (SIGTERM, Ctrl-C, SIGHUP ...) raises StopRequested, a KeyboardInterrupt, wherever the fake hub
    # is: reading its input or serving after it ended (`kaleun.runtime.signals`); a SIGTERM that only ended the
    # serving left a fake hub reading a pipe or a terminal running, its link in place
    stop = threading.Event()
    errors: list[tuple[str, str]] = []  # the commands answered `error:`: where (FILE:LINE), and why
    try:
        fake = FakeHub(cfg, model=args.model, link=Path(args.link) if args.link else None, seed=args.seed,
                       uid=args.id or FAKE_UID).start()
    except LinkRefused as exc:  # a file of the maker's at the --link path is never replaced
        _refuse(say, "hub fake", exc)
        for source in sources:
            if source is not sys.stdin:
                source.close()
        return EXIT_BAD_INPUT
    try:
        print(say(Msg("fake deck hub on {port}", port=str(fake.port_path))), flush=True)
        if args.link:
            print(f"link {fake.url}", flush=True)  # the stable path, for scripts: the same in every language
        from kaleun.hub.options import hub_options

        sections = " ".join(map(str, fake.sections))
        summary = [say(Msg.plural("{n} reader, section {sections}", "{n} readers, sections {sections}",
                                  n=len(fake.readers), sections=sections))]
        dials = [encoder.dial for encoder in hub_options(board).encoders]
        encoders = ", ".join(f"{index} {dial}" for index, dial in enumerate(dials))
        if encoders:  # by number, with the dials they turn (the dials' ids: words of the board files)
            summary.append(say(Msg("encoders {encoders}", encoders=encoders)))
        summary.append(say(Msg("commands (one per line): {commands}", commands=FAKE_COMMANDS)))
        print("; ".join(summary), flush=True)
        reading = ""
        for source in sources:
            reading = str(getattr(source, "name", "-"))
            for number, line in enumerate(source, 1):
                answer = fake_command(fake, tags, line, say, dials)
                if answer == "quit":
                    return _fake_ended(say, errors)
                if answer.startswith("error:"):  # counted before it is printed: a stop signal may follow at once
                    errors.append((f"{reading}:{number}", answer.removeprefix("error:").strip()))
                if answer:
                    print(answer, flush=True)
        while not stop.wait(0.5):  # input ended: keep serving until stopped
            pass
    except KeyboardInterrupt:
        pass
    except UnicodeDecodeError as exc:  # a script (or an input) that is not text
        _refuse(say, "hub fake", Msg("cannot read {path} ({why})", path=reading, why=str(exc)))
        return EXIT_BAD_INPUT
    finally:
        fake.stop()
        for source in sources:
            if source is not sys.stdin:
                source.close()
    return _fake_ended(say, errors)


def _fake_ended(say: Say, errors: Sequence[tuple[str, str]]) -> int:
    """The fake hub's exit status once it ends (`quit`, a stop signal): a failure when any command of its input was
    answered `error:`, said on stderr with the first one, so a tester's script that drives it sees its typo; it
    printed the error lines and ended with status 0 all the same."""
    if not errors:
        return EXIT_OK
    where, why = errors[0]
    _refuse(say, "hub fake", Msg.plural(
        "{n} command of its input was answered with an error (the first, {where}: {why})",
        "{n} commands of its input were answered with an error (the first, {where}: {why})",
        n=len(errors), where=where, why=why))
    return EXIT_FAIL


# -- kaleun figures -----------------------------------------------------------------------
def cmd_figures_list(args: argparse.Namespace) -> int:
    from kaleun.hub.tags import FigureTags, TagStoreError
    from kaleun.uboot.figures import FIGURES, figure_term

    say = speaker()
    try:
        store = FigureTags.load()
    except TagStoreError as exc:
        _refuse(say, "figures list", exc)
        return EXIT_BAD_INPUT
    print(say(Msg("figure tags in {path}:", path=str(store.path))))
    not_enrolled = say(Msg("not enrolled"))
    for figure in FIGURES:  # the id (the word of commands), the figure as a player names it, its tag
        print(f"  {figure:20} {say(figure_term(figure)):28} {store.uid_of(figure) or not_enrolled}")
    missing = sum(store.uid_of(f) is None for f in FIGURES)
    if missing:
        print(say(Msg.plural("{n} figure has no tag: run `kaleun figures enroll`",
                             "{n} figures have no tag: run `kaleun figures enroll`", n=missing)))
    return EXIT_OK


class HubNotOnline(RuntimeError):
    """The hub did not come online: str() in English, `of_error(exc)` as a `Msg`."""


class HubArrivals:
    """The UIDs of tags put down on the hub's readers, as an iterator for Enrollment.
    `before_prompt()` forgets what arrived so far (the hub's snapshot of tags already on the
    model among it): only a tag put down after a prompt answers it."""

    def __init__(self, timeout: float | None, say: Say = str) -> None:
        self.timeout = timeout
        self.say = say
        self.arrivals: queue.SimpleQueue[str] = queue.SimpleQueue()

    def put(self, uid: str) -> None:
        self.arrivals.put(uid)

    def before_prompt(self) -> None:
        while True:
            try:
                self.arrivals.get_nowait()
            except queue.Empty:
                return

    def __iter__(self) -> HubArrivals:
        return self

    def __next__(self) -> str:
        try:
            return self.arrivals.get(timeout=self.timeout)
        except queue.Empty:
            print(self.say(Msg("(no tag within {seconds:.0f} s)", seconds=self.timeout)), flush=True)
            raise StopIteration from None


def _file_tags(uids: list[str], path: str, say: Say = str) -> Iterator[str]:
    """The UIDs of a `--tags` file, one per prompt; a file that runs out before every figure has a tag says so
    (as the hub's source says it saw no tag in time), so the enrollment's `Stopped: ...` has its reason."""
    yield from uids
    print(say(Msg("(no more tags in {path})", path=path)), flush=True)


def _hub_tags(board: Any, url: str | None, timeout: float | None, say: Say = str) -> tuple[HubArrivals, Any]:
    """(tags, close): the tags arriving on the hub's readers once it is online. Raises
    HubNotOnline when the hub does not come online within the board's hub.start_timeout_ms, or
    as soon as its hello shows another device or protocol (`kaleun.hub.reach`)."""
    from kaleun.hub.options import hub_options

    source = HubArrivals(timeout, say)
    closing: list[bool] = []
    online: list[bool] = []
    port = url or hub_options(board).url

    def on_event(event: Any) -> None:
        if event.kind == "arrived":
            source.put(event.uid)
        elif event.kind == "online":
            online.append(True)
        # news only once it was online (before, the refusal below says why), and not the link this command closes
        elif event.kind in ("offline", "foreign") and online and not closing:
            reason: Msg | str = event.detail.get("reason") or Msg("no reason given")
            if event.kind == "foreign":  # another device came to the hub's port: said as the start says it
                reason = Msg("the device at {url} is not this board's deck hub: {reason}", url=str(port),
                             reason=reason)
            print(say(Msg("(deck hub offline: {reason})", reason=reason)), flush=True)

    link, fake = _open_link(board, url, on_event)

    def close() -> None:
        closing.append(True)
        link.close()
        if fake is not None:
            fake.stop()

    from kaleun.hub.reach import reach

    # once online, its snapshot's arrivals are queued; a foreign device is refused on its hello
    refused = reach(link, link.options.start_timeout_ms / 1000)
    if refused is not None:
        close()
        raise HubNotOnline(refused)
    standing = sum(len(tags) for tags in link.core.tags.values())
    if standing:
        print(say(Msg.plural("({n} tag on the readers now: ignored, only a tag put down after its prompt counts)",
                             "({n} tags on the readers now: ignored, only a tag put down after its prompt counts)",
                             n=standing)), flush=True)
    return source, close


def cmd_figures_enroll(args: argparse.Namespace) -> int:
    from kaleun.hub.tags import Enrollment, FigureTags, TagStoreError, scripted_tags
    from kaleun.uboot.figures import FIGURES

    say = speaker()
    if _seconds_refused(say, "figures enroll", "--timeout", args.timeout):
        return EXIT_BAD_INPUT
    for figure in args.figure or []:
        if figure not in FIGURES:
            _refuse(say, "figures enroll", Msg("unknown figure {figure} (known: {known})", figure=repr(figure),
                                               known=", ".join(FIGURES)))
            return EXIT_BAD_INPUT
    try:
        store = FigureTags.load()
    except TagStoreError as exc:
        _refuse(say, "figures enroll", exc)
        return EXIT_BAD_INPUT
    close = None
    if args.tags:
        try:
            source: Iterator[str] = _file_tags(list(scripted_tags(Path(args.tags))), args.tags, say)
        except (OSError, UnicodeDecodeError) as exc:
            _refuse(say, "figures enroll", Msg("cannot read {path} ({why})", path=args.tags, why=why_unread(exc)))
            return EXIT_BAD_INPUT
    else:
        board = _hub_board(args, say)
        if board is None:
            return EXIT_BAD_INPUT
        from kaleun.hub.options import FAKE_URL, hub_options

        if args.url == FAKE_URL:  # an in-process fake hub, as the board's below
            _refuse(say, "figures enroll", Msg(
                "--url fake is a fake hub inside Kaleun, whose readers no hand reaches: run `kaleun hub fake --link "
                "PATH` (its `put READER UID` puts a tag down) and enroll with --url PATH, or give the tags with "
                "--tags FILE"))
            return EXIT_BAD_INPUT
        if not args.url and hub_options(board).is_fake:  # it would wait for ever for a tag nobody can put down
            _refuse(say, "figures enroll", Msg(
                "the deck hub of {board} is a fake hub inside Kaleun (hub.url = \"fake\"), whose readers no hand "
                "reaches: run `kaleun hub fake --link PATH` (its `put READER UID` puts a tag down) and enroll with "
                "--url PATH, or give the tags with --tags FILE", board=str(board.path)))
            return EXIT_BAD_INPUT
        print(say(Msg("Lift every figure off the model, then follow the prompts (Ctrl-C stops; progress is kept).")),
              flush=True)
        try:
            source, close = _hub_tags(board, args.url, args.timeout, say)
        except HubNotOnline as exc:
            _refuse(say, "figures enroll", exc)
            return EXIT_FAIL
    enrollment = Enrollment(store, args.figure or FIGURES, lambda text: print(say(text), flush=True))
    try:
        done = enrollment.run(source)
    except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM/SIGHUP (StopRequested): what was enrolled is saved
        if close is not None:
            close()
            close = None
        print(say(enrollment.stopped()), flush=True)
        return 128 + getattr(exc, "signum", signal.SIGINT)
    finally:
        if close is not None:
            close()
    return EXIT_OK if done else EXIT_FAIL


# -- kaleun firmware install --------------------------------------------------------------
def cmd_firmware_install(args: argparse.Namespace) -> int:
    from kaleun.hub.firmware import FirmwareNotFound
    from kaleun.hub.install import InstallError, boot_changes, check_drive, install, why
    from kaleun.hub.options import hub_config

    say = speaker()
    try:  # a file given for the drive was "reading FILE failed: a part of the path is not a folder"
        check_drive(Path(args.path), args.force)
    except InstallError as exc:
        _refuse(say, "firmware install", exc)
        return EXIT_FAIL
    config = None
    if args.board:
        board = _hub_board(args, say)
        if board is None:
            return EXIT_BAD_INPUT
        config = hub_config(board)
    else:  # the preferred board (kaleun config), when it has a deck hub
        from kaleun.boards.loader import BoardError
        from kaleun.settings import preferred

        mine = preferred("board")
        try:
            board = _board(mine) if mine else None
        except BoardError as exc:
            print(say(of_error(exc)), file=sys.stderr)
            return EXIT_BAD_INPUT
        if board is not None and board.hub.url is not None:
            print(say(Msg("the hub's config from the preferred board {board}", board=str(board.path))))
            config = hub_config(board)
    drive = args.path
    try:
        new_boot = boot_changes(Path(drive))
        copied = install(Path(drive), config, force=args.force,
                         note=lambda warning: print(say(Msg("warning: {warning}", warning=warning)),
                                                    file=sys.stderr))
    except (InstallError, FirmwareNotFound) as exc:
        _refuse(say, "firmware install", exc)
        return EXIT_FAIL
    except OSError as exc:  # reading the drive's boot.py: the drive went away, or it cannot be read
        _refuse(say, "firmware install", Msg("reading {path} failed: {why}", path=drive, why=why(exc)))
        return EXIT_FAIL
    for path in copied:
        print(f"  {path}")
    # the check that follows, for the board the hub's config came from (without it: the preferred board, which
    # may have no hub at all, and `kaleun hub status` says so instead of checking the hub just flashed)
    check = "kaleun hub status" + (f" --board {shlex.quote(args.board)}" if args.board else "")
    if new_boot:  # a first install, or a new boot.py: it only runs at power-up
        print(say(Msg.plural("installed {n} file on {drive}. Wait two seconds (the Pico writes what it received to "
                             "its flash once a second), then unplug the Pico and plug it back in: boot.py, which "
                             "opens the hub's data port, only runs at power-up. Then: {command}",
                             "installed {n} files on {drive}. Wait two seconds (the Pico writes what it received to "
                             "its flash once a second), then unplug the Pico and plug it back in: boot.py, which "
                             "opens the hub's data port, only runs at power-up. Then: {command}",
                             n=len(copied), drive=drive, command=check)))
    else:
        print(say(Msg.plural("installed {n} file on {drive}; the hub restarts by itself. Then: {command}",
                             "installed {n} files on {drive}; the hub restarts by itself. Then: {command}",
                             n=len(copied), drive=drive, command=check)))
    return EXIT_OK


# -- the parser ---------------------------------------------------------------------------
def _needs_firmware(func: Any, name: str) -> Any:
    """Run a command; a missing firmware folder (the host loads the protocol from it) is a
    clear message, not a traceback."""

    def run(args: argparse.Namespace) -> int:
        from kaleun.hub.firmware import FirmwareNotFound

        try:
            return int(func(args))
        except FirmwareNotFound as exc:
            _refuse(speaker(), name, exc)
            return EXIT_FAIL

    return run


def add_commands(sub: Any) -> None:
    """Add `hub`, `figures` and `firmware` to the `kaleun` command's subparsers."""
    from kaleun.settings import board_argument

    hub = sub.add_parser("hub", help="the deck hub: status, its config file, a fake hub")
    hub_sub = hub.add_subparsers(dest="hub_command", metavar="ACTION", required=True)

    status = hub_sub.add_parser("status", help="connect to the hub and print link state, versions, readers, drops")
    status.add_argument("--board", metavar="FILE", type=board_argument,
                        help="board file with a [hub] section (default: the preferred "
                        "board of kaleun config, else boards/sim.toml)")
    status.add_argument("--url", help="serial port or pyserial URL (default: the board's hub.url)")
    status.add_argument("--wait", type=number, default=5.0, metavar="S", help="how long to wait for the hub")
    status.add_argument("--json", action="store_true", help="print the status as JSON")
    status.set_defaults(func=_needs_firmware(cmd_hub_status, "hub status"))

    trust = hub_sub.add_parser("trust", help="accept the hub now at the board's port as its hub (one replaced on "
                               "purpose); the next start refuses the one before")
    trust.add_argument("--board", metavar="FILE", type=board_argument,
                       help="board file with a [hub] section (default: the preferred "
                       "board of kaleun config, else boards/sim.toml)")
    trust.add_argument("--wait", type=number, default=5.0, metavar="S", help="how long to wait for the hub")
    trust.set_defaults(func=_needs_firmware(cmd_hub_trust, "hub trust"))

    config = hub_sub.add_parser("config", help="write the hub's kaleun_hub.json from a board file")
    config.add_argument("--board", metavar="FILE", type=board_argument,
                        help="board file with a [hub] section (default: the preferred "
                        "board of kaleun config)")
    config.add_argument("--out", metavar="CIRCUITPY", help="the mounted CIRCUITPY drive to write kaleun_hub.json to "
                        "(default: print it)")
    config.add_argument("--force", action="store_true", help="write to a folder without boot_out.txt too")
    config.set_defaults(func=_needs_firmware(cmd_hub_config, "hub config"))

    fake = hub_sub.add_parser("fake", help="run a fake hub (the firmware logic) on a pseudo-terminal",
                              description=f"Prints the pty path, then reads {FAKE_HELP}",
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    fake.add_argument("--board", metavar="FILE", type=board_argument,
                      help="board file with the readers (default: boards/fake-hub.toml)")
    fake.add_argument("--link", metavar="PATH", help="also keep a symlink to the pty here (stable across plug)")
    fake.add_argument("--model", choices=("field", "chip"), default="field",
                      help="simulate readers as tag fields (fast) or chip register models (default: field)")
    fake.add_argument("--script", metavar="FILE", help="run the commands in FILE first")
    fake.add_argument("--no-stdin", action="store_true", help="do not read commands from standard input")
    fake.add_argument("--seed", type=int, default=0, help="seed for flaky simulated readers")
    fake.add_argument("--id", metavar="HEX", default=None,
                      help="the unique id the fake hub reports (default FA4E000000000001; another id plays "
                           "another device at the same port)")
    fake.set_defaults(func=_needs_firmware(cmd_hub_fake, "hub fake"))

    figures = sub.add_parser("figures", help="which NFC tag is under which figure")
    figures_sub = figures.add_subparsers(dest="figures_command", metavar="ACTION", required=True)
    enroll = figures_sub.add_parser("enroll", help="teach the table the figures' tags, one figure after another")
    enroll.add_argument("--board", metavar="FILE", type=board_argument,
                        help="board file with the hub (default: the preferred board of "
                        "kaleun config, else boards/sim.toml)")
    enroll.add_argument("--url", help="serial port of the hub (default: the board's hub.url)")
    enroll.add_argument("--tags", metavar="FILE", help="take the tags from FILE (one UID a line) instead of the hub")
    enroll.add_argument("--figure", action="append", metavar="ID", help="enroll only this figure (repeatable)")
    enroll.add_argument("--timeout", type=number, default=None, metavar="S", help="stop after S s without a tag")
    enroll.set_defaults(func=_needs_firmware(cmd_figures_enroll, "figures enroll"))
    listing = figures_sub.add_parser("list", help="list the figures and their tags")
    listing.set_defaults(func=cmd_figures_list)

    firmware = sub.add_parser("firmware", help="the deck hub's firmware")
    firmware_sub = firmware.add_subparsers(dest="firmware_command", metavar="ACTION", required=True)
    inst = firmware_sub.add_parser("install", help="copy the firmware and its libraries to a CIRCUITPY drive")
    inst.add_argument("path", metavar="PATH", help="the mounted CIRCUITPY drive, e.g. /media/$USER/CIRCUITPY")
    inst.add_argument("--board", metavar="FILE", type=board_argument,
                      help="also write the hub's config from this board file (default: "
                      "the preferred board of kaleun config, when it has a hub)")
    inst.add_argument("--force", action="store_true", help="install even without boot_out.txt on the drive")
    inst.set_defaults(func=_needs_firmware(cmd_firmware_install, "firmware install"))
