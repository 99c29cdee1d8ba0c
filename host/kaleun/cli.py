"""The `kaleun` command."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from kaleun import __version__

log = logging.getLogger("kaleun")

EXIT_OK = 0
EXIT_FAIL = 1
EXIT_BAD_INPUT = 2


def _board(path: str | None):  # -> Board
    from kaleun.boards.loader import default_board, load_board

    return load_board(path) if path else default_board()


def cmd_run(args: argparse.Namespace) -> int:
    from kaleun.boards.loader import BoardError
    from kaleun.core.errors import CommandError, SaveError
    from kaleun.runtime.script import EventWriter, ScriptError, ScriptRun
    from kaleun.saves import load_saved_game, save_game
    from kaleun.uboot.game import new_game

    try:
        board = _board(args.board)
    except BoardError as exc:
        print(exc, file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        game = load_saved_game(Path(args.load)) if args.load else new_game(args.seed, args.mission)
    except (SaveError, CommandError) as exc:
        print(f"kaleun run: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    events_path = Path(args.events)
    try:
        fh = open(events_path, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    except OSError as exc:
        print(f"kaleun run: cannot write {events_path}: {exc.strerror}", file=sys.stderr)
        return EXIT_FAIL
    status = EXIT_OK
    with fh:
        writer = EventWriter(fh)
        try:
            ScriptRun(game, board, writer).run(Path(args.script), until=args.until)
        except (ScriptError, CommandError) as exc:
            print(exc, file=sys.stderr)
            status = EXIT_BAD_INPUT
    if args.save and status == EXIT_OK:
        save_game(game, Path(args.save))
    log.info("%d events written to %s (game time %.0f s)", writer.count, events_path, game.t)
    return status


def _start_game(args: argparse.Namespace, resume: bool):
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
    from kaleun.ui.session import open_session

    try:
        board = _board(args.board)
        game = _start_game(args, resume)
    except BoardError as exc:
        print(exc, file=sys.stderr)
        return EXIT_BAD_INPUT
    except (SaveError, CommandError) as exc:
        print(f"kaleun: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    session = open_session(game, board, console=args.console)
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
        dials = ", ".join(f"{d.name} ({d.driver})" for d in board.dials.values()) or "none"
        print(f"{path}: ok: {board.name}; figures: {board.figure_sensor}; dials: {dials}; "
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
    for path in write_all(boards, out):
        print(f"wrote {path}")
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
    play.set_defaults(func=cmd_play)

    resume = sub.add_parser("resume", help="continue the last game from its autosave")
    game_options(resume)
    resume.add_argument("--save", metavar="FILE", help="save file (default: the autosave)")
    resume.add_argument("--console", action="store_true", help="use the text console even with a display")
    resume.set_defaults(func=lambda a: cmd_play(a, resume=True))

    run = sub.add_parser("run", help="run a table script headless, as fast as possible")
    game_options(run)
    run.add_argument("--script", required=True, metavar="FILE.jsonl", help="table script to run")
    run.add_argument("--events", required=True, metavar="OUT.jsonl", help="where to write the events")
    run.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    run.add_argument("--mission", default="training", help="mission id (default: training)")
    run.add_argument("--until", type=float, metavar="T", help="keep running to game second T after the script")
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
    if getattr(args, "seed", 0) is None:
        import secrets

        args.seed = secrets.randbelow(2**31)
    return int(args.func(args))
