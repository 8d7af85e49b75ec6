//! Benchmarks (see benches/).
