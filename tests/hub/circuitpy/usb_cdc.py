"""Stand-in for CircuitPython's `usb_cdc` when code.py runs off the Pico.

`data` is a port that hands the hub the host bytes listed (hex) in the JSON file named by
the KALEUN_STUB environment variable ({"chunks": [...], "rounds": N}), one chunk per poll,
prints every frame the hub writes as a line "TX <hex>", and ends the program with
SystemExit (which the firmware's loop does not catch) after N polls."""

import binascii
import json
import os
import sys


class Port:
    def __init__(self, script):
        self.chunks = [binascii.unhexlify(chunk) for chunk in script.get("chunks", [])]
        self.rounds = script.get("rounds", 100)
        self.polls = 0
        self.connected = True
        self.timeout = None

    @property
    def in_waiting(self):
        self.polls += 1
        if self.polls > self.rounds:
            print("END", self.polls - 1)
            sys.exit(0)
        return len(self.chunks[0]) if self.chunks else 0

    def read(self, count):
        return self.chunks.pop(0)

    def write(self, data):
        print("TX", binascii.hexlify(data).decode())
        return len(data)


def _script():
    path = os.getenv("KALEUN_STUB")
    if not path:
        return {}
    with open(path) as fh:
        return json.load(fh)


data = Port(_script())
console = data
