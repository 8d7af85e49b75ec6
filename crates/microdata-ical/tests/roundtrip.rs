//! Property test: any text values go through HTML, the conversion and
//! `icalendar::parser` unchanged (up to line-break normalization).

use microdata_ical::to_icalendar;
use microdata_vcard::line;
use proptest::prelude::*;

use crate::util::{options, parse_back};

fn html_attr(s: &str) -> String {
    s.replace('&', "&amp;").replace('"', "&quot;")
}

fn value() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just('\\'),
            Just(','),
            Just(';'),
            Just(':'),
            Just('"'),
            Just('\n'),
            Just('日'),
            Just('𝄞'),
            proptest::char::range(' ', '~'),
            any::<char>().prop_filter("NUL becomes U+FFFD in HTML", |c| *c != '\0'),
        ],
        0..120,
    )
    .prop_map(|cs| cs.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn values_survive_the_round_trip(summary in value(), location in value()) {
        let html = format!(
            r#"<div itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">
               <meta itemprop="summary" content="{}"><meta itemprop="location" content="{}">
               <meta itemprop=dtstart content="2009-05-05T19:00:00Z"></div>"#,
            html_attr(&summary),
            html_attr(&location),
        );
        let parsed = microdata_scraper::parse(&html, None).unwrap();
        let out = to_icalendar(&parsed.document(), &options()).unwrap();
        let events = parse_back(&out);
        prop_assert_eq!(events.len(), 1);
        let norm = |s: &str| s.replace("\r\n", "\n").replace('\r', "\n");
        let (summary, location) = (norm(&summary), norm(&location));
        let values: Vec<(&str, &str)> =
            events[0].iter().map(|(n, _, v)| (n.as_str(), v.as_str())).collect();
        prop_assert_eq!(
            values,
            vec![
                ("DTSTAMP", "20090501T120000Z"),
                ("SUMMARY", summary.as_str()),
                ("LOCATION", location.as_str()),
                ("DTSTART", "20090505T190000Z"),
            ]
        );
        // The content-line reader agrees with icalendar's parser.
        let lines = line::read(&out).unwrap();
        prop_assert_eq!(line::unescape(&lines[5].value), summary);
    }
}
