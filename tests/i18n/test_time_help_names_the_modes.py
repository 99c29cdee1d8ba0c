"""`help time` says how fast each time compression runs, each named as the console's `time` answers with it and
as its field takes it (the Russian help once called fast forward «перемотка» while `время ускорение` set it and
`Время: ускорение (30 с ...)` answered)."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kaleun.i18n import language
from kaleun.uboot.compression import MODE_NAMES
from kit import console_typed


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_the_time_help_names_each_mode_as_time_answers(code):
    lang = language(code)
    help_word = lang.render(Msg.pterm("U-BOOT console", "help"))
    time_word = lang.render(Msg.pterm("U-BOOT console", "time"))
    said = console_typed(code, f"{help_word} {time_word}")
    per_second = next(line for line in said.splitlines() if " 360 " in line)
    for mode, name in MODE_NAMES.items():
        if mode != "pause":
            assert lang.render(Msg.term(name)) in per_second, (mode, per_second)
