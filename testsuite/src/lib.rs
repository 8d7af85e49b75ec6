//! The harness shared by the workspace's conformance runners.
//!
//! Each checked crate has a `tests/conformance.rs` (`harness = false`) that
//! runs a public test suite kept outside the repository (see
//! docs/CONVENTIONS.md). This crate holds what those runners have in common;
//! what a case *means* (reading the HTML, comparing JSON, graph isomorphism,
//! validity by file suffix) stays in each runner. It sits beside the
//! published crates, below none of them: only their conformance runners use
//! it, as a dev-dependency, and it is never published.
//!
//! - [`suite_dir`]: the suite folder, from an environment variable or
//!   `../shared/suites/<name>` beside the workspace.
//! - [`files`] and [`case_name`]: the case files of a folder, sorted, and
//!   their names relative to it.
//! - [`ExpectedFailures`]: `tests/expected-failures.txt`, one
//!   `case-name  # reason` a line.
//! - [`Suite`]: the cases as named, filterable `libtest-mimic` trials, tallied
//!   per group and summed up in one line a group, exactly
//!   `conformance: <group> passed=<n> failed=<n> expected=<n> total=<n>`
//!   (`cargo xtask conformance` reads these lines).
//! - [`skip`]: what a runner does when its suite folder is missing.
//!
//! A case listed in the expected failures that passes fails the run, and so
//! does a listed case that no longer exists (exit code 101).
//!
//! ```no_run
//! use std::path::Path;
//! use testsuite::{ExpectedFailures, Suite};
//!
//! const ENV: &str = "EXAMPLE_TESTS";
//! const GROUP: &str = "example";
//!
//! fn check(path: &Path) -> Result<(), String> {
//!     let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
//!     if text.contains("itemscope") { Ok(()) } else { Err("no item".into()) }
//! }
//!
//! fn main() {
//!     let dir = testsuite::suite_dir(ENV, "example");
//!     if !dir.is_dir() {
//!         testsuite::skip(&[GROUP], &dir, ENV);
//!     }
//!     let expected = ExpectedFailures::parse("broken.html  # the reason, naming the spec");
//!     let mut suite = Suite::new(&[GROUP], expected);
//!     for path in testsuite::files(&dir, "html") {
//!         let name = testsuite::case_name(&dir, &path);
//!         suite.case(GROUP, name, move || check(&path));
//!     }
//!     suite.run()
//! }
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use libtest_mimic::{Arguments, Conclusion, Failed, Trial};

/// The folder of a suite: the value of the environment variable `env_var`
/// when it is set and not empty, else `../shared/suites/<default_folder>`
/// relative to the workspace root (docs/CONVENTIONS.md, "Conformance
/// suites").
///
/// ```
/// let dir = testsuite::suite_dir("TESTSUITE_DOC_UNSET_VARIABLE", "wpt-microdata");
/// assert!(dir.ends_with("shared/suites/wpt-microdata"));
/// ```
pub fn suite_dir(env_var: &str, default_folder: &str) -> PathBuf {
    match std::env::var_os(env_var) {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => workspace_root()
            .join("../shared/suites")
            .join(default_folder),
    }
}

/// The workspace root: the parent of this crate's folder.
fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .parent()
        .map_or_else(|| manifest.join(".."), Path::to_path_buf)
}

