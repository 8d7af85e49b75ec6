//! `cargo xtask fuzz`: runs the cargo-fuzz targets of `fuzz/` for a bounded
//! time each, seeded from the repository's HTML fixtures and the public
//! suites' pages, and keeps every
//! input that breaks a target as a regression test of the `robustness`
//! crate (`robustness/regressions/<target>/`, replayed by `cargo test`).
//!
//! The targets build on the stable toolchain with `--sanitizer none` (the
//! default AddressSanitizer needs nightly's `-Zsanitizer`; the workspace
//! forbids unsafe code, so libFuzzer's coverage guidance is what matters).
//! cargo-fuzz is installed from crates.io when missing.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::util::{Error, Result, cargo, describe, flush, format_duration, project_root, table};

/// Seconds per target when `--seconds` is not given.
const DEFAULT_SECONDS: u64 = 60;

/// libFuzzer flags for every run: a hang is an input taking more than
/// `timeout` seconds; memory is capped; inputs stay page-sized so each
/// execution is fast.
const LIBFUZZER_FLAGS: &[&str] = &[
    "-timeout=10",
    "-rss_limit_mb=2048",
    "-max_len=8192",
    "-print_final_stats=1",
];

/// Artifact name prefixes that are findings (libFuzzer also writes
/// `slow-unit-*`, which are not).
const FINDINGS: &[&str] = &["crash-", "timeout-", "oom-", "leak-"];

/// Parsed command-line options.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Options {
    /// Only this target (default: all).
    target: Option<String>,
    /// Seconds of fuzzing per target.
    seconds: u64,
}

impl Options {
    pub(crate) fn parse(args: &[String]) -> Result<Self> {
        let mut opts = Options {
            target: None,
            seconds: DEFAULT_SECONDS,
        };
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            let (name, inline) = match arg.split_once('=') {
                Some((n, v)) if n.starts_with("--") => (n, Some(v.to_owned())),
                _ => (arg.as_str(), None),
            };
            let mut value = |what: &str| {
                inline
                    .clone()
                    .or_else(|| args.next().cloned())
                    .ok_or_else(|| Error::new(format!("{name} needs {what}")))
            };
            match name {
                "--target" => opts.target = Some(value("a target name")?),
                "--seconds" => {
                    let v = value("a number of seconds")?;
                    opts.seconds = v.parse().ok().filter(|&s| s > 0).ok_or_else(|| {
                        Error::new(format!("--seconds: `{v}` is not a positive number"))
                    })?;
                }
                _ => return Err(Error::new(format!("unexpected argument `{arg}`"))),
            }
        }
        Ok(opts)
    }
}

/// What one target's run gave.
struct Outcome {
    target: String,
    runs: Option<u64>,
    corpus: usize,
    elapsed: std::time::Duration,
    findings: Vec<PathBuf>,
    failed: Option<String>,
}

pub(crate) fn run(opts: &Options) -> Result<()> {
    let root = project_root();
    let fuzz_dir = root.join("fuzz");
    let all = targets(&fuzz_dir)?;
    let selected: Vec<String> = match &opts.target {
        Some(t) if all.contains(t) => vec![t.clone()],
        Some(t) => {
            return Err(Error::new(format!(
                "no fuzz target `{t}` (targets: {})",
                all.join(", ")
            )));
        }
        None => all,
    };
    ensure_cargo_fuzz()?;
    crate::util::run(&mut fuzz_command("build", None))?;
    let seeds = seeds(&root);
    println!(
        "fuzz: {} target(s), {} s each, {} seed file(s)",
        selected.len(),
        opts.seconds,
        seeds.len()
    );
    let mut outcomes = Vec::new();
    for target in &selected {
        outcomes.push(run_target(&root, target, opts.seconds, &seeds)?);
    }

    let rows: Vec<Vec<String>> = outcomes
        .iter()
        .map(|o| {
            let result = match (&o.failed, o.findings.len()) {
                (Some(why), _) => format!("FAILED: {why}"),
                (None, 0) => "ok".to_owned(),
                (None, n) => format!("{n} finding(s)"),
            };
            vec![
                o.target.clone(),
                format_duration(o.elapsed),
                o.runs.map_or_else(|| "?".to_owned(), |r| r.to_string()),
                o.corpus.to_string(),
                result,
            ]
        })
        .collect();
    println!("\nxtask fuzz summary:");
    print!(
        "{}",
        table(
            &["target", "time", "runs", "corpus", "result"],
            "lrrrl",
            &rows
        )
    );
    let findings: Vec<&PathBuf> = outcomes.iter().flat_map(|o| &o.findings).collect();
    let failed: Vec<&str> = outcomes
        .iter()
        .filter(|o| o.failed.is_some())
        .map(|o| o.target.as_str())
        .collect();
    if findings.is_empty() && failed.is_empty() {
        return Ok(());
    }
    let mut message = String::new();
    if !findings.is_empty() {
        message.push_str(&format!(
            "{} input(s) broke a target; kept as regression tests (replay with \
             `cargo test -p robustness fuzz_findings`):",
            findings.len()
        ));
        for f in &findings {
            let shown = f.strip_prefix(&root).unwrap_or(f);
            message.push_str(&format!("\n  {}", shown.display()));
        }
    }
    if !failed.is_empty() {
        if !message.is_empty() {
            message.push('\n');
        }
        message.push_str(&format!(
            "target(s) failed without a finding: {} (logs in fuzz/logs/)",
            failed.join(", ")
        ));
    }
    Err(Error::new(message))
}

