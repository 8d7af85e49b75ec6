//! The examples of WHATWG HTML §5.3.1.2 (and the 2010 draft's Jack Bauer
//! for the vCard 3.0 variant): whole outputs as snapshots, George
//! Washington byte for byte, and every output read back line by line.

use microdata_vcard::{VcardOptions, to_vcard};

use crate::util::{URL, fixture, read_back, s, t};

fn convert(name: &str, options: &VcardOptions) -> String {
    let parsed = microdata_scraper::parse(&fixture(name), Some(URL)).unwrap();
    to_vcard(&parsed.document(), options).unwrap()
}

#[test]
fn george_washington_is_the_spec_output_byte_for_byte() {
    let out = convert("george-washington.html", &VcardOptions::new());
    // The spec's vCard, with the document's address filled in.
    let expected = "BEGIN:VCARD\r\n\
                    PROFILE:VCARD\r\n\
                    VERSION:4.0\r\n\
                    SOURCE:https://example.com/contacts.html\r\n\
                    FN:George Washington\r\n\
                    N:Washington;George;;;\r\n\
                    END:VCARD\r\n";
    assert_eq!(out, expected);
    insta::assert_snapshot!("george-washington", out);
}

#[test]
fn george_washington_reads_back() {
    let out = convert("george-washington.html", &VcardOptions::new());
    assert_eq!(
        read_back(&out),
        [
            t("BEGIN", &[], "VCARD"),
            t("PROFILE", &[], "VCARD"),
            t("VERSION", &[], "4.0"),
            t("SOURCE", &[], URL),
            t("FN", &[], "George Washington"),
            s(
                "N",
                &[],
                &[&["Washington"], &["George"], &[""], &[""], &[""]]
            ),
            t("END", &[], "VCARD"),
        ]
    );
}

/// The 2010 draft's George Washington (its markup is the current one's) maps
/// "to the following vCard", version 3.0: with `legacy_v3` the output is
/// that one byte for byte, the document's address filled in.
#[test]
fn george_washington_2010_as_vcard_3_byte_for_byte() {
    let out = convert(
        "george-washington.html",
        &VcardOptions::new().with_legacy_v3(true),
    );
    assert_eq!(
        out,
        "BEGIN:VCARD\r\n\
         PROFILE:VCARD\r\n\
         VERSION:3.0\r\n\
         SOURCE:https://example.com/contacts.html\r\n\
         FN:George Washington\r\n\
         N:Washington;George;;;\r\n\
         END:VCARD\r\n"
    );
}

#[test]
fn jack_bauer() {
    let out = convert("jack-bauer.html", &VcardOptions::new());
    insta::assert_snapshot!("jack-bauer", out);
    let fn_text = "\n  \n   Jack\n   Bauer\n  \n ";
    assert_eq!(
        read_back(&out),
        [
            t("BEGIN", &[], "VCARD"),
            t("PROFILE", &[], "VCARD"),
            t("VERSION", &[], "4.0"),
            t("SOURCE", &[], URL),
            t("FN", &[], fn_text),
            s("N", &[], &[&["Bauer"], &["Jack"], &[""], &[""], &[""]]),
            t(
                "PHOTO",
                &[("VALUE", "URI")],
                "https://example.com/jack-bauer.jpg"
            ),
            s(
                "ORG",
                &[],
                &[&["Counter-Terrorist Unit"], &["Los Angeles Division"]]
            ),
            s(
                "ADR",
                &[],
                &[
                    &[""],
                    &[""],
                    &["10201 W. Pico Blvd."],
                    &["Los Angeles"],
                    &["CA"],
                    &["90064"],
                    &["United States"],
                ]
            ),
            t("GEO", &[], "34.052339;-118.410623"),
            t("TEL", &[("TYPE", "work")], "+1 (310) 597 3781"),
            t(
                "URL",
                &[("VALUE", "URI")],
                "https://en.wikipedia.org/wiki/Jack_Bauer"
            ),
            t("URL", &[("VALUE", "URI")], "http://www.jackbauerfacts.com/"),
            t("EMAIL", &[], "j.bauer@la.ctu.gov.invalid"),
            t("TEL", &[("TYPE", "cell")], "+1 (310) 555 3781"),
            t(
                "REV",
                &[("VALUE", "DATE-TIME")],
                "2008-07-20 21:00:00+01:00"
            ),
            t("TEL", &[("TYPE", "home")], "01632 960 123"),
            t("END", &[], "VCARD"),
        ]
    );
    // The line breaks of the markup survive, escaped (the spec's note on
    // "odd line wrapping").
    assert!(out.contains("\r\nFN:\\n  \\n   Jack\\n   Bauer\\n  \\n \r\n"));
}

