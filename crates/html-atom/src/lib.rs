//! The HTML-to-Atom feed extraction algorithm.
//!
//! HTML5 (the 2010 draft, "Atom", in the microdata chapter's conversions)
//! defines how to "extract an Atom feed" from a page made of `article`
//! elements: a blog, a news page. This crate runs that algorithm step by
//! step on any tree that implements `microdata_model::Node`:
//!
//! - nothing when the page has no `article`;
//! - the feed: one `author` per `<meta name=author>`, the first
//!   `link rel=icon` as `icon`, the document address as `id` and
//!   `link rel=alternate`, the `title` (and `subtitle`) from the page's first
//!   heading or `hgroup` with the rank rules, or the `<title>`;
//! - one `entry` per outermost `article`: `xml:base`, the `title` from its
//!   first heading, `content type="html"` from its HTML serialization
//!   without nested articles, its own `header`/`footer`/`nav` and that
//!   heading, the `id` and `alternate` link from the first `bookmark` link
//!   or the element's `id`, `published` from the first `time pubdate`,
//!   `updated` from the newest `ins`/`del` date, and the fallbacks between
//!   them;
//! - the feed's `updated`: the newest entry date, else the source's
//!   modification time, else now.
//!
//! Both clocks come from [`AtomOptions`], so output is reproducible, and so
//! does a limit on the feed's size: every entry repeats its base URI, so a
//! long `<base href>` over many articles asks for a feed quadratic in the
//! page. [`try_to_atom`] reports the limit reached. The XML
//! is written with `quick-xml`: escaping is right by construction, and the
//! characters XML 1.0 cannot carry become U+FFFD.
//!
//! It builds on `microdata-model` alone (the `Node` trait, the document
//! index, the microsyntaxes and the HTML serializer); `microdata-scraper`
//! supplies a tree from an HTML string.
//!
//! # Example
//!
//! ```
//! use html_atom::{AtomOptions, to_atom};
//! use microdata_scraper::microsyntax::parse_global_date_time;
//!
//! let html = r#"<!DOCTYPE HTML><title>The Boy Blog</title>
//! <article id=toys><h1>My toys</h1>
//!   <p>Published <time pubdate datetime="2010-08-04">August 4th</time></p>
//!   <p>I really like my chained book.</p></article>"#;
//! let parsed = microdata_scraper::parse(html, Some("https://boy.example/"))?;
//! let options = AtomOptions::new()
//!     .with_now(parse_global_date_time("2010-08-05T09:00Z").ok_or("bad date")?);
//! let feed = to_atom(&parsed.document(), &options).ok_or("no articles")?;
//! assert!(feed.contains("<title type=\"html\">My toys</title>"));
//! assert!(feed.contains("<id>https://boy.example/#toys</id>"));
//! assert!(feed.contains("<published>2010-08-04T00:00:00-00:00</published>"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Choices where the text is open
//!
//! - "Nearest ancestor of sectioning content" counts the sectioning roots
//!   of the time (`blockquote`, `body`, `details`, `fieldset`, `figure`,
//!   `td`) too, so that "is the body element" can hold and a heading inside
//!   a quotation titles neither the page nor the article.
//! - Dates are the "best representation": seconds always written, and a
//!   zero offset written `-00:00` as the text asks (never `Z`). An
//!   `updated` taken from `ins`/`del` is that attribute's value as written,
//!   as the text says. Dates are read by the current WHATWG syntax, so a
//!   `datetime` valid today but not in RFC 3339, which Atom requires (a
//!   space for the `T`, an offset without its colon, `+0530`, or no
//!   seconds, which the 2010 syntax allowed too), is copied into `updated`
//!   as written. A fraction of a second is kept to nine digits.
//! - An entry with neither a bookmark nor an `id` gets a `urn:uuid:` id, a
//!   name-based UUID of the document address and the entry's title and
//!   content: stable across runs, and not handed from one post to another
//!   as a page gains posts (identical articles are numbered apart).
//! - URLs in an article (the bookmark) and the icon's `href` resolve
//!   against their element's base URI, `xml:base` included, as the entry's
//!   own `xml:base` does.
//! - A document without an address uses `about:blank`.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod datetime;
mod extract;
mod options;
mod write;

use microdata_model::{Document, Node};

pub use datetime::best_representation;
/// The model this crate converts from (`Document`, `Node`, `Limits`,
/// `microsyntax`), re-exported so that a program with its own `Node`
/// implementation uses the same version.
pub use microdata_model;
/// The caps on a conversion (see the options' `with_limits`), and the
/// error of a conversion that reaches one: re-exported from the model so
/// that this crate alone is enough to use them.
pub use microdata_model::{Limit, LimitError, Limits};
pub use options::AtomOptions;
pub use write::ATOM_NAMESPACE;

/// Extracts the Atom feed of `doc`, as an XML document; `None` when the
/// document contains no `article` element (or when the feed reaches the
/// options' [limits](AtomOptions::with_limits), which [`try_to_atom`]
/// names).
///
/// # Examples
///
/// ```
/// use html_atom::{AtomOptions, to_atom};
///
/// let parsed = microdata_scraper::parse("<p>No articles here.</p>", None)?;
/// assert_eq!(to_atom(&parsed.document(), &AtomOptions::new()), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_atom<'a, N: Node<'a>>(doc: &Document<'a, N>, options: &AtomOptions) -> Option<String> {
    try_to_atom(doc, options).ok().flatten()
}

/// [`to_atom`], reporting a reached [limit](AtomOptions::with_limits).
///
/// # Errors
///
/// [`Limit::OutputBytes`] when the
/// feed, as it is built or as it is written, passes the options'
/// `max_output_bytes`; no partial feed is returned.
///
/// # Examples
///
/// ```
/// use html_atom::{AtomOptions, try_to_atom};
/// use html_atom::{Limit, Limits};
///
/// let parsed = microdata_scraper::parse("<article><h1>Hello</h1>world</article>", None)?;
/// let doc = parsed.document();
/// let feed = try_to_atom(&doc, &AtomOptions::new())?.ok_or("no articles")?;
/// assert!(feed.contains("<title type=\"html\">Hello</title>"));
/// let tiny = AtomOptions::new().with_limits(Limits::default().with_max_output_bytes(100));
/// assert_eq!(try_to_atom(&doc, &tiny).unwrap_err().limit(), Limit::OutputBytes);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn try_to_atom<'a, N: Node<'a>>(
    doc: &Document<'a, N>,
    options: &AtomOptions,
) -> Result<Option<String>, LimitError> {
    let Some(feed) = extract::extract(doc, options)? else {
        return Ok(None);
    };
    // Writing to memory cannot fail; an error here would be a bug, and is
    // reported as no output rather than a panic.
    let Ok(xml) = write::write(&feed, options.indent()) else {
        return Ok(None);
    };
    options.limits().check_output(xml.len())?;
    Ok(Some(xml))
}

/// This crate's README examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CrateReadmeDoctests;