/// The target names: the files of `fuzz/fuzz_targets/`, sorted.
fn targets(fuzz_dir: &Path) -> Result<Vec<String>> {
    let dir = fuzz_dir.join("fuzz_targets");
    let mut names: Vec<String> = fs::read_dir(&dir)
        .map_err(|e| Error::new(format!("{}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    if names.is_empty() {
        return Err(Error::new(format!("no fuzz targets in {}", dir.display())));
    }
    Ok(names)
}

/// `cargo fuzz <sub> [target] --sanitizer none --fuzz-dir fuzz`, from the
/// workspace root.
fn fuzz_command(sub: &str, target: Option<&str>) -> Command {
    let mut cmd = cargo();
    cmd.args(["fuzz", sub]);
    cmd.args(target);
    cmd.args(["--sanitizer", "none", "--fuzz-dir", "fuzz"]);
    cmd
}

fn ensure_cargo_fuzz() -> Result<()> {
    let installed = cargo()
        .args(["fuzz", "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if installed {
        return Ok(());
    }
    println!("fuzz: cargo-fuzz is not installed; installing it from crates.io");
    crate::util::run(cargo().args(["install", "cargo-fuzz", "--locked"]))
}

/// Seed inputs: `fuzz/seeds/*` and every `.html` file of `examples/` and
/// the crates' test folders, as `(corpus file name, path)`; then the HTML
/// pages of the public suites (the folders `cargo xtask conformance`
/// reads), copied into the local corpus only.
fn seeds(root: &Path) -> Vec<(String, PathBuf)> {
    let seed_dir = root.join("fuzz/seeds");
    let kept = files_under(
        vec![seed_dir.clone(), root.join("examples"), root.join("crates")],
        |p| p.starts_with(&seed_dir) || is_html(p),
    );
    let mut seeds = corpus_names("seed-", root, kept);
    for runner in crate::conformance::RUNNERS {
        let dir = runner.suite_dir(root, None);
        if !dir.is_dir() {
            println!(
                "fuzz: suite folder {} not found (set {}); not seeding from it",
                dir.display(),
                runner.env
            );
            continue;
        }
        let pages = files_under(vec![dir.clone()], is_html);
        seeds.extend(corpus_names(&format!("suite-{}-", runner.key), &dir, pages));
    }
    seeds
}

fn is_html(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "html")
}

/// The files under `dirs`, at any depth (not in `target` or `snapshots`
/// folders; a missing folder has none), that `keep` accepts, sorted.
fn files_under(mut dirs: Vec<PathBuf>, keep: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut found = Vec::new();
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                let name = entry.file_name();
                if name != "target" && name != "snapshots" {
                    dirs.push(path);
                }
            } else if keep(&path) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Corpus file names for `paths`: `prefix`, then the path relative to
/// `base` with its separators as `_`.
fn corpus_names(prefix: &str, base: &Path, paths: Vec<PathBuf>) -> Vec<(String, PathBuf)> {
    paths
        .into_iter()
        .map(|p| {
            let rel = p.strip_prefix(base).unwrap_or(&p).to_string_lossy();
            (format!("{prefix}{}", rel.replace(['/', '\\'], "_")), p)
        })
        .collect()
}

/// Files directly in `dir` (none when it does not exist).
fn files(dir: &Path) -> BTreeSet<PathBuf> {
    fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .collect()
        })
        .unwrap_or_default()
}

