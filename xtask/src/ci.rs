//! `cargo xtask ci`: every check CI runs, in order, stopping at the first
//! failure, with timings per step.

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::metadata::{FeatureVariant, Metadata};
use crate::util::{
    Error, Result, cargo, check, describe, flush, format_duration, project_root, run as run_cmd,
    run_streaming, table,
};
use crate::{conformance, tidy};

/// Steps run so far, with their timings.
struct Ci {
    start: Instant,
    done: Vec<(String, &'static str, Duration)>,
    tests: Option<TestCounts>,
    /// Go on after a failed step (`--keep-going`).
    keep_going: bool,
    /// Failed steps, when going on.
    failures: Vec<String>,
}

impl Ci {
    /// Runs one step; on failure returns an error naming the step (or, with
    /// `--keep-going`, records it and goes on).
    fn step(&mut self, name: impl Into<String>, f: impl FnOnce() -> Result<()>) -> Result<()> {
        let name = name.into();
        let n = self.done.len() + 1;
        println!("\n==> [{n}] {name}");
        flush();
        let start = Instant::now();
        let result = f();
        let elapsed = start.elapsed();
        match result {
            Ok(()) => {
                println!("<== [{n}] {name}: ok in {}", format_duration(elapsed));
                self.done.push((name, "ok", elapsed));
                Ok(())
            }
            Err(e) => {
                println!(
                    "<== [{n}] {name}: FAILED after {}",
                    format_duration(elapsed)
                );
                self.done.push((name.clone(), "FAILED", elapsed));
                let message = format!("step `{name}` failed: {e}");
                if self.keep_going {
                    eprintln!("xtask ci: {message}");
                    self.failures.push(message);
                    return Ok(());
                }
                Err(Error::new(message))
            }
        }
    }

    /// A step that only prints why it did not run.
    fn skipped(&mut self, name: impl Into<String>, why: &str) {
        let name = name.into();
        println!("\n==> [{}] {name}: skipped: {why}", self.done.len() + 1);
        self.done.push((name, "skipped", Duration::ZERO));
    }

    fn summary(&self) {
        let mut rows: Vec<Vec<String>> = self
            .done
            .iter()
            .map(|(name, result, d)| vec![name.clone(), (*result).to_owned(), format_duration(*d)])
            .collect();
        rows.push(vec![
            "total".into(),
            String::new(),
            format_duration(self.start.elapsed()),
        ]);
        println!("\nxtask ci summary:");
        print!("{}", table(&["step", "result", "time"], "llr", &rows));
        if let Some(t) = &self.tests {
            // The plain closing line test-count readers understand.
            println!("tests: {} passed, {} failed", t.passed, t.failed);
        }
        flush();
    }
}

/// Totals of the `test result:` lines of `cargo test`.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct TestCounts {
    passed: u64,
    failed: u64,
}

impl TestCounts {
    /// Adds one `test result: ok. 3 passed; 0 failed; …` line.
    fn add_line(&mut self, line: &str) {
        let Some(rest) = line.trim().strip_prefix("test result: ") else {
            return;
        };
        for part in rest.split(';') {
            let mut words = part.split_whitespace().rev();
            let (Some(kind), Some(n)) = (words.next(), words.next()) else {
                continue;
            };
            let Ok(n) = n.parse::<u64>() else { continue };
            match kind {
                "passed" => self.passed += n,
                "failed" => self.failed += n,
                _ => {}
            }
        }
    }
}

pub(crate) fn run(keep_going: bool) -> Result<()> {
    let mut ci = Ci {
        start: Instant::now(),
        done: Vec::new(),
        tests: None,
        keep_going,
        failures: Vec::new(),
    };
    if let Err(e) = steps(&mut ci) {
        ci.summary();
        return Err(e);
    }
    if ci.failures.is_empty() {
        println!("\nxtask ci: all steps passed");
        // The summary ends with the test counts: keep them the last line.
        ci.summary();
        Ok(())
    } else {
        ci.summary();
        let list: Vec<String> = ci
            .failures
            .iter()
            .map(|f| f.replace('\n', "\n    "))
            .collect();
        Err(Error::new(format!(
            "{} step(s) failed:\n  - {}",
            list.len(),
            list.join("\n  - ")
        )))
    }
}

