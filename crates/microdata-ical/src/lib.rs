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
//! - `typed` (off by default): `to_calendar` and `to_calendar_from`, the
//!   same calendar as an `icalendar::Calendar` (the crate is re-exported
//!   as `microdata_ical::icalendar`).
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod check;
mod convert;
mod options;
#[cfg(feature = "typed")]
mod typed;

pub use check::check;
pub use convert::PRODID;
/// The `icalendar` crate that [`to_calendar`]'s types come from, so that
/// callers use the same version (for its `Component` trait, say).
#[cfg(feature = "typed")]
pub use icalendar;
pub use microdata_model::vocab::{VEVENT_TYPE, Warning};
pub use options::IcalOptions;
#[cfg(feature = "typed")]
pub use typed::{to_calendar, to_calendar_from};

use microdata_model::{Document, Element, Node};

/// Converts the vEvent items of `doc` to iCalendar text (WHATWG HTML
/// §5.3.2.1), or `None` when the document has none.
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
    Some(convert::build(doc.all_items(), options)?.to_text())
}

/// Converts the vEvent items among `elements` to iCalendar text (WHATWG
/// HTML §5.3.2.1 with `nodes` = `elements`, in the order given), or `None`
/// when none of them is one.
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
    Some(convert::build(elements.into_iter().filter_map(|e| e.item()), options)?.to_text())
}

#[cfg(test)]
mod tests;
