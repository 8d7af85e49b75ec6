//! The same calendar as a typed `icalendar::Calendar` (feature `typed`).

use icalendar::{Calendar, Component, Event, Property};
use microdata_model::{Document, Element, LimitError, Node};

use crate::IcalOptions;
use crate::convert;
use microdata_vcard::line::escape_text;

/// The VEVENT properties RFC 5545 allows at most once.
const ONCE: [&str; 18] = [
    "CLASS",
    "CREATED",
    "DESCRIPTION",
    "DTSTART",
    "GEO",
    "LAST-MODIFIED",
    "LOCATION",
    "ORGANIZER",
    "PRIORITY",
    "SEQUENCE",
    "STATUS",
    "SUMMARY",
    "TRANSP",
    "URL",
    "RECURRENCE-ID",
    "DTEND",
    "DURATION",
    "UID",
];

/// Converts the vEvent items of `doc` to a typed [`icalendar::Calendar`],
/// built from the same data as [`to_icalendar`](crate::to_icalendar);
/// `None` when the document has none, or (as for `to_icalendar`) when the
/// conversion reaches one of the options' limits, which
/// [`try_to_calendar`] names.
///
/// What the `icalendar` crate then writes differs from the spec's text:
///
/// - Within an event, it writes the properties RFC 5545 allows once
///   (`CLASS`, `CREATED`, `DESCRIPTION`, `DTSTART`, `DTEND`, `DURATION`,
///   `GEO`, `LAST-MODIFIED`, `LOCATION`, `SEQUENCE`, `STATUS`, `SUMMARY`,
///   `TRANSP`, `URL`, `UID`, …) sorted by name, then every other property
///   sorted by name (several of one name in tree order), instead of tree
///   order. A second occurrence of a once-only property is kept among the
///   others rather than dropped.
/// - It gives an event that has no `UID` (every event, unless the item
///   has a `uid` property or [`IcalOptions::with_uid_from_itemid`] gave
///   one) a name-based UUID (version 5) of its `DTSTAMP`, its place in the
///   calendar and its lines, instead of the random one `icalendar` would,
///   so that the same page and clock give the same calendar.
/// - It escapes only values whose type is TEXT, by the property's name or
///   its `VALUE` parameter (`URL` and unknown, non-`X-` names are written as
///   they are); the spec escapes every value. A comma inside one
///   `CATEGORIES` or `RESOURCES` value stays escaped, as in the text (for
///   the icalendar versions that write those lists as they are, the value
///   is stored escaped).
/// - It folds lines at 75 octets (not code points), and not before a space.
/// - `PRODID` and `VERSION` are there (no `CALSCALE`); parameters are written
///   sorted by name.
///
/// The values themselves (dates with `-` and `:` stripped, annotations,
/// `DTSTAMP`) are the same as in the text.
///
/// # Examples
///
/// ```
/// use microdata_ical::icalendar::Component;
/// use microdata_ical::{IcalOptions, to_calendar};
///
/// let parsed = microdata_scraper::parse(
///     r#"<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">
///        <span itemprop=summary>Tea</span><meta itemprop=uid content=tea-1></p>"#,
///     None,
/// )?;
/// let calendar = to_calendar(&parsed.document(), &IcalOptions::new()).ok_or("no vevent")?;
/// let event = calendar.events().next().ok_or("no event")?;
/// assert_eq!(event.get_summary(), Some("Tea"));
/// assert_eq!(event.get_uid(), Some("tea-1"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_calendar<'a, N: Node<'a>>(
    doc: &Document<'a, N>,
    options: &IcalOptions,
) -> Option<Calendar> {
    try_to_calendar(doc, options).ok().flatten()
}

/// [`to_calendar`], reporting a reached [limit](IcalOptions::with_limits)
/// instead of giving `None` for it.
///
/// # Errors
///
/// The [`LimitError`] of the first limit the conversion reaches, as
/// [`try_to_icalendar`](crate::try_to_icalendar) (the typed calendar has no
/// text whose size is counted).
///
/// # Examples
///
/// ```
/// use microdata_ical::{IcalOptions, Limit, Limits, try_to_calendar};
///
/// let parsed = microdata_scraper::parse(
///     r#"<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">
///        <span itemprop=summary>Tea</span></p>
///        <p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">
///        <span itemprop=summary>Cake</span></p>"#,
///     None,
/// )?;
/// let doc = parsed.document();
/// let calendar = try_to_calendar(&doc, &IcalOptions::new())?.ok_or("no vevent")?;
/// assert_eq!(calendar.events().count(), 2);
/// let one_event = IcalOptions::new().with_limits(Limits::default().with_max_items(1));
/// assert_eq!(try_to_calendar(&doc, &one_event).unwrap_err().limit(), Limit::Items);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn try_to_calendar<'a, N: Node<'a>>(
    doc: &Document<'a, N>,
    options: &IcalOptions,
) -> Result<Option<Calendar>, LimitError> {
    Ok(convert::build(doc.all_items(), options)?.map(|c| typed(&c)))
}

