"""Benchmarks: each bench/<name>.py with a `main()` function is one; `make bench` runs them all."""
