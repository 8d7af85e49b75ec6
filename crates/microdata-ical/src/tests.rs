//! Unit tests of the conversion: one or more per step and branch of
//! WHATWG HTML §5.3.2.1 and of the 2010 variant's options. Every output is
//! parsed back with `icalendar::parser`.
#![allow(clippy::unwrap_used)]

use std::time::{Duration, SystemTime};

use microdata_vcard::line;

use crate::{IcalOptions, PRODID, to_icalendar, to_icalendar_from};

const VEVENT: &str = r#"itemscope itemtype="http://microformats.org/profile/hcalendar#vevent""#;
const URL: &str = "https://example.com/events";

/// 2009-05-05T19:00:00Z.
fn stamp() -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(1_241_550_000)
}

fn opts() -> IcalOptions {
    IcalOptions::new().with_dtstamp(stamp())
}

fn convert_with(html: &str, options: &IcalOptions) -> Option<String> {
    let parsed = microdata_scraper::parse(html, Some(URL)).unwrap();
    let out = to_icalendar(&parsed.document(), options)?;
    parse_back(&out);
    Some(out)
}

type Prop = (String, Vec<(String, String)>, String);

/// Parses `out` with `icalendar::parser` (which keeps order and
/// duplicates) and returns each VEVENT's properties after DTSTAMP (and
/// UID, if the option put one), values unescaped.
fn parse_back(out: &str) -> Vec<Vec<Prop>> {
    for physical in out.strip_suffix("\r\n").unwrap().split("\r\n") {
        assert!(physical.chars().count() <= 75, "{physical:?}");
        assert!(!physical.contains(['\r', '\n']));
    }
    let unfolded = icalendar::parser::unfold(out);
    let cal = icalendar::parser::read_calendar(&unfolded).unwrap();
    let head: Vec<(&str, &str)> = cal
        .properties
        .iter()
        .map(|p| (p.name.as_str(), p.val.as_str()))
        .collect();
    assert_eq!(head, [("PRODID", PRODID), ("VERSION", "2.0")]);
    // Our own reader's lines of each event, to see which values the parser
    // unescaped (it does so for the TEXT-typed ones only).
    let mut raw: Vec<Vec<line::ContentLine>> = Vec::new();
    for l in line::read(out).unwrap() {
        match (l.name.as_str(), l.value.as_str()) {
            ("BEGIN", "VEVENT") => raw.push(Vec::new()),
            ("BEGIN" | "END" | "PRODID" | "VERSION", _) => {}
            _ => raw.last_mut().unwrap().push(l),
        }
    }
    assert_eq!(raw.len(), cal.components.len());
    cal.components
        .iter()
        .zip(raw)
        .map(|(c, raw)| {
            assert_eq!(c.name.as_str(), "VEVENT");
            assert!(c.components.is_empty());
            assert_eq!(c.properties.len(), raw.len());
            assert_eq!(c.properties[0].name.as_str(), "DTSTAMP");
            c.properties
                .iter()
                .zip(raw)
                .skip(1)
                .map(|(p, raw)| {
                    assert_eq!(p.name.as_str(), raw.name);
                    // icalendar's parser unescapes TEXT-typed values only,
                    // and its 0.17.6 (the version our rust-version selects)
                    // does so in several passes: `\\,` comes out as `,`.
                    // Take the value from our reader; compare where the
                    // parser cannot go wrong.
                    let value = line::unescape(&raw.value);
                    if !raw.value.contains("\\\\") {
                        let parsed = p.val.as_str();
                        assert!(parsed == raw.value || parsed == value, "{parsed:?}");
                    }
                    let params = p
                        .params
                        .iter()
                        .map(|x| {
                            let v = x.val.as_ref().map(|v| v.as_str().to_owned());
                            (x.key.as_str().to_owned(), v.unwrap_or_default())
                        })
                        .collect();
                    (p.name.as_str().to_owned(), params, value)
                })
                .collect()
        })
        .collect()
}

/// The properties of the one event made of `body`.
fn event(body: &str) -> Vec<Prop> {
    event_with(body, &opts())
}

fn event_with(body: &str, options: &IcalOptions) -> Vec<Prop> {
    let out = convert_with(&format!("<div {VEVENT}>{body}</div>"), options).unwrap();
    let mut events = parse_back(&out);
    assert_eq!(events.len(), 1);
    events.remove(0)
}

fn prop(name: &str, annotation: Option<&str>, value: &str) -> Prop {
    (
        name.to_owned(),
        annotation
            .map(|a| {
                let (k, v) = a.split_once('=').unwrap();
                vec![(k.to_owned(), v.to_owned())]
            })
            .unwrap_or_default(),
        value.to_owned(),
    )
}

// Step 1 and the list of nodes.

