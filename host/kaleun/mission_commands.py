"""Commands about missions: `kaleun missions`, `kaleun missions check`, `kaleun career`, and the set-up
of a new U-BOOT game (`kaleun play --linked/--campaign/--difficulty/--easy-watch`, `--setup` asks on the
terminal)."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import IO, Any, cast

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def missions_epilog() -> str:
    """The missions, one line each, for `kaleun play --help` (U-BOOT's front's `epilog`, kaleun/fronts/uboot.py)."""
    try:
        from kaleun.i18n import language
        from kaleun.own_missions import program_own
        from kaleun.uboot.missions.setup import mission_lines

        english = language("en")  # the help is English; its dates read as written, "22 September 1939"
        return "missions (--mission ID):\n" + "\n".join("  " + line
                                                          for line in listed(english, mission_lines(program_own())))
    except ValueError as exc:  # a mission file with mistakes
        return f"missions: cannot be listed:\n{exc}"


def listed(lang: Any, lines: list[Any], columns: int | None = None) -> list[str]:
    """The missions' lines (`MissionLine.line`) in a language, their dates padded to one width so that the
    names start in one column ("4 July 1942" is shorter than "22 September 1939"). With `columns` (a terminal's
    width) a line too long for it is broken between words, its rows going on under the name (a narrow terminal:
    indented by four); each mission's text is then its line's rows."""
    from kaleun.core.messages import Msg, When

    rendered = [(lang.render(m.line()), lang.render(Msg("{date}", date=When.day(m.start))), f"{m.id:<24} ")
                for m in lines]
    width = max((len(date) for _line, date, _id in rendered), default=0)
    out = []
    for line, date, ident in rendered:
        head = ident + date
        text = ident + date.ljust(width) + line[len(head):] if line.startswith(head) else line
        rest = text[len(ident) + width:]
        hang = len(ident) + width + len(rest) - len(rest.lstrip(" "))  # where the name starts
        out.append(fitted(text, columns, hang if columns is None or columns - hang >= NARROWEST else 4))
    return out


#: the fewest columns a row broken to a terminal's width keeps for its words; a hanging indent that leaves fewer
#: is made four
NARROWEST = 30


def terminal_columns(stream: IO[str] | None = None) -> int | None:
    """The width of the terminal a listing is printed on; None when it goes to a file or a pipe (each line whole,
    for grep and scripts)."""
    import shutil

    stream = stream if stream is not None else sys.stdout
    try:
        if stream is None or not stream.isatty():
            return None
    except (AttributeError, ValueError, OSError):
        return None
    return max(20, shutil.get_terminal_size().columns)


def shortened(line: str, columns: int) -> str:
    """`line` cut to one row of a terminal `columns` wide, an ellipsis where it was cut (kept a column short of the
    edge: a row filled to its last column is wrapped by some terminals)."""
    room = max(1, columns - 1)
    return line if len(line) <= room else line[:room - 1].rstrip() + "…"


def fitted(line: str, columns: int | None, hang: int) -> str:
    """`line` as it fits a terminal `columns` wide: broken between words into rows, each after the first
    indented by `hang` spaces (a word longer than a row stays whole). Without `columns`, the line as it is."""
    if columns is None or len(line) <= columns:
        return line
    import textwrap

    rows = textwrap.wrap(line, columns, subsequent_indent=" " * hang, break_long_words=False,
                         break_on_hyphens=False)
    return "\n".join(rows) if rows else line


def listing_language(args: argparse.Namespace) -> str | None:
    """The language `kaleun missions` and `kaleun career` print in and `kaleun run --debrief` draws in
    (--language, else the saved setting, else English); None after saying why a --language given cannot be
    used."""
    from kaleun.settings import SettingsError, check_language

    if getattr(args, "language", None):
        try:
            return str(check_language(args.language))
        except SettingsError as exc:
            from kaleun.settings import in_preferred_language

            print(f"kaleun: {in_preferred_language(exc)}", file=sys.stderr)
            return None
    return _table_language(args)


def cmd_missions(args: argparse.Namespace) -> int:
    from kaleun.i18n import language
    from kaleun.uboot.missions.catalogue import MissionError

    code = listing_language(args)
    if code is None:
        return EXIT_BAD_INPUT

    try:
        from kaleun.own_missions import program_own
        from kaleun.uboot.missions.setup import mission_lines

        lines = mission_lines(program_own())
    except MissionError as exc:
        from kaleun.core.messages import of_error

        print(language(code).render(of_error(exc)), file=sys.stderr)
        return EXIT_BAD_INPUT
    _tell_left_out(language(code))
    if args.json:
        from dataclasses import asdict

        print(json.dumps([asdict(m) for m in lines], ensure_ascii=False, indent=1))
        return EXIT_OK
    for line in listed(language(code), lines, terminal_columns()):
        print(line)
    return EXIT_OK


def tell_left_out(args: argparse.Namespace) -> None:
    """At the start of a new game (`kaleun play`, `kaleun run`): the group's own mission files left out, each with
    its problems, in the table's language (on standard error)."""
    from kaleun.i18n import language

    _tell_left_out(language(_table_language(args)), getattr(args, "mission", None))


