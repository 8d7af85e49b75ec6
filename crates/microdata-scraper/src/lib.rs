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
//! - `scraper` keeps each element's attributes sorted by name. [`parse`]
//!   (and [`Parsed::new`]) also record their source order, so that HTML
//!   serialized from its document (microformats2 `html` values, Atom
//!   content, [`serialize`]) lists them as the source does; a document made
//!   with [`document`] from a tree parsed elsewhere lists them by name.
//!   Microdata itself never depends on attribute order, and
//!   [`parse_html`] with [`document`] skips the record (about 3% of a
//!   parse).
//!
//! # Threads
//!
//! `scraper` stores text in reference-counted buffers that are not thread
//! safe, so a [`Parsed`] page and the [`Document`] over it stay on the
//! thread that parsed them: in a thread pool, parse and convert inside the
//! same task (as the `microdata` command does). The `atomic` feature
//! switches `scraper` to atomic buffers, which makes [`Parsed`] `Send`
//! (not `Sync`: `scraper` caches each element's classes lazily), at some
//! cost to parsing.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

use std::fmt;

/// The tree crate under `scraper`, re-exported so that
/// [`ScraperNode::node_ref`]'s `NodeRef` can be named without a dependency
/// kept in step by hand.
pub use ego_tree;
use ego_tree::NodeRef;
use html5ever::driver::{self, ParseOpts};
use html5ever::tendril::TendrilSink;
use html5ever::tokenizer::TokenizerOpts;
use html5ever::tree_builder::TreeBuilderOpts;
/// The model crate, re-exported whole: this crate's [`Document`], [`Item`]
/// and the other aliases fix the model's types to [`ScraperNode`], so code
/// generic over [`Node`] (shared with another tree) names the generic
/// types through it, at the version this crate uses.
///
/// ```
/// use microdata_scraper::microdata_model::{Document, Node};
///
/// fn names<'a, N: Node<'a>>(doc: &Document<'a, N>) -> Vec<&'a str> {
///     doc.items().flat_map(|item| item.names()).collect()
/// }
///
/// let parsed = microdata_scraper::parse("<p itemscope><b itemprop=name>Ada</b>", None)?;
/// assert_eq!(names(&parsed.document()), ["name"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub use microdata_model;
pub use microdata_model::*;
pub use scraper;
use scraper::{Html, HtmlTreeSink};

#[cfg(feature = "encoding")]
pub mod encoding;
#[cfg(feature = "encoding")]
pub use encoding_rs;
mod order;
use order::{AttributeOrder, OrderSink};

/// A [`Node`] handle on a `scraper` tree: a wrapper around ego-tree's
/// `NodeRef` (the orphan rule keeps us from implementing the trait on it
/// directly).
///
/// `scraper` stores each element's attributes sorted by name. The nodes of
/// a [`Parsed`] document also know the source order of every element's
/// attributes, which [`attrs_in_order`](Node::attrs_in_order) (and so the
/// [`serialize`] functions) follow; nodes made from a `NodeRef` or an
/// `ElementRef` of a tree parsed elsewhere give them in `scraper`'s order.
///
/// # Examples
///
/// ```
/// use microdata_scraper::{Node, ScraperNode};
/// use scraper::{Html, Selector};
///
/// // Any element of a tree parsed with `scraper`: here, to serialize it.
/// let html = Html::parse_fragment(r#"<p lang=en title="t">Hi</p>"#);
/// let p = html.select(&Selector::parse("p")?).next().unwrap();
/// let node = ScraperNode::from(p);
/// assert_eq!(node.local_name(), Some("p"));
/// assert_eq!(node.attr("lang"), Some("en"));
/// assert_eq!(
///     microdata_scraper::serialize::outer_html(node),
///     r#"<p lang="en" title="t">Hi</p>"#
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct ScraperNode<'a> {
    node: NodeRef<'a, scraper::Node>,
    order: Option<&'a AttributeOrder>,
}

impl<'a> ScraperNode<'a> {
    /// The ego-tree node this handle wraps.
    ///
    /// # Examples
    ///
    /// ```
    /// let parsed = microdata_scraper::parse("<p id=a>x</p>", None)?;
    /// let root = parsed.document().root().node_ref();
    /// assert!(root.value().is_document());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn node_ref(self) -> NodeRef<'a, scraper::Node> {
        self.node
    }

    fn with(self, node: NodeRef<'a, scraper::Node>) -> Self {
        ScraperNode {
            node,
            order: self.order,
        }
    }
}

/// The node's id in the tree's arena and what it is (`<p>`, `#text`,
/// `#document`, …): `ScraperNode(NodeId(5), <p>)`. Not the `NodeRef`'s own
/// `Debug`, which prints the whole tree.
impl fmt::Debug for ScraperNode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct What<'n>(&'n scraper::Node);
        impl fmt::Debug for What<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self.0 {
                    scraper::Node::Element(e) => write!(f, "<{}>", e.name()),
                    scraper::Node::Text(_) => f.write_str("#text"),
                    scraper::Node::Document => f.write_str("#document"),
                    scraper::Node::Fragment => f.write_str("#fragment"),
                    scraper::Node::Comment(_) => f.write_str("#comment"),
                    scraper::Node::Doctype(_) => f.write_str("#doctype"),
                    scraper::Node::ProcessingInstruction(_) => {
                        f.write_str("#processing-instruction")
                    }
                }
            }
        }
        f.debug_tuple("ScraperNode")
            .field(&self.node.id())
            .field(&What(self.node.value()))
            .finish()
    }
}

impl PartialEq for ScraperNode<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.node == other.node
    }
}

