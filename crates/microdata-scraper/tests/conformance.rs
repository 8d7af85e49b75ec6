//! The wpt microdata conformance-checker documents: `*-isvalid.html` must
//! give no microdata error, `*-novalid.html` at least one error, and
//! `*-haswarn.html` no error but at least one warning.
//!
//! Suite folder: `WPT_MICRODATA_TESTS`, default `../shared/suites/wpt-microdata`
//! beside the workspace (see docs/CONVENTIONS.md).
//!
//! The harness (suite folder, expected failures, trials, summary line) is
//! the workspace's `testsuite` crate.

use std::path::Path;

use testsuite::{ExpectedFailures, Suite};

const SUITE: &str = "wpt-microdata";
const ENV: &str = "WPT_MICRODATA_TESTS";

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
    let listing = |v: &[&microdata_scraper::MicrodataError<'_, '_>]| {
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
    let dir = testsuite::suite_dir(ENV, SUITE);
    let root = dir.join("conformance-checkers/html/microdata");
    if !root.is_dir() {
        testsuite::skip(&[SUITE], &dir, ENV);
    }
    let expected = ExpectedFailures::parse(include_str!("expected-failures.txt"));
    let mut suite = Suite::new(&[SUITE], expected);
    for path in testsuite::files(&root, "html") {
        let name = testsuite::case_name(&root, &path);
        suite.case(SUITE, name, move || check(&path));
    }
    suite.run()
}