#[test]
fn alfred_person() {
    let out = convert("alfred-person.html", &VcardOptions::new());
    insta::assert_snapshot!("alfred-person", out);
    let lines = read_back(&out);
    assert_eq!(
        lines[4..],
        [
            t("FN", &[], "Alfred\n Person"),
            s("N", &[], &[&["Person"], &["Alfred"], &[""], &[""], &[""]]),
            // Two street-address properties: one component, two items.
            s(
                "ADR",
                &[],
                &[
                    &[""],
                    &[""],
                    &["1600 Amphitheatre Parkway", "Building 43, Second Floor"],
                    &["Mountain View"],
                    &["CA"],
                    &["94043"],
                    &[""],
                ]
            ),
            t("END", &[], "VCARD"),
        ]
    );
    // The list comma stays, the comma inside a value is escaped; the line
    // is 79 code points long, so it is folded.
    assert!(out.contains(
        "\r\nADR:;;1600 Amphitheatre Parkway,Building 43\\, Second Floor;Mountain View;CA\r\n ;94043;\r\n"
    ));
}

#[test]
fn jack_bauer_2010_as_vcard_3() {
    let out = convert(
        "jack-bauer-2010.html",
        &VcardOptions::new().with_legacy_v3(true),
    );
    insta::assert_snapshot!("jack-bauer-2010-v3", out);
    let lines = read_back(&out);
    assert_eq!(lines[2], t("VERSION", &[], "3.0"));
    let names: Vec<&str> = lines.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "BEGIN", "PROFILE", "VERSION", "SOURCE", "FN", "N", "PHOTO", "ORG", "ADR", "GEO",
            "TEL", "URL", "URL", "EMAIL", "TEL", "NOTE", "AGENT", "AGENT", "REV", "TEL", "END"
        ]
    );
    // Chloe is a nested vCard; Tony is text.
    assert_eq!(lines[16].params, [("VALUE".to_owned(), "VCARD".to_owned())]);
    let chloe = read_back(&lines[16].value[0][0].replace('\n', "\r\n"));
    assert_eq!(
        chloe,
        [
            t("BEGIN", &[], "VCARD"),
            t("PROFILE", &[], "VCARD"),
            t("VERSION", &[], "3.0"),
            t("SOURCE", &[], URL),
            t(
                "EMAIL",
                &[("VALUE", "URI")],
                "mailto:c.obrian@la.ctu.gov.invalid"
            ),
            t("FN", &[], "Chloe O'Brian"),
            s("N", &[], &[&["O'Brian"], &["Chloe"], &[""], &[""], &[""]]),
            t("END", &[], "VCARD"),
        ]
    );
    assert_eq!(lines[17], t("AGENT", &[], "Tony Almeida"));
    // `rev` is an item there: its `value`, and `date-time` is not
    // alphanumeric, so no TYPE.
    assert_eq!(lines[18], t("REV", &[], "2008-07-20T21:00:00+01:00"));
    // The first `type` of the first tel is `work` (the second is `pref`).
    assert_eq!(
        lines[10],
        t("TEL", &[("TYPE", "work")], "+1 (310) 597 3781")
    );
}

#[test]
fn jack_bauer_2010_with_the_current_text() {
    // The same markup through the current algorithm: version 4.0, and the
    // agent item is an ordinary item (its `value`, none here).
    let out = convert("jack-bauer-2010.html", &VcardOptions::new());
    insta::assert_snapshot!("jack-bauer-2010-v4", out);
    let lines = read_back(&out);
    assert_eq!(lines[2], t("VERSION", &[], "4.0"));
    assert_eq!(lines[16], t("AGENT", &[], ""));
}

