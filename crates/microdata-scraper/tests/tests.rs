//! Integration tests of the scraper adapter and, through it, the model.
#![allow(clippy::unwrap_used)]

mod bounded;
#[cfg(feature = "encoding")]
mod bytes;
mod serialize;
mod spec_examples;
mod traps;
mod values;