def _tell_left_out(lang: Any, asked: str | None = None) -> None:
    """The group's own mission files left out of the list, each with its problems (on standard error); not the
    file of the mission `asked` for when that mission cannot be played (its refusal says them): a file named as a
    shipped mission is told, and the shipped one is played."""
    from kaleun.core.messages import Msg, join
    from kaleun.own_missions import program_own
    from kaleun.paths import own_missions_dir
    from kaleun.uboot.game import MISSIONS

    own = program_own()
    for name, problems in own.refused.items():
        if asked is not None and asked not in MISSIONS and own.refusal(asked) is problems:
            continue
        if name == str(own_missions_dir()):  # the folder itself cannot be read: its problem says it whole
            print(lang.render(join(problems, "\n")), file=sys.stderr)
            continue
        print(lang.render(Msg("kaleun: own mission file {path} left out:\n{problems}", path=name,
                              problems=join(problems, "\n"))), file=sys.stderr)


#: a mission file longer than this is not read (the shipped ones are a few kB)
MISSION_BYTES = 1024 * 1024


def cmd_missions_check(args: argparse.Namespace) -> int:
    """`kaleun missions check`: each file's missions or its problems (`file:line: problem`), in the table's
    language (--language, else `kaleun config`, else English): a mission's maker may write in German or Russian."""
    from kaleun.core.messages import Msg, join, of_error
    from kaleun.files import read_file, why_unread
    from kaleun.i18n import language
    from kaleun.uboot.missions.catalogue import MissionError, check_text

    code = listing_language(args)
    if code is None:
        return EXIT_BAD_INPUT
    lang = language(code)
    status = EXIT_OK
    if not args.files:  # the group's own missions folder
        return _check_own_folder(lang)
    for name in args.files:
        path = Path(name)
        try:
            text = read_file(path, MISSION_BYTES).decode("utf-8")  # a regular file only: a pipe hung the check
        except (OSError, UnicodeDecodeError) as exc:
            print(lang.render(Msg("{path}: cannot read the mission file ({why})", path=name,
                                  why=why_unread(exc))), file=sys.stderr)
            status = EXIT_BAD_INPUT
            continue
        single = None if args.table else path.stem
        if single is not None and _in_own_folder(path):  # played as the group's own: what it may not be too
            from kaleun.uboot.missions.own import check_own

            checked, problems = check_own(text, name, single)
            if checked is None:
                print(lang.render(join(problems, "\n")), file=sys.stderr)
                status = EXIT_BAD_INPUT
                continue
            found = {single: checked}
        else:
            try:
                found = check_text(text, name, single)
            except MissionError as exc:
                print(lang.render(of_error(exc)), file=sys.stderr)
                status = EXIT_BAD_INPUT
                continue
        for mid, spec in found.items():
            _say_ok(lang, name, mid, spec)
        if single is not None and single in found and not _shipped_file(path):
            _note_own(lang, text, name, single, found[single])
    return status


def _shipped_file(path: Path) -> bool:
    """The file is one of the missions Kaleun ships (its package's `uboot/data/missions/`)."""
    from importlib import resources

    from kaleun.uboot import data

    try:
        return path.resolve().parent == Path(str(resources.files(data.__package__).joinpath("missions"))).resolve()
    except OSError:
        return False


def _note_own(lang: Any, text: str, name: str, mission: str, spec: dict[str, Any]) -> None:
    """A mission file checked outside the group's own folder is told what would keep it out of that folder (a
    shipped mission's id, a linked patrol's keys): the check said `ok`, and the same file copied there is left out."""
    from kaleun.core.messages import Msg, join
    from kaleun.paths import own_missions_dir
    from kaleun.uboot.missions.own import own_problems

    problems = own_problems(text, name, mission, spec)
    if problems:
        print(lang.render(Msg("note: {path}: as a group's own mission (a file in {folder}) it would be left out:\n"
                              "{problems}", path=name, folder=str(own_missions_dir()), problems=join(problems, "\n"))),
              file=sys.stderr)


def _say_ok(lang: Any, name: str, mid: str, spec: dict[str, Any]) -> None:
    from kaleun.core.messages import Msg, join

    counts = join([Msg.plural("{n} objective", "{n} objectives", len(spec.get("objective", []))),
                   Msg.plural("{n} HQ signal", "{n} HQ signals", len(spec.get("radio", []))),
                   Msg.plural("{n} encounter", "{n} encounters", len(spec.get("encounter", [])))])
    print(lang.render(Msg("{path}: ok: {mission}: {name}, {date}, {counts}", path=name, mission=mid,
                          name=Msg.term(spec["name"]), date=spec["start"][:10], counts=counts)))


