//! End-to-end tests of the `microdata` command.

mod cli;
