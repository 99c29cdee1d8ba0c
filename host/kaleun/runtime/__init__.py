"""The runtime: wall time, time compression, the table's adapters and the outputs."""
