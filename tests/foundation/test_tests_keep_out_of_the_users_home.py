"""The test run keeps to its own home: a test without the `home` fixture used the home of the user running
it, so a preferred language that user (or another run at the same time) had set turned `kaleun board
check` German and failed tests that only read English."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from kaleun import paths


def test_a_test_without_its_own_home_reads_and_writes_none_of_the_users_files() -> None:
    session_home = Path(os.environ.get("KALEUN_HOME", Path.home()))
    assert session_home.parent == Path(tempfile.gettempdir()) and session_home.name.startswith("kaleun-tests-")
    for folder in (paths.config_dir(), paths.state_dir(), paths.cache_dir()):
        assert folder.is_relative_to(session_home) and not folder.is_relative_to(Path.home() / ".config"), folder


def test_a_kaleun_home_given_with_a_tilde_is_the_users_folder_not_a_folder_named_tilde(monkeypatch) -> None:
    """KALEUN_HOME="~/table" (quoted, or in a systemd unit's Environment=, where no shell expands it) made a
    folder literally named `~` in the current folder."""
    monkeypatch.setenv("HOME", "/home/crew")
    monkeypatch.setenv("KALEUN_HOME", "~/table")
    assert paths.state_dir() == paths.config_dir() == Path("/home/crew/table")
    assert paths.cache_dir() == Path("/home/crew/table/cache")
