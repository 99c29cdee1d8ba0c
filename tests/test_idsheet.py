"""The identification sheet and the ship silhouettes (rulebook §8.2 visual identification: the crew
identifies a ship's class on the identification sheet to know its GRT)."""

from __future__ import annotations

import os
import re
import struct
from importlib import resources
from pathlib import Path

import pygame
import pytest
from kaleun.cli import main
from kaleun.uboot import data
from kaleun.uboot.sea.classes import ship_classes
from kaleun.uboot.sea.silhouettes import MIN_ASPECT, SilhouetteError, parse, profiles, silhouette
from kaleun.ui.idsheet import A4_MM, card_lines, card_text_px, layout_sheet, px_per_m, render_sheet, write_sheet
from kaleun.ui.silhouette_draw import draw_silhouette, pixel_bounds
from kit import HOST

TEXT = resources.files(data).joinpath("silhouettes.toml").read_text(encoding="utf-8")


def _refused(text: str) -> str:
    with pytest.raises(SilhouetteError) as err:
        parse(text, ship_classes())
    return str(err.value)


def _line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if fragment in line)


# ---- the silhouette data ---------------------------------------------------------------------
def test_s11_every_ship_class_has_a_silhouette_spanning_its_length():
    assert set(profiles()) == set(ship_classes())
    for cid, cls in ship_classes().items():
        x0, y0, x1, y1 = silhouette(cid).bounds()
        assert (x0, y0, x1) == (0.0, 0.0, cls.length_m), cid
        assert 8.0 < y1 < 40.0, cid


def test_s11_classes_show_the_features_a_crew_identifies_them_by():
    def parts(cid: str, kind: str) -> list[tuple[float, float]]:
        """(centre x as a share of the length, top) of each part of a kind."""
        sil = silhouette(cid)
        out = []
        for p in sil.parts:
            if p.kind == kind:
                xs = [x for x, _ in p.points]
                out.append(((min(xs) + max(xs)) / 2 / sil.length_m, max(y for _, y in p.points)))
        return out

    # Liberty ship: one funnel amidships, masts fore and aft of it
    (liberty_funnel,) = parts("liberty", "funnel")
    assert 0.4 < liberty_funnel[0] < 0.6
    masts = parts("liberty", "mast")
    assert len(masts) == 3 and any(x < 0.4 for x, _ in masts) and any(x > 0.6 for x, _ in masts)
    # T2 tanker: engine house and funnel aft, bridge forward of amidships
    (t2_funnel,) = parts("t2_tanker", "funnel")
    assert t2_funnel[0] < 0.2
    assert all(0.55 < x < 0.7 for x, _ in parts("t2_tanker", "bridge"))
    # Flower corvette: a single funnel, a bow higher than her stern
    assert len(parts("flower", "funnel")) == 1
    flower = profiles()["flower"]
    assert flower.deck(flower.length) > flower.deck(0.0) + 3.0
    # Hunt destroyer: lower than a Flower for all her greater length; guns, rails
    assert profiles()["hunt"].deck(60.0) < flower.deck(50.0)
    assert len(parts("hunt", "gun")) >= 3 and parts("hunt", "rails")
    # merchants carry no guns and no depth-charge rails
    assert not parts("tramp", "gun") and not parts("tramp", "rails")


def test_s11_no_two_classes_share_a_silhouette():
    shapes = {cid: silhouette(cid).parts for cid in ship_classes()}
    assert len({repr(p) for p in shapes.values()}) == len(shapes)


def test_polygons_scale_with_the_length():
    base = silhouette("liberty")
    double = silhouette("liberty", length_m=2 * base.length_m)
    assert double.length_m == 2 * base.length_m
    for a, b in zip(base.parts, double.parts, strict=True):
        assert a.kind == b.kind
        assert [v for pt in b.points for v in pt] == pytest.approx([2 * v for pt in a.points for v in pt])


def test_a_ship_seen_at_an_angle_on_the_bow_is_foreshortened_not_lowered():
    sil = silhouette("hunt")
    side = sil.seen_at(90)
    assert side.bounds() == pytest.approx(sil.bounds())
    thirty = sil.seen_at(30)          # sin 30° = 0.5
    assert thirty.length_m == pytest.approx(sil.length_m / 2)
    assert thirty.bounds()[2] == pytest.approx(sil.length_m / 2)
    assert thirty.height_m == pytest.approx(sil.height_m)
    bow_on = sil.seen_at(0)
    assert bow_on.length_m == pytest.approx(sil.length_m * MIN_ASPECT)
    # seen on her port side the bow points left: the stem (the hull's foremost point) at x near 0
    port = sil.seen_at(-90)
    hull = next(p for p in port.parts if p.kind == "hull")
    stem_head = min(hull.points, key=lambda p: p[0])
    assert stem_head[0] == pytest.approx(0.0) and stem_head[1] > 2.0


