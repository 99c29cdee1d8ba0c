"""Every file or folder the READMEs name by its path exists (README.md, host/, boards/, firmware/,
wiring/): a renamed module or test leaves no stale pointer in the docs.

A path is a backticked word with a `/` in it (`uboot/data/orders.toml`, `tests/faults/`); it is
looked up from the README's own folder, the repository's root and the package's folders, as the
READMEs write them. Placeholders (`<id>`, `{field}`, `X.jsonl` names in capitals, `...`), URLs,
absolute paths of a Pi and the examples' own new files (`my-table.toml`) are not paths here.
"""

from __future__ import annotations

import re

import pytest
from kit import ROOT

READMES = ("README.md", "host/README.md", "boards/README.md", "firmware/README.md", "wiring/README.md")
#: where the READMEs' paths start from, besides the README's own folder
BASES = ("", "host", "host/kaleun", "host/kaleun/uboot", "host/kaleun/uboot/crew", "host/kaleun/sonar",
         "host/kaleun/ui", "firmware", "firmware/lib", "tests")


def _paths(readme: str) -> list[tuple[int, str]]:
    text = (ROOT / readme).read_text(encoding="utf-8")
    found = []
    for m in re.finditer(r"`([^`\s]+)`", text):
        word = m.group(1).rstrip(".,:;")
        if "/" not in word or "://" in word or word.startswith(("/", "~", "$", "-", '"', "{")):
            continue
        if re.search(r"[<>{}*|=()\[\]]|\.\.\.|…", word) or re.search(r"(^|/)[A-Z][A-Z_.]*(\.[a-z]+)?$", word):
            continue  # a placeholder or a pattern
        if "my-" in word or not re.search(r"(/|\.[a-z]{1,5})$", word):
            continue  # an example's own file; not a file name (a sailor id, a ratio)
        found.append((text.count("\n", 0, m.start()) + 1, word))
    return found


def _exists(readme: str, path: str) -> bool:
    here = (ROOT / readme).parent
    return any((base / path).exists() for base in (here, *(ROOT / b for b in BASES)))


@pytest.mark.parametrize("readme", READMES)
def test_every_path_a_readme_names_exists(readme: str) -> None:
    paths = _paths(readme)
    assert paths, f"{readme}: no paths found (the test reads nothing)"
    missing = [f"{readme}:{line}: {path}" for line, path in paths if not _exists(readme, path)]
    assert not missing, "paths named in the README that do not exist:\n" + "\n".join(missing)


def _kaleun_lines(readme: str) -> list[tuple[int, list[str]]]:
    """The `kaleun ...` command lines of a README's ```sh blocks (comments cut off)."""
    text = (ROOT / readme).read_text(encoding="utf-8")
    found = []
    for m in re.finditer(r"^```sh\n(.*?)^```", text, re.S | re.M):
        first = text.count("\n", 0, m.start()) + 2
        for i, row in enumerate(m.group(1).splitlines()):
            words = row.split("#")[0].split()
            if words[:1] == ["kaleun"]:
                found.append((first + i, words[1:]))
    return found


def test_every_kaleun_command_of_the_top_readme_parses_and_names_a_real_mission() -> None:
    """README.md's first evening: each `kaleun ...` line it shows is a command the program takes,
    and each `--mission ID` is a mission `kaleun missions` lists."""
    from kaleun.cli import build_parser
    from kaleun.uboot.missions.setup import mission_lines

    lines = _kaleun_lines("README.md")
    assert lines, "README.md shows no kaleun command to type"
    ids = {m.id for m in mission_lines()}
    parser = build_parser()
    for line, words in lines:
        parser.parse_args(words)
        for i, word in enumerate(words[:-1]):
            if word == "--mission":
                assert words[i + 1] in ids, f"README.md:{line}: no mission {words[i + 1]!r}"
