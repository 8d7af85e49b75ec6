//! Fuzz target `mf2`: `robustness::oracle::mf2` on each input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| robustness::oracle::mf2(data));
