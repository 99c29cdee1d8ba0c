"""A table without board adapters, for games whose inputs are game commands only (Captain Sonar).

It has the interface the script runner and the wall-clock runtime use (`start`, `actuate`,
`flush`, `dial_pending`, `close`); a hand action (`place`, `lift`, `turn`, `press`) is refused
with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kaleun.core.errors import CommandError
from kaleun.core.messages import Msg


class BareTable:
    dial_pending = False

    def __init__(self, game_name: str) -> None:
        self.game_name = game_name

    def start(self, submit: Callable[[dict[str, Any]], None], strict: bool = True) -> None:
        pass

    def actuate(self, line: Mapping[str, Any]) -> None:
        raise CommandError(Msg("'{action}': the {game} table has no figures, dials or buttons; give game commands "
                               "instead", action=str(line.get("do")), game=self.game_name))

    def flush(self, now: float | None = None) -> None:
        pass

    def close(self) -> None:
        pass
