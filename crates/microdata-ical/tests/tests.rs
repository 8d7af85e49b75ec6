//! Integration tests of `microdata-ical`: the spec's examples (fixtures in
//! `fixtures/`, whole outputs as insta snapshots, every output parsed back
//! with `icalendar::parser`), the vocabulary checks, and the typed
//! `icalendar::Calendar`.
#![allow(clippy::unwrap_used)]

mod checks;
mod examples;
mod roundtrip;
#[cfg(feature = "typed")]
mod typed;
mod util;
