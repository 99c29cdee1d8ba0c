"""The signals that stop Kaleun (it saves the game first): the one declaration, read by `kaleun.__main__`
before anything else loads (this module imports only `signal`) and by `kaleun.runtime.signals`.

SIGTERM (systemctl stop), SIGINT (Ctrl-C), SIGHUP (the terminal of an SSH session dropped), and every other
signal that would end the process from outside it: SIGQUIT (Ctrl-\\), SIGUSR1, SIGUSR2, SIGALRM, SIGPWR (a
UPS says the power fails), SIGXCPU, SIGVTALRM, SIGPROF, SIGIO, SIGSTKFLT and the real-time signals. Left at
their default they ended the process on the spot, saying nothing (the journal kept the game, but not its
last second). Signals that report a fault of the program itself (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT,
SIGTRAP, SIGSYS) are left to Python: no handler can save a game from them. SIGPIPE and SIGXFSZ are ignored
by Python already.
"""

from __future__ import annotations

import signal

SIGNALS: tuple[int, ...] = (
    signal.SIGTERM, signal.SIGINT, signal.SIGHUP,
    *(getattr(signal, name) for name in ("SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGPWR", "SIGXCPU",
                                         "SIGVTALRM", "SIGPROF", "SIGIO", "SIGSTKFLT") if hasattr(signal, name)),
    *(range(signal.SIGRTMIN, signal.SIGRTMAX + 1) if hasattr(signal, "SIGRTMIN") else ()))
#: a stop signal the process was started with ignored stays ignored: `nohup` ignores SIGHUP so that the
#: program runs on when its terminal closes (the other ones are taken whatever the parent left)
KEPT_IGNORED = (signal.SIGHUP,)


def signal_name(signum: int) -> str:
    """A signal as the system names it: SIGQUIT; a real-time signal as SIGRTMIN+3 (it has no name of its own)."""
    try:
        return signal.Signals(signum).name
    except ValueError:
        rtmin = getattr(signal, "SIGRTMIN", None)
        return f"SIGRTMIN+{signum - rtmin}" if rtmin is not None and signum > rtmin else f"signal {signum}"
