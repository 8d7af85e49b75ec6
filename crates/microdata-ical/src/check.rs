//! The vEvent vocabulary's rules (WHATWG HTML §5.3.2).

use microdata_model::microsyntax::{
    Date, GlobalDateTime, is_valid_date_string, is_valid_global_date_and_time_string,
    is_valid_non_negative_integer, is_valid_vevent_duration_string, parse_date,
    parse_global_date_time,
};
use microdata_model::vocab::{Checker, PropertyMap, VEVENT_TYPE, Warning, is_valid_geo};
use microdata_model::{Document, Limits, Node, Value};

/// The `class` values.
pub(crate) const CLASSES: [&str; 3] = ["public", "private", "confidential"];

/// The `status` values.
pub(crate) const STATUSES: [&str; 3] = ["tentative", "confirmed", "cancelled"];

/// The `transp` values.
pub(crate) const TRANSPS: [&str; 2] = ["opaque", "transparent"];

/// Properties of which a single one may be present.
const SINGLE: [&str; 15] = [
    "class",
    "description",
    "geo",
    "location",
    "status",
    "summary",
    "dtend",
    "duration",
    "transp",
    "url",
    "uid",
    "rrule",
    "created",
    "last-modified",
    "sequence",
];

/// Properties whose value must be text.
const TEXT: [&str; 21] = [
    "categories",
    "class",
    "comment",
    "description",
    "geo",
    "location",
    "resources",
    "status",
    "summary",
    "dtend",
    "dtstart",
    "duration",
    "transp",
    "contact",
    "uid",
    "exdate",
    "rdate",
    "rrule",
    "created",
    "last-modified",
    "sequence",
];

/// Checks every item of type
/// `http://microformats.org/profile/hcalendar#vevent` in `doc` (nested ones
/// included) against the vEvent vocabulary (WHATWG HTML §5.3.2), item by
/// item in tree order.
///
/// The rules and their identifiers ([`Warning::rule`]):
///
/// | rule | what the spec says |
/// |---|---|
/// | `vevent:dtstart-exactly-once` | exactly one `dtstart` |
/// | `vevent:undefined-property` | on an item typed vEvent alone, each property name is one the vocabulary defines, or an absolute URL |
/// | `vevent:global-identifier` | no `itemid`: the vocabulary "does not support global identifiers for items" |
/// | `vevent:other-type` | no other item type: an item's types "must all be defined to use the same vocabulary" (§5.2.2), and this one defines only the vEvent type |
/// | `vevent:single-valued` | a single `class`, `description`, `geo`, `location`, `status`, `summary`, `dtend`, `duration`, `transp`, `url`, `uid`, `rrule`, `created`, `last-modified`, `sequence` |
/// | `vevent:dtend-with-duration` | `dtend` and `duration` are not both given |
/// | `vevent:text-value` | text values (all properties but `attach` and `url`) |
/// | `vevent:url-value` | `attach` and `url` are absolute URLs, given by URL property elements |
/// | `vevent:class-value`, `vevent:status-value`, `vevent:transp-value` | `public private confidential`; `tentative confirmed cancelled`; `opaque transparent` |
/// | `vevent:geo-syntax` | the `geo` syntax (`lat;lon`) |
/// | `vevent:dtstart-value`, `vevent:exdate-value` | a valid date string or a valid global date and time string |
/// | `vevent:dtend-value` | a valid date string when `dtstart` is one, else a valid global date and time string |
/// | `vevent:dtend-after-dtstart` | `dtend` later than `dtstart` |
/// | `vevent:duration-value` | a valid vevent duration string |
/// | `vevent:rdate-value` | a date, a global date and time, or a global date and time followed by `/` and a later one or a vevent duration |
/// | `vevent:created-value`, `vevent:last-modified-value` | a valid global date and time string |
/// | `vevent:sequence-value` | a valid non-negative integer |
/// | `vevent:line-name` | not in the vocabulary, but the conversion writes each property name as a line name: it must be letters, digits and hyphens, and not `begin` or `end` |
///
/// Not checked: `rrule` against the RFC 5545 RECUR grammar.
///
/// # Examples
///
/// ```
/// let parsed = microdata_scraper::parse(
///     r#"<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">
///        <meta itemprop=status content=postponed></p>"#,
///     None,
/// )?;
/// let doc = parsed.document();
/// let rules: Vec<&str> = microdata_ical::check(&doc).iter().map(|w| w.rule()).collect();
/// assert_eq!(rules, ["vevent:dtstart-exactly-once", "vevent:status-value"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check<'d, 'a, N: Node<'a>>(doc: &'d Document<'a, N>) -> Vec<Warning<'d, 'a, N>> {
    check_within(doc, &Limits::default())
}

