//! Integration tests: one binary, one module per topic.

#![allow(clippy::unwrap_used)]

mod html_mode;
mod output;
mod scale;
mod util;
mod w3c_mode;
