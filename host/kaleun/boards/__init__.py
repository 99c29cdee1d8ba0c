"""Board files: one TOML file per hardware build (format v0), validated with file:line messages."""

from kaleun.boards.loader import BoardError, load_board
from kaleun.boards.model import Board

__all__ = ["Board", "BoardError", "load_board"]
