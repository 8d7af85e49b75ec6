//! Integration tests of `microdata-vcard`: the spec's examples (fixtures in
//! `fixtures/`, whole outputs as insta snapshots), the vocabulary checks,
//! and the typed `vcard4` value.
#![allow(clippy::unwrap_used)]

mod checks;
mod examples;
mod roundtrip;
#[cfg(feature = "typed")]
mod typed;
mod util;
