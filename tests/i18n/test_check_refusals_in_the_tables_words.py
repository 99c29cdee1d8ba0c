"""The order assistant (`check ORDER`, `?ORDER`) answers a refusal in the words the table types, as the order given
does: `?ремонт` with nothing to repair said "! repair: ... (component=radio), ... (condition=fire section=3) ...
(breach=3)" at a Russian table — the English command and ids — while `ремонт` alone said it in Russian."""

from __future__ import annotations

import pytest
from kit import console_typed

CASES = [
    ("de", "prüfen reparieren", "reparieren",
     "! reparieren: sagen, was repariert wird: ein Bauteil (bauteil=funkanlage), ein Zustand in einer Sektion "
     "(zustand=feuer sektion=3) oder ein Hüllenbruch (hüllenbruch=3)"),
    ("ru", "?ремонт", "ремонт",
     "! ремонт: укажите, что ремонтировать: узел (узел=радиостанция), состояние в отсеке (авария=пожар отсек=3) "
     "или пробоину корпуса (пробоина=3)"),
    ("en", "?repair", "repair",
     "! repair: say what to repair: a component (component=radio), a condition in a section "
     "(condition=fire section=3) or a hull breach (breach=3)"),
]


@pytest.mark.parametrize(("code", "checked", "given", "said"), CASES, ids=[c[0] for c in CASES])
def test_6_5_the_assistant_refuses_in_the_tables_words_as_the_order_does(code, checked, given, said):
    assert console_typed(code, checked).strip() == said
    assert console_typed(code, given).strip() == said
