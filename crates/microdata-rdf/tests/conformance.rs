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
//!
//! The harness (suite folder, expected failures, trials, summary line) is
//! the workspace's `testsuite` crate. A suite folder whose registries or
//! manifest cannot be read or parsed stops the run with a message and exit
//! code 1.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use microdata_rdf::{ErrorKind, Mode, RdfOptions, Registry};
use oxrdf::Graph;
use oxrdf::dataset::CanonicalizationAlgorithm;
use oxttl::TurtleParser;
use serde_json::Value;
use testsuite::{ExpectedFailures, Suite};

const SUITE: &str = "w3c-microdata-rdf";
const ENV: &str = "MICRODATA_RDF_TESTS";
const BASE: &str = "http://w3c.github.io/microdata-rdf/tests/";
const MANIFEST: &str = "tests/manifest.jsonld";

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

/// What the cases need from the suite folder.
struct Loaded {
    /// `ns/md.json`: the default registry.
    md: Registry,
    /// `tests/test-registry.json`: the registry of the other cases.
    test_registry: Registry,
    cases: Vec<Case>,
}

/// Reads the registries and the manifest; the error names the file.
fn load(dir: &Path) -> Result<Loaded, String> {
    let read = |rel: &str| -> Result<(PathBuf, String), String> {
        let path = dir.join(rel);
        match std::fs::read_to_string(&path) {
            Ok(text) => Ok((path, text)),
            Err(e) => Err(format!("cannot read {}: {e}", path.display())),
        }
    };
    let registry = |rel: &str| -> Result<Registry, String> {
        let (path, text) = read(rel)?;
        Registry::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))
    };
    let (manifest_path, manifest_text) = read(MANIFEST)?;
    let manifest: Value = serde_json::from_str(&manifest_text)
        .map_err(|e| format!("{}: {e}", manifest_path.display()))?;
    Ok(Loaded {
        md: registry("ns/md.json")?,
        test_registry: registry("tests/test-registry.json")?,
        cases: cases(&manifest).map_err(|e| format!("{}: {e}", manifest_path.display()))?,
    })
}

fn main() {
    let dir = testsuite::suite_dir(ENV, SUITE);
    if !dir.join(MANIFEST).is_file() {
        testsuite::skip(&[SUITE], &dir, ENV);
    }
    let loaded = load(&dir).unwrap_or_else(|e| {
        eprintln!(
            "error: the {SUITE} suite at {} is not usable: {e}",
            dir.display()
        );
        std::process::exit(1)
    });
    let md = Arc::new(loaded.md);
    let test_registry = Arc::new(loaded.test_registry);
    let expected = ExpectedFailures::parse(include_str!("expected-failures.txt"));
    let mut suite = Suite::new(&[SUITE], expected);
    for case in loaded.cases {
        let (dir, md, test_registry) = (dir.clone(), Arc::clone(&md), Arc::clone(&test_registry));
        suite.case(SUITE, case.name.clone(), move || {
            check(&dir, &case, &md, &test_registry)
        });
    }
    suite.run()
}
