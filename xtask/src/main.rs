//! Workspace automation, run as `cargo xtask <command>` (the alias lives in
//! `.cargo/config.toml`).
//!
//! - `ci`: every check CI runs, in order, stopping at the first failure.
//! - `conformance`: the conformance runners of the converters, with a
//!   summary table checked against `xtask/conformance-baseline.txt`.
//! - `tidy`: repository hygiene (READMEs, crate docs, changelog, internal
//!   dependency versions, no copied suite files).
//! - `bench`: the criterion benches of the `benches` package, with a table.
//! - `fuzz`: the cargo-fuzz targets for a bounded time, findings kept as
//!   regression tests.
//!
//! Arguments are parsed by hand to keep this crate quick to build.

mod bench;
mod ci;
mod conformance;
mod fuzz;
mod metadata;
mod tidy;
mod util;

use std::process::ExitCode;

use util::{Error, Result};

const HELP: &str = "\
cargo xtask: workspace automation

USAGE:
    cargo xtask <COMMAND> [OPTIONS]

COMMANDS:
    ci             Run every CI check in order, stopping at the first failure:
                   fmt, clippy per crate and feature set, tests, docs,
                   doc examples (nightly, when installed), a package
                   check of the published crates from their tarballs,
                   MSRV check (when that toolchain is installed),
                   conformance, tidy. Prints timings per step.
        --keep-going                run every step, then report all failures
    conformance    Run the conformance suites and compare with the baseline.
        --suite <mf2|rdf|wpt|all>   which suite (default: all)
        --path <DIR>                suite folder (sets MF2_TESTS,
                                    MICRODATA_RDF_TESTS or WPT_MICRODATA_TESTS;
                                    needs a single --suite)
        --update-baseline           raise xtask/conformance-baseline.txt to
                                    this run's passed counts (never lowers)
    tidy           Check repository hygiene (also run by `cargo test -p xtask`).
    bench          Run the criterion benches (`cargo bench -p benches`) and
                   print a table of times, throughputs and the overhead of
                   each bench over the `parse` bench of its group.
        --save <NAME>               also save the results as criterion
                                    baseline NAME
        [FILTER]                    only benches whose name matches FILTER
        --bench <NAME>              only the bench target NAME (faster than
                                    a filter: every target builds its
                                    inputs first)
        --memory                    instead, measure peak memory against
                                    the parsed DOM (`memory` binary of the
                                    benches package) and the `microdata`
                                    command's peak RSS (GNU time)
    fuzz           Run the cargo-fuzz targets of fuzz/ (stable toolchain,
                   --sanitizer none) for a bounded time each, seeded from
                   the HTML fixtures and the suites' pages (the folders
                   `conformance` reads); new crash inputs are kept in
                   robustness/regressions/ and replayed by `cargo test`.
        --target <NAME>             only this target (default: all)
        --seconds <N>               seconds per target (default: 60)
    help           Print this help.
";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(command) = args.next() else {
        print!("{HELP}");
        return ExitCode::SUCCESS;
    };
    let rest: Vec<String> = args.collect();
    let result = match command.as_str() {
        "ci" => match rest.as_slice() {
            [] => ci::run(false),
            [flag] if flag == "--keep-going" => ci::run(true),
            _ => no_args(&rest),
        },
        "conformance" => conformance::Options::parse(&rest).and_then(|o| {
            conformance::run(&o)?;
            Ok(())
        }),
        "tidy" => no_args(&rest).and_then(|()| tidy::run(&util::project_root())),
        "bench" => bench::Options::parse(&rest).and_then(|o| bench::run(&o)),
        "fuzz" => fuzz::Options::parse(&rest).and_then(|o| fuzz::run(&o)),
        "help" | "-h" | "--help" => {
            print!("{HELP}");
            Ok(())
        }
        other => Err(Error::new(format!(
            "unknown command `{other}` (try `cargo xtask help`)"
        ))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask {command}: error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn no_args(rest: &[String]) -> Result<()> {
    match rest.first() {
        None => Ok(()),
        Some(arg) => Err(Error::new(format!("unexpected argument `{arg}`"))),
    }
}
