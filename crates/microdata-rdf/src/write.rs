//! N-Triples, Turtle and N-Quads output through `oxttl`, in a canonical
//! order so the same triples always give the same bytes.

use std::cmp::Ordering;
use std::collections::{BTreeSet, HashMap};
use std::io::Write;

use oxrdf::vocab::rdf;
use oxrdf::{BlankNode, GraphNameRef, NamedNode, NamedOrBlankNodeRef, QuadRef, TermRef, TripleRef};
use oxttl::{NQuadsSerializer, NTriplesSerializer, TurtleSerializer};

use crate::convert::{DC, MD, OWL, XHV};
use crate::error::{Error, ErrorKind};
use crate::iri;
use crate::xsd::XSD;

/// Prefixes with well-known names, used in Turtle when some IRI of the
/// output starts with them.
const WELL_KNOWN: &[(&str, &str)] = &[
    ("rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"),
    ("rdfs", "http://www.w3.org/2000/01/rdf-schema#"),
    ("xsd", XSD),
    ("owl", OWL),
    ("dc", DC),
    ("dce", "http://purl.org/dc/elements/1.1/"),
    ("md", MD),
    ("xhv", XHV),
    ("schema", "https://schema.org/"),
    ("schema", "http://schema.org/"),
    ("foaf", "http://xmlns.com/foaf/0.1/"),
    ("cc", "http://creativecommons.org/ns#"),
    ("frbr", "http://purl.org/vocab/frbr/core#"),
    ("hcard", "http://microformats.org/profile/hcard#"),
    ("og", "http://ogp.me/ns#"),
    ("skos", "http://www.w3.org/2004/02/skos/core#"),
];

/// Sorts triples canonically ([`cmp_triple`]): subjects IRIs first (by
/// string) then blank nodes (in natural order of their labels, so `b2`
/// before `b10`); `rdf:type` before other predicates; objects IRIs, blank
/// nodes, then literals. Repeated triples are written once.
///
/// Each distinct term is ranked once, in the order of [`cmp_term`], which
/// is the order [`cmp_triple`] gives subjects, objects and (but for
/// `rdf:type`, put first here as there) predicates; the triples are then
/// sorted by their terms' ranks. The sort's n log n comparisons are of
/// integers instead of strings, most of which share a long prefix, and of
/// blank node labels split into text and number at every comparison: on
/// a page of 90,000 triples that was a quarter of the whole RDF
/// conversion.
fn sorted<'t>(triples: impl IntoIterator<Item = impl Into<TripleRef<'t>>>) -> Vec<TripleRef<'t>> {
    let mut v: Vec<TripleRef<'t>> = triples.into_iter().map(Into::into).collect();
    // A triple has three terms: with fewer triples than this, every term
    // number, rank and position below fits a u32.
    if v.len() >= (u32::MAX / 3) as usize {
        v.sort_by(cmp_triple);
        v.dedup();
        return v;
    }
    // Per triple: its terms' numbers (ranks, below) and its position;
    // each distinct term is numbered as first met.
    let mut numbers: foldhash::HashMap<TermRef<'t>, u32> = foldhash::HashMap::default();
    let mut number = |term: TermRef<'t>| {
        let next = numbers.len() as u32;
        *numbers.entry(term).or_insert(next)
    };
    let mut keys: Vec<(u32, u32, u32, u32)> = v
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let (s, p) = (number(t.subject.into()), number(t.predicate.into()));
            (s, p, number(t.object), i as u32)
        })
        .collect();
    // Rank of each term number. Distinct terms never compare equal, so
    // the order does not depend on the map's.
    let mut terms: Vec<(TermRef<'t>, u32)> = numbers.into_iter().collect();
    terms.sort_unstable_by(|a, b| cmp_term(a.0, b.0));
    let mut rank = vec![0u32; terms.len()];
    let mut type_rank = None;
    for (r, &(term, n)) in terms.iter().enumerate() {
        rank[n as usize] = r as u32;
        if term == TermRef::from(rdf::TYPE) {
            type_rank = Some(r as u32);
        }
    }
    for (s, p, o, _) in &mut keys {
        let rank_p = rank[*p as usize];
        // `rdf:type` before every other predicate.
        *p = if Some(rank_p) == type_rank {
            0
        } else {
            rank_p + 1
        };
        (*s, *o) = (rank[*s as usize], rank[*o as usize]);
    }
    keys.sort_unstable();
    // Equal ranks are equal terms: a repeated triple has the same key.
    keys.dedup_by_key(|k| (k.0, k.1, k.2));
    keys.into_iter().map(|k| v[k.3 as usize]).collect()
}

