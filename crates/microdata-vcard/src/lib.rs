//! Microdata hCard items to vCard 4.0, exactly as WHATWG HTML's
//! "Conversion to vCard" (§5.3.1.1) writes it, with checks for the vCard
//! vocabulary (§5.3.1).
//!
//! This crate sits on `microdata-model` alone, so a program can embed the
//! vCard converter without an HTML parser: build a
//! [`Document`] over any tree (the
//! `microdata-scraper` crate does it for `scraper`), then
//!
//! - [`to_vcard`] converts the first item of type
//!   `http://microformats.org/profile/hcard` in the document (or
//!   [`to_vcard_from`], among the elements you give) to vCard text: CRLF
//!   line ends, lines folded at 75 then 74 code points, values escaped as
//!   the spec says;
//! - [`check`] lists where hCard items break the vocabulary's rules (the
//!   conversion runs regardless: the spec lets it produce invalid output
//!   for invalid input);
//! - the [`line`](mod@line) module is the content-line emitter and reader shared with
//!   `microdata-ical`.
//!
//! The text is written by this crate's own emitter, because the spec's
//! output is not a vCard the `vcard4` crate can produce (it rejects
//! `PROFILE` and `NAME`, wants `VERSION` second and has no `RELATION`
//! parameter). With the `typed` feature, `to_vcard4` builds a typed
//! `vcard4::Vcard` from the same data; its docs list every difference.
//!
//! [`VcardOptions::with_legacy_v3`] selects the vCard 3.0 variant of the
//! 2010 HTML5 draft instead: `VERSION:3.0`, a `UID` from the item's global
//! identifier, `agent` items as nested vCards (`VALUE=VCARD`), and
//! `VALUE=DATE` / `VALUE=DATE-TIME` for `time` elements.
//!
//! # Example
//!
//! ```
//! use microdata_vcard::{VcardOptions, to_vcard};
//!
//! let html = r#"<span itemscope itemtype="http://microformats.org/profile/hcard"
//! ><span itemprop=fn><span itemprop="n" itemscope><span itemprop="given-name"
//! >George</span> <span itemprop="family-name">Washington</span></span
//! ></span></span>"#;
//! let parsed = microdata_scraper::parse(html, Some("https://example.com/gw"))?;
//! let vcard = to_vcard(&parsed.document(), &VcardOptions::new()).ok_or("no hCard")?;
//! assert_eq!(
//!     vcard,
//!     "BEGIN:VCARD\r\nPROFILE:VCARD\r\nVERSION:4.0\r\nSOURCE:https://example.com/gw\r\n\
//!      FN:George Washington\r\nN:Washington;George;;;\r\nEND:VCARD\r\n"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Every hCard of a page
//!
//! The spec's algorithm returns the first vCard only. For all of them, give
//! [`to_vcard_from`] one hCard element at a time:
//!
//! ```
//! use microdata_vcard::{HCARD_TYPE, VcardOptions, to_vcard_from};
//!
//! let html = r#"<p itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>Ada</b></p>
//! <p itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>Grace</b></p>"#;
//! let parsed = microdata_scraper::parse(html, None)?;
//! let doc = parsed.document();
//! let options = VcardOptions::new();
//! let cards: Vec<String> = doc
//!     .all_items()
//!     .filter(|item| item.has_type(HCARD_TYPE))
//!     .filter_map(|item| to_vcard_from([item.element()], &options))
//!     .collect();
//! assert_eq!(cards.len(), 2);
//! assert!(cards[1].contains("\r\nFN:Grace\r\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! - `typed` (off by default): `to_vcard4` and `to_vcard4_from` (and their
//!   `try_` forms, which name a limit reached), the same
//!   card as a `vcard4::Vcard` (the crate is re-exported as
//!   `microdata_vcard::vcard4`).
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod check;
mod convert;
pub mod line;
mod options;
#[cfg(feature = "typed")]
mod typed;

pub use check::{check, check_within};
/// The model this crate converts from (`Document`, `Node`, `Limits`,
/// `microsyntax`), re-exported so that a program with its own `Node`
/// implementation uses the same version.
pub use microdata_model;
pub use microdata_model::vocab::{HCARD_TYPE, Warning};
/// The caps on a conversion (see the options' `with_limits`), and the
/// error of a conversion that reaches one: re-exported from the model so
/// that this crate alone is enough to use them.
pub use microdata_model::{Limit, LimitError, Limits};
pub use options::VcardOptions;
#[cfg(feature = "typed")]
#[cfg_attr(docsrs, doc(cfg(feature = "typed")))]
pub use typed::{to_vcard4, to_vcard4_from, try_to_vcard4, try_to_vcard4_from};
/// The `vcard4` crate that [`to_vcard4`]'s types come from, so that
/// callers use the same version.
#[cfg(feature = "typed")]
pub use vcard4;

use microdata_model::{Document, Element, Node};

