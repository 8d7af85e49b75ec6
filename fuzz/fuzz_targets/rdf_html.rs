//! Fuzz target `rdf_html`: `robustness::oracle::rdf_html` on each input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| robustness::oracle::rdf_html(data));