fn run_target(
    root: &Path,
    target: &str,
    seconds: u64,
    seeds: &[(String, PathBuf)],
) -> Result<Outcome> {
    let fuzz_dir = root.join("fuzz");
    let corpus = fuzz_dir.join("corpus").join(target);
    let artifacts = fuzz_dir.join("artifacts").join(target);
    let regressions = root.join("robustness/regressions").join(target);
    let logs = fuzz_dir.join("logs");
    for d in [&corpus, &artifacts, &logs] {
        fs::create_dir_all(d)?;
    }
    // Seeds and past findings start the corpus (kept between runs, so
    // coverage builds up locally).
    for (name, path) in seeds {
        fs::copy(path, corpus.join(name))?;
    }
    for path in files(&regressions) {
        if let Some(name) = path.file_name() {
            let name = format!("regression-{}", name.to_string_lossy());
            fs::copy(&path, corpus.join(name))?;
        }
    }
    let before = files(&artifacts);
    let log_path = logs.join(format!("{target}.log"));
    let log = fs::File::create(&log_path)?;
    let mut cmd = fuzz_command("run", Some(target));
    cmd.arg("--");
    cmd.arg(format!("-max_total_time={seconds}"));
    cmd.args(LIBFUZZER_FLAGS);
    cmd.arg(format!("-dict={}", fuzz_dir.join("html.dict").display()));
    cmd.stdout(Stdio::from(log.try_clone()?));
    cmd.stderr(Stdio::from(log));
    println!("\n==> fuzz {target} ({seconds} s)");
    println!("$ {}  > fuzz/logs/{target}.log", describe(&cmd));
    flush();
    let start = Instant::now();
    let status = cmd
        .status()
        .map_err(|e| Error::new(format!("cannot run `{}`: {e}", describe(&cmd))))?;
    let elapsed = start.elapsed();
    let log_text = fs::read_to_string(&log_path).unwrap_or_default();

    let mut findings = Vec::new();
    for path in files(&artifacts).difference(&before) {
        let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
            continue;
        };
        if FINDINGS.iter().any(|p| name.starts_with(p)) {
            fs::create_dir_all(&regressions)?;
            let kept = regressions.join(&name);
            fs::copy(path, &kept)?;
            findings.push(kept);
        }
    }
    let runs = executed_runs(&log_text);
    let failed = (!status.success() && findings.is_empty()).then(|| {
        let tail: Vec<&str> = log_text.lines().rev().take(30).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        println!(
            "--- last lines of fuzz/logs/{target}.log ---\n{}",
            tail.join("\n")
        );
        format!("exit status {status}")
    });
    println!(
        "<== fuzz {target}: {} runs in {}, {}",
        runs.map_or_else(|| "?".to_owned(), |r| r.to_string()),
        format_duration(elapsed),
        match (&failed, findings.len()) {
            (Some(_), _) => "failed".to_owned(),
            (None, 0) => "no findings".to_owned(),
            (None, n) => format!("{n} finding(s)"),
        }
    );
    Ok(Outcome {
        target: target.to_owned(),
        runs,
        corpus: files(&corpus).len(),
        elapsed,
        findings,
        failed,
    })
}

/// The number of inputs executed, from libFuzzer's final statistics
/// (`stat::number_of_executed_units: N`) or its `Done N runs` line.
fn executed_runs(log: &str) -> Option<u64> {
    log.lines().rev().find_map(|l| {
        let l = l.trim();
        if let Some(n) = l.strip_prefix("stat::number_of_executed_units:") {
            return n.trim().parse().ok();
        }
        l.strip_prefix("Done ")
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse().ok())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &[&str]) -> Vec<String> {
        s.iter().map(|a| (*a).to_owned()).collect()
    }

    #[test]
    fn parses_options() {
        assert_eq!(
            Options::parse(&[]).unwrap(),
            Options {
                target: None,
                seconds: DEFAULT_SECONDS
            }
        );
        assert_eq!(
            Options::parse(&args(&["--target", "json", "--seconds=5"])).unwrap(),
            Options {
                target: Some("json".into()),
                seconds: 5
            }
        );
        assert!(Options::parse(&args(&["--seconds", "0"])).is_err());
        assert!(Options::parse(&args(&["--seconds"])).is_err());
        assert!(Options::parse(&args(&["json"])).is_err());
    }

    #[test]
    fn reads_run_counts() {
        let log = "#2\tINITED cov: 6\nDone 9016992 runs in 4 second(s)\n";
        assert_eq!(executed_runs(log), Some(9_016_992));
        let stats = "Done 10 runs in 1 second(s)\nstat::number_of_executed_units: 12\n";
        assert_eq!(executed_runs(stats), Some(12));
        assert_eq!(
            executed_runs("==123== ERROR: libFuzzer: deadly signal"),
            None
        );
    }

    #[test]
    fn seeds_come_from_the_repository_and_the_suites() {
        let root = project_root();
        let seeds = seeds(&root);
        let names: Vec<&str> = seeds.iter().map(|(n, _)| n.as_str()).collect();
        assert!(
            names.iter().any(|n| n.starts_with("seed-fuzz_seeds_")),
            "{names:?}"
        );
        assert!(
            names.iter().any(|n| n.starts_with("seed-examples_")),
            "{names:?}"
        );
        // Each suite present beside the checkout adds its pages.
        for runner in crate::conformance::RUNNERS {
            if runner.suite_dir(&root, None).is_dir() {
                let prefix = format!("suite-{}-", runner.key);
                assert!(names.iter().any(|n| n.starts_with(&prefix)), "{prefix}");
            }
        }
        // Corpus file names are unique.
        let unique: BTreeSet<&str> = names.iter().copied().collect();
        assert_eq!(unique.len(), names.len());
    }

    #[test]
    fn every_target_has_an_oracle_folder_name() {
        let names = targets(&project_root().join("fuzz")).unwrap();
        assert!(names.contains(&"json".to_owned()), "{names:?}");
        assert!(names.contains(&"cli_bytes".to_owned()), "{names:?}");
    }
}
