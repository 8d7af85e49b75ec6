//! Link types (`rel`) of HTML `link`, `a` and `area` elements.
//!
//! This module reads the links of a [`Document`] as the HTML5 text on
//! links and link types (the 2010 draft, `html5-links-idioms-microdata-atom-2010.txt`)
//! defines them:
//!
//! - each `rel` keyword of each `link`, `a` and `area` element, split on
//!   ASCII whitespace, colon-less keywords compared ASCII case-insensitively,
//!   with the synonyms user agents must honour mapped to their keyword
//!   (`archive`→`archives`, `copyright`→`license`, `top`/`contents`/`toc`→`index`,
//!   `begin`/`start`→`first`, `end`→`last`, `previous`→`prev`, and
//!   `rev="made"`→`author`);
//! - what each keyword creates on its element ([`LinkEffect`]: a hyperlink,
//!   an external resource link or an annotation), from the table's `link`
//!   and `a`/`area` columns, and the implied hyperlink of an `a`/`area`
//!   whose keywords create none;
//! - the derived facts: the default syndication feed and all feeds,
//!   alternate representations (translations, reformulations, media),
//!   icons with their parsed `sizes`, the `up`/`index` hierarchy per
//!   paragraph, the `first`/`prev`/`next`/`last` sequence, licence,
//!   author, search and pingback links;
//! - conformance warnings ([`LinkWarning`]): a keyword on an element where
//!   it is not allowed, a keyword repeated (other than `up`), a synonym, an
//!   icon's `sizes` keyword that represents no size or is repeated, an
//!   alternative stylesheet without a title.
//!
//! [`Links::from_document`] builds everything in one pass over the
//! elements; the RDF and microformats2 converters use it for their `rel`
//! handling.
//!
//! # Examples
//!
//! ```
//! # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
//! # use tree::{N, Row};
//! use microdata_model::Document;
//! use microdata_model::links::{LinkWarningKind, Links};
//!
//! // <div><link rel=alternate type=application/atom+xml href=feed.xml>
//! //      <a rel="Previous" href="/1">back</a></div>, with any `Node`
//! // implementation (`microdata_scraper` parses HTML strings):
//! let tree: &'static [Row] = &[
//!     (Some("div"), "", &[], &[1, 2]),
//!     (Some("link"), "", &[("rel", "alternate"), ("type", "application/atom+xml"), ("href", "feed.xml")], &[]),
//!     (Some("a"), "", &[("rel", "Previous"), ("href", "/1")], &[3]),
//!     (None, "back", &[], &[]),
//! ];
//! let doc = Document::with_url(N(tree, 0), "https://example.com/blog/2".parse()?);
//! let links = Links::from_document(&doc);
//!
//! let feed = links.default_feed().and_then(|l| l.url()).map(|u| u.as_str());
//! assert_eq!(feed, Some("https://example.com/blog/feed.xml"));
//! // `previous` is a synonym of `prev`: honoured, and reported.
//! assert_eq!(links.prev().next().map(|l| l.url_or_href()), Some("https://example.com/1"));
//! assert_eq!(links.warnings()[0].kind(), LinkWarningKind::Synonym);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use url::Url;

use crate::document::{Document, NameIndex, split_ascii_whitespace};
use crate::element::Element;
use crate::node::Node;

mod paragraphs;
use paragraphs::Paragraphs;

/// What a link type keyword creates on the element that carries it (the
/// "Effect on..." columns of the link types table).
///
/// # Examples
///
/// ```
/// use microdata_model::links::{LinkEffect, link_type};
///
/// let (icon, _) = link_type("icon").unwrap();
/// assert_eq!(icon.effect_on("link"), Some(LinkEffect::ExternalResource));
/// // `nofollow` annotates the hyperlink of its `a`; it creates no link itself.
/// let (nofollow, _) = link_type("nofollow").unwrap();
/// assert_eq!(nofollow.effect_on("a"), Some(LinkEffect::Annotation));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LinkEffect {
    /// A hyperlink: a link the user can follow.
    Hyperlink,
    /// An external resource link: a resource that augments the document
    /// (icon, stylesheet, pingback, prefetch).
    ExternalResource,
    /// No link of its own; it modifies the element's other links
    /// (`nofollow`, `noreferrer`, and `alternate` next to `stylesheet` on
    /// a `link` element).
    Annotation,
}

/// The lowercase name, as [`LinkEffect::as_str`] gives it.
///
/// ```
/// use microdata_model::links::LinkEffect;
///
/// assert_eq!(LinkEffect::Annotation.to_string(), "annotation");
/// ```
impl fmt::Display for LinkEffect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl LinkEffect {
    /// The lowercase name used in JSON: `hyperlink`, `external-resource`,
    /// `annotation`.
    ///
    /// # Examples
    ///
    /// ```
    /// use microdata_model::links::LinkEffect;
    ///
    /// assert_eq!(LinkEffect::Hyperlink.as_str(), "hyperlink");
    /// assert_eq!(LinkEffect::ExternalResource.as_str(), "external-resource");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            LinkEffect::Hyperlink => "hyperlink",
            LinkEffect::ExternalResource => "external-resource",
            LinkEffect::Annotation => "annotation",
        }
    }
}

/// A link type defined by the text: one row of the link types table.
///
/// # Examples
///
/// ```
/// use microdata_model::links::{LINK_TYPES, LinkEffect};
///
/// let stylesheet = LINK_TYPES.iter().find(|t| t.name() == "stylesheet").unwrap();
/// assert_eq!(stylesheet.on_link(), Some(LinkEffect::ExternalResource));
/// assert_eq!(stylesheet.on_a_area(), None); // not allowed on `a` and `area`
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinkType {
    name: &'static str,
    on_link: Option<LinkEffect>,
    on_a_area: Option<LinkEffect>,
    synonyms: &'static [&'static str],
    description: &'static str,
}

impl LinkType {
    /// The keyword, lowercase (`"alternate"`).
    ///
    /// # Examples
    ///
    /// ```
    /// use microdata_model::links::link_type;
    ///
    /// // Looked up by a synonym, in any case: the defined keyword.
    /// assert_eq!(link_type("Archive").unwrap().0.name(), "archives");
    /// ```
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// What the keyword creates on a `link` element; `None` where the
    /// table says "not allowed".
    ///
    /// # Examples
    ///
    /// ```
    /// use microdata_model::links::{LinkEffect, link_type};
    ///
    /// let (alternate, _) = link_type("alternate").unwrap();
    /// assert_eq!(alternate.on_link(), Some(LinkEffect::Hyperlink));
    /// let (bookmark, _) = link_type("bookmark").unwrap();
    /// assert_eq!(bookmark.on_link(), None); // `a` and `area` only
    /// ```
    pub fn on_link(&self) -> Option<LinkEffect> {
        self.on_link
    }

    /// What the keyword creates on an `a` or `area` element; `None` where
    /// the table says "not allowed".
    ///
    /// # Examples
    ///
    /// ```
    /// use microdata_model::links::{LinkEffect, link_type};
    ///
    /// let (prefetch, _) = link_type("prefetch").unwrap();
    /// assert_eq!(prefetch.on_a_area(), Some(LinkEffect::ExternalResource));
    /// let (pingback, _) = link_type("pingback").unwrap();
    /// assert_eq!(pingback.on_a_area(), None); // `link` only
    /// ```
    pub fn on_a_area(&self) -> Option<LinkEffect> {
        self.on_a_area
    }

    /// What the keyword creates on an element named `element` (`"link"`,
    /// `"a"` or `"area"`); `None` when it is not allowed there or the
    /// element is none of these.
    ///
    /// # Examples
    ///
    /// ```
    /// use microdata_model::links::{LinkEffect, link_type};
    ///
    /// let (nofollow, _) = link_type("nofollow").unwrap();
    /// assert_eq!(nofollow.effect_on("area"), Some(LinkEffect::Annotation));
    /// assert_eq!(nofollow.effect_on("link"), None); // not allowed there
    /// assert_eq!(nofollow.effect_on("div"), None); // not a link element
    /// ```
    pub fn effect_on(&self, element: &str) -> Option<LinkEffect> {
        match element {
            "link" => self.on_link,
            "a" | "area" => self.on_a_area,
            _ => None,
        }
    }

    /// The synonyms user agents treat like this keyword (they must not be
    /// used in documents). `rev="made"` for `author` is not listed here.
    ///
    /// # Examples
    ///
    /// ```
    /// use microdata_model::links::link_type;
    ///
    /// assert_eq!(link_type("index").unwrap().0.synonyms(), ["top", "contents", "toc"]);
    /// assert!(link_type("author").unwrap().0.synonyms().is_empty()); // `rev="made"` aside
    /// ```
    pub fn synonyms(&self) -> &'static [&'static str] {
        self.synonyms
    }

    /// The table's brief description.
    ///
    /// # Examples
    ///
    /// ```
    /// use microdata_model::links::link_type;
    ///
    /// let (stylesheet, _) = link_type("stylesheet").unwrap();
    /// assert_eq!(stylesheet.description(), "Imports a stylesheet.");
    /// ```
    pub fn description(&self) -> &'static str {
        self.description
    }
}

const fn lt(
    name: &'static str,
    on_link: Option<LinkEffect>,
    on_a_area: Option<LinkEffect>,
    synonyms: &'static [&'static str],
    description: &'static str,
) -> LinkType {
    LinkType {
        name,
        on_link,
        on_a_area,
        synonyms,
        description,
    }
}

const H: Option<LinkEffect> = Some(LinkEffect::Hyperlink);
const E: Option<LinkEffect> = Some(LinkEffect::ExternalResource);
const A: Option<LinkEffect> = Some(LinkEffect::Annotation);
const NO: Option<LinkEffect> = None;

/// The link types the text defines, in the order of its table.
#[rustfmt::skip]
pub static LINK_TYPES: [LinkType; 22] = [
    lt("alternate", H, H, &[], "Gives alternate representations of the current document."),
    lt("archives", H, H, &["archive"], "Provides a link to a collection of records, documents, or other materials of historical interest."),
    lt("author", H, H, &[], "Gives a link to the current document's author."),
    lt("bookmark", NO, H, &[], "Gives the permalink for the nearest ancestor section."),
    lt("external", NO, H, &[], "Indicates that the referenced document is not part of the same site as the current document."),
    lt("first", H, H, &["begin", "start"], "Indicates that the current document is a part of a series, and that the first document in the series is the referenced document."),
    lt("help", H, H, &[], "Provides a link to context-sensitive help."),
    lt("icon", E, NO, &[], "Imports an icon to represent the current document."),
    lt("index", H, H, &["top", "contents", "toc"], "Gives a link to the document that provides a table of contents or index listing the current document."),
    lt("last", H, H, &["end"], "Indicates that the current document is a part of a series, and that the last document in the series is the referenced document."),
    lt("license", H, H, &["copyright"], "Indicates that the main content of the current document is covered by the copyright license described by the referenced document."),
    lt("next", H, H, &[], "Indicates that the current document is a part of a series, and that the next document in the series is the referenced document."),
    lt("nofollow", NO, A, &[], "Indicates that the current document's original author or publisher does not endorse the referenced document."),
    lt("noreferrer", NO, A, &[], "Requires that the user agent not send an HTTP Referer (sic) header if the user follows the hyperlink."),
    lt("pingback", E, NO, &[], "Gives the address of the pingback server that handles pingbacks to the current document."),
    lt("prefetch", E, E, &[], "Specifies that the target resource should be preemptively cached."),
    lt("prev", H, H, &["previous"], "Indicates that the current document is a part of a series, and that the previous document in the series is the referenced document."),
    lt("search", H, H, &[], "Gives a link to a resource that can be used to search through the current document and its related pages."),
    lt("stylesheet", E, NO, &[], "Imports a stylesheet."),
    lt("sidebar", H, H, &[], "Specifies that the referenced document, if retrieved, is intended to be shown in the browser's sidebar (if it has one)."),
    lt("tag", H, H, &[], "Gives a tag (identified by the given address) that applies to the current document."),
    lt("up", H, H, &[], "Provides a link to a document giving the context for the current document."),
];

/// The defined link type `keyword` names, directly or as a synonym,
/// compared ASCII case-insensitively (defined keywords have no colon).
/// Returns the link type and whether `keyword` was a synonym.
///
/// # Examples
///
/// ```
/// use microdata_model::links::link_type;
///
/// let (ty, synonym) = link_type("TOC").unwrap();
/// assert_eq!((ty.name(), synonym), ("index", true));
/// assert_eq!(link_type("next").unwrap().0.on_link().unwrap().as_str(), "hyperlink");
/// assert!(link_type("icon").unwrap().0.on_a_area().is_none()); // not allowed on a/area
/// assert!(link_type("https://example.com/rel").is_none());
/// ```
pub fn link_type(keyword: &str) -> Option<(&'static LinkType, bool)> {
    if let Some(t) = LINK_TYPES
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case(keyword))
    {
        return Some((t, false));
    }
    LINK_TYPES
        .iter()
        .find(|t| t.synonyms.iter().any(|s| s.eq_ignore_ascii_case(keyword)))
        .map(|t| (t, true))
}

fn author_type() -> &'static LinkType {
    &LINK_TYPES[2]
}

/// One keyword of a link element's `rel` (or its `rev="made"`), as
/// interpreted on that element.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::Document;
/// use microdata_model::links::Links;
///
/// // <a rel="Archive nofollow" href="/2009/">2009</a>
/// let tree: &'static [Row] = &[
///     (Some("a"), "", &[("rel", "Archive nofollow"), ("href", "/2009/")], &[1]),
///     (None, "2009", &[], &[]),
/// ];
/// let doc = Document::with_url(N(tree, 0), "https://example.com/blog/".parse()?);
/// let links = Links::from_document(&doc);
/// let keywords = links.links()[0].keywords();
/// let names: Vec<_> = keywords.iter().map(|k| (k.written(), k.name())).collect();
/// assert_eq!(names, [("Archive", "archives"), ("nofollow", "nofollow")]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keyword<'a> {
    written: &'a str,
    name: Cow<'a, str>,
    link_type: Option<&'static LinkType>,
    synonym: bool,
    from_rev: bool,
    effect: Option<LinkEffect>,
}

impl<'a> Keyword<'a> {
    /// The token as written in the attribute.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <a rel="TOC" href="/contents">Contents</a>
    /// let tree: &'static [Row] = &[
    ///     (Some("a"), "", &[("rel", "TOC"), ("href", "/contents")], &[1]),
    ///     (None, "Contents", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/guide/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let keyword = &links.links()[0].keywords()[0];
    /// assert_eq!((keyword.written(), keyword.name()), ("TOC", "index"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn written(&self) -> &'a str {
        self.written
    }

    /// The keyword as it is compared: the defined keyword for defined
    /// types and their synonyms (`"index"` for `TOC`), the token lowercased
    /// for other colon-less keywords, and the token as written when it has
    /// a colon (an absolute URL extension).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <link rel="Top X-Theme https://example.com/rel/Theme" href="/">
    /// let tree: &'static [Row] = &[(
    ///     Some("link"),
    ///     "",
    ///     &[("rel", "Top X-Theme https://example.com/rel/Theme"), ("href", "/")],
    ///     &[],
    /// )];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/guide/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let names: Vec<_> = links.links()[0].keywords().iter().map(|k| k.name()).collect();
    /// // A synonym, a colon-less extension (lowercased), a URL extension (as written).
    /// assert_eq!(names, ["index", "x-theme", "https://example.com/rel/Theme"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The defined link type, if the keyword names one.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <a rel="next x-page" href="3">More</a>
    /// let tree: &'static [Row] = &[
    ///     (Some("a"), "", &[("rel", "next x-page"), ("href", "3")], &[1]),
    ///     (None, "More", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/list/2".parse()?);
    /// let links = Links::from_document(&doc);
    /// let keywords = links.links()[0].keywords();
    /// assert_eq!(keywords[0].link_type().map(|t| t.name()), Some("next"));
    /// assert_eq!(keywords[1].link_type(), None); // an extension keyword
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn link_type(&self) -> Option<&'static LinkType> {
        self.link_type
    }

    /// Whether the token is a synonym (`archive`, `toc`, `rev="made"`, …)
    /// that documents must not use.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <a rel="start next" href="/1">Chapter 1</a>
    /// let tree: &'static [Row] = &[
    ///     (Some("a"), "", &[("rel", "start next"), ("href", "/1")], &[1]),
    ///     (None, "Chapter 1", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let keywords = links.links()[0].keywords();
    /// assert!(keywords[0].is_synonym()); // `start`: documents use `first`
    /// assert!(!keywords[1].is_synonym());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_synonym(&self) -> bool {
        self.synonym
    }

    /// Whether the keyword comes from `rev="made"` rather than `rel`.
    ///
    /// `rev` holds link types, as `rel` does, so its value is read as
    /// keywords are: ASCII case-insensitively and without the ASCII
    /// whitespace around it (`rev=" Made "` counts). A `rev` of several
    /// keywords is not "the value made" and counts for nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <link rev="made" href="mailto:ann@example.com">
    /// let tree: &'static [Row] = &[
    ///     (Some("link"), "", &[("rev", "made"), ("href", "mailto:ann@example.com")], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let keyword = &links.links()[0].keywords()[0];
    /// assert_eq!(keyword.name(), "author");
    /// assert!(keyword.is_from_rev() && keyword.is_synonym());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_from_rev(&self) -> bool {
        self.from_rev
    }

    /// What the keyword creates on its element; `None` for keywords the
    /// text does not define and for defined keywords not allowed on the
    /// element (which create nothing).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::{LinkEffect, Links};
    ///
    /// // <a rel="nofollow icon x-ad" href="/sponsor">Sponsor</a>
    /// let tree: &'static [Row] = &[
    ///     (Some("a"), "", &[("rel", "nofollow icon x-ad"), ("href", "/sponsor")], &[1]),
    ///     (None, "Sponsor", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let effects: Vec<_> = links.links()[0].keywords().iter().map(|k| k.effect()).collect();
    /// // `icon` is not allowed on `a`; `x-ad` is not defined.
    /// assert_eq!(effects, [Some(LinkEffect::Annotation), None, None]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn effect(&self) -> Option<LinkEffect> {
        self.effect
    }
}

