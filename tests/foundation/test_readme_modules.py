"""host/README.md's tables of modules say where the code is: every module of `host/kaleun/` (its own
files and its folders) has its row in the table of "The flow", and the sections that list a folder's
modules (the sea, the attack, the crew engine, the missions, the games' fronts) name every module in
it, and none that is not there. A module split or moved leaves no stale name and no unnamed part."""

from __future__ import annotations

import re

import pytest
from kit import ROOT

README = ROOT / "host" / "README.md"
KALEUN = ROOT / "host" / "kaleun"


def _text() -> str:
    return README.read_text(encoding="utf-8")


def _section(heading: str, until: str) -> str:
    """host/README.md from the line `heading` to the next line starting with `until`."""
    text = _text()
    start = text.index("\n" + heading + "\n")
    end = text.find("\n" + until, start + len(heading) + 2)
    return text[start:end if end >= 0 else len(text)]


def _flow_table() -> str:
    """The table of "The flow" (responsibility | where)."""
    section = _section("## The flow", "### ")
    return "\n".join(line for line in section.splitlines() if line.startswith("|"))


def _modules(folder: str) -> list[str]:
    return sorted(p.name for p in (KALEUN / folder).glob("*.py") if p.name != "__init__.py")


def test_every_module_and_folder_of_the_package_has_its_row_in_the_flow_table():
    table = _flow_table()
    assert "`kaleun/cli.py`" in table  # the table is read
    own = [p.name for p in KALEUN.glob("*.py") if p.name not in ("__init__.py", "__main__.py")]
    folders = [p.name for p in KALEUN.iterdir() if p.is_dir() and (p / "__init__.py").exists()]
    missing = [f"kaleun/{name}" for name in sorted(own) if not re.search(rf"`(kaleun/)?{re.escape(name)}`", table)]
    missing += [f"kaleun/{name}/" for name in sorted(folders) if f"kaleun/{name}/" not in table]
    assert not missing, "host/README.md, The flow: no row names " + ", ".join(missing)


#: (a folder of host/kaleun/, the section of host/README.md that lists its modules: its heading, where it ends)
LISTED = [
    ("uboot/sea", "## The sea", "## Missions, HQ and the patrol"),
    ("uboot/weapons", "## The attack (`kaleun/uboot/weapons/`, `sea/torpedo_run.py`, `sea/shipdamage.py`)",
     "### Orders"),
    ("uboot/crew", "## The crew engine", "### Enforce or advise"),
    ("uboot/missions", "## Missions, HQ and the patrol", "### The missions"),
    ("fronts", "### Extending Kaleun: where each kind of thing is declared once", "## The window"),
    ("hub", "## The deck hub (`kaleun/hub/`)", "**From tag to game.**"),
    ("sonar", "## Captain Sonar", "### Running"),
]


@pytest.mark.parametrize(("folder", "heading", "until"), LISTED, ids=[f for f, _, _ in LISTED])
def test_a_section_listing_a_folder_names_each_of_its_modules(folder: str, heading: str, until: str) -> None:
    section = _section(heading, until) + "\n" + _flow_table()  # (a saved state's shape is in The flow's table)
    short = folder.split("/")[-1]
    missing = [name for name in _modules(folder)
               if not re.search(rf"`((kaleun/)?(uboot/)?{re.escape(short)}/)?{re.escape(name)}`", section)]
    assert not missing, f"host/README.md, {heading}: kaleun/{folder}/ has modules it does not name: {missing}"


TABLES = [("uboot/sea", "### Where it lives", "### "), LISTED[1]]


@pytest.mark.parametrize(("folder", "heading", "until"), TABLES, ids=[f for f, _, _ in TABLES])
def test_every_module_a_folders_table_names_is_there(folder: str, heading: str, until: str) -> None:
    """The tables of the sea and the attack name modules by their bare file names (`world.py`): each is
    a module of the folder (or, with its folder, of the package)."""
    table = "\n".join(line for line in _section(heading, until).splitlines() if line.startswith("|"))
    named = set(re.findall(r"`([a-z_]+\.py)`", table))
    assert named, f"host/README.md, {heading}: no module named in its table"
    missing = sorted(name for name in named if name not in _modules(folder))
    assert not missing, f"host/README.md, {heading}: no module {missing} in kaleun/{folder}/"


def test_the_action_field_kinds_the_readme_lists_are_the_consoles():
    """host/README.md, "One declaration of every action": the kinds of a `Field` are `KINDS`."""
    from kaleun.ui.actions import KINDS

    section = _section("### One declaration of every action (`kaleun/ui/actions.py`)", "### ")
    listed = re.search(r"kind —\s*(.*?)\s*—", section, re.S)
    assert listed is not None, "the list of kinds is not found"
    assert re.findall(r"`([a-z_]+)`", listed.group(1)) == list(KINDS)


READMES = ("README.md", "host/README.md", "boards/README.md", "firmware/README.md", "wiring/README.md")


@pytest.mark.parametrize("readme", READMES)
def test_every_module_a_readme_names_by_its_file_name_exists(readme: str) -> None:
    """A module named by its bare file name (`boatnow.py`, `config.py`: the paths with a folder are
    test_readme_paths.py's) is a file of the program, the hub firmware or the tests."""
    files = {p.name for folder in ("host", "firmware", "tests") for p in (ROOT / folder).rglob("*.py")}
    text = (ROOT / readme).read_text(encoding="utf-8")
    named = [(text.count("\n", 0, m.start()) + 1, m.group(1)) for m in re.finditer(r"`([A-Za-z0-9_]+\.py)`", text)]
    missing = [f"{readme}:{line}: {name}" for line, name in named if name not in files]
    assert not missing, "modules named in the README that do not exist:\n" + "\n".join(missing)


def test_the_readme_names_every_part_of_a_front_a_game_overrides():
    """host/README.md, "Extending Kaleun", a game: every part of `Front` (kaleun/fronts/) a game's front
    sets or overrides is named there."""
    from kaleun.fronts import Front
    from kaleun.games import GAMES

    section = _section("### Extending Kaleun: where each kind of thing is declared once", "## The window")
    game = section[section.index("**A game**"):]
    parts = {name for entry in GAMES.values() for name, value in vars(type(entry.front)).items()
             if not name.startswith("_") and (callable(value) or name in vars(Front))}
    assert {"add_arguments", "play"} <= parts  # the fronts are read
    missing = sorted(name for name in parts if not re.search(rf"`{name}[`( ]", game))
    assert not missing, f"host/README.md, a game: the Front's parts a game sets that it does not name: {missing}"
