//! Fuzz target `cli_bytes`: `robustness::oracle::cli_bytes` on each input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| robustness::oracle::cli_bytes(data));