/// A `link`, `a` or `area` element with an `href` attribute, and the
/// links its keywords create.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::Document;
/// use microdata_model::links::Links;
///
/// // <p><a rel="next" href="page/3">Older posts</a></p>
/// let tree: &'static [Row] = &[
///     (Some("p"), "", &[], &[1]),
///     (Some("a"), "", &[("rel", "next"), ("href", "page/3")], &[2]),
///     (None, "Older posts", &[], &[]),
/// ];
/// let doc = Document::with_url(N(tree, 0), "https://example.com/blog/".parse()?);
/// let links = Links::from_document(&doc);
/// let link = &links.links()[0];
/// assert_eq!((link.element_name(), link.href()), ("a", "page/3"));
/// assert_eq!(link.url_or_href(), "https://example.com/blog/page/3");
/// assert!(link.has("next") && link.creates_hyperlink());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Link<'d, 'a, N: Node<'a>> {
    element: Element<'d, 'a, N>,
    href: &'a str,
    url: Option<Url>,
    keywords: Vec<Keyword<'a>>,
    implied: bool,
    /// The paragraph scoping `up`/`index`: the element holding it and, for
    /// a run of phrasing content, the element it follows (see
    /// [`Hierarchy`]); `None` for the document.
    paragraph: Option<(usize, Option<usize>)>,
    /// Tree-order index of the nearest ancestor `article`.
    article: Option<usize>,
}

impl<'d, 'a, N: Node<'a>> Link<'d, 'a, N> {
    /// The element.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <nav><a href="/about">About us</a></nav>
    /// let tree: &'static [Row] = &[
    ///     (Some("nav"), "", &[], &[1]),
    ///     (Some("a"), "", &[("href", "/about")], &[2]),
    ///     (None, "About us", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let element = links.links()[0].element();
    /// assert_eq!(element.index(), 1); // in tree order, after the `nav`
    /// assert_eq!(element.text_content(), "About us");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn element(&self) -> Element<'d, 'a, N> {
        self.element
    }

    /// The element's local name: `"link"`, `"a"` or `"area"`.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <div><link rel="help" href="/help">
    /// //   <map name="m"><area href="/north" alt="North"></map></div>
    /// let tree: &'static [Row] = &[
    ///     (Some("div"), "", &[], &[1, 2]),
    ///     (Some("link"), "", &[("rel", "help"), ("href", "/help")], &[]),
    ///     (Some("map"), "", &[("name", "m")], &[3]),
    ///     (Some("area"), "", &[("href", "/north"), ("alt", "North")], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let names: Vec<_> = links.links().iter().map(|l| l.element_name()).collect();
    /// assert_eq!(names, ["link", "area"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn element_name(&self) -> &'a str {
        self.element.local_name()
    }

    /// The `href` attribute as written.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <a href=" ../about ">About</a>
    /// let tree: &'static [Row] = &[
    ///     (Some("a"), "", &[("href", " ../about ")], &[1]),
    ///     (None, "About", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/blog/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let link = &links.links()[0];
    /// assert_eq!(link.href(), " ../about "); // as written, spaces included
    /// assert_eq!(link.url_or_href(), "https://example.com/about");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn href(&self) -> &'a str {
        self.href
    }

    /// The `href` resolved against the document base URL; `None` when it
    /// does not resolve.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <div><a href="/feed">Feed</a><a href="http://[bad">Broken</a></div>
    /// let tree: &'static [Row] = &[
    ///     (Some("div"), "", &[], &[1, 3]),
    ///     (Some("a"), "", &[("href", "/feed")], &[2]),
    ///     (None, "Feed", &[], &[]),
    ///     (Some("a"), "", &[("href", "http://[bad")], &[4]),
    ///     (None, "Broken", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let urls: Vec<_> = links.links().iter().map(|l| l.url().map(|u| u.as_str())).collect();
    /// assert_eq!(urls, [Some("https://example.com/feed"), None]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn url(&self) -> Option<&Url> {
        self.url.as_ref()
    }

    /// The resolved URL as a string, or the `href` as written when it does
    /// not resolve (a relative URL in a document without an address).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <div><a href="page/2">Next</a><a href="https://example.org/">Elsewhere</a></div>
    /// let tree: &'static [Row] = &[
    ///     (Some("div"), "", &[], &[1, 3]),
    ///     (Some("a"), "", &[("href", "page/2")], &[2]),
    ///     (None, "Next", &[], &[]),
    ///     (Some("a"), "", &[("href", "https://example.org/")], &[4]),
    ///     (None, "Elsewhere", &[], &[]),
    /// ];
    /// // A document without an address: relative URLs do not resolve.
    /// let doc = Document::new(N(tree, 0));
    /// let links = Links::from_document(&doc);
    /// let urls: Vec<_> = links.links().iter().map(|l| l.url_or_href()).collect();
    /// assert_eq!(urls, ["page/2", "https://example.org/"]);
    /// ```
    pub fn url_or_href(&self) -> &str {
        self.url.as_ref().map_or(self.href, Url::as_str)
    }

    /// The keywords in attribute order (duplicates included; `rev="made"`
    /// last).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <a rel="up up index" href="/">Home</a>
    /// let tree: &'static [Row] = &[
    ///     (Some("a"), "", &[("rel", "up up index"), ("href", "/")], &[1]),
    ///     (None, "Home", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/docs/api/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let written: Vec<_> = links.links()[0].keywords().iter().map(|k| k.written()).collect();
    /// assert_eq!(written, ["up", "up", "index"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn keywords(&self) -> &[Keyword<'a>] {
        &self.keywords
    }

    /// Whether the element has the keyword `name` (compared as
    /// [`Keyword::name`]: synonyms count as their keyword, in the element's
    /// `rel` and in `name` alike), unless it is a
    /// defined keyword not allowed on the element (`icon` on `a`), which
    /// creates nothing. Extension keywords count as given.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <a rel="Copyright icon" href="/terms">Terms</a>
    /// let tree: &'static [Row] = &[
    ///     (Some("a"), "", &[("rel", "Copyright icon"), ("href", "/terms")], &[1]),
    ///     (None, "Terms", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let link = &links.links()[0];
    /// // `copyright` is a synonym of `license`:
    /// assert!(link.has("license") && link.has("LICENSE") && link.has("copyright"));
    /// assert!(!link.has("icon")); // not allowed on `a`: it creates nothing
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn has(&self, name: &str) -> bool {
        self.has_keyword(keyword_of(name))
    }

    /// [`has`](Self::has) for a name already mapped by [`keyword_of`].
    fn has_keyword(&self, keyword: &str) -> bool {
        self.keywords
            .iter()
            .any(|k| (k.effect.is_some() || k.link_type.is_none()) && keyword_eq(&k.name, keyword))
    }

    /// Whether the element creates the implied hyperlink: an `a` or `area`
    /// whose keywords create no hyperlink.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <p><a href="/a">A</a><a rel="nofollow" href="/b">B</a><a rel="next" href="/c">C</a></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[], &[1, 3, 5]),
    ///     (Some("a"), "", &[("href", "/a")], &[2]),
    ///     (None, "A", &[], &[]),
    ///     (Some("a"), "", &[("rel", "nofollow"), ("href", "/b")], &[4]),
    ///     (None, "B", &[], &[]),
    ///     (Some("a"), "", &[("rel", "next"), ("href", "/c")], &[6]),
    ///     (None, "C", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let implied: Vec<_> = links.links().iter().map(|l| l.is_implied_hyperlink()).collect();
    /// // `nofollow` only annotates the implied hyperlink; `next` creates one of its own.
    /// assert_eq!(implied, [true, true, false]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_implied_hyperlink(&self) -> bool {
        self.implied
    }

    /// Whether the element creates at least one hyperlink (through a
    /// keyword or implied).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <div><link rel="stylesheet" href="/site.css"><a rel="nofollow" href="/ad">Ad</a></div>
    /// let tree: &'static [Row] = &[
    ///     (Some("div"), "", &[], &[1, 2]),
    ///     (Some("link"), "", &[("rel", "stylesheet"), ("href", "/site.css")], &[]),
    ///     (Some("a"), "", &[("rel", "nofollow"), ("href", "/ad")], &[3]),
    ///     (None, "Ad", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let created: Vec<_> = links.links().iter().map(|l| l.creates_hyperlink()).collect();
    /// assert_eq!(created, [false, true]); // an external resource; the implied hyperlink
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn creates_hyperlink(&self) -> bool {
        self.implied
            || self
                .keywords
                .iter()
                .any(|k| k.effect == Some(LinkEffect::Hyperlink))
    }

    /// The number of `up` keywords (the hierarchical distance to the
    /// referenced document).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <p><a rel="up up" href="../..">Products</a><a rel="index" href="/">Home</a></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[], &[1, 3]),
    ///     (Some("a"), "", &[("rel", "up up"), ("href", "../..")], &[2]),
    ///     (None, "Products", &[], &[]),
    ///     (Some("a"), "", &[("rel", "index"), ("href", "/")], &[4]),
    ///     (None, "Home", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/products/a/b".parse()?);
    /// let links = Links::from_document(&doc);
    /// let ups: Vec<_> = links.links().iter().map(|l| l.up_count()).collect();
    /// assert_eq!(ups, [2, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn up_count(&self) -> usize {
        self.keywords
            .iter()
            .filter(|k| k.effect.is_some() && k.name == "up")
            .count()
    }

    /// The `type` attribute.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <link rel="alternate" type="application/rss+xml" href="/feed.rss">
    /// let tree: &'static [Row] = &[
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[("rel", "alternate"), ("type", "application/rss+xml"), ("href", "/feed.rss")],
    ///         &[],
    ///     ),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// assert_eq!(links.links()[0].mime_type(), Some("application/rss+xml"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mime_type(&self) -> Option<&'a str> {
        self.element.attr("type")
    }

    /// The `media` attribute.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <link rel="stylesheet" media="print" href="print.css">
    /// let tree: &'static [Row] = &[
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[("rel", "stylesheet"), ("media", "print"), ("href", "print.css")],
    ///         &[],
    ///     ),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// assert_eq!(links.links()[0].media(), Some("print"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn media(&self) -> Option<&'a str> {
        self.element.attr("media")
    }

    /// The `hreflang` attribute.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <div><link rel="alternate" hreflang="fr" href="/fr/"><a href="/en/">English</a></div>
    /// let tree: &'static [Row] = &[
    ///     (Some("div"), "", &[], &[1, 2]),
    ///     (Some("link"), "", &[("rel", "alternate"), ("hreflang", "fr"), ("href", "/fr/")], &[]),
    ///     (Some("a"), "", &[("href", "/en/")], &[3]),
    ///     (None, "English", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let langs: Vec<_> = links.links().iter().map(|l| l.hreflang()).collect();
    /// assert_eq!(langs, [Some("fr"), None]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hreflang(&self) -> Option<&'a str> {
        self.element.attr("hreflang")
    }

    /// The `title` attribute.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <link rel="alternate stylesheet" title="High contrast" href="contrast.css">
    /// let tree: &'static [Row] = &[(
    ///     Some("link"),
    ///     "",
    ///     &[
    ///         ("rel", "alternate stylesheet"),
    ///         ("title", "High contrast"),
    ///         ("href", "contrast.css"),
    ///     ],
    ///     &[],
    /// )];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// assert_eq!(links.links()[0].title(), Some("High contrast"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn title(&self) -> Option<&'a str> {
        self.element.attr("title")
    }

    /// The `sizes` attribute, raw (see [`Icon::sizes`] for the parsed form).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <link rel="icon" sizes="16x16 32x32" href="favicon.ico">
    /// let tree: &'static [Row] = &[
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[("rel", "icon"), ("sizes", "16x16 32x32"), ("href", "favicon.ico")],
    ///         &[],
    ///     ),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// assert_eq!(links.links()[0].sizes(), Some("16x16 32x32"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sizes(&self) -> Option<&'a str> {
        self.element.attr("sizes")
    }

    /// The nearest ancestor `article` element: what `author` and `bookmark`
    /// on an `a`/`area` are about (`None`: the page as a whole).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <body><article id="post-1"><a rel="bookmark" href="#post-1">Permalink</a></article>
    /// //       <a rel="author" href="/about">About me</a></body>
    /// let tree: &'static [Row] = &[
    ///     (Some("body"), "", &[], &[1, 4]),
    ///     (Some("article"), "", &[("id", "post-1")], &[2]),
    ///     (Some("a"), "", &[("rel", "bookmark"), ("href", "#post-1")], &[3]),
    ///     (None, "Permalink", &[], &[]),
    ///     (Some("a"), "", &[("rel", "author"), ("href", "/about")], &[5]),
    ///     (None, "About me", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let about: Vec<_> =
    ///     links.links().iter().map(|l| l.article().and_then(|a| a.attr("id"))).collect();
    /// assert_eq!(about, [Some("post-1"), None]); // the author link is about the whole page
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn article(&self) -> Option<Element<'d, 'a, N>> {
        self.article
            .and_then(|i| self.element.document().element_at(i))
    }

    /// Whether this is an alternate link to a syndication feed: `alternate`
    /// with `type` `application/rss+xml` or `application/atom+xml` (and,
    /// on `link`, no `stylesheet`). The type is compared as a MIME type
    /// without parameters: ASCII case-insensitively, with the ASCII
    /// whitespace around it dropped; a type with parameters
    /// (`application/atom+xml; charset=utf-8`) is not "the value
    /// application/atom+xml" the text asks for.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <head><link rel="alternate" type="application/atom+xml" href="/feed">
    /// //       <link rel="alternate" type="text/html" hreflang="fr" href="/fr/"></head>
    /// let tree: &'static [Row] = &[
    ///     (Some("head"), "", &[], &[1, 2]),
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[("rel", "alternate"), ("type", "application/atom+xml"), ("href", "/feed")],
    ///         &[],
    ///     ),
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[
    ///             ("rel", "alternate"),
    ///             ("type", "text/html"),
    ///             ("hreflang", "fr"),
    ///             ("href", "/fr/"),
    ///         ],
    ///         &[],
    ///     ),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let feeds: Vec<_> = links.links().iter().map(|l| l.is_feed()).collect();
    /// assert_eq!(feeds, [true, false]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_feed(&self) -> bool {
        self.has_effect("alternate", LinkEffect::Hyperlink)
            && self.mime_type().is_some_and(|t| {
                let t = t.trim_matches(crate::is_ascii_whitespace);
                t.eq_ignore_ascii_case("application/rss+xml")
                    || t.eq_ignore_ascii_case("application/atom+xml")
            })
    }

    fn has_effect(&self, name: &str, effect: LinkEffect) -> bool {
        self.keywords
            .iter()
            .any(|k| k.effect == Some(effect) && k.name == name)
    }
}

fn keyword_eq(a: &str, b: &str) -> bool {
    if a.contains(':') || b.contains(':') {
        a == b
    } else {
        a.eq_ignore_ascii_case(b)
    }
}

/// The keyword a name asked for stands for: a synonym's defined keyword,
/// else the name itself (the element's own tokens are mapped alike).
fn keyword_of(name: &str) -> &str {
    match link_type(name) {
        Some((t, _)) => t.name,
        None => name,
    }
}

