//! HTML microdata extraction with [`scraper`].
//!
//! This crate binds the DOM-agnostic [`microdata_model`] to `scraper`'s tree
//! (`ego-tree` nodes) and offers one-call entry points. It re-exports the
//! model, so it is the only dependency most programs need.
//!
//! # Example
//!
//! ```
//! let html = r#"<div itemscope itemtype="https://schema.org/Person">
//!   <span itemprop="name">Ada Lovelace</span>
//!   <a itemprop="url" href="/ada">home</a>
//! </div>"#;
//! let parsed = microdata_scraper::parse(html, Some("https://example.com/people"))?;
//! let doc = parsed.document();
//! let person = doc.items_of_type("https://schema.org/Person").next().unwrap();
//! assert_eq!(person.get("name").unwrap().as_str(), Some("Ada Lovelace"));
//! assert_eq!(person.get("url").unwrap().as_str(), Some("https://example.com/ada"));
//! assert_eq!(
//!     doc.to_json(),
//!     r#"{"items":[{"type":["https://schema.org/Person"],"properties":{"name":["Ada Lovelace"],"url":["https://example.com/ada"]}}]}"#
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Parsing choices
//!
//! - The HTML is parsed with **scripting disabled**, like a crawler that
//!   runs no scripts: `<noscript>` content is parsed as markup, so
//!   microdata inside it is found (with scripting enabled it would be a
//!   single text node).
//! - `<template>` contents are not part of the document tree (as in the
//!   DOM): scraper keeps them under the template as a fragment node, which
//!   this adapter reports as [`NodeKind::Other`], so the model never walks
//!   into them.
//! - Tree order comes from walking children, never from ego-tree's arena
//!   order (`NodeId` order), which foster parenting and the adoption agency
//!   algorithm make differ from tree order.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

use std::fmt;

use ego_tree::NodeRef;
use html5ever::driver::{self, ParseOpts};
use html5ever::tendril::TendrilSink;
use html5ever::tree_builder::TreeBuilderOpts;
pub use microdata_model::*;
pub use scraper;
use scraper::{Html, HtmlTreeSink};

/// A [`Node`] handle on a `scraper` tree: a wrapper around ego-tree's
/// `NodeRef` (the orphan rule keeps us from implementing the trait on it
/// directly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScraperNode<'a>(pub NodeRef<'a, scraper::Node>);

impl std::hash::Hash for ScraperNode<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.id().hash(state);
    }
}

impl<'a> From<NodeRef<'a, scraper::Node>> for ScraperNode<'a> {
    fn from(node: NodeRef<'a, scraper::Node>) -> Self {
        ScraperNode(node)
    }
}

impl<'a> From<scraper::ElementRef<'a>> for ScraperNode<'a> {
    fn from(element: scraper::ElementRef<'a>) -> Self {
        ScraperNode(*element)
    }
}

impl<'a> Node<'a> for ScraperNode<'a> {
    fn kind(self) -> NodeKind {
        match self.0.value() {
            scraper::Node::Document => NodeKind::Document,
            scraper::Node::Element(_) => NodeKind::Element,
            scraper::Node::Text(_) => NodeKind::Text,
            // Fragments (template contents, or a fragment root reached as a
            // child), comments, doctypes, processing instructions.
            _ => NodeKind::Other,
        }
    }

    fn local_name(self) -> Option<&'a str> {
        match self.0.value() {
            scraper::Node::Element(e) => Some(&e.name.local),
            _ => None,
        }
    }

    fn is_html(self) -> bool {
        match self.0.value() {
            scraper::Node::Element(e) => e.name.ns == html5ever::ns!(html),
            _ => false,
        }
    }

    fn attrs(self) -> impl Iterator<Item = Attribute<'a>> {
        // The attribute list itself (`Element::attrs` would drop the
        // prefixes: `xml:lang` and `xlink:href` on foreign elements).
        let mut list = match self.0.value() {
            scraper::Node::Element(e) => Some(e.attrs.iter()),
            _ => None,
        };
        std::iter::from_fn(move || {
            let (name, value) = list.as_mut()?.next()?;
            Some(Attribute {
                prefix: name.prefix.as_deref(),
                name: &name.local,
                value,
            })
        })
    }

    fn attr(self, name: &str) -> Option<&'a str> {
        // Compare strings: `scraper::node::Element::attr` interns `name`
        // into an atom on every call.
        match self.0.value() {
            scraper::Node::Element(e) => e
                .attrs
                .iter()
                .find(|(n, _)| n.prefix.is_none() && *n.local == *name)
                .map(|(_, v)| &**v),
            _ => None,
        }
    }

    fn text(self) -> Option<&'a str> {
        match self.0.value() {
            scraper::Node::Text(t) => Some(&t.text),
            _ => None,
        }
    }

    fn children(self) -> impl Iterator<Item = Self> {
        // One node of state rather than ego-tree's double-ended pair: a
        // tree walk keeps one of these per level of nesting.
        let mut next = self.0.first_child();
        std::iter::from_fn(move || {
            let child = next?;
            next = child.next_sibling();
            Some(ScraperNode(child))
        })
    }

    fn comment(self) -> Option<&'a str> {
        match self.0.value() {
            scraper::Node::Comment(c) => Some(&c.comment),
            _ => None,
        }
    }
}

