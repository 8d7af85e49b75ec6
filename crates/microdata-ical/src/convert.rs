//! "Conversion to iCalendar" (WHATWG HTML §5.3.2.1).

use std::time::SystemTime;

use microdata_model::microsyntax::{
    GlobalDateTime, is_valid_date_string, is_valid_global_date_and_time_string,
};
use microdata_model::vocab::VEVENT_TYPE;
use microdata_model::{Item, LimitError, Node, Value};
use microdata_vcard::line::{escape_text, write};

use crate::IcalOptions;

/// The `PRODID` value: "a user-agent-specific string representing the user
/// agent" (step 4), in the RFC 5545 `-//owner//product//language` form.
pub const PRODID: &str = concat!(
    "-//microdata-rs//microdata-ical ",
    env!("CARGO_PKG_VERSION"),
    "//EN"
);

/// The properties whose values are dates or date-times (step 6.3).
pub(crate) const DATE_NAMES: [&str; 6] = [
    "dtend",
    "dtstart",
    "exdate",
    "rdate",
    "created",
    "last-modified",
];

/// One property line of an event: its name as the item gives it (written
/// in uppercase), its annotation, and its value before escaping.
#[derive(Clone, Debug)]
pub(crate) struct Line<'a> {
    pub(crate) name: &'a str,
    pub(crate) annotation: Option<&'static str>,
    pub(crate) value: String,
}

/// One `VEVENT`: the optional 2010 `UID`, then the property lines.
#[derive(Clone, Debug)]
pub(crate) struct Event<'a> {
    pub(crate) uid: Option<String>,
    pub(crate) lines: Vec<Line<'a>>,
}

/// A calendar before it is written.
#[derive(Clone, Debug)]
pub(crate) struct Calendar<'a> {
    /// The `PRODID` value.
    pub(crate) prodid: String,
    /// The `DTSTAMP` value, an iCalendar UTC DATE-TIME.
    pub(crate) dtstamp: String,
    pub(crate) events: Vec<Event<'a>>,
}

impl Calendar<'_> {
    /// Steps 3 to 7, each line as "add an iCalendar line" says: the value
    /// escaped (steps 5–9), the line folded.
    pub(crate) fn to_text(&self) -> String {
        let mut out = String::new();
        let mut line = |name: &str, annotation: Option<&str>, value: &str| {
            let value = escape_text(value);
            match annotation {
                // The annotations are all `VALUE=…`: one parameter.
                Some(a) => {
                    let (pname, pvalue) = a.split_once('=').unwrap_or((a, ""));
                    write(&mut out, name, &[(pname, pvalue)], &value);
                }
                None => write(&mut out, name, &[], &value),
            }
        };
        line("BEGIN", None, "VCALENDAR");
        line("PRODID", None, &self.prodid);
        line("VERSION", None, "2.0");
        for event in &self.events {
            line("BEGIN", None, "VEVENT");
            line("DTSTAMP", Some("VALUE=DATE-TIME"), &self.dtstamp);
            if let Some(uid) = &event.uid {
                line("UID", None, uid);
            }
            for l in &event.lines {
                line(l.name, l.annotation, &l.value);
            }
            line("END", None, "VEVENT");
        }
        line("END", None, "VCALENDAR");
        out
    }
}

/// Runs the conversion over `items` (the items among the algorithm's
/// `nodes`, in order); `None` when none has the vEvent type (step 1).
///
/// Within the options' limits: events written (`max_items`), lines of one
/// event (`max_properties`), the bytes of the values gathered
/// (`max_output_bytes`; the written text, escaped and folded, is checked
/// again by [`to_text_within`]) and the property values read
/// (`max_reads`: item values are read and skipped). An `itemref`'d block
/// of properties is read once for every event that refers to it, so a
/// small page can ask for an output, or a reading, quadratic in its size.
pub(crate) fn build<'d, 'a: 'd, N: Node<'a>>(
    items: impl Iterator<Item = Item<'d, 'a, N>>,
    options: &IcalOptions,
) -> Result<Option<Calendar<'a>>, LimitError> {
    let limits = options.limits();
    let mut counts = Counts::default();
    let mut events = Vec::new();
    for item in items.filter(|i| i.has_type(VEVENT_TYPE)) {
        limits.check_items(events.len() + 1)?;
        events.push(event(item, options, &mut counts)?);
    }
    if events.is_empty() {
        return Ok(None);
    }
    let moment = options.dtstamp().unwrap_or_else(SystemTime::now);
    Ok(Some(Calendar {
        prodid: options.prodid().to_owned(),
        dtstamp: format_utc(moment),
        events,
    }))
}

/// [`Calendar::to_text`], checked against the options' `max_output_bytes`.
pub(crate) fn to_text_within(
    calendar: &Calendar<'_>,
    options: &IcalOptions,
) -> Result<String, LimitError> {
    let text = calendar.to_text();
    options.limits().check_output(text.len())?;
    Ok(text)
}