/// The files under `dir` (at any depth) whose extension is `extension`
/// (without the dot), sorted by path.
///
/// The walk uses an explicit stack, not recursion. Folders that cannot be
/// read are passed over; a link to a folder is not followed (so a link loop
/// cannot make the walk endless), a link to a file is listed like a file.
///
/// ```
/// use std::path::Path;
///
/// let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
/// let sources = testsuite::files(crate_dir, "rs");
/// assert!(sources.contains(&crate_dir.join("src/lib.rs")));
/// ```
pub fn files(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == extension) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The name of the case at `path`: its path relative to `root`, with `/`
/// between the parts on every platform (the form `expected-failures.txt`
/// uses). A `path` outside `root` is named in full.
///
/// ```
/// use std::path::Path;
///
/// let root = Path::new("/suites/wpt/microdata");
/// let name = testsuite::case_name(root, &root.join("itemid/empty-novalid.html"));
/// assert_eq!(name, "itemid/empty-novalid.html");
/// ```
pub fn case_name(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// The known failures of a suite, read from its `tests/expected-failures.txt`:
/// one case a line, `case-name  # reason naming the spec`. Blank lines and
/// lines starting with `#` are comments.
///
/// ```
/// use testsuite::ExpectedFailures;
///
/// let known = ExpectedFailures::parse(
///     "# header\n\nitemid-isvalid.html  # the URL Standard says otherwise\nbare-name\n",
/// );
/// assert_eq!(known.reason("itemid-isvalid.html"), Some("the URL Standard says otherwise"));
/// assert_eq!(known.reason("bare-name"), Some(""));
/// assert_eq!(known.reason("other.html"), None);
/// assert_eq!(known.len(), 2);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExpectedFailures {
    /// Case name to reason (empty when the line gives none).
    reasons: BTreeMap<String, String>,
}

impl ExpectedFailures {
    /// Reads the list; a line without `#` is a case with no reason, and a
    /// case listed twice keeps its last reason.
    pub fn parse(text: &str) -> Self {
        let reasons = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| match l.split_once('#') {
                Some((name, reason)) => (name.trim().to_owned(), reason.trim().to_owned()),
                None => (l.to_owned(), String::new()),
            })
            .collect();
        Self { reasons }
    }

    /// Why `case` is expected to fail, or `None` when it is not listed.
    pub fn reason(&self, case: &str) -> Option<&str> {
        self.reasons.get(case).map(String::as_str)
    }

    /// The listed case names, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.reasons.keys().map(String::as_str)
    }

    /// How many cases are listed.
    pub fn len(&self) -> usize {
        self.reasons.len()
    }

    /// Whether no case is listed.
    pub fn is_empty(&self) -> bool {
        self.reasons.is_empty()
    }
}

/// The check of one case: `Ok(())` when the implementation does what the
/// suite expects, else what went wrong.
type Check = Box<dyn FnOnce() -> Result<(), String> + Send>;

/// One case of a [`Suite`].
struct Case {
    /// Index into `Suite::groups`.
    group: usize,
    name: String,
    check: Check,
}

/// The cases of one conformance runner, grouped (one group a summary line,
/// as a suite folder), run as `libtest-mimic` trials by [`Suite::run`].
///
/// ```
/// use testsuite::{ExpectedFailures, Suite};
///
/// let expected = ExpectedFailures::parse("b  # known\nremoved  # case gone");
/// let mut suite = Suite::new(&["first", "second"], expected);
/// suite
///     .case("first", "a", || Ok(()))
///     .case("second", "b", || Err("wrong output".into()));
/// assert_eq!(suite.len(), 2);
/// assert_eq!(suite.stale(), ["removed"]);
/// // `suite.run()` would now run both and exit.
/// ```
pub struct Suite {
    expected: ExpectedFailures,
    /// Group names in summary order.
    groups: Vec<String>,
    cases: Vec<Case>,
}

impl Suite {
    /// A suite with no cases yet. `groups` are the summary lines, in order;
    /// each gets a line even when it has no case. A case of another group
    /// adds that group after these.
    pub fn new(groups: &[&str], expected: ExpectedFailures) -> Self {
        Self {
            expected,
            groups: groups.iter().map(|&g| g.to_owned()).collect(),
            cases: Vec::new(),
        }
    }

    /// Adds the case `name` (the name `expected-failures.txt` uses, and the
    /// trial's name for filtering) to `group`. `check` runs when the trial
    /// does.
    pub fn case(
        &mut self,
        group: &str,
        name: impl Into<String>,
        check: impl FnOnce() -> Result<(), String> + Send + 'static,
    ) -> &mut Self {
        let group = match self.groups.iter().position(|g| g == group) {
            Some(i) => i,
            None => {
                self.groups.push(group.to_owned());
                self.groups.len() - 1
            }
        };
        self.cases.push(Case {
            group,
            name: name.into(),
            check: Box::new(check),
        });
        self
    }