def _in_own_folder(path: Path) -> bool:
    from kaleun.paths import own_missions_dir

    try:
        return path.resolve().parent == own_missions_dir().resolve()
    except OSError:
        return False


def _check_own_folder(lang: Any) -> int:
    """`kaleun missions check` without files: every file of the group's own missions folder, as the list and
    `kaleun play` read them."""
    from kaleun.core.messages import Msg, join
    from kaleun.own_missions import folder_problem, own_files, read_own_files
    from kaleun.paths import own_missions_dir

    problem = folder_problem()
    if problem is not None:
        print(lang.render(problem), file=sys.stderr)
        return EXIT_BAD_INPUT
    paths = own_files()
    for other in _not_read(own_missions_dir()):  # saved by an editor as wolf_watch.toml.txt, WOLF_WATCH.TOML ...
        print(lang.render(Msg("{path}: not read: the name of a mission file ends in .toml (the id is the name before "
                              "it)", path=str(other))), file=sys.stderr)
    if not paths:
        print(lang.render(Msg("no mission files in {folder} (a group's own missions go there, one <id>.toml each)",
                              folder=str(own_missions_dir()))))
        return EXIT_OK
    own = read_own_files(paths)
    for mid, spec in own.missions.items():
        _say_ok(lang, own.files[mid], mid, spec)
    for problems in own.refused.values():
        print(lang.render(join(problems, "\n")), file=sys.stderr)
    return EXIT_BAD_INPUT if own.refused else EXIT_OK


def _not_read(folder: Path) -> list[Path]:
    """The files of the missions folder whose name looks like a mission file's but does not end in `.toml` (an
    editor's `.txt` added to it, capitals): passed over by the list and the start, said by `kaleun missions check`."""
    try:
        names = sorted(folder.iterdir())
    except OSError:
        return []
    return [p for p in names if not p.name.startswith(".") and not p.name.endswith(".toml")
            and ".toml" in p.name.lower() and p.is_file()]


