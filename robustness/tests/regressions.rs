//! Every input the fuzzers found, and every HTML fixture of the repository
//! (the fuzz seeds), through its oracle.

use std::path::Path;

use robustness::oracle;

#[test]
fn fuzz_findings_stay_fixed() {
    let inputs = robustness::regressions::inputs().unwrap();
    for (target, path) in &inputs {
        let data = std::fs::read(path).unwrap();
        let run = oracle::by_name(target).unwrap();
        eprintln!("replaying {}", path.display());
        run(&data);
    }
}

/// The files the fuzz seed corpus starts from: `fuzz/seeds/` and the
/// repository's HTML fixtures.
fn fixtures() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out = Vec::new();
    let seeds = root.join("fuzz/seeds");
    let mut dirs = vec![seeds.clone(), root.join("examples"), root.join("crates")];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.starts_with(&seeds) || p.extension().is_some_and(|x| x == "html") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn seeds_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds")
}

#[test]
fn every_oracle_accepts_the_fixtures() {
    let files = fixtures();
    assert!(
        files.iter().any(|f| f.starts_with(seeds_dir())),
        "{files:?}"
    );
    assert!(files.len() >= 5, "{files:?}");
    for f in files {
        let data = std::fs::read(&f).unwrap();
        eprintln!("checking {}", f.display());
        oracle::all(&data);
    }
}

/// The public suites' pages (the folders and variables the conformance
/// tests read), through every oracle: hand-written markup of every shape
/// the specifications discuss, where the fast paths of the conversions
/// must agree with the slow ones (the JSON oracle compares the
/// conversion's text with the `Value` API's).
#[test]
fn every_oracle_accepts_the_suite_pages() {
    let suites = [
        ("MF2_TESTS", "microformats-tests"),
        ("MICRODATA_RDF_TESTS", "w3c-microdata-rdf"),
        ("WPT_MICRODATA_TESTS", "wpt-microdata"),
    ];
    for (env, folder) in suites {
        let dir = testsuite::suite_dir(env, folder);
        if !dir.is_dir() {
            // As the conformance tests do; `cargo xtask conformance` then
            // fails on its baseline.
            eprintln!(
                "notice: suite folder {} not found (set {env}); skipping",
                dir.display()
            );
            continue;
        }
        let pages = testsuite::files(&dir, "html");
        assert!(!pages.is_empty(), "no HTML page under {}", dir.display());
        for page in pages {
            let data = std::fs::read(&page).unwrap();
            eprintln!("checking {}", page.display());
            oracle::all(&data);
        }
    }
}
