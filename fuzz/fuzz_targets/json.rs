//! Fuzz target `json`: `robustness::oracle::json` on each input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| robustness::oracle::json(data));
