//! Fixtures, a fixed clock, and the parse-back shared by the tests.

use std::time::{Duration, SystemTime};

use microdata_ical::{IcalOptions, PRODID};
use microdata_vcard::line;

/// The document URL the fixtures are converted with.
pub(crate) const URL: &str = "http://livebrum.co.uk/2009/05/05/bluesday-tuesday-money-road";

pub(crate) fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Options with `DTSTAMP` fixed at 2009-05-01T12:00:00Z.
pub(crate) fn options() -> IcalOptions {
    IcalOptions::new().with_dtstamp(SystemTime::UNIX_EPOCH + Duration::from_secs(1_241_179_200))
}

/// A property read back: name, parameters, unescaped value.
pub(crate) type Prop = (String, Vec<(String, String)>, String);

pub(crate) fn prop(name: &str, params: &[(&str, &str)], value: &str) -> Prop {
    (
        name.to_owned(),
        params
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
        value.to_owned(),
    )
}

/// Checks the physical form, then parses `ics` with `icalendar::parser`
/// (which keeps the order and duplicates of properties) and returns every
/// VEVENT's properties.
pub(crate) fn parse_back(ics: &str) -> Vec<Vec<Prop>> {
    assert!(ics.ends_with("\r\n"));
    for physical in ics.strip_suffix("\r\n").unwrap().split("\r\n") {
        assert!(!physical.contains(['\r', '\n']));
        assert!(physical.chars().count() <= 75, "{physical:?}");
    }
    let unfolded = icalendar::parser::unfold(ics);
    let cal = icalendar::parser::read_calendar(&unfolded).unwrap();
    let head: Vec<(&str, &str)> = cal
        .properties
        .iter()
        .map(|p| (p.name.as_str(), p.val.as_str()))
        .collect();
    assert_eq!(head, [("PRODID", PRODID), ("VERSION", "2.0")]);
    let raw = raw_events(ics);
    assert_eq!(raw.len(), cal.components.len());
    cal.components
        .iter()
        .zip(raw)
        .map(|(c, raw)| {
            assert_eq!(c.name.as_str(), "VEVENT");
            assert_eq!(c.properties.len(), raw.len());
            c.properties
                .iter()
                .zip(raw)
                .map(|(p, raw)| {
                    assert_eq!(p.name.as_str(), raw.name);
                    let params = p
                        .params
                        .iter()
                        .map(|x| {
                            let v = x.val.as_ref().map(|v| v.as_str().to_owned());
                            (x.key.as_str().to_owned(), v.unwrap_or_default())
                        })
                        .collect();
                    (
                        p.name.as_str().to_owned(),
                        params,
                        unescaped(p.val.as_str(), &raw.value),
                    )
                })
                .collect()
        })
        .collect()
}

/// The value of a property: unescaped by our content-line reader, and
/// checked against icalendar's parser, which unescapes the values it types
/// as TEXT and leaves the others as written. icalendar 0.17.6 (the version
/// the workspace's rust-version selects) unescapes in several passes, so an
/// escaped backslash followed by `,`, `;`, `:` or `n` comes out wrong there:
/// such values are not compared.
pub(crate) fn unescaped(parsed: &str, raw: &str) -> String {
    let ours = line::unescape(raw);
    if !raw.contains("\\\\") {
        assert!(parsed == raw || parsed == ours, "{parsed:?} vs {raw:?}");
    }
    ours
}

/// Each VEVENT's lines as the content-line reader gives them.
fn raw_events(ics: &str) -> Vec<Vec<line::ContentLine>> {
    let mut events = Vec::new();
    let mut current: Option<Vec<line::ContentLine>> = None;
    for l in line::read(ics).unwrap() {
        match (l.name.as_str(), l.value.as_str()) {
            ("BEGIN", "VEVENT") => current = Some(Vec::new()),
            ("END", "VEVENT") => events.extend(current.take()),
            _ => {
                if let Some(c) = current.as_mut() {
                    c.push(l);
                }
            }
        }
    }
    events
}

/// `events` vEvents that each pull in, through `itemref`, one block holding
/// `block` (the markup of its properties).
pub(crate) fn events_sharing_a_block(events: usize, block: &str) -> String {
    let event = r#"<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent" itemref=b></p>"#;
    format!("{}<div id=b>{block}</div>", event.repeat(events))
}
