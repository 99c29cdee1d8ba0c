"""Seeded random generator whose whole state serialises to JSON."""

from __future__ import annotations

import random
from typing import Any


class GameRandom(random.Random):
    """`random.Random` (Mersenne Twister) with JSON-friendly state.

    The algorithm and the methods used by the rules (random, randint, choice, shuffle,
    sample, uniform, gauss) are stable across CPython versions, so a seed reproduces a game.
    """

    def to_json(self) -> list[Any]:
        version, internal, gauss_next = self.getstate()
        return [version, list(internal), gauss_next]

    @classmethod
    def from_json(cls, data: list[Any]) -> GameRandom:
        rng = cls()
        version, internal, gauss_next = data
        rng.setstate((version, tuple(internal), gauss_next))
        return rng