/// [`to_calendar`] for the vEvent items among `elements`.
///
/// # Examples
///
/// ```
/// use microdata_ical::{IcalOptions, to_calendar_from};
///
/// let parsed = microdata_scraper::parse(
///     r#"<p id=e itemscope itemtype="http://microformats.org/profile/hcalendar#vevent"></p>"#,
///     None,
/// )?;
/// let doc = parsed.document();
/// let calendar =
///     to_calendar_from(doc.element_by_id("e"), &IcalOptions::new()).ok_or("no vevent")?;
/// assert_eq!(calendar.events().count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_calendar_from<'d, 'a: 'd, N: Node<'a>>(
    elements: impl IntoIterator<Item = Element<'d, 'a, N>>,
    options: &IcalOptions,
) -> Option<Calendar> {
    try_to_calendar_from(elements, options).ok().flatten()
}

/// [`to_calendar_from`], reporting a reached
/// [limit](IcalOptions::with_limits).
///
/// # Errors
///
/// The [`LimitError`] of the first limit the conversion reaches, as
/// [`try_to_calendar`].
///
/// # Examples
///
/// ```
/// use microdata_ical::{IcalOptions, Limit, Limits, try_to_calendar_from};
///
/// let parsed = microdata_scraper::parse(
///     r#"<p id=e itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">
///        <span itemprop=summary>Tea</span><span itemprop=location>Garden</span></p>"#,
///     None,
/// )?;
/// let doc = parsed.document();
/// let e = || doc.element_by_id("e");
/// let calendar = try_to_calendar_from(e(), &IcalOptions::new())?.ok_or("no vevent")?;
/// assert_eq!(calendar.events().count(), 1);
/// let few_lines = IcalOptions::new().with_limits(Limits::default().with_max_properties(1));
/// assert_eq!(try_to_calendar_from(e(), &few_lines).unwrap_err().limit(), Limit::Properties);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn try_to_calendar_from<'d, 'a: 'd, N: Node<'a>>(
    elements: impl IntoIterator<Item = Element<'d, 'a, N>>,
    options: &IcalOptions,
) -> Result<Option<Calendar>, LimitError> {
    let items = elements.into_iter().filter_map(|e| e.item());
    Ok(convert::build(items, options)?.map(|c| typed(&c)))
}

/// Whether this icalendar version writes `CATEGORIES` values as they are
/// (0.17.17 and later treat them as already escaped lists), rather than
/// escaping them like other TEXT values (earlier versions).
fn lists_written_verbatim() -> bool {
    let written: Result<String, _> = Property::new("CATEGORIES", ",").try_into();
    written.is_ok_and(|w| !w.contains("\\,"))
}

/// Whether icalendar writes `property` with a line break inside its value
/// (one that is not the folding of a long line).
fn writes_line_breaks(property: &Property) -> bool {
    let written: Result<String, _> = property.clone().try_into();
    written.is_ok_and(|w| {
        let unfolded = w.replace("\r\n ", "").replace("\r\n\t", "");
        unfolded.trim_end_matches("\r\n").contains(['\r', '\n'])
    })
}

/// A `UID` for the `index`th event, which has none: a version 5 UUID of
/// the `DTSTAMP`, the index and the event's lines.
fn derived_uid(dtstamp: &str, index: usize, event: &convert::Event<'_>) -> String {
    let mut name = format!("microdata-ical:{dtstamp}:{index}");
    for line in &event.lines {
        name.push('\n');
        name.push_str(line.name);
        name.push(':');
        name.push_str(&line.value);
    }
    uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_OID, name.as_bytes()).to_string()
}

fn typed(cal: &convert::Calendar<'_>) -> Calendar {
    let verbatim_lists = lists_written_verbatim();
    let mut calendar = Calendar::empty();
    calendar.append_property(("PRODID", cal.prodid.as_str()));
    calendar.append_property(("VERSION", "2.0"));
    for (i, e) in cal.events.iter().enumerate() {
        let mut event = Event::new();
        let mut dtstamp = Property::new("DTSTAMP", cal.dtstamp.as_str());
        dtstamp.add_parameter("VALUE", "DATE-TIME");
        event.append_property(dtstamp);
        if let Some(uid) = &e.uid {
            event.append_property(("UID", uid.as_str()));
        } else if !e.lines.iter().any(|l| l.name.eq_ignore_ascii_case("uid")) {
            event.append_property(("UID", derived_uid(&cal.dtstamp, i, e).as_str()));
        }
        for line in &e.lines {
            let name = line.name.to_ascii_uppercase();
            let value = if verbatim_lists && matches!(name.as_str(), "CATEGORIES" | "RESOURCES") {
                escape_text(&line.value)
            } else {
                line.value.clone()
            };
            let annotate = |mut property: Property| {
                if let Some((pname, pvalue)) = line.annotation.and_then(|a| a.split_once('=')) {
                    property.add_parameter(pname, pvalue);
                }
                property
            };
            // The text's escaping turns a CRLF pair, and each other CR or
            // LF, into `\n`. icalendar does that for an LF in a TEXT value,
            // but keeps a CR as it is (so CRs become LFs first) and escapes
            // nothing in other values: a line break in one of those (a `geo`
            // given as text over two lines) would end the content line, so
            // it is written escaped here, as the text escapes it.
            let value = if value.contains('\r') {
                value.replace("\r\n", "\n").replace('\r', "\n")
            } else {
                value
            };
            let mut property = annotate(Property::new(name.as_str(), value.as_str()));
            if value.contains('\n') && writes_line_breaks(&property) {
                property = annotate(Property::new(name.as_str(), value.replace('\n', "\\n")));
            }
            if ONCE.contains(&name.as_str()) && event.properties().get(&name).is_none() {
                event.append_property(property);
            } else {
                event.append_multi_property(property);
            }
        }
        calendar.push(event);
    }
    calendar
}