/// A form of `token` equal for exactly the tokens [`keyword_eq`] calls
/// equal: as written with a colon, else ASCII-lowercased.
fn keyword_key(token: &str) -> Cow<'_, str> {
    if token.contains(':') {
        Cow::Borrowed(token)
    } else {
        lowercase_key(token)
    }
}

/// `token` in ASCII lowercase, borrowed when it already is.
fn lowercase_key(token: &str) -> Cow<'_, str> {
    if token.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(token.to_ascii_lowercase())
    } else {
        Cow::Borrowed(token)
    }
}

/// An `alternate` hyperlink and what its attributes say about the
/// referenced document.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::Document;
/// use microdata_model::links::Links;
///
/// // <html lang="en"><head><link rel="alternate" hreflang="fr" href="/fr/">
/// //   <link rel="alternate" type="application/pdf" href="/report.pdf"></head></html>
/// let tree: &'static [Row] = &[
///     (Some("html"), "", &[("lang", "en")], &[1]),
///     (Some("head"), "", &[], &[2, 3]),
///     (Some("link"), "", &[("rel", "alternate"), ("hreflang", "fr"), ("href", "/fr/")], &[]),
///     (
///         Some("link"),
///         "",
///         &[("rel", "alternate"), ("type", "application/pdf"), ("href", "/report.pdf")],
///         &[],
///     ),
/// ];
/// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
/// let links = Links::from_document(&doc);
/// let alternates: Vec<_> = links.alternates().collect();
/// assert!(alternates[0].is_translation() && !alternates[0].is_reformulation());
/// assert!(alternates[1].is_reformulation() && !alternates[1].is_translation());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Alternate<'l, 'd, 'a, N: Node<'a>> {
    link: &'l Link<'d, 'a, N>,
    translation: bool,
}

impl<'l, 'd, 'a, N: Node<'a>> Alternate<'l, 'd, 'a, N> {
    /// The link.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <link rel="alternate" hreflang="de" href="/de/">
    /// let tree: &'static [Row] = &[
    ///     (Some("link"), "", &[("rel", "alternate"), ("hreflang", "de"), ("href", "/de/")], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let alternate = links.alternates().next().unwrap();
    /// assert_eq!(alternate.link().url_or_href(), "https://example.com/de/");
    /// assert_eq!(alternate.link().hreflang(), Some("de"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn link(&self) -> &'l Link<'d, 'a, N> {
        self.link
    }

    /// A syndication feed (see [`Link::is_feed`]).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <link rel="alternate" type="application/rss+xml" title="Posts" href="/rss">
    /// let tree: &'static [Row] = &[(
    ///     Some("link"),
    ///     "",
    ///     &[
    ///         ("rel", "alternate"),
    ///         ("type", "application/rss+xml"),
    ///         ("title", "Posts"),
    ///         ("href", "/rss"),
    ///     ],
    ///     &[],
    /// )];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let alternate = links.alternates().next().unwrap();
    /// assert!(alternate.is_feed());
    /// assert!(!alternate.is_reformulation()); // a feed need not carry the same content
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_feed(&self) -> bool {
        self.link.is_feed()
    }

    /// A translation: `hreflang` is given and differs from the root
    /// element's language (feeds excluded: the text says so of the
    /// "alternate representation" a non-feed `alternate` link references,
    /// as it does of reformulations).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <html lang="en"><head><link rel="alternate" hreflang="fr" href="/fr/">
    /// //   <link rel="alternate" hreflang="EN" type="application/pdf" href="/en.pdf">
    /// // </head></html>
    /// let tree: &'static [Row] = &[
    ///     (Some("html"), "", &[("lang", "en")], &[1]),
    ///     (Some("head"), "", &[], &[2, 3]),
    ///     (Some("link"), "", &[("rel", "alternate"), ("hreflang", "fr"), ("href", "/fr/")], &[]),
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[
    ///             ("rel", "alternate"),
    ///             ("hreflang", "EN"),
    ///             ("type", "application/pdf"),
    ///             ("href", "/en.pdf"),
    ///         ],
    ///         &[],
    ///     ),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let translations: Vec<_> = links.alternates().map(|a| a.is_translation()).collect();
    /// assert_eq!(translations, [true, false]); // languages compare ASCII case-insensitively
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_translation(&self) -> bool {
        self.translation
    }

    /// A reformulation of the document in the format `type` gives (feeds
    /// excluded: the text says so of the "alternate representation" a
    /// non-feed `alternate` link references; a feed need not carry the
    /// same content).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <head><link rel="alternate" type="application/pdf" href="/report.pdf">
    /// //   <link rel="alternate" type="application/atom+xml" href="/feed"></head>
    /// let tree: &'static [Row] = &[
    ///     (Some("head"), "", &[], &[1, 2]),
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[("rel", "alternate"), ("type", "application/pdf"), ("href", "/report.pdf")],
    ///         &[],
    ///     ),
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[("rel", "alternate"), ("type", "application/atom+xml"), ("href", "/feed")],
    ///         &[],
    ///     ),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let reformulations: Vec<_> = links.alternates().map(|a| a.is_reformulation()).collect();
    /// assert_eq!(reformulations, [true, false]); // a feed is no reformulation
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_reformulation(&self) -> bool {
        self.link.mime_type().is_some() && !self.is_feed()
    }

    /// The media the referenced document is for, if `media` is given.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <link rel="alternate" media="handheld" href="https://m.example.com/">
    /// let tree: &'static [Row] = &[
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[("rel", "alternate"), ("media", "handheld"), ("href", "https://m.example.com/")],
    ///         &[],
    ///     ),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let alternate = links.alternates().next().unwrap();
    /// assert_eq!(alternate.media(), Some("handheld"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn media(&self) -> Option<&'a str> {
        self.link.media()
    }
}

/// One keyword of an icon's `sizes` attribute that represents something.
///
/// # Examples
///
/// ```
/// use microdata_model::links::{IconSize, parse_sizes};
///
/// let sizes = parse_sizes("any 48x32");
/// assert_eq!(sizes, [IconSize::Any, IconSize::Pixels { width: 48, height: 32 }]);
/// assert_eq!(sizes[1].to_string(), "48x32"); // as `sizes` writes it
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IconSize {
    /// `any`: a scalable icon.
    Any,
    /// `WxH`: a bitmap of `width` × `height` device pixels.
    Pixels {
        /// Width in device pixels.
        width: u64,
        /// Height in device pixels.
        height: u64,
    },
}

impl fmt::Display for IconSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IconSize::Any => f.write_str("any"),
            IconSize::Pixels { width, height } => write!(f, "{width}x{height}"),
        }
    }
}

/// Parses an icon's `sizes` attribute: split on spaces, keep `any` and the
/// `WxH` keywords that represent a size, by the current WHATWG text's
/// algorithm (`any` in any case; exactly one `x` or `X`; both sides ASCII
/// digits without a leading zero). The 2010 draft's algorithm is the same
/// but for case: it takes a lowercase `any` and `x` only, which the current
/// text extends (its tokens are "ASCII case-insensitive"), so valid 2010
/// values parse alike.
/// A size too large for a `u64` is left out, as one that represents
/// nothing is ([`Links::warnings`] reports both).
///
/// # Examples
///
/// ```
/// use microdata_model::links::{IconSize, parse_sizes};
///
/// assert_eq!(
///     parse_sizes("16x16 ANY 032x32 48X48 1x2x3 99999999999999999999x1"),
///     [
///         IconSize::Pixels { width: 16, height: 16 },
///         IconSize::Any,
///         IconSize::Pixels { width: 48, height: 48 },
///     ]
/// );
/// ```
pub fn parse_sizes(value: &str) -> Vec<IconSize> {
    split_ascii_whitespace(value)
        .filter_map(|keyword| size_keyword(keyword).ok())
        .collect()
}

/// Why a `sizes` keyword gives no [`IconSize`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SizeProblem {
    /// The text's algorithm says it "doesn't represent anything".
    Nothing,
    /// A width or height beyond `u64::MAX`.
    TooLarge,
}

/// The text's algorithm for one keyword of `sizes`.
fn size_keyword(keyword: &str) -> Result<IconSize, SizeProblem> {
    // "The any keyword represents that the resource contains a scalable
    // icon" (ASCII case-insensitively: the current WHATWG text's tokens
    // "are ASCII case-insensitive").
    if keyword.eq_ignore_ascii_case("any") {
        return Ok(IconSize::Any);
    }
    // "If the keyword doesn't contain exactly one U+0078 LATIN SMALL
    // LETTER X or U+0058 LATIN CAPITAL LETTER X character, then this
    // keyword doesn't represent anything." (The 2010 draft: `x` only.)
    let is_x = |c: char| c == 'x' || c == 'X';
    let (w, h) = keyword.split_once(is_x).ok_or(SizeProblem::Nothing)?;
    if h.contains(is_x) {
        return Err(SizeProblem::Nothing);
    }
    // "If either width string or height string start with a U+0030
    // DIGIT ZERO (0) character or contain any characters other than
    // characters in the range U+0030 to U+0039, then this keyword
    // doesn't represent anything."
    let digits =
        |s: &str| !s.is_empty() && !s.starts_with('0') && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(w) || !digits(h) {
        return Err(SizeProblem::Nothing);
    }
    // "Apply the rules for parsing non-negative integers": all digits
    // here, so a plain decimal value, when it fits.
    let n = |s: &str| s.parse::<u64>().map_err(|_| SizeProblem::TooLarge);
    Ok(IconSize::Pixels {
        width: n(w)?,
        height: n(h)?,
    })
}

/// A `link rel=icon` with its parsed sizes.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::Document;
/// use microdata_model::links::{IconSize, Links};
///
/// // <link rel="icon" type="image/svg+xml" sizes="any" href="/icon.svg">
/// let tree: &'static [Row] = &[(
///     Some("link"),
///     "",
///     &[("rel", "icon"), ("type", "image/svg+xml"), ("sizes", "any"), ("href", "/icon.svg")],
///     &[],
/// )];
/// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
/// let links = Links::from_document(&doc);
/// let icon = links.icons().next().unwrap();
/// assert_eq!(icon.link().url_or_href(), "https://example.com/icon.svg");
/// assert_eq!(icon.sizes(), Some(&[IconSize::Any][..]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Icon<'l, 'd, 'a, N: Node<'a>> {
    link: &'l Link<'d, 'a, N>,
    sizes: Option<Vec<IconSize>>,
}

impl<'l, 'd, 'a, N: Node<'a>> Icon<'l, 'd, 'a, N> {
    /// The link.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <link rel="icon" type="image/png" href="favicon.png">
    /// let tree: &'static [Row] = &[
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[("rel", "icon"), ("type", "image/png"), ("href", "favicon.png")],
    ///         &[],
    ///     ),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let icon = links.icons().next().unwrap();
    /// assert_eq!(icon.link().mime_type(), Some("image/png"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn link(&self) -> &'l Link<'d, 'a, N> {
        self.link
    }

    /// The sizes the `sizes` attribute represents; `None` when the
    /// attribute is absent (the icon is then assumed appropriate, but less
    /// so than one of a known appropriate size).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::{IconSize, Links};
    ///
    /// // <head><link rel="icon" href="favicon.ico">
    /// //   <link rel="icon" sizes="16x16 032x32" href="icon.png"></head>
    /// let tree: &'static [Row] = &[
    ///     (Some("head"), "", &[], &[1, 2]),
    ///     (Some("link"), "", &[("rel", "icon"), ("href", "favicon.ico")], &[]),
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[("rel", "icon"), ("sizes", "16x16 032x32"), ("href", "icon.png")],
    ///         &[],
    ///     ),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let icons: Vec<_> = links.icons().collect();
    /// assert_eq!(icons[0].sizes(), None); // no `sizes`: assumed appropriate
    /// // `032x32` has a leading zero: it represents no size (and is warned about).
    /// assert_eq!(icons[1].sizes(), Some(&[IconSize::Pixels { width: 16, height: 16 }][..]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sizes(&self) -> Option<&[IconSize]> {
        self.sizes.as_deref()
    }
}

/// The `up`/`index` links of one scope (a paragraph, or the document) and
/// the depth they give the current document.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::Document;
/// use microdata_model::links::Links;
///
/// // <p><a rel="index up up" href="/">Main</a> / <a rel="up" href="/products/">Products</a></p>
/// let tree: &'static [Row] = &[
///     (Some("p"), "", &[], &[1, 3, 4]),
///     (Some("a"), "", &[("rel", "index up up"), ("href", "/")], &[2]),
///     (None, "Main", &[], &[]),
///     (None, " / ", &[], &[]),
///     (Some("a"), "", &[("rel", "up"), ("href", "/products/")], &[5]),
///     (None, "Products", &[], &[]),
/// ];
/// let doc = Document::with_url(N(tree, 0), "https://example.com/products/fridges/".parse()?);
/// let links = Links::from_document(&doc);
/// let hierarchies = links.hierarchies();
/// assert_eq!(hierarchies.len(), 1); // one paragraph
/// assert_eq!((hierarchies[0].depth(), hierarchies[0].links().len()), (Some(2), 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Hierarchy<'l, 'd, 'a, N: Node<'a>> {
    paragraph: Option<Element<'d, 'a, N>>,
    after: Option<Element<'d, 'a, N>>,
    links: Vec<&'l Link<'d, 'a, N>>,
    depth: Option<usize>,
}

impl<'l, 'd, 'a, N: Node<'a>> Hierarchy<'l, 'd, 'a, N> {
    /// The element holding the paragraph the links are in; `None` when they
    /// are in no paragraph and so scoped to the document.
    ///
    /// Paragraphs are HTML's: a `p` element, or a run of phrasing content
    /// (text, `span`, `a`, …, with `a`, `ins`, `del` and `map` looked
    /// through) among the children of an element that also accepts other
    /// flow content (`body`, `div`, `li`, `td`, `section`, …) and that has
    /// some text or non-embedded element. For such a run this is the
    /// element whose children it is among, and [`after`](Self::after)
    /// tells the runs of one element apart. Links in `head`, in a heading
    /// or in a run of images only are in no paragraph.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <html><head><link rel="index up" href="/"></head>
    /// //   <body><p><a rel="index up up" href="/">Home</a></p></body></html>
    /// let tree: &'static [Row] = &[
    ///     (Some("html"), "", &[], &[1, 3]),
    ///     (Some("head"), "", &[], &[2]),
    ///     (Some("link"), "", &[("rel", "index up"), ("href", "/")], &[]),
    ///     (Some("body"), "", &[], &[4]),
    ///     (Some("p"), "", &[], &[5]),
    ///     (Some("a"), "", &[("rel", "index up up"), ("href", "/")], &[6]),
    ///     (None, "Home", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/a/b".parse()?);
    /// let links = Links::from_document(&doc);
    /// let hierarchies = links.hierarchies();
    /// assert_eq!(hierarchies[0].paragraph(), None); // in `head`: scoped to the document
    /// assert_eq!(hierarchies[1].paragraph().map(|p| p.local_name()), Some("p"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn paragraph(&self) -> Option<Element<'d, 'a, N>> {
        self.paragraph
    }

    /// For a paragraph that is a run of phrasing content, the non-phrasing
    /// element of the same parent that comes right before the run (an
    /// `hr`, a `p`, a `ul`, …); `None` when the run comes first, for a `p`
    /// and for the document.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <div><a rel="index up" href="/">Home</a><hr><a rel="index up up" href="/">Home</a></div>
    /// let tree: &'static [Row] = &[
    ///     (Some("div"), "", &[], &[1, 3, 4]),
    ///     (Some("a"), "", &[("rel", "index up"), ("href", "/")], &[2]),
    ///     (None, "Home", &[], &[]),
    ///     (Some("hr"), "", &[], &[]),
    ///     (Some("a"), "", &[("rel", "index up up"), ("href", "/")], &[5]),
    ///     (None, "Home", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let hierarchies = links.hierarchies();
    /// // The `hr` splits the text of the `div` into two paragraphs.
    /// assert_eq!(hierarchies[0].after(), None);
    /// assert_eq!(hierarchies[1].after().map(|e| e.local_name()), Some("hr"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn after(&self) -> Option<Element<'d, 'a, N>> {
        self.after
    }

    /// The links with `up` and/or `index` in this scope, in tree order;
    /// each is one link, however many `up` keywords it has.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <p><a rel="up up index" href="/">Home</a> / <a rel="up" href="/docs/">Docs</a></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[], &[1, 3, 4]),
    ///     (Some("a"), "", &[("rel", "up up index"), ("href", "/")], &[2]),
    ///     (None, "Home", &[], &[]),
    ///     (None, " / ", &[], &[]),
    ///     (Some("a"), "", &[("rel", "up"), ("href", "/docs/")], &[5]),
    ///     (None, "Docs", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/docs/intro".parse()?);
    /// let links = Links::from_document(&doc);
    /// let hierarchies = links.hierarchies();
    /// let urls: Vec<_> = hierarchies[0].links().iter().map(|l| l.url_or_href()).collect();
    /// assert_eq!(urls, ["https://example.com/", "https://example.com/docs/"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn links(&self) -> &[&'l Link<'d, 'a, N>] {
        &self.links
    }

    /// The depth of the current document in this hierarchy: the number of
    /// `up` keywords of the links that have both `up` and `index`, the
    /// greatest when they disagree; `None` without such a link.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <head><link rel="index up" href="/"><link rel="index up up up" href="/">
    /// //   <link rel="up" href=".."></head>
    /// let tree: &'static [Row] = &[
    ///     (Some("head"), "", &[], &[1, 2, 3]),
    ///     (Some("link"), "", &[("rel", "index up"), ("href", "/")], &[]),
    ///     (Some("link"), "", &[("rel", "index up up up"), ("href", "/")], &[]),
    ///     (Some("link"), "", &[("rel", "up"), ("href", "..")], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/a/b/c".parse()?);
    /// let links = Links::from_document(&doc);
    /// let hierarchies = links.hierarchies();
    /// // The links with both `up` and `index` disagree: the greatest count wins.
    /// assert_eq!(hierarchies[0].depth(), Some(3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn depth(&self) -> Option<usize> {
        self.depth
    }
}

