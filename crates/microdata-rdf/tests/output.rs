//! Output: N-Triples, Turtle and N-Quads that parse back, valid IRIs,
//! deterministic bytes, and snapshots of whole outputs.

use microdata_rdf::{ErrorKind, Mode, RdfOptions};
use oxrdf::{Graph, GraphNameRef, Triple};
use oxttl::{NQuadsParser, NTriplesParser, TurtleParser};

use crate::util::{assert_isomorphic, convert};

const URL: &str = "http://example.com/dir/page.html?q=a|b";

/// Characters WHATWG URL parsing keeps but IRIs forbid, in every place an
/// IRI comes from.
const NASTY: &str = r#"<html lang="en"><head>
<title>Quotes " \ and
newlines</title>
<base href="http://example.com/b^se/">
<link rel="http://example.org/rel|x alternate STYLESHEET" href="x%zz|y{z}">
<meta name="we|rd" content="tab	and control">
<meta name="http://example.org/m^eta" content="v">
</head><body>
<blockquote cite="q`uote"></blockquote>
<div itemscope itemtype="http://example.org/T|ype http://example.org/U^2 rel"
     itemid="http://example.org/{id}#a#b">
  <span itemprop="na|me">x</span>
  <span itemprop="http://example.org/p|q">y</span>
  <span itemprop="&#xE000;priv &#xFDD0;nonchar">z</span>
  <a itemprop="u" href="http://example.org/%zz%4">u</a>
  <img itemprop="img" src="i m g.png">
  <a itemprop="bad" href="http://exa mple.org/">unparsable: skipped</a>
  <div itemprop="child" itemscope lang="x-private-Use"><span itemprop="c">&#1;&#x7f;</span></div>
</div>
</body></html>"#;

fn reparse_nt(s: &str) -> Graph {
    NTriplesParser::new()
        .for_slice(s)
        .collect::<Result<Graph, _>>()
        .unwrap_or_else(|e| panic!("N-Triples do not parse back: {e}\n{s}"))
}

fn reparse_ttl(s: &str) -> Graph {
    TurtleParser::new()
        .for_slice(s)
        .collect::<Result<Graph, _>>()
        .unwrap_or_else(|e| panic!("Turtle does not parse back: {e}\n{s}"))
}

#[test]
fn every_output_parses_back_to_the_same_graph() {
    for mode in [Mode::Html, Mode::W3c] {
        let conversion = convert(NASTY, URL, &RdfOptions::new().with_mode(mode));
        // The same page, the same triples, warnings and blank node labels.
        assert_eq!(
            conversion,
            convert(NASTY, URL, &RdfOptions::new().with_mode(mode))
        );
        assert!(!conversion.warnings().is_empty(), "{mode:?}");
        let graph = conversion.to_graph();
        assert!(graph.len() >= 10, "{mode:?}: {}", graph.len());
        let nt = microdata_rdf::to_ntriples(&graph);
        assert_isomorphic(&reparse_nt(&nt), &graph);
        let ttl = microdata_rdf::to_turtle(&graph);
        assert_isomorphic(&reparse_ttl(&ttl), &graph);
        let nq = microdata_rdf::to_nquads(&graph, URL).unwrap();
        let quads: Vec<oxrdf::Quad> = NQuadsParser::new()
            .for_slice(&nq)
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| panic!("N-Quads do not parse back: {e}\n{nq}"));
        assert!(quads.iter().all(|q| q.graph_name.as_ref()
            == GraphNameRef::NamedNode(oxrdf::NamedNodeRef::new_unchecked(
                "http://example.com/dir/page.html?q=a%7Cb"
            ))));
        let triples: Graph = quads.into_iter().map(Triple::from).collect();
        assert_isomorphic(&triples, &graph);
    }
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    for mode in [Mode::Html, Mode::W3c] {
        let options = RdfOptions::new().with_mode(mode);
        let a = convert(NASTY, URL, &options);
        let b = convert(NASTY, URL, &options);
        assert_eq!(a.triples(), b.triples());
        let ttl = microdata_rdf::to_turtle(a.triples());
        assert_eq!(ttl, microdata_rdf::to_turtle(&b.to_graph()));
        // The input order does not matter to the writers.
        let mut reversed: Vec<Triple> = a.triples().to_vec();
        reversed.reverse();
        assert_eq!(
            microdata_rdf::to_ntriples(&reversed),
            microdata_rdf::to_ntriples(&a.to_graph())
        );
        assert_eq!(microdata_rdf::to_turtle(&reversed), ttl);
    }
}