impl Eq for ScraperNode<'_> {}

impl std::hash::Hash for ScraperNode<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.node.id().hash(state);
    }
}

impl<'a> From<NodeRef<'a, scraper::Node>> for ScraperNode<'a> {
    fn from(node: NodeRef<'a, scraper::Node>) -> Self {
        ScraperNode { node, order: None }
    }
}

impl<'a> From<scraper::ElementRef<'a>> for ScraperNode<'a> {
    fn from(element: scraper::ElementRef<'a>) -> Self {
        ScraperNode::from(*element)
    }
}

impl<'a> Node<'a> for ScraperNode<'a> {
    fn kind(self) -> NodeKind {
        match self.node.value() {
            scraper::Node::Document => NodeKind::Document,
            scraper::Node::Element(_) => NodeKind::Element,
            scraper::Node::Text(_) => NodeKind::Text,
            // Fragments (template contents, or a fragment root reached as a
            // child), comments, doctypes, processing instructions.
            _ => NodeKind::Other,
        }
    }

    fn local_name(self) -> Option<&'a str> {
        match self.node.value() {
            scraper::Node::Element(e) => Some(&e.name.local),
            _ => None,
        }
    }

    fn is_html(self) -> bool {
        match self.node.value() {
            scraper::Node::Element(e) => e.name.ns == html5ever::ns!(html),
            _ => false,
        }
    }

    fn attrs(self) -> impl Iterator<Item = Attribute<'a>> {
        // The attribute list itself (`Element::attrs` would drop the
        // prefixes: `xml:lang` and `xlink:href` on foreign elements).
        let mut list = match self.node.value() {
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

    fn attrs_in_order(self) -> impl Iterator<Item = Attribute<'a>> {
        let list = match self.node.value() {
            scraper::Node::Element(e) => Some(e.attrs.iter()),
            _ => None,
        };
        let len = list.as_ref().map_or(0, |l| l.len());
        // A record that does not cover the list (never made by this crate's
        // sink) would drop attributes: read the list as stored instead.
        let positions = self
            .order
            .and_then(|o| o.get(self.node.id()))
            .filter(|p| p.len() == len);
        let mut next = 0;
        std::iter::from_fn(move || {
            let index = match positions {
                Some(p) => *p.get(next)? as usize,
                None => next,
            };
            next += 1;
            // `nth` on a slice iterator (or `indexmap`'s) is a jump.
            let (name, value) = list.clone()?.nth(index)?;
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
        match self.node.value() {
            scraper::Node::Element(e) => e
                .attrs
                .iter()
                .find(|(n, _)| n.prefix.is_none() && *n.local == *name)
                .map(|(_, v)| &**v),
            _ => None,
        }
    }

    fn text(self) -> Option<&'a str> {
        match self.node.value() {
            scraper::Node::Text(t) => Some(&t.text),
            _ => None,
        }
    }

    fn element_count_hint(self) -> Option<usize> {
        // The arena holds every node of the tree (text, comments and
        // template contents too): a bound for the whole tree only, not for
        // a subtree, whose share of it is not known without a walk.
        let tree = self.node.tree();
        (self.node.id() == tree.root().id()).then(|| tree.nodes().len())
    }

    fn children(self) -> impl Iterator<Item = Self> {
        // One node of state rather than ego-tree's double-ended pair: a
        // tree walk keeps one of these per level of nesting.
        let mut next = self.node.first_child();
        std::iter::from_fn(move || {
            let child = next?;
            next = child.next_sibling();
            Some(self.with(child))
        })
    }

    fn comment(self) -> Option<&'a str> {
        match self.node.value() {
            scraper::Node::Comment(c) => Some(&c.comment),
            _ => None,
        }
    }
}

/// A microdata [`Document`](microdata_model::Document) over a `scraper` tree.
pub type Document<'a> = microdata_model::Document<'a, ScraperNode<'a>>;

/// An [`Item`](microdata_model::Item) of a [`Document`] over a `scraper`
/// tree: `'d` borrows the document, `'a` the parsed HTML.
///
/// Items borrow the [`Document`], which borrows the [`Parsed`] page, so a
/// function can return items only to a caller that holds both:
///
/// ```
/// use microdata_scraper::{Document, Item};
///
/// fn of_type<'d, 'a>(doc: &'d Document<'a>, ty: &str) -> Vec<Item<'d, 'a>> {
///     doc.items_of_type(ty).collect()
/// }
///
/// let parsed = microdata_scraper::parse(
///     r#"<p itemscope itemtype="https://schema.org/Person"><b itemprop=name>Ada</b>"#,
///     None,
/// )?;
/// let doc = parsed.document();
/// assert_eq!(of_type(&doc, "https://schema.org/Person").len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Item<'d, 'a> = microdata_model::Item<'d, 'a, ScraperNode<'a>>;

/// An [`Element`](microdata_model::Element) of a [`Document`] over a
/// `scraper` tree.
pub type Element<'d, 'a> = microdata_model::Element<'d, 'a, ScraperNode<'a>>;

/// A property [`Value`](microdata_model::Value) of an [`Item`] over a
/// `scraper` tree.
pub type Value<'d, 'a> = microdata_model::Value<'d, 'a, ScraperNode<'a>>;

/// A [`MicrodataError`](microdata_model::MicrodataError) found in a
/// [`Document`] over a `scraper` tree.
pub type MicrodataError<'d, 'a> = microdata_model::MicrodataError<'d, 'a, ScraperNode<'a>>;

/// The [`Properties`](microdata_model::Properties) of an [`Item`] over a
/// `scraper` tree.
pub type Properties<'d, 'a> = microdata_model::Properties<'d, 'a, ScraperNode<'a>>;

