# SPDX-License-Identifier: MIT
"""The deck hub's firmware logic: plain Python that runs on CircuitPython and on CPython.

Only `hardware` imports CircuitPython modules (board, busio, digitalio, ...). Everything
else (codec, debounce, scanner, hub, config, the reader drivers over an abstract SPI port,
lamps, encoders) imports under CPython too, so the host's tests and its fake hub run the
very code that runs on the Pico.
"""

#: the firmware's own version (semantic versioning). 1.2.0: the lamp patterns `dim` and `flare`;
#: 1.2.1: the lamps are drawn between the steps of a reader scan, so a strobe keeps its beat in a crowded section;
#: 1.2.2: an encoder that moved further between two polls than one `turn` frame carries is reported in several
FIRMWARE_VERSION = "1.2.2"
#: the line protocol's version. 2: the hub's hello says its unique id (`id`), and the host
#: checks it before it trusts a snapshot. A host speaking 2 still takes hubs speaking 1.
PROTOCOL_VERSION = 2
