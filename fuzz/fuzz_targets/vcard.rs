//! Fuzz target `vcard`: `robustness::oracle::vcard` on each input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| robustness::oracle::vcard(data));