/// What a [`LinkWarning`] is about.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::Document;
/// use microdata_model::links::{LinkWarningKind, Links};
///
/// // <a rel="next next icon" href="/2">Next</a>
/// let tree: &'static [Row] = &[
///     (Some("a"), "", &[("rel", "next next icon"), ("href", "/2")], &[1]),
///     (None, "Next", &[], &[]),
/// ];
/// let doc = Document::with_url(N(tree, 0), "https://example.com/1".parse()?);
/// let links = Links::from_document(&doc);
/// let kinds: Vec<_> = links.warnings().iter().map(|w| w.kind()).collect();
/// assert_eq!(kinds, [LinkWarningKind::Repeated, LinkWarningKind::NotAllowed]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LinkWarningKind {
    /// A defined keyword on an element where the table says "not allowed"
    /// (`icon` on `a`, `bookmark` on `link`).
    NotAllowed,
    /// A keyword given more than once in one `rel` (only `up` may repeat).
    Repeated,
    /// A synonym (`archive`, `toc`, `previous`, `rev="made"`, …): user
    /// agents honour it, documents must not use it.
    Synonym,
    /// A keyword of an icon's `sizes` that is not `any` or a valid `WxH`
    /// (so represents nothing, or a size too large to keep), or that is
    /// repeated: the attribute "must have a value that is an unordered
    /// set of unique space-separated tokens", each `any` or two valid
    /// non-negative integers without a leading zero separated by `x`.
    Sizes,
    /// An alternative stylesheet (`link rel="alternate stylesheet"`)
    /// without a non-empty `title`, which it must have.
    UntitledAlternateStylesheet,
}

/// The lowercase name, as [`LinkWarningKind::as_str`] gives it.
///
/// ```
/// use microdata_model::links::LinkWarningKind;
///
/// assert_eq!(LinkWarningKind::Repeated.to_string(), "repeated");
/// ```
impl fmt::Display for LinkWarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl LinkWarningKind {
    /// A short lowercase name: `not-allowed`, `repeated`, `synonym`,
    /// `sizes`, `untitled-alternate-stylesheet`.
    ///
    /// # Examples
    ///
    /// ```
    /// use microdata_model::links::LinkWarningKind;
    ///
    /// assert_eq!(LinkWarningKind::NotAllowed.as_str(), "not-allowed");
    /// assert_eq!(LinkWarningKind::Synonym.as_str(), "synonym");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            LinkWarningKind::NotAllowed => "not-allowed",
            LinkWarningKind::Repeated => "repeated",
            LinkWarningKind::Synonym => "synonym",
            LinkWarningKind::Sizes => "sizes",
            LinkWarningKind::UntitledAlternateStylesheet => "untitled-alternate-stylesheet",
        }
    }
}

/// A conformance problem of a link element's keywords.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::Document;
/// use microdata_model::links::{LinkWarningKind, Links};
///
/// // <link rel="alternate stylesheet" href="dark.css">
/// let tree: &'static [Row] = &[
///     (Some("link"), "", &[("rel", "alternate stylesheet"), ("href", "dark.css")], &[]),
/// ];
/// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
/// let links = Links::from_document(&doc);
/// let warning = &links.warnings()[0];
/// assert_eq!(warning.kind(), LinkWarningKind::UntitledAlternateStylesheet);
/// assert_eq!(
///     warning.to_string(),
///     "<link> (#0) is an alternative stylesheet: it needs a non-empty title"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinkWarning<'a> {
    kind: LinkWarningKind,
    element: usize,
    element_name: &'a str,
    keyword: &'a str,
    preferred: Option<&'static str>,
}

impl<'a> LinkWarning<'a> {
    /// What is wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::{LinkWarningKind, Links};
    ///
    /// // <link rel="bookmark" href="/post/1">
    /// let tree: &'static [Row] = &[
    ///     (Some("link"), "", &[("rel", "bookmark"), ("href", "/post/1")], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// // `bookmark` is for `a` and `area` only.
    /// assert_eq!(links.warnings()[0].kind(), LinkWarningKind::NotAllowed);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn kind(&self) -> LinkWarningKind {
        self.kind
    }

    /// The tree-order index of the element (see [`Document::element_at`]).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <body><p>Tags:</p><a rel="tag tag" href="/tags/rust">rust</a></body>
    /// let tree: &'static [Row] = &[
    ///     (Some("body"), "", &[], &[1, 3]),
    ///     (Some("p"), "", &[], &[2]),
    ///     (None, "Tags:", &[], &[]),
    ///     (Some("a"), "", &[("rel", "tag tag"), ("href", "/tags/rust")], &[4]),
    ///     (None, "rust", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let warning = &links.warnings()[0];
    /// let element = doc.element_at(warning.element()).unwrap();
    /// assert_eq!((warning.element(), element.attr("href")), (2, Some("/tags/rust")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn element(&self) -> usize {
        self.element
    }

    /// The element's local name.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <map name="nav"><area rel="icon" href="/icon.png" alt="Icon"></map>
    /// let tree: &'static [Row] = &[
    ///     (Some("map"), "", &[("name", "nav")], &[1]),
    ///     (Some("area"), "", &[("rel", "icon"), ("href", "/icon.png"), ("alt", "Icon")], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let warning = &links.warnings()[0];
    /// assert_eq!((warning.element_name(), warning.keyword()), ("area", "icon"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn element_name(&self) -> &'a str {
        self.element_name
    }

    /// The keyword as written (for [`LinkWarningKind::Sizes`], the
    /// `sizes` keyword).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::{LinkWarningKind, Links};
    ///
    /// // <link rel="icon" sizes="16x16 016x16" href="favicon.png">
    /// let tree: &'static [Row] = &[
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[("rel", "icon"), ("sizes", "16x16 016x16"), ("href", "favicon.png")],
    ///         &[],
    ///     ),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let warning = &links.warnings()[0];
    /// assert_eq!(warning.kind(), LinkWarningKind::Sizes);
    /// assert_eq!(warning.keyword(), "016x16"); // a leading zero: it represents nothing
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn keyword(&self) -> &'a str {
        self.keyword
    }

    /// For a synonym, the keyword to use instead.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <div><a rel="toc" href="/">Contents</a>
    /// //   <link rev="made" href="mailto:ann@example.com"></div>
    /// let tree: &'static [Row] = &[
    ///     (Some("div"), "", &[], &[1, 3]),
    ///     (Some("a"), "", &[("rel", "toc"), ("href", "/")], &[2]),
    ///     (None, "Contents", &[], &[]),
    ///     (Some("link"), "", &[("rev", "made"), ("href", "mailto:ann@example.com")], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let preferred: Vec<_> =
    ///     links.warnings().iter().map(|w| (w.keyword(), w.preferred())).collect();
    /// assert_eq!(preferred, [("toc", Some("index")), ("made", Some("author"))]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn preferred(&self) -> Option<&'static str> {
        self.preferred
    }
}

impl fmt::Display for LinkWarning<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, index, keyword) = (self.element_name, self.element, self.keyword);
        match self.kind {
            LinkWarningKind::NotAllowed => {
                write!(
                    f,
                    "link type {keyword:?} is not allowed on <{name}> (#{index})"
                )
            }
            LinkWarningKind::Repeated => {
                write!(
                    f,
                    "link type {keyword:?} is repeated on <{name}> (#{index})"
                )
            }
            LinkWarningKind::Synonym => {
                let attr = if keyword.eq_ignore_ascii_case("made") {
                    "rev"
                } else {
                    "rel"
                };
                write!(
                    f,
                    "{attr}={keyword:?} on <{name}> (#{index}) is a synonym of {:?}: use that",
                    self.preferred.unwrap_or("")
                )
            }
            LinkWarningKind::UntitledAlternateStylesheet => write!(
                f,
                "<{name}> (#{index}) is an alternative stylesheet: it needs a non-empty title"
            ),
            LinkWarningKind::Sizes => match size_keyword(keyword) {
                Ok(_) => write!(
                    f,
                    "sizes keyword {keyword:?} is repeated on <{name}> (#{index})"
                ),
                Err(SizeProblem::TooLarge) => write!(
                    f,
                    "sizes keyword {keyword:?} on <{name}> (#{index}) is too large to represent: ignored"
                ),
                Err(SizeProblem::Nothing) => write!(
                    f,
                    "sizes keyword {keyword:?} on <{name}> (#{index}) is not \"any\" or WxH (digits without a leading zero, x or X between): it represents nothing"
                ),
            },
        }
    }
}

/// Every link of a document, the facts derived from them, and the
/// conformance warnings.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::Document;
/// use microdata_model::links::Links;
///
/// // <head><link rel="icon" href="/favicon.ico"><link rel="license" href="/terms"></head>
/// let tree: &'static [Row] = &[
///     (Some("head"), "", &[], &[1, 2]),
///     (Some("link"), "", &[("rel", "icon"), ("href", "/favicon.ico")], &[]),
///     (Some("link"), "", &[("rel", "license"), ("href", "/terms")], &[]),
/// ];
/// let doc = Document::with_url(N(tree, 0), "https://example.com/blog/".parse()?);
/// let links = Links::from_document(&doc);
/// assert_eq!(links.icons().count(), 1);
/// let license = links.license().next().map(|l| l.url_or_href());
/// assert_eq!(license, Some("https://example.com/terms"));
/// assert!(links.warnings().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Links<'d, 'a, N: Node<'a>> {
    doc: &'d Document<'a, N>,
    links: Vec<Link<'d, 'a, N>>,
    warnings: Vec<LinkWarning<'a>>,
}

