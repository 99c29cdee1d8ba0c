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

#: the hands' actions as a Captain Sonar table types them (its console's words): its refusal of one begins with it,
#: as a U-BOOT table's refusals begin with the command's word (`command_word`)
SONAR_HAND_WORDS: Mapping[str, Msg] = {
    "place": Msg.pterm("Captain Sonar console", "place"),
    "lift": Msg.pterm("Captain Sonar console", "lift"),
    "turn": Msg.pterm("Captain Sonar console", "turn"),
    "home": Msg.pterm("Captain Sonar console", "home"),
    "press": Msg.pterm("Captain Sonar console", "press"),
}


class BareTable:
    dial_pending = False

    def __init__(self, game_name: str, words: Mapping[str, Msg] | None = None) -> None:
        self.game_name = game_name
        #: a hand's action -> its word at the game's console (an action without one by its id)
        self.words = words or {}

    def start(self, submit: Callable[[dict[str, Any]], None], strict: bool = True) -> None:
        pass

    def actuate(self, line: Mapping[str, Any]) -> None:
        action = str(line.get("do"))
        raise CommandError(Msg("{action}: the {game} table has no figures, dials or buttons; give game commands "
                               "instead", action=self.words.get(action, action), game=self.game_name))

    def flush(self, now: float | None = None) -> None:
        pass

    def close(self) -> None:
        pass
