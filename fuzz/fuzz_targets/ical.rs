//! Fuzz target `ical`: `robustness::oracle::ical` on each input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| robustness::oracle::ical(data));
