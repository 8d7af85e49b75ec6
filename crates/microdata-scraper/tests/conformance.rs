//! The wpt microdata conformance-checker documents: `*-isvalid.html` must
//! give no microdata error, `*-novalid.html` at least one error, and
//! `*-haswarn.html` no error but at least one warning.
//!
//! Suite folder: `WPT_MICRODATA_TESTS`, default `../shared/suites/wpt-microdata`
//! beside the workspace (see docs/CONVENTIONS.md).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use libtest_mimic::{Arguments, Failed, Trial};

const SUITE: &str = "wpt-microdata";

fn suite_dir() -> PathBuf {
    match std::env::var_os("WPT_MICRODATA_TESTS") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/suites/wpt-microdata"),
    }
}

fn expected_failures() -> BTreeMap<String, String> {
    let text = include_str!("expected-failures.txt");
    text.lines()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once('#') {
            Some((name, reason)) => (name.trim().to_owned(), reason.trim().to_owned()),
            None => (l.to_owned(), String::new()),
        })
        .collect()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "html") {
                out.push(p);
            }
        }
    }
    out.sort();
}

/// Runs one case; `Ok(())` when the outcome matches the file-name suffix.
fn check(path: &Path) -> Result<(), String> {
    let html = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let parsed = microdata_scraper::parse(&html, Some("http://example.com/test.html"))
        .map_err(|e| e.to_string())?;
    let doc = parsed.document();
    let diags = doc.errors();
    let (warnings, errors): (Vec<_>, Vec<_>) = diags.iter().partition(|e| e.kind().is_warning());
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let listing = |v: &[&microdata_scraper::MicrodataError<'_, '_, _>]| {
        v.iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("; ")
    };
    if name.ends_with("-isvalid.html") && !errors.is_empty() {
        return Err(format!("expected valid, got errors: {}", listing(&errors)));
    }
    if name.ends_with("-novalid.html") && errors.is_empty() {
        return Err("expected an error, got none".into());
    }
    if name.ends_with("-haswarn.html") {
        if !errors.is_empty() {
            return Err(format!(
                "expected only warnings, got errors: {}",
                listing(&errors)
            ));
        }
        if warnings.is_empty() {
            return Err("expected a warning, got none".into());
        }
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let dir = suite_dir();
    let root = dir.join("conformance-checkers/html/microdata");
    if !root.is_dir() {
        println!(
            "notice: {SUITE} suite not found at {} (set WPT_MICRODATA_TESTS); skipping",
            dir.display()
        );
        println!("conformance: {SUITE} passed=0 failed=0 expected=0 total=0");
        return;
    }
    let mut files = Vec::new();
    collect(&root, &mut files);
    let known = expected_failures();
    let tally = Arc::new(Mutex::new((0usize, 0usize, 0usize)));
    let mut seen = Vec::new();
    let trials: Vec<Trial> = files
        .into_iter()
        .map(|path| {
            let name = path.strip_prefix(&root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            seen.push(name.clone());
            let expected = known.get(&name).cloned();
            let tally = Arc::clone(&tally);
            Trial::test(name, move || {
                let outcome = check(&path);
                let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                match (outcome, expected) {
                    (Ok(()), None) => {
                        t.0 += 1;
                        Ok(())
                    }
                    (Err(e), None) => {
                        t.1 += 1;
                        Err(Failed::from(e))
                    }
                    (Err(_), Some(_)) => {
                        t.2 += 1;
                        Ok(())
                    }
                    (Ok(()), Some(reason)) => {
                        t.1 += 1;
                        Err(Failed::from(format!(
                            "listed as an expected failure ({reason}) but passes: remove it from expected-failures.txt"
                        )))
                    }
                }
            })
        })
        .collect();
    let stale: Vec<&String> = known.keys().filter(|k| !seen.contains(k)).collect();
    let total = trials.len();
    let conclusion = libtest_mimic::run(&args, trials);
    let (passed, failed, expected) = *tally.lock().unwrap_or_else(|e| e.into_inner());
    println!(
        "conformance: {SUITE} passed={passed} failed={failed} expected={expected} total={total}"
    );
    if !stale.is_empty() {
        eprintln!("expected-failures.txt lists cases that do not exist: {stale:?}");
        std::process::exit(101);
    }
    conclusion.exit();
}
