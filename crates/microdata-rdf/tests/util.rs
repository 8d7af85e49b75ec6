//! Helpers shared by the test modules.

#![allow(clippy::unwrap_used)]

use microdata_rdf::{Conversion, RdfOptions};
use oxrdf::Graph;
use oxrdf::dataset::CanonicalizationAlgorithm;
use oxttl::TurtleParser;

/// Parses `html` with document URL `url` and converts it.
pub(crate) fn convert(html: &str, url: &str, options: &RdfOptions) -> Conversion {
    let parsed = microdata_scraper::parse(html, Some(url)).unwrap();
    microdata_rdf::convert(&parsed.document(), options).unwrap()
}

/// Parses `html` with document URL `url` and converts it to a graph.
pub(crate) fn graph(html: &str, url: &str, options: &RdfOptions) -> Graph {
    convert(html, url, options).to_graph()
}

/// Parses Turtle, relative IRIs against `base`.
pub(crate) fn turtle(ttl: &str, base: &str) -> Graph {
    TurtleParser::new()
        .with_base_iri(base)
        .unwrap()
        .for_slice(ttl)
        .collect::<Result<Graph, _>>()
        .unwrap()
}

/// Asserts the graphs are isomorphic (blank nodes matched).
#[track_caller]
pub(crate) fn assert_isomorphic(actual: &Graph, expected: &Graph) {
    let mut a = actual.clone();
    let mut e = expected.clone();
    a.canonicalize(CanonicalizationAlgorithm::Unstable);
    e.canonicalize(CanonicalizationAlgorithm::Unstable);
    if a != e {
        panic!(
            "graphs differ\n-- actual:\n{}\n-- expected:\n{}",
            microdata_rdf::to_ntriples(actual),
            microdata_rdf::to_ntriples(expected)
        );
    }
}

/// Converts `first` followed by `a` and `b`, then by `b` and `a`: both
/// orders must report an itemref recursion and give `expected`.
#[track_caller]
pub(crate) fn assert_cycle_in_either_order(
    [first, a, b]: [&str; 3],
    url: &str,
    options: &RdfOptions,
    expected: &Graph,
) {
    for html in [format!("{first}{a}{b}"), format!("{first}{b}{a}")] {
        let conversion = convert(&html, url, options);
        assert!(conversion.has_itemref_recursion(), "{html}");
        assert_isomorphic(&conversion.to_graph(), expected);
    }
}