/// The rel [`Links`](microdata_model::links::Links) of a [`Document`] over
/// a `scraper` tree.
///
/// ```
/// fn stylesheets<'d, 'a>(links: &microdata_scraper::Links<'d, 'a>) -> usize {
///     links.with_type("stylesheet").count()
/// }
/// let parsed = microdata_scraper::parse("<link rel=stylesheet href=a.css>", None)?;
/// let doc = parsed.document();
/// let links = microdata_scraper::links::Links::from_document(&doc);
/// assert_eq!(stylesheets(&links), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Links<'d, 'a> = microdata_model::links::Links<'d, 'a, ScraperNode<'a>>;

/// One rel [`Link`](microdata_model::links::Link) of a [`Document`] over a
/// `scraper` tree.
pub type Link<'d, 'a> = microdata_model::links::Link<'d, 'a, ScraperNode<'a>>;

/// A vocabulary check's [`Warning`](microdata_model::vocab::Warning) on a
/// [`Document`] over a `scraper` tree.
pub type VocabularyWarning<'d, 'a> = microdata_model::vocab::Warning<'d, 'a, ScraperNode<'a>>;

/// Parses an HTML document the way this crate does everywhere: scripting
/// disabled (see the crate docs).
///
/// The tree is `scraper`'s alone, with each element's attributes sorted by
/// name; [`parse`] also keeps their source order, for serializations.
///
/// # Examples
///
/// ```
/// // Scripting is disabled: `noscript` content is parsed as markup.
/// let html = microdata_scraper::parse_html(
///     "<noscript><p itemscope><b itemprop=n>x</b></p></noscript>",
/// );
/// let doc = microdata_scraper::document(&html, None);
/// assert_eq!(doc.to_json(), r#"{"items":[{"properties":{"n":["x"]}}]}"#);
/// ```
pub fn parse_html(html: &str) -> Html {
    let sink = OrderSink::plain(HtmlTreeSink::new(Html::new_document()));
    driver::parse_document(sink, parse_opts())
        .one(without_bom(html))
        .0
}

/// `html` without one leading U+FEFF BYTE ORDER MARK, which decoding
/// bytes would have removed (WHATWG Encoding's "decode"). html5ever can
/// do this itself, but does it at the start of every piece of input it is
/// given, and again after each `</script>`: a U+FEFF there would vanish
/// from the text. So its option is off and this is done once, here.
fn without_bom(html: &str) -> &str {
    &html[bom_len(html)..]
}

/// The length of `html`'s leading byte order mark (0 or 3 bytes).
fn bom_len(html: &str) -> usize {
    if html.starts_with('\u{feff}') { 3 } else { 0 }
}

/// Parses an HTML document like [`parse_html`], but gives up once the
/// parser holds more than `max_open_elements` elements open at once.
///
/// WHATWG HTML's tree construction checks, for many start and end tags,
/// whether an element is "in scope" by walking down the stack of open
/// elements, and rebuilds formatting elements from the list of active
/// formatting elements. Both lists grow with the elements a page leaves
/// open, so a page of unclosed tags (`<div>` or `<font id=…>` repeated, a
/// few kilobytes each thousand) takes time quadratic in its size: 40,000
/// unclosed `<div>`s take seconds, a megabyte of them minutes. This
/// function feeds the parser the input in pieces of 4 KiB (or of as many
/// bytes as elements were open after the last piece, if more) and, after each,
/// counts the elements on those two lists (an element on both counts
/// twice, and the parser's pointers to the `head` element and the current
/// `form` count once more); above `max_open_elements` it stops and reports
/// how far it got.
/// The parse up to then is discarded. The result does not depend on the
/// machine: the same input and limit give the same answer everywhere.
///
/// Ordinary pages hold a few dozen elements open; a limit of a few
/// thousand ([`DEFAULT_MAX_OPEN_ELEMENTS`]) bounds a hostile page's parse to
/// time linear in its size.
///
/// # Errors
///
/// [`TooManyOpenElements`] when the limit is passed.
///
/// # Examples
///
/// ```
/// use microdata_scraper::{parse_html_within, DEFAULT_MAX_OPEN_ELEMENTS};
///
/// let page = "<div itemscope><b itemprop=name>Ada</b></div>";
/// let html = parse_html_within(page, DEFAULT_MAX_OPEN_ELEMENTS)?;
/// assert_eq!(microdata_scraper::document(&html, None).items().count(), 1);
///
/// let hostile = "<div>".repeat(100_000);
/// let err = parse_html_within(&hostile, DEFAULT_MAX_OPEN_ELEMENTS).unwrap_err();
/// assert_eq!(err.limit(), DEFAULT_MAX_OPEN_ELEMENTS);
/// assert!(err.offset() < hostile.len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_html_within(
    html: &str,
    max_open_elements: usize,
) -> Result<Html, TooManyOpenElements> {
    plain_within(html, bom_len(html), max_open_elements)
}

/// The plain tree of `html` from byte `start` on, within a limit.
fn plain_within(html: &str, start: usize, max: usize) -> Result<Html, TooManyOpenElements> {
    let sink = OrderSink::plain(HtmlTreeSink::new(Html::new_document()));
    parse_within(sink, html, start, max).map(|(html, _)| html)
}

