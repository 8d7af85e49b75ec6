//! `cargo xtask conformance`: runs the conformance runners (see
//! docs/CONVENTIONS.md), collects their summary lines, prints a table and
//! checks the passed counts against `xtask/conformance-baseline.txt`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use crate::util::{Error, Result, cargo, check, project_root, run_streaming, table};

/// One conformance runner: the crate whose `tests/conformance.rs` checks a
/// suite, and where that suite lives.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Runner {
    /// The `--suite` name.
    pub(crate) key: &'static str,
    pub(crate) package: &'static str,
    /// Overrides the suite folder.
    pub(crate) env: &'static str,
    /// The suite folder relative to the workspace root.
    pub(crate) default_dir: &'static str,
}

pub(crate) const RUNNERS: &[Runner] = &[
    Runner {
        key: "mf2",
        package: "microformats2",
        env: "MF2_TESTS",
        default_dir: "../shared/suites/microformats-tests",
    },
    Runner {
        key: "rdf",
        package: "microdata-rdf",
        env: "MICRODATA_RDF_TESTS",
        default_dir: "../shared/suites/w3c-microdata-rdf",
    },
    Runner {
        key: "wpt",
        package: "microdata-scraper",
        env: "WPT_MICRODATA_TESTS",
        default_dir: "../shared/suites/wpt-microdata",
    },
];

const BASELINE: &str = "xtask/conformance-baseline.txt";

impl Runner {
    /// The suite folder this run uses: `--path`, else the environment
    /// variable, else the default beside the checkout.
    pub(crate) fn suite_dir(&self, root: &Path, path: Option<&Path>) -> PathBuf {
        if let Some(p) = path {
            return p.to_path_buf();
        }
        match std::env::var_os(self.env) {
            Some(v) if !v.is_empty() => PathBuf::from(v),
            _ => root.join(self.default_dir),
        }
    }
}

/// Parsed command-line options.
#[derive(Debug, Default)]
pub(crate) struct Options {
    /// `None` for all suites.
    pub(crate) suite: Option<&'static Runner>,
    pub(crate) path: Option<PathBuf>,
    pub(crate) update_baseline: bool,
}

impl Options {
    pub(crate) fn parse(args: &[String]) -> Result<Self> {
        let mut opts = Options::default();
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            let (flag, inline) = match arg.split_once('=') {
                Some((f, v)) if f.starts_with("--") => (f, Some(v.to_owned())),
                _ => (arg.as_str(), None),
            };
            let mut value = |name: &str| -> Result<String> {
                inline
                    .clone()
                    .or_else(|| args.next().cloned())
                    .ok_or_else(|| Error::new(format!("{name} needs a value")))
            };
            match flag {
                "--suite" => {
                    let v = value("--suite")?;
                    opts.suite = match v.as_str() {
                        "all" => None,
                        key => Some(RUNNERS.iter().find(|r| r.key == key).ok_or_else(|| {
                            Error::new(format!("unknown suite `{key}` (mf2, rdf, wpt or all)"))
                        })?),
                    };
                }
                "--path" => {
                    let p = PathBuf::from(value("--path")?);
                    // Relative to where the command was typed.
                    let p = if p.is_absolute() {
                        p
                    } else {
                        std::env::current_dir()?.join(p)
                    };
                    opts.path = Some(p);
                }
                "--update-baseline" => opts.update_baseline = true,
                other => return Err(Error::new(format!("unexpected argument `{other}`"))),
            }
        }
        if opts.path.is_some() && opts.suite.is_none() {
            return Err(Error::new(
                "--path names one suite's folder: add --suite mf2, rdf or wpt",
            ));
        }
        Ok(opts)
    }
}

/// One `conformance: <suite> passed=.. failed=.. expected=.. total=..` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Summary {
    pub(crate) suite: String,
    pub(crate) passed: u64,
    pub(crate) failed: u64,
    pub(crate) expected: u64,
    pub(crate) total: u64,
}

/// Parses a summary line; `None` for any other line.
pub(crate) fn parse_summary(line: &str) -> Option<Summary> {
    let rest = line.trim().strip_prefix("conformance:")?;
    let mut parts = rest.split_whitespace();
    let suite = parts.next()?.to_owned();
    let (mut passed, mut failed, mut expected, mut total) = (None, None, None, None);
    for part in parts {
        let (key, value) = part.split_once('=')?;
        let n: u64 = value.parse().ok()?;
        match key {
            "passed" => passed = Some(n),
            "failed" => failed = Some(n),
            "expected" => expected = Some(n),
            "total" => total = Some(n),
            _ => return None,
        }
    }
    Some(Summary {
        suite,
        passed: passed?,
        failed: failed?,
        expected: expected?,
        total: total?,
    })
}

