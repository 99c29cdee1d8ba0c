"""Figure enrollment: scripted tags, duplicates refused, bad UIDs refused, the tag file."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hubkit import ROOT
from kaleun.hub.tags import DuplicateTag, Enrollment, FigureTags, TagStoreError, normalize_uid
from kaleun.paths import config_dir


def _kaleun(*args: str, home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "host"), "KALEUN_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "kaleun", *args], capture_output=True, text=True, env=env,
                          timeout=60, cwd=ROOT)


def test_enrollment_walks_the_figures_and_refuses_a_duplicate_and_a_bad_uid():
    said: list[str] = []
    store = FigureTags.load()
    run = Enrollment(store, ["captain-square", "captain-triangle", "officer-square"], said.append)
    done = run.run(iter(["04:a1:b2:c3:d4:e5:f6", "04A1B2C3D4E5F6", "not-a-tag", "04A1B2C3D4E5F7", "DEADBEEF"]))
    assert done and run.enrolled == ["captain-square", "captain-triangle", "officer-square"]
    assert run.refused == ["04A1B2C3D4E5F6", "not-a-tag"]
    assert said[0] == "[1/3] Place the square captain figure on any reader."
    assert any("already belongs to the square captain" in line for line in said)
    again = FigureTags.load()  # saved after each figure, in the user's config folder
    assert again.path == config_dir() / "figures.json"
    assert again.tags == {"04A1B2C3D4E5F6": "captain-square", "04A1B2C3D4E5F7": "captain-triangle",
                          "DEADBEEF": "officer-square"}


def test_running_out_of_tags_keeps_what_was_enrolled():
    store = FigureTags.load()
    run = Enrollment(store, ["navigator-square", "navigator-circle"], lambda _: None)
    assert run.run(iter(["04000000000001"])) is False
    assert FigureTags.load().tags == {"04000000000001": "navigator-square"}


def test_re_enrolling_a_figure_replaces_its_old_tag_but_a_taken_tag_is_refused():
    store = FigureTags()
    store.assign("DEADBEEF", "engineer-square")
    store.assign("CAFEBABE", "engineer-square")
    assert store.tags == {"CAFEBABE": "engineer-square"}
    store.assign("DEADBEEF", "engineer-circle")
    store.assign("BEEFCAFE", "officer-circle")
    with pytest.raises(DuplicateTag, match="already belongs to the circle engineer"):
        store.assign("DEADBEEF", "officer-circle")
    # the refusal changed nothing: the officer keeps his own tag
    assert store.tags == {"CAFEBABE": "engineer-square", "DEADBEEF": "engineer-circle", "BEEFCAFE": "officer-circle"}


@pytest.mark.parametrize("text", ["", "12345", "04A1B2C3D4E5F", "ZZZZZZZZ", "04A1B2C3D4E5F6A1"])
def test_malformed_uids_are_named(text):
    with pytest.raises(ValueError, match="not a tag UID"):
        normalize_uid(text)


def test_a_damaged_tag_file_is_refused_and_left_alone():
    path = config_dir() / "figures.json"
    path.parent.mkdir(parents=True)
    path.write_text("{oops", encoding="utf-8")
    with pytest.raises(TagStoreError, match="not valid JSON"):
        FigureTags.load()
    assert path.read_text(encoding="utf-8") == "{oops"
    path.write_text(json.dumps({"format": "kaleun-figure-tags", "version": 1,
                                "tags": {"DEADBEEF": "admiral-square"}}), encoding="utf-8")
    with pytest.raises(TagStoreError, match="unknown figure 'admiral-square'"):
        FigureTags.load()


def test_cli_enroll_with_scripted_tags_then_list(tmp_path, kaleun_home):
    tags = tmp_path / "tags.txt"
    tags.write_text("# two tags, the second one twice\nDEADBEEF\nDEADBEEF\nCAFEBABE\n", encoding="utf-8")
    done = _kaleun("figures", "enroll", "--tags", str(tags), "--figure", "captain-square",
                   "--figure", "officer-square", home=kaleun_home)
    assert done.returncode == 0, done.stderr
    assert "Refused: tag DEADBEEF already belongs to the square captain" in done.stdout
    listing = _kaleun("figures", "list", home=kaleun_home)
    assert listing.returncode == 0
    assert "captain-square" in listing.stdout and "DEADBEEF" in listing.stdout and "CAFEBABE" in listing.stdout
    # the figures are named as the game names them ("square captain"), not "Captain (square)"
    assert re.search(r"captain-square +square captain +DEADBEEF", listing.stdout)
    assert re.search(r"engineer-hexagon +hexagon engineer +not enrolled", listing.stdout)
    assert "14 figures have no tag" in listing.stdout


def test_cli_enroll_rejects_an_unknown_figure(kaleun_home):
    done = _kaleun("figures", "enroll", "--figure", "admiral-square", "--tags", "/dev/null", home=kaleun_home)
    assert done.returncode == 2 and "unknown figure 'admiral-square'" in done.stderr


def test_cli_enroll_through_the_fake_hub(tmp_path, kaleun_home):
    """A tag put down on the fake hub after the prompt is what enrollment takes (no --tags);
    the one that stood on a reader from the start is not."""
    from kaleun.boards.loader import load_board
    from kaleun.hub.fake import FakeHub
    from kaleun.hub.options import hub_config

    board = load_board(ROOT / "boards" / "fake-hub.toml")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "host"), "KALEUN_HOME": str(kaleun_home)}
    with FakeHub(hub_config(board)) as fake:
        fake.put(1, "04000000000099")  # a figure nobody lifted
        proc = subprocess.Popen([sys.executable, "-m", "kaleun", "figures", "enroll", "--board",
                                 str(ROOT / "boards" / "fake-hub.toml"), "--url", fake.url, "--figure",
                                 "navigator-hexagon", "--timeout", "20"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        try:
            assert proc.stdout is not None
            lines = []
            while not lines or "Place the hexagon navigator" not in lines[-1]:
                line = proc.stdout.readline()
                assert line, f"no prompt: {lines} {proc.stderr.read() if proc.stderr else ''}"
                lines.append(line)
            fake.put(2, "04ABCDEF012345")
            out, err = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert proc.returncode == 0, "".join(lines) + out + err
    assert "(1 tag on the readers now: ignored" in "".join(lines)
    assert "The hexagon navigator is tag 04ABCDEF012345." in out


def test_enrollment_takes_only_a_tag_put_down_after_its_prompt():
    """The hub's first snapshot reports every tag already on the model as arrived: none of
    them may become a figure's tag."""
    from kaleun.boards.loader import load_board
    from kaleun.hub.commands import _hub_tags
    from kaleun.hub.fake import FakeHub
    from kaleun.hub.options import hub_config

    board = load_board(ROOT / "boards" / "fake-hub.toml")
    fake = FakeHub(hub_config(board))
    fake.put(0, "04000000000001")  # both already on the model when the hub starts scanning
    fake.put(4, "04000000000002")
    with fake:
        source, close = _hub_tags(board, fake.url, timeout=20)
        try:
            new_tags = iter(["04ABCDEF000001", "04ABCDEF000002"])

            def say(text: str) -> None:
                if str(text).startswith("["):  # a prompt: a hand puts the next figure down
                    fake.put(5, next(new_tags))

            store = FigureTags.load()
            assert Enrollment(store, ["captain-square", "captain-circle"], say).run(source)
        finally:
            close()
    assert store.tags == {"04ABCDEF000001": "captain-square", "04ABCDEF000002": "captain-circle"}


