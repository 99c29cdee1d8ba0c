"""The commands a maker sets a table up with: `kaleun board list`, `kaleun hw check`, `kaleun service install|status`,
`kaleun config set|unset|show`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kaleun.core.messages import Msg, join, of_error
from kaleun.files import why_unread

EXIT_OK, EXIT_FAIL, EXIT_BAD_INPUT = 0, 1, 2
EXIT_INTERRUPTED = 128 + 2  # Ctrl-C (SIGINT) during `kaleun hw check`


def _say(text: Any) -> str:
    """A `Msg` (or an exception raised with one) in the preferred language of `kaleun config`."""
    from kaleun.settings import in_preferred_language

    return in_preferred_language(text)


def _board(path: str | None, say: Callable[[Any], str] = _say) -> Any:
    """--board, else the preferred board, else boards/sim.toml. Prints the problem (through `say`: the preferred
    language, unless the command was given another), returns None."""
    from kaleun.boards.loader import BoardError, default_board, load_board
    from kaleun.settings import load_preferred_board

    try:
        return load_preferred_board(path, lambda chosen: load_board(chosen) if chosen else default_board())
    except BoardError as exc:
        print(say(of_error(exc)), file=sys.stderr)
        return None


# -- kaleun hw check --------------------------------------------------------------------------
def _makers_language(args: argparse.Namespace, command: str) -> str | None:
    """The language a maker's command speaks (--language, else the preferred one of `kaleun config`, else English);
    None after saying why the --language given cannot be used (in the preferred language)."""
    from kaleun.settings import SettingsError, check_language, preferred_language

    if not getattr(args, "language", None):
        return preferred_language()
    try:
        return check_language(args.language)
    except SettingsError as exc:
        print(f"{command}: {_say(exc)}", file=sys.stderr)
        return None


def cmd_hw_check(args: argparse.Namespace) -> int:
    from kaleun.bringup.check import GROUPS, check, part_names, report, scripted_problems
    from kaleun.i18n import language as of_language

    language = _makers_language(args, "kaleun hw check")  # the maker's language (--language, kaleun config)
    if language is None:
        return EXIT_BAD_INPUT
    say = of_language(language).render
    board = _board(args.board, say)
    if board is None:
        return EXIT_BAD_INPUT
    groups = GROUPS
    only: dict[str, list[str]] = {}
    if args.only is not None:
        items = [item.strip() for item in args.only.split(",") if item.strip()]
        if not items:  # `--only ""` checked every part, `--only ,` none (and passed)
            print(say(Msg("kaleun hw check: --only names no part: the parts are {parts}", parts=", ".join(GROUPS))),
                  file=sys.stderr)
            return EXIT_BAD_INPUT
        unknown = [item for item in items if item.partition(":")[0].strip() not in GROUPS]
        if unknown:
            print(say(Msg("kaleun hw check: --only {unknown}: the parts are {parts}", unknown=", ".join(unknown),
                          parts=", ".join(GROUPS))), file=sys.stderr)
            return EXIT_BAD_INPUT
        wholly = set()  # kinds named alone: every part of them, whatever else names one of them
        for item in items:
            group, named, name = (word.strip() for word in item.partition(":"))
            if not named:
                wholly.add(group)
                continue
            known = part_names(board, group)
            if name not in known:  # one part after a repair: a typo must not check nothing, nor everything
                print(say(Msg("kaleun hw check: --only {item}: {path} has no part {name} among its {group} "
                              "({known})", item=item, path=str(board.path), name=repr(name), group=group,
                              known=", ".join(known) or "-") if group != "bell" else
                          Msg("kaleun hw check: --only {item}: the bell is one part: --only bell", item=item)),
                      file=sys.stderr)
                return EXIT_BAD_INPUT
            only.setdefault(group, []).append(name)
        groups = tuple(dict.fromkeys(item.partition(":")[0].strip() for item in items))
        only = {group: names for group, names in only.items() if group not in wholly}
    if args.auto and (problems := scripted_problems(board)):
        print(say(Msg("kaleun hw check --auto: {path} cannot be checked by the scripted hands: {problems}. Run it "
                      "without --auto and check the parts by hand.", path=str(board.path),
                      problems=join(problems, "; "))), file=sys.stderr)
        return EXIT_BAD_INPUT
    lock = _table_for_check(board, say) if scripted_problems(board) else None  # real parts: none a game holds
    if lock is False:
        return EXIT_FAIL
    try:
        results = check(board, auto=args.auto, groups=groups, language=language, only=only)
    finally:
        if lock:
            lock.release()
    print(report(board, results, language))
    from kaleun.service import outdated_units

    for old in outdated_units():  # the parts check out, and the service that starts them at boot is an older one
        print(say(Msg("note: {line}", line=old)), file=sys.stderr)
    if results.stopped == "interrupted":
        return EXIT_INTERRUPTED
    if not results.stopped and all(r.status == "skip" for r in results):
        # every part was skipped (simulated, out of a hand's reach, a kind the board has none of): nothing is
        # shown to work, which must not read as a pass, for a recheck after a repair or for the whole build
        print(say(Msg("kaleun hw check: --only {only}: nothing was checked: every part it names was skipped (the "
                      "report says why), so none of them is shown to work", only=args.only.strip())
                  if args.only is not None else
                  Msg("kaleun hw check: nothing was checked: every part of {path} was skipped (the report says why), "
                      "so no part of the build is shown to work", path=str(board.path))),
              file=sys.stderr)
        return EXIT_FAIL
    # a check cut short (its input ended) has not shown the whole build to work
    return EXIT_FAIL if results.stopped or any(r.status == "fail" for r in results) else EXIT_OK


def _table_for_check(board: Any, say: Callable[[Any], str] = _say) -> Any:
    """The table's lock (`kaleun.homelock`), held while the check opens the board's real parts; False when a
    game plays at this table (the service's, or a window's): it holds the GPIO pins, the strip and the hub's
    port, so the parts would fail the check for a reason that is not theirs (a pin busy, a strip lit by the
    game meanwhile), and the maker is told to stop it first. None when the home cannot be locked at all (the
    check runs without)."""
    from kaleun.homelock import HomeLock, TableBusy
    from kaleun.paths import state_dir

    try:
        return HomeLock(state_dir()).acquire()
    except TableBusy as exc:
        stop = Msg("stop it first (quit it; a table the service started: sudo systemctl stop kaleun, or systemctl "
                   "--user stop kaleun for a user service), then check again")
        print(say(Msg("kaleun hw check: another Kaleun (process {pid}) is playing at this table and holds the parts "
                      "this check opens (GPIO pins, the strip, the deck hub's port): {stop}", pid=str(exc.pid),
                      stop=stop) if exc.pid is not None else
                  Msg("kaleun hw check: another Kaleun is playing at this table and holds the parts this check "
                      "opens (GPIO pins, the strip, the deck hub's port): {stop}", stop=stop)), file=sys.stderr)
        return False
    except OSError:
        return None


# -- kaleun service install -------------------------------------------------------------------
def cmd_service_install(args: argparse.Namespace) -> int:
    from kaleun.service import (
        ServiceError,
        access_warnings,
        board_warnings,
        desktop_autologin,
        install,
        outdated,
        plan,
        refusal,
        starting_board,
    )

    if args.board is not None and _board(args.board) is None:
        return EXIT_BAD_INPUT
    mode = "user" if args.user else "system"
    try:
        p = plan(mode, args.board, args.as_user)
    except ServiceError as exc:
        print(_say(Msg("kaleun service install: {problem}", problem=of_error(exc))), file=sys.stderr)
        return EXIT_BAD_INPUT
    # before anything is said: a damaged settings file of the service's user is named once, by its note below
    warn, line = starting_board(p, args.board)  # the unit names no board: say which one it will be
    if args.dry_run:
        print(f"# {p.unit_path} ({mode} service, runs as {p.user})")
        print(p.text, end="")
        for argv in p.commands:
            print(f"# then: {' '.join(argv)}")
        if (old := outdated(mode, p.unit_path)) is not None:  # the unit the maker has now, said beside the new one
            print(_say(Msg("note: {line}", line=old)), file=sys.stderr)
        if (refused := refusal(p)) is not None:  # the unit is shown, and the real install would stop at once
            print(_say(Msg("note: without --dry-run this install would be refused: {problem}", problem=refused)),
                  file=sys.stderr)
    else:
        try:
            install(p, lambda said: print(_say(said)))
        except ServiceError as exc:
            print(_say(Msg("kaleun service install: {problem}", problem=of_error(exc))), file=sys.stderr)
            return EXIT_FAIL
    if mode == "system":  # it draws with SDL's kmsdrm, which the pygame wheels from pip lack
        from kaleun.ports.sdl import unbuilt_video_drivers

        if unbuilt := unbuilt_video_drivers({"SDL_VIDEODRIVER": "kmsdrm"}):
            print(_say(Msg("warning: the SDL inside this pygame has no kmsdrm (it has {drivers}), so the service "
                           "cannot draw on a Pi without a desktop: build pygame on Raspberry Pi OS's own SDL2 "
                           "(host/README.md, \"A Pi that starts the table by itself\"), or install --user on a Pi "
                           "with the desktop", drivers=", ".join(unbuilt[1]))), file=sys.stderr)
    if (login := desktop_autologin(p)) is not None:
        print(_say(Msg("note: {line}", line=login)), file=sys.stderr)
    for problem in [*access_warnings(p, args.board), *board_warnings(p, args.board)]:
        print(_say(Msg("warning: {warning}", warning=problem)), file=sys.stderr)
    if warn:
        print(_say(Msg("note: {line}", line=line)), file=sys.stderr)
    else:
        print(_say(line), file=sys.stderr if args.dry_run else sys.stdout)
    if not args.dry_run:  # the last word: where to look again later (after a reboot, an update, a change of board)
        print(_say(Msg("to see at any time whether it is enabled and running, with which board: {status}",
                       status="kaleun service status")))
    return EXIT_OK


# -- kaleun service status --------------------------------------------------------------------
def cmd_service_status(args: argparse.Namespace) -> int:
    """`kaleun service status`: each kind of service, installed or not, and of an installed one whom it runs as with
    which board, whether it is up to date, enabled and running, and where its log is. 0 when one is installed and all
    is well, 1 when something needs the maker (or could not be found out: no systemd to ask)."""
    from kaleun.service import status

    found = status()
    installed = [kind for kind in found if kind.installed]
    well = bool(installed)
    for kind in found:
        name = Msg("system service") if kind.mode == "system" else Msg("user service")
        print(_say(Msg("{kind} ({path}):", kind=name, path=str(kind.unit_path))))
        for line in kind.said:
            shown = _say(line.line) if line.ok else _say(Msg("warning: {warning}", warning=line.line))
            print("\n".join(f"  {part}" for part in shown.splitlines()))
            well = well and line.ok
    if len(installed) > 1:
        well = False
        print(_say(Msg("warning: both a system and a user service are installed: each starts a table, and the second "
                       "finds the first holding the screen and the parts; disable one (sudo systemctl disable --now "
                       "kaleun.service, or systemctl --user disable --now kaleun.service)")))
    elif not installed:
        print(_say(Msg("no service is installed: the table does not start by itself (host/README.md, \"A Pi that "
                       "starts the table by itself\")")))
    return EXIT_OK if well else EXIT_FAIL


# -- kaleun board list ------------------------------------------------------------------------
def cmd_board_list(args: argparse.Namespace) -> int:
    """`kaleun board list`: the boards this Kaleun ships, each with its file (a wheel's copy lies in
    site-packages, where a maker would not look for a board to start their own from)."""
    from kaleun.boards.loader import BoardError, load_board
    from kaleun.shipped import boards_dir

    folder = boards_dir()
    files = sorted(folder.glob("*.toml")) if folder is not None else []
    if folder is None or not files:
        print(_say(Msg("kaleun board list: this Kaleun ships no board files (its boards/ folder is missing)")),
              file=sys.stderr)
        return EXIT_FAIL
    example = folder / "pi4-basic.toml" if (folder / "pi4-basic.toml").is_file() else files[0]
    print(_say(Msg("the boards Kaleun ships, in {folder} (copy one to start your own: cp {example} my-table.toml):",
                   folder=str(folder), example=str(example))))
    width = max(len(path.stem) for path in files)
    for path in files:
        try:
            what = load_board(path).name
        except BoardError as exc:
            what = _say(exc)
        print(f"  {path.stem:{width}}  {what}")
    return EXIT_OK


# -- kaleun config ----------------------------------------------------------------------------
def _settings() -> Any:
    from kaleun.i18n import language
    from kaleun.settings import Settings, SettingsError

    try:
        return Settings.load()
    except SettingsError as exc:  # in English, as every command speaks with no settings to read: said once, not
        # again by looking up the preferred language in the same damaged file
        print(language("en").render(Msg("kaleun config: {problem}", problem=of_error(exc))), file=sys.stderr)
        return None


def cmd_config_set(args: argparse.Namespace) -> int:
    from kaleun.settings import said_setting

    status = _change_setting("set", lambda settings: settings.set(args.key, args.value),
                             lambda value: Msg("{key} = {value}", key=args.key,
                                               value=said_setting(args.key, value, args.value)))
    if status == EXIT_OK and args.key == "board":  # set all the same: what `kaleun board check` would warn of
        from kaleun.boards.loader import BoardError, load_board
        from kaleun.cli import board_check_warnings

        try:
            board = load_board(Path(args.value).expanduser())
        except BoardError:  # it loaded a moment ago when the setting checked it
            return status
        for warning in board_check_warnings(board, args.value):
            print(_say(warning), file=sys.stderr)
    return status


def cmd_config_unset(args: argparse.Namespace) -> int:
    return _change_setting("unset", lambda settings: settings.unset(args.key),
                           lambda removed: Msg("{key} removed", key=args.key) if removed
                           else Msg("{key} was not set", key=args.key))


def _change_setting(verb: str, change: Callable[[Any], Any], said: Callable[[Any], Msg]) -> int:
    """`kaleun config set|unset`: change the settings, save them, say what was done."""
    from kaleun.settings import held, not_changed_under_sudo

    if (why := not_changed_under_sudo()) is not None:  # before the folder is locked: nothing of root's made there
        print(_say(Msg("kaleun config {verb}: {problem}", verb=verb, problem=why)), file=sys.stderr)
        return EXIT_BAD_INPUT
    with held():  # a change made by another command meanwhile is kept
        return _change_held(verb, change, said)


def _change_held(verb: str, change: Callable[[Any], Any], said: Callable[[Any], Msg]) -> int:
    from kaleun.settings import SettingsError

    settings = _settings()
    if settings is None:
        return EXIT_BAD_INPUT
    try:
        result = change(settings)
        settings.save()
    except SettingsError as exc:
        print(_say(Msg("kaleun config {verb}: {problem}", verb=verb, problem=of_error(exc))), file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:
        print(_say(Msg("kaleun config {verb}: cannot write {path} ({why})", verb=verb, path=str(settings.path),
                       why=why_unread(exc))), file=sys.stderr)
        return EXIT_FAIL
    print(_say(Msg("{done} (in {path})", done=said(result), path=str(settings.path))))
    return EXIT_OK


def cmd_config_show(args: argparse.Namespace) -> int:
    from kaleun.settings import KEYS, SettingsError, said_setting

    settings = _settings()
    if settings is None:
        return EXIT_BAD_INPUT
    defaults: dict[str, str | Msg] = {"board": "boards/sim.toml", "language": "en",
                                      "volume": Msg("the board file's audio.volume")}
    #: what a table does instead of a value it cannot use (a board moved away since, a volume written by hand)
    instead = {"board": Msg("a table started without --board stops with this reason: set the board again, or unset it"),
               "language": Msg("a table starts in English"),
               "volume": Msg("the board file's audio.volume applies")}
    unusable = False
    print(_say(Msg("settings in {path}:", path=str(settings.path))))
    for key, (what, check) in KEYS.items():
        value = settings.get(key)
        shown = (_say(said_setting(key, value)) if value is not None
                 else _say(Msg("not set (default: {default})", default=defaults[key])))
        print(f"  {key:9} {shown}")
        print(f"            {_say(what)}")
        if value is None:
            continue
        try:
            check(value)
        except SettingsError as exc:  # shown as set, and yet the table cannot use it: said here, not first at boot
            unusable = True
            said = _say(Msg("warning: this value cannot be used ({instead}): {problem}", instead=instead[key],
                            problem=of_error(exc)))
            print("\n".join(f"            {line}" for line in said.splitlines()))
    return EXIT_FAIL if unusable else EXIT_OK


def add_commands(sub: Any) -> None:
    from kaleun.settings import KEYS, board_argument

    hw = sub.add_parser("hw", help="check a built table part by part")
    hw_sub = hw.add_subparsers(dest="hw_command", metavar="ACTION", required=True)
    chk = hw_sub.add_parser("check", help="light each lamp, ring the bell, turn each dial, press each button, "
                                          "show each reader a figure; a pass/fail report at the end")
    chk.add_argument("--board", metavar="FILE", type=board_argument,
                     help="board file (default: the preferred board, else boards/sim.toml)")
    chk.add_argument("--auto", action="store_true",
                     help="scripted: drive mock GPIO pins and the fake hub's readers, no questions (tests)")
    chk.add_argument("--only", metavar="PARTS",
                     help="a comma-separated choice of: lamps, bell, dials, buttons, readers; one part "
                          "of a kind by its name, e.g. dials:telegraph, lamps:tube.4, buttons:pause, readers:3")
    chk.set_defaults(func=cmd_hw_check)

    service = sub.add_parser("service", help="start the table by itself at boot (systemd)")
    service_sub = service.add_subparsers(dest="service_command", metavar="ACTION", required=True)
    inst = service_sub.add_parser("install", help="write, enable and explain the systemd service")
    kind = inst.add_mutually_exclusive_group()
    kind.add_argument("--system", action="store_true",
                      help="a system service: a Pi without a desktop, full screen on KMS (the default; needs sudo)")
    kind.add_argument("--user", action="store_true",
                      help="a user service: a Pi with the desktop, full screen on the desktop's display")
    inst.add_argument("--board", metavar="FILE", type=board_argument,
                      help="board file (default: the preferred board at each start)")
    inst.add_argument("--as", dest="as_user", metavar="USER",
                      help="the user the table runs as (default: the user who runs the command, also under sudo)")
    inst.add_argument("--dry-run", action="store_true", help="print the unit and the commands; change nothing")
    inst.set_defaults(func=cmd_service_install)
    stat = service_sub.add_parser("status", help="whether the service is installed, up to date, enabled and running, "
                                                 "and where its log is")
    stat.set_defaults(func=cmd_service_status)

    config = sub.add_parser("config", help="preferred settings: the board, language and volume a table starts with")
    config_sub = config.add_subparsers(dest="config_command", metavar="ACTION", required=True)
    setting = config_sub.add_parser("set", help="set a preferred setting")
    setting.add_argument("key", choices=list(KEYS), help="the setting")
    setting.add_argument("value", help="its value: a board file (or a shipped board's name), a language code, "
                                       "a volume (0 to 1, or 60%%)")
    setting.set_defaults(func=cmd_config_set)
    unset = config_sub.add_parser("unset", help="forget a preferred setting")
    unset.add_argument("key", choices=list(KEYS))
    unset.set_defaults(func=cmd_config_unset)
    show = config_sub.add_parser("show", help="show the preferred settings")
    show.set_defaults(func=cmd_config_show)
