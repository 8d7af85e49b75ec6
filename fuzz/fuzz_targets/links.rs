//! Fuzz target `links`: `robustness::oracle::links` on each input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| robustness::oracle::links(data));