/// The steps, in order; an error at the first failure unless going on.
fn steps(ci: &mut Ci) -> Result<()> {
    let root = project_root();
    let meta = Metadata::load()?;

    ci.step("fmt", || run_cmd(cargo().args(["fmt", "--all", "--check"])))?;

    // Per crate, in its own directory, so that features other workspace
    // members turn on cannot hide a broken feature combination.
    for krate in meta.crates(&root) {
        for variant in krate.feature_variants() {
            let mut cmd = cargo();
            cmd.current_dir(&krate.dir)
                .args(["clippy", "--all-targets"]);
            cmd.args(variant.flag());
            cmd.args(["--", "-D", "warnings"]);
            ci.step(
                format!("clippy {} ({})", krate.name, variant.label()),
                || run_cmd(&mut cmd),
            )?;
        }
    }
    // The unpublished members (xtask, benches, test helpers): default
    // features only.
    for p in meta.unpublished(&root) {
        let mut cmd = cargo();
        cmd.current_dir(&p.dir)
            .args(["clippy", "--all-targets", "--", "-D", "warnings"]);
        ci.step(format!("clippy {}", p.name), || run_cmd(&mut cmd))?;
    }

    let mut counts = TestCounts::default();
    let test_result = {
        let mut cmd = cargo();
        // --no-fail-fast: one run lists every failing test binary.
        cmd.args(["test", "--workspace", "--all-features", "--no-fail-fast"]);
        ci.step("test --workspace --all-features", || {
            let status = run_streaming(&mut cmd, |line| counts.add_line(line))?;
            check(&cmd, status)
        })
    };
    ci.tests = Some(counts);
    test_result?;

    ci.step("doc --workspace --no-deps --all-features", || {
        run_cmd(
            cargo()
                .args(["doc", "--workspace", "--no-deps", "--all-features"])
                .env("RUSTDOCFLAGS", deny_rustdoc_warnings()),
        )
    })?;
    // Each crate's docs with its other feature sets too: a link to an item
    // behind a feature breaks only where the feature is off (and the
    // converters depend on the model without its default features).
    for krate in meta.crates(&root) {
        for variant in krate.feature_variants() {
            if variant == FeatureVariant::All {
                continue;
            }
            let mut cmd = cargo();
            cmd.current_dir(&krate.dir)
                .args(["doc", "--no-deps"])
                .args(variant.flag())
                .env("RUSTDOCFLAGS", deny_rustdoc_warnings());
            ci.step(format!("doc {} ({})", krate.name, variant.label()), || {
                run_cmd(&mut cmd)
            })?;
        }
    }

    // Every public item of the published crates has a runnable example:
    // rustdoc's `missing_doc_code_examples` lint, which only nightly has.
    match installed_toolchain("nightly") {
        Some(toolchain) => {
            let target = root.join("target").join("doc-examples");
            ci.step(format!("doc examples ({toolchain})"), || {
                for krate in meta.crates(&root) {
                    let mut cmd = rustup_cargo(&toolchain, &krate.dir);
                    cmd.args(["rustdoc", "--all-features", "--target-dir"])
                        .arg(&target)
                        .args([
                            "--",
                            "-Zunstable-options",
                            "-Zcrate-attr=feature(rustdoc_missing_doc_code_examples)",
                            "-Drustdoc::missing_doc_code_examples",
                        ]);
                    run_cmd(&mut cmd)?;
                }
                Ok(())
            })?;
        }
        None => ci.skipped(
            "doc examples",
            "no nightly toolchain installed (`rustup toolchain list`): the lint is nightly-only",
        ),
    }

    // The published crates as crates.io would get them: each packaged
    // (only the files it ships), then checked from its tarball against the
    // others' tarballs, so a file outside a crate or a path dependency
    // without a version shows up here rather than at publishing.
    ci.step(
        "package: check the published crates from their tarballs",
        || package_check(&root, &meta),
    )?;

    match rust_version(&root)? {
        None => ci.skipped("msrv", "no rust-version in Cargo.toml"),
        Some(version) => match installed_toolchain(&version) {
            Some(toolchain) => {
                let mut cmd = rustup_cargo(&toolchain, &root);
                cmd.args(["check", "--workspace"]);
                ci.step(
                    format!("msrv: check on Rust {version} ({toolchain})"),
                    || run_cmd(&mut cmd),
                )?;
            }
            None => {
                let why = format!(
                    "Rust {version} (rust-version) is not installed (`rustup toolchain list`); \
                     nothing is downloaded"
                );
                ci.skipped(format!("msrv: check on Rust {version}"), &why);
            }
        },
    }

    ci.step("conformance", || {
        conformance::run(&conformance::Options::default()).map(|_| ())
    })?;
    ci.step("tidy", || tidy::run(&root))
}

