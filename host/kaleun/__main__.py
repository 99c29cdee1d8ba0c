"""`python -m kaleun` and the `kaleun` command: stop signals are taken before the program loads
(`kaleun.runtime.signals`), so a SIGTERM, Ctrl-C or SIGHUP at any moment of a start ends it with a
line saying so, never a traceback, and leaves every file as it was; so do the other stop signals
(SIGQUIT, SIGUSR1 ...: `kaleun.runtime.stop_signals`, a module that imports only `signal`)."""

from __future__ import annotations

import errno
import os
import signal
import sys

from kaleun.runtime.stop_signals import KEPT_IGNORED, SIGNALS, signal_name


def _stopped_while_loading(signum: int, frame: object) -> None:
    """Until the program's own handlers are in place: leave at once (nothing was read or written)."""
    name = signal_name(signum)  # SIGTERM, as the later phases say it
    os.write(2, f"kaleun: stopped by {name} while starting; nothing was changed\n".encode())
    os._exit(128 + signum)


def _leaving() -> None:
    """The program has done its work (a game is saved and closed): a stop signal from now until the
    interpreter has gone changes nothing, so it is ignored. Before, it ended the exit with a line saying
    nothing was changed, or (once the interpreter began to finalise) as killed by the signal."""
    for sig in SIGNALS:
        try:
            signal.signal(sig, signal.SIG_IGN)
        except (ValueError, OSError):  # one this system does not let a program take
            continue


def run() -> int:
    for sig in SIGNALS:
        if sig in KEPT_IGNORED and signal.getsignal(sig) == signal.SIG_IGN:  # `nohup kaleun`: SIGHUP stays ignored
            continue
        try:
            signal.signal(sig, _stopped_while_loading)
        except (ValueError, OSError):  # one this system does not let a program take
            continue
    from kaleun.runtime.signals import STOPPER, StopRequested

    STOPPER.install()
    try:
        from kaleun.cli import main

        code = main()
        _leaving()
        return code
    except StopRequested as exc:  # stopped while the program loads: nothing was read or written yet
        print(f"kaleun: stopped by {exc}", file=sys.stderr)
        return 128 + exc.signum
    except BrokenPipeError:  # the reader of the output left (`kaleun missions | head`): nothing to add
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # the exit's flush goes nowhere
        return 128 + signal.SIGPIPE
    except OSError as exc:
        if exc.errno != errno.EIO or STOPPER.signum is None:
            raise
        # the terminal hung up (an SSH session dropped: SIGHUP) before the game ran, and the line saying so
        # could not be written to it: the exit status still says what stopped the start (it was 1, a traceback)
        for stream in (sys.stdout, sys.stderr):
            os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())  # the exit's flush goes nowhere
        return 128 + STOPPER.signum


if __name__ == "__main__":
    raise SystemExit(run())