/// The canonical order of two triples: by subject, then predicate
/// (`rdf:type` first), then object, each term in the order of
/// [`cmp_term`]. [`sorted`] gives this order by ranks (the tests check it
/// against this comparator) and falls back on it for more triples than
/// its ranks can number.
fn cmp_triple(a: &TripleRef<'_>, b: &TripleRef<'_>) -> Ordering {
    cmp_term(a.subject.into(), b.subject.into())
        .then_with(|| {
            let (at, bt) = (a.predicate == rdf::TYPE, b.predicate == rdf::TYPE);
            bt.cmp(&at)
                .then_with(|| a.predicate.as_str().cmp(b.predicate.as_str()))
        })
        .then_with(|| cmp_term(a.object, b.object))
}

/// The canonical order of terms: IRIs (by string), blank nodes (natural
/// order of their labels), literals (by value, datatype, language), then
/// any other kind of term. A total order: terms these keys do not tell
/// apart (RDF 1.2's triple terms, or literals that differ only in their
/// direction, when a crate in the build turns `oxrdf`'s `rdf-12` feature
/// on) are told apart by their N-Triples form.
fn cmp_term(a: TermRef<'_>, b: TermRef<'_>) -> Ordering {
    #[allow(unreachable_patterns)]
    let rank = |t: &TermRef<'_>| match t {
        TermRef::NamedNode(_) => 0,
        TermRef::BlankNode(_) => 1,
        TermRef::Literal(_) => 2,
        _ => 3,
    };
    rank(&a)
        .cmp(&rank(&b))
        .then_with(|| match (a, b) {
            (TermRef::NamedNode(a), TermRef::NamedNode(b)) => a.as_str().cmp(b.as_str()),
            (TermRef::BlankNode(a), TermRef::BlankNode(b)) => natural(a.as_str(), b.as_str()),
            (TermRef::Literal(a), TermRef::Literal(b)) => a
                .value()
                .cmp(b.value())
                .then_with(|| a.datatype().as_str().cmp(b.datatype().as_str()))
                .then_with(|| a.language().cmp(&b.language())),
            _ => Ordering::Equal,
        })
        .then_with(|| {
            if a == b {
                Ordering::Equal
            } else {
                a.to_string().cmp(&b.to_string())
            }
        })
}

/// Compares labels by their text without trailing digits, then by the
/// number the trailing digits spell.
fn natural(a: &str, b: &str) -> Ordering {
    fn split(s: &str) -> (&str, &str) {
        let digits = s.bytes().rev().take_while(u8::is_ascii_digit).count();
        let (head, num) = s.split_at(s.len() - digits);
        (head, num.trim_start_matches('0'))
    }
    let ((ha, na), (hb, nb)) = (split(a), split(b));
    ha.cmp(hb)
        .then_with(|| na.len().cmp(&nb.len()))
        .then_with(|| na.cmp(nb))
        .then_with(|| a.cmp(b))
}

/// A writer's output as a string: the serializers write UTF-8, so this
/// takes the buffer as it is (a lossy copy only if that ever failed).
fn utf8(out: Vec<u8>) -> String {
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Writes the triples as N-Triples, one a line, in canonical order.
///
/// Accepts a `&Graph`, a `&[Triple]` or anything iterating over triple
/// references; the order of the input does not matter.
///
/// # Errors
///
/// [`ErrorKind::Io`] when writing fails.
///
/// # Examples
///
/// ```
/// use microdata_rdf::oxrdf::{Graph, Literal, NamedNode, Triple};
///
/// let mut graph = Graph::new();
/// graph.insert(&Triple::new(
///     NamedNode::new("http://example.com/")?,
///     NamedNode::new("http://purl.org/dc/terms/title")?,
///     Literal::new_simple_literal("Hello"),
/// ));
/// let mut out = Vec::new();
/// microdata_rdf::write_ntriples(&graph, &mut out)?;
/// assert_eq!(
///     String::from_utf8(out)?,
///     "<http://example.com/> <http://purl.org/dc/terms/title> \"Hello\" .\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_ntriples<'t>(
    triples: impl IntoIterator<Item = impl Into<TripleRef<'t>>>,
    out: impl Write,
) -> Result<(), Error> {
    let mut serializer = NTriplesSerializer::new().for_writer(out);
    for t in sorted(triples) {
        serializer.serialize_triple(t)?;
    }
    serializer.finish().flush()?;
    Ok(())
}