/// `cargo` of an installed `toolchain`, run in `dir`.
/// Packages the published crates, unpacks the tarballs into a workspace of
/// their own under `target/package-check` whose `[patch.crates-io]` points
/// each crate at its unpacked copy, and checks it there. (`cargo package`'s
/// own verification unpacks into the cargo home keyed by the workspace's
/// path and version, and reuses a stale copy when a crate changed without
/// a version bump.) The workspace's lock file keeps the dependencies'
/// versions.
fn package_check(root: &Path, meta: &Metadata) -> Result<()> {
    let mut package = cargo();
    package.args(["package", "--workspace", "--no-verify", "--allow-dirty"]);
    for p in meta.unpublished(root) {
        package.args(["--exclude", &p.name]);
    }
    run_cmd(&mut package)?;
    let packaged = meta.target_directory.join("package");
    let check = meta.target_directory.join("package-check");
    let io = |what: &str, e: std::io::Error| Error::new(format!("{what}: {e}"));
    if check.exists() {
        fs::remove_dir_all(&check).map_err(|e| io("cannot clear target/package-check", e))?;
    }
    let unpacked = check.join("crates");
    fs::create_dir_all(&unpacked).map_err(|e| io("cannot create target/package-check", e))?;
    let mut manifest = String::from("[workspace]\nresolver = \"2\"\nmembers = [\"crates/*\"]\n\n");
    manifest.push_str("[patch.crates-io]\n");
    for krate in meta.crates(root) {
        let stem = format!("{}-{}", krate.name, krate.version);
        let mut untar = Command::new("tar");
        untar
            .arg("-xzf")
            .arg(packaged.join(format!("{stem}.crate")))
            .arg("-C")
            .arg(&unpacked);
        run_cmd(&mut untar)?;
        manifest.push_str(&format!(
            "{} = {{ path = \"crates/{stem}\" }}\n",
            krate.name
        ));
    }
    fs::write(check.join("Cargo.toml"), manifest)
        .map_err(|e| io("cannot write target/package-check/Cargo.toml", e))?;
    fs::copy(root.join("Cargo.lock"), check.join("Cargo.lock"))
        .map_err(|e| io("cannot copy Cargo.lock", e))?;
    let mut cmd = cargo();
    cmd.current_dir(&check)
        .args(["check", "--workspace", "--all-features", "--target-dir"])
        .arg(meta.target_directory.join("package-check-target"));
    run_cmd(&mut cmd)
}

fn rustup_cargo(toolchain: &str, dir: &Path) -> Command {
    let mut cmd = Command::new("rustup");
    cmd.current_dir(dir).args(["run", toolchain, "cargo"]);
    // Let `rustup run` pick every tool of that toolchain.
    for var in ["CARGO", "RUSTC", "RUSTDOC", "RUSTUP_TOOLCHAIN"] {
        cmd.env_remove(var);
    }
    cmd
}

