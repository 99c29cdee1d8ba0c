"""A group's own mission file whose rendezvous mark has a long description (`sighted = { what = "...", ... }` of
more than 2,000 characters) passed `kaleun missions check`, started and played; its save keeps the objective as
the file gave it, and every `kaleun resume` then refused that save ("the save is damaged at
modules.mission.objectives[0].spec.sighted"): the evening was lost. The check now bounds it as it bounds every
other text a save keeps, so the file is refused by its line before any game starts."""

from __future__ import annotations

import pytest
from kaleun.uboot.data import __path__ as data_path
from kit import own_file, run_kaleun

LONG = "y" * 2001


def dinghy_with_a_long_mark() -> str:
    """The shipped rescue mission (§4.1: a rendezvous whose mark the lookouts see) as a group's own file."""
    from pathlib import Path

    text = (Path(data_path[0]) / "missions" / "aircrew_1942.toml").read_text(encoding="utf-8")
    assert 'what = "the dinghy"' in text
    text = text.replace('what = "the dinghy"', f'what = "{LONG}"', 1)
    return "\n".join(line for line in text.splitlines() if not line.startswith(("patrol", "part", "next_needs")))


@pytest.mark.slow
def test_an_own_rendezvous_mark_longer_than_a_save_keeps_is_refused_by_its_line(home):
    path = own_file(home, "dinghy.toml", dinghy_with_a_long_mark())
    line = next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if LONG in text)
    checked = run_kaleun("missions", "check", home=home)
    assert checked.returncode == 2, checked.stdout + checked.stderr
    assert (f"{path}:{line}: dinghy: objective[0].sighted: what: must be text of at most 2,000 characters, got 2,001"
            in checked.stdout + checked.stderr), checked.stdout + checked.stderr
    played = run_kaleun("play", "--console", "--mission", "dinghy", home=home)
    assert played.returncode != 0 and not (home / "autosave.json").exists(), played.stderr
    assert "Traceback" not in played.stderr
    # 2,000 characters a save keeps: the game plays, saves and resumes
    path.write_text(path.read_text(encoding="utf-8").replace(LONG, LONG[:-1]), encoding="utf-8")
    assert run_kaleun("play", "--console", "--mission", "dinghy", home=home).returncode == 0
    resumed = run_kaleun("resume", "--console", home=home)
    assert resumed.returncode == 0 and "damaged" not in resumed.stderr, resumed.stderr