/// The N-Triples of [`write_ntriples`] as a string.
pub fn to_ntriples<'t>(triples: impl IntoIterator<Item = impl Into<TripleRef<'t>>>) -> String {
    let mut out = Vec::new();
    // Writing to a Vec cannot fail, and the serializer writes UTF-8.
    let _ = write_ntriples(triples, &mut out);
    utf8(out)
}

/// Writes the triples as Turtle, in canonical order (so each subject's
/// triples are grouped with `;` and `,`), with `@prefix` lines for the
/// namespaces used: well-known names (`rdf`, `xsd`, `dc`, `md`, `xhv`,
/// `schema`, ...), and for other vocabularies a name taken from the
/// vocabulary URI (for the HTML conversion's predicates, the item type, as
/// in the 2011 draft's `hcard:` example). At most
/// [`MAX_VOCABULARY_PREFIXES`] vocabularies get a prefix, the most used
/// first; IRIs in the others are written in full. (The serializer tries
/// every prefix on every IRI, so a page with thousands of vocabularies
/// would otherwise take time quadratic in its size.) A namespace holding an
/// IRI that ends in `.` gets no prefix either: its local name would end in
/// `\.`, valid Turtle that rdflib cannot read.
///
/// # Errors
///
/// [`ErrorKind::Io`] when writing fails.
///
/// # Examples
///
/// ```
/// use microdata_rdf::oxrdf::{BlankNode, Graph, Literal, NamedNode, Triple, vocab::rdf};
///
/// let mut graph = Graph::new();
/// let me = BlankNode::new("b0")?;
/// graph.insert(&Triple::new(me.clone(), rdf::TYPE, NamedNode::new("http://schema.org/Person")?));
/// graph.insert(&Triple::new(me, NamedNode::new("http://schema.org/name")?, Literal::new_simple_literal("Ada")));
/// assert_eq!(
///     microdata_rdf::to_turtle(&graph),
///     "@prefix schema: <http://schema.org/> .\n_:b0 a schema:Person ;\n\tschema:name \"Ada\" .\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_turtle<'t>(
    triples: impl IntoIterator<Item = impl Into<TripleRef<'t>>>,
    out: impl Write,
) -> Result<(), Error> {
    let triples = sorted(triples);
    let mut serializer = TurtleSerializer::new();
    for (name, ns) in prefixes(&triples) {
        // A namespace is a prefix of an IRI, so it parses as one; were it
        // not to, its IRIs would simply be written in full.
        if let Ok(with) = serializer.clone().with_prefix(name, ns) {
            serializer = with;
        }
    }
    let mut serializer = serializer.for_writer(out);
    for t in triples {
        serializer.serialize_triple(t)?;
    }
    serializer.finish()?.flush()?;
    Ok(())
}

/// The Turtle of [`write_turtle`] as a string.
pub fn to_turtle<'t>(triples: impl IntoIterator<Item = impl Into<TripleRef<'t>>>) -> String {
    let mut out = Vec::new();
    // Writing to a `Vec` cannot fail, and a namespace the serializer
    // refuses is left undeclared: no error is left to lose.
    let _ = write_turtle(triples, &mut out);
    utf8(out)
}