/// Decodes `bytes` as a browser would (see the [`encoding`] module) and
/// parses the text like [`parse_html_within`]: the tree alone, and how it
/// was decoded. [`Parsed::from_bytes_within`] also keeps the attributes'
/// source order.
///
/// # Errors
///
/// [`TooManyOpenElements`] when the limit is passed.
///
/// # Examples
///
/// ```
/// use microdata_scraper::{DEFAULT_MAX_OPEN_ELEMENTS, parse_html_bytes_within};
///
/// let page = b"<meta charset=latin1><p itemscope><b itemprop=n>caf\xe9</b>";
/// let (html, decoding) = parse_html_bytes_within(page, None, DEFAULT_MAX_OPEN_ELEMENTS)?;
/// assert_eq!(decoding.encoding.name(), "windows-1252");
/// let doc = microdata_scraper::document(&html, None);
/// assert_eq!(doc.to_json(), r#"{"items":[{"properties":{"n":["café"]}}]}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "encoding")]
pub fn parse_html_bytes_within(
    bytes: &[u8],
    encoding: Option<&'static encoding::Encoding>,
    max_open_elements: usize,
) -> Result<(Html, encoding::Decoding), TooManyOpenElements> {
    decode_and_parse(
        bytes,
        encoding,
        |text| plain_within(text, 0, max_open_elements),
        |html| html,
    )
}

/// Decodes `bytes`, parses the text with `parse` (which must not take a
/// leading U+FEFF for a byte order mark: decoding removed that already),
/// and decodes and parses again when a `<meta>` the prescan did not reach
/// changes the encoding (HTML's "change the encoding"), dropping the first
/// tree before the second is built.
#[cfg(feature = "encoding")]
fn decode_and_parse<T, E>(
    bytes: &[u8],
    forced: Option<&'static encoding::Encoding>,
    parse: impl Fn(&str) -> Result<T, E>,
    html_of: impl Fn(&T) -> &Html,
) -> Result<(T, encoding::Decoding), E> {
    let mut decoded = encoding::decode(bytes, forced);
    let mut tree = parse(&decoded.text)?;
    if !decoded.certain {
        if let Some(again) = encoding::declared_in_tree(html_of(&tree), decoded.encoding) {
            drop(tree);
            drop(std::mem::take(&mut decoded.text));
            decoded = encoding::decode(bytes, Some(again));
            tree = parse(&decoded.text)?;
        }
    }
    let decoding = encoding::Decoding {
        encoding: decoded.encoding,
        problem: decoded.problem,
    };
    Ok((tree, decoding))
}

/// The default limit of [`parse_html_within`] and [`Parsed::new_within`].
pub const DEFAULT_MAX_OPEN_ELEMENTS: usize = 4096;

/// How much input the bounded parse feeds between two counts: small enough
/// that the elements one piece can open (a `<b>` takes three bytes) add
/// little to the limit, large enough that the counting costs nothing.
const PIECE: usize = 4096;

/// Feeds `html` from byte `start` on (past a byte order mark the string
/// entry points skip) to a parser over `sink` piece by piece, counting the
/// elements it holds open after each piece.
fn parse_within<S>(
    sink: S,
    html: &str,
    start: usize,
    max: usize,
) -> Result<S::Output, TooManyOpenElements>
where
    S: html5ever::tree_builder::TreeSink<Handle = ego_tree::NodeId>,
{
    let mut parser = driver::parse_document(sink, parse_opts());
    let mut offset = start;
    let mut open = 0;
    while offset < html.len() {
        // A count visits every open element: feeding at least as many
        // bytes as the last count found keeps the counting linear in the
        // input even under a limit far above the default.
        let mut end = (offset + PIECE.max(open)).min(html.len());
        while !html.is_char_boundary(end) {
            end -= 1;
        }
        parser.process(html[offset..end].into());
        offset = end;
        let count = Count::default();
        parser.tokenizer.sink.trace_handles(&count);
        // The tracer is also given the document, which does not count.
        open = count.0.get().saturating_sub(1);
        if open > max {
            return Err(TooManyOpenElements { limit: max, offset });
        }
    }
    Ok(parser.finish())
}

/// Counts the handles the tree builder holds.
#[derive(Default)]
struct Count(std::cell::Cell<usize>);

impl html5ever::tree_builder::Tracer for Count {
    type Handle = ego_tree::NodeId;

    fn trace_handle(&self, _: &ego_tree::NodeId) {
        self.0.set(self.0.get() + 1);
    }
}

/// The HTML parser held more elements open than allowed: the error of
/// [`parse_html_within`] and [`Parsed::new_within`].
///
/// # Examples
///
/// ```
/// use microdata_scraper::parse_html_within;
///
/// let err = parse_html_within(&"<div>".repeat(20_000), 1000).unwrap_err();
/// assert!(err.to_string().starts_with("more than 1000 elements left open at once"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooManyOpenElements {
    limit: usize,
    offset: usize,
}

impl TooManyOpenElements {
    /// The limit that was passed.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = microdata_scraper::parse_html_within(&"<i>".repeat(20_000), 500).unwrap_err();
    /// assert_eq!(err.limit(), 500);
    /// ```
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// The byte offset in the input (a character boundary) up to which the
    /// parser had read when it stopped.
    ///
    /// # Examples
    ///
    /// ```
    /// // The input is read 4 KiB at a time. After three pieces, 2,457
    /// // `<div>`s are open; after four, 3,276: more than 3,000.
    /// let page = "<div>".repeat(20_000);
    /// let err = microdata_scraper::parse_html_within(&page, 3000).unwrap_err();
    /// assert_eq!(err.offset(), 4 * 4096);
    /// assert!(page.is_char_boundary(err.offset()));
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for TooManyOpenElements {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "more than {} elements left open at once (by byte {}): the HTML parser's scope checks would take time quadratic in the input",
            self.limit, self.offset
        )
    }
}

impl std::error::Error for TooManyOpenElements {}

