//! Integration tests of the Atom extraction, through the scraper adapter.
#![allow(clippy::unwrap_used)]

mod rules;
mod spec_examples;
mod util;
