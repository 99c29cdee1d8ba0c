"""Stand-in for CircuitPython's `microcontroller`: the CPU's unique id (an RP2040 has 8 bytes)."""


class _Cpu:
    uid = bytearray(b"\xe6\x61\x41\x03\xe7\x39\x6b\x29")


cpu = _Cpu()