/// What the conversion has read and gathered so far.
#[derive(Default)]
struct Counts {
    /// Property values read.
    reads: usize,
    /// Bytes of the names and values gathered.
    bytes: usize,
}

/// Step 6 for one item.
fn event<'d, 'a: 'd, N: Node<'a>>(
    item: Item<'d, 'a, N>,
    options: &IcalOptions,
    counts: &mut Counts,
) -> Result<Event<'a>, LimitError> {
    let limits = options.limits();
    let uid = if options.uid_from_itemid() {
        // 2010: "If the item has a global identifier, add an iCalendar line
        // with the type UID and that global identifier as the value".
        item.id().map(|id| id.as_str().to_owned())
    } else {
        None
    };
    let mut lines = Vec::new();
    let mut bytes = counts.bytes;
    let mut push = |line: Line<'a>| {
        limits.check_properties(lines.len() + 1)?;
        bytes = bytes
            .saturating_add(line.name.len())
            .saturating_add(line.value.len());
        limits.check_output(bytes)?;
        lines.push(line);
        Ok::<(), LimitError>(())
    };
    // Step 6.3: "For each element element that is a property of the item
    // node: for each name name in element's property names".
    for element in item.properties() {
        counts.reads += 1;
        limits.check_reads(counts.reads)?;
        let value = element.property_value();
        // "If the property's value is an item: Skip the property."
        let raw = match &value {
            Value::Item(_) => continue,
            v => v.as_str().unwrap_or(""),
        };
        let time_element = element.is_html() && element.local_name() == "time";
        for name in element.property_names() {
            let date_like = if options.time_element_dates() {
                time_element
            } else {
                DATE_NAMES.contains(&name)
            };
            if !date_like {
                // "Otherwise: Add an iCalendar line with the type name and
                // the property's value."
                push(Line {
                    name,
                    annotation: None,
                    value: raw.to_owned(),
                })?;
                continue;
            }
            // "Let value be the result of stripping all - and : characters
            // from the property's value", then choose the annotation by the
            // property's (unstripped) value, or skip it.
            let annotation = if is_valid_date_string(raw) {
                "VALUE=DATE"
            } else if is_valid_global_date_and_time_string(raw) {
                "VALUE=DATE-TIME"
            } else {
                continue;
            };
            push(Line {
                name,
                annotation: Some(annotation),
                value: raw.chars().filter(|&c| c != '-' && c != ':').collect(),
            })?;
        }
    }
    counts.bytes = bytes;
    Ok(Event { uid, lines })
}

/// An iCalendar DATE-TIME in UTC (`YYYYMMDDTHHMMSSZ`, RFC 5545 §3.3.5
/// form 2) for `moment`, to the second. Its year has four digits
/// (`date-fullyear`, §3.3.4): a moment after 9999 gives the last second of
/// 9999 (`from_system_time` already saturates before year 1).
pub(crate) fn format_utc(moment: SystemTime) -> String {
    // Whole seconds, rounded down (also before 1970).
    let GlobalDateTime { date, time, .. } = GlobalDateTime::from_system_time(moment);
    if date.year > 9999 {
        return "99991231T235959Z".to_owned();
    }
    format!(
        "{:04}{:02}{:02}T{:02}{:02}{:02}Z",
        date.year, date.month, date.day, time.hour, time.minute, time.second
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn utc_date_times() {
        let at = |s: u64| format_utc(SystemTime::UNIX_EPOCH + Duration::from_secs(s));
        assert_eq!(at(0), "19700101T000000Z");
        assert_eq!(at(1_241_550_000), "20090505T190000Z");
        assert_eq!(at(951_782_400), "20000229T000000Z");
        // 2100 is not a leap year.
        assert_eq!(at(4_107_542_399), "21000228T235959Z");
        assert_eq!(at(4_107_542_400), "21000301T000000Z");
        // Fractions of a second are dropped.
        assert_eq!(
            format_utc(SystemTime::UNIX_EPOCH + Duration::from_millis(1_999)),
            "19700101T000001Z"
        );
        // Before the epoch.
        assert_eq!(
            format_utc(SystemTime::UNIX_EPOCH - Duration::from_secs(1)),
            "19691231T235959Z"
        );
        assert_eq!(
            format_utc(SystemTime::UNIX_EPOCH - Duration::from_millis(500)),
            "19691231T235959Z"
        );
        assert_eq!(
            format_utc(SystemTime::UNIX_EPOCH - Duration::from_secs(86_400 * 365)),
            "19690101T000000Z"
        );
        // Four-digit years only: the first and last seconds they hold.
        assert_eq!(at(253_402_300_799), "99991231T235959Z");
        assert_eq!(at(253_402_300_800), "99991231T235959Z");
        assert_eq!(at(u64::MAX / 4), "99991231T235959Z");
        let year_1 = SystemTime::UNIX_EPOCH - Duration::from_secs(62_135_596_800);
        assert_eq!(format_utc(year_1), "00010101T000000Z");
        assert_eq!(
            format_utc(year_1 - Duration::from_secs(1)),
            "00010101T000000Z"
        );
    }
}
