//! Integration tests of the scraper adapter and, through it, the model.

mod spec_examples;
mod traps;
mod serialize;
