"""Numbers beyond a float's range or NaN wherever input is read, in the maker's commands:
`kaleun hub status --wait inf`, `hub trust --wait 1e999`, `figures enroll --timeout nan` and the fake hub's
typed `wait inf` ended in a traceback from the clock (`OverflowError: timestamp out of range`, `ValueError:
Invalid value NaN`). Each is refused with the option and the range, before anything is opened."""

from __future__ import annotations

import contextlib
import io

import pytest
from kaleun.cli import main
from kaleun.hub.commands import fake_command


@pytest.mark.parametrize("value", ["inf", "1e999", "nan", "-1", "1e6"])
@pytest.mark.parametrize("command", [["hub", "status", "--url", "/nowhere/deck-hub", "--wait"],
                                     ["hub", "trust", "--wait"],
                                     ["figures", "enroll", "--url", "/nowhere/deck-hub", "--timeout"]])
def test_a_wait_that_is_no_number_of_seconds_is_refused_with_the_range(home, command, value):
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main([*command, value])
    option = command[-1]
    # the number as typed: "1e999", never Python's "inf"
    assert code == 2 and f"{option} must be a number of seconds from 0 to 86400, got {value}\n" in err.getvalue(), \
        err.getvalue()


@pytest.mark.parametrize("value", ["inf", "1e999", "nan", "86401", "100000"])
def test_the_fake_hubs_typed_wait_beyond_a_day_or_no_number_is_an_error_line_with_the_range(value):
    """As `--wait` says it: `wait 100000` (a typo for 10) was answered "not a number of seconds", which it is."""
    assert fake_command(None, None, f"wait {value}") == (f"error: '{value}' is not a number of seconds from 0 to "
                                                         "86400")
    assert fake_command(None, None, "wait soon") == "error: 'soon' is not a number of seconds"


@pytest.mark.parametrize("value", ["-3", "-0.5", "-1e999"])
def test_the_fake_hubs_typed_wait_of_negative_seconds_is_an_error_line_not_ok(value):
    """`wait -1` answered "ok" as if the fake hub had waited: a script's sign slip went unseen."""
    answer = fake_command(None, None, f"wait {value}")
    assert answer.split()[0] == "error:", answer
    assert answer in (f"error: '{value}' is a negative number of seconds: a wait is from 0 to 86400",
                      f"error: '{value}' is not a number of seconds from 0 to 86400"), answer
    assert fake_command(None, None, "wait 0") == "ok"


def test_the_fake_hubs_place_of_an_unknown_figure_names_the_figures_it_knows():
    """`place captain 3` answered "error: unknown figure 'captain'", leaving the tester to guess the names;
    `figures enroll --figure captain` names them. The fake hub says them too."""
    from types import SimpleNamespace

    from kaleun.uboot.figures import FIGURES

    placed: list[object] = []
    fake = SimpleNamespace(place_tag=lambda *how: placed.append(how) or 2)
    answer = fake_command(fake, None, "place captain 3")
    assert not placed
    assert answer == f"error: unknown figure 'captain' (known: {', '.join(FIGURES)})", answer
