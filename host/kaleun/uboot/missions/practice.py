"""The practice pieces: missions without objectives (no orders of HQ to carry out, no score), which the crew may end
when it likes (`end_exercise`). Each says what kind of piece it is (the mission file's `practice`):

- `training`: the training patrol (an empty sea to learn the rules in);
- `exercise`: a short set piece (a convoy in sight, hunted by escorts ...); the default;
- `patrol`: the open patrol (chance traffic, no orders).

The table reads a piece's end in its kind's words: the crew ends "the exercise" of a set piece, "the patrol" of the
open patrol, in the feed, the debrief, the console and the window. The command and the `mission_end` event's
`reason` (`exercise_ended`) are the same for every kind: a replay reads them, and the debrief's JSON says the kind
(`practice`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaleun.core.messages import Msg

KINDS = ("training", "exercise", "patrol")
#: a mission without objectives whose file names no kind
DEFAULT = "exercise"


def kind_of(spec: Mapping[str, Any]) -> str | None:
    """The kind of practice piece a mission is (`KINDS`), or None for a mission with objectives."""
    if spec.get("objective"):
        return None
    kind = spec.get("practice", DEFAULT)
    return str(kind) if kind in KINDS else DEFAULT


def _pick(kind: str | None, words: Mapping[str, Msg]) -> Msg:
    """A kind's words (a mission with objectives, or a debrief saved before the kind was kept: the exercise's, as the
    command is named)."""
    return words.get(kind or DEFAULT) or words[DEFAULT]


def ended(kind: str | None) -> Msg:
    """The feed's line when the crew ends the piece."""
    return _pick(kind, {"training": Msg("The crew ends the training patrol."),
                        "exercise": Msg("The crew ends the exercise."),
                        "patrol": Msg("The crew ends the patrol.")})


def ended_reason(kind: str | None) -> Msg:
    """Why the piece ended, as the debrief says it after its result ("ended (the crew ended the patrol)")."""
    return _pick(kind, {"training": Msg("the crew ended the training patrol"),
                        "exercise": Msg("the crew ended the exercise"),
                        "patrol": Msg("the crew ended the patrol")})


def home_reason(kind: str | None) -> Msg:
    """Why a piece with a base ended home after a return to base, as the debrief says it after its result
    ("returned (the patrol ended in port)"): a piece has nothing to win, so not "the mission not won"."""
    return _pick(kind, {"training": Msg("the training patrol ended in port"),
                        "exercise": Msg("the exercise ended in port"),
                        "patrol": Msg("the patrol ended in port")})


def over(kind: str | None) -> Msg:
    """The window's debrief headline of a piece the crew ended."""
    return _pick(kind, {"training": Msg("Training patrol over"), "exercise": Msg("Exercise over"),
                        "patrol": Msg("Patrol over")})


def end_label(kind: str | None) -> Msg:
    """The window's button and sheet that end the piece."""
    return _pick(kind, {"training": Msg("End the training patrol"), "exercise": Msg("End the exercise"),
                        "patrol": Msg("End the patrol")})


def end_refused(kind: str | None, reason: Msg) -> Msg:
    """The refusal of `end_exercise` (a mission with objectives: the exercise's words, as the command is named)."""
    return _pick(kind, {"training": Msg("End of the training patrol refused: {reason}.", reason=reason),
                        "exercise": Msg("End of the exercise refused: {reason}.", reason=reason),
                        "patrol": Msg("End of the patrol refused: {reason}.", reason=reason)})


def how_to_end(kind: str | None, command: Msg | str) -> Msg:
    """The console's hint after a refused return to base: the piece's own end, by its command word."""
    return _pick(kind, {"training": Msg("To end the training patrol here: {command}.", command=command),
                        "exercise": Msg("To end the exercise here: {command}.", command=command),
                        "patrol": Msg("To end the patrol here: {command}.", command=command)})


def how_to_end_in_the_window(kind: str | None, reason: Msg) -> Msg:
    """The window's Return to base sheet's refusal of a piece: where its own end is."""
    return _pick(kind, {
        "training": Msg("{reason}. To end the training patrol here: End the training patrol on the Map page's Mission "
                        "sheet", reason=reason),
        "exercise": Msg("{reason}. To end the exercise here: End the exercise on the Map page's Mission sheet",
                        reason=reason),
        "patrol": Msg("{reason}. To end the patrol here: End the patrol on the Map page's Mission sheet",
                      reason=reason)})


def no_hq(kind: str | None) -> Msg:
    """Why a report to HQ is refused in a piece without HQ."""
    return _pick(kind, {"training": Msg("this training patrol has no HQ: a report would reach nobody"),
                        "exercise": Msg("this exercise has no HQ: a report would reach nobody"),
                        "patrol": Msg("this patrol has no HQ: a report would reach nobody")})


def run_line(kind: str | None, n: int, fixes: Msg, attacks: Msg) -> Msg:
    """The debrief's line of what the boat did ("Exercise: 12 nm run, 0 sextant fixes, 1 attack."), headed by what
    was played: a mission with objectives and the open patrol are a patrol, the others their own kind."""
    if kind == "training":
        return Msg.plural("Training patrol: {n:,} nm run, {fixes}, {attacks}.",
                          "Training patrol: {n:,} nm run, {fixes}, {attacks}.", n=n, fixes=fixes, attacks=attacks)
    if kind == "exercise":
        return Msg.plural("Exercise: {n:,} nm run, {fixes}, {attacks}.", "Exercise: {n:,} nm run, {fixes}, {attacks}.",
                          n=n, fixes=fixes, attacks=attacks)
    return Msg.plural("Patrol: {n:,} nm run, {fixes}, {attacks}.", "Patrol: {n:,} nm run, {fixes}, {attacks}.",
                      n=n, fixes=fixes, attacks=attacks)


def so_far(kind: str | None, told: Mapping[str, Any]) -> Msg:
    """The first line of a debrief of a game not over yet (`kaleun run --debrief` before its end), naming what is
    still running; `told`: name, start, end and n (days at sea)."""
    if kind == "training":
        return Msg.plural("Debrief so far, the training patrol is still running: {name}, {start} to {end}, {n:g} day "
                          "at sea.", "Debrief so far, the training patrol is still running: {name}, {start} to {end}, "
                          "{n:g} days at sea.", **told)
    if kind == "exercise":
        return Msg.plural("Debrief so far, the exercise is still running: {name}, {start} to {end}, {n:g} day at sea.",
                          "Debrief so far, the exercise is still running: {name}, {start} to {end}, {n:g} days at "
                          "sea.", **told)
    return Msg.plural("Debrief so far, the patrol is still running: {name}, {start} to {end}, {n:g} day at sea.",
                      "Debrief so far, the patrol is still running: {name}, {start} to {end}, {n:g} days at sea.",
                      **told)


def still_running(kind: str | None) -> Msg:
    """The saved chart's warning under the title of a game not over yet, naming what is still running."""
    if kind == "training":
        return Msg("Training patrol still running: a debrief so far, not the end")
    if kind == "exercise":
        return Msg("Exercise still running: a debrief so far, not the end")
    return Msg("Patrol still running: a debrief so far, not the end")


def began_and_ended(kind: str | None) -> tuple[Msg, Msg]:
    """The debrief chart's legend rows of the track's first and last point, naming what was played."""
    if kind == "training":
        return Msg("where the training patrol began"), Msg("where the training patrol ended")
    if kind == "exercise":
        return Msg("where the exercise began"), Msg("where the exercise ended")
    return Msg("where the patrol began"), Msg("where the patrol ended")