impl<'d, 'a, N: Node<'a>> Links<'d, 'a, N> {
    /// Reads the `rel` (and `rev="made"`) of every HTML `link`, `a` and
    /// `area` element of `doc`. Linear in the document size plus the
    /// length of the resolved URLs ([`Links::try_from_document`] bounds
    /// those).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <div><a href="/">Home</a><a>Top</a><link rel="next" href="2"></div>
    /// let tree: &'static [Row] = &[
    ///     (Some("div"), "", &[], &[1, 3, 5]),
    ///     (Some("a"), "", &[("href", "/")], &[2]),
    ///     (None, "Home", &[], &[]),
    ///     (Some("a"), "", &[], &[4]),
    ///     (None, "Top", &[], &[]),
    ///     (Some("link"), "", &[("rel", "next"), ("href", "2")], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/1".parse()?);
    /// let links = Links::from_document(&doc);
    /// // An element without `href` creates no link.
    /// let hrefs: Vec<_> = links.links().iter().map(|l| l.href()).collect();
    /// assert_eq!(hrefs, ["/", "2"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_document(doc: &'d Document<'a, N>) -> Self {
        match Self::build(doc, crate::Limits::none()) {
            Ok(links) => links,
            // No limit is ever reached without limits.
            Err(_) => Links {
                doc,
                links: Vec::new(),
                warnings: Vec::new(),
            },
        }
    }

    /// [`Links::from_document`] within `limits.max_output_bytes`, counted
    /// as the bytes of the resolved URLs kept.
    ///
    /// The links are linear in the page, their URLs are not: each is
    /// resolved against the base URL, so a long `<base href>` above many
    /// links asks for their number times its length. The error says so
    /// instead of holding them all.
    ///
    /// # Errors
    ///
    /// A [`LimitError`](crate::LimitError) for
    /// [`Limit::OutputBytes`](crate::Limit::OutputBytes) once the resolved
    /// URLs pass `max_output_bytes`.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::links::Links;
    /// use microdata_model::{Document, Limit, Limits};
    ///
    /// // <div><a href="a">A</a><a href="b">B</a></div>
    /// let tree: &'static [Row] = &[
    ///     (Some("div"), "", &[], &[1, 2]),
    ///     (Some("a"), "", &[("href", "a")], &[]),
    ///     (Some("a"), "", &[("href", "b")], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let small = Limits::default().with_max_output_bytes(30);
    /// let err = Links::try_from_document(&doc, &small).unwrap_err();
    /// assert_eq!(err.limit(), Limit::OutputBytes);
    /// let links = Links::try_from_document(&doc, &Limits::default())?;
    /// assert_eq!(links.links().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_from_document(
        doc: &'d Document<'a, N>,
        limits: &crate::Limits,
    ) -> Result<Self, crate::LimitError> {
        Self::build(doc, *limits)
    }

    fn build(doc: &'d Document<'a, N>, limits: crate::Limits) -> Result<Self, crate::LimitError> {
        let n = doc.len();
        let mut url_bytes = 0usize;
        // Per element, in one pass over tree order (parents come first):
        // the paragraph scope (settled for the children of each element
        // visited) and the nearest `article` ancestor of its children.
        let mut paragraphs = Paragraphs::new(n);
        let mut child_article: Vec<Option<u32>> = Vec::with_capacity(n);
        let mut links = Vec::new();
        let mut warnings = Vec::new();
        for el in doc.elements() {
            paragraphs.visit(&el);
            let article = el.parent().and_then(|p| child_article[p.index()]);
            let i = el.index() as u32;
            child_article.push(if el.is("article") { Some(i) } else { article });

            if !(el.is("link") || el.is("a") || el.is("area")) {
                continue;
            }
            let keywords = keywords_of(&el, &mut warnings);
            let Some(href) = el.attr("href") else {
                // No href: no links, but the warnings stand.
                continue;
            };
            let implied = !el.is("link")
                && !keywords
                    .iter()
                    .any(|k| k.effect == Some(LinkEffect::Hyperlink));
            let url = doc.resolve_url(href.trim_matches(crate::is_ascii_whitespace));
            url_bytes = url_bytes.saturating_add(url.as_ref().map_or(0, |u| u.as_str().len()));
            limits.check_output(url_bytes)?;
            links.push(Link {
                element: el,
                href,
                url,
                keywords,
                implied,
                paragraph: None,
                article: article.map(|a| a as usize),
            });
        }
        // Whether a run of phrasing content is a paragraph is known once
        // the whole run has been seen.
        for link in &mut links {
            link.paragraph = paragraphs.paragraph_of(link.element.index());
        }
        Ok(Links {
            doc,
            links,
            warnings,
        })
    }

    /// The document.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <head><base href="https://cdn.example.net/"><link rel="icon" href="icon.png"></head>
    /// let tree: &'static [Row] = &[
    ///     (Some("head"), "", &[], &[1, 2]),
    ///     (Some("base"), "", &[("href", "https://cdn.example.net/")], &[]),
    ///     (Some("link"), "", &[("rel", "icon"), ("href", "icon.png")], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// // URLs resolve against the document's base URL.
    /// let base = links.document().base_url().map(|u| u.as_str());
    /// assert_eq!(base, Some("https://cdn.example.net/"));
    /// assert_eq!(links.links()[0].url_or_href(), "https://cdn.example.net/icon.png");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn document(&self) -> &'d Document<'a, N> {
        self.doc
    }

    /// Every `link`, `a` and `area` element with an `href`, in tree order
    /// (plain `a href` hyperlinks included: their
    /// [implied hyperlink](Link::is_implied_hyperlink)).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <div><link rel="stylesheet" href="/site.css"><a href="/about">About</a></div>
    /// let tree: &'static [Row] = &[
    ///     (Some("div"), "", &[], &[1, 2]),
    ///     (Some("link"), "", &[("rel", "stylesheet"), ("href", "/site.css")], &[]),
    ///     (Some("a"), "", &[("href", "/about")], &[3]),
    ///     (None, "About", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let all: Vec<_> = links.links().iter().map(|l| (l.element_name(), l.href())).collect();
    /// assert_eq!(all, [("link", "/site.css"), ("a", "/about")]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn links(&self) -> &[Link<'d, 'a, N>] {
        &self.links
    }

    /// The conformance warnings, in tree order.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <a rel="archive" href="/2009/">2009</a>
    /// let tree: &'static [Row] = &[
    ///     (Some("a"), "", &[("rel", "archive"), ("href", "/2009/")], &[1]),
    ///     (None, "2009", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let messages: Vec<_> = links.warnings().iter().map(|w| w.to_string()).collect();
    /// assert_eq!(messages, [r#"rel="archive" on <a> (#0) is a synonym of "archives": use that"#]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn warnings(&self) -> &[LinkWarning<'a>] {
        &self.warnings
    }

    /// The links with the keyword `name` allowed on their element, in tree
    /// order. Synonyms count as their keyword; colon-less names compare
    /// ASCII case-insensitively.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <nav><a rel="Previous" href="/1">1</a><a rel="next" href="/3">3</a></nav>
    /// let tree: &'static [Row] = &[
    ///     (Some("nav"), "", &[], &[1, 3]),
    ///     (Some("a"), "", &[("rel", "Previous"), ("href", "/1")], &[2]),
    ///     (None, "1", &[], &[]),
    ///     (Some("a"), "", &[("rel", "next"), ("href", "/3")], &[4]),
    ///     (None, "3", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/2".parse()?);
    /// let links = Links::from_document(&doc);
    /// // Synonyms count as their keyword, in the document and in the query.
    /// let prev: Vec<_> = links.with_type("prev").map(|l| l.href()).collect();
    /// assert_eq!(prev, ["/1"]);
    /// assert_eq!(links.with_type("PREVIOUS").count(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_type<'s>(
        &'s self,
        name: &'s str,
    ) -> impl Iterator<Item = &'s Link<'d, 'a, N>> + 's {
        let keyword = keyword_of(name);
        self.links.iter().filter(move |l| l.has_keyword(keyword))
    }

    /// The default syndication feed: the first element in tree order with
    /// `alternate` and type `application/rss+xml` or `application/atom+xml`
    /// (feed autodiscovery).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <head><link rel="alternate" type="application/rss+xml" href="/rss">
    /// //   <link rel="alternate" type="application/atom+xml" href="/atom"></head>
    /// let tree: &'static [Row] = &[
    ///     (Some("head"), "", &[], &[1, 2]),
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[("rel", "alternate"), ("type", "application/rss+xml"), ("href", "/rss")],
    ///         &[],
    ///     ),
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[("rel", "alternate"), ("type", "application/atom+xml"), ("href", "/atom")],
    ///         &[],
    ///     ),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let feed = links.default_feed().map(|l| l.url_or_href());
    /// assert_eq!(feed, Some("https://example.com/rss"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn default_feed(&self) -> Option<&Link<'d, 'a, N>> {
        self.feeds().next()
    }

    /// Every syndication feed link, in tree order.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <head><link rel="alternate" type="application/rss+xml" href="/rss">
    /// //   <link rel="alternate" type="text/html" hreflang="fr" href="/fr/">
    /// //   <link rel="alternate" type="application/atom+xml" href="/atom"></head>
    /// let tree: &'static [Row] = &[
    ///     (Some("head"), "", &[], &[1, 2, 3]),
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[("rel", "alternate"), ("type", "application/rss+xml"), ("href", "/rss")],
    ///         &[],
    ///     ),
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[
    ///             ("rel", "alternate"),
    ///             ("type", "text/html"),
    ///             ("hreflang", "fr"),
    ///             ("href", "/fr/"),
    ///         ],
    ///         &[],
    ///     ),
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[("rel", "alternate"), ("type", "application/atom+xml"), ("href", "/atom")],
    ///         &[],
    ///     ),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let feeds: Vec<_> = links.feeds().map(|l| l.href()).collect();
    /// assert_eq!(feeds, ["/rss", "/atom"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn feeds(&self) -> impl Iterator<Item = &Link<'d, 'a, N>> + '_ {
        self.links.iter().filter(|l| l.is_feed())
    }

    /// The `alternate` hyperlinks (not alternative stylesheets), in tree
    /// order.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <head><link rel="alternate stylesheet" title="Dark" href="dark.css">
    /// //   <link rel="alternate" hreflang="de" href="/de/"></head>
    /// let tree: &'static [Row] = &[
    ///     (Some("head"), "", &[], &[1, 2]),
    ///     (
    ///         Some("link"),
    ///         "",
    ///         &[("rel", "alternate stylesheet"), ("title", "Dark"), ("href", "dark.css")],
    ///         &[],
    ///     ),
    ///     (Some("link"), "", &[("rel", "alternate"), ("hreflang", "de"), ("href", "/de/")], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// // An alternative stylesheet is no alternate representation of the page.
    /// let alternates: Vec<_> = links.alternates().map(|a| a.link().href()).collect();
    /// assert_eq!(alternates, ["/de/"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn alternates(&self) -> impl Iterator<Item = Alternate<'_, 'd, 'a, N>> + '_ {
        // "that attribute's value differs from the root element's language"
        let root_lang = self.doc.element_at(0).and_then(|r| r.lang()).unwrap_or("");
        self.links
            .iter()
            .filter(|l| l.has_effect("alternate", LinkEffect::Hyperlink))
            .map(move |link| Alternate {
                link,
                // The text's translation and reformulation are facts about
                // an "alternate representation", which feeds are not.
                translation: !link.is_feed()
                    && link
                        .hreflang()
                        .is_some_and(|h| !h.eq_ignore_ascii_case(root_lang)),
            })
    }

    /// The icons (`link rel=icon`) with their parsed sizes, in tree order
    /// (user agents use the last of equally appropriate ones).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <body><link rel="icon" href="/favicon.ico"><a rel="icon" href="/logo.png">Logo</a></body>
    /// let tree: &'static [Row] = &[
    ///     (Some("body"), "", &[], &[1, 2]),
    ///     (Some("link"), "", &[("rel", "icon"), ("href", "/favicon.ico")], &[]),
    ///     (Some("a"), "", &[("rel", "icon"), ("href", "/logo.png")], &[3]),
    ///     (None, "Logo", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// // `icon` is not allowed on `a`.
    /// let icons: Vec<_> = links.icons().map(|i| i.link().href()).collect();
    /// assert_eq!(icons, ["/favicon.ico"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn icons(&self) -> impl Iterator<Item = Icon<'_, 'd, 'a, N>> + '_ {
        self.with_type("icon").map(|link| Icon {
            link,
            sizes: link.sizes().map(parse_sizes),
        })
    }

    /// The `up`/`index` links grouped by scope (the paragraph each link is
    /// in, or the document), scopes in the order their first link appears.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <body><p><a rel="index up" href="/">Home</a></p>
    /// //   <p><a rel="index up up" href="/">Home</a> / <a rel="up" href="/docs/">Docs</a></p>
    /// // </body>
    /// let tree: &'static [Row] = &[
    ///     (Some("body"), "", &[], &[1, 4]),
    ///     (Some("p"), "", &[], &[2]),
    ///     (Some("a"), "", &[("rel", "index up"), ("href", "/")], &[3]),
    ///     (None, "Home", &[], &[]),
    ///     (Some("p"), "", &[], &[5, 7, 8]),
    ///     (Some("a"), "", &[("rel", "index up up"), ("href", "/")], &[6]),
    ///     (None, "Home", &[], &[]),
    ///     (None, " / ", &[], &[]),
    ///     (Some("a"), "", &[("rel", "up"), ("href", "/docs/")], &[9]),
    ///     (None, "Docs", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/docs/intro".parse()?);
    /// let links = Links::from_document(&doc);
    /// // One scope per paragraph: (depth, number of links).
    /// let scopes: Vec<_> =
    ///     links.hierarchies().iter().map(|h| (h.depth(), h.links().len())).collect();
    /// assert_eq!(scopes, [(Some(1), 1), (Some(2), 2)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hierarchies(&self) -> Vec<Hierarchy<'_, 'd, 'a, N>> {
        let mut out: Vec<Hierarchy<'_, 'd, 'a, N>> = Vec::new();
        // Scope (paragraph, `None` for the document) → slot in `out`.
        let mut scopes: HashMap<Option<(usize, Option<usize>)>, usize> = HashMap::new();
        for link in &self.links {
            let ups = link.up_count();
            let index = link.has_keyword("index");
            if ups == 0 && !index {
                continue;
            }
            let slot = match scopes.get(&link.paragraph) {
                Some(&slot) => slot,
                None => {
                    scopes.insert(link.paragraph, out.len());
                    out.push(Hierarchy {
                        paragraph: link.paragraph.and_then(|(p, _)| self.doc.element_at(p)),
                        after: link
                            .paragraph
                            .and_then(|(_, a)| a)
                            .and_then(|a| self.doc.element_at(a)),
                        links: Vec::new(),
                        depth: None,
                    });
                    out.len() - 1
                }
            };
            let h = &mut out[slot];
            h.links.push(link);
            // "the link with the greater number of up keywords must be taken
            // as giving the depth of the document"
            if index && ups > 0 {
                h.depth = Some(h.depth.map_or(ups, |d| d.max(ups)));
            }
        }
        out
    }

    /// `first` links (synonyms `begin`, `start`).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <link rel="begin" href="/chapter/1">
    /// let tree: &'static [Row] = &[
    ///     (Some("link"), "", &[("rel", "begin"), ("href", "/chapter/1")], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/chapter/5".parse()?);
    /// let links = Links::from_document(&doc);
    /// let first: Vec<_> = links.first().map(|l| l.url_or_href()).collect();
    /// assert_eq!(first, ["https://example.com/chapter/1"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn first(&self) -> impl Iterator<Item = &Link<'d, 'a, N>> + '_ {
        self.with_type("first")
    }

    /// `prev` links (synonym `previous`).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <a rel="prev" href="?page=1">Newer posts</a>
    /// let tree: &'static [Row] = &[
    ///     (Some("a"), "", &[("rel", "prev"), ("href", "?page=1")], &[1]),
    ///     (None, "Newer posts", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/blog?page=2".parse()?);
    /// let links = Links::from_document(&doc);
    /// let prev: Vec<_> = links.prev().map(|l| l.url_or_href()).collect();
    /// assert_eq!(prev, ["https://example.com/blog?page=1"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn prev(&self) -> impl Iterator<Item = &Link<'d, 'a, N>> + '_ {
        self.with_type("prev")
    }

    /// `next` links.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <a rel="next" href="?page=3">Older posts</a>
    /// let tree: &'static [Row] = &[
    ///     (Some("a"), "", &[("rel", "next"), ("href", "?page=3")], &[1]),
    ///     (None, "Older posts", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/blog?page=2".parse()?);
    /// let links = Links::from_document(&doc);
    /// let next: Vec<_> = links.next().map(|l| l.url_or_href()).collect();
    /// assert_eq!(next, ["https://example.com/blog?page=3"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn next(&self) -> impl Iterator<Item = &Link<'d, 'a, N>> + '_ {
        self.with_type("next")
    }

    /// `last` links (synonym `end`).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <link rel="end" href="/chapter/12">
    /// let tree: &'static [Row] = &[
    ///     (Some("link"), "", &[("rel", "end"), ("href", "/chapter/12")], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/chapter/5".parse()?);
    /// let links = Links::from_document(&doc);
    /// let last: Vec<_> = links.last().map(|l| l.url_or_href()).collect();
    /// assert_eq!(last, ["https://example.com/chapter/12"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn last(&self) -> impl Iterator<Item = &Link<'d, 'a, N>> + '_ {
        self.with_type("last")
    }

    /// `license` links (synonym `copyright`).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <small><a rel="copyright" href="/legal">© 2010 Example</a></small>
    /// let tree: &'static [Row] = &[
    ///     (Some("small"), "", &[], &[1]),
    ///     (Some("a"), "", &[("rel", "copyright"), ("href", "/legal")], &[2]),
    ///     (None, "© 2010 Example", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let license: Vec<_> = links.license().map(|l| l.url_or_href()).collect();
    /// assert_eq!(license, ["https://example.com/legal"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn license(&self) -> impl Iterator<Item = &Link<'d, 'a, N>> + '_ {
        self.with_type("license")
    }

    /// `author` links, `rev="made"` included.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <div><a rel="author" href="/about">Ann</a>
    /// //   <link rev="made" href="mailto:ann@example.com"></div>
    /// let tree: &'static [Row] = &[
    ///     (Some("div"), "", &[], &[1, 3]),
    ///     (Some("a"), "", &[("rel", "author"), ("href", "/about")], &[2]),
    ///     (None, "Ann", &[], &[]),
    ///     (Some("link"), "", &[("rev", "made"), ("href", "mailto:ann@example.com")], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let author: Vec<_> = links.author().map(|l| l.url_or_href()).collect();
    /// assert_eq!(author, ["https://example.com/about", "mailto:ann@example.com"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn author(&self) -> impl Iterator<Item = &Link<'d, 'a, N>> + '_ {
        self.with_type("author")
    }

    /// `search` links.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <link rel="search" href="/opensearch.xml">
    /// let tree: &'static [Row] = &[
    ///     (Some("link"), "", &[("rel", "search"), ("href", "/opensearch.xml")], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// let search: Vec<_> = links.search().map(|l| l.url_or_href()).collect();
    /// assert_eq!(search, ["https://example.com/opensearch.xml"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search(&self) -> impl Iterator<Item = &Link<'d, 'a, N>> + '_ {
        self.with_type("search")
    }

    /// `pingback` links (on `link` elements only).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::links::Links;
    ///
    /// // <div><link rel="pingback" href="/xmlrpc"><a rel="pingback" href="/ping">Ping</a></div>
    /// let tree: &'static [Row] = &[
    ///     (Some("div"), "", &[], &[1, 2]),
    ///     (Some("link"), "", &[("rel", "pingback"), ("href", "/xmlrpc")], &[]),
    ///     (Some("a"), "", &[("rel", "pingback"), ("href", "/ping")], &[3]),
    ///     (None, "Ping", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let links = Links::from_document(&doc);
    /// // `pingback` on `a` is not allowed and creates nothing.
    /// let pingback: Vec<_> = links.pingback().map(|l| l.url_or_href()).collect();
    /// assert_eq!(pingback, ["https://example.com/xmlrpc"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pingback(&self) -> impl Iterator<Item = &Link<'d, 'a, N>> + '_ {
        self.with_type("pingback")
    }
}