#[test]
fn bad_graph_names_are_errors() {
    let err = microdata_rdf::to_nquads(&Graph::new(), "relative/page.html").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::GraphName);
    let io: std::io::Error = err.into();
    assert_eq!(io.kind(), std::io::ErrorKind::InvalidInput);
}

#[test]
fn blank_nodes_of_different_pages_stay_apart_in_n_quads() {
    let html =
        r#"<p itemscope itemtype="http://schema.org/Thing"><span itemprop="name">x</span></p>"#;
    let options = RdfOptions::new().with_mode(Mode::W3c);
    let a = convert(html, "http://example.com/a", &options);
    let b = convert(html, "http://example.com/b", &options);
    let both = format!(
        "{}{}",
        microdata_rdf::to_nquads(a.triples(), "http://example.com/a").unwrap(),
        microdata_rdf::to_nquads(b.triples(), "http://example.com/b").unwrap()
    );
    let dataset: oxrdf::Dataset = NQuadsParser::new()
        .for_slice(&both)
        .collect::<Result<_, _>>()
        .unwrap();
    let subjects: std::collections::HashSet<String> =
        dataset.iter().map(|q| q.subject.to_string()).collect();
    assert_eq!(subjects.len(), 2, "{both}");
}

#[test]
fn snapshot_html_mode_turtle() {
    let html = r#"<!DOCTYPE html><html lang="en"><head><title>Avenue Q</title>
<link rel="license" href="http://creativecommons.org/licenses/by/4.0/">
<meta name="author" content="Ada">
</head><body><p>
 <span itemscope itemtype="http://microformats.org/profile/hcard" itemref="home"><span itemprop="fn"
 ><span itemprop="n" itemscope><span itemprop="given-name">Princeton</span></span></span></span>
 and
 <span itemscope itemtype="http://microformats.org/profile/hcard" itemref="home"><span itemprop="fn"
 ><span itemprop="n" itemscope><span itemprop="given-name">Trekkie</span></span></span></span>
 live at
 <span id="home" itemprop="adr" itemscope><span itemprop="street-address">Avenue Q</span>.</span>
</p></body></html>"#;
    let conversion = convert(html, "http://example.com/avenue-q", &RdfOptions::new());
    insta::assert_snapshot!(
        "html_mode_turtle",
        microdata_rdf::to_turtle(conversion.triples())
    );
    insta::assert_snapshot!(
        "html_mode_ntriples",
        microdata_rdf::to_ntriples(conversion.triples())
    );
}

#[test]
fn snapshot_w3c_mode_turtle_and_nquads() {
    let html = r##"<div itemscope itemtype="http://schema.org/MusicRecording" itemid="#track">
 <link itemprop="additionalType" href="http://purl.org/ontology/mo/MusicalManifestation"/>
 <span itemprop="name">Rope</span>
 <meta itemprop="duration" content="PT4M5S">
 <time itemprop="datePublished">2011-03-01</time>
 <data itemprop="position" value="1">first</data>
 <div itemprop="byArtist" itemscope itemtype="http://schema.org/MusicGroup">
   <span itemprop="name">Foo Fighters</span>
 </div>
 <a itemprop="url" href="rope">Play</a>
</div>"##;
    let url = "http://example.com/albums/wasting-light";
    let conversion = convert(html, url, &RdfOptions::new().with_mode(Mode::W3c));
    insta::assert_snapshot!(
        "w3c_mode_turtle",
        microdata_rdf::to_turtle(conversion.triples())
    );
    insta::assert_snapshot!(
        "w3c_mode_nquads",
        microdata_rdf::to_nquads(conversion.triples(), url).unwrap()
    );
}

#[test]
fn snapshot_nasty_iris() {
    let conversion = convert(NASTY, URL, &RdfOptions::new());
    insta::assert_snapshot!(
        "nasty_iris_ntriples",
        microdata_rdf::to_ntriples(conversion.triples())
    );
    let warnings: Vec<String> = conversion
        .warnings()
        .iter()
        .map(ToString::to_string)
        .collect();
    insta::assert_snapshot!("nasty_iris_warnings", warnings.join("\n"));
}
