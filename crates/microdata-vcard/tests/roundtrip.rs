//! Property test: any text values go through HTML, the conversion and the
//! content-line reader unchanged (up to the line-break normalization both
//! the HTML parser and the escaping do).

use microdata_vcard::{VcardOptions, line, to_vcard};
use proptest::prelude::*;

fn html_attr(s: &str) -> String {
    s.replace('&', "&amp;").replace('"', "&quot;")
}

fn value() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just('\\'),
            Just(','),
            Just(';'),
            Just('\n'),
            Just('\r'),
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
    fn values_survive_the_round_trip(
        note in value(),
        geo in value(),
        street in proptest::collection::vec(value(), 1..3),
        name in "[a-z][a-z0-9-]{0,12}",
    ) {
        let streets: String = street
            .iter()
            .map(|s| format!(r#"<meta itemprop=street-address content="{}">"#, html_attr(s)))
            .collect();
        let html = format!(
            r#"<div itemscope itemtype="http://microformats.org/profile/hcard">
               <meta itemprop="note {name}" content="{}"><meta itemprop=geo content="{}">
               <div itemprop=adr itemscope>{streets}</div></div>"#,
            html_attr(&note),
            html_attr(&geo),
        );
        let parsed = microdata_scraper::parse(&html, None).unwrap();
        let out = to_vcard(&parsed.document(), &VcardOptions::new()).unwrap();
        for physical in out.strip_suffix("\r\n").unwrap().split("\r\n") {
            prop_assert!(physical.chars().count() <= 75);
            prop_assert!(!physical.contains(['\r', '\n']));
        }
        let lines = line::read(&out).unwrap();
        let norm = |s: &str| s.replace("\r\n", "\n").replace('\r', "\n");
        let find = |n: &str| lines.iter().find(|l| l.name == n).unwrap();
        prop_assert_eq!(line::unescape(&find("NOTE").value), norm(&note));
        prop_assert_eq!(line::unescape(&find(&name.to_ascii_uppercase()).value), norm(&note));
        // `geo` keeps its semicolons: unescaping still gives the value back.
        prop_assert_eq!(line::unescape(&find("GEO").value), norm(&geo));
        let adr = &find("ADR").value;
        let components = line::split_unescaped(adr, ';');
        prop_assert_eq!(components.len(), 7);
        let back: Vec<String> = line::split_unescaped(components[2], ',')
            .into_iter()
            .map(line::unescape)
            .collect();
        let expected: Vec<String> = street.iter().map(|s| norm(s)).collect();
        prop_assert_eq!(back, expected);
    }
}