/// Converts the first hCard item of `doc` to vCard text (WHATWG HTML
/// §5.3.1.1), or `None` when the document has none.
///
/// The list of nodes the algorithm starts from is every element of the
/// document in tree order, so the first item of type
/// `http://microformats.org/profile/hcard` is found even when it is the
/// value of another item's property.
///
/// # Examples
///
/// ```
/// use microdata_vcard::{VcardOptions, to_vcard};
///
/// let parsed = microdata_scraper::parse(
///     r#"<title>Contacts</title><p itemscope itemtype="http://microformats.org/profile/hcard">
///        <a itemprop="url" href="/ada">Ada</a>"#,
///     Some("https://example.com/people"),
/// )?;
/// let vcard = to_vcard(&parsed.document(), &VcardOptions::new()).ok_or("no hCard")?;
/// assert!(vcard.contains("\r\nNAME:Contacts\r\n"));
/// assert!(vcard.contains("\r\nURL;VALUE=URI:https://example.com/ada\r\n"));
///
/// let none = microdata_scraper::parse("<p itemscope>", None)?;
/// assert_eq!(to_vcard(&none.document(), &VcardOptions::new()), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// `None` too when the conversion reaches one of the options'
/// [limits](VcardOptions::with_limits); [`try_to_vcard`] says which.
pub fn to_vcard<'a, N: Node<'a>>(doc: &Document<'a, N>, options: &VcardOptions) -> Option<String> {
    try_to_vcard(doc, options).ok().flatten()
}

/// [`to_vcard`], reporting a reached [limit](VcardOptions::with_limits).
///
/// # Errors
///
/// The [`LimitError`] of the first
/// [limit](VcardOptions::with_limits) the conversion reaches: too many
/// lines in the card or too much text, or (legacy variant) too many nested
/// `agent` cards.
///
/// # Examples
///
/// ```
/// use microdata_vcard::{VcardOptions, try_to_vcard};
///
/// let parsed = microdata_scraper::parse(
///     r#"<p itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>Ada</b>"#,
///     None,
/// )?;
/// let card = try_to_vcard(&parsed.document(), &VcardOptions::new())?.ok_or("no hCard")?;
/// assert!(card.contains("FN:Ada\r\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn try_to_vcard<'a, N: Node<'a>>(
    doc: &Document<'a, N>,
    options: &VcardOptions,
) -> Result<Option<String>, microdata_model::LimitError> {
    card_text(convert::first_hcard(doc.all_items()), options)
}

/// Converts the first of `elements` that is an hCard item to vCard text
/// (WHATWG HTML §5.3.1.1 with `nodes` = `elements`), or `None` when none
/// of them is.
///
/// # Examples
///
/// ```
/// use microdata_vcard::{VcardOptions, to_vcard_from};
///
/// let parsed = microdata_scraper::parse(
///     r#"<p itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>A</b></p>
///        <p id=b itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>B</b></p>"#,
///     None,
/// )?;
/// let doc = parsed.document();
/// let b = doc.element_by_id("b").ok_or("no #b")?;
/// let vcard = to_vcard_from([b], &VcardOptions::new()).ok_or("no hCard")?;
/// assert!(vcard.contains("\r\nFN:B\r\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// `None` too when the conversion reaches one of the options'
/// [limits](VcardOptions::with_limits); [`try_to_vcard_from`] says which.
pub fn to_vcard_from<'d, 'a: 'd, N: Node<'a>>(
    elements: impl IntoIterator<Item = Element<'d, 'a, N>>,
    options: &VcardOptions,
) -> Option<String> {
    try_to_vcard_from(elements, options).ok().flatten()
}

/// [`to_vcard_from`], reporting a reached [limit](VcardOptions::with_limits).
///
/// # Errors
///
/// The [`LimitError`] of the first limit the
/// conversion reaches, as [`try_to_vcard`].
///
/// # Examples
///
/// ```
/// use microdata_vcard::{Limit, Limits};
/// use microdata_vcard::{VcardOptions, try_to_vcard_from};
///
/// let parsed = microdata_scraper::parse(
///     r#"<p id=a itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>A</b>
///        <span itemprop=agent itemscope itemtype="http://microformats.org/profile/hcard">
///        <b itemprop=fn>B</b></span>"#,
///     None,
/// )?;
/// let doc = parsed.document();
/// let a = || doc.element_by_id("a");
/// let card = try_to_vcard_from(a(), &VcardOptions::new().with_legacy_v3(true))?.ok_or("no hCard")?;
/// assert!(card.contains("\r\nAGENT;VALUE=VCARD:BEGIN:VCARD\\n"));
/// let one_card = VcardOptions::new()
///     .with_legacy_v3(true)
///     .with_limits(Limits::default().with_max_items(1));
/// assert_eq!(try_to_vcard_from(a(), &one_card).unwrap_err().limit(), Limit::Items);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn try_to_vcard_from<'d, 'a: 'd, N: Node<'a>>(
    elements: impl IntoIterator<Item = Element<'d, 'a, N>>,
    options: &VcardOptions,
) -> Result<Option<String>, microdata_model::LimitError> {
    card_text(convert::first_hcard_among(elements), options)
}

/// The vCard text of `item`, if there is one.
fn card_text<'a, N: Node<'a>>(
    item: Option<microdata_model::Item<'_, 'a, N>>,
    options: &VcardOptions,
) -> Result<Option<String>, microdata_model::LimitError> {
    item.map(|item| convert::to_text_within(&convert::build(item, options)?, options))
        .transpose()
}

#[cfg(test)]
mod tests;

/// This crate's README examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CrateReadmeDoctests;
