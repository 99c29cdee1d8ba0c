"""The test run keeps to its own home: a test without the `home` fixture used the home of the user running
it, so a preferred language that user (or another run at the same time) had set turned `kaleun board
check` German and failed tests that only read English."""

from __future__ import annotations

from pathlib import Path

from conftest import SESSION_HOME
from kaleun import paths


def test_a_test_without_its_own_home_reads_and_writes_none_of_the_users_files() -> None:
    for folder in (paths.config_dir(), paths.state_dir(), paths.cache_dir()):
        assert Path.home() / ".config" not in folder.parents and Path.home() / ".local" not in folder.parents
        assert folder.is_relative_to(Path(SESSION_HOME)), folder