/// [`check`] reading at most [`limits.max_reads()`](Limits::max_reads)
/// property values (events that share a block through `itemref` read it
/// once each); past that, the warnings so far and a `vocab:check-stopped`
/// warning on the first event not checked.
///
/// # Examples
///
/// ```
/// use microdata_ical::Limits;
///
/// let parsed = microdata_scraper::parse(
///     r#"<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent" itemref=d></p>
///        <p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent" itemref=d></p>
///        <p id=d><i itemprop=dtstart>soon</i></p>"#,
///     None,
/// )?;
/// let doc = parsed.document();
/// let rules = |max| -> Vec<&str> {
///     let limits = Limits::default().with_max_reads(max);
///     microdata_ical::check_within(&doc, &limits).iter().map(|w| w.rule()).collect()
/// };
/// // The shared `dtstart`'s warning is given once for the two events.
/// assert_eq!(rules(2), ["vevent:dtstart-value"]);
/// assert_eq!(rules(1), ["vevent:dtstart-value", "vocab:check-stopped"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_within<'d, 'a, N: Node<'a>>(
    doc: &'d Document<'a, N>,
    limits: &Limits,
) -> Vec<Warning<'d, 'a, N>> {
    Checker::with_limits(limits).check_type(doc, VEVENT_TYPE, check_item)
}

fn check_item<'d, 'a, N: Node<'a>>(c: &mut Checker<'d, 'a, N>, map: &PropertyMap<'d, 'a, N>) {
    let item = map.item();
    c.no_global_identifier(item, "vEvent", "vevent:global-identifier");
    c.one_vocabulary(item, VEVENT_TYPE, "vEvent", "vevent:other-type");
    // The vocabulary's names: the text-valued ones, `attach` and `url`.
    c.defined_names(
        map,
        VEVENT_TYPE,
        |name| TEXT.contains(&name) || matches!(name, "attach" | "url"),
        "vevent:undefined-property",
    );
    c.exactly_one(map, "dtstart", "vevent:dtstart-exactly-once");
    c.line_names(map, "iCalendar", "vevent:line-name");
    for name in SINGLE {
        c.at_most_one(map, name, "vevent:single-valued");
    }
    if map.count("dtend") > 0 && map.count("duration") > 0 {
        for name in ["dtend", "duration"] {
            for &p in map.get(name) {
                c.push(
                    p,
                    "vevent:dtend-with-duration",
                    format!(
                        "`{name}` is not allowed when the item has both `dtend` and `duration`"
                    ),
                );
            }
        }
    }
    for name in TEXT {
        c.texts(map, name, "vevent:text-value");
    }
    for name in ["attach", "url"] {
        c.absolute_urls(map, name, "vevent:url-value");
    }
    c.one_of(map, "class", &CLASSES, "vevent:class-value");
    c.one_of(map, "status", &STATUSES, "vevent:status-value");
    c.one_of(map, "transp", &TRANSPS, "vevent:transp-value");
    c.syntax(
        map,
        "geo",
        is_valid_geo,
        "latitude;longitude in decimal degrees",
        "vevent:geo-syntax",
    );
    let date_or_global =
        |s: &str| is_valid_date_string(s) || is_valid_global_date_and_time_string(s);
    const DATE_OR_GLOBAL: &str = "a valid date string or a valid global date and time string";
    c.syntax(
        map,
        "dtstart",
        date_or_global,
        DATE_OR_GLOBAL,
        "vevent:dtstart-value",
    );
    c.syntax(
        map,
        "exdate",
        date_or_global,
        DATE_OR_GLOBAL,
        "vevent:exdate-value",
    );
    dtend(c, map);
    c.syntax(
        map,
        "duration",
        is_valid_vevent_duration_string,
        "a valid vevent duration string",
        "vevent:duration-value",
    );
    c.syntax(
        map,
        "rdate",
        is_valid_rdate,
        "a valid date string, a valid global date and time string, or a valid global date \
         and time string followed by `/` and a later one or a valid vevent duration string",
        "vevent:rdate-value",
    );
    for (name, rule) in [
        ("created", "vevent:created-value"),
        ("last-modified", "vevent:last-modified-value"),
    ] {
        c.syntax(
            map,
            name,
            is_valid_global_date_and_time_string,
            "a valid global date and time string",
            rule,
        );
    }
    c.syntax(
        map,
        "sequence",
        is_valid_non_negative_integer,
        "a valid non-negative integer",
        "vevent:sequence-value",
    );
}

