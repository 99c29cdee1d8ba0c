"""The window's screens (one per tab) and its overlays (order sheet, feed, settings, set-up, debrief)."""

from __future__ import annotations

from kaleun.ui.screens.attack import AttackScreen
from kaleun.ui.screens.base import Screen
from kaleun.ui.screens.boat import BoatScreen
from kaleun.ui.screens.chart import ChartScreen
from kaleun.ui.screens.crew import CrewScreen
from kaleun.ui.screens.damage import DamageScreen
from kaleun.ui.screens.helm import HelmScreen
from kaleun.ui.screens.orders import OrdersScreen
from kaleun.ui.screens.plot import PlotScreen
from kaleun.ui.screens.scope import ScopeScreen

#: one screen per tab, in the order of the tabs (kaleun.ui.layout.TABS)
SCREENS: tuple[type[Screen], ...] = (BoatScreen, OrdersScreen, HelmScreen, PlotScreen, AttackScreen, DamageScreen,
                                     CrewScreen, ChartScreen, ScopeScreen)