/// Writes the triples as N-Quads in the named graph `graph_name` (the
/// page's URL, for crawls), in canonical order.
///
/// `graph_name` is made a valid IRI as every IRI of the conversion is
/// (characters such as `|` %-escaped). Blank node labels are prefixed
/// with a hash of the graph name (`_:g1a2b…_b0`), so the N-Quads of
/// several pages can be concatenated without their blank nodes merging;
/// the labels stay deterministic.
///
/// # Errors
///
/// [`ErrorKind::GraphName`] when `graph_name` is not an absolute URL;
/// [`ErrorKind::Io`] when writing fails.
///
/// # Examples
///
/// ```
/// use microdata_rdf::oxrdf::{Graph, Literal, NamedNode, Triple};
///
/// let mut graph = Graph::new();
/// graph.insert(&Triple::new(
///     NamedNode::new("http://example.com/a")?,
///     NamedNode::new("http://purl.org/dc/terms/title")?,
///     Literal::new_simple_literal("A"),
/// ));
/// let mut out = Vec::new();
/// microdata_rdf::write_nquads(&graph, "http://example.com/a|b", &mut out)?;
/// assert_eq!(
///     String::from_utf8(out)?,
///     "<http://example.com/a> <http://purl.org/dc/terms/title> \"A\" <http://example.com/a%7Cb> .\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_nquads<'t>(
    triples: impl IntoIterator<Item = impl Into<TripleRef<'t>>>,
    graph_name: &str,
    out: impl Write,
) -> Result<(), Error> {
    let graph = graph_name_iri(graph_name)?;
    let scope = format!(
        "g{:016x}_",
        crate::options::fnv1a(graph.as_str().as_bytes())
    );
    let relabel =
        |b: oxrdf::BlankNodeRef<'_>| BlankNode::new_unchecked(format!("{scope}{}", b.as_str()));
    let mut serializer = NQuadsSerializer::new().for_writer(out);
    for t in sorted(triples) {
        let subject = match t.subject {
            NamedOrBlankNodeRef::BlankNode(b) => relabel(b).into(),
            s => s.into_owned(),
        };
        let object = match t.object {
            TermRef::BlankNode(b) => relabel(b).into(),
            o => o.into_owned(),
        };
        serializer.serialize_quad(QuadRef::new(
            &subject,
            t.predicate,
            &object,
            GraphNameRef::NamedNode(graph.as_ref()),
        ))?;
    }
    serializer.finish().flush()?;
    Ok(())
}

/// The N-Quads of [`write_nquads`] as a string.
///
/// # Errors
///
/// [`ErrorKind::GraphName`] when `graph_name` is not an absolute URL.
pub fn to_nquads<'t>(
    triples: impl IntoIterator<Item = impl Into<TripleRef<'t>>>,
    graph_name: &str,
) -> Result<String, Error> {
    let mut out = Vec::new();
    write_nquads(triples, graph_name, &mut out)?;
    Ok(utf8(out))
}

fn graph_name_iri(graph_name: &str) -> Result<NamedNode, Error> {
    iri::is_absolute_url(graph_name)
        .then(|| iri::named_node(graph_name))
        .flatten()
        .ok_or_else(|| {
            Error::new(
                ErrorKind::GraphName,
                format!("graph name is not an absolute URL: {graph_name:?}"),
            )
        })
}

/// How many vocabulary namespaces (beyond the well-known ones) Turtle
/// output declares a prefix for, at most.
pub const MAX_VOCABULARY_PREFIXES: usize = 64;