/// `RUSTDOCFLAGS` with `-D warnings` added to what the caller set.
fn deny_rustdoc_warnings() -> String {
    let mut flags = std::env::var("RUSTDOCFLAGS").unwrap_or_default();
    if !flags.is_empty() {
        flags.push(' ');
    }
    flags.push_str("-D warnings");
    flags
}

/// `rust-version` of `[workspace.package]` (or `[package]`) in the root
/// Cargo.toml.
fn rust_version(root: &Path) -> Result<Option<String>> {
    let text = fs::read_to_string(root.join("Cargo.toml"))?;
    Ok(parse_rust_version(&text))
}

fn parse_rust_version(toml: &str) -> Option<String> {
    let mut section = "";
    for line in toml.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            section = line;
            continue;
        }
        if section != "[workspace.package]" && section != "[package]" {
            continue;
        }
        if let Some((key, value)) = line.split_once('=') {
            if key.trim() == "rust-version" {
                let v = value
                    .split('#')
                    .next()
                    .unwrap_or("")
                    .trim()
                    .trim_matches('"');
                if !v.is_empty() {
                    return Some(v.to_owned());
                }
            }
        }
    }
    None
}

/// The installed rustup toolchain for `version` (`1.85` matches
/// `1.85.0-x86_64-unknown-linux-gnu` and `1.85-…`), if any.
fn installed_toolchain(version: &str) -> Option<String> {
    let mut cmd = Command::new("rustup");
    cmd.args(["toolchain", "list"]);
    println!("$ {}", describe(&cmd));
    let output = cmd.output().ok()?;
    if !output.status.success() {
        return None;
    }
    pick_toolchain(&String::from_utf8_lossy(&output.stdout), version)
}

fn pick_toolchain(list: &str, version: &str) -> Option<String> {
    list.lines()
        .filter_map(|l| l.split_whitespace().next())
        .find(|name| {
            name.strip_prefix(version).is_some_and(|rest| {
                rest.is_empty()
                    || rest.starts_with('-')
                    || (version.matches('.').count() < 2
                        && rest.starts_with('.')
                        && rest[1..].starts_with(|c: char| c.is_ascii_digit()))
            })
        })
        .map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_test_results() {
        let mut c = TestCounts::default();
        c.add_line("test result: ok. 12 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.01s");
        c.add_line(
            "test result: FAILED. 3 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out",
        );
        c.add_line("test foo ... ok");
        assert_eq!(
            c,
            TestCounts {
                passed: 15,
                failed: 2
            }
        );
    }

    #[test]
    fn reads_rust_version() {
        let toml = "[workspace]\nmembers = []\n\n[workspace.package]\nversion = \"0.1.0\"\nrust-version = \"1.85\" # MSRV\n";
        assert_eq!(parse_rust_version(toml).as_deref(), Some("1.85"));
        assert_eq!(
            parse_rust_version("[dependencies]\nrust-version = \"1\"\n"),
            None
        );
    }

    #[test]
    fn picks_installed_toolchain() {
        let list = "stable-x86_64-unknown-linux-gnu (active, default)\n\
                    1.95.0-x86_64-unknown-linux-gnu\n\
                    1.85.1-x86_64-unknown-linux-gnu\n\
                    nightly-x86_64-unknown-linux-gnu\n";
        assert_eq!(
            pick_toolchain(list, "1.85").as_deref(),
            Some("1.85.1-x86_64-unknown-linux-gnu")
        );
        assert_eq!(
            pick_toolchain(list, "1.95.0").as_deref(),
            Some("1.95.0-x86_64-unknown-linux-gnu")
        );
        assert_eq!(pick_toolchain(list, "1.9"), None);
        assert_eq!(pick_toolchain(list, "1.84"), None);
        assert_eq!(
            pick_toolchain(list, "nightly").as_deref(),
            Some("nightly-x86_64-unknown-linux-gnu")
        );
    }
}