def cmd_career(args: argparse.Namespace) -> int:
    from kaleun.career import CareerError, NewerCareer, career_messages, career_path, damaged_what_to_do, load_career
    from kaleun.core.messages import Msg, of_error
    from kaleun.i18n import language

    code = listing_language(args)
    if code is None:
        return EXIT_BAD_INPUT
    lang = language(code)
    try:
        record = load_career()
    except CareerError as exc:
        print(lang.render(of_error(exc)), file=sys.stderr)
        if not isinstance(exc, NewerCareer):  # a newer Kaleun's record: this one is updated, as the line says
            print(lang.render(damaged_what_to_do()), file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        print(json.dumps(record, ensure_ascii=False, indent=1))
        return EXIT_OK
    if not record["missions"] and record.get("campaign") is None:
        print(lang.render(Msg("No mission with objectives has been played yet ({path}).", path=str(career_path()))))
        return EXIT_OK
    columns = terminal_columns()
    for line in career_messages(record):
        text = lang.render(line)
        # on a terminal a long line goes on indented under its start (a mission's row under its date)
        print(fitted(text, columns, len(text) - len(text.lstrip(" ")) + 4))
    return EXIT_OK


def _own_folder_said() -> str:
    """Where the group's own mission files go, as the help says it."""
    from kaleun.paths import own_missions_dir

    return str(own_missions_dir()).replace("%", "%%")  # argparse formats help texts with %


def add_commands(sub: Any) -> None:
    missions = sub.add_parser("missions", help="list the U-BOOT missions, one line each; check mission files",
                              description="Without an action: the U-BOOT missions, one line each (the id is what "
                                          "kaleun play --mission takes), the group's own missions among them "
                                          f"(marked; one <id>.toml each in {_own_folder_said()}); a file of them "
                                          "with mistakes is left out and said with its problems. check checks "
                                          "mission files.")
    missions.add_argument("--json", action="store_true", help="the list as JSON (id, name, start, base, summary, ...)")
    missions.add_argument("--language", metavar="CODE", help="the list's language (default: `kaleun config`, else en)")
    missions.set_defaults(func=cmd_missions)
    missions_sub = missions.add_subparsers(dest="missions_command", metavar="ACTION",
                                           title="actions (optional: without one, the missions are listed)")
    check = missions_sub.add_parser("check", help="check mission files (problems as file:line: problem)",
                                    description="Check mission files: each file's missions, or its problems as "
                                                "file:line: problem. Without FILE: the group's own missions "
                                                f"({_own_folder_said()}).")
    check.add_argument("files", nargs="*", metavar="FILE.toml",
                       help="mission files (default: every file of the group's own missions folder)")
    check.add_argument("--table", action="store_true",
                       help="the file holds a table per mission (like missions.toml), not one mission")
    check.add_argument("--language", metavar="CODE", default=argparse.SUPPRESS,
                       help="the problems' language (default: `kaleun config`, else en)")
    check.set_defaults(func=cmd_missions_check)
    # the action may be left out (the list): the usage says so, as argparse would for an optional argument
    missions.usage = missions.format_usage().removeprefix("usage: ").strip().replace("ACTION ...", "[ACTION ...]")

    career = sub.add_parser("career", help="the career record: missions played, the campaign, the linked patrol")
    career.add_argument("--json", action="store_true", help="the whole record as JSON")
    career.add_argument("--language", metavar="CODE", help="the record's language (default: `kaleun config`, else en)")
    career.set_defaults(func=cmd_career)


# -- setting a game up -----------------------------------------------------------------------------
def add_play_options(play: argparse.ArgumentParser, setup: bool = True) -> None:
    """The set-up options of `kaleun play`; `kaleun run` takes them too, all but `--setup` (`setup=False`): a
    script's game is set up on the command line."""
    how = play.add_mutually_exclusive_group()
    how.add_argument("--linked", action="store_true",
                     help="U-BOOT: play linked missions: the next part of the linked patrol in progress (or a new "
                          "patrol from --mission), carrying the boat and crew over")
    how.add_argument("--campaign", action="store_true",
                     help="U-BOOT: the campaign's next mission (a new campaign if none is running, or with "
                          "--mission naming its first mission)")
    play.add_argument("--difficulty", default=None, metavar="ROLE=LEVEL,...",
                      help="U-BOOT: difficulty per role, e.g. captain=hard,engineer=easy (levels easy, normal, "
                           "hard); with --linked or --campaign a role not named plays as the last part did")
    play.add_argument("--easy-watch", dest="easy_watch", default=None, metavar="ROLE,...",
                      help="U-BOOT: the easy watch change for these roles (roles on easy difficulty only); with "
                           "--linked or --campaign a role on easy keeps the last part's")
    if setup:
        play.add_argument("--setup", action="store_true",
                          help="U-BOOT: choose the mission, mode and difficulties on the terminal")


def wants_setup(args: argparse.Namespace) -> bool:
    return any(getattr(args, k, None) for k in ("linked", "campaign", "difficulty", "easy_watch", "setup"))


def parse_setup(args: argparse.Namespace) -> Any:
    """The GameSetup the play options ask for (ValueError names a bad option)."""
    from kaleun.own_missions import program_own
    from kaleun.uboot.missions.setup import GameSetup

    difficulty: dict[str, str] = {}
    for pair in (args.difficulty or "").split(","):
        if not pair.strip():
            continue
        role, sep, level = pair.partition("=")
        if not sep:
            from kaleun.core.messages import Msg

            raise ValueError(Msg("--difficulty takes ROLE=LEVEL pairs, e.g. captain=hard, got {pair}", pair=repr(pair)))
        difficulty[role.strip()] = level.strip()
    easy = {role.strip(): True for role in (args.easy_watch or "").split(",") if role.strip()}
    mode = "linked" if getattr(args, "linked", False) else "campaign" if getattr(args, "campaign", False) else "single"
    return GameSetup(mission=args.mission or "", seed=int(args.seed or 0), mode=mode, difficulty=difficulty,
                     easy_watch_change=easy, own=program_own())


def start_from_args(args: argparse.Namespace) -> Any:
    """The U-BOOT game `kaleun play` starts with set-up options (CareerError, CommandError: why not; MissionError:
    a mission file with mistakes, `file:line: problem`). A set-up refused (a level no role has, the easy watch
    change for a role not on easy, the input ended) is a CommandError: said as `kaleun: ...` like every refusal
    of `kaleun play`, in the table's language."""
    from kaleun.core.errors import CommandError
    from kaleun.core.messages import of_error
    from kaleun.uboot.missions.catalogue import MissionError

    try:
        return _start_from_args(args)
    except (CommandError, MissionError):
        raise
    except ValueError as exc:
        raise CommandError(of_error(exc)) from exc


def _start_from_args(args: argparse.Namespace) -> Any:
    from kaleun.career import CareerError, start_configured
    from kaleun.core.messages import Msg
    from kaleun.uboot.missions.catalogue import patrol_titled, titled

    if getattr(args, "setup", False):
        from kaleun.career import load_career

        try:
            record: dict[str, Any] | None = load_career()
        except CareerError:
            record = None  # start_configured says what is wrong with it
        if sys.stdin is None:  # started with its standard input closed: nothing to read the answers from
            raise ValueError(Msg("the set-up was cut short (no more input): no game was started"))
        setup = interactive_setup(sys.stdin, sys.stdout, seed=int(args.seed or 0), language=_table_language(args),
                                  record=record, going_on=getattr(args, "going_on", None))
    else:
        setup = parse_setup(args)
        if setup.mode == "single" and not setup.mission:
            setup.mission = "training"
        via = "run" if getattr(args, "command", None) == "run" else "play"  # a table script's run goes on by script
        _tell_patrol_given_up(setup, _table_language(args), via)
        _tell_carried(setup, _table_language(args))
    held = _held_part(setup) if getattr(args, "command", None) != "run" else None  # a script's run has no autosave
    try:
        # a new campaign is written into the record just before the table's first save, or once a script's run went
        # through (`career.begin_campaign`): a start or a run that fails before leaves the running campaign as it was
        game = start_configured(setup, later=True)
    except CareerError as exc:
        if held is not None and setup.mode == "linked" and not setup.mission and _no_linked_patrol():
            raise CareerError(Msg("no linked patrol is in progress in the career record: the autosave holds {mission} "
                                  "of the linked patrol {patrol}, not over yet (a part is booked when it ends): "
                                  "continue it with kaleun resume", mission=titled(held[0]),
                                  patrol=patrol_titled(held[1]))) from exc
        raise
    if held is not None and game.config.get("mission") == held[0]:
        _tell_held_part(setup.mode, held, _table_language(args))
    return game


def _no_linked_patrol() -> bool:
    """The career record reads and holds no linked patrol in progress (a damaged record is said as it is)."""
    from kaleun.career import CareerError, load_career

    try:
        patrol = load_career().get("patrol")
    except CareerError:
        return False
    return patrol is None or patrol.get("mode") != "linked"


def _held_part(setup: Any) -> tuple[str, str] | None:
    """The mission and the linked patrol of the autosaved game when it is a mission of a linked patrol or the
    campaign (the set-up's mode) that is not over yet (its full save looked at, not its journal): a group that
    types `kaleun play --linked` on the next evening instead of `kaleun resume` is told what it starts again."""
    from kaleun.career import CareerError, held_part, load_career
    from kaleun.paths import autosave_path

    try:
        record: dict[str, Any] | None = load_career()
    except (CareerError, OSError):
        record = None  # the start says what is wrong with it
    return held_part(autosave_path(), setup.mode, record)


def _tell_held_part(mode: str, held: tuple[str, str], code: str) -> None:
    """The game started plays again, from its beginning, the mission of the linked patrol or the campaign the
    autosave holds not over yet: said before the game starts (the line after it names the file that one is kept
    as, to go on with it instead)."""
    from kaleun.core.messages import Msg
    from kaleun.i18n import language
    from kaleun.uboot.missions.catalogue import patrol_titled, titled

    if mode == "linked":
        said = Msg("The autosave holds {mission} of the linked patrol {patrol}, not over yet: this game plays the part "
                   "again from its beginning. To go on with that one instead, quit this game and resume the one kept "
                   "(named below).", mission=titled(held[0]), patrol=patrol_titled(held[1]))
    else:
        said = Msg("The autosave holds {mission} of the campaign, not over yet: this game plays the mission again "
                   "from its beginning. To go on with that one instead, quit this game and resume the one kept "
                   "(named below).", mission=titled(held[0]))
    print("kaleun: " + language(code).render(said), file=sys.stderr)


def _tell_carried(setup: Any, code: str) -> None:
    """The difficulty and easy watch change per role the linked patrol or the campaign carries to this game (on
    standard error for the command line), and that a role named with --difficulty or --easy-watch takes that
    instead. A damaged record says nothing here: the start refuses it."""
    from kaleun.career import CareerError, carried_settings, load_career, settings_said
    from kaleun.core.messages import Msg
    from kaleun.i18n import language

    try:
        said = settings_said(carried_settings(load_career(), setup.mode, setup.mission))
    except CareerError:
        return
    if said is not None:
        print("kaleun: " + language(code).render(Msg("{carried} A role named with --difficulty or --easy-watch "
                                                     "plays as named instead.", carried=said)), file=sys.stderr)


def _tell_patrol_given_up(setup: Any, code: str, via: str = "play") -> None:
    """A linked set-up naming a mission that is not the next part of the patrol in progress, or a campaign set-up
    naming the first mission while a campaign runs further on: say what is given up (on standard error for the
    command line). A damaged record says nothing here: the start refuses it."""
    from kaleun.career import CareerError, campaign_given_up, load_career, patrol_given_up
    from kaleun.i18n import language

    try:
        record = load_career()
    except CareerError:
        return
    told = patrol_given_up(record, setup, via) or campaign_given_up(record, setup)
    if told is not None:
        print("kaleun: " + language(code).render(told), file=sys.stderr)


def _table_language(args: argparse.Namespace) -> str:
    """The language `kaleun play` runs in (--language, else the saved setting, else English). A --language
    Kaleun does not speak gives the saved setting: the refusal of it is said in the table's language."""
    from kaleun.settings import SettingsError, check_language, preferred_language

    try:
        return str(check_language(getattr(args, "language", None) or preferred_language()))
    except SettingsError:
        return preferred_language()


#: answers that mean yes or no to a y/n question, in every language of the table (the question shows the table
#: language's letters: `(y/n)`, `(j/n)`, `(д/н)`; anything else is refused and asked again)
YES = ("y", "yes", "j", "ja", "д", "да")
NO = ("n", "no", "nein", "н", "нет")


def interactive_setup(stdin: IO[str], stdout: IO[str], seed: int = 0, language: str = "en",
                      record: dict[str, Any] | None = None, own: Any = None, going_on: str | None = None) -> Any:
    """Ask for a new game's set-up on a terminal, in the table's `language`: mission, mode, difficulty
    and easy watch change per role. Roles, modes and levels are shown by their names in that language
    and taken by name or id. Enter takes the default shown in brackets. An unknown mission, or a single
    mission as a linked patrol, is refused at once and asked again. With the career `record`, "linked
    patrol" goes on with the next part of the linked patrol in progress (as the window's set-up does)
    unless the mission chosen is a part of a linked patrol (a new one, said to give the one in progress up);
    "campaign" while a campaign runs further on asks whether to give it up and begin anew. The difficulty and
    easy watch change the patrol or campaign carries are the questions' defaults. `own`: the group's own
    missions offered beside the shipped ones (`kaleun.uboot.missions.own.OwnMissions`; None: those the program
    read at its start). `going_on` ("linked" or "campaign"): the console's `next` after a mission's end, as the
    window's debrief opens its crew's page: the record's next part or mission is played, and only the difficulty and
    easy watch change are asked (Enter keeps what the patrol or campaign carries). Raises ValueError when the input
    ends."""
    from kaleun.career import career_messages, carried_settings, settings_said
    from kaleun.core.args import quoted
    from kaleun.core.messages import Msg
    from kaleun.i18n import language as table_language
    from kaleun.uboot.figures import ROSTER
    from kaleun.uboot.missions.catalogue import titled
    from kaleun.uboot.missions.setup import (
        LEVELS,
        MODES,
        ROLES,
        GameSetup,
        campaign_order,
        difficulty_lines,
        mission_lines,
        setup_problem,
    )

    if own is None:
        from kaleun.own_missions import program_own

        own = program_own()
    from kaleun.runtime.signals import read_line
    from kaleun.ui.terminal_out import FittedLines, rows_of

    fitted = FittedLines(stdout)  # each line it says fits the terminal, as the console's do
    stdout = cast(IO[str], fitted)
    lang = table_language(language)
    modes = {"single": Msg("single mission"), "linked": Msg("linked patrol"), "campaign": Msg("campaign")}
    levels = {level: Msg.term(level) for level in LEVELS}
    roles = {role: Msg.term(ROSTER["role_names"][role]) for role in ROLES}

    #: the console's word for leaving, in the table's language and in English, ends the set-up (its second word too:
    #: Russian «выход» beside «выйти»)
    from kaleun.ui.console_words import UBOOT_ALSO_CALLED, typed_word

    leave = {"quit", "exit", lang.render(Msg.pterm("U-BOOT console", "quit")).casefold(),
             *(typed_word(word, lang).casefold() for word in UBOOT_ALSO_CALLED if word.template == "quit")}

    def ask(question: Msg, default: str) -> str:
        try:  # the question too: a signal the moment it is out (before the read begins) is caught as well
            stdout.write(lang.render(Msg("{question} [{default}]: ", question=question, default=default)))
            stdout.flush()
            answer = read_line(stdin)  # a stop signal the instant before the read stops it too
            fitted.fresh = True  # the answer's Enter ended the question's line
        except OSError:  # the terminal went away (hung up): the input has ended
            answer = ""
        except KeyboardInterrupt:  # a stop signal while the question waits: the line saying so begins a line
            with contextlib.suppress(OSError, ValueError):  # of its own, not after the question
                stdout.write("\n")
                stdout.flush()
            raise
        if not answer:  # the input ended: nothing is started, not even the default shown
            raise ValueError(lang.render(Msg("the set-up was cut short (no more input): no game was started")))
        if answer.strip().casefold() in leave:  # the console's quit, typed at a question: nothing is started
            raise ValueError(lang.render(Msg("the set-up was left ({quit}): no game was started",
                                             quit=answer.strip())))
        return answer.strip() or default

    def choose(question: Msg, names: dict[str, Msg], default: str) -> str:
        """An answer by name in the table's language or by id; anything else is refused at once,
        naming the choices in the table's language, and the question is asked again."""
        shown = {lang.render(word).casefold(): key for key, word in names.items()}
        while True:
            answer = ask(question, lang.render(names[default])).casefold()
            if answer in shown or answer in names:
                return shown.get(answer, answer)
            # the start of one choice's name or id alone (`verknüpft` for "verknüpfte Feindfahrt", `linked`)
            started = {key for word, key in [*shown.items(), *((k, k) for k in names)] if word.startswith(answer)}
            if answer and len(started) == 1:
                return started.pop()
            stdout.write("! " + lang.render(Msg("{answer} is not one of: {choices}", answer=quoted(answer),
                                                choices=", ".join(lang.render(w) for w in names.values()))) + "\n")

    def yes_or_no(question: Msg, default: bool = False) -> bool:
        """A y/n question; Enter takes the default shown, the table language's no (or yes)."""
        while True:
            answer = ask(question, lang.render(Msg.term("yes" if default else "no"))).casefold()
            if answer in YES or answer in NO:
                return answer in YES
            stdout.write("! " + lang.render(Msg("{answer} is not one of: {choices}", answer=quoted(answer),
                                                choices=lang.render(Msg("yes, no")))) + "\n")

    lines = mission_lines(own)
    patrols = {m.id: m.patrol for m in lines}

    def named(mission: str) -> Msg | str:
        """A mission picked, named by its title in a sentence (a group's own by the title its file gives it)."""
        line = next((m for m in lines if m.id == mission), None)
        return Msg.term(line.name) if line is not None and line.own is not None else titled(mission)

    # Enter takes the training patrol, as `kaleun play` without --mission and the window's set-up do
    first_choice = "training" if "training" in patrols else lines[0].id
    patrol = (record or {}).get("patrol")
    going = patrol if patrol is not None and patrol.get("mode") == "linked" else None
    running = (record or {}).get("campaign") or {}
    campaign_next = running.get("next") if running.get("state") == "running" else None
    if (going_on == "linked" and going is None) or (going_on == "campaign" and not campaign_next):
        going_on = None  # nothing goes on in the record (changed meanwhile): a new game's questions

    def list_missions(whole: bool = False) -> None:
        """The missions, numbered; on a terminal that says its size and would scroll the list away before the
        question (a 24-row screen), one row each with `?NUMBER` for a mission in full; `whole`: in full anyway."""
        if not whole:
            stdout.write(lang.render(Msg("New game. Missions:")) + "\n")
        columns, rows = terminal_columns(stdout), rows_of(stdout)
        full = listed(lang, lines, columns - 5 if columns is not None else None)
        if whole or columns is None or rows is None or sum(line.count("\n") + 1 for line in full) + 3 <= rows:
            for i, line in enumerate(full, start=1):
                stdout.write(f" {i:>2}. " + line.replace("\n", "\n     ") + "\n")  # rows go on under its start
            return
        for i, (mission, line) in enumerate(zip(lines, listed(lang, lines), strict=True), start=1):
            line = line.removeprefix(f"{mission.id:<24} ")  # the number is typed: the row keeps its room for the name
            stdout.write(shortened(f" {i:>2}. {line}", columns) + "\n")
        stdout.write(lang.render(Msg("?NUMBER shows a mission in full, ? alone every mission in full.")) + "\n")

    def details(asked: str) -> None:
        """`?3`, `?shadow_1941`: that mission's line in full; `?` alone: every mission's."""
        if not asked:
            list_missions(whole=True)
            return
        number = int(asked) if asked.isdigit() else next((i for i, m in enumerate(lines, start=1) if m.id == asked), 0)
        if not 1 <= number <= len(lines):
            stdout.write("! " + lang.render(Msg("no mission has the number {number}: give a number from 1 to "
                                                "{last} or a mission's id", number=quoted(asked), last=len(lines)))
                         + "\n")
            return
        columns = terminal_columns(stdout)
        line = listed(lang, lines, columns - 5 if columns is not None else None)[number - 1]
        stdout.write(f" {number:>2}. " + line.replace("\n", "\n     ") + "\n")

    if going_on is None:
        list_missions()
    else:  # the next part or mission, as the window's debrief opens its crew's page with that mode going on
        stdout.write(lang.render(Msg("Next game: each role's difficulty (Enter keeps what the last one was played "
                                     "with).")) + "\n")
    while True:
        if going_on is not None:
            mode = going_on
            pick = str(going["next"] if going_on == "linked" and going is not None else campaign_next)
        else:
            choice = ask(Msg("Mission (number or id)"), first_choice)
            if choice.startswith("?"):  # a mission in full (the short list's rows are cut), or all of them
                details(choice[1:].strip())
                continue
            if choice.isdigit() and not 1 <= int(choice) <= len(lines):  # a number off the list: say so, not the ids
                stdout.write("! " + lang.render(Msg("no mission has the number {number}: give a number from 1 to "
                                                    "{last} or a mission's id", number=quoted(choice),
                                                    last=len(lines)))
                             + "\n")
                continue
            pick = lines[int(choice) - 1].id if choice.isdigit() else choice
            problem = setup_problem(GameSetup(mission=pick, seed=seed, own=own))
            if problem is not None:  # an unknown mission: at once, not after every question
                stdout.write(f"! {lang.render(problem)}\n")
                continue
            mode = choose(Msg("Mode: {modes}", modes=", ".join(lang.render(modes[m]) for m in MODES if m in modes)),
                          modes, "single")
        carried_told = False
        anew = False  # the campaign running further on given up for a new one
        if mode == "linked" and going is not None and record is not None and \
                (not patrols.get(pick) or going_on is not None):
            pick = str(going["next"])  # the linked patrol in progress goes on (§5.2), as the window's set-up
            told = career_messages(record)[1 + (record.get("campaign") is not None)]
            stdout.write(lang.render(told) + "\n")  # with the difficulty it carries over
            carried_told = True
        if mode == "campaign":  # the campaign picks its own mission (rulebook §4.3): say which
            campaign = (record or {}).get("campaign")
            if campaign is not None:
                stdout.write(lang.render(career_messages(record or {})[1]) + "\n")
                carried_told = campaign.get("state") == "running"
                if carried_told and campaign.get("next") and pick != campaign["next"]:  # not the mission picked
                    stdout.write(lang.render(Msg("The campaign goes on with its next mission, {next}, not {chosen}.",
                                                 next=titled(campaign["next"]), chosen=named(pick))) + "\n")
            if campaign is None or campaign.get("state") != "running":
                first = campaign_order()[0]
                stdout.write(lang.render(Msg("A new campaign begins with its first mission, {first}.",
                                             first=titled(first))
                                         if pick == first else
                                         Msg("A new campaign begins with its first mission, {first}, not {chosen}.",
                                             first=titled(first), chosen=named(pick))) + "\n")
            elif campaign.get("next") != campaign_order()[0] and going_on is None:  # it may be given up (§4.3)
                first = campaign_order()[0]
                anew = yes_or_no(Msg("Give up this campaign and begin a new one with {first}? (y/n)",
                                     first=titled(first)))
                if anew and record is not None:
                    from kaleun.career import campaign_given_up

                    told = campaign_given_up(record, GameSetup(mission=first, seed=seed, mode=mode))
                    if told is not None:
                        stdout.write(lang.render(told) + "\n")
        problem = setup_problem(GameSetup(mission=pick, seed=seed, mode=mode, own=own)) if mode != "campaign" else None
        if problem is not None:  # a single mission as a linked patrol: at once
            stdout.write(f"! {lang.render(problem)}\n")
            if going_on is not None:  # the record's next part cannot start (its file changed): a new game's
                going_on = None  # questions, as asking nothing again would say this for ever
                list_missions()
            continue
        if mode == "linked" and going_on is None:
            from kaleun.career import first_part_problem

            problem = first_part_problem(record or {}, pick)
            if problem is not None:  # a later part with no patrol going on with it: at once, as a single mission is
                stdout.write(f"! {lang.render(problem)}\n")
                continue
        if mode == "linked" and record is not None:
            from kaleun.career import patrol_given_up

            given_up = patrol_given_up(record, GameSetup(mission=pick, seed=seed, mode=mode, own=own))
            if given_up is not None:
                stdout.write(lang.render(given_up) + "\n")
        # the linked patrol's or the campaign's next part offers what the group played the last one with
        first = campaign_order()[0]
        asked = (first if anew else "") if mode == "campaign" else pick
        carried = carried_settings(record or {}, mode, asked) if record else ({}, {})
        said = settings_said(carried)
        if said is not None and not carried_told:
            stdout.write(lang.render(said) + "\n")
        for effects in difficulty_lines():  # what the levels change, before the questions (§5.3)
            stdout.write("  " + lang.render(effects) + "\n")
        difficulty = {}
        for role in ROLES:
            level = choose(Msg("Difficulty of the {role} ({levels})", role=roles[role],
                               levels=", ".join(lang.render(w) for w in levels.values())), levels,
                           carried[0].get(role, "normal"))
            if level != "normal":
                difficulty[role] = level
        easy = {}
        for role in ROLES:
            # the default shown is the table language's word for no (`[nein]`, `[нет]`), and taken as no; yes when
            # the role carries it over
            if difficulty.get(role) == "easy" and yes_or_no(Msg("Easy watch change for the {role}? (y/n)",
                                                                role=roles[role]), bool(carried[1].get(role))):
                easy[role] = True
        setup = GameSetup(mission=asked, seed=seed, mode=mode, difficulty=difficulty, easy_watch_change=easy,
                          every_role=True, own=own)
        if mode == "campaign":
            return setup
        problem = setup_problem(setup)
        if problem is None:
            return setup
        stdout.write(f"! {lang.render(problem)}\n")  # then the questions again
