# SPDX-License-Identifier: MIT
# Kaleun deck hub: runs once at power-up, before code.py and before USB is set up.
# A second USB serial port ("data") carries the protocol, free of REPL noise; the first one
# stays the REPL console for the maker. The drive stays writable by the computer.
import usb_cdc

usb_cdc.enable(console=True, data=True)
