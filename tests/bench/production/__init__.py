"""The production benchmark's parts (tests/bench/bench_production.py). Named so that `make
bench` (bench_*.py) collects none of them."""