def test_a_tag_file_listing_a_tag_twice_in_different_case_is_refused():
    path = config_dir() / "figures.json"
    path.parent.mkdir(parents=True)
    tags = {"deadbeef": "captain-square", "DEADBEEF": "officer-square"}
    path.write_text(json.dumps({"format": "kaleun-figure-tags", "version": 1, "tags": tags}), encoding="utf-8")
    with pytest.raises(TagStoreError, match="tag DEADBEEF is listed twice \\(as 'deadbeef' and 'DEADBEEF'\\)"):
        FigureTags.load()


@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM"])
def test_an_enrollment_stopped_says_what_it_kept_not_that_the_hub_went_offline(tmp_path, kaleun_home, sig):
    """"Ctrl-C stops; progress is kept": the stop said only "(deck hub offline: link closed)" (the
    link the command closed itself) and ended with status 1."""
    import signal

    from kaleun.boards.loader import load_board
    from kaleun.hub.fake import FakeHub
    from kaleun.hub.options import hub_config

    board = load_board(ROOT / "boards" / "fake-hub.toml")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "host"), "KALEUN_HOME": str(kaleun_home)}
    with FakeHub(hub_config(board)) as fake:
        proc = subprocess.Popen([sys.executable, "-m", "kaleun", "figures", "enroll", "--board",
                                 str(ROOT / "boards" / "fake-hub.toml"), "--url", fake.url, "--figure",
                                 "captain-square", "--figure", "navigator-hexagon", "--timeout", "60"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        try:
            assert proc.stdout is not None
            lines: list[str] = []
            while not lines or "Place the hexagon navigator" not in lines[-1]:
                if lines and "Place the square captain" in lines[-1]:
                    fake.put(2, "04ABCDEF012345")
                line = proc.stdout.readline()
                assert line, f"no prompt: {lines} {proc.stderr.read() if proc.stderr else ''}"
                lines.append(line)
            proc.send_signal(getattr(signal, sig))
            out, err = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert proc.returncode == 128 + getattr(signal, sig), "".join(lines) + out + err
    assert f"Stopped: 1 of 2 figures enrolled (saved in {kaleun_home / 'figures.json'})." in out
    assert "offline" not in out + err
    assert json.loads((kaleun_home / "figures.json").read_text())["tags"] == {"04ABCDEF012345": "captain-square"}


def test_enrolling_on_a_fake_hub_inside_kaleun_is_refused_with_the_way_that_works(kaleun_home):
    """`kaleun figures enroll --board fake-hub` started a fake hub inside Kaleun and waited for ever
    for a tag no hand could put on its readers."""
    done = _kaleun("figures", "enroll", "--board", str(ROOT / "boards" / "fake-hub.toml"), home=kaleun_home)
    assert done.returncode == 2 and done.stdout == ""
    assert "is a fake hub inside Kaleun (hub.url = \"fake\"), whose readers no hand reaches: run `kaleun hub fake " \
           "--link PATH`" in done.stderr
    assert "enroll with --url PATH, or give the tags with --tags FILE" in done.stderr


def test_cli_enroll_from_a_tags_file_that_runs_out_says_so_and_keeps_what_it_enrolled(tmp_path, kaleun_home):
    """host/README.md, "The deck hub": `--tags FILE` answers the prompts in order, a line a UID (with colons too,
    comments and blank lines skipped); a file that runs out first said only `Stopped: 1 of 2 ...` with no reason,
    now it says the file has no more tags (as the hub's readers say no tag came in time)."""
    tags = tmp_path / "tags.txt"
    tags.write_text("# the bag of tags\n\n04:a1:b2:c3:d4:e5:f6\n", encoding="utf-8")
    done = _kaleun("figures", "enroll", "--tags", str(tags), "--figure", "captain-square", "--figure",
                   "officer-square", home=kaleun_home)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines()[-3:] == [
        "[2/2] Place the square officer figure on any reader.", f"(no more tags in {tags})",
        f"Stopped: 1 of 2 figures enrolled (saved in {kaleun_home / 'figures.json'})."]
    # a file with a tag for every figure says nothing of running out
    done = _kaleun("figures", "enroll", "--tags", str(tags), "--figure", "captain-square", home=kaleun_home)
    assert done.returncode == 0 and "no more tags" not in done.stdout, done.stdout