    /// How many cases there are.
    pub fn len(&self) -> usize {
        self.cases.len()
    }

    /// Whether there is no case.
    pub fn is_empty(&self) -> bool {
        self.cases.is_empty()
    }

    /// The expected failures that name no case, sorted.
    pub fn stale(&self) -> Vec<&str> {
        self.expected
            .names()
            .filter(|&n| !self.cases.iter().any(|c| c.name == n))
            .collect()
    }

    /// Runs the cases as trials (the command line is libtest's: a filter,
    /// `--list`, `--exact`, …), prints one summary line a group in group
    /// order, and exits: with 101 and the list on stderr when
    /// expected-failures.txt names cases that do not exist, else failing
    /// when a case failed (an expected failure that passes counts as
    /// failed).
    pub fn run(self) -> ! {
        let report = self.execute(&Arguments::from_args());
        for line in &report.summaries {
            println!("{line}");
        }
        if !report.stale.is_empty() {
            eprintln!(
                "expected-failures.txt lists cases that do not exist: {:?}",
                report.stale
            );
            std::process::exit(101);
        }
        report.conclusion.exit()
    }

    /// Runs the trials `args` selects and counts them, without printing
    /// the summary or exiting.
    fn execute(self, args: &Arguments) -> Report {
        let stale: Vec<String> = self.stale().into_iter().map(str::to_owned).collect();
        let mut totals = vec![Tally::default(); self.groups.len()];
        for case in &self.cases {
            if let Some(t) = totals.get_mut(case.group) {
                t.total += 1;
            }
        }
        let tallies = Arc::new(Mutex::new(totals));
        let trials: Vec<Trial> = self
            .cases
            .into_iter()
            .map(|case| {
                let reason = self.expected.reason(&case.name).map(str::to_owned);
                let tallies = Arc::clone(&tallies);
                let Case { group, name, check } = case;
                Trial::test(name, move || {
                    let outcome = Outcome::judge(check(), reason.as_deref());
                    let mut all = tallies.lock().unwrap_or_else(PoisonError::into_inner);
                    if let Some(t) = all.get_mut(group) {
                        t.record(&outcome);
                    }
                    outcome.into_result()
                })
            })
            .collect();
        let conclusion = libtest_mimic::run(args, trials);
        let all = tallies.lock().unwrap_or_else(PoisonError::into_inner);
        let summaries = self
            .groups
            .iter()
            .zip(all.iter())
            .map(|(group, tally)| summary_line(group, tally))
            .collect();
        Report {
            conclusion,
            summaries,
            stale,
        }
    }
}

/// What [`Suite::execute`] found.
struct Report {
    conclusion: Conclusion,
    /// One line a group, in group order.
    summaries: Vec<String>,
    /// Expected failures that name no case.
    stale: Vec<String>,
}

/// What a runner does when its suite folder `dir` is missing (an offline
/// clone): one notice naming `dir` and `env_var`, a zero-count summary line
/// for each of `groups`, and a successful exit.
///
/// The command line is still read, so a bad flag fails as it would with the
/// suite present.
pub fn skip(groups: &[&str], dir: &Path, env_var: &str) -> ! {
    let _ = Arguments::from_args();
    println!(
        "notice: suite folder {} not found (set {env_var}); skipping {}",
        dir.display(),
        groups.join(", ")
    );
    for group in groups {
        println!("{}", summary_line(group, &Tally::default()));
    }
    std::process::exit(0)
}

/// The counts of one group.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Tally {
    passed: usize,
    /// Failed cases, and expected failures that pass.
    failed: usize,
    /// Expected failures that fail.
    expected: usize,
    /// All cases of the group, run or filtered out.
    total: usize,
}

impl Tally {
    fn record(&mut self, outcome: &Outcome) {
        match outcome {
            Outcome::Passed => self.passed += 1,
            Outcome::Failed(_) | Outcome::ListedButPasses(_) => self.failed += 1,
            Outcome::ExpectedFailure => self.expected += 1,
        }
    }
}