/// Reads `<suite> <passed>` lines; blank lines and `#` comments are skipped.
pub(crate) fn parse_baseline(text: &str) -> Result<BTreeMap<String, u64>> {
    let mut map = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split_whitespace();
        let parsed = match (parts.next(), parts.next(), parts.next()) {
            (Some(suite), Some(n), None) => n.parse::<u64>().ok().map(|n| (suite, n)),
            _ => None,
        };
        let (suite, n) = parsed.ok_or_else(|| {
            Error::new(format!(
                "{BASELINE}:{}: expected `<suite> <passed>`, found `{line}`",
                i + 1
            ))
        })?;
        map.insert(suite.to_owned(), n);
    }
    Ok(map)
}

fn render_baseline(map: &BTreeMap<String, u64>) -> String {
    let mut out = String::new();
    for (suite, n) in map {
        let _ = writeln!(out, "{suite} {n}");
    }
    out
}

/// The baseline raised to this run's passed counts; never lowered.
pub(crate) fn raise_baseline(
    old: &BTreeMap<String, u64>,
    summaries: &[Summary],
) -> BTreeMap<String, u64> {
    let mut new = old.clone();
    for s in summaries {
        let entry = new.entry(s.suite.clone()).or_insert(0);
        *entry = (*entry).max(s.passed);
    }
    new
}

/// What happened to one runner.
#[derive(Debug)]
enum Outcome {
    /// `tests/conformance.rs` does not exist yet.
    NoRunner,
    Ran {
        ok: bool,
        summaries: Vec<Summary>,
        suite_dir: PathBuf,
    },
}

