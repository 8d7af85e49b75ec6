//! End-to-end tests of the `microdata` command.
#![allow(clippy::unwrap_used)]

mod cli;
mod robustness;
mod util;
