"""The live-tables benchmark's parts (tests/bench/bench_live.py and the benchmarks built on
it). Named so that `make bench` (bench_*.py) collects none of them."""
