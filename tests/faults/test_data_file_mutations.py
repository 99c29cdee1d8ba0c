"""Mission files and board files a maker writes by hand, damaged on purpose: numbers beyond a float
(a whole number of 400 digits, `inf`, `nan`, 1e999), values of another kind where a name is looked
up (a list as an objective's kind, a table as a ship class) and tables where lists belong. Each is
refused with its file, line and reason (`kaleun missions check`, `kaleun board check`), never a
traceback: `math.isfinite` raises OverflowError on a whole number beyond a float, and a list
looked up among names raises TypeError."""

from __future__ import annotations

import copy
import datetime
import os
import random
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from faultkit import _get, _paths, _set
from kaleun.uboot import data
from kaleun.uboot.missions.catalogue import check_mission
from kit import run_kaleun

HUGE = "1" + "0" * 400
#: how many damaged missions the fuzzer checks (all of them in-process: no game is started)
MUTATIONS = int(os.environ.get("KALEUN_MISSION_MUTATIONS", "1500"))
ODD: list[Any] = [float("inf"), float("nan"), 10**400, -(10**400), 1e308, -1e308, -1, 0, 2**63, "x", "", True, [], {},
                  [1, 2], [10**400, 1], [1, 10**400], [1e308, 1e308], {"a": 1}, [{}], [[]], "x" * 5000, "\x00",
                  1e-320, 2.5, "9999-12-31T23:59:59", ["AE76"], [60.5, -18.0], datetime.date(1, 1, 1),
                  datetime.time(12, 0)]


def mission_files() -> dict[str, dict[str, Any]]:
    folder = resources.files(data.__package__).joinpath("missions")
    return {entry.name.removesuffix(".toml"): tomllib.loads(entry.read_text(encoding="utf-8"))
            for entry in folder.iterdir() if entry.name.endswith(".toml")}


def weather_text() -> str:
    return resources.files(data.__package__).joinpath("missions", "weather_1940.toml").read_text(encoding="utf-8")


def test_damaged_missions_are_refused_by_their_place_never_a_traceback():
    """Random fields of the shipped missions given a value of another kind or beyond a float (in TOML
    any of these can be written): the check returns its problems, or passes, and never raises."""
    rng = random.Random(13)
    specs = mission_files()
    outcomes = {"refused": 0, "sound": 0}
    for _ in range(MUTATIONS):
        mid = rng.choice(sorted(specs))
        spec = copy.deepcopy(specs[mid])
        changed = []
        for _ in range(rng.choice([1, 1, 2, 3])):
            path = rng.choice([p for p in _paths(spec) if p])
            _set(spec, path, copy.deepcopy(rng.choice(ODD)))
            changed.append(path)
        try:
            problems = check_mission(mid, spec)
        except Exception as exc:  # the fault this test is about
            raise AssertionError(f"{mid}: {changed} = {[repr(_get(spec, p))[:60] for p in changed]}: "
                                 f"{type(exc).__name__}: {exc}") from exc
        outcomes["refused" if problems else "sound"] += 1
    print(f"{MUTATIONS} damaged missions: {outcomes}")
    assert outcomes["refused"] > MUTATIONS // 2


@pytest.mark.slow
@pytest.mark.parametrize(("line", "damaged", "said"), [
    ("hours = 36", f"hours = {HUGE}", "hours"),
    ("hours = 36", f"hours = [5, {HUGE}]", "hours"),
    ('kind = "station"', "kind = [1, 2]", "kind must be one of"),
    ('kind = "station"', "kind = {}", "kind must be one of"),
    ("position = [60.5, -18.0]", f"position = [{HUGE}, -18.0]", "position"),
    ("position = [60.5, -18.0]", "position = [inf, -18.0]", "position"),
    ("every_h = 10", f"every_h = -{HUGE}", "every_h"),
    ('start = "1940-10-22T08:00:00"', 'start = "1940-10-22T08:00:00+01:00"', "names a UTC offset"),
])
def test_a_mission_file_beyond_a_float_or_of_another_kind_is_refused_with_its_line(tmp_path, home, line, damaged, said):
    text = weather_text()
    assert line in text
    path = tmp_path / "weather_1940.toml"
    path.write_text(text.replace(line, damaged, 1), encoding="utf-8")
    done = run_kaleun("missions", "check", str(path), home=home)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert f"{path}:" in done.stderr and said in done.stderr, done.stderr


@pytest.mark.slow
@pytest.mark.parametrize(("key", "value"), [("brightness", HUGE), ("brightness", f"-{HUGE}"), ("brightness", "inf"),
                                            ("brightness", "nan"), ("pixels", HUGE), ("bounce_time", HUGE)])
def test_a_board_file_number_beyond_a_float_is_refused_with_its_line(tmp_path, home, key, value):
    board = Path(__file__).resolve().parents[2] / "boards" / "pi4-basic.toml"
    lines = board.read_text(encoding="utf-8").splitlines()
    at = next(i for i, text in enumerate(lines) if text.startswith(f"{key} = "))
    lines[at] = f"{key} = {value}"
    path = tmp_path / "board.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = run_kaleun("board", "check", str(path), home=home)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert f"{path}:{at + 1}:" in done.stderr and key in done.stderr, done.stderr
