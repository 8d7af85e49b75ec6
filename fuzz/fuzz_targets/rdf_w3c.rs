//! Fuzz target `rdf_w3c`: `robustness::oracle::rdf_w3c` on each input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| robustness::oracle::rdf_w3c(data));