# ---- a bad file is refused, naming the line, the class and the key ---------------------------
def test_a_bad_height_is_refused_with_its_line_class_and_key():
    bad = TEXT.replace('{ kind = "bridge", at = 74, length = 9, height = 7.8, rake_fore = 0.6 }',
                       '{ kind = "bridge", at = 74, length = 9, height = -7.8, rake_fore = 0.6 }')
    assert bad != TEXT
    message = _refused(bad)
    line = _line_of(bad, "height = -7.8")
    assert message.startswith(f"silhouettes.toml:{line}: liberty: houses[2].height = -7.8 is out of range")


def test_a_class_ships_toml_does_not_know_is_refused():
    message = _refused(TEXT + '\n[classes.bismarck]\nhull = { freeboard = 6, stern = "transom" }\n')
    line = _line_of(TEXT + "\n[classes.bismarck]", "[classes.bismarck]")
    assert f"silhouettes.toml:{line}: bismarck: unknown ship class" in message


def test_a_class_without_a_silhouette_is_refused():
    start = TEXT.index("[classes.trawler]")
    end = TEXT.index("# ---- escorts")
    message = _refused(TEXT[:start] + TEXT[end:])
    assert "trawler: ship class without a silhouette" in message


@pytest.mark.parametrize(("old", "new", "expected"), [
    ('stern = "counter" }\nforecastle = { length = 12', 'stern = "clipper" }\nforecastle = { length = 12',
     "tramp: hull.stern = 'clipper' is not one of: counter, cruiser, transom"),
    ("funnels = [{ at = 31, height = 7.5, width = 2.8, rake = 8 }]",
     "funnels = [{ at = 31, height = 7.5, width = 2.8, rake = 8, colour = 3 }]",
     "flower: funnels[0].colour: unknown key"),
    ('{ at = 5, height = 8, rake = 3 }', '{ at = 50, height = 8, rake = 3 }',
     "trawler: masts[1] runs off the hull: from 49.75 m to 50.25 m from the stern, the ship is 45 m long"),
    ('{ at = 112, height = 25, crosstree = 5, derricks = "both", derrick_length = 13 }',
     '{ at = 112, height = 25, crosstree = 5, derricks = "both", derrick_length = 60 }',
     "liberty: masts[0].derrick_length = 60 is out of range: it must be at least 0 and at most 40"),
    ("{ at = 74, facing = \"fore\", length = 3.0, height = 2.0, barrel = 4.2 }",
     "{ at = 74, facing = \"fore\", length = 3.0, height = 2.0, barrel = 14.2 }",
     "hunt: guns[0] reaches beyond the bow (to 89.0 m, the ship is 85 m long)"),
    ("depth_charge_rails = { length = 6, height = 0.9 }", 'depth_charge_rails = { length = 6, height = "low" }',
     "hunt: depth_charge_rails.height must be a number"),
    ('{ at = 77, facing = "fore", length = 3.0', '{ at = 77, facing = "up", length = 3.0',
     "black_swan: guns[0].facing = 'up' is not one of: fore, aft"),
])
def test_bad_values_are_refused_with_the_class_and_the_key(old, new, expected):
    assert old in TEXT
    bad = TEXT.replace(old, new, 1)
    message = _refused(bad)
    line = _line_of(bad, new.splitlines()[0])
    assert f"silhouettes.toml:{line}: {expected}" in message


def test_a_file_that_is_not_toml_is_refused_with_its_line():
    message = _refused(TEXT.replace("[classes.coaster]", "[classes.coaster"))
    assert message.startswith(f"silhouettes.toml:{_line_of(TEXT, '[classes.coaster]')}: not valid TOML")


