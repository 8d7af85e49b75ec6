//! Microdata vEvent items to iCalendar, exactly as WHATWG HTML's
//! "Conversion to iCalendar" (§5.3.2.1) writes it, with checks for the
//! vEvent vocabulary (§5.3.2).
//!
//! This crate sits on `microdata-model` (and the content-line emitter of
//! `microdata-vcard`, which brings no other dependency): build a
//! [`Document`] over any tree (the `microdata-scraper` crate does it for
//! `scraper`), then
//!
//! - [`to_icalendar`] writes one `VCALENDAR` with a `VEVENT` for each item
//!   of type `http://microformats.org/profile/hcalendar#vevent` in the
//!   document (or [`to_icalendar_from`], among the elements you give):
//!   `PRODID` naming this crate and its version, a `DTSTAMP` from the clock
//!   (injectable, see [`IcalOptions::with_dtstamp`]), `dtstart`, `dtend`,
//!   `exdate`, `rdate`, `created` and `last-modified` with `-` and `:`
//!   stripped and `VALUE=DATE` or `VALUE=DATE-TIME`, other values escaped,
//!   lines folded at 75 then 74 code points and ended by CRLF;
//! - [`try_to_icalendar`] (and [`try_to_icalendar_from`]) does the same
//!   within the [limits](IcalOptions::with_limits) of the options, and
//!   says which one a page reached: events that share an `itemref`'d block
//!   each repeat it, so a small page can ask for a very large calendar;
//! - [`check`] lists where vEvent items break the vocabulary's rules (the
//!   conversion runs regardless: the spec lets it produce invalid output
//!   for invalid input).
//!
//! The text is written by our own emitter, because the `icalendar` crate
//! cannot produce the spec's output (it sorts and de-duplicates properties,
//! adds its own `UID`, `DTSTAMP` and `PRODID`, escapes only TEXT values and
//! folds by octets). With the `typed` feature, `to_calendar` builds a typed
//! `icalendar::Calendar` from the same data; its docs list the differences.
//!
//! # Example
//!
//! ```
//! use std::time::{Duration, SystemTime};
//! use microdata_ical::{IcalOptions, to_icalendar};
//!
//! let html = r#"<div itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">
//!   <strong itemprop="summary">Bluesday Tuesday: Money Road</strong>,
//!   <time itemprop="dtstart" datetime="2009-05-05T19:00:00Z">May 5th at 7pm</time></div>"#;
//! let parsed = microdata_scraper::parse(html, None)?;
//! let options = IcalOptions::new()
//!     .with_dtstamp(SystemTime::UNIX_EPOCH + Duration::from_secs(1_241_500_000));
//! let ics = to_icalendar(&parsed.document(), &options).ok_or("no vevent")?;
//! assert_eq!(
//!     ics,
//!     format!(
//!         "BEGIN:VCALENDAR\r\nPRODID:{}\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\n\
//!          DTSTAMP;VALUE=DATE-TIME:20090505T050640Z\r\n\
//!          SUMMARY:Bluesday Tuesday: Money Road\r\n\
//!          DTSTART;VALUE=DATE-TIME:20090505T190000Z\r\n\
//!          END:VEVENT\r\nEND:VCALENDAR\r\n",
//!         microdata_ical::PRODID
//!     )
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! - `typed` (off by default): `to_calendar` and `to_calendar_from` (and
//!   their `try_` forms, which name a limit reached), the
//!   same calendar as an `icalendar::Calendar` (the crate is re-exported
//!   as `microdata_ical::icalendar`).
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod check;
mod convert;
mod options;
#[cfg(feature = "typed")]
mod typed;

pub use check::{check, check_within};
pub use convert::PRODID;
/// The `icalendar` crate that [`to_calendar`]'s types come from, so that
/// callers use the same version (for its `Component` trait, say).
#[cfg(feature = "typed")]
pub use icalendar;
/// The model this crate converts from (`Document`, `Node`, `Limits`,
/// `microsyntax`), re-exported so that a program with its own `Node`
/// implementation uses the same version.
pub use microdata_model;
pub use microdata_model::vocab::{VEVENT_TYPE, Warning};
/// The caps on a conversion (see the options' `with_limits`), and the
/// error of a conversion that reaches one: re-exported from the model so
/// that this crate alone is enough to use them.
pub use microdata_model::{Limit, LimitError, Limits};
pub use options::IcalOptions;
#[cfg(feature = "typed")]
#[cfg_attr(docsrs, doc(cfg(feature = "typed")))]
pub use typed::{to_calendar, to_calendar_from, try_to_calendar, try_to_calendar_from};

use microdata_model::{Document, Element, Node};

/// Converts the vEvent items of `doc` to iCalendar text (WHATWG HTML
/// §5.3.2.1), or `None` when the document has none (or when the conversion
/// reaches one of the options' [limits](IcalOptions::with_limits), which
/// [`try_to_icalendar`] names).
///
/// The list of nodes the algorithm starts from is every element of the
/// document in tree order, so items of type
/// `http://microformats.org/profile/hcalendar#vevent` are found even when
/// they are the values of other items' properties. Items that are values
/// of a vEvent's properties are skipped in that event.
///
/// # Examples
///
/// ```
/// use microdata_ical::{IcalOptions, to_icalendar};
///
/// let parsed = microdata_scraper::parse(
///     r#"<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">
///        <time itemprop="dtstart">2009-05-05</time>
///        <span itemprop="summary">All day, outdoors</span></p>"#,
///     None,
/// )?;
/// let ics = to_icalendar(&parsed.document(), &IcalOptions::new()).ok_or("no vevent")?;
/// assert!(ics.contains("\r\nDTSTART;VALUE=DATE:20090505\r\n"));
/// assert!(ics.contains("\r\nSUMMARY:All day\\, outdoors\r\n"));
///
/// let none = microdata_scraper::parse("<p itemscope>", None)?;
/// assert_eq!(to_icalendar(&none.document(), &IcalOptions::new()), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_icalendar<'a, N: Node<'a>>(
    doc: &Document<'a, N>,
    options: &IcalOptions,
) -> Option<String> {
    try_to_icalendar(doc, options).ok().flatten()
}