/// Runs the selected runners; an error when a runner fails, reports nothing
/// although its suite folder exists, or a suite passes fewer cases than the
/// baseline. Returns the summary lines.
pub(crate) fn run(opts: &Options) -> Result<Vec<Summary>> {
    let root = project_root();
    let selected: Vec<&Runner> = match opts.suite {
        Some(r) => vec![r],
        None => RUNNERS.iter().collect(),
    };

    let mut outcomes = Vec::new();
    for runner in &selected {
        let file = root
            .join("crates")
            .join(runner.package)
            .join("tests/conformance.rs");
        if !file.exists() {
            println!(
                "conformance: skipping {} ({} does not exist yet)",
                runner.key,
                file.strip_prefix(&root).unwrap_or(&file).display()
            );
            outcomes.push((*runner, Outcome::NoRunner));
            continue;
        }
        let suite_dir = runner.suite_dir(&root, opts.path.as_deref());
        let mut cmd = cargo();
        cmd.args(["test", "-p", runner.package, "--test", "conformance"]);
        if let Some(p) = &opts.path {
            cmd.env(runner.env, p);
        }
        let mut summaries = Vec::new();
        let status = run_streaming(&mut cmd, |line| {
            if let Some(s) = parse_summary(line) {
                summaries.push(s);
            } else if line.trim_start().starts_with("conformance:") && line.contains("passed=") {
                eprintln!("conformance: cannot read summary line `{line}`");
            }
        })?;
        let ok = check(&cmd, status).is_ok();
        outcomes.push((
            *runner,
            Outcome::Ran {
                ok,
                summaries,
                suite_dir,
            },
        ));
    }

    let baseline_path = root.join(BASELINE);
    let baseline = match fs::read_to_string(&baseline_path) {
        Ok(text) => parse_baseline(&text)?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => BTreeMap::new(),
        Err(e) => return Err(Error::new(format!("cannot read {BASELINE}: {e}"))),
    };

    let mut problems = Vec::new();
    let mut rows = Vec::new();
    let mut all_summaries = Vec::new();
    let mut complete = opts.suite.is_none() && opts.path.is_none();
    for (runner, outcome) in &outcomes {
        match outcome {
            Outcome::NoRunner => {
                complete = false;
                rows.push(vec![
                    runner.key.to_owned(),
                    runner.package.to_owned(),
                    "-".into(),
                    "-".into(),
                    "-".into(),
                    "-".into(),
                    "-".into(),
                    "no runner yet".into(),
                ]);
            }
            Outcome::Ran {
                ok,
                summaries,
                suite_dir,
            } => {
                if !ok {
                    problems.push(format!(
                        "the {} runner failed (`cargo test -p {} --test conformance`)",
                        runner.key, runner.package
                    ));
                }
                if summaries.is_empty() {
                    complete = false;
                    let note = if suite_dir.is_dir() {
                        problems.push(format!(
                            "the {} runner printed no `conformance:` summary line although {} exists",
                            runner.key,
                            suite_dir.display()
                        ));
                        "no summary"
                    } else {
                        println!(
                            "conformance: {} suite folder {} not found; set {} or --path",
                            runner.key,
                            suite_dir.display(),
                            runner.env
                        );
                        "suite missing"
                    };
                    rows.push(vec![
                        runner.key.to_owned(),
                        runner.package.to_owned(),
                        "-".into(),
                        "-".into(),
                        "-".into(),
                        "-".into(),
                        "-".into(),
                        note.into(),
                    ]);
                }
                // Without the suite folder (an offline clone) the runner
                // passes with nothing to count: no baseline to hold it to.
                let missing = !suite_dir.is_dir();
                if missing && !summaries.is_empty() {
                    println!(
                        "conformance: {} suite folder {} not found; baseline not checked",
                        runner.key,
                        suite_dir.display()
                    );
                }
                for s in summaries {
                    let base = baseline.get(&s.suite).copied();
                    let below = !missing && base.is_some_and(|b| s.passed < b);
                    if below {
                        problems.push(format!(
                            "{}: {} passed, below the baseline of {}",
                            s.suite,
                            s.passed,
                            base.unwrap_or(0)
                        ));
                    }
                    let result = if below {
                        "BELOW BASELINE"
                    } else if !ok {
                        "runner failed"
                    } else if missing {
                        "suite missing"
                    } else {
                        "ok"
                    };
                    rows.push(vec![
                        s.suite.clone(),
                        runner.package.to_owned(),
                        s.passed.to_string(),
                        s.failed.to_string(),
                        s.expected.to_string(),
                        s.total.to_string(),
                        base.map_or_else(|| "-".into(), |b| b.to_string()),
                        result.into(),
                    ]);
                    all_summaries.push(s.clone());
                }
            }
        }
    }

    for suite in baseline.keys() {
        if !all_summaries.iter().any(|s| &s.suite == suite) {
            if complete {
                problems.push(format!(
                    "{suite} has a baseline in {BASELINE} but no runner reported it"
                ));
            } else {
                println!("conformance: {suite} (in the baseline) was not part of this run");
            }
        }
    }

    println!();
    print!(
        "{}",
        table(
            &[
                "suite", "crate", "passed", "failed", "expected", "total", "baseline", "result",
            ],
            "llrrrrrl",
            &rows,
        )
    );

    if opts.update_baseline {
        let new = raise_baseline(&baseline, &all_summaries);
        if new == baseline {
            println!("{BASELINE}: unchanged");
        } else {
            fs::write(&baseline_path, render_baseline(&new))?;
            println!("{BASELINE}: updated");
        }
    }

    if problems.is_empty() {
        Ok(all_summaries)
    } else {
        Err(Error::new(format!(
            "conformance failed:\n  - {}",
            problems.join("\n  - ")
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &[&str]) -> Vec<String> {
        s.iter().map(|a| (*a).to_owned()).collect()
    }

    #[test]
    fn reads_summary_lines() {
        assert_eq!(
            parse_summary("conformance: microformats-v2 passed=120 failed=3 expected=3 total=123"),
            Some(Summary {
                suite: "microformats-v2".into(),
                passed: 120,
                failed: 3,
                expected: 3,
                total: 123,
            })
        );
        assert_eq!(parse_summary("test foo ... ok"), None);
        assert_eq!(
            parse_summary("conformance: x passed=1 failed=0 total=1"),
            None
        );
        assert_eq!(
            parse_summary("conformance: x passed=1 failed=0 expected=0 total=one"),
            None
        );
    }

    #[test]
    fn baseline_round_trip_and_only_raises() {
        let old = parse_baseline("# comment\n\nmf2-v2 10\nrdf 80\n").unwrap();
        assert_eq!(old.get("mf2-v2"), Some(&10));
        let run = [
            Summary {
                suite: "mf2-v2".into(),
                passed: 8,
                failed: 2,
                expected: 2,
                total: 10,
            },
            Summary {
                suite: "rdf".into(),
                passed: 83,
                failed: 0,
                expected: 0,
                total: 83,
            },
            Summary {
                suite: "wpt".into(),
                passed: 5,
                failed: 0,
                expected: 0,
                total: 5,
            },
        ];
        let new = raise_baseline(&old, &run);
        assert_eq!(render_baseline(&new), "mf2-v2 10\nrdf 83\nwpt 5\n");
    }

    #[test]
    fn bad_baseline_line_is_an_error() {
        assert!(parse_baseline("mf2 many\n").is_err());
        assert!(parse_baseline("mf2 1 2\n").is_err());
    }

    #[test]
    fn options() {
        let o = Options::parse(&args(&["--suite", "rdf", "--path=/tmp/rdf"])).unwrap();
        assert_eq!(o.suite.map(|r| r.package), Some("microdata-rdf"));
        assert_eq!(o.path, Some(PathBuf::from("/tmp/rdf")));
        let o = Options::parse(&args(&["--suite", "all", "--update-baseline"])).unwrap();
        assert!(o.suite.is_none() && o.update_baseline);
        assert!(Options::parse(&args(&["--path", "/tmp"])).is_err());
        assert!(Options::parse(&args(&["--suite", "html"])).is_err());
        assert!(Options::parse(&args(&["--suite"])).is_err());
    }
}