/// The `@prefix` declarations for the triples: (name, namespace) pairs.
fn prefixes(triples: &[TripleRef<'_>]) -> Vec<(String, String)> {
    // Every IRI that may be abbreviated, deduplicated.
    let mut iris: BTreeSet<&str> = BTreeSet::new();
    // Namespaces of vocabulary terms (predicates and rdf:type objects),
    // with the number of terms in each.
    let mut uses: HashMap<&str, usize> = HashMap::new();
    for t in triples {
        if let NamedOrBlankNodeRef::NamedNode(n) = t.subject {
            iris.insert(n.as_str());
        }
        // `rdf:type` is written `a`.
        if t.predicate != rdf::TYPE {
            iris.insert(t.predicate.as_str());
            *uses.entry(namespace_of(t.predicate.as_str())).or_default() += 1;
        }
        match t.object {
            TermRef::NamedNode(n) => {
                iris.insert(n.as_str());
                if t.predicate == rdf::TYPE {
                    *uses.entry(namespace_of(n.as_str())).or_default() += 1;
                }
            }
            TermRef::Literal(l) if !written_bare(l) => {
                iris.insert(l.datatype().as_str());
            }
            _ => {}
        }
    }
    let mut out: Vec<(String, String)> = Vec::new();
    let mut names: BTreeSet<String> = BTreeSet::new();
    for &(name, ns) in WELL_KNOWN {
        let used = iris.iter().any(|i| i.len() > ns.len() && i.starts_with(ns));
        if used && !out.iter().any(|(_, n)| n == ns) {
            let name = unique_name(name, &names);
            names.insert(name.clone());
            out.push((name, ns.to_owned()));
        }
    }
    // The most used vocabularies, then named in namespace order.
    let mut vocab_namespaces: Vec<(&str, usize)> = uses
        .into_iter()
        .filter(|&(ns, _)| !ns.is_empty() && !WELL_KNOWN.iter().any(|(_, n)| *n == ns))
        .collect();
    vocab_namespaces.sort_unstable_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
    vocab_namespaces.truncate(MAX_VOCABULARY_PREFIXES);
    vocab_namespaces.sort_unstable();
    for (ns, _) in vocab_namespaces {
        let name = unique_name(&prefix_name_for(ns), &names);
        names.insert(name.clone());
        out.push((name, ns.to_owned()));
    }
    // An IRI ending in `.` would be written with a local name ending in
    // `\.`: valid Turtle, but rdflib (7.x) cannot read it. No prefix that
    // would abbreviate such an IRI is declared, so it is written in full
    // (and so is the rest of that namespace).
    let dotted: Vec<&str> = iris.iter().copied().filter(|i| i.ends_with('.')).collect();
    out.retain(|(_, ns)| {
        !dotted
            .iter()
            .any(|i| i.len() > ns.len() && i.starts_with(ns.as_str()))
    });
    // The serializer tries prefixes in order: the longest namespace first,
    // so `md` does not take the HTML conversion's per-type namespaces.
    out.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then_with(|| a.1.cmp(&b.1)));
    out
}

/// Whether Turtle writes the literal without its datatype IRI: strings,
/// language-tagged strings, and integers in the bare `123` form.
fn written_bare(l: oxrdf::LiteralRef<'_>) -> bool {
    let dt = l.datatype();
    dt == oxrdf::vocab::xsd::STRING
        || dt == rdf::LANG_STRING
        || (dt == oxrdf::vocab::xsd::INTEGER && {
            let v = l.value();
            let digits = v.strip_prefix(['+', '-']).unwrap_or(v);
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        })
}

/// The namespace of a vocabulary IRI: for the HTML conversion's
/// `md#<type>%23…:<name>` predicates, everything up to the `:` that ends the
/// type part; otherwise up to the last `#` or `/`.
fn namespace_of(iri: &str) -> &str {
    if let Some(rest) = iri.strip_prefix(MD) {
        if let Some(h) = rest.find("%23") {
            if let Some(c) = rest[h..].find(':') {
                return &iri[..MD.len() + h + c + 1];
            }
        }
        return "";
    }
    match iri.rfind(['#', '/']) {
        Some(i) if i + 1 < iri.len() => &iri[..=i],
        _ => "",
    }
}

/// A prefix name for a namespace: the last word of the type (HTML
/// conversion predicates) or of the vocabulary URI's path or host.
fn prefix_name_for(ns: &str) -> String {
    let body = match ns.strip_prefix(MD) {
        Some(rest) => match rest.find("%23") {
            Some(h) => {
                // The type's fragment names it best (`vevent` for
                // `hcalendar#vevent`); else its last path segment.
                let fragment = rest[h + 3..].trim_end_matches(':');
                let word: String = fragment
                    .chars()
                    .filter(char::is_ascii_alphanumeric)
                    .collect();
                if word.starts_with(|c: char| c.is_ascii_alphabetic()) {
                    return word.to_ascii_lowercase();
                }
                &rest[..h]
            }
            None => rest,
        },
        None => ns,
    };
    let after_scheme = body.find("://").map_or(body, |i| &body[i + 3..]);
    let host_end = after_scheme
        .find(['/', '#', '?'])
        .unwrap_or(after_scheme.len());
    let (host, path) = after_scheme.split_at(host_end);
    let word = |w: &str| {
        let w: String = w.chars().filter(char::is_ascii_alphanumeric).collect();
        w.starts_with(|c: char| c.is_ascii_alphabetic())
            .then(|| w.to_ascii_lowercase())
    };
    if let Some(w) = path.split(['/', '#', '?', ':', '.']).rev().find_map(word) {
        return w;
    }
    let labels: Vec<&str> = host.split('.').filter(|l| *l != "www").collect();
    let label = match labels.len() {
        0 => "",
        1 => labels[0],
        n => labels[n - 2],
    };
    word(label).unwrap_or_else(|| "ns".to_owned())
}

