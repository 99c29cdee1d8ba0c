# SPDX-License-Identifier: MIT
# Kaleun deck hub: the main program on the Pico. See README.md (protocol, flashing).
# Nothing here may stop the hub: a bad config, a part that cannot be set up, or an error in
# one round of the loop is printed on this (REPL) console and the hub carries on.
import time

import usb_cdc
from kaleun_hub import FIRMWARE_VERSION, PROTOCOL_VERSION, config
from kaleun_hub.hub import Hub, serve

print("Kaleun deck hub firmware", FIRMWARE_VERSION, "protocol", PROTOCOL_VERSION)

setup = []  # what failed at start-up, named in the hub's hello
try:
    cfg = config.load(config.CONFIG_FILE)
except Exception as exc:  # ConfigError, or anything else a damaged file makes the reader raise
    print("config problem:", exc)
    print("running with no readers; fix", config.CONFIG_FILE, "and reset the board")
    cfg = config.parse({"format": config.CONFIG_FORMAT})
    setup.append("config")

readers, lamps, encoders = [], None, None
try:
    from kaleun_hub import hardware

    readers, lamps, encoders, problems = hardware.build(cfg)
    setup += problems
except Exception as exc:  # the hub must still answer the host
    print("hardware set-up failed:", exc)
    cfg["readers"] = []
    setup.append("hardware")

try:  # the RP2040's unique id: the host tells its own hub from any other device by it
    import microcontroller

    uid = "".join("%02X" % b for b in microcontroller.cpu.uid)
except Exception as exc:  # a port without it: the host then checks the hub's name only
    print("no unique id:", exc)
    uid = None

port = usb_cdc.data if usb_cdc.data is not None else usb_cdc.console
port.timeout = 0

try:
    _monotonic_ns = time.monotonic_ns

    def clock_ms():
        return _monotonic_ns() // 1000000
except AttributeError:  # MicroPython's unix port (the firmware tests) has ticks_ms instead
    def clock_ms():
        return time.ticks_ms()


def write(frame):
    # without a host (DTR low) the bytes would pile up in the USB buffer: drop them, the
    # host asks for a snapshot when it connects
    if port.connected:
        try:
            port.write(frame)
        except OSError:
            pass


hub = Hub(readers, cfg, write, lamps=lamps, encoders=encoders, clock=clock_ms, setup=setup, uid=uid)
serve(hub, port, clock_ms)
