"""The memory benchmark's parts (tests/bench/bench_memory.py). Named so that `make bench`
(bench_*.py) collects none of them."""