fn unique_name(base: &str, taken: &BTreeSet<String>) -> String {
    if !taken.contains(base) {
        return base.to_owned();
    }
    (2..)
        .map(|i| format!("{base}{i}"))
        .find(|n| !taken.contains(n))
        .unwrap_or_else(|| base.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    use oxrdf::{Literal, Triple};
    use proptest::prelude::*;

    /// A triple from small pools of terms that collide often: IRIs that
    /// share prefixes, `rdf:type`, blank labels whose natural and byte
    /// orders differ, literals that differ only by datatype or language.
    fn triple() -> impl Strategy<Value = Triple> {
        const IRIS: [&str; 5] = [
            "http://a.example/",
            "http://a.example/x",
            "http://a.example/x#y",
            "http://b.example/",
            "http://www.w3.org/1999/02/22-rdf-syntax-ns#type",
        ];
        const LABELS: [&str; 7] = ["b0", "b1", "b2", "b10", "b02", "a", "c9"];
        let iri = || (0..IRIS.len()).prop_map(|i| NamedNode::new_unchecked(IRIS[i]));
        let blank = || (0..LABELS.len()).prop_map(|i| BlankNode::new_unchecked(LABELS[i]));
        let subject = prop_oneof![
            iri().prop_map(oxrdf::NamedOrBlankNode::from),
            blank().prop_map(oxrdf::NamedOrBlankNode::from),
        ];
        let literal = (0..3usize, 0..3usize).prop_map(|(v, k)| {
            let value = ["", "1", "10"][v];
            match k {
                0 => Literal::new_simple_literal(value),
                1 => Literal::new_typed_literal(value, NamedNode::new_unchecked(IRIS[0])),
                _ => Literal::new_language_tagged_literal_unchecked(value, "en"),
            }
        });
        let object = prop_oneof![
            iri().prop_map(oxrdf::Term::from),
            blank().prop_map(oxrdf::Term::from),
            literal.prop_map(oxrdf::Term::from),
        ];
        (subject, iri(), object).prop_map(|(s, p, o)| Triple::new(s, p, o))
    }

    proptest! {
        /// Sorting by ranks gives what sorting with the comparator and
        /// removing adjacent repeats gives.
        #[test]
        fn ranked_sort_is_the_canonical_order(triples in proptest::collection::vec(triple(), 0..40)) {
            let mut expected: Vec<TripleRef<'_>> = triples.iter().map(TripleRef::from).collect();
            expected.sort_by(cmp_triple);
            expected.dedup();
            prop_assert_eq!(sorted(&triples), expected);
        }
    }

    #[test]
    fn natural_order_of_blank_labels() {
        let mut v = vec!["b10", "b2", "b0", "b1", "a", "b02"];
        v.sort_by(|a, b| natural(a, b));
        assert_eq!(v, ["a", "b0", "b1", "b02", "b2", "b10"]);
    }

    #[test]
    fn namespaces_and_names() {
        assert_eq!(
            namespace_of(
                "http://www.w3.org/1999/xhtml/microdata#http://microformats.org/profile/hcard%23:n%20given-name"
            ),
            "http://www.w3.org/1999/xhtml/microdata#http://microformats.org/profile/hcard%23:"
        );
        assert_eq!(
            namespace_of("http://www.w3.org/1999/xhtml/microdata#item"),
            ""
        );
        assert_eq!(namespace_of("http://schema.org/name"), "http://schema.org/");
        assert_eq!(namespace_of("http://foo#bar"), "http://foo#");
        assert_eq!(
            prefix_name_for(
                "http://www.w3.org/1999/xhtml/microdata#http://microformats.org/profile/hcard%23:"
            ),
            "hcard"
        );
        assert_eq!(
            prefix_name_for(
                "http://www.w3.org/1999/xhtml/microdata#http://microformats.org/profile/hcalendar%23vevent:"
            ),
            "vevent"
        );
        assert_eq!(prefix_name_for("http://expansion/"), "expansion");
        assert_eq!(prefix_name_for("http://example.org/vocab/"), "vocab");
        assert_eq!(prefix_name_for("http://www.example.org/"), "example");
        assert_eq!(prefix_name_for("http://1.2.3.4/"), "ns");
    }

    /// Past [`MAX_VOCABULARY_PREFIXES`] vocabularies, the most used keep a
    /// prefix (ties in namespace order) and the others are written in
    /// A local name would end in `\.`, which rdflib cannot read: the
    /// namespace gets no prefix, and the Turtle still reads back the same.
    #[test]
    fn no_prefix_abbreviates_an_iri_ending_in_a_dot() {
        use oxrdf::{Literal, Triple};
        let s = NamedNode::new("http://e.com/s").unwrap();
        let triples = [
            Triple::new(
                s.clone(),
                NamedNode::new("http://schema.org/x.").unwrap(),
                Literal::new_simple_literal("a"),
            ),
            Triple::new(
                s.clone(),
                NamedNode::new("http://schema.org/name").unwrap(),
                Literal::new_simple_literal("b"),
            ),
            Triple::new(
                s,
                NamedNode::new("http://purl.org/dc/terms/title").unwrap(),
                Literal::new_simple_literal("c"),
            ),
        ];
        let ttl = to_turtle(&triples);
        assert!(!ttl.contains("\\."), "{ttl}");
        assert!(ttl.contains("<http://schema.org/x.> \"a\""), "{ttl}");
        assert!(ttl.contains("dc:title \"c\""), "{ttl}");
        let back: Vec<Triple> = oxttl::TurtleParser::new()
            .for_slice(ttl.as_bytes())
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(back.len(), 3);
        for t in &triples {
            assert!(back.contains(t), "{t} missing from {ttl}");
        }
    }

    /// full; the Turtle still reads back as the same graph.
    #[test]
    fn prefixes_for_the_most_used_vocabularies_only() {
        use oxrdf::{Graph, Literal, NamedNode, Triple};
        let extra = 10;
        let mut graph = Graph::new();
        for v in 0..MAX_VOCABULARY_PREFIXES + extra {
            // Vocabulary `v` is used `1 + v % 3` times: the 2- and 3-use
            // ones all fit, then the 1-use ones in namespace order.
            for k in 0..=v % 3 {
                graph.insert(&Triple::new(
                    NamedNode::new(format!("http://s.example/{v}")).unwrap(),
                    NamedNode::new(format!("http://v{v:03}.example/vocab{v}/p{k}")).unwrap(),
                    Literal::new_simple_literal("x"),
                ));
            }
        }
        let ttl = to_turtle(&graph);
        let declared: Vec<&str> = ttl
            .lines()
            .filter(|l| l.starts_with("@prefix vocab"))
            .collect();
        assert_eq!(declared.len(), MAX_VOCABULARY_PREFIXES, "{ttl}");
        let once: Vec<usize> = (0..MAX_VOCABULARY_PREFIXES + extra)
            .filter(|v| v % 3 == 0)
            .collect();
        let left_out = &once[once.len() - extra..];
        for v in 0..MAX_VOCABULARY_PREFIXES + extra {
            let ns = format!("<http://v{v:03}.example/vocab{v}/>");
            let full = format!("<http://v{v:03}.example/vocab{v}/p0>");
            if left_out.contains(&v) {
                assert!(!ttl.contains(&ns) && ttl.contains(&full), "{v}: {ttl}");
            } else {
                assert!(
                    ttl.contains(&format!("@prefix vocab{v}: {ns} .")),
                    "{v}: {ttl}"
                );
                assert!(!ttl.contains(&full), "{v}: {ttl}");
            }
        }
        let back: Graph = oxttl::TurtleParser::new()
            .for_slice(&ttl)
            .collect::<Result<Vec<_>, _>>()
            .unwrap()
            .into_iter()
            .collect();
        assert_eq!(back, graph);
    }
}
