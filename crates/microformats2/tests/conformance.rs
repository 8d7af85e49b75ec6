//! The microformats test suite: every `case.html` of `microformats-v2`,
//! `microformats-v1`, `microformats-mixed` and `microformats-v2-unit`,
//! parsed and compared with its `case.json`.
//!
//! Suite folder: `MF2_TESTS`, default `../shared/suites/microformats-tests`
//! beside the workspace (see docs/CONVENTIONS.md). The base URL is
//! `http://example.com/`, and `http://example.test` for
//! `microformats-v2-unit`, as the suite's READMEs say. JSON is compared
//! structurally: object keys in any order, `rels` values as sets.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;

/// The suite folders, with their base URLs.
const FOLDERS: [(&str, &str); 4] = [
    ("microformats-v2", "http://example.com/"),
    ("microformats-v1", "http://example.com/"),
    ("microformats-mixed", "http://example.com/"),
    ("microformats-v2-unit", "http://example.test"),
];

fn suite_dir() -> PathBuf {
    match std::env::var_os("MF2_TESTS") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/suites/microformats-tests")
        }
    }
}

fn expected_failures() -> BTreeMap<String, String> {
    include_str!("expected-failures.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once('#') {
            Some((name, reason)) => (name.trim().to_owned(), reason.trim().to_owned()),
            None => (l.to_owned(), String::new()),
        })
        .collect()
}

/// The `.html` files under `dir` that have a `.json` beside them, sorted.
fn cases(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "html")
                && p.with_extension("json").is_file()
            {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Sorts the URL lists of `rels`: the suite compares them as sets.
fn normalize(mut v: Value) -> Value {
    if let Some(Value::Object(rels)) = v.get_mut("rels") {
        for urls in rels.values_mut() {
            if let Value::Array(a) = urls {
                a.sort_by_key(|x| x.to_string());
            }
        }
    }
    v
}

/// The paths where `a` and `b` differ, with both sides.
fn diff(path: &str, a: &Value, b: &Value, out: &mut Vec<String>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, va) in x {
                match y.get(k) {
                    Some(vb) => diff(&format!("{path}/{k}"), va, vb, out),
                    None => out.push(format!("{path}/{k}: expected {va}, missing")),
                }
            }
            for (k, vb) in y {
                if !x.contains_key(k) {
                    out.push(format!("{path}/{k}: unexpected {vb}"));
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                diff(&format!("{path}/{i}"), va, vb, out);
            }
        }
        _ if a != b => out.push(format!("{path}: expected {a}, got {b}")),
        _ => {}
    }
}

/// Runs one case.
fn check(html_path: &Path, base: &str) -> Result<(), String> {
    let html = std::fs::read_to_string(html_path).map_err(|e| e.to_string())?;
    let json =
        std::fs::read_to_string(html_path.with_extension("json")).map_err(|e| e.to_string())?;
    let expected: Value =
        serde_json::from_str(&json).map_err(|e| format!("bad expected JSON: {e}"))?;
    let parsed = microdata_scraper::parse(&html, Some(base)).map_err(|e| e.to_string())?;
    let options = microformats2::Options::new().with_authored_url(base);
    let mf2 = microformats2::parse(&parsed.document(), &options);
    let actual: Value = serde_json::from_str(&mf2.to_json()).map_err(|e| e.to_string())?;
    let (expected, actual) = (normalize(expected), normalize(actual));
    if expected == actual {
        return Ok(());
    }
    let mut differences = Vec::new();
    diff("", &expected, &actual, &mut differences);
    Err(format!(
        "{} difference(s):\n{}\nfull output:\n{}",
        differences.len(),
        differences.join("\n"),
        mf2.to_json_pretty()
    ))
}

#[derive(Default, Clone, Copy)]
struct Tally {
    passed: usize,
    failed: usize,
    expected: usize,
    total: usize,
}

fn main() {
    let args = Arguments::from_args();
    let dir = suite_dir().join("tests");
    if !dir.is_dir() {
        println!(
            "notice: microformats test suite not found at {} (set MF2_TESTS); skipping",
            dir.display()
        );
        for (folder, _) in FOLDERS {
            println!("conformance: {folder} passed=0 failed=0 expected=0 total=0");
        }
        return;
    }
    let known = expected_failures();
    let tallies: Arc<Mutex<BTreeMap<&'static str, Tally>>> = Arc::default();
    let mut seen = Vec::new();
    let mut trials = Vec::new();
    for (folder, base) in FOLDERS {
        let root = dir.join(folder);
        for path in cases(&root) {
            let rel = path.strip_prefix(&dir).unwrap_or(&path).with_extension("");
            let name = rel.to_string_lossy().replace('\\', "/");
            seen.push(name.clone());
            let expected = known.get(&name).cloned();
            let tallies = Arc::clone(&tallies);
            tallies
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .entry(folder)
                .or_default()
                .total += 1;
            trials.push(Trial::test(name, move || {
                let outcome = check(&path, base);
                let mut all = tallies.lock().unwrap_or_else(|e| e.into_inner());
                let t = all.entry(folder).or_default();
                match (outcome, expected) {
                    (Ok(()), None) => {
                        t.passed += 1;
                        Ok(())
                    }
                    (Err(e), None) => {
                        t.failed += 1;
                        Err(Failed::from(e))
                    }
                    (Err(_), Some(_)) => {
                        t.expected += 1;
                        Ok(())
                    }
                    (Ok(()), Some(reason)) => {
                        t.failed += 1;
                        Err(Failed::from(format!(
                            "listed as an expected failure ({reason}) but passes: remove it from expected-failures.txt"
                        )))
                    }
                }
            }));
        }
    }
    let stale: Vec<&String> = known.keys().filter(|k| !seen.contains(k)).collect();
    let conclusion = libtest_mimic::run(&args, trials);
    let all = tallies.lock().unwrap_or_else(|e| e.into_inner());
    for (folder, _) in FOLDERS {
        let t = all.get(folder).copied().unwrap_or_default();
        println!(
            "conformance: {folder} passed={} failed={} expected={} total={}",
            t.passed, t.failed, t.expected, t.total
        );
    }
    if !stale.is_empty() {
        eprintln!("expected-failures.txt lists cases that do not exist: {stale:?}");
        std::process::exit(101);
    }
    conclusion.exit();
}