/// The keywords of one `link`/`a`/`area` element, with their warnings.
fn keywords_of<'d, 'a, N: Node<'a>>(
    el: &Element<'d, 'a, N>,
    warnings: &mut Vec<LinkWarning<'a>>,
) -> Vec<Keyword<'a>> {
    let element_name = el.local_name();
    let stylesheet_link = el.is("link")
        && el.attr("rel").is_some_and(|rel| {
            split_ascii_whitespace(rel).any(|t| t.eq_ignore_ascii_case("stylesheet"))
        });
    let mut keywords: Vec<Keyword<'a>> = Vec::new();
    // The tokens met so far, as keywords compare (an attribute of 100,000
    // tokens stays linear).
    let mut seen: NameIndex<Cow<'a, str>> = NameIndex::default();
    let warn = |warnings: &mut Vec<LinkWarning<'a>>, kind, keyword, preferred| {
        warnings.push(LinkWarning {
            kind,
            element: el.index(),
            element_name,
            keyword,
            preferred,
        });
    };
    for token in el
        .attr("rel")
        .map(split_ascii_whitespace)
        .into_iter()
        .flatten()
    {
        let (name, link_type, synonym) = match link_type(token) {
            Some((t, synonym)) => (Cow::Borrowed(t.name), Some(t), synonym),
            None if token.contains(':') => (Cow::Borrowed(token), None, false),
            None if token.bytes().any(|b| b.is_ascii_uppercase()) => {
                (Cow::Owned(token.to_ascii_lowercase()), None, false)
            }
            None => (Cow::Borrowed(token), None, false),
        };
        // "a keyword must not be specified more than once per rel
        // attribute", except `up` ("may be repeated"). Tokens compare as
        // keywords do; a synonym next to its keyword (`prev previous`) is
        // reported as a synonym, not as a repetition.
        let first = seen.index(keyword_key(token)).1;
        if !first && name != "up" {
            warn(warnings, LinkWarningKind::Repeated, token, None);
        }
        if synonym {
            warn(
                warnings,
                LinkWarningKind::Synonym,
                token,
                link_type.map(|t| t.name),
            );
        }
        let mut effect = link_type.and_then(|t| t.effect_on(element_name));
        if link_type.is_some() && effect.is_none() {
            warn(warnings, LinkWarningKind::NotAllowed, token, None);
        }
        // "alternate": on a `link` with `stylesheet` it "does not create a
        // link of its own" but modifies the stylesheet link.
        if name == "alternate" && stylesheet_link {
            effect = Some(LinkEffect::Annotation);
            // "in this case, the title attribute must be specified on the
            // link element, with a non-empty value."
            if first && el.attr("title").is_none_or(str::is_empty) {
                warn(
                    warnings,
                    LinkWarningKind::UntitledAlternateStylesheet,
                    token,
                    None,
                );
            }
        }
        keywords.push(Keyword {
            written: token,
            name,
            link_type,
            synonym,
            from_rev: false,
            effect,
        });
    }
    // Synonym: "link, a, and area elements that have a rev attribute with
    // the value made" are treated as having the author keyword. `rev`
    // holds link types like `rel`, so the value is compared as a keyword:
    // ASCII case-insensitively, with the whitespace around it dropped.
    if let Some(rev) = el.attr("rev") {
        let made = rev.trim_matches(crate::is_ascii_whitespace);
        if made.eq_ignore_ascii_case("made") {
            warn(warnings, LinkWarningKind::Synonym, made, Some("author"));
            keywords.push(Keyword {
                written: made,
                name: Cow::Borrowed("author"),
                link_type: Some(author_type()),
                synonym: true,
                from_rev: true,
                effect: author_type().effect_on(element_name),
            });
        }
    }
    // An icon's `sizes`: keywords that represent no size, and repeats.
    let icon = keywords
        .iter()
        .any(|k| k.name == "icon" && k.effect.is_some());
    if let Some(sizes) = el.attr("sizes").filter(|_| icon) {
        // "An unordered set of unique space-separated tokens which are
        // ASCII case-insensitive": `ANY` repeats `any`, `16X16` `16x16`.
        let mut seen: NameIndex<Cow<'a, str>> = NameIndex::default();
        for token in split_ascii_whitespace(sizes) {
            let new = seen.index(lowercase_key(token)).1;
            if !new || size_keyword(token).is_err() {
                warn(warnings, LinkWarningKind::Sizes, token, None);
            }
        }
    }
    keywords
}

#[cfg(feature = "json")]
mod json {
    use super::{Link, Links};
    use crate::json::Writer;
    use crate::limits::Limits;
    use crate::node::Node;

    // Written as a stream, object keys in sorted order.

    fn url<'a, N: Node<'a>>(w: &mut Writer, link: &Link<'_, 'a, N>) {
        w.string(link.url_or_href());
    }

    fn urls<'l, 'd: 'l, 'a: 'd, N: Node<'a>>(
        w: &mut Writer,
        links: impl Iterator<Item = &'l Link<'d, 'a, N>>,
    ) {
        w.begin('[');
        for link in links {
            url(w, link);
        }
        w.end(']');
    }

    fn bool(w: &mut Writer, b: bool) {
        w.literal(if b { "true" } else { "false" });
    }

    impl<'d, 'a, N: Node<'a>> Links<'d, 'a, N> {
        /// The links and derived facts as one JSON object (what
        /// `microdata --format links` prints):
        ///
        /// - `links`: every `link`/`a`/`area` with an `href`: `element`,
        ///   `index` (tree order), `href`, `url` (resolved, or `null`),
        ///   `keywords` (`keyword`, `written`, `effect` or `null`), `implied`
        ///   (the implied hyperlink), and `type`, `media`, `hreflang`,
        ///   `title`, `sizes` when present;
        /// - `feed` (the default feed's URL or `null`) and `feeds`;
        /// - `alternates` (`url`, `feed`, `translation`, `reformulation`,
        ///   `type`, `media`, `hreflang`);
        /// - `icons` (`url`, `sizes`: `["any", "16x16", …]` or `null`, `type`);
        /// - `hierarchies` (`paragraph` index or `null`, `paragraph_after`
        ///   index or `null` (see [`Hierarchy::after`](super::Hierarchy::after)), `depth`, `links`
        ///   with `url`, `up`, `index`);
        /// - `first`, `prev`, `next`, `last`, `license`, `author`, `search`,
        ///   `pingback`: URL lists;
        /// - `warnings` (`kind`, `element`, `index`, `keyword`, `message`).
        ///
        /// URLs are resolved against the document base URL; an `href` that
        /// does not resolve is given as written.
        ///
        /// # Examples
        ///
        /// ```
        /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
        /// # use tree::{N, Row};
        /// use microdata_model::Document;
        /// use microdata_model::links::Links;
        ///
        /// // <a rel="next" href="/page/2">Older posts</a>
        /// let tree: &'static [Row] = &[
        ///     (Some("a"), "", &[("rel", "next"), ("href", "/page/2")], &[1]),
        ///     (None, "Older posts", &[], &[]),
        /// ];
        /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
        /// let links = Links::from_document(&doc);
        /// let json: serde_json::Value = serde_json::from_str(&links.to_json())?;
        /// assert_eq!(json["next"], serde_json::json!(["https://example.com/page/2"]));
        /// assert_eq!(json["links"][0]["keywords"][0]["effect"], "hyperlink");
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        pub fn to_json(&self) -> String {
            self.json(false)
        }

        /// [`to_json`](Self::to_json) indented for people to read.
        ///
        /// # Examples
        ///
        /// ```
        /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
        /// # use tree::{N, Row};
        /// use microdata_model::Document;
        /// use microdata_model::links::Links;
        ///
        /// // <link rel="icon" href="/favicon.ico">
        /// let tree: &'static [Row] = &[
        ///     (Some("link"), "", &[("rel", "icon"), ("href", "/favicon.ico")], &[]),
        /// ];
        /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
        /// let links = Links::from_document(&doc);
        /// let json = links.to_json_pretty();
        /// // Two-space indentation, keys in sorted order.
        /// let mut lines = json.lines();
        /// assert_eq!(lines.next(), Some("{"));
        /// assert_eq!(lines.next(), Some(r#"  "alternates": [],"#));
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        pub fn to_json_pretty(&self) -> String {
            self.json(true)
        }

        fn json(&self, pretty: bool) -> String {
            let mut w = Writer::new(pretty, Limits::none());
            self.write_json(&mut w);
            w.into_string()
        }

        fn write_json(&self, w: &mut Writer) {
            w.begin('{');

            w.key("alternates");
            w.begin('[');
            for a in self.alternates() {
                w.begin('{');
                w.key("feed");
                bool(w, a.is_feed());
                w.key("hreflang");
                w.opt_string(a.link().hreflang());
                w.key("media");
                w.opt_string(a.media());
                w.key("reformulation");
                bool(w, a.is_reformulation());
                w.key("translation");
                bool(w, a.is_translation());
                w.key("type");
                w.opt_string(a.link().mime_type());
                w.key("url");
                url(w, a.link());
                w.end('}');
            }
            w.end(']');

            w.key("author");
            urls(w, self.author());
            w.key("feed");
            match self.default_feed() {
                Some(link) => url(w, link),
                None => w.literal("null"),
            }
            w.key("feeds");
            urls(w, self.feeds());
            w.key("first");
            urls(w, self.first());

            w.key("hierarchies");
            w.begin('[');
            for h in self.hierarchies() {
                w.begin('{');
                w.key("depth");
                w.opt_number(h.depth());
                w.key("links");
                w.begin('[');
                for l in h.links() {
                    w.begin('{');
                    w.key("index");
                    bool(w, l.has_keyword("index"));
                    w.key("up");
                    w.number(l.up_count());
                    w.key("url");
                    url(w, l);
                    w.end('}');
                }
                w.end(']');
                w.key("paragraph");
                w.opt_number(h.paragraph().map(|p| p.index()));
                w.key("paragraph_after");
                w.opt_number(h.after().map(|p| p.index()));
                w.end('}');
            }
            w.end(']');

            w.key("icons");
            w.begin('[');
            for i in self.icons() {
                w.begin('{');
                w.key("sizes");
                match i.sizes() {
                    Some(sizes) => {
                        w.begin('[');
                        for size in sizes {
                            w.string(&size.to_string());
                        }
                        w.end(']');
                    }
                    None => w.literal("null"),
                }
                w.key("type");
                w.opt_string(i.link().mime_type());
                w.key("url");
                url(w, i.link());
                w.end('}');
            }
            w.end(']');

            w.key("last");
            urls(w, self.last());
            w.key("license");
            urls(w, self.license());

            w.key("links");
            w.begin('[');
            for l in &self.links {
                w.begin('{');
                w.key("element");
                w.string(l.element_name());
                w.key("href");
                w.string(l.href);
                let attr = |name: &str| l.element.attr(name);
                if let Some(v) = attr("hreflang") {
                    w.key("hreflang");
                    w.string(v);
                }
                w.key("implied");
                bool(w, l.implied);
                w.key("index");
                w.number(l.element.index());
                w.key("keywords");
                w.begin('[');
                for k in &l.keywords {
                    w.begin('{');
                    w.key("effect");
                    w.opt_string(k.effect().map(|e| e.as_str()));
                    w.key("keyword");
                    w.string(k.name());
                    w.key("written");
                    w.string(k.written());
                    w.end('}');
                }
                w.end(']');
                for name in ["media", "sizes", "title", "type"] {
                    if let Some(v) = attr(name) {
                        w.key(name);
                        w.string(v);
                    }
                }
                w.key("url");
                w.opt_string(l.url().map(|u| u.as_str()));
                w.end('}');
            }
            w.end(']');

            w.key("next");
            urls(w, self.next());
            w.key("pingback");
            urls(w, self.pingback());
            w.key("prev");
            urls(w, self.prev());
            w.key("search");
            urls(w, self.search());

            w.key("warnings");
            w.begin('[');
            for warning in &self.warnings {
                w.begin('{');
                w.key("element");
                w.string(warning.element_name());
                w.key("index");
                w.number(warning.element());
                w.key("keyword");
                w.string(warning.keyword());
                w.key("kind");
                w.string(warning.kind().as_str());
                w.key("message");
                w.string(&warning.to_string());
                w.end('}');
            }
            w.end(']');

            w.end('}');
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::tests::{H, Tree};

    /// Builds a tree from a tiny tag syntax: start tags with attributes
    /// (quoted or bare), end tags, text; no implied tags, no entities;
    /// `link`, `meta`, `img`, `br`, `area`, `base`, `hr` are void.
    fn markup(src: &str) -> Tree {
        let mut t = Tree::new();
        let mut stack = vec![0usize];
        let mut rest = src;
        while !rest.is_empty() {
            if let Some(after) = rest.strip_prefix("</") {
                let end = after.find('>').unwrap();
                stack.pop();
                rest = &after[end + 1..];
            } else if let Some(after) = rest.strip_prefix('<') {
                let end = after.find('>').unwrap();
                let (name, attrs) = parse_tag(&after[..end]);
                let attrs: Vec<(&str, &str)> = attrs
                    .iter()
                    .map(|(n, v)| (n.as_str(), v.as_str()))
                    .collect();
                let id = t.el(*stack.last().unwrap(), &name, &attrs);
                if !["link", "meta", "img", "br", "area", "base", "hr", "input"]
                    .contains(&name.as_str())
                {
                    stack.push(id);
                }
                rest = &after[end + 1..];
            } else {
                let end = rest.find('<').unwrap_or(rest.len());
                t.text(*stack.last().unwrap(), &rest[..end]);
                rest = &rest[end..];
            }
        }
        t
    }

    fn parse_tag(tag: &str) -> (String, Vec<(String, String)>) {
        let tag = tag.trim();
        let (name, mut rest) = tag.split_once(' ').unwrap_or((tag, ""));
        let mut attrs = Vec::new();
        loop {
            rest = rest.trim_start();
            if rest.is_empty() {
                break;
            }
            let end = rest.find(['=', ' ']).unwrap_or(rest.len());
            let attr = rest[..end].to_owned();
            rest = &rest[end..];
            let value = if let Some(v) = rest.strip_prefix('=') {
                let quote = v.chars().next().filter(|c| *c == '"' || *c == '\'');
                let (value, after) = match quote {
                    Some(q) => {
                        let close = v[1..].find(q).unwrap() + 1;
                        (&v[1..close], &v[close + 1..])
                    }
                    None => {
                        let close = v.find(' ').unwrap_or(v.len());
                        (&v[..close], &v[close..])
                    }
                };
                rest = after;
                value.to_owned()
            } else {
                String::new()
            };
            attrs.push((attr, value));
        }
        (name.to_owned(), attrs)
    }

    const BASE: &str = "https://example.com/dir/page.html";

    /// A hierarchy link: URL, number of `up`, whether `index`.
    type UpLink = (String, usize, bool);

    fn doc(t: &Tree) -> Document<'_, H<'_>> {
        Document::with_url(t.root(), BASE.parse().unwrap())
    }

    fn urls<'l, 'd: 'l, 'a: 'd>(
        links: impl Iterator<Item = &'l Link<'d, 'a, H<'a>>>,
    ) -> Vec<String> {
        links.map(|l| l.url_or_href().to_owned()).collect()
    }