#[test]
fn no_vevent_is_nothing() {
    assert_eq!(convert_with("<p itemscope>x</p>", &opts()), None);
    assert_eq!(
        convert_with(
            r#"<p itemscope itemtype="http://microformats.org/profile/hcard"></p>"#,
            &opts()
        ),
        None
    );
}

#[test]
fn the_whole_calendar_byte_for_byte() {
    let out = convert_with(
        &format!(r#"<div {VEVENT}><b itemprop=summary>Tea</b></div>"#),
        &opts(),
    )
    .unwrap();
    assert_eq!(
        out,
        format!(
            "BEGIN:VCALENDAR\r\nPRODID:-//microdata-rs//microdata-ical {}//EN\r\nVERSION:2.0\r\n\
             BEGIN:VEVENT\r\nDTSTAMP;VALUE=DATE-TIME:20090505T190000Z\r\nSUMMARY:Tea\r\n\
             END:VEVENT\r\nEND:VCALENDAR\r\n",
            env!("CARGO_PKG_VERSION")
        )
    );
}

#[test]
fn one_vevent_per_item_in_tree_order_nested_included() {
    let html = format!(
        r#"<div {VEVENT}><b itemprop=summary>A</b>
             <div itemprop=x-sub {VEVENT}><b itemprop=summary>B</b></div></div>
           <p itemscope><b itemprop=summary>not an event</b></p>
           <div {VEVENT}><b itemprop=summary>C</b></div>"#
    );
    let out = convert_with(&html, &opts()).unwrap();
    let events = parse_back(&out);
    // A's X-SUB is an item: skipped in A; B is an event of its own.
    assert_eq!(
        events,
        [
            vec![prop("SUMMARY", None, "A")],
            vec![prop("SUMMARY", None, "B")],
            vec![prop("SUMMARY", None, "C")]
        ]
    );
    // The same DTSTAMP in each.
    assert_eq!(
        out.matches("DTSTAMP;VALUE=DATE-TIME:20090505T190000Z\r\n")
            .count(),
        3
    );
}

#[test]
fn among_given_nodes_in_their_order() {
    let html = format!(
        r#"<div id=a {VEVENT}><b itemprop=summary>A</b></div><p id=p itemscope></p>
           <div id=b {VEVENT}><b itemprop=summary>B</b></div>"#
    );
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let doc = parsed.document();
    let el = |id| doc.element_by_id(id).unwrap();
    let summaries = |out: String| -> Vec<String> {
        parse_back(&out)
            .into_iter()
            .map(|e| e[0].2.clone())
            .collect()
    };
    let out = to_icalendar_from([el("b"), el("p"), el("a")], &opts()).unwrap();
    assert_eq!(summaries(out), ["B", "A"]);
    // "For each node in nodes": a node given twice is converted twice.
    let out = to_icalendar_from([el("a"), el("a")], &opts()).unwrap();
    assert_eq!(summaries(out), ["A", "A"]);
    assert_eq!(to_icalendar_from([el("p")], &opts()), None);
}

#[test]
fn dtstamp_defaults_to_now() {
    let before = crate::convert::format_utc(SystemTime::now());
    let out = convert_with(&format!("<div {VEVENT}></div>"), &IcalOptions::new()).unwrap();
    let after = crate::convert::format_utc(SystemTime::now());
    let stamp = line::read(&out)
        .unwrap()
        .into_iter()
        .find(|l| l.name == "DTSTAMP")
        .unwrap()
        .value;
    assert!(
        before <= stamp && stamp <= after,
        "{before} {stamp} {after}"
    );
    assert_eq!(stamp.len(), 16);
}

// Step 6.3: each property, each name.

#[test]
fn item_values_are_skipped() {
    let props = event(
        r#"<div itemprop=location itemscope><b itemprop=name>Hall</b></div>
           <time itemprop=dtstart datetime=2009-05-05 itemscope>x</time>
           <b itemprop=summary>S</b>"#,
    );
    assert_eq!(props, [prop("SUMMARY", None, "S")]);
}

#[test]
fn dates_are_stripped_and_annotated() {
    let props = event(
        r#"<time itemprop=dtstart datetime="2009-05-05T19:00:00Z">7pm</time>
           <time itemprop=dtend datetime="2009-05-05T21:00:00+01:00">9pm</time>
           <meta itemprop=exdate content="2009-05-12">
           <meta itemprop=rdate content="2009-05-19 19:00:00.5Z">
           <meta itemprop=created content="2009-04-01T10:00-05:30">
           <meta itemprop=last-modified content="2009-04-02T10:00Z">"#,
    );
    assert_eq!(
        props,
        [
            prop("DTSTART", Some("VALUE=DATE-TIME"), "20090505T190000Z"),
            prop("DTEND", Some("VALUE=DATE-TIME"), "20090505T210000+0100"),
            prop("EXDATE", Some("VALUE=DATE"), "20090512"),
            prop("RDATE", Some("VALUE=DATE-TIME"), "20090519 190000.5Z"),
            // Stripping `-` takes the sign of a negative offset with it.
            prop("CREATED", Some("VALUE=DATE-TIME"), "20090401T10000530"),
            prop("LAST-MODIFIED", Some("VALUE=DATE-TIME"), "20090402T1000Z"),
        ]
    );
}

#[test]
fn other_date_values_are_skipped() {
    let props = event(
        r#"<time itemprop=dtstart>May 5th</time>
           <time itemprop=dtend datetime="2009-05-05T21:00">local</time>
           <meta itemprop=exdate content="2009-05">
           <meta itemprop=rdate content="2009-05-05T19:00Z/PT1H">
           <meta itemprop=created content=" 2009-04-01">
           <a itemprop=last-modified href="2009-04-02">URL values resolve</a>
           <b itemprop=summary>kept</b>"#,
    );
    assert_eq!(props, [prop("SUMMARY", None, "kept")]);
}

#[test]
fn date_names_are_case_sensitive_and_other_names_plain() {
    let props = event(
        r#"<meta itemprop=DTSTART content="2009-05-05"><meta itemprop=x-date content="2009-05-05">
           <time itemprop=comment datetime="2009-05-05T19:00Z">t</time>"#,
    );
    assert_eq!(
        props,
        [
            prop("DTSTART", None, "2009-05-05"),
            prop("X-DATE", None, "2009-05-05"),
            prop("COMMENT", None, "2009-05-05T19:00Z"),
        ]
    );
}

#[test]
fn every_other_value_is_escaped() {
    let out = convert_with(
        &format!(
            r#"<div {VEVENT}><p itemprop=description>a, b; c\d
e</p><a itemprop=url href="/x?a=1,2;3">u</a><meta itemprop=geo content="1;2"></div>"#
        ),
        &opts(),
    )
    .unwrap();
    assert!(
        out.contains("\r\nDESCRIPTION:a\\, b\\; c\\\\d\\ne\r\n"),
        "{out}"
    );
    assert!(
        out.contains("\r\nURL:https://example.com/x?a=1\\,2\\;3\r\n"),
        "{out}"
    );
    // Unlike vCard, iCalendar escapes the semicolon of `geo` too.
    assert!(out.contains("\r\nGEO:1\\;2\r\n"), "{out}");
    assert_eq!(
        parse_back(&out)[0],
        [
            prop("DESCRIPTION", None, "a, b; c\\d\ne"),
            prop("URL", None, "https://example.com/x?a=1,2;3"),
            prop("GEO", None, "1;2"),
        ]
    );
}

#[test]
fn every_name_of_a_property_gets_a_line() {
    let props = event(
        r#"<time itemprop="dtstart dtend x-when dtstart" datetime=2009-05-05>d</time>
           <b itemprop="summary Description">S</b>"#,
    );
    assert_eq!(
        props,
        [
            prop("DTSTART", Some("VALUE=DATE"), "20090505"),
            prop("DTEND", Some("VALUE=DATE"), "20090505"),
            prop("X-WHEN", None, "2009-05-05"),
            prop("SUMMARY", None, "S"),
            prop("DESCRIPTION", None, "S"),
        ]
    );
}

#[test]
fn long_lines_fold_by_code_points() {
    let summary = format!("{}€{}", "x".repeat(65), "ü".repeat(100));
    let out = convert_with(
        &format!("<div {VEVENT}><b itemprop=summary>{summary}</b></div>"),
        &opts(),
    )
    .unwrap();
    let start = out.find("SUMMARY:").unwrap();
    let physical: Vec<&str> = out[start..].split("\r\n").take(3).collect();
    assert_eq!(physical[0].chars().count(), 75);
    assert_eq!(physical[1].chars().count(), 75);
    assert!(physical[1].starts_with(' '));
    // 8 + 65 + 1 + 100 = 174 = 75 + 74 + 25.
    assert_eq!(physical[2], format!(" {}", "ü".repeat(25)));
    assert_eq!(parse_back(&out)[0], [prop("SUMMARY", None, &summary)]);
}

// The 2010 variant's options.

#[test]
fn uid_from_the_global_identifier() {
    let html = format!(
        r#"<div {VEVENT} itemid="urn:x:a,b"><b itemprop=summary>S</b></div><div {VEVENT}></div>"#
    );
    let with = opts().with_uid_from_itemid(true);
    let out = convert_with(&html, &with).unwrap();
    assert!(
        out.contains(
            "DTSTAMP;VALUE=DATE-TIME:20090505T190000Z\r\nUID:urn:x:a\\,b\r\nSUMMARY:S\r\n"
        ),
        "{out}"
    );
    // Only the first item has an itemid.
    assert_eq!(out.matches("\r\nUID:").count(), 1);
    let out = convert_with(&html, &opts()).unwrap();
    assert!(!out.contains("UID"), "{out}");
}

#[test]
fn time_element_dates_of_2010() {
    let with = opts().with_time_element_dates(true);
    let props = event_with(
        r#"<time itemprop=x-when datetime="2009-05-05T19:00Z">t</time>
           <meta itemprop=dtstart content="2009-05-05">
           <time itemprop=dtend content="2009-05-05T21:00:00Z">9pm</time>
           <time itemprop=exdate>2009-05-12</time>"#,
        &with,
    );
    assert_eq!(
        props,
        [
            prop("X-WHEN", Some("VALUE=DATE-TIME"), "20090505T1900Z"),
            prop("DTSTART", None, "2009-05-05"),
            prop("EXDATE", Some("VALUE=DATE"), "20090512"),
        ]
    );
}

mod limits {
    use super::*;
    use crate::{try_to_icalendar, try_to_icalendar_from};
    use microdata_model::{Limit, Limits};

    /// `events` vEvents that each pull one block of `props` properties in
    /// through `itemref`: an output quadratic in the page's size.
    fn shared_block(events: usize, props: usize) -> String {
        let mut html = String::new();
        for _ in 0..events {
            html.push_str(&format!("<p {VEVENT} itemref=b></p>"));
        }
        html.push_str("<div id=b>");
        for i in 0..props {
            html.push_str(&format!("<i itemprop=x-p{i}>v</i>"));
        }
        html.push_str("</div>");
        html
    }

    fn run(html: &str, limits: Limits) -> Result<Option<String>, Limit> {
        let parsed = microdata_scraper::parse(html, Some(URL)).unwrap();
        try_to_icalendar(&parsed.document(), &opts().with_limits(limits)).map_err(|e| e.limit())
    }

    #[test]
    fn counts_events_lines_and_bytes_up_to_the_limit() {
        let html = shared_block(3, 4);
        let full = run(&html, Limits::none()).unwrap().unwrap();
        assert_eq!(parse_back(&full).len(), 3);
        assert!(parse_back(&full).iter().all(|e| e.len() == 4));
        // Each limit allows a count equal to it and stops one below.
        assert!(run(&html, Limits::none().with_max_items(3)).is_ok());
        assert_eq!(
            run(&html, Limits::none().with_max_items(2)),
            Err(Limit::Items)
        );
        assert!(run(&html, Limits::none().with_max_properties(4)).is_ok());
        assert_eq!(
            run(&html, Limits::none().with_max_properties(3)),
            Err(Limit::Properties)
        );
        assert!(run(&html, Limits::none().with_max_output_bytes(full.len())).is_ok());
        assert_eq!(
            run(&html, Limits::none().with_max_output_bytes(full.len() - 1)),
            Err(Limit::OutputBytes)
        );
        // Depth does not apply: events skip their item-valued properties.
        assert!(run(&html, Limits::none().with_max_depth(0)).is_ok());
    }

    #[test]
    fn a_quadratic_page_stops_at_the_default_output_cap() {
        // A quarter of a megabyte of HTML asking for over 60 MB of
        // iCalendar (6 million lines).
        let html = shared_block(2_000, 3_000);
        assert!(html.len() < 260_000, "{}", html.len());
        let limits = Limits::default().with_max_output_bytes(1 << 20);
        assert_eq!(run(&html, limits), Err(Limit::OutputBytes));
        // The plain function gives no calendar rather than a partial one.
        let parsed = microdata_scraper::parse(&html, Some(URL)).unwrap();
        let options = opts().with_limits(limits);
        assert_eq!(to_icalendar(&parsed.document(), &options), None);
        let doc = parsed.document();
        assert_eq!(
            try_to_icalendar_from(doc.elements(), &options).map_err(|e| e.limit()),
            Err(Limit::OutputBytes)
        );
    }

    #[test]
    fn reads_count_the_item_values_skipped() {
        // Three events each read a block of four item values: no line,
        // twelve reads.
        let mut html = String::new();
        for _ in 0..3 {
            html.push_str(&format!("<p {VEVENT} itemref=b></p>"));
        }
        html.push_str("<div id=b>");
        for _ in 0..4 {
            html.push_str("<i itemprop=location itemscope></i>");
        }
        html.push_str("</div>");
        assert!(run(&html, Limits::none().with_max_reads(12)).is_ok());
        assert_eq!(
            run(&html, Limits::none().with_max_reads(11)),
            Err(Limit::Reads)
        );
    }

    #[test]
    fn no_vevent_is_none_within_any_limit() {
        assert_eq!(
            run("<p itemscope>", Limits::none().with_max_items(0)),
            Ok(None)
        );
    }
}
