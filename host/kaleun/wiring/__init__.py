"""Wiring documents generated from board files: WireViz harness YAML, pinout tables, BOM."""
