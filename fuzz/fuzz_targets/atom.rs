//! Fuzz target `atom`: `robustness::oracle::atom` on each input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| robustness::oracle::atom(data));
