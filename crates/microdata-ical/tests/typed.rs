//! The typed `icalendar::Calendar` (feature `typed`).

use icalendar::{Component, EventLike};
use microdata_ical::{PRODID, to_calendar};

use crate::util::{URL, events_sharing_a_block, fixture, options};

#[test]
fn bluesday_typed() {
    let parsed = microdata_scraper::parse(&fixture("bluesday-page.html"), Some(URL)).unwrap();
    let cal = to_calendar(&parsed.document(), &options()).unwrap();
    assert_eq!(cal.property_value("PRODID"), Some(PRODID));
    assert_eq!(cal.property_value("VERSION"), Some("2.0"));
    let event = cal.events().next().unwrap();
    assert_eq!(event.get_summary(), Some("Bluesday Tuesday: Money Road"));
    assert_eq!(event.get_location(), Some("The RoadHouse"));
    assert_eq!(event.get_description(), Some("via livebrum.co.uk"));
    assert_eq!(event.get_url(), Some(URL));
    assert_eq!(event.property_value("DTSTART"), Some("20090505T190000Z"));
    assert_eq!(event.property_value("DTEND"), Some("20090505T210000Z"));
    assert_eq!(event.property_value("DTSTAMP"), Some("20090501T120000Z"));
    let dtstart = event.properties().get("DTSTART").unwrap();
    assert_eq!(dtstart.params().get("VALUE").unwrap().value(), "DATE-TIME");
    // What icalendar writes parses again, with the same event.
    let text = cal.to_string();
    let unfolded = icalendar::parser::unfold(&text);
    let again = icalendar::parser::read_calendar(&unfolded).unwrap();
    assert_eq!(again.components.len(), 1);
    let summary = again.components[0].find_prop("SUMMARY").unwrap();
    assert_eq!(summary.val.as_str(), "Bluesday Tuesday: Money Road");
}