/// The parser's options: scripting disabled, and no byte order mark
/// discarded by the tokenizer ([`without_bom`] does it once).
fn parse_opts() -> ParseOpts {
    ParseOpts {
        tokenizer: TokenizerOpts {
            discard_bom: false,
            ..Default::default()
        },
        tree_builder: TreeBuilderOpts {
            scripting_enabled: false,
            ..Default::default()
        },
    }
}

/// Indexes an already parsed `scraper::Html` for microdata, with `url` as
/// the document's URL.
///
/// `scraper` keeps attributes sorted by name, so HTML serialized from this
/// document ([`serialize`], microformats2 `html` values) lists them in that
/// order; a document from [`parse`] or [`Parsed::new`] lists them in source
/// order, as the HTML fragment serialization algorithm does.
///
/// The tree is taken as it is: `scraper::Html::parse_document` parses with
/// scripting enabled, so `<noscript>` content is one text node and its
/// microdata is not found. [`parse_html`] parses as the rest of this crate
/// does, with scripting disabled.
///
/// # Examples
///
/// ```
/// let html = scraper::Html::parse_document("<p itemscope><b itemprop=n>x</b>");
/// let doc = microdata_scraper::document(&html, None);
/// assert_eq!(doc.to_json(), r#"{"items":[{"properties":{"n":["x"]}}]}"#);
/// ```
pub fn document(html: &Html, url: Option<Url>) -> Document<'_> {
    document_with(html, None, url, None)
}

/// [`document`] for a page whose character encoding is not UTF-8:
/// `encoder` encodes URL queries in it, as HTML's "encoding-parse a URL"
/// does (see [`Document::with_query_encoder`](microdata_model::Document::with_query_encoder)).
///
/// # Examples
///
/// ```
/// // A windows-1252 page, decoded to text: é is byte 0xE9 there.
/// let html = scraper::Html::parse_document("<p itemscope><a itemprop=u href='/é?q=é'>x</a>");
/// fn latin1(s: &str) -> std::borrow::Cow<'_, [u8]> {
///     s.chars().map(|c| u8::try_from(c).unwrap_or(b'?')).collect::<Vec<u8>>().into()
/// }
/// let url = "http://example.com/".parse()?;
/// let doc = microdata_scraper::document_with_query_encoder(&html, Some(url), Box::new(latin1));
/// assert_eq!(
///     doc.to_json(),
///     r#"{"items":[{"properties":{"u":["http://example.com/%C3%A9?q=%E9"]}}]}"#
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn document_with_query_encoder(
    html: &Html,
    url: Option<Url>,
    encoder: microdata_model::QueryEncoder,
) -> Document<'_> {
    document_with(html, None, url, Some(encoder))
}

fn document_with<'a>(
    html: &'a Html,
    order: Option<&'a AttributeOrder>,
    url: Option<Url>,
    encoder: Option<microdata_model::QueryEncoder>,
) -> Document<'a> {
    let root = ScraperNode {
        node: html.tree.root(),
        order,
    };
    match (url, encoder) {
        (url, Some(encoder)) => microdata_model::Document::with_query_encoder(root, url, encoder),
        (Some(url), None) => microdata_model::Document::with_url(root, url),
        (None, None) => microdata_model::Document::new(root),
    }
}

/// A parsed HTML document with its URL: the result of [`parse`].
///
/// Besides `scraper`'s tree, it keeps the source order of each element's
/// attributes (which `scraper` sorts by name), so that HTML serialized from
/// its [`document`](Parsed::document) lists them as the source does.
///
/// # Examples
///
/// ```
/// let parsed = microdata_scraper::parse(
///     "<div itemscope><a itemprop=url href=/ada>Ada</a></div>",
///     Some("https://example.com/"),
/// )?;
/// assert_eq!(
///     parsed.to_json(),
///     r#"{"items":[{"properties":{"url":["https://example.com/ada"]}}]}"#
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Parsed {
    html: Html,
    order: AttributeOrder,
    url: Option<Url>,
    /// How the page was decoded, when it was parsed from bytes.
    bytes: Option<FromBytes>,
}

/// How a page parsed from bytes was decoded.
#[cfg(feature = "encoding")]
type FromBytes = encoding::Decoding;

/// Without the `encoding` feature, no page is parsed from bytes.
#[cfg(not(feature = "encoding"))]
#[derive(Clone, Debug)]
enum FromBytes {}

/// A summary: the size of the tree, the parser's quirks mode, the URL and the decoding. The tree itself is left out (scraper's
/// `Debug` prints every node, megabytes for an ordinary page, which no log
/// line or snapshot wants; [`serialize`] writes it as HTML), and so is the
/// attribute-order record, keyed by node in a hash map whose order would
/// change from run to run.
///
/// ```
/// let parsed = microdata_scraper::parse("<p>Hi", Some("https://example.com/"))?;
/// assert_eq!(
///     format!("{parsed:?}"),
///     r#"Parsed { nodes: 6, quirks_mode: Quirks, url: Some("https://example.com/"), decoded: None, .. }"#
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Debug for Parsed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Parsed")
            .field("nodes", &self.html.tree.nodes().len())
            .field("quirks_mode", &self.html.quirks_mode)
            .field("url", &self.url.as_ref().map(Url::as_str))
            .field("decoded", &self.bytes)
            .finish_non_exhaustive()
    }
}

