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
