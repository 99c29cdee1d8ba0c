"""The `kaleun` command."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from kaleun import __version__

if TYPE_CHECKING:
    from kaleun.boards.model import Board
    from kaleun.core.engine import Engine

log = logging.getLogger("kaleun")

EXIT_OK = 0
EXIT_FAIL = 1
EXIT_BAD_INPUT = 2


def _board(path: str | None) -> Board:
    from kaleun.boards.loader import default_board, load_board

    return load_board(path) if path else default_board()


def cmd_run(args: argparse.Namespace) -> int:
    from kaleun.boards.loader import BoardError
    from kaleun.core.errors import CommandError, SaveError
    from kaleun.runtime.script import MAX_T, EventWriter, ScriptError, ScriptRun
    from kaleun.runtime.table import TableError
    from kaleun.saves import load_saved_game, save_game
    from kaleun.uboot.game import new_game

    script, events_path = Path(args.script), Path(args.events)
    if events_path.exists() and script.exists() and events_path.resolve() == script.resolve():
        return _fail("kaleun run: --events would overwrite the script itself")
    if args.until is not None and not 0 <= args.until <= MAX_T:
        return _fail(f"kaleun run: --until must be a game time from 0 to {MAX_T:.0f} s, got {args.until}")
    if args.load and (args.seed is not None or args.mission is not None):
        return _fail("kaleun run: --seed and --mission come from the save when --load is given")
    try:
        board = _board(args.board)
        game = (load_saved_game(Path(args.load)) if args.load
                else new_game(args.seed or 0, args.mission or "training"))
    except BoardError as exc:
        return _fail(str(exc))
    except (SaveError, CommandError) as exc:
        return _fail(f"kaleun run: {exc}")
    try:
        fh = open(events_path, "w", encoding="utf-8", errors="backslashreplace")  # noqa: SIM115 - closed below
    except OSError as exc:
        return _fail(f"kaleun run: cannot write {events_path}: {exc.strerror}", EXIT_FAIL)
    status = EXIT_OK
    with fh:
        writer = EventWriter(fh)
        try:
            ScriptRun(game, board, writer).run(script, until=args.until)
        except TableError as exc:
            status = _fail(f"kaleun run: cannot set up the table: {exc}")
        except (ScriptError, CommandError) as exc:
            status = _fail(str(exc))
    if args.save and status == EXIT_OK:
        try:
            save_game(game, Path(args.save))
        except OSError as exc:
            return _fail(f"kaleun run: cannot save to {args.save}: {exc.strerror or exc}", EXIT_FAIL)
    log.info("%d events written to %s (game time %.0f s)", writer.count, events_path, game.t)
    return status


def _fail(message: str, status: int = EXIT_BAD_INPUT) -> int:
    print(message, file=sys.stderr)
    return status


def _start_game(args: argparse.Namespace, resume: bool) -> Engine:
    from kaleun.paths import autosave_path
    from kaleun.saves import load_saved_game
    from kaleun.uboot.game import new_game

    if resume:
        path = Path(args.save) if args.save else autosave_path()
        return load_saved_game(path)
    return new_game(args.seed, args.mission)


def cmd_play(args: argparse.Namespace, resume: bool = False) -> int:
    from kaleun.boards.loader import BoardError
    from kaleun.core.errors import CommandError, SaveError
    from kaleun.runtime.table import TableError
    from kaleun.ui.session import keep_previous_autosave, open_session

    try:
        board = _board(args.board)
        game = _start_game(args, resume)
    except BoardError as exc:
        return _fail(str(exc))
    except (SaveError, CommandError) as exc:
        return _fail(f"kaleun: {exc}")
    if not resume:
        kept = keep_previous_autosave()
        if kept is not None:
            print(f"kaleun: the previous game was kept as {kept} (continue it with: kaleun resume --save {kept})",
                  file=sys.stderr)
    try:
        session = open_session(game, board, console=args.console or args.headless, headless=args.headless)
    except TableError as exc:
        return _fail(f"kaleun: cannot set up the table: {exc}")
    return session.run()


def cmd_board_check(args: argparse.Namespace) -> int:
    from kaleun.boards.loader import BoardError, load_board

    status = EXIT_OK
    for path in args.files:
        try:
            board = load_board(path)
        except BoardError as exc:
            print(exc, file=sys.stderr)
            status = EXIT_BAD_INPUT
            continue
        dials = ", ".join(f"{d.name} ({d.driver}{', home: ' + d.homing if d.decl.is_ring else ''})"
                          for d in board.dials.values()) or "none"
        print(f"{board.path}: ok: {board.name}; figures: {board.figure_sensor}; dials: {dials}; "
              f"lamps: {board.lamps.driver} ({board.lamps.pixels} px); audio: {board.audio.driver} "
              f"({board.audio.output}); estimated draw {board.power_ma} mA")
        for warning in board.warnings:
            print(f"warning: {warning}", file=sys.stderr)
    return status


def cmd_wiring(args: argparse.Namespace) -> int:
    from kaleun.boards.loader import BoardError, load_board, source_tree
    from kaleun.wiring.generate import write_all

    root = source_tree()
    files = [Path(f) for f in args.boards] or sorted((root / "boards").glob("*.toml") if root else [])
    if not files:
        print("kaleun wiring: no board files given", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        boards = [load_board(f) for f in files]
    except BoardError as exc:
        print(exc, file=sys.stderr)
        return EXIT_BAD_INPUT
    out = Path(args.out) if args.out else (root / "wiring" if root else Path("wiring"))
    from kaleun.wiring.generate import can_render

    for path in write_all(boards, out):
        print(f"wrote {path}")
    if not can_render():
        print("kaleun wiring: no drawings (SVG): install Graphviz (sudo apt install graphviz)", file=sys.stderr)
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kaleun", description="Table controller for U-BOOT: The Board Game.")
    parser.add_argument("--version", action="version", version=f"kaleun {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log debugging detail")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def game_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--board", metavar="FILE", help="board file (default: boards/sim.toml)")

    play = sub.add_parser("play", help="play at the table (window, or console without a display)")
    game_options(play)
    play.add_argument("--seed", type=int, default=None, help="random seed (default: a new one)")
    play.add_argument("--mission", default="training", help="mission id (default: training)")
    play.add_argument("--console", action="store_true", help="use the text console even with a display")
    play.add_argument("--headless", action="store_true",
                      help="no screen and no typed input: run until stopped (a service); the feed goes to stdout")
    play.set_defaults(func=cmd_play)

    resume = sub.add_parser("resume", help="continue the last game from its autosave")
    game_options(resume)
    resume.add_argument("--save", metavar="FILE", help="save file (default: the autosave)")
    resume.add_argument("--console", action="store_true", help="use the text console even with a display")
    resume.add_argument("--headless", action="store_true", help="no screen and no typed input: run until stopped")
    resume.set_defaults(func=lambda a: cmd_play(a, resume=True))

    run = sub.add_parser("run", help="run a table script headless, as fast as possible")
    game_options(run)
    run.add_argument("--script", required=True, metavar="FILE.jsonl", help="table script to run")
    run.add_argument("--events", required=True, metavar="OUT.jsonl", help="where to write the events")
    run.add_argument("--seed", type=int, default=None, help="random seed (default: 0)")
    run.add_argument("--mission", default=None, help="mission id (default: training)")
    run.add_argument("--until", type=float, metavar="T",
                     help="after the last line, keep running to game second T (an `end` line stops at once)")
    run.add_argument("--load", metavar="SAVE", help="start from a saved game instead of a new one")
    run.add_argument("--save", metavar="SAVE", help="save the game at the end of the run")
    run.set_defaults(func=cmd_run)

    board = sub.add_parser("board", help="board files")
    board_sub = board.add_subparsers(dest="board_command", metavar="ACTION", required=True)
    check = board_sub.add_parser("check", help="validate board files")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.set_defaults(func=cmd_board_check)

    wiring = sub.add_parser("wiring", help="generate wiring documents (harness, pinout, BOM) from board files")
    wiring.add_argument("boards", nargs="*", metavar="BOARD", help="board files (default: every file in boards/)")
    wiring.add_argument("--out", metavar="DIR", help="output folder (default: wiring/)")
    wiring.set_defaults(func=cmd_wiring)

    from kaleun.hub.commands import add_commands as add_hub_commands  # hub, figures, firmware

    add_hub_commands(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_BAD_INPUT
    if getattr(args, "seed", 0) is None and args.command == "play":
        import secrets

        args.seed = secrets.randbelow(2**31)
    return int(args.func(args))