impl Parsed {
    /// Parses `html` (scripting disabled) with an already parsed `url` as
    /// its document URL. [`parse`] does the same from a URL string.
    ///
    /// # Examples
    ///
    /// ```
    /// use microdata_scraper::{Parsed, Url, serialize::inner_html};
    ///
    /// let url = Url::parse("https://example.com/a/")?;
    /// let parsed = Parsed::new("<img src=b.png alt=''>", Some(url));
    /// assert_eq!(parsed.url().map(Url::as_str), Some("https://example.com/a/"));
    /// // Attributes serialize in source order (`scraper` stores `alt` first).
    /// assert_eq!(
    ///     inner_html(parsed.document().root()),
    ///     r#"<html><head></head><body><img src="b.png" alt=""></body></html>"#
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(html: &str, url: Option<Url>) -> Parsed {
        Parsed::from_text(without_bom(html), url)
    }

    /// Parses `text` as it is (no byte order mark skipped).
    fn from_text(text: &str, url: Option<Url>) -> Parsed {
        let sink = OrderSink::new(HtmlTreeSink::new(Html::new_document()));
        let (html, order) = driver::parse_document(sink, parse_opts()).one(text);
        Parsed {
            html,
            order,
            url,
            bytes: None,
        }
    }

    /// Parses `html` like [`Parsed::new`], but gives up once the parser
    /// holds more than `max_open_elements` elements open at once: see
    /// [`parse_html_within`].
    ///
    /// # Errors
    ///
    /// [`TooManyOpenElements`] when the limit is passed.
    ///
    /// # Examples
    ///
    /// ```
    /// use microdata_scraper::{Parsed, DEFAULT_MAX_OPEN_ELEMENTS};
    ///
    /// let parsed = Parsed::new_within("<p itemscope>", None, DEFAULT_MAX_OPEN_ELEMENTS)?;
    /// assert_eq!(parsed.document().items().count(), 1);
    /// assert!(Parsed::new_within(&"<font>".repeat(5000), None, 4096).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new_within(
        html: &str,
        url: Option<Url>,
        max_open_elements: usize,
    ) -> Result<Parsed, TooManyOpenElements> {
        Parsed::from_text_within(html, bom_len(html), url, max_open_elements)
    }

    /// Parses `html` from byte `start` on, within a limit.
    fn from_text_within(
        html: &str,
        start: usize,
        url: Option<Url>,
        max_open_elements: usize,
    ) -> Result<Parsed, TooManyOpenElements> {
        let sink = OrderSink::new(HtmlTreeSink::new(Html::new_document()));
        let (html, order) = parse_within(sink, html, start, max_open_elements)?;
        Ok(Parsed {
            html,
            order,
            url,
            bytes: None,
        })
    }

    /// Decodes `bytes` as a browser would (see the [`encoding`] module:
    /// byte order mark, else `encoding` if given, else the page's own
    /// declaration, else UTF-8, and a `<meta>` past the first 1024 bytes
    /// decodes it again) and parses the text like [`Parsed::new`]. The
    /// [`document`](Self::document) then encodes URL queries in the page's
    /// encoding, as HTML's "encoding-parse a URL" does.
    ///
    /// Invalid byte sequences are replaced with U+FFFD, never fatal:
    /// [`decoding`](Self::decoding) says whether there were any.
    ///
    /// # Examples
    ///
    /// ```
    /// use microdata_scraper::{Parsed, Url};
    ///
    /// let page = b"<meta charset=windows-1252><p itemscope><a itemprop=u href='?q=caf\xe9'>caf\xe9</a>";
    /// let parsed = Parsed::from_bytes(page, Some(Url::parse("http://example.com/")?), None);
    /// assert_eq!(parsed.encoding().map(|e| e.name()), Some("windows-1252"));
    /// assert_eq!(
    ///     parsed.to_json(),
    ///     r#"{"items":[{"properties":{"u":["http://example.com/?q=caf%E9"]}}]}"#
    /// );
    /// assert_eq!(parsed.decoding().and_then(|d| d.problem.as_deref()), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "encoding")]
    pub fn from_bytes(
        bytes: &[u8],
        url: Option<Url>,
        encoding: Option<&'static encoding::Encoding>,
    ) -> Parsed {
        let parsed = decode_and_parse(
            bytes,
            encoding,
            |text| Ok::<_, std::convert::Infallible>(Parsed::from_text(text, url.clone())),
            Parsed::html,
        );
        match parsed {
            Ok((parsed, decoding)) => parsed.decoded(decoding),
            Err(never) => match never {},
        }
    }

    /// [`Parsed::from_bytes`] within a limit on open elements, like
    /// [`Parsed::new_within`].
    ///
    /// # Errors
    ///
    /// [`TooManyOpenElements`] when the limit is passed.
    ///
    /// # Examples
    ///
    /// ```
    /// use microdata_scraper::{DEFAULT_MAX_OPEN_ELEMENTS, Parsed};
    ///
    /// let parsed = Parsed::from_bytes_within(b"<p itemscope>", None, None, DEFAULT_MAX_OPEN_ELEMENTS)?;
    /// assert_eq!(parsed.encoding().map(|e| e.name()), Some("UTF-8"));
    /// assert!(Parsed::from_bytes_within("<font>".repeat(5000).as_bytes(), None, None, 4096).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "encoding")]
    pub fn from_bytes_within(
        bytes: &[u8],
        url: Option<Url>,
        encoding: Option<&'static encoding::Encoding>,
        max_open_elements: usize,
    ) -> Result<Parsed, TooManyOpenElements> {
        let (parsed, decoding) = decode_and_parse(
            bytes,
            encoding,
            |text| Parsed::from_text_within(text, 0, url.clone(), max_open_elements),
            Parsed::html,
        )?;
        Ok(parsed.decoded(decoding))
    }

    /// This page, recorded as decoded as `decoding` says.
    #[cfg(feature = "encoding")]
    fn decoded(self, decoding: encoding::Decoding) -> Parsed {
        Parsed {
            bytes: Some(decoding),
            ..self
        }
    }

    /// The encoding the page was decoded with, for a page parsed from
    /// bytes ([`Parsed::from_bytes`], [`parse_bytes`]); `None` for one
    /// parsed from a string.
    ///
    /// # Examples
    ///
    /// ```
    /// let parsed = microdata_scraper::parse_bytes(b"\xFF\xFEx\x00", None)?;
    /// assert_eq!(parsed.encoding().map(|e| e.name()), Some("UTF-16LE"));
    /// assert_eq!(microdata_scraper::parse("x", None)?.encoding(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "encoding")]
    pub fn encoding(&self) -> Option<&'static encoding::Encoding> {
        self.bytes.as_ref().map(|b| b.encoding)
    }

    /// How a page parsed from bytes was decoded: its encoding and the
    /// invalid byte sequences replaced, if any; `None` for a page parsed
    /// from a string.
    ///
    /// # Examples
    ///
    /// ```
    /// let parsed = microdata_scraper::parse_bytes(b"caf\xe9!", None)?;
    /// let decoding = parsed.decoding().ok_or("parsed from bytes")?;
    /// assert_eq!(
    ///     decoding.problem.as_deref(),
    ///     Some("invalid UTF-8 byte sequences replaced with U+FFFD (first at byte offset 3)")
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "encoding")]
    pub fn decoding(&self) -> Option<&encoding::Decoding> {
        self.bytes.as_ref()
    }

    /// The encoder for URL queries of a page decoded from bytes in an
    /// encoding other than UTF-8.
    fn query_encoder(&self) -> Option<microdata_model::QueryEncoder> {
        #[cfg(feature = "encoding")]
        {
            self.bytes
                .as_ref()
                .and_then(|b| encoding::query_encoder(b.encoding))
        }
        #[cfg(not(feature = "encoding"))]
        {
            None
        }
    }

    /// The parsed tree.
    ///
    /// # Examples
    ///
    /// ```
    /// use scraper::Selector;
    ///
    /// let parsed = microdata_scraper::parse("<title>Home</title>", None)?;
    /// let title = parsed.html().select(&Selector::parse("title")?).next().unwrap();
    /// assert_eq!(title.inner_html(), "Home");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn html(&self) -> &Html {
        &self.html
    }

    /// The document URL given to [`parse`].
    ///
    /// # Examples
    ///
    /// ```
    /// let parsed = microdata_scraper::parse("", Some("https://example.com/a b"))?;
    /// assert_eq!(parsed.url().map(|u| u.as_str()), Some("https://example.com/a%20b"));
    /// assert_eq!(microdata_scraper::parse("", None)?.url(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn url(&self) -> Option<&Url> {
        self.url.as_ref()
    }

    /// Indexes the tree for microdata queries (one linear pass).
    ///
    /// # Examples
    ///
    /// ```
    /// let parsed = microdata_scraper::parse(
    ///     r#"<div itemscope itemtype="https://schema.org/Book"><i itemprop=name>Emma</i></div>"#,
    ///     None,
    /// )?;
    /// let doc = parsed.document();
    /// let book = doc.items_of_type("https://schema.org/Book").next().unwrap();
    /// assert_eq!(book.get("name").and_then(microdata_scraper::Value::into_string).as_deref(), Some("Emma"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// A page parsed from bytes in an encoding other than UTF-8 has its URL
    /// queries encoded in it (`Parsed::from_bytes`, feature `encoding`).
    #[must_use = "indexing walks the whole tree; use the document it returns"]
    pub fn document(&self) -> Document<'_> {
        document_with(
            &self.html,
            Some(&self.order),
            self.url.clone(),
            self.query_encoder(),
        )
    }

    /// [`document`](Self::document) for a page whose character encoding is
    /// not UTF-8: `encoder` encodes URL queries in it (see
    /// [`document_with_query_encoder`]).
    ///
    /// # Examples
    ///
    /// ```
    /// let parsed = microdata_scraper::parse(
    ///     "<p itemscope><a itemprop=u href='?q=é'>x</a>",
    ///     Some("http://example.com/"),
    /// )?;
    /// fn latin1(s: &str) -> std::borrow::Cow<'_, [u8]> {
    ///     s.chars().map(|c| u8::try_from(c).unwrap_or(b'?')).collect::<Vec<u8>>().into()
    /// }
    /// let doc = parsed.document_with_query_encoder(Box::new(latin1));
    /// assert_eq!(doc.to_json(), r#"{"items":[{"properties":{"u":["http://example.com/?q=%E9"]}}]}"#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn document_with_query_encoder(
        &self,
        encoder: microdata_model::QueryEncoder,
    ) -> Document<'_> {
        document_with(
            &self.html,
            Some(&self.order),
            self.url.clone(),
            Some(encoder),
        )
    }

    /// The document's microdata as `application/microdata+json`, with no
    /// limit ([`Document::to_json`]); for untrusted pages, use
    /// [`try_to_json`](Self::try_to_json).
    ///
    /// # Examples
    ///
    /// ```
    /// let parsed = microdata_scraper::parse("<data itemscope><data itemprop=n value=7>seven</data>", None)?;
    /// assert_eq!(parsed.to_json(), r#"{"items":[{"properties":{"n":["7"]}}]}"#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "json")]
    pub fn to_json(&self) -> String {
        self.document().to_json()
    }

    /// [`to_json`](Self::to_json) with layout options and within `limits`
    /// ([`Document::try_to_json_with`]): for untrusted pages, where items
    /// that share blocks through `itemref` can ask for an output
    /// exponential in the page.
    ///
    /// # Errors
    ///
    /// The [`LimitError`] of the first limit the conversion reaches.
    ///
    /// # Examples
    ///
    /// ```
    /// use microdata_scraper::json::JsonOptions;
    /// use microdata_scraper::{Limit, Limits};
    ///
    /// let parsed = microdata_scraper::parse("<p itemscope><b itemprop=n>x</b></p>", None)?;
    /// let json = parsed.try_to_json(JsonOptions::new(), Limits::default())?;
    /// assert_eq!(json, r#"{"items":[{"properties":{"n":["x"]}}]}"#);
    /// let none = Limits::default().with_max_items(0);
    /// let err = parsed.try_to_json(JsonOptions::new(), none).unwrap_err();
    /// assert_eq!(err.limit(), Limit::Items);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "json")]
    pub fn try_to_json(
        &self,
        options: microdata_model::json::JsonOptions,
        limits: Limits,
    ) -> Result<String, LimitError> {
        self.document().try_to_json_with(options, limits)
    }
}