    fn names<'a>(link: &Link<'_, 'a, H<'a>>) -> Vec<(String, Option<LinkEffect>)> {
        link.keywords()
            .iter()
            .map(|k| (k.name().to_owned(), k.effect()))
            .collect()
    }

    fn warnings<'a>(links: &Links<'_, 'a, H<'a>>) -> Vec<(LinkWarningKind, usize, String)> {
        links
            .warnings()
            .iter()
            .map(|w| (w.kind(), w.element(), w.keyword().to_owned()))
            .collect()
    }

    #[test]
    fn table_has_every_defined_keyword_with_its_columns() {
        use LinkEffect::{Annotation as An, ExternalResource as Ex, Hyperlink as Hy};
        let rows: Vec<_> = LINK_TYPES
            .iter()
            .map(|t| (t.name(), t.on_link(), t.on_a_area()))
            .collect();
        assert_eq!(
            rows,
            [
                ("alternate", Some(Hy), Some(Hy)),
                ("archives", Some(Hy), Some(Hy)),
                ("author", Some(Hy), Some(Hy)),
                ("bookmark", None, Some(Hy)),
                ("external", None, Some(Hy)),
                ("first", Some(Hy), Some(Hy)),
                ("help", Some(Hy), Some(Hy)),
                ("icon", Some(Ex), None),
                ("index", Some(Hy), Some(Hy)),
                ("last", Some(Hy), Some(Hy)),
                ("license", Some(Hy), Some(Hy)),
                ("next", Some(Hy), Some(Hy)),
                ("nofollow", None, Some(An)),
                ("noreferrer", None, Some(An)),
                ("pingback", Some(Ex), None),
                ("prefetch", Some(Ex), Some(Ex)),
                ("prev", Some(Hy), Some(Hy)),
                ("search", Some(Hy), Some(Hy)),
                ("stylesheet", Some(Ex), None),
                ("sidebar", Some(Hy), Some(Hy)),
                ("tag", Some(Hy), Some(Hy)),
                ("up", Some(Hy), Some(Hy)),
            ]
        );
        assert_eq!(LINK_TYPES[0].effect_on("area"), Some(Hy));
        assert_eq!(LINK_TYPES[0].effect_on("div"), None);
    }

    #[test]
    fn keywords_split_on_whitespace_and_compare_case_insensitively() {
        let t = markup("<a rel=\" Next\tTAG\nhttp://Example.com/Rel X-Custom \" href=n>x</a>");
        let d = doc(&t);
        let links = Links::from_document(&d);
        let l = &links.links()[0];
        assert_eq!(
            names(l),
            [
                ("next".to_owned(), Some(LinkEffect::Hyperlink)),
                ("tag".to_owned(), Some(LinkEffect::Hyperlink)),
                ("http://Example.com/Rel".to_owned(), None),
                ("x-custom".to_owned(), None),
            ]
        );
        assert_eq!(l.keywords()[0].written(), "Next");
        assert!(l.has("NEXT") && l.has("x-CUSTOM") && l.has("http://Example.com/Rel"));
        assert!(
            !l.has("http://example.com/rel"),
            "keywords with a colon are case-sensitive"
        );
        assert_eq!(urls(links.next()), ["https://example.com/dir/n"]);
        assert!(links.warnings().is_empty());
    }

    #[test]
    fn synonyms_are_honoured_and_warned_about() {
        let t = markup(
            "<link rel=archive href=1><link rel=COPYRIGHT href=2>\
             <a rel=\"top\" href=3>t</a><a rel=contents href=4>c</a><a rel=toc href=5>t</a>\
             <a rel=begin href=6>b</a><a rel=start href=7>s</a><a rel=end href=8>e</a>\
             <a rel=previous href=9>p</a><a rev=made href=mailto:a@example.com>me</a>\
             <link rev=\" MADE \" href=mailto:b@example.com><a rev=\"made other\" href=x>no</a>",
        );
        let d = doc(&t);
        let links = Links::from_document(&d);
        let canonical: Vec<_> = links
            .links()
            .iter()
            .map(|l| {
                l.keywords()
                    .first()
                    .map(|k| (k.name().to_owned(), k.is_synonym()))
            })
            .collect();
        let s = |n: &str| Some((n.to_owned(), true));
        assert_eq!(
            canonical,
            [
                s("archives"),
                s("license"),
                s("index"),
                s("index"),
                s("index"),
                s("first"),
                s("first"),
                s("last"),
                s("prev"),
                s("author"),
                s("author"),
                None,
            ]
        );
        assert_eq!(
            urls(links.with_type("archives")),
            ["https://example.com/dir/1"]
        );
        assert_eq!(urls(links.license()), ["https://example.com/dir/2"]);
        assert_eq!(links.with_type("index").count(), 3);
        assert_eq!(
            links.with_type("toc").count(),
            3,
            "a synonym query means its keyword"
        );
        assert_eq!(links.first().count(), 2);
        assert_eq!(urls(links.last()), ["https://example.com/dir/8"]);
        assert_eq!(urls(links.prev()), ["https://example.com/dir/9"]);
        assert_eq!(
            urls(links.author()),
            ["mailto:a@example.com", "mailto:b@example.com"]
        );
        assert!(links.links()[9].keywords()[0].is_from_rev());
        let w: Vec<_> = links
            .warnings()
            .iter()
            .map(|w| (w.kind(), w.keyword(), w.preferred()))
            .collect();
        let syn = |k, p| (LinkWarningKind::Synonym, k, Some(p));
        assert_eq!(
            w,
            [
                syn("archive", "archives"),
                syn("COPYRIGHT", "license"),
                syn("top", "index"),
                syn("contents", "index"),
                syn("toc", "index"),
                syn("begin", "first"),
                syn("start", "first"),
                syn("end", "last"),
                syn("previous", "prev"),
                syn("made", "author"),
                syn("MADE", "author"),
            ]
        );
        assert_eq!(
            links.warnings()[9].to_string(),
            "rev=\"made\" on <a> (#9) is a synonym of \"author\": use that"
        );
    }

    #[test]
    fn effects_depend_on_the_element_and_not_allowed_keywords_warn() {
        let t = markup(
            "<link rel=\"icon bookmark nofollow\" href=i.png>\
             <a rel=\"icon pingback stylesheet external\" href=a>a</a>\
             <map><area rel=\"prefetch noreferrer\" href=p></map>\
             <link rel=\"stylesheet alternate\" href=alt.css title=Alt>",
        );
        let d = doc(&t);
        let links = Links::from_document(&d);
        use LinkEffect::*;
        let l = links.links();
        let n = |s: &str, e| (s.to_owned(), e);
        assert_eq!(
            names(&l[0]),
            [
                n("icon", Some(ExternalResource)),
                n("bookmark", None),
                n("nofollow", None)
            ]
        );
        assert_eq!(
            names(&l[1]),
            [
                n("icon", None),
                n("pingback", None),
                n("stylesheet", None),
                n("external", Some(Hyperlink))
            ]
        );
        assert_eq!(
            names(&l[2]),
            [
                n("prefetch", Some(ExternalResource)),
                n("noreferrer", Some(Annotation))
            ]
        );
        // alternate next to stylesheet on a link: no link of its own.
        assert_eq!(
            names(&l[3]),
            [
                n("stylesheet", Some(ExternalResource)),
                n("alternate", Some(Annotation))
            ]
        );
        assert_eq!(links.alternates().count(), 0);
        let not_allowed = |i, k: &str| (LinkWarningKind::NotAllowed, i, k.to_owned());
        assert_eq!(
            warnings(&links),
            [
                not_allowed(0, "bookmark"),
                not_allowed(0, "nofollow"),
                not_allowed(1, "icon"),
                not_allowed(1, "pingback"),
                not_allowed(1, "stylesheet"),
            ]
        );
        assert_eq!(
            links.warnings()[2].to_string(),
            "link type \"icon\" is not allowed on <a> (#1)"
        );
        // Not allowed means not created.
        assert_eq!(links.icons().count(), 1);
        assert_eq!(links.pingback().count(), 0);
    }

    #[test]
    fn implied_hyperlinks_of_a_and_area() {
        let t = markup(
            "<a href=plain>1</a><a rel=\"nofollow noreferrer\" href=ann>2</a>\
             <a rel=prefetch href=pre>3</a><a rel=\"x-unknown\" href=unk>4</a>\
             <a rel=next href=next>5</a><map><area href=area></map>\
             <link rel=x-unknown href=l><a rel=next>no href</a><a name=anchor>6</a>",
        );
        let d = doc(&t);
        let links = Links::from_document(&d);
        let implied: Vec<_> = links
            .links()
            .iter()
            .map(|l| (l.href(), l.is_implied_hyperlink(), l.creates_hyperlink()))
            .collect();
        assert_eq!(
            implied,
            [
                ("plain", true, true),
                ("ann", true, true),
                ("pre", true, true),
                ("unk", true, true),
                ("next", false, true),
                ("area", true, true),
                ("l", false, false),
            ]
        );
    }

    #[test]
    fn repeated_keywords_warn_except_up() {
        let t = markup("<a rel=\"next NEXT up up UP index toc next\" href=x>x</a>");
        let d = doc(&t);
        let links = Links::from_document(&d);
        let rep = |k: &str| (LinkWarningKind::Repeated, 0, k.to_owned());
        assert_eq!(
            warnings(&links),
            [
                rep("NEXT"),
                (LinkWarningKind::Synonym, 0, "toc".to_owned()),
                rep("next"),
            ]
        );
        assert_eq!(links.links()[0].up_count(), 3);
    }

    #[test]
    fn default_feed_is_the_first_alternate_with_a_feed_type() {
        // The examples of the alternate keyword.
        let t = markup(
            "<head><link rel=\"alternate\" type=\"application/atom+xml\" href=\"data.xml\"></head>\
             <body><p>You can access the planets database using Atom feeds:</p>\
             <ul>\
             <li><a href=\"recently-visited-planets.xml\" rel=\"alternate\" type=\"application/atom+xml\">Recently Visited Planets</a></li>\
             <li><a href=\"known-bad-planets.xml\" rel=\"alternate\" type=\"application/atom+xml\">Known Bad Planets</a></li>\
             <li><a href=\"unexplored-planets.xml\" rel=\"alternate\" type=\"application/atom+xml\">Unexplored Planets</a></li>\
             </ul>\
             <a rel=alternate type=\"Application/RSS+XML\" href=rss>rss</a>\
             <a rel=alternate type=text/html href=html>not a feed</a>\
             <a rel=next type=application/atom+xml href=next>not alternate</a></body>",
        );
        let d = doc(&t);
        let links = Links::from_document(&d);
        assert_eq!(
            links.default_feed().map(|l| l.url_or_href()),
            Some("https://example.com/dir/data.xml")
        );
        assert_eq!(
            urls(links.feeds()),
            [
                "https://example.com/dir/data.xml",
                "https://example.com/dir/recently-visited-planets.xml",
                "https://example.com/dir/known-bad-planets.xml",
                "https://example.com/dir/unexplored-planets.xml",
                "https://example.com/dir/rss",
            ]
        );
        // Without the link element, the first `a` is the default.
        let t = markup("<a rel=alternate type=application/rss+xml href=r>r</a>");
        let d = doc(&t);
        assert_eq!(
            Links::from_document(&d).default_feed().map(|l| l.href()),
            Some("r")
        );
    }

    #[test]
    fn alternates_translations_reformulations_media() {
        let t = markup(
            "<html lang=en><head>\
             <link rel=alternate type=application/pdf hreflang=fr href=manual-fr>\
             <link rel=alternate hreflang=EN href=same-lang>\
             <link rel=alternate media=print href=print>\
             <link rel=alternate type=application/atom+xml href=feed>\
             <link rel=alternate type=application/rss+xml hreflang=fr href=feed-fr>\
             </head></html>",
        );
        let d = doc(&t);
        let links = Links::from_document(&d);
        let a: Vec<_> = links
            .alternates()
            .map(|a| {
                (
                    a.link().href(),
                    a.is_translation(),
                    a.is_reformulation(),
                    a.is_feed(),
                    a.media(),
                )
            })
            .collect();
        assert_eq!(
            a,
            [
                // "a French translation that uses the PDF format"
                ("manual-fr", true, true, false, None),
                ("same-lang", false, false, false, None),
                ("print", false, false, false, Some("print")),
                ("feed", false, false, true, None),
                // A feed is no alternate representation: neither a
                // translation nor a reformulation, whatever its `hreflang`.
                ("feed-fr", false, false, true, None),
            ]
        );
    }

    #[test]
    fn icons_with_sizes_from_the_example() {
        let t = markup(
            "<html><head><title>lsForums — Inbox</title>\
             <link rel=icon href=favicon.png sizes=\"16x16\" type=\"image/png\">\
             <link rel=icon href=windows.ico sizes=\"32x32 48x48\" type=\"image/vnd.microsoft.icon\">\
             <link rel=icon href=mac.icns sizes=\"128x128 512x512 8192x8192 32768x32768\">\
             <link rel=icon href=iphone.png sizes=\"57x57\" type=\"image/png\">\
             <link rel=icon href=gnome.svg sizes=\"any\" type=\"image/svg+xml\">\
             <link rel=stylesheet href=lsforums.css>\
             <link rel=icon href=unsized.png>\
             </head></html>",
        );
        let d = doc(&t);
        let links = Links::from_document(&d);
        let px = |width, height| IconSize::Pixels { width, height };
        let icons: Vec<_> = links
            .icons()
            .map(|i| (i.link().href(), i.sizes().map(<[IconSize]>::to_vec)))
            .collect();
        assert_eq!(
            icons,
            [
                ("favicon.png", Some(vec![px(16, 16)])),
                ("windows.ico", Some(vec![px(32, 32), px(48, 48)])),
                (
                    "mac.icns",
                    Some(vec![
                        px(128, 128),
                        px(512, 512),
                        px(8192, 8192),
                        px(32768, 32768)
                    ])
                ),
                ("iphone.png", Some(vec![px(57, 57)])),
                ("gnome.svg", Some(vec![IconSize::Any])),
                ("unsized.png", None),
            ]
        );
    }

    #[test]
    fn sizes_keywords_that_represent_nothing() {
        assert_eq!(parse_sizes(""), []);
        for nothing in [
            "16", "x16", "16x", "016x16", "16x016", "1x2x3", "1X2x3", "1xX3", "+1x1", "1 x1",
            "a1x1", "0x0", "anyx1",
        ] {
            let parsed = parse_sizes(nothing);
            assert!(
                parsed.iter().all(|s| *s
                    != IconSize::Pixels {
                        width: 1,
                        height: 1
                    })
                    && (nothing.contains(' ') || parsed.is_empty()),
                "{nothing:?} gave {parsed:?}"
            );
        }
        // The current WHATWG text: `any` in any case, `x` or `X`.
        assert_eq!(
            parse_sizes("ANY\t1x1 99999999999999999999999x1 2X3 aNy"),
            [
                IconSize::Any,
                IconSize::Pixels {
                    width: 1,
                    height: 1
                },
                IconSize::Pixels {
                    width: 2,
                    height: 3
                },
                IconSize::Any,
            ]
        );
        // Kept sizes are the document's own: one past `u64::MAX` is left
        // out (and reported), not clamped to a size it never gave.
        assert_eq!(
            parse_sizes("18446744073709551615x1 18446744073709551616x1"),
            [IconSize::Pixels {
                width: u64::MAX,
                height: 1
            }]
        );
        assert_eq!(
            IconSize::Pixels {
                width: 3,
                height: 4
            }
            .to_string(),
            "3x4"
        );
    }

    #[test]
    fn alternative_stylesheets_need_a_title() {
        let t = markup(
            "<link rel=\"alternate stylesheet\" href=a.css>\
             <link rel=\"stylesheet alternate\" href=b.css title=\"\">\
             <link rel=\"alternate stylesheet alternate\" href=c.css title=Big>\
             <link rel=stylesheet href=d.css><link rel=alternate href=e.html>\
             <a rel=\"alternate stylesheet\" href=f.css>f</a>",
        );
        let d = doc(&t);
        let links = Links::from_document(&d);
        assert_eq!(
            warnings(&links),
            [
                (
                    LinkWarningKind::UntitledAlternateStylesheet,
                    0,
                    "alternate".to_string()
                ),
                (
                    LinkWarningKind::UntitledAlternateStylesheet,
                    1,
                    "alternate".to_string()
                ),
                (LinkWarningKind::Repeated, 2, "alternate".to_string()),
                (LinkWarningKind::NotAllowed, 5, "stylesheet".to_string()),
            ]
        );
        assert_eq!(
            links.warnings()[0].to_string(),
            "<link> (#0) is an alternative stylesheet: it needs a non-empty title"
        );
    }

    #[test]
    fn sizes_that_represent_nothing_or_repeat_are_reported() {
        let t = markup(
            "<link rel=icon href=a.png sizes='16x16 016x16 16X16 any 16x16 99999999999999999999x1 ANY'>\
             <link rel=stylesheet href=s.css sizes='016x16'>\
             <a rel=icon href=b.png sizes='016x16'>b</a>",
        );
        let d = doc(&t);
        let links = Links::from_document(&d);
        let got: Vec<(LinkWarningKind, String)> = links
            .warnings()
            .iter()
            .map(|w| (w.kind(), w.to_string()))
            .collect();
        // Only an icon link's `sizes` is checked: not a stylesheet's, and
        // not that of an `a` (where `icon` is not allowed, and reported).
        let sizes = |m: &str| (LinkWarningKind::Sizes, m.to_string());
        assert_eq!(
            got,
            [
                sizes(
                    "sizes keyword \"016x16\" on <link> (#0) is not \"any\" or WxH (digits without a leading zero, x or X between): it represents nothing"
                ),
                // Tokens compare ASCII case-insensitively.
                sizes("sizes keyword \"16X16\" is repeated on <link> (#0)"),
                sizes("sizes keyword \"16x16\" is repeated on <link> (#0)"),
                sizes(
                    "sizes keyword \"99999999999999999999x1\" on <link> (#0) is too large to represent: ignored"
                ),
                sizes("sizes keyword \"ANY\" is repeated on <link> (#0)"),
                (
                    LinkWarningKind::NotAllowed,
                    "link type \"icon\" is not allowed on <a> (#2)".to_string()
                ),
            ]
        );
        let icon = links.icons().next().map(|i| i.sizes().map(<[_]>::to_vec));
        assert_eq!(
            icon,
            Some(Some(vec![
                IconSize::Pixels {
                    width: 16,
                    height: 16
                },
                IconSize::Pixels {
                    width: 16,
                    height: 16
                },
                IconSize::Any,
                IconSize::Pixels {
                    width: 16,
                    height: 16
                },
                IconSize::Any,
            ]))
        );
    }

    #[test]
    fn bread_crumbs_give_one_depth_per_paragraph() {
        // The example of the up keyword: two paths to the same page.
        let t = markup(
            "<body><nav> <p> <a href=\"/\" rel=\"index up up up\">Main</a> &gt; \
             <a href=\"/products/\" rel=\"up up\">Products</a> &gt; \
             <a href=\"/products/dishwashers/\" rel=\"up\">Dishwashers</a> &gt; \
             <a>Second hand</a> </p> \
             <p> <a href=\"/\" rel=\"index up up\">Main</a> &gt; \
             <a href=\"/second-hand/\" rel=\"up\">Second hand</a> &gt; <a>Dishwashers</a> </p> </nav></body>",
        );
        let d = doc(&t);
        let links = Links::from_document(&d);
        let h = links.hierarchies();
        assert_eq!(h.len(), 2);
        fn summary<'a>(
            h: &Hierarchy<'_, '_, 'a, H<'a>>,
        ) -> (Option<&'a str>, Option<usize>, Vec<UpLink>) {
            (
                h.paragraph().map(|p| p.local_name()),
                h.depth(),
                h.links()
                    .iter()
                    .map(|l| (l.url_or_href().to_owned(), l.up_count(), l.has("index")))
                    .collect::<Vec<_>>(),
            )
        }
        let e = |u: &str, n, i| (format!("https://example.com{u}"), n, i);
        assert_eq!(
            summary(&h[0]),
            (
                Some("p"),
                Some(3),
                vec![
                    e("/", 3, true),
                    e("/products/", 2, false),
                    e("/products/dishwashers/", 1, false)
                ]
            )
        );
        assert_eq!(
            summary(&h[1]),
            (
                Some("p"),
                Some(2),
                vec![e("/", 2, true), e("/second-hand/", 1, false)]
            )
        );
        assert!(links.warnings().is_empty(), "up may repeat");
    }

    #[test]
    fn contradicting_depths_in_one_scope_take_the_greatest() {
        let t = markup(
            "<head><link rel=\"index up up\" href=/><link rel=\"up up up index\" href=/>\
             <link rel=up href=..><link rel=index href=/top></head>\
             <body><a rel=\"up index\" href=/ >in body</a><span><a rel=up href=x>x</a></span></body>",
        );
        let d = doc(&t);
        let links = Links::from_document(&d);
        let h = links.hierarchies();
        // `head` links are in no paragraph: scoped to the document. The
        // run of phrasing content in `body` is a paragraph of its own.
        assert_eq!(h.len(), 2);
        assert_eq!(h[0].paragraph(), None);
        assert_eq!(h[0].depth(), Some(3));
        assert_eq!(h[0].links().len(), 4);
        assert_eq!(h[1].paragraph().map(|p| p.local_name()), Some("body"));
        assert_eq!((h[1].depth(), h[1].links().len()), (Some(1), 2));
        // Only index, or only up: no depth.
        let t = markup("<div><a rel=index href=/>i</a><a rel=\"up up\" href=/>u</a></div>");
        let d = doc(&t);
        let links = Links::from_document(&d);
        let h = links.hierarchies();
        assert_eq!((h.len(), h[0].depth()), (1, None));
        assert_eq!(h[0].paragraph().map(|p| p.local_name()), Some("div"));
    }

    /// Paragraphs are HTML's: runs of phrasing content, split by other flow
    /// content, with `a`/`ins`/`del`/`map` looked through.
    #[test]
    fn hierarchies_are_scoped_to_html_paragraphs() {
        type Scope = (Option<String>, Option<String>, Option<usize>, usize);
        fn scopes(src: &str) -> Vec<Scope> {
            let t = markup(src);
            let d = doc(&t);
            let links = Links::from_document(&d);
            fn name<'a>(e: Option<Element<'_, 'a, H<'a>>>) -> Option<String> {
                e.map(|e| format!("{}#{}", e.local_name(), e.index()))
            }
            links
                .hierarchies()
                .iter()
                .map(|h| {
                    (
                        name(h.paragraph()),
                        name(h.after()),
                        h.depth(),
                        h.links().len(),
                    )
                })
                .collect()
        }
        let s = |p: &str, a: Option<&str>, depth, n| -> Scope {
            (Some(p.to_string()), a.map(str::to_string), depth, n)
        };
        // An `hr` between two runs of one `div`: two paragraphs.
        assert_eq!(
            scopes(
                "<div><a href=/ rel=\"index up\">A</a><hr><a href=/ rel=\"index up up\">B</a></div>"
            ),
            [
                s("div#0", None, Some(1), 1),
                s("div#0", Some("hr#2"), Some(2), 1)
            ]
        );
        // `head` is in no paragraph; body text before and after a `p` are two.
        assert_eq!(
            scopes(
                "<html><head><link rel=\"index up up up\" href=/h></head><body>text \
                 <a href=/ rel=\"index up\">A</a><p>para</p> more <a href=/ rel=\"index up up\">B</a></body></html>"
            ),
            [
                (None, None, Some(3), 1),
                s("body#3", None, Some(1), 1),
                s("body#3", Some("p#5"), Some(2), 1)
            ]
        );
        // `a`, `ins`, `del`, `map` are looked through: the run goes on
        // across them, and a block inside one still splits it.
        assert_eq!(
            scopes(
                "<div>x <ins><a href=/ rel=\"index up\">A</a> y</ins> \
                 <a href=/u rel=up>U</a><a href=/z><ul><li>l</li></ul></a> <a href=/ rel=\"index up up\">B</a></div>"
            ),
            [
                s("div#0", None, Some(1), 2),
                s("div#0", Some("ul#5"), Some(2), 1)
            ]
        );
        // Phrasing elements hold their run's paragraph for all they hold; a
        // `p` is one paragraph; a heading is in none.
        assert_eq!(
            scopes(
                "<section><span>a <b><a href=/ rel=\"index up\">A</a></b></span>\
                 <p>b <em><a href=/ rel=\"index up up\">B</a></em></p>\
                 <h1><a href=/ rel=\"index up up up\">C</a></h1></section>"
            ),
            [
                s("section#0", None, Some(1), 1),
                s("p#4", None, Some(2), 1),
                (None, None, Some(3), 1)
            ]
        );
        // A run of embedded content and inter-element whitespace only is no
        // paragraph: its links go to the document.
        assert_eq!(
            scopes(
                "<div> <a href=/ rel=\"index up\"><img src=home.png></a> </div>\
                 <div><a href=/ rel=\"index up up\"><img src=home.png> Home</a></div>"
            ),
            [(None, None, Some(1), 1), s("div#3", None, Some(2), 1)]
        );
        // Nested flow containers hold their own paragraphs.
        assert_eq!(
            scopes(
                "<ul><li><a href=/ rel=\"index up up\">Home</a> \
                 <div><a href=/a rel=\"index up\">A</a></div> <a href=/b rel=up>B</a></li></ul>"
            ),
            [
                s("li#1", None, Some(2), 1),
                s("div#3", None, Some(1), 1),
                s("li#1", Some("div#3"), None, 1)
            ]
        );
        // `link` and `meta` are phrasing content only with `itemprop` (a
        // `link` also when all its keywords are body-ok), `area` only in a
        // `map`: otherwise they end a run and are in no paragraph.
        assert_eq!(
            scopes(
                "<html><head><link rel=\"index up\" href=/></head><body><h1>D</h1>\
                 <link rel=\"index up up\" href=/><p>Text</p></body></html>"
            ),
            [(None, None, Some(2), 2)]
        );
        assert_eq!(
            scopes(
                "<div><a rel=\"index up\" href=/>M</a> <link rel=\"index up up up\" href=/> \
                 <a rel=\"index up up\" href=/>M</a></div>"
            ),
            [
                s("div#0", None, Some(1), 1),
                (None, None, Some(3), 1),
                s("div#0", Some("link#2"), Some(2), 1)
            ]
        );
        assert_eq!(
            scopes(
                "<div><meta name=x content=y><a rel=\"index up\" href=/><img src=i.png></a>\
                 <area rel=\"index up up\" href=/></div>"
            ),
            [(None, None, Some(2), 2)]
        );
        // With `itemprop`, in a `map`, or body-ok: phrasing, in the run.
        assert_eq!(
            scopes(
                "<div>x <meta itemprop=p content=c><link rel=stylesheet href=s.css>\
                 <map><area rel=\"index up\" href=/></map> <a rel=\"index up up\" href=/>y</a></div>"
            ),
            [s("div#0", None, Some(2), 2)]
        );
    }

    #[test]
    fn bookmark_and_author_are_about_the_nearest_article() {
        // The example of the bookmark keyword.
        let t = markup(
            "<body><h1>Example of permalinks</h1> <div id=\"a\"> <h2>First example</h2> \
             <p><a href=\"a.html\" rel=\"bookmark\">This</a> permalink applies to only the content from the first H2 to the second H2.</p> </div> \
             <h2>Second example</h2> <article id=\"b\"> \
             <p><a href=\"b.html\" rel=\"bookmark\">This</a> permalink applies to the outer ARTICLE element.</p> \
             <article id=\"c\"> <p><a href=\"c.html\" rel=\"bookmark\">This</a> permalink applies to the inner ARTICLE element.</p> </article> </article> \
             <footer><a rel=author href=me>me</a></footer></body>",
        );
        let d = doc(&t);
        let links = Links::from_document(&d);
        let b: Vec<_> = links
            .with_type("bookmark")
            .map(|l| (l.href(), l.article().and_then(|a| a.attr("id"))))
            .collect();
        assert_eq!(
            b,
            [
                ("a.html", None),
                ("b.html", Some("b")),
                ("c.html", Some("c"))
            ]
        );
        assert_eq!(links.author().next().unwrap().article(), None);
    }

    #[test]
    fn license_search_pingback_help() {
        // From the example of the license keyword, plus the others.
        let t = markup(
            "<html><head><title>Exampl Pictures: Kissat</title>\
             <link rel=\"stylesheet\" href=\"/style/default\">\
             <link rel=search type=application/opensearchdescription+xml href=/os.xml>\
             <link rel=pingback href=https://example.com/xmlrpc>\
             </head><body><h1>Kissat</h1>\
             <p><small><a rel=\"license\" href=\"http://www.opensource.org/licenses/mit-license.php\">MIT Licensed</a></small></p>\
             <p><label> Topic: <input name=topic> <a href=\"help/topic.html\" rel=\"help\">(Help)</a></label></p>\
             </body></html>",
        );
        let d = doc(&t);
        let links = Links::from_document(&d);
        assert_eq!(
            urls(links.license()),
            ["http://www.opensource.org/licenses/mit-license.php"]
        );
        assert_eq!(urls(links.search()), ["https://example.com/os.xml"]);
        assert_eq!(urls(links.pingback()), ["https://example.com/xmlrpc"]);
        assert_eq!(
            urls(links.with_type("help")),
            ["https://example.com/dir/help/topic.html"]
        );
        // `help` on `a` is about "the parent of the element defining the
        // hyperlink": here the form control's label.
        let help = links.with_type("help").next().unwrap();
        assert_eq!(help.element().parent().unwrap().local_name(), "label");
        assert_eq!(
            urls(links.with_type("stylesheet")),
            ["https://example.com/style/default"]
        );
    }

    #[test]
    fn tag_cloud_links_are_not_tags() {
        // The 2010 text's tag cloud: "The tag rel-keyword is not used on
        // these a elements because they do not represent tags that apply to
        // the page itself". Three plain hyperlinks, no `tag` keyword.
        let t = markup(
            "<ul class=\"tag-cloud\"> \
             <li class=\"tag-cloud-4\"><a title=\"28 instances\" href=\"/t/apple\">apple</a> <span>(popular)</span> \
             <li class=\"tag-cloud-2\"><a title=\"6 instances\" href=\"/t/kiwi\">kiwi</a> <span>(rare)</span> \
             <li class=\"tag-cloud-5\"><a title=\"41 instances\" href=\"/t/pear\">pear</a> <span>(very popular)</span> </ul>",
        );
        let d = doc(&t);
        let links = Links::from_document(&d);
        assert_eq!(links.with_type("tag").count(), 0);
        let all: Vec<_> = links
            .links()
            .iter()
            .map(|l| (l.href(), l.is_implied_hyperlink(), l.keywords().len()))
            .collect();
        assert_eq!(
            all,
            [
                ("/t/apple", true, 0),
                ("/t/kiwi", true, 0),
                ("/t/pear", true, 0)
            ]
        );
    }

    #[test]
    fn unresolvable_hrefs_stay_as_written() {
        let t = markup("<a rel=next href=\"page 2\">n</a><a rel=prev href=\"http://[bad\">p</a>");
        let d = Document::new(t.root());
        let links = Links::from_document(&d);
        assert_eq!(links.links()[0].url(), None);
        assert_eq!(urls(links.next()), ["page 2"]);
        assert_eq!(urls(links.prev()), ["http://[bad"]);
    }

    #[cfg(feature = "json")]
    #[test]
    fn json_output() {
        let t = markup(
            "<html lang=en><head><link rel=\"alternate\" type=\"application/atom+xml\" href=\"feed\">\
             <link rel=icon sizes=\"16x16 any 0x1\" href=i.png></head>\
             <body><p><a rel=\"index up\" href=/ >home</a> <a rel=\"Previous\" href=p>p</a> <a rel=icon href=x>x</a></p></body></html>",
        );
        let d = doc(&t);
        let links = Links::from_document(&d);
        let v: serde_json::Value = serde_json::from_str(&links.to_json()).unwrap();
        assert_eq!(
            v,
            serde_json::json!({
                "links": [
                    {"element": "link", "index": 2, "href": "feed", "url": "https://example.com/dir/feed",
                     "keywords": [{"keyword": "alternate", "written": "alternate", "effect": "hyperlink"}],
                     "implied": false, "type": "application/atom+xml"},
                    {"element": "link", "index": 3, "href": "i.png", "url": "https://example.com/dir/i.png",
                     "keywords": [{"keyword": "icon", "written": "icon", "effect": "external-resource"}],
                     "implied": false, "sizes": "16x16 any 0x1"},
                    {"element": "a", "index": 6, "href": "/", "url": "https://example.com/",
                     "keywords": [{"keyword": "index", "written": "index", "effect": "hyperlink"},
                                  {"keyword": "up", "written": "up", "effect": "hyperlink"}],
                     "implied": false},
                    {"element": "a", "index": 7, "href": "p", "url": "https://example.com/dir/p",
                     "keywords": [{"keyword": "prev", "written": "Previous", "effect": "hyperlink"}],
                     "implied": false},
                    {"element": "a", "index": 8, "href": "x", "url": "https://example.com/dir/x",
                     "keywords": [{"keyword": "icon", "written": "icon", "effect": null}],
                     "implied": true},
                ],
                "feed": "https://example.com/dir/feed",
                "feeds": ["https://example.com/dir/feed"],
                "alternates": [{"url": "https://example.com/dir/feed", "feed": true, "translation": false,
                                "reformulation": false, "type": "application/atom+xml", "media": null, "hreflang": null}],
                "icons": [{"url": "https://example.com/dir/i.png", "sizes": ["16x16", "any"], "type": null}],
                "hierarchies": [{"paragraph": 5, "paragraph_after": null, "depth": 1,
                                 "links": [{"url": "https://example.com/", "up": 1, "index": true}]}],
                "first": [], "prev": ["https://example.com/dir/p"], "next": [], "last": [],
                "license": [], "author": [], "search": [], "pingback": [],
                "warnings": [
                    {"kind": "sizes", "element": "link", "index": 3, "keyword": "0x1",
                     "message": "sizes keyword \"0x1\" on <link> (#3) is not \"any\" or WxH (digits without a leading zero, x or X between): it represents nothing"},
                    {"kind": "synonym", "element": "a", "index": 7, "keyword": "Previous",
                     "message": "rel=\"Previous\" on <a> (#7) is a synonym of \"prev\": use that"},
                    {"kind": "not-allowed", "element": "a", "index": 8, "keyword": "icon",
                     "message": "link type \"icon\" is not allowed on <a> (#8)"},
                ],
            })
        );
        assert!(links.to_json_pretty().contains("\n  \"links\": ["));
    }

    /// The stream writes what serde_json writes for the same value: keys
    /// in sorted order, every optional member, compact and pretty.
    #[cfg(feature = "json")]
    #[test]
    fn json_is_serde_jsons_serialization() {
        let t = markup(
            "<html><head><link rel=\"alternate stylesheet\" type=text/css media=print hreflang=fr title=\"T \\\" q\" sizes=any href=s.css>\
             <link rel=\"icon icon\" sizes=\"any 16x16\" href=i.png><link rel=\"next last x:y\" href=\"http://[bad\"></head>\
             <body><div><a rel=\"up up\" href=a>a</a><a rev=made href=m>m</a></div><p><a rel=index href=i>i</a></p></body></html>",
        );
        let d = doc(&t);
        let links = Links::from_document(&d);
        let compact = links.to_json();
        let v: serde_json::Value = serde_json::from_str(&compact).unwrap();
        assert_eq!(compact, v.to_string());
        assert_eq!(
            links.to_json_pretty(),
            serde_json::to_string_pretty(&v).unwrap()
        );
        for key in [
            "hreflang",
            "media",
            "title",
            "sizes",
            "type",
            "depth",
            "paragraph",
            "warnings",
        ] {
            assert!(compact.contains(&format!("\"{key}\":")), "{key}: {compact}");
        }
    }

    proptest::proptest! {
        /// Tokens indexed by `keyword_key` are repeats exactly when the
        /// scan with `keyword_eq` says so, on either side of the index's
        /// switch to a hash map.
        #[test]
        fn keyword_keys_agree_with_a_scan(
            tokens in proptest::collection::vec("[aAbB:]{1,3}", 0..48),
        ) {
            let mut seen = NameIndex::default();
            for (i, token) in tokens.iter().enumerate() {
                let expected = tokens[..i].iter().any(|t| keyword_eq(t, token));
                let repeated = !seen.index(keyword_key(token)).1;
                proptest::prop_assert_eq!(repeated, expected, "{:?} at {}", tokens, i);
            }
        }
    }
}
