//! Microdata to RDF: the HTML conversion of the W3C Microdata draft and the
//! W3C *Microdata to RDF* Note.
//!
//! Two conversions of a [`microdata_model::Document`] to RDF triples
//! (`oxrdf` values), chosen with [`Mode`]:
//!
//! - [`Mode::Html`] (default): the conversion of the W3C HTML Microdata
//!   Working Draft of 5 April 2011, §5.2. Document triples (`dc:title`,
//!   rel links as `http://www.w3.org/1999/xhtml/vocab#` predicates, `meta
//!   name`/`content`, `blockquote`/`q` `cite` as `dc:source`), then each
//!   top-level item linked from the document by `md:item`, with predicates
//!   `http://www.w3.org/1999/xhtml/microdata#<type>%23:<name>` and the
//!   fallback types and names of nested untyped items. Options: the
//!   licensed-work `owl:equivalentProperty` triples and the 2010 draft's
//!   removal of repeated `up` rel tokens.
//! - [`Mode::W3c`]: the W3C Interest Group Note *Microdata to RDF –
//!   Second Edition* (2014): property URIs in the item type's vocabulary,
//!   the vocabulary [`Registry`] and vocabulary expansion, typed literals
//!   for `time`, `data` and `meter`, and the experimental
//!   `itemprop-reverse`. It passes the W3C microdata-rdf test suite.
//!
//! The 2011 draft assumed an item has one type; the current model allows
//! several. Both modes emit `rdf:type` for each type that is an absolute
//! URL and build predicates from the first of them. Property values are
//! read by the current WHATWG rules in both modes: a `data` or `meter`
//! element gives its `value` (the 2011 draft, which had neither element,
//! gives their `textContent`).
//!
//! Both modes walk the item graph once with an explicit stack: an item
//! shared by several others (through `itemref`) is one subject, generated
//! once per distinct type context. Neither text stops on an item that is a
//! property of itself (their algorithms would run forever): such a cycle is
//! reported ([`WarningKind::ItemrefRecursion`]) and stops where an item
//! comes back in the type context it is being generated in, so the graph
//! does not depend on which item of the cycle comes first in the document.
//! (In HTML mode, where an untyped item under a typed one has a context
//! that grows with each property name, a cycle of untyped items stops where
//! one of them comes back.)
//! Every IRI written is valid (characters URL parsing leaves, such as `|`,
//! `^` or a stray `%`, are %-escaped), blank nodes are labelled `b0`,
//! `b1`, … in the order items are met, and the writers sort the triples, so
//! the same input always gives the same bytes. For untrusted input,
//! [`RdfOptions::with_limits`] caps the work and the output.
//!
//! This crate depends on the model, `oxrdf`, `serde_json` (registry
//! documents) and, for the N-Triples, Turtle and N-Quads writers (feature
//! `serialize`, on by default), `oxttl`: no HTML parser. `microdata-scraper` builds
//! [`microdata_model::Document`]s from HTML.
//!
//! # Example
//!
//! ```
//! use microdata_rdf::{Mode, RdfOptions};
//!
//! let html = r#"<div itemscope itemtype="http://schema.org/Person">
//!   <span itemprop="name">Jane Doe</span>
//!   <time itemprop="birthDate" datetime="1970-01-01">1 Jan 1970</time>
//! </div>"#;
//! let parsed = microdata_scraper::parse(html, Some("http://example.com/jane"))?;
//! let options = RdfOptions::new().with_mode(Mode::W3c);
//! let conversion = microdata_rdf::convert(&parsed.document(), &options)?;
//! let lines: Vec<String> = conversion.triples().iter().map(|t| t.to_string()).collect();
//! assert_eq!(lines, [
//!     "_:b0 <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://schema.org/Person>",
//!     "_:b0 <http://schema.org/name> \"Jane Doe\"",
//!     "_:b0 <http://schema.org/birthDate> \"1970-01-01\"^^<http://www.w3.org/2001/XMLSchema#date>",
//! ]);
//! assert!(conversion.warnings().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! - `serialize` (default): the N-Triples, Turtle and N-Quads writers
//!   (`write_ntriples`, `write_turtle`, `write_nquads` and their
//!   `to_*` string forms), through `oxttl`.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod convert;
mod error;
mod iri;
mod options;
mod registry;
mod rfc3986;
#[cfg(feature = "serialize")]
mod write;
mod xsd;

use microdata_model::{Document, Node};