/// Parses `html` (scripting disabled) with `url` as its document URL.
///
/// # Untrusted input
///
/// The HTML parser takes time quadratic in the number of elements a page
/// leaves open (40,000 unclosed `<div>`s, 200 KB, take seconds; see
/// [`parse_html_within`]). For pages you do not control, parse with a
/// bound, as the `microdata` command does: [`Parsed::new_within`] (or
/// `Parsed::from_bytes_within`, feature `encoding`) with
/// [`DEFAULT_MAX_OPEN_ELEMENTS`], the
/// URL parsed first:
///
/// ```
/// use microdata_scraper::{DEFAULT_MAX_OPEN_ELEMENTS, Parsed, url::Url};
///
/// let url = Url::parse("https://example.com/page")?;
/// let parsed = Parsed::new_within("<p itemscope>", Some(url), DEFAULT_MAX_OPEN_ELEMENTS)?;
/// assert_eq!(parsed.document().items().count(), 1);
///
/// let hostile = "<div>".repeat(40_000);
/// assert!(Parsed::new_within(&hostile, None, DEFAULT_MAX_OPEN_ELEMENTS).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
    Ok(Parsed::new(html, document_url(url)?))
}

/// Decodes `bytes` as a browser would and parses them, with `url` as the
/// document URL: [`Parsed::from_bytes`] from a URL string (feature
/// `encoding`). For pages fetched over HTTP, pass the `Content-Type`
/// charset to [`Parsed::from_bytes`] as the encoding.
///
/// # Errors
///
/// [`Error`] when `url` is given and is not an absolute URL. Bytes never
/// fail: invalid sequences are replaced ([`Parsed::decoding`]).
///
/// For untrusted pages, see [`parse`]'s note: [`Parsed::from_bytes_within`]
/// bounds the parse.
///
/// # Examples
///
/// ```
/// // Shift_JIS bytes of 日本, declared by the page itself.
/// let page = b"<meta charset=shift_jis><p itemscope><b itemprop=n>\x93\xfa\x96\x7b</b>";
/// let parsed = microdata_scraper::parse_bytes(page, Some("https://example.jp/"))?;
/// assert_eq!(parsed.encoding().map(|e| e.name()), Some("Shift_JIS"));
/// assert_eq!(parsed.to_json(), r#"{"items":[{"properties":{"n":["日本"]}}]}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "encoding")]
pub fn parse_bytes(bytes: &[u8], url: Option<&str>) -> Result<Parsed, Error> {
    Ok(Parsed::from_bytes(bytes, document_url(url)?, None))
}

