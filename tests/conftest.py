"""Test session set-up: SDL's dummy drivers, and a KALEUN_HOME per test that asks for it.

Helpers live in kit.py (import them with `from kit import ...`).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from kaleun.core.engine import Engine

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# every cached module wake is checked against a fresh one (core/engine.py): a missing touch fails
os.environ.setdefault("KALEUN_CHECK_WAKES", "1")  # for the kaleun processes the tests start
Engine.check_wakes = True
# no test reads or writes the home of the user running them: a preferred board or language there (or one a
# test run left) would change what a test sees; tests that need their own home take the `home` fixture
SESSION_HOME = tempfile.mkdtemp(prefix="kaleun-tests-")
os.environ["KALEUN_HOME"] = SESSION_HOME
atexit.register(shutil.rmtree, SESSION_HOME, ignore_errors=True)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    path = tmp_path / "home"
    path.mkdir()
    os.environ["KALEUN_HOME"] = str(path)
    yield path
    os.environ["KALEUN_HOME"] = SESSION_HOME


@pytest.fixture(autouse=True)
def session_logs_let_go() -> Iterator[None]:
    """A test that opened a session (its log file, or the lines held for the next one: `kaleun.session_log`) leaves
    none of it to the next test: a log file held open, or a set-up's lines carried into another test's log."""
    import logging

    from kaleun import session_log

    yield
    root = logging.getLogger()
    for handler in [h for h in root.handlers if isinstance(h, session_log.SessionFile | session_log.Held)]:
        root.removeHandler(handler)
        handler.close()
