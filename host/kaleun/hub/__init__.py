"""The deck hub on the host: link, fake hub, figure tags, firmware installation.

The protocol itself comes from the firmware's own modules (`kaleun.hub.proto` loads them),
so the host speaks it with the code that runs on the hub.
"""