/// [`to_icalendar`], reporting a reached [limit](IcalOptions::with_limits).
///
/// # Errors
///
/// The [`LimitError`] of the first limit the conversion reaches: too many
/// events, too many lines in one event, or too much text.
///
/// # Examples
///
/// ```
/// use microdata_ical::{IcalOptions, try_to_icalendar};
/// use microdata_ical::{Limit, Limits};
///
/// let parsed = microdata_scraper::parse(
///     r#"<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">
///        <b itemprop=summary>Tea</b> <b itemprop=location>Garden</b></p>"#,
///     None,
/// )?;
/// let doc = parsed.document();
/// let ics = try_to_icalendar(&doc, &IcalOptions::new())?.ok_or("no vevent")?;
/// assert!(ics.contains("\r\nLOCATION:Garden\r\n"));
/// let one_line = IcalOptions::new().with_limits(Limits::default().with_max_properties(1));
/// let err = try_to_icalendar(&doc, &one_line).unwrap_err();
/// assert_eq!(err.limit(), Limit::Properties);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn try_to_icalendar<'a, N: Node<'a>>(
    doc: &Document<'a, N>,
    options: &IcalOptions,
) -> Result<Option<String>, LimitError> {
    calendar_text(doc.all_items(), options)
}

/// Converts the vEvent items among `elements` to iCalendar text (WHATWG
/// HTML §5.3.2.1 with `nodes` = `elements`, in the order given), or `None`
/// when none of them is one (or when a [limit](IcalOptions::with_limits)
/// is reached, which [`try_to_icalendar_from`] names).
///
/// # Examples
///
/// ```
/// use microdata_ical::{IcalOptions, to_icalendar_from};
///
/// let parsed = microdata_scraper::parse(
///     r#"<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent"><b itemprop=summary>A</b></p>
///        <p id=b itemscope itemtype="http://microformats.org/profile/hcalendar#vevent"><b itemprop=summary>B</b></p>"#,
///     None,
/// )?;
/// let doc = parsed.document();
/// let ics = to_icalendar_from(doc.element_by_id("b"), &IcalOptions::new()).ok_or("no vevent")?;
/// assert!(ics.contains("\r\nSUMMARY:B\r\n") && !ics.contains("SUMMARY:A"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_icalendar_from<'d, 'a: 'd, N: Node<'a>>(
    elements: impl IntoIterator<Item = Element<'d, 'a, N>>,
    options: &IcalOptions,
) -> Option<String> {
    try_to_icalendar_from(elements, options).ok().flatten()
}

/// [`to_icalendar_from`], reporting a reached
/// [limit](IcalOptions::with_limits).
///
/// # Errors
///
/// The [`LimitError`] of the first limit the conversion reaches, as
/// [`try_to_icalendar`].
///
/// # Examples
///
/// ```
/// use microdata_ical::{IcalOptions, try_to_icalendar_from};
/// use microdata_ical::{Limit, Limits};
///
/// let parsed = microdata_scraper::parse(
///     r#"<p id=e itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">
///        <b itemprop=summary>A long summary</b></p>"#,
///     None,
/// )?;
/// let doc = parsed.document();
/// let small = IcalOptions::new().with_limits(Limits::default().with_max_output_bytes(64));
/// let err = try_to_icalendar_from(doc.element_by_id("e"), &small).unwrap_err();
/// assert_eq!(err.limit(), Limit::OutputBytes);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn try_to_icalendar_from<'d, 'a: 'd, N: Node<'a>>(
    elements: impl IntoIterator<Item = Element<'d, 'a, N>>,
    options: &IcalOptions,
) -> Result<Option<String>, LimitError> {
    calendar_text(elements.into_iter().filter_map(|e| e.item()), options)
}

/// The iCalendar text of the vEvent items among `items`, if there are any.
fn calendar_text<'d, 'a: 'd, N: Node<'a>>(
    items: impl Iterator<Item = microdata_model::Item<'d, 'a, N>>,
    options: &IcalOptions,
) -> Result<Option<String>, LimitError> {
    convert::build(items, options)?
        .map(|calendar| convert::to_text_within(&calendar, options))
        .transpose()
}

#[cfg(test)]
mod tests;

/// This crate's README examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CrateReadmeDoctests;