/// A point in time as a `dtstart`/`dtend` value gives it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Moment {
    Date(Date),
    /// In UTC, compared field by field.
    Global(Date, (u8, u8, u8, u32)),
}

fn global(g: GlobalDateTime) -> Moment {
    let u = g.to_utc();
    Moment::Global(
        u.date,
        (u.time.hour, u.time.minute, u.time.second, u.time.nanosecond),
    )
}

fn text<'d, 'a, N: Node<'a>>(el: &microdata_model::Element<'d, 'a, N>) -> Option<String> {
    match el.property_value() {
        Value::Text(t) => Some(t.into_owned()),
        _ => None,
    }
}

/// "If … a property with the name dtstart whose value is a valid date
/// string, then the value of the property with the name dtend must be text
/// that is a valid date string also. Otherwise, the value of the property
/// must be text that is a valid global date and time string. In either
/// case, the value be later in time than the value of the dtstart
/// property."
fn dtend<'d, 'a, N: Node<'a>>(c: &mut Checker<'d, 'a, N>, map: &PropertyMap<'d, 'a, N>) {
    let start = map.get("dtstart").first().and_then(text);
    let start_is_date = start.as_deref().is_some_and(is_valid_date_string);
    let start_moment = start.as_deref().and_then(|s| {
        parse_date(s)
            .map(Moment::Date)
            .or_else(|| parse_global_date_time(s).map(global))
    });
    for &p in map.get("dtend") {
        let Some(end) = text(&p) else { continue };
        let end_moment = if start_is_date {
            parse_date(&end).map(Moment::Date)
        } else {
            parse_global_date_time(&end).map(global)
        };
        let Some(end_moment) = end_moment else {
            let what = if start_is_date {
                "a valid date string (`dtstart` is a date)"
            } else {
                "a valid global date and time string"
            };
            c.push(
                p,
                "vevent:dtend-value",
                format!("`dtend` must be {what}, found {end:?}"),
            );
            continue;
        };
        if let Some(s) = start_moment {
            // Only like with like: a date `dtstart` was required above for
            // a date `dtend`.
            let comparable = matches!(
                (s, end_moment),
                (Moment::Date(_), Moment::Date(_)) | (Moment::Global(..), Moment::Global(..))
            );
            if comparable && end_moment <= s {
                c.push(
                    p,
                    "vevent:dtend-after-dtstart",
                    format!("`dtend` must be later than `dtstart`, found {end:?}"),
                );
            }
        }
    }
}

/// The `rdate` value: a valid date string; a valid global date and time
/// string; or a valid global date and time string, `/`, and either a later
/// valid global date and time string or a valid vevent duration string.
pub(crate) fn is_valid_rdate(s: &str) -> bool {
    if is_valid_date_string(s) || is_valid_global_date_and_time_string(s) {
        return true;
    }
    let Some((start, rest)) = s.split_once('/') else {
        return false;
    };
    let Some(start) = parse_global_date_time(start) else {
        return false;
    };
    if is_valid_vevent_duration_string(rest) {
        return true;
    }
    parse_global_date_time(rest).is_some_and(|end| global(end) > global(start))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rdate_forms() {
        for ok in [
            "2009-05-05",
            "2009-05-05T19:00Z",
            "2009-05-05T19:00Z/2009-05-05T21:00Z",
            "2009-05-05T19:00+02:00/2009-05-05T18:00Z",
            "2009-05-05T19:00Z/PT2H",
            "2009-05-05T19:00Z/P1W",
        ] {
            assert!(is_valid_rdate(ok), "{ok}");
        }
        for bad in [
            "",
            "2009-05-05T19:00",
            "2009-05-05/2009-05-06",
            "2009-05-05T19:00Z/2009-05-05T19:00Z",
            "2009-05-05T21:00Z/2009-05-05T19:00Z",
            "2009-05-05T19:00Z/PT1H20S",
            "2009-05-05T19:00Z/",
            "/PT2H",
        ] {
            assert!(!is_valid_rdate(bad), "{bad}");
        }
    }
}