def test_the_example_in_host_readme_is_a_valid_silhouette():
    readme = (HOST / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Identification sheet"):]
    example = re.findall(r"```toml\n(.*?)```", section, re.S)[0]
    start = TEXT.index("[classes.flower]")
    end = TEXT.index("# River-class frigate")
    flower = parse(TEXT[:start] + example + TEXT[end:], ship_classes())["flower"]
    assert flower.funnels[0].at == 31 and flower.rails is not None


# ---- drawing -------------------------------------------------------------------------------
def _ink(surface: pygame.Surface) -> list[tuple[int, int]]:
    w, h = surface.get_size()
    white = surface.map_rgb((255, 255, 255))
    return [(x, y) for y in range(h) for x in range(w) if surface.get_at_mapped((x, y)) != white]


@pytest.mark.parametrize("aspect", [None, 40.0, -120.0])
def test_drawing_a_silhouette_inks_its_bounding_box_and_nothing_outside(aspect):
    sil = silhouette("liberty")
    scale, centre = 2.0, (200.0, 90.0)
    surface = pygame.Surface((400, 120))
    surface.fill((255, 255, 255))
    drawn = draw_silhouette(surface, sil, centre, scale, (0, 0, 0), aspect=aspect)
    # the box from the silhouette's own extent in metres
    seen = sil if aspect is None else sil.seen_at(aspect)
    x0, y0, x1, y1 = seen.bounds()
    left, right = centre[0] + (x0 - seen.length_m / 2) * scale, centre[0] + (x1 - seen.length_m / 2) * scale
    top, bottom = centre[1] - y1 * scale, centre[1] - y0 * scale
    ink = _ink(surface)
    assert ink
    assert all(left - 1 <= x <= right + 1 and top - 1 <= y <= bottom + 1 for x, y in ink)
    # it reaches the box's edges: the waterline, the masthead, both ends
    assert max(y for _, y in ink) >= bottom - 1.5 and min(y for _, y in ink) <= top + 1.5
    assert min(x for x, _ in ink) <= left + 1.5 and max(x for x, _ in ink) >= right - 1.5
    assert drawn == pixel_bounds(sil, centre, scale, aspect)


def test_a_bow_on_ship_is_drawn_short_and_as_tall():
    widths, heights = {}, {}
    for aspect in (90.0, 15.0):
        surface = pygame.Surface((400, 120))
        surface.fill((255, 255, 255))
        draw_silhouette(surface, "t2_tanker", (200.0, 100.0), 2.0, (0, 0, 0), aspect=aspect)
        ink = _ink(surface)
        widths[aspect] = max(x for x, _ in ink) - min(x for x, _ in ink)
        heights[aspect] = max(y for _, y in ink) - min(y for _, y in ink)
    assert widths[15.0] == pytest.approx(widths[90.0] * 0.2588, abs=2)     # sin 15°
    assert heights[15.0] == heights[90.0]


# ---- the sheet -----------------------------------------------------------------------------
def test_s11_the_sheet_is_a4_and_holds_every_class_at_sea_that_year_and_none_later():
    for year in (1939, 1940, 1941, 1942, 1945):
        layout = layout_sheet(year)
        w, h = layout.size
        assert h / w == pytest.approx(A4_MM[1] / A4_MM[0], abs=0.002)
        assert 150 <= layout.dpi <= 200 and w == round(210 / 25.4 * layout.dpi)
        at_sea = {cid for cid, c in ship_classes().items() if c.from_year <= year}
        assert set(layout.class_ids) == at_sea
        assert len(layout.class_ids) == len(at_sea)
    early = layout_sheet(1941).class_ids
    assert "liberty" not in early and "t2_tanker" not in early and "river" not in early
    assert {"liberty", "t2_tanker", "river"} <= set(layout_sheet(1942).class_ids)
    assert set(layout_sheet(None).class_ids) == set(ship_classes())


def test_s11_merchants_come_first_by_tonnage_then_the_escorts():
    ids = layout_sheet(None).class_ids
    classes = ship_classes()
    trade = [cid for cid in ids if classes[cid].type != "escort"]
    assert ids[:len(trade)] == trade
    grts = [classes[cid].grt for cid in trade]
    assert grts == sorted(grts, reverse=True)
    assert ids[0] == "t2_tanker"


def test_every_card_lies_on_the_page_without_overlap_and_holds_its_silhouette_to_scale():
    layout = layout_sheet(None)
    assert layout.px_per_m == pytest.approx(px_per_m(layout.scale, layout.dpi))
    width = layout.size[0]
    cards = [c for s in layout.sections for c in s.cards]
    for c in cards:
        assert c.x > 0 and c.x + c.w < width and c.y > 0 and c.y + c.h <= layout.footer_y
        length_px = ship_classes()[c.class_id].length_m * layout.px_per_m
        assert c.w >= length_px - 1
        assert c.waterline[0] == pytest.approx(c.x + length_px / 2)
        tops = c.waterline[1] - silhouette(c.class_id).height_m * layout.px_per_m
        assert tops >= c.y
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            assert a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y or b.y + b.h <= a.y


@pytest.mark.parametrize("language", ["en", "de", "ru"])
@pytest.mark.parametrize("year", [None, 1940, 1942])
def test_s8_2_every_line_of_every_card_fits_its_card_in_the_sheets_language(language, year):
    """§8.2: the sheet is what the crew reads a class's name and figures from. The cards were as wide as their
    silhouettes, and a German or Russian line longer than that was cut off with "...": "Korvette der Flower-K...",
    a Black Swan's length as "длина 9...". Each card is now as wide as its widest line in the sheet's language,
    and the cards still lie on the page without overlapping."""
    layout = layout_sheet(year, language=language)
    width = layout.size[0]
    cards = [c for s in layout.sections for c in s.cards]
    assert {c.class_id for c in cards} == {cid for cid, c in ship_classes().items()
                                          if year is None or c.from_year <= year}
    for c in cards:
        assert card_text_px(ship_classes()[c.class_id], language) <= c.w, (language, c.class_id)
        assert c.x > 0 and c.x + c.w < width and c.y + c.h <= layout.footer_y
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            assert a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y or b.y + b.h <= a.y
    if language == "ru" and year is None:  # the case that was cut: the Russian escorts' two long lines
        black_swan = next(c for c in cards if c.class_id == "black_swan")
        assert black_swan.w > ship_classes()["black_swan"].length_m * layout.px_per_m + 1


def test_card_text_is_built_from_messages():
    liberty = [str(line) for line, _ in card_lines(ship_classes()["liberty"])]
    assert liberty == ["Liberty ship", "7,176 GRT · merchant", "11 kn top speed · 135 m long",
                       "8.5 m draught · in service from 1942"]
    flower = [str(line) for line, _ in card_lines(ship_classes()["flower"])]
    assert flower[1] == "escort (a warship, no GRT)"
    assert str(card_lines(ship_classes()["tramp"])[3][0]) == "7.8 m draught · in service by 1939"


def test_the_sheet_renders_without_dejavu(tmp_path):
    surface = render_sheet(layout_sheet(1939), font_dir=tmp_path)
    assert surface.get_size() == layout_sheet(1939).size


def test_the_sheet_is_written_as_a_png_that_says_its_resolution(tmp_path):
    out = tmp_path / "sheet.png"
    layout = write_sheet(out, 1942)
    raw = out.read_bytes()
    assert raw[:8] == b"\x89PNG\r\n\x1a\n"
    at = raw.index(b"pHYs")
    x_ppm, y_ppm, unit = struct.unpack(">IIB", raw[at + 4:at + 13])
    assert (x_ppm, y_ppm, unit) == (round(layout.dpi / 0.0254), round(layout.dpi / 0.0254), 1)
    image = pygame.image.load(str(out))
    assert image.get_size() == layout.size


# ---- the command ---------------------------------------------------------------------------
def test_kaleun_idsheet_writes_the_sheet(tmp_path, capsys):
    out = tmp_path / "sheet-1941.png"
    assert main(["idsheet", "--out", str(out), "--year", "1941", "--language", "de"]) == 0
    assert out.is_file()
    assert "8 Schiffsklassen" in capsys.readouterr().out  # said in the sheet's language


def test_kaleun_idsheet_speaks_the_preferred_language_unless_told_another(home, tmp_path, capsys):
    """host/README.md, "Languages": the sheet speaks `--language`, else the preferred language of `kaleun config`,
    as the console, the debrief and the maker's commands do: a German table's group prints a German sheet without
    saying so again (it printed an English one)."""
    assert main(["config", "set", "language", "de"]) == 0
    capsys.readouterr()
    german, english = tmp_path / "de.png", tmp_path / "en.png"
    assert main(["idsheet", "--out", str(german), "--year", "1941"]) == 0
    assert capsys.readouterr().out.startswith(f"{german} geschrieben: A4 mit 200 dpi, 8 Schiffsklassen")
    assert main(["idsheet", "--out", str(english), "--year", "1941", "--language", "en"]) == 0
    assert capsys.readouterr().out.startswith(f"wrote {english}: A4 at 200 dpi, 8 ship classes")
    assert german.read_bytes() != english.read_bytes()  # the sheet's own text is German too


@pytest.mark.parametrize(("args", "status", "message"), [
    (["--year", "1938"], 2, "--year must be a year of the war at sea, 1939 to 1945, got 1938"),
    (["--out", "sheet.jpg"], 2, "--out must end in .png, got sheet.jpg"),
    (["--out", "no/such/folder/sheet.png"], 1, "cannot write no/such/folder/sheet.png"),
])
def test_kaleun_idsheet_refuses_bad_arguments(tmp_path, monkeypatch, capsys, args, status, message):
    monkeypatch.chdir(tmp_path)
    assert main(["idsheet", *args]) == status
    assert message in capsys.readouterr().err
    assert list(Path(tmp_path).iterdir()) == []


def test_a_sheet_that_cannot_be_written_whole_leaves_the_one_that_was_there(tmp_path):
    """On a full card the sheet was written in place: its old bytes were cut off and the new ones did not fit,
    which left a broken file where a good sheet had been. It is written atomically now: the old sheet stays.
    The full disk is the kernel's own file size limit (RLIMIT_FSIZE), in a `kaleun idsheet` of its own."""
    import resource
    import signal
    import subprocess
    import sys

    from kit import kaleun_env

    out = tmp_path / "idsheet.png"
    old = b"\x89PNG\r\n\x1a\n" + b"the sheet printed last week" * 100
    out.write_bytes(old)

    def full_card() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
        resource.setrlimit(resource.RLIMIT_FSIZE, (len(old) * 4, len(old) * 4))

    result = subprocess.run([sys.executable, "-m", "kaleun", "idsheet", "--out", str(out)], capture_output=True,
                            text=True, env=kaleun_env(tmp_path), cwd=tmp_path, preexec_fn=full_card, timeout=120)
    assert result.returncode == 1 and f"cannot write {out}" in result.stderr, result.stderr
    assert out.read_bytes() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["idsheet.png"]  # no temporary file left
    assert main(["idsheet", "--out", str(out)]) == 0  # with room, the new sheet replaces it
    assert out.read_bytes() != old and out.stat().st_mode & 0o777 == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_8_2_every_card_gives_its_class_s_draught_for_the_depth_setting(language):
    """§8.2 and the torpedo crisis mission: HQ's advice sets the torpedoes "3 m or more less than the target's
    draught", and the TDC takes a depth setting; the crew reads that draught where it reads the class, on the
    identification sheet (ships.toml `draft_m`), in every language of the table."""
    from kaleun.core.messages import Msg
    from kaleun.i18n import language as table_language

    lang = table_language(language)
    for cls in ship_classes().values():
        lines = [lang.render(line) for line, _bold in card_lines(cls)]
        assert lang.render(Msg("{draught:g} m draught", draught=cls.draft_m)) in lines[3], (cls.id, lines)
    tramp = [lang.render(line) for line, _bold in card_lines(ship_classes()["tramp"])]
    assert {"en": "7.8 m draught", "de": "7,8 m Tiefgang", "ru": "осадка 7,8 м"}[language] in tramp[3]


@pytest.mark.parametrize("year", [None, *range(1939, 1946)])
def test_s8_2_every_language_prints_the_sheet_at_the_same_scale(year):
    """§8.2 the crew identifies a class by its profile on the sheet: a German table's sheet is drawn at the scale an
    English or Russian one is (it printed 1:2,000 instead of 1:1,750 because its card lines were longer), so a
    silhouette measured on one sheet measures the same on any."""
    from kaleun.i18n import LANGUAGES

    scales = {code: layout_sheet(year=year, language=code).scale for code in LANGUAGES}
    assert len(set(scales.values())) == 1, scales


def test_s8_2_kaleun_idsheet_prints_1_to_1750_in_english_german_and_russian(tmp_path, capsys):
    """The command as a Captain runs it: every language says the same scale, 1:1,750 for the whole war."""
    said = {}
    for code in ("en", "de", "ru"):
        assert main(["idsheet", "--out", str(tmp_path / f"{code}.png"), "--language", code]) == 0
        said[code] = capsys.readouterr().out
    assert "1:1,750" in said["en"] and "1:1.750" in said["de"], said
    assert "1:1" in said["ru"] and "750" in said["ru"].split("1:1", 1)[1][:6], said