/// The summary line of a group, in the format docs/CONVENTIONS.md fixes.
fn summary_line(group: &str, t: &Tally) -> String {
    format!(
        "conformance: {group} passed={} failed={} expected={} total={}",
        t.passed, t.failed, t.expected, t.total
    )
}

/// How one case ended, given its check and the expected failures.
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    Passed,
    /// Failed and not listed: the check's message.
    Failed(String),
    /// Failed and listed.
    ExpectedFailure,
    /// Listed but passes: the listed reason.
    ListedButPasses(String),
}

impl Outcome {
    fn judge(result: Result<(), String>, reason: Option<&str>) -> Self {
        match (result, reason) {
            (Ok(()), None) => Self::Passed,
            (Err(e), None) => Self::Failed(e),
            (Err(_), Some(_)) => Self::ExpectedFailure,
            (Ok(()), Some(reason)) => Self::ListedButPasses(reason.to_owned()),
        }
    }

    /// The trial's result.
    fn into_result(self) -> Result<(), Failed> {
        match self {
            Self::Passed | Self::ExpectedFailure => Ok(()),
            Self::Failed(e) => Err(Failed::from(e)),
            Self::ListedButPasses(reason) => Err(Failed::from(format!(
                "listed as an expected failure ({reason}) but passes: remove it from expected-failures.txt"
            ))),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn parse_reads_names_and_reasons() {
        let known = ExpectedFailures::parse(
            "# comment\n\n  a/b.html   #  reason # with hash \nplain\n  # indented comment\nplain  # later wins\n",
        );
        assert_eq!(known.names().collect::<Vec<_>>(), ["a/b.html", "plain"]);
        assert_eq!(known.reason("a/b.html"), Some("reason # with hash"));
        assert_eq!(known.reason("plain"), Some("later wins"));
        assert!(ExpectedFailures::parse("# only a comment\n").is_empty());
    }

    #[test]
    fn judge_covers_the_four_outcomes() {
        assert_eq!(Outcome::judge(Ok(()), None), Outcome::Passed);
        assert_eq!(
            Outcome::judge(Err("bad".into()), None),
            Outcome::Failed("bad".into())
        );
        assert_eq!(
            Outcome::judge(Err("bad".into()), Some("known")),
            Outcome::ExpectedFailure
        );
        assert_eq!(
            Outcome::judge(Ok(()), Some("known")),
            Outcome::ListedButPasses("known".into())
        );
        assert!(Outcome::ExpectedFailure.into_result().is_ok());
        let message = Outcome::ListedButPasses("known".into())
            .into_result()
            .unwrap_err();
        assert_eq!(
            message.message(),
            Some(
                "listed as an expected failure (known) but passes: remove it from expected-failures.txt"
            )
        );
        let failed = Outcome::Failed("bad".into()).into_result().unwrap_err();
        assert_eq!(failed.message(), Some("bad"));
    }

    #[test]
    fn tally_and_summary_line() {
        let mut t = Tally {
            total: 5,
            ..Tally::default()
        };
        for outcome in [
            Outcome::Passed,
            Outcome::Passed,
            Outcome::Failed("x".into()),
            Outcome::ExpectedFailure,
            Outcome::ListedButPasses("y".into()),
        ] {
            t.record(&outcome);
        }
        assert_eq!(
            summary_line("microformats-v2", &t),
            "conformance: microformats-v2 passed=2 failed=2 expected=1 total=5"
        );
    }

    #[test]
    fn groups_keep_their_order_and_unknown_groups_follow() {
        let mut suite = Suite::new(&["b", "a"], ExpectedFailures::default());
        suite
            .case("a", "1", || Ok(()))
            .case("c", "2", || Ok(()))
            .case("b", "3", || Ok(()));
        assert_eq!(suite.groups, ["b", "a", "c"]);
        let groups: Vec<usize> = suite.cases.iter().map(|c| c.group).collect();
        assert_eq!(groups, [1, 2, 0]);
    }

    /// A suite covering every outcome, in two groups plus one added by a
    /// case.
    fn mixed_suite() -> Suite {
        let expected = ExpectedFailures::parse(
            "v1/known  # fails for a reason\nv2/fixed  # was broken\nv1/gone  # case removed",
        );
        let mut suite = Suite::new(&["v2", "v1", "empty"], expected);
        suite
            .case("v1", "v1/ok", || Ok(()))
            .case("v1", "v1/known", || Err("still wrong".into()))
            .case("v2", "v2/broken", || Err("wrong output".into()))
            .case("v2", "v2/fixed", || Ok(()))
            .case("v2", "v2/ok", || Ok(()))
            .case("extra", "extra/ok", || Ok(()));
        suite
    }

    /// Runs `suite` with `args`, the trial output going to a log file that
    /// is then removed (so the inner run's "FAILED" lines stay out of this
    /// test's output).
    fn execute_quietly(suite: Suite, args: Arguments, log: &str) -> Report {
        let log = std::env::temp_dir().join(format!("testsuite-{log}-{}.log", std::process::id()));
        let args = Arguments {
            test_threads: Some(1),
            logfile: Some(log.to_string_lossy().into_owned()),
            ..args
        };
        let report = suite.execute(&args);
        let _ = std::fs::remove_file(&log);
        report
    }

    #[test]
    fn execute_tallies_every_outcome_per_group() {
        let report = execute_quietly(mixed_suite(), Arguments::default(), "all");
        assert_eq!(
            report.summaries,
            [
                "conformance: v2 passed=1 failed=2 expected=0 total=3",
                "conformance: v1 passed=1 failed=0 expected=1 total=2",
                "conformance: empty passed=0 failed=0 expected=0 total=0",
                "conformance: extra passed=1 failed=0 expected=0 total=1",
            ]
        );
        assert_eq!(report.stale, ["v1/gone"]);
        assert_eq!(report.conclusion.num_passed, 4);
        assert_eq!(report.conclusion.num_failed, 2);
    }

    #[test]
    fn execute_counts_only_the_filtered_trials_but_totals_all() {
        let args = Arguments {
            filter: Some("v1/".into()),
            ..Arguments::default()
        };
        let report = execute_quietly(mixed_suite(), args, "filtered");
        assert_eq!(
            report.summaries,
            [
                "conformance: v2 passed=0 failed=0 expected=0 total=3",
                "conformance: v1 passed=1 failed=0 expected=1 total=2",
                "conformance: empty passed=0 failed=0 expected=0 total=0",
                "conformance: extra passed=0 failed=0 expected=0 total=1",
            ]
        );
        assert_eq!(report.conclusion.num_filtered_out, 4);
        assert!(!report.conclusion.has_failed());
    }

    #[test]
    fn stale_lists_entries_without_a_case() {
        let mut suite = Suite::new(&["g"], ExpectedFailures::parse("x  # r\ny  # r\nz"));
        suite.case("g", "y", || Ok(()));
        assert_eq!(suite.stale(), ["x", "z"]);
    }

    #[test]
    fn files_walks_nested_folders_sorted() {
        let dir = std::env::temp_dir().join(format!("testsuite-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("b/deep")).unwrap();
        std::fs::create_dir_all(dir.join("a")).unwrap();
        for f in [
            "b/deep/3.html",
            "a/2.html",
            "1.html",
            "a/skip.json",
            "b/x.htm",
        ] {
            std::fs::write(dir.join(f), "").unwrap();
        }
        let found: Vec<String> = files(&dir, "html")
            .iter()
            .map(|p| case_name(&dir, p))
            .collect();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(found, ["1.html", "a/2.html", "b/deep/3.html"]);
        assert!(files(&dir, "html").is_empty());
    }

    #[test]
    fn suite_dir_defaults_beside_the_workspace() {
        // A variable no one sets: the default.
        let dir = suite_dir("TESTSUITE_UNIT_TEST_UNSET_VARIABLE", "microformats-tests");
        assert_eq!(
            dir,
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .parent()
                .unwrap()
                .join("../shared/suites/microformats-tests")
        );
    }
}