fn document_url(url: Option<&str>) -> Result<Option<Url>, Error> {
    url.map(|u| {
        Url::parse(u).map_err(|e| Error {
            input: u.to_owned(),
            source: e,
        })
    })
    .transpose()
}

/// The document URL given to [`parse`] is not an absolute URL.
///
/// # Examples
///
/// ```
/// use std::error::Error as _;
///
/// let err = microdata_scraper::parse("<p>", Some("/relative")).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     r#"invalid document URL "/relative": relative URL without a base"#
/// );
/// assert_eq!(err.input(), "/relative");
/// assert_eq!(err.parse_error(), microdata_scraper::url::ParseError::RelativeUrlWithoutBase);
/// // The message holds the parse error's: the chain does not repeat it.
/// assert!(err.source().is_none());
/// // Errors compare by the URL given and why it failed.
/// assert_ne!(err, microdata_scraper::parse("<p>", Some("relative")).unwrap_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    input: String,
    source: url::ParseError,
}

impl Error {
    /// The document URL as given.
    ///
    /// ```
    /// let err = microdata_scraper::parse("<p>", Some("http://[::1")).unwrap_err();
    /// assert_eq!(err.input(), "http://[::1");
    /// ```
    pub fn input(&self) -> &str {
        &self.input
    }

    /// Why it is not a URL.
    ///
    /// ```
    /// use microdata_scraper::url::ParseError;
    ///
    /// let err = microdata_scraper::parse("<p>", Some("http://[::1")).unwrap_err();
    /// assert_eq!(err.parse_error(), ParseError::InvalidIpv6Address);
    /// ```
    pub fn parse_error(&self) -> url::ParseError {
        self.source
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid document URL {:?}: {}", self.input, self.source)
    }
}

/// No source: the message already says why the URL does not parse
/// ([`Error::parse_error`]), and printing every error of a chain would
/// say it twice.
impl std::error::Error for Error {}

/// The repository README's Rust examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;

/// This crate's README examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CrateReadmeDoctests;
