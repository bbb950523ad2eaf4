"""The test suite; a package so that scripts and benchmarks can import ``tests.support``."""
