//! The microformats test suite: every `case.html` of `microformats-v2`,
//! `microformats-v1`, `microformats-mixed` and `microformats-v2-unit`,
//! parsed and compared with its `case.json`.
//!
//! Suite folder: `MF2_TESTS`, default `../shared/suites/microformats-tests`
//! beside the workspace (see docs/CONVENTIONS.md). The base URL is
//! `http://example.com/`, and `http://example.test` for
//! `microformats-v2-unit`, as the suite's READMEs say. JSON is compared
//! structurally: object keys in any order, `rels` values as sets.
//!
//! The harness (suite folder, expected failures, trials, summary lines) is
//! the workspace's `testsuite` crate.

use std::path::{Path, PathBuf};

use serde_json::Value;
use testsuite::{ExpectedFailures, Suite};

const ENV: &str = "MF2_TESTS";

/// The suite folders, with their base URLs.
const FOLDERS: [(&str, &str); 4] = [
    ("microformats-v2", "http://example.com/"),
    ("microformats-v1", "http://example.com/"),
    ("microformats-mixed", "http://example.com/"),
    ("microformats-v2-unit", "http://example.test"),
];

/// The `.html` files under `dir` that have a `.json` beside them, sorted.
fn cases(dir: &Path) -> Vec<PathBuf> {
    let mut out = testsuite::files(dir, "html");
    out.retain(|p| p.with_extension("json").is_file());
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
    let options = microformats2::Mf2Options::new().with_authored_url(base);
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

fn main() {
    let dir = testsuite::suite_dir(ENV, "microformats-tests").join("tests");
    let groups = FOLDERS.map(|(folder, _)| folder);
    if !dir.is_dir() {
        testsuite::skip(&groups, &dir, ENV);
    }
    let expected = ExpectedFailures::parse(include_str!("expected-failures.txt"));
    let mut suite = Suite::new(&groups, expected);
    for (folder, base) in FOLDERS {
        for path in cases(&dir.join(folder)) {
            let name = testsuite::case_name(&dir, &path.with_extension(""));
            suite.case(folder, name, move || check(&path, base));
        }
    }
    suite.run()
}
