"""Reaching the deck hub: the one wait and the one refusal of a table's start and of the maker's tools.

A table's start (`kaleun.hub.sensor`), `kaleun hub status`, `kaleun figures enroll` and `kaleun hw check`
all wait for the hub the same way: `reach(link, seconds)` returns as soon as the hub is online, or as soon
as its hello shows it cannot be used (another device at the port, `foreign`; another protocol,
`mismatch`), and only a hub that stays silent is waited for in full. What it returns is the refusal,
worded the same wherever it is said:

    the device at /dev/ttyACM1 is not this board's deck hub: another device answers at the port: ...
    the deck hub at /dev/ttyACM1 did not come online within 10 s (no answer to hello for 3.0 s)

`tool_link(board, on_event)` opens the link the maker's tools use: a fake hub inside Kaleun for
`hub.url = "fake"`, else the port checked against the hub the table played with (`kaleun.hub.known`),
which a tool never learns or changes.
"""

from __future__ import annotations

from typing import Any

from kaleun.core.messages import Msg
from kaleun.hub.link import HubLink

#: link states in which the hub answered and was refused: waiting longer changes nothing
REFUSED = ("foreign", "mismatch")


def refusal(link: HubLink, seconds: float) -> Msg:
    """Why the hub at `link` is not online after a wait of `seconds`, for the maker or the crew."""
    reason = link.core.reason or Msg("no answer")
    if link.core.state == "foreign":
        return Msg("the device at {url} is not this board's deck hub: {reason}", url=link.url, reason=reason)
    if link.core.state == "mismatch":
        return Msg("the deck hub at {url} cannot be used: {reason}", url=link.url, reason=reason)
    return Msg("the deck hub at {url} did not come online within {seconds:g} s ({reason})", url=link.url,
               seconds=seconds, reason=reason)


def reach(link: HubLink, seconds: float) -> Msg | None:
    """Wait until the hub is online (None), at most `seconds`; a hub that answers and is refused
    (`REFUSED`) ends the wait on its hello. Returns the refusal (`refusal`)."""
    if link.wait_online(seconds):
        return None
    return refusal(link, seconds)


def is_refused(link: HubLink) -> bool:
    """The hub answered and was refused (another device, another protocol): not a cable or a wait."""
    return link.core.state in REFUSED


def tool_link(board: Any, on_event: Any, url: str | None = None, start: bool = True) -> tuple[HubLink, Any]:
    """(link, fake hub or None) of a maker's tool: `url` (or the board's hub.url; a fake hub inside
    Kaleun for "fake"), checked against the remembered hub but never learning it. `start=False`
    leaves the link to be started by the caller (after what must hear its first events is set up)."""
    from kaleun.hub.fake import FakeHub
    from kaleun.hub.known import RememberedHub
    from kaleun.hub.options import FAKE_URL, hub_config, hub_options

    options = hub_options(board)
    fake = None
    target = url or options.url
    if target == FAKE_URL:  # the board's hub.url or the tool's --url: `--url fake` opened a port named "fake"
        fake = FakeHub(hub_config(board)).start()
        target = fake.url
    assert target is not None, "a board without a hub url has no hub link"
    # a real hub is checked against the one the table played with (refused as at a start), never learned here
    known = None if fake is not None else RememberedHub.for_board(board.path, target, learn=False)
    link = HubLink(target, options, on_event, known=known, url_key="--url" if url else "hub.url")
    return (link.start() if start else link), fake

