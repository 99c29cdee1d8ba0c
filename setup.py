"""The board files, the deck hub's firmware and the wiring guide travel inside the wheel.

They live at the top of the source tree (boards/, firmware/, wiring/), where makers look for
them. Building a wheel copies them into the package as kaleun/share/boards,
kaleun/share/firmware and kaleun/share/wiring (with host/README.md as kaleun/share/host, which
the wiring guide links to), so an installed Kaleun finds them outside the source tree
(`kaleun.shipped`): `--board pico-hub`, `kaleun firmware install`, the fake hub, the documents
the pages of `kaleun wiring` link to. Everything else about the package is in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
#: folder of the source tree -> the files of it a wheel carries
SHIPPED = {
    "boards": ("*.toml", "README.md"),
    "firmware": ("boot.py", "code.py", "lib/kaleun_hub/*.py", "lib/kaleun_hub/*.json", "protocol_vectors.json",
                 "README.md"),
    # the wiring guide and the shipped boards' pages, which the pages `kaleun wiring` writes link to
    "wiring": ("*.md", "*.svg", "*.yml"),
    # the program's manual, which the wiring guide links to
    "host": ("README.md",),
}


class BuildWithShippedFiles(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return  # an editable install runs from the source tree, which has the folders
        share = Path(self.build_lib) / "kaleun" / "share"
        shutil.rmtree(share, ignore_errors=True)  # nothing left over from an earlier build
        for folder, patterns in SHIPPED.items():
            for pattern in patterns:
                for source in sorted((ROOT / folder).glob(pattern)):
                    target = share / folder / source.relative_to(ROOT / folder)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(source, target)


setup(cmdclass={"build_py": BuildWithShippedFiles})
