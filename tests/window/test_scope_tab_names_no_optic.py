"""The Scope tab holds three optics (binoculars, the periscope, the 88 mm sight) and opens on binoculars. At a
Russian table it was called «Перископ», the name of one of them and of the periscope order: a First Officer
touching «Перископ» to raise the periscope got the binoculars. Its name is no optic's and no order's in any
language."""

from __future__ import annotations

import pytest
from kaleun.i18n import language
from kaleun.uboot.orders import ORDER_NAMES
from kaleun.ui.screens.scope import OPTICS, ScopeScreen


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_the_scope_tab_is_named_for_all_its_optics_not_one(code: str):
    lang = language(code)
    tab = lang.render(ScopeScreen.title).casefold()
    optics = {lang.render(optic.word).casefold() for optic in OPTICS.values()}
    orders = {lang.render(ORDER_NAMES[order]).casefold() for order in ORDER_NAMES}
    assert tab not in optics | orders, tab