/// An event without a `UID` gets one derived from what it holds, its
/// place and the `DTSTAMP`: the same page and clock, the same calendar.
#[test]
fn uids_are_the_same_from_run_to_run() {
    let html = r#"<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent"><b itemprop=summary>A</b></p>
<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent"><b itemprop=summary>A</b></p>
<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent"><b itemprop=summary>B</b><meta itemprop=uid content=b-1></p>"#;
    let uids = |options: &microdata_ical::IcalOptions| {
        let parsed = microdata_scraper::parse(html, Some(URL)).unwrap();
        let cal = to_calendar(&parsed.document(), options).unwrap();
        cal.events()
            .map(|e| e.get_uid().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    let first = uids(&options());
    assert_eq!(first, uids(&options()));
    // Two equal events are two events; a given UID is kept.
    assert_ne!(first[0], first[1]);
    assert_eq!(first[2], "b-1");
    assert_eq!(first[0].len(), 36, "{}", first[0]);
    // Another clock, another calendar.
    let later = options().with_dtstamp(std::time::SystemTime::UNIX_EPOCH);
    assert_ne!(uids(&later)[0], first[0]);
}

#[test]
fn prodid_from_the_options() {
    let parsed = microdata_scraper::parse(&fixture("bluesday-page.html"), Some(URL)).unwrap();
    let options = options().with_prodid("-//Example//Export; v2//EN");
    let cal = to_calendar(&parsed.document(), &options).unwrap();
    assert_eq!(
        cal.property_value("PRODID"),
        Some("-//Example//Export; v2//EN")
    );
    // The text writes it as TEXT, escaped.
    let text = microdata_ical::to_icalendar(&parsed.document(), &options).unwrap();
    assert!(
        text.starts_with("BEGIN:VCALENDAR\r\nPRODID:-//Example//Export\\; v2//EN\r\n"),
        "{text}"
    );
}

#[test]
fn repeated_and_list_properties_are_kept() {
    let parsed = microdata_scraper::parse(
        r#"<div itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">
           <b itemprop=summary>A</b><b itemprop=summary>B</b>
           <meta itemprop=categories content="x,y"><meta itemprop=categories content=z>
           <meta itemprop=exdate content=2009-05-12><meta itemprop=exdate content=2009-05-19></div>"#,
        None,
    )
    .unwrap();
    let cal = to_calendar(&parsed.document(), &options()).unwrap();
    let event = cal.events().next().unwrap();
    assert_eq!(event.get_summary(), Some("A"));
    let multi = event.multi_properties();
    let values = |k: &str| -> Vec<&str> { multi[k].iter().map(|p| p.value()).collect() };
    assert_eq!(values("SUMMARY"), ["B"]);
    assert_eq!(values("EXDATE"), ["20090512", "20090519"]);
    // Whatever the icalendar version, the comma inside the first category
    // is written escaped: one category "x,y", then "z".
    let text = cal.to_string();
    let unfolded = icalendar::parser::unfold(&text);
    let lines: Vec<&str> = unfolded
        .lines()
        .filter(|l| l.starts_with("CATEGORIES"))
        .collect();
    assert_eq!(lines, ["CATEGORIES:x\\,y", "CATEGORIES:z"]);
}

#[test]
fn typed_none_without_vevent() {
    let parsed = microdata_scraper::parse("<p itemscope>", None).unwrap();
    assert!(to_calendar(&parsed.document(), &options()).is_none());
    let tried = microdata_ical::try_to_calendar(&parsed.document(), &options());
    assert!(matches!(tried, Ok(None)));
}

/// The typed conversion stops at the same limits as the text, and says
/// which: events that each read a shared block again stop at the reads.
#[test]
fn typed_calendar_reports_the_limit_the_text_reaches() {
    use microdata_ical::{Limit, Limits, try_to_calendar, try_to_icalendar};
    let html = events_sharing_a_block(300, &"<i itemprop=x-p>v</i>".repeat(300));
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let doc = parsed.document();
    for (limits, limit) in [
        (Limits::default().with_max_reads(10_000), Limit::Reads),
        (Limits::none().with_max_items(299), Limit::Items),
        (Limits::none().with_max_properties(299), Limit::Properties),
    ] {
        let options = options().with_limits(limits);
        assert_eq!(try_to_icalendar(&doc, &options).unwrap_err().limit(), limit);
        assert_eq!(try_to_calendar(&doc, &options).unwrap_err().limit(), limit);
        assert!(to_calendar(&doc, &options).is_none());
    }
    let calendar = try_to_calendar(&doc, &options()).unwrap().unwrap();
    assert_eq!(calendar.events().count(), 300);
}

/// icalendar escapes TEXT values only; a line break in another value (a
/// `geo` written over two lines, an unknown property) is escaped before it
/// reaches icalendar, so every value stays on its line and the calendar
/// reads back.
#[test]
fn line_breaks_in_values_icalendar_does_not_escape() {
    let parsed = microdata_scraper::parse(
        "<div itemscope itemtype=\"http://microformats.org/profile/hcalendar#vevent\">\
         <b itemprop=summary>A\nB</b><b itemprop=geo>1;2\nnorth</b>\
         <b itemprop=venue>Hall\r\n2</b></div>",
        None,
    )
    .unwrap();
    let cal = to_calendar(&parsed.document(), &options()).unwrap();
    let text = cal.to_string();
    let unfolded = icalendar::parser::unfold(&text);
    let lines: Vec<&str> = unfolded
        .lines()
        .filter(|l| ["SUMMARY", "GEO", "VENUE"].iter().any(|n| l.starts_with(n)))
        .collect();
    assert_eq!(
        lines,
        ["GEO:1;2\\nnorth", "SUMMARY:A\\nB", "VENUE:Hall\\n2"]
    );
    icalendar::parser::read_calendar(&unfolded).unwrap();
}

/// A CR (from `&#13;`), alone or before an LF, is one escaped line break,
/// as in the text output: icalendar would keep a CR as it is, and a value
/// escaped before it reaches icalendar must not be escaped twice.
#[test]
fn carriage_returns_are_line_breaks_escaped_once() {
    let html = "<div itemscope itemtype=\"http://microformats.org/profile/hcalendar#vevent\">\
         <meta itemprop=summary content=\"crlf&#13;&#10;x cr&#13;y lf&#10;z\">\
         <b itemprop=venue>Hall&#13;2</b></div>";
    let parsed = microdata_scraper::parse(html, None).unwrap();
    let text = microdata_ical::to_icalendar(&parsed.document(), &options()).unwrap();
    let typed = to_calendar(&parsed.document(), &options())
        .unwrap()
        .to_string();
    let lines = |cal: &str| -> Vec<String> {
        let mut lines: Vec<String> = icalendar::parser::unfold(cal)
            .lines()
            .filter(|l| l.starts_with("SUMMARY") || l.starts_with("VENUE"))
            .map(str::to_owned)
            .collect();
        lines.sort();
        lines
    };
    let expected = ["SUMMARY:crlf\\nx cr\\ny lf\\nz", "VENUE:Hall\\n2"];
    assert_eq!(lines(&text), expected);
    assert_eq!(lines(&typed), expected);
    let unfolded = icalendar::parser::unfold(&typed);
    let read = icalendar::parser::read_calendar(&unfolded).unwrap();
    let event = read.components.iter().find(|c| c.name == "VEVENT").unwrap();
    let summary = event.find_prop("SUMMARY").unwrap();
    assert_eq!(summary.val.as_str(), "crlf\nx cr\ny lf\nz");
}
