"""A listing piped into a reader that leaves early (`kaleun missions | head -3`, as README.md's reader
would try) ends quietly: no traceback on the terminal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from kit import kaleun_env


def test_kaleun_missions_into_a_closed_pipe_ends_without_a_traceback(tmp_path: Path) -> None:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line is written
    try:
        done = subprocess.run([sys.executable, "-m", "kaleun", "missions"], stdout=write, stderr=subprocess.PIPE,
                              text=True, env=kaleun_env(tmp_path), timeout=120, cwd=tmp_path)
    finally:
        os.close(write)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 128 + 13  # SIGPIPE's number, as a shell reports a pipe closed early
