"""Writing to a console's terminal, shared by the U-BOOT console and the Captain Sonar team consoles:
a line is written whole (lone surrogates from JSON input escaped), and once the terminal is gone
(SIGHUP, a closed pipe) nothing more is written while the game plays on and saves without it."""

from __future__ import annotations

import logging
from typing import IO

log = logging.getLogger(__name__)


class TerminalOut:
    """Mixin: `stdout`, `gone` and `who` (for the log line) are set by the console."""

    stdout: IO[str]
    #: the terminal is gone (SIGHUP, a closed pipe): nothing more is written to it
    gone: bool = False
    #: whose terminal, for the log ("the console", "yellow")
    who: str = "the console"

    def say(self, text: str) -> None:
        safe = text.encode("utf-8", "backslashreplace").decode("utf-8")  # lone surrogates from JSON input
        self._write(safe + "\n")

    def _write(self, text: str) -> None:
        if self.gone:
            return
        try:
            self.stdout.write(text)
            self.stdout.flush()
        except (OSError, ValueError):
            self.gone = True
            log.info("%s's terminal is gone; the game carries on without it", self.who)