/// A microdata [`Document`](microdata_model::Document) over a `scraper` tree.
pub type Document<'a> = microdata_model::Document<'a, ScraperNode<'a>>;

/// Parses an HTML document the way this crate does everywhere: scripting
/// disabled (see the crate docs).
pub fn parse_html(html: &str) -> Html {
    let opts = ParseOpts {
        tree_builder: TreeBuilderOpts {
            scripting_enabled: false,
            ..Default::default()
        },
        ..Default::default()
    };
    driver::parse_document(HtmlTreeSink::new(Html::new_document()), opts).one(html)
}

/// Indexes an already parsed `scraper::Html` for microdata, with `url` as
/// the document's URL.
///
/// # Examples
///
/// ```
/// let html = scraper::Html::parse_document("<p itemscope><b itemprop=n>x</b>");
/// let doc = microdata_scraper::document(&html, None);
/// assert_eq!(doc.to_json(), r#"{"items":[{"properties":{"n":["x"]}}]}"#);
/// ```
pub fn document(html: &Html, url: Option<Url>) -> Document<'_> {
    let root = ScraperNode(html.tree.root());
    match url {
        Some(url) => microdata_model::Document::with_url(root, url),
        None => microdata_model::Document::new(root),
    }
}

/// A parsed HTML document with its URL: the result of [`parse`].
#[derive(Clone, Debug)]
pub struct Parsed {
    html: Html,
    url: Option<Url>,
}

impl Parsed {
    /// The parsed tree.
    pub fn html(&self) -> &Html {
        &self.html
    }

    /// The document URL given to [`parse`].
    pub fn url(&self) -> Option<&Url> {
        self.url.as_ref()
    }

    /// Indexes the tree for microdata queries (one linear pass).
    pub fn document(&self) -> Document<'_> {
        document(&self.html, self.url.clone())
    }

    /// The document's microdata as `application/microdata+json`.
    #[cfg(feature = "json")]
    pub fn to_json(&self) -> String {
        self.document().to_json()
    }
}

/// Parses `html` (scripting disabled) with `url` as its document URL.
///
/// # Errors
///
/// [`Error`] when `url` is given and is not an absolute URL.
///
/// # Examples
///
/// ```
/// let parsed = microdata_scraper::parse("<a itemscope itemprop=x>", None)?;
/// assert_eq!(parsed.document().items().count(), 0); // not top-level: it has itemprop
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(html: &str, url: Option<&str>) -> Result<Parsed, Error> {
    let url = url
        .map(|u| {
            Url::parse(u).map_err(|e| Error {
                input: u.to_owned(),
                source: e,
            })
        })
        .transpose()?;
    Ok(Parsed {
        html: parse_html(html),
        url,
    })
}

/// The document URL given to [`parse`] is not an absolute URL.
#[derive(Clone, Debug)]
pub struct Error {
    input: String,
    source: url::ParseError,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid document URL {:?}: {}", self.input, self.source)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// The repository README's Rust examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
