"""The deck hub link's reasons speak the table's language (the physical table; the First Officer's console, languages).

The link says why a hub is not online (another device at the port, another protocol, silence, a port that
cannot be opened), and those reasons are read inside translated sentences: `kaleun.hub.reach.refusal()`,
`kaleun hub status`, a table's start. Each reason is a message of its own, so a German or Russian sentence
holds no English half; its English text stays word for word what logs, JSON and scripts read.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from kaleun.hub.commands import format_status
from kaleun.hub.link import LinkCore
from kaleun.hub.proto import PROTOCOL_VERSION
from kaleun.hub.reach import refusal
from kaleun.i18n import language
from test_link import Hub, options


def _link(core: LinkCore) -> SimpleNamespace:
    return SimpleNamespace(core=core, url="/dev/ttyACM1")


def _foreign() -> LinkCore:
    core = LinkCore(options())
    core.opened(0)
    core.received(Hub().hello(name="other-hub"), 0)
    return core


def _mismatch() -> LinkCore:
    core = LinkCore(options())
    core.opened(0)
    core.received(Hub().hello(proto=PROTOCOL_VERSION + 1), 0)
    return core


def _silent() -> LinkCore:
    core = LinkCore(options(timeout_ms=1000))
    core.opened(0)
    _, reason = core.tick(3.0)
    assert reason is not None
    core.closed(reason)
    return core


@pytest.mark.parametrize("make, english", [
    (_foreign, "another device answers at the port: deck hub 'other-hub' (id E6614103E7396B29), not this "
               "board's 'deck-hub' (hub.name); plug in this table's hub, or write the board's settings to it with "
               "`kaleun hub config`"),
    (_mismatch, f"version mismatch: the deck hub runs firmware 1.0.0 speaking protocol {PROTOCOL_VERSION + 1}, "
                f"this Kaleun speaks protocol {PROTOCOL_VERSION}: install firmware"),
    (_silent, "no answer to hello for 3.0 s"),
])
@pytest.mark.parametrize("code", ["de", "ru"])
def test_a_refusal_names_the_hubs_reason_in_the_tables_language_and_keeps_its_english(make, english, code):
    said = refusal(_link(make()), 10)  # type: ignore[arg-type]
    assert english in str(said)  # the English text, as logs and scripts read it
    assert language(code).missing(said) == []
    rendered = language(code).render(said)
    for words in ("another device answers", "version mismatch", "no answer to hello", "plug in", "speaks protocol"):
        assert words not in rendered, rendered


@pytest.mark.parametrize("code", ["de", "ru"])
def test_a_port_that_cannot_be_opened_and_a_lost_port_are_said_in_the_tables_language(code):
    from kaleun.core.messages import Msg
    from kaleun.hub.link import NO_SUCH_PORT, PORT_HELD

    for reason in (Msg(PORT_HELD), Msg(NO_SUCH_PORT, key="hub.url")):
        assert language(code).missing(reason) == []
        assert language(code).render(reason) != str(reason)


def test_hub_status_for_a_hub_on_another_protocol_says_version_mismatch_once():
    """`kaleun hub status` said "version mismatch (version mismatch: ...)"."""
    status = {**_mismatch().status(), "url": "/dev/ttyACM1"}
    first = format_status(status).splitlines()[0]
    assert first.count("version mismatch") == 1, first
    assert first.startswith("deck hub at /dev/ttyACM1: version mismatch (the deck hub runs firmware 1.0.0")
    for code in ("de", "ru"):
        rendered = format_status(status, language(code).render).splitlines()[0]
        assert "version mismatch" not in rendered and "the deck hub runs" not in rendered, rendered


def test_the_link_warnings_are_said_in_the_tables_language():
    core = LinkCore(options())
    core.opened(0)
    core.received(Hub().hello(sections="2,1"), 0)
    assert core.warnings
    status = {**core.status(), "url": "/dev/ttyACM1"}
    english = format_status(status)
    assert "the hub's reader map" in english and "differs from the board's" in english
    for code in ("de", "ru"):
        rendered = format_status(status, language(code).render)
        assert "differs from the board's" not in rendered and "does not say its unique id" not in rendered, rendered


@pytest.mark.parametrize(("code", "said"), [("de", "kaleun: Deck-Hub-Verbindung: "),
                                            ("ru", "kaleun: связь с палубным концентратором: ")])
def test_the_warning_of_another_device_at_the_port_is_said_in_the_makers_language(tmp_path, code, said):
    """Issue 11, at a German or Russian table: `kaleun hub status --language ru` with another hub at the port printed
    its status in Russian and, beside it, the link's warning in English (`WARNING kaleun.hub.link: deck hub link:
    another device answers at the port: ...`); a console shows the same warning at the crew's prompt."""
    from kaleun.boards.loader import load_board
    from kaleun.hub.fake import FakeHub
    from kaleun.hub.options import hub_config
    from kit import pico_board, run_kaleun

    link = tmp_path / "ttyACM-hub"
    board = tmp_path / "table.toml"
    pico_board(board, link, 'id = "E6614103E7396B29"')
    with FakeHub(hub_config(load_board(board)), link=link):  # the fake's own id, not the board's
        status = run_kaleun("hub", "status", "--board", str(board), "--wait", "10", "--language", code, home=tmp_path)
    assert status.returncode == 1, status
    err = status.stderr
    assert said in err and "E6614103E7396B29" in err, err
    assert "another device" not in err and "WARNING" not in err, err


@pytest.mark.parametrize(("code", "said"), [
    ("de", "kaleun: der Deck-Hub an {url} ist noch nicht verbunden ({url} lässt sich nicht öffnen"),
    ("ru", "kaleun: палубный концентратор на {url} пока не на связи (не удаётся открыть {url}")])
def test_a_table_started_without_its_hub_says_so_in_its_language(tmp_path, code, said):
    """Issue 11, a table that starts by itself: a German or Russian table started with its deck hub unplugged said
    `WARNING kaleun.hub.sensor: the deck hub at ... is not online yet (...)` in English, the crew's console too."""
    import subprocess
    import sys

    from kit import kaleun_env, pico_board

    port = tmp_path / "ttyACM-gone"
    board = tmp_path / "table.toml"
    pico_board(board, port, "start_timeout_ms = 300")
    game = subprocess.run([sys.executable, "-m", "kaleun", "play", "--console", "--board", str(board), "--mission",
                           "training", "--language", code], input="quit\n", capture_output=True, text=True,
                          env=kaleun_env(tmp_path), timeout=120, cwd=tmp_path)
    assert game.returncode == 0, game
    assert said.format(url=port) in game.stderr, game.stderr
    assert "is not online yet" not in game.stderr and "WARNING" not in game.stderr, game.stderr


def test_a_reader_that_fails_and_recovers_at_the_table_is_warned_of_in_its_language(tmp_path, monkeypatch, caplog):
    """Issue 11, at a German or Russian table: a reader of the deck hub that fails during the game was warned of on
    the terminal (and at the console's prompt) as `deck hub reader 3 (section 3) fault no_chip`, in English. The
    warning is a message of the catalogues now; its English reads as a sentence."""
    import logging
    import time

    from hubkit import ROOT
    from kaleun.boards.loader import load_board
    from kaleun.core.messages import Msg
    from kaleun.hub.sensor import HubFigureSensor
    from kaleun.hub.tags import FigureTags

    monkeypatch.setenv("KALEUN_HOME", str(tmp_path))
    sensor = HubFigureSensor(load_board(ROOT / "boards" / "fake-hub.toml"), tags=FigureTags({}))
    sensor.start(lambda change: None)
    try:
        assert sensor.fake is not None
        with caplog.at_level(logging.WARNING, logger="kaleun.hub.sensor"):
            deadline = time.monotonic() + 15.0  # a guard: the hub reports it after its failed scans in a row
            sensor.fake.set_broken(3)
            while not any("faulty" in r.getMessage() for r in caplog.records):
                assert time.monotonic() < deadline, "the fault was never warned of"
                time.sleep(0.02)
            sensor.fake.set_broken(3, False)
            while not any("answers again" in r.getMessage() for r in caplog.records):
                assert time.monotonic() < deadline, "the recovery was never warned of"
                time.sleep(0.02)
    finally:
        sensor.close()
    said = [r.msg for r in caplog.records if isinstance(r.msg, Msg) and "deck hub reader" in r.msg.template]
    assert [str(m).split(":")[0] for m in said] == ["deck hub reader 3 (section 3) faulty",
                                                   "deck hub reader 3 (section 3) answers again"], said
    assert [language("de").render(m).split(":")[0] for m in said] == [
        "Leser 3 des Deck-Hubs (Sektion 3) gestört", "Leser 3 des Deck-Hubs (Sektion 3) antwortet wieder"]
    assert language("ru").render(said[1]) == "считыватель 3 палубного концентратора (отсек 3) снова отвечает"
