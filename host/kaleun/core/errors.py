"""Errors raised by the pure core."""


class CommandError(ValueError):
    """A command is malformed: unknown name, missing or bad field.

    This is a fault of the input (a bad script line, a typo at the console), not a game
    outcome. Game outcomes such as a rejected order are events, never exceptions.
    """


class SaveError(ValueError):
    """A saved state cannot be loaded; the message says why."""