pub use convert::Conversion;
pub use error::{Error, ErrorKind, Warning, WarningKind};
/// The model this crate converts from (`Document`, `Node`, `Limits`,
/// `microsyntax`), re-exported so that a program with its own `Node`
/// implementation uses the same version.
pub use microdata_model;
/// The caps on a conversion (see the options' `with_limits`), and the
/// error of a conversion that reaches one: re-exported from the model so
/// that this crate alone is enough to use them.
pub use microdata_model::{Limit, LimitError, Limits};
pub use options::{Mode, RdfOptions};
pub use oxrdf;
pub use registry::Registry;
#[cfg(feature = "serialize")]
#[cfg_attr(docsrs, doc(cfg(feature = "serialize")))]
pub use write::{
    MAX_VOCABULARY_PREFIXES, to_nquads, to_ntriples, to_turtle, write_nquads, write_ntriples,
    write_turtle,
};

/// Converts the document to RDF: the triples, in the order generated (each
/// once), and the warnings. Markup problems are [`Warning`]s, not errors.
///
/// # Errors
///
/// Only when the options ask for it: [`ErrorKind::Limit`] when the
/// conversion reaches one of the [limits](RdfOptions::with_limits), and,
/// [strict](RdfOptions::with_strict), [`ErrorKind::ItemrefRecursion`] when
/// an item is a property of itself through `itemref`. No partial result is
/// returned.
///
/// # Examples
///
/// ```
/// use microdata_rdf::{ErrorKind, Mode, RdfOptions, WarningKind};
///
/// // The W3C suite's negative test 0085: an itemref loop.
/// let html = r#"<div itemscope><div id="ref"><div itemprop="name">friend1</div>
///   <div itemprop="friend" itemscope><div itemprop="name">friend2</div>
///   <div itemprop="friend" itemscope itemref="ref"></div></div></div></div>"#;
/// let parsed = microdata_scraper::parse(html, Some("http://example.com/"))?;
/// let options = RdfOptions::new().with_mode(Mode::W3c);
/// let conversion = microdata_rdf::convert(&parsed.document(), &options)?;
/// assert!(conversion.has_itemref_recursion());
/// assert_eq!(conversion.warnings()[0].kind(), WarningKind::ItemrefRecursion);
/// assert!(!conversion.triples().is_empty());
///
/// let strict = options.with_strict(true);
/// let error = microdata_rdf::convert(&parsed.document(), &strict).unwrap_err();
/// assert_eq!(error.kind(), ErrorKind::ItemrefRecursion);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn convert<'a, N: Node<'a>>(
    doc: &Document<'a, N>,
    options: &RdfOptions,
) -> Result<Conversion, Error> {
    let conversion = convert::Converter::new(doc, options).run()?;
    if options.strict() {
        if let Some(w) = conversion
            .warnings()
            .iter()
            .find(|w| w.kind() == WarningKind::ItemrefRecursion)
        {
            return Err(Error::new(ErrorKind::ItemrefRecursion, w.to_string()));
        }
    }
    Ok(conversion)
}

/// Converts the document to an `oxrdf` [`Graph`](oxrdf::Graph).
///
/// # Errors
///
/// As [`convert`] (none with the default options); use [`convert`] to see
/// the warnings.
///
/// # Examples
///
/// ```
/// use microdata_rdf::RdfOptions;
///
/// let html = r#"<title>Cats</title><p itemscope itemtype="http://example.org/Cat">
///   <span itemprop="name">Tom</span></p>"#;
/// let parsed = microdata_scraper::parse(html, Some("http://example.com/cats"))?;
/// let graph = microdata_rdf::to_graph(&parsed.document(), &RdfOptions::new())?;
/// assert_eq!(graph.len(), 4); // title, md:item, rdf:type, name
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_graph<'a, N: Node<'a>>(
    doc: &Document<'a, N>,
    options: &RdfOptions,
) -> Result<oxrdf::Graph, Error> {
    let conversion = convert(doc, options)?;
    Ok(conversion.to_graph())
}

/// Converts the document to triples, in the order generated, each once.
///
/// # Errors
///
/// As [`to_graph`].
///
/// # Examples
///
/// ```
/// use microdata_rdf::RdfOptions;
///
/// let parsed = microdata_scraper::parse(
///     r#"<a rel="license" href="http://creativecommons.org/licenses/by/4.0/">CC BY</a>"#,
///     Some("http://example.com/"),
/// )?;
/// let triples: Vec<_> = microdata_rdf::triples(&parsed.document(), &RdfOptions::new())?.collect();
/// assert_eq!(
///     triples[0].to_string(),
///     "<http://example.com/> <http://www.w3.org/1999/xhtml/vocab#license> <http://creativecommons.org/licenses/by/4.0/>"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn triples<'a, N: Node<'a>>(
    doc: &Document<'a, N>,
    options: &RdfOptions,
) -> Result<std::vec::IntoIter<oxrdf::Triple>, Error> {
    Ok(convert(doc, options)?.into_triples().into_iter())
}

/// This crate's README examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CrateReadmeDoctests;
