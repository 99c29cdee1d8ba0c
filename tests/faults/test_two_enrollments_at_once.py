"""Two `kaleun figures enroll` at one table at once (one through the deck hub, taking minutes, one with `--tags FILE`
in another terminal): each read `figures.json` when it began and saved the whole file after every figure, so the
one that saved last wrote over the other's figures, which its report had said were "saved". Each figure is now
saved on the file as it is at that moment: both keep theirs, and a tag the other gave another figure meanwhile is
refused."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from kaleun.hub.tags import Enrollment, FigureTags
from kit import run_kaleun


@pytest.mark.slow
def test_an_enrollment_keeps_the_figures_another_one_saved_meanwhile(home, tmp_path):
    said: list[str] = []
    by_hand = Enrollment(FigureTags.load(), ["captain-square", "captain-circle"], lambda text: said.append(str(text)))
    scripted = tmp_path / "tags.txt"
    scripted.write_text("04AABB03\n04AABB02\n", encoding="utf-8")

    def put_down() -> Iterator[str]:
        yield "04AABB01"  # the first figure on a reader
        # meanwhile, in another terminal: the officer by a list (and a tag the captain will take next)
        other = run_kaleun("figures", "enroll", "--tags", str(scripted), "--figure", "officer-square",
                           "--figure", "officer-circle", home=home)
        assert other.returncode == 0, other.stderr + other.stdout
        yield "04AABB02"  # taken by the circle officer meanwhile: refused
        yield "04AABB04"

    assert by_hand.run(put_down())
    assert FigureTags.load().tags == {"04AABB01": "captain-square", "04AABB03": "officer-square",
                                      "04AABB02": "officer-circle", "04AABB04": "captain-circle"}
    assert any(line.startswith("Refused: tag 04AABB02") for line in said), said


def test_a_tag_file_damaged_during_an_enrollment_stops_it_keeping_the_file(home):
    """The file damaged meanwhile (a hand edit gone wrong): the enrollment stops there, says what is wrong with the
    file and how many figures it kept, and leaves the file as it is."""
    said: list[str] = []
    enrollment = Enrollment(FigureTags.load(), ["captain-square", "captain-circle"],
                            lambda text: said.append(str(text)))
    path = home / "figures.json"
    damaged = '{"format": "kaleun-figure-tags", "version": 1, "tags": {"04AABB01": "captain-squar"}}'

    def put_down() -> Iterator[str]:
        yield "04AABB01"
        path.write_text(damaged, encoding="utf-8")
        yield "04AABB02"

    assert not enrollment.run(put_down())
    assert said[-2] == f"{path}: tag 04AABB01 names an unknown figure 'captain-squar'", said
    assert said[-1] == f"Stopped: 1 of 2 figures enrolled (saved in {path}).", said
    assert path.read_text(encoding="utf-8") == damaged


def test_a_figure_the_storage_cannot_take_stops_the_enrollment_with_the_reason(home, monkeypatch, capsys):
    """The storage full in the middle of an enrollment: `kaleun figures enroll` ended in a traceback. It stops with the
    file and the reason, the figures saved before it kept, exit status 1."""
    import errno

    from kaleun import cli
    from kaleun.hub import tags

    scripted = home / "tags.txt"
    scripted.write_text("04AABB01\n04AABB02\n", encoding="utf-8")
    write = tags.write_atomic
    writes: list[int] = []

    def full_after_one(*args, **kwargs):
        writes.append(1)
        if len(writes) > 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        return write(*args, **kwargs)

    monkeypatch.setattr(tags, "write_atomic", full_after_one)
    assert cli.main(["figures", "enroll", "--tags", str(scripted), "--figure", "captain-square",
                     "--figure", "captain-circle"]) == 1
    out = capsys.readouterr().out
    path = home / "figures.json"
    assert f"{path}: cannot save the figure tags (No space left on device)" in out, out
    assert f"Stopped: 1 of 2 figures enrolled (saved in {path})." in out, out
    assert FigureTags.load().tags == {"04AABB01": "captain-square"}
