"""The engine telegraph's words as the window shows them: on the telegraph's scale (`DIAL_WORDS`, "HALF AHEAD")
and in an order sheet's choice (`POSITION_NAMES`, "half ahead"). Kept apart from the drawing (`kaleun.ui.telegraph`)
so the text console takes them as typed words too (`fahrt halb_voraus`) without loading the window."""

from __future__ import annotations

from kaleun.core.messages import Msg

#: the words of each position on the telegraph, read as one line ("FULL AHEAD")
DIAL_WORDS: dict[str, tuple[Msg, ...]] = {
    "full_astern": (Msg("FULL"), Msg("ASTERN")), "stop": (Msg("STOP"),), "slow_ahead": (Msg("SLOW"), Msg("AHEAD")),
    "half_ahead": (Msg("HALF"), Msg("AHEAD")), "full_ahead": (Msg("FULL"), Msg("AHEAD")),
}
POSITION_NAMES: dict[str, Msg] = {
    "full_astern": Msg("full astern"), "stop": Msg("stop"), "slow_ahead": Msg("slow ahead"),
    "half_ahead": Msg("half ahead"), "full_ahead": Msg("full ahead"),
}
#: the short word typed for a fixed value at every table, where its id is no word a player would say: a telegraph
#: position (`speed half`, `fahrt halbe`, `скорость средний`) or a gun (`cease gun`, `cease flak`, `feuer_einstellen
#: kanone`); the English word is the catalogue id under the console values' context, the table's language its
#: translation (the ids are typed at every table beside them)
SHORT_WORDS: dict[str, str] = {
    "full_astern": "astern", "slow_ahead": "slow", "half_ahead": "half", "full_ahead": "full",
    "gun_88": "gun", "gun_20": "flak",
}