/// Legacy agents are written once per path: eight agents per card over
/// five levels would be 8^5 nested cards. The limits stop it and say so.
#[test]
fn legacy_agent_fan_out_stops_at_the_limits() {
    let mut html = String::from(
        r#"<div itemscope itemtype="http://microformats.org/profile/hcard" itemref="l0"><b itemprop=fn>Top</b></div>"#,
    );
    for level in 0..5 {
        let refs = if level < 4 {
            format!(" itemref=\"l{}\"", level + 1)
        } else {
            String::new()
        };
        html.push_str(&format!("<div id=l{level}>"));
        for _ in 0..8 {
            html.push_str(&format!(
                r#"<p itemprop=agent itemscope itemtype="http://microformats.org/profile/hcard"{refs}><b itemprop=fn>A{level}</b></p>"#
            ));
        }
        html.push_str("</div>");
    }
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let doc = parsed.document();
    let limits = microdata_model::Limits::default().with_max_items(1000);
    let options = microdata_vcard::VcardOptions::new()
        .with_legacy_v3(true)
        .with_limits(limits);
    let err = microdata_vcard::try_to_vcard(&doc, &options).unwrap_err();
    assert_eq!(err.limit(), microdata_model::Limit::Items);
    assert_eq!(microdata_vcard::to_vcard(&doc, &options), None);
    // The card itself counts, as an item object does in the JSON: one
    // card with two agents needs three.
    let small = microdata_scraper::parse(
        r#"<div itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>Top</b>
           <p itemprop=agent itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>A</b></p>
           <p itemprop=agent itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>B</b></p></div>"#,
        None,
    )
    .unwrap();
    let small = small.document();
    let with_max = |n| {
        microdata_vcard::VcardOptions::new()
            .with_legacy_v3(true)
            .with_limits(microdata_model::Limits::default().with_max_items(n))
    };
    let err = microdata_vcard::try_to_vcard(&small, &with_max(2)).unwrap_err();
    assert_eq!(err.limit(), microdata_model::Limit::Items);
    assert!(
        microdata_vcard::try_to_vcard(&small, &with_max(3))
            .unwrap()
            .is_some()
    );
    // The current conversion writes no nested cards: 1,000 items are plenty.
    let current = microdata_vcard::VcardOptions::new().with_limits(limits);
    assert!(
        microdata_vcard::try_to_vcard(&doc, &current)
            .unwrap()
            .is_some()
    );
}

/// The current conversion within the limits: lines of the card
/// (`max_properties`) and its text (`max_output_bytes`), each allowing a
/// count equal to it. Many `adr`s sharing one large address through
/// `itemref` (each line gathers every `street-address`) stop at the output
/// cap instead of building a card quadratic in the page.
#[test]
fn current_card_stops_at_its_limits() {
    use microdata_model::{Limit, Limits};
    let card = |html: &str, limits: Limits| {
        let parsed = microdata_scraper::parse(html, Some(URL)).unwrap();
        let options = VcardOptions::new().with_limits(limits);
        microdata_vcard::try_to_vcard(&parsed.document(), &options).map_err(|e| e.limit())
    };
    let html = r#"<p itemscope itemtype="http://microformats.org/profile/hcard">
        <b itemprop=fn>Ada</b> <i itemprop=note>one</i> <i itemprop=note>two</i>
        <i itemprop=sex>F</i></p>"#;
    let full = card(html, Limits::none()).unwrap().unwrap();
    assert_eq!(read_back(&full).len(), 9);
    // FN and two NOTEs: GENDER (step 12) is not a property line.
    assert!(card(html, Limits::none().with_max_properties(3)).is_ok());
    assert_eq!(
        card(html, Limits::none().with_max_properties(2)),
        Err(Limit::Properties)
    );
    assert!(card(html, Limits::none().with_max_output_bytes(full.len())).is_ok());
    assert_eq!(
        card(html, Limits::none().with_max_output_bytes(full.len() - 1)),
        Err(Limit::OutputBytes)
    );
    assert_eq!(
        card(html, Limits::none().with_max_items(0)),
        Err(Limit::Items)
    );
    assert!(card(html, Limits::none().with_max_depth(0)).is_ok());
    // Reads: the card's two properties, and the `adr` sub-item's two
    // properties once for each of the eight parts its line gathers.
    let adr = r#"<p itemscope itemtype="http://microformats.org/profile/hcard">
        <b itemprop=fn>Ada</b> <i itemprop=adr itemscope><i itemprop=locality>L</i>
        <i itemprop=region>R</i></i></p>"#;
    assert!(card(adr, Limits::none().with_max_reads(18)).is_ok());
    assert_eq!(
        card(adr, Limits::none().with_max_reads(17)),
        Err(Limit::Reads)
    );

    let mut quadratic =
        String::from(r#"<div itemscope itemtype="http://microformats.org/profile/hcard">"#);
    for _ in 0..3_000 {
        quadratic.push_str("<b itemprop=adr itemscope itemref=street></b>");
    }
    quadratic.push_str("</div><div id=street>");
    for _ in 0..3_000 {
        quadratic.push_str("<i itemprop=street-address>x</i>");
    }
    quadratic.push_str("</div>");
    // Each `adr` line reads the 3,000 addresses eight times and writes
    // them once: with the default limits the reading stops it first.
    assert_eq!(card(&quadratic, Limits::default()), Err(Limit::Reads));
    let limits = Limits::default()
        .with_max_output_bytes(1 << 20)
        .with_max_reads(usize::MAX);
    assert_eq!(card(&quadratic, limits), Err(Limit::OutputBytes));
    let parsed = microdata_scraper::parse(&quadratic, Some(URL)).unwrap();
    let options = VcardOptions::new().with_limits(limits);
    assert_eq!(
        microdata_vcard::to_vcard(&parsed.document(), &options),
        None
    );
}
