"""Fixtures shared by the fault tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture
def stopper() -> Iterator[Any]:
    """The process's stop signals taken as `kaleun` takes them at its first line."""
    from kaleun.runtime.signals import STOPPER

    STOPPER.install()
    try:
        yield STOPPER
    finally:
        STOPPER.uninstall()
        STOPPER.mode, STOPPER.signum, STOPPER._stop = "raise", None, None
