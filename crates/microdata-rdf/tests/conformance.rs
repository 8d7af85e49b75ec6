//! The W3C microdata-rdf test suite (`tests/manifest.jsonld`): each
//! `rdft:TestMicrodataEval` converts `NNNN.html` in W3C mode and compares the
//! graph with `NNNN.ttl` for isomorphism (blank nodes matched, through
//! `oxrdf` graph canonicalization); the `rdft:TestMicrodataNegativeSyntax`
//! test must be reported as itemref recursion.
//!
//! The base IRI of each test is `http://w3c.github.io/microdata-rdf/tests/`
//! plus the file name. An entry with a `registry` (always the default
//! `http://www.w3.org/ns/md`) uses the suite's `ns/md.json`; the others use
//! the suite's `tests/test-registry.json`, which defines the artificial
//! vocabularies of the expansion tests (0073, 0074).
//!
//! Suite folder: `MICRODATA_RDF_TESTS`, default
//! `../shared/suites/w3c-microdata-rdf` beside the workspace (see
//! docs/CONVENTIONS.md).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use libtest_mimic::{Arguments, Failed, Trial};
use microdata_rdf::{ErrorKind, Mode, RdfOptions, Registry};
use oxrdf::Graph;
use oxrdf::dataset::CanonicalizationAlgorithm;
use oxttl::TurtleParser;
use serde_json::Value;

const SUITE: &str = "w3c-microdata-rdf";
const BASE: &str = "http://w3c.github.io/microdata-rdf/tests/";

fn suite_dir() -> PathBuf {
    match std::env::var_os("MICRODATA_RDF_TESTS") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/suites/w3c-microdata-rdf"),
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

/// One manifest entry.
#[derive(Clone)]
struct Case {
    name: String,
    negative: bool,
    action: String,
    result: Option<String>,
    default_registry: bool,
}

fn cases(manifest: &Value) -> Result<Vec<Case>, String> {
    let entries = manifest
        .get("@graph")
        .and_then(|g| g.get(0))
        .and_then(|m| m.get("entries"))
        .and_then(Value::as_array)
        .ok_or("manifest has no entries")?;
    entries
        .iter()
        .map(|e| {
            let field = |k: &str| e.get(k).and_then(Value::as_str).map(str::to_owned);
            let id = field("@id").ok_or("entry without @id")?;
            let types: Vec<&str> = match e.get("@type") {
                Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).collect(),
                Some(Value::String(s)) => vec![s.as_str()],
                _ => Vec::new(),
            };
            Ok(Case {
                name: id.trim_start_matches('#').to_owned(),
                negative: types.contains(&"rdft:TestMicrodataNegativeSyntax"),
                action: field("action").ok_or_else(|| format!("{id} has no action"))?,
                result: field("result"),
                default_registry: e.get("registry").is_some(),
            })
        })
        .collect()
}

fn canonical(mut g: Graph) -> Graph {
    g.canonicalize(CanonicalizationAlgorithm::Unstable);
    g
}

fn check(dir: &Path, case: &Case, md: &Registry, test_registry: &Registry) -> Result<(), String> {
    let tests = dir.join("tests");
    let html = std::fs::read_to_string(tests.join(&case.action)).map_err(|e| e.to_string())?;
    let base = format!("{BASE}{}", case.action);
    let parsed = microdata_scraper::parse(&html, Some(&base)).map_err(|e| e.to_string())?;
    let registry = if case.default_registry {
        md
    } else {
        test_registry
    };
    let options = RdfOptions::new()
        .with_mode(Mode::W3c)
        .with_registry(registry.clone());
    if case.negative {
        // The processor must report the itemref recursion.
        return match microdata_rdf::to_graph(&parsed.document(), &options.with_strict(true)) {
            Err(e) if e.kind() == ErrorKind::ItemrefRecursion => Ok(()),
            Err(e) => Err(format!("expected itemref recursion, got error: {e}")),
            Ok(_) => Err("expected itemref recursion to be reported, got a graph".into()),
        };
    }
    let actual =
        microdata_rdf::to_graph(&parsed.document(), &options).map_err(|e| e.to_string())?;
    let result = case.result.as_deref().ok_or("no result file")?;
    let ttl = std::fs::read(tests.join(result)).map_err(|e| e.to_string())?;
    let expected: Graph = TurtleParser::new()
        .with_base_iri(format!("{BASE}{result}"))
        .map_err(|e| e.to_string())?
        .for_slice(&ttl)
        .collect::<Result<_, _>>()
        .map_err(|e| format!("cannot parse {result}: {e}"))?;
    let (actual_c, expected_c) = (canonical(actual.clone()), canonical(expected.clone()));
    if actual_c == expected_c {
        return Ok(());
    }
    let missing: Vec<String> = expected_c
        .iter()
        .filter(|t| !actual_c.contains(*t))
        .map(|t| t.to_string())
        .collect();
    let extra: Vec<String> = actual_c
        .iter()
        .filter(|t| !expected_c.contains(*t))
        .map(|t| t.to_string())
        .collect();
    Err(format!(
        "graphs differ\n-- missing:\n{}\n-- unexpected:\n{}\n-- actual:\n{}",
        missing.join("\n"),
        extra.join("\n"),
        microdata_rdf::to_ntriples(&actual)
    ))
}

fn main() {
    let args = Arguments::from_args();
    let dir = suite_dir();
    let manifest_path = dir.join("tests/manifest.jsonld");
    let Ok(manifest_text) = std::fs::read_to_string(&manifest_path) else {
        println!(
            "notice: {SUITE} suite not found at {} (set MICRODATA_RDF_TESTS); skipping",
            dir.display()
        );
        return;
    };
    let load = |path: PathBuf| -> Registry {
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        Registry::from_json(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let md = Arc::new(load(dir.join("ns/md.json")));
    let test_registry = Arc::new(load(dir.join("tests/test-registry.json")));
    let manifest: Value =
        serde_json::from_str(&manifest_text).unwrap_or_else(|e| panic!("manifest: {e}"));
    let cases = cases(&manifest).unwrap_or_else(|e| panic!("manifest: {e}"));
    let known = expected_failures();
    let tally = Arc::new(Mutex::new((0usize, 0usize, 0usize)));
    let names: Vec<String> = cases.iter().map(|c| c.name.clone()).collect();
    let trials: Vec<Trial> = cases
        .into_iter()
        .map(|case| {
            let expected = known.get(&case.name).cloned();
            let tally = Arc::clone(&tally);
            let (dir, md, test_registry) = (dir.clone(), Arc::clone(&md), Arc::clone(&test_registry));
            Trial::test(case.name.clone(), move || {
                let outcome = check(&dir, &case, &md, &test_registry);
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
    let stale: Vec<&String> = known.keys().filter(|k| !names.contains(k)).collect();
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
