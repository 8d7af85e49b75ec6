//! Hostile URLs, NUL bytes, lone surrogates in character references and
//! mixed encodings, with the results the standards give.

use microdata_model::Url;
use robustness::oracle;

const BASE: &str = "https://example.com/dir/page.html";

/// The JSON value of an `<a itemprop=u href=…>` property.
fn href_value(href: &str) -> String {
    let html = format!(
        r#"<p itemscope><a itemprop=u href="{}">x</a>"#,
        href.replace('"', "&quot;")
    );
    let parsed = microdata_scraper::parse(&html, Some(BASE)).unwrap();
    let doc = parsed.document();
    let item = doc.items().next().unwrap();
    item.get("u").unwrap().as_str().unwrap().to_owned()
}

/// `href` values and the URL the URL Standard parses them to against
/// `BASE` (`""`: failure, so the property value is the empty string).
const URLS: &[(&str, &str)] = &[
    ("javascript:alert(1)", "javascript:alert(1)"),
    ("JavaScript:void(0)", "javascript:void(0)"),
    ("  javascript:x  ", "javascript:x"),
    ("java\tscript:x", "javascript:x"),
    (
        "data:text/html,<script>x</script>",
        "data:text/html,<script>x</script>",
    ),
    ("//evil.example/p", "https://evil.example/p"),
    ("?q", "https://example.com/dir/page.html?q"),
    ("#f", "https://example.com/dir/page.html#f"),
    ("/../../x", "https://example.com/x"),
    ("http://EXAMPLE.com/a/../b", "http://example.com/b"),
    // IDNA: mapping, full-width characters, punycode both ways.
    ("http://\u{FB00}.example/", "http://ff.example/"),
    ("http://\u{FF25}\u{FF38}.com/", "http://ex.com/"),
    (
        "http://\u{3B2}\u{3CC}\u{3BB}\u{3BF}\u{3C2}.com/",
        "http://xn--nxasmm1c.com/",
    ),
    ("http://xn--nxasmm1c.com/", "http://xn--nxasmm1c.com/"),
    ("http://exa\u{AD}mple.com/", "http://example.com/"),
    // Failures: the value is the empty string.
    ("http://[::1", ""),
    ("http://%zz/", ""),
    ("http://a b/", ""),
    ("http://1.2.3.4.5/", ""),
    ("https://example.com:65536/", ""),
    ("http://", ""),
    ("http://exa\u{FFFD}mple.com/", ""),
    ("http://\u{200B}/", ""),
    // Numbers as hosts, ports, credentials.
    ("http://0x7f.1/", "http://127.0.0.1/"),
    ("https://example.com:443/", "https://example.com/"),
    (
        "http://user:pa ss@example.com/",
        "http://user:pa%20ss@example.com/",
    ),
    ("file:///etc/passwd", "file:///etc/passwd"),
    ("http://x/%00\u{0}", "http://x/%00%EF%BF%BD"),
];

#[test]
fn hostile_urls_resolve_as_the_url_standard_says() {
    for (href, expected) in URLS {
        assert_eq!(href_value(href), *expected, "href={href:?}");
    }
}

#[test]
fn resolved_urls_are_stable() {
    // Whatever a URL property holds parses again to itself.
    for (href, _) in URLS {
        let v = href_value(href);
        if !v.is_empty() {
            assert_eq!(Url::parse(&v).unwrap().as_str(), v, "href={href:?}");
        }
    }
}

#[test]
fn very_long_urls() {
    let path = "a/".repeat(500_000);
    let url = format!("https://example.com/{path}");
    assert_eq!(href_value(&url), url);
    // A host longer than DNS allows is still a URL (the URL Standard does
    // not check DNS lengths unless asked to be strict).
    let host = format!("{}.example", "h".repeat(300));
    assert_eq!(
        href_value(&format!("http://{host}/")),
        format!("http://{host}/")
    );
    // 10,000 path segments of `..` climb to the root and no further.
    assert_eq!(href_value(&"../".repeat(10_000)), "https://example.com/");
}

#[test]
fn hostile_urls_through_every_converter() {
    let mut html = String::from(
        r#"<title>t</title><div itemscope itemtype="http://microformats.org/profile/hcard" class=h-card>
        <b itemprop=fn class=p-name>n</b>"#,
    );
    for (i, (href, _)) in URLS.iter().enumerate() {
        let href = href.replace('"', "&quot;");
        html.push_str(&format!(
            r#"<a itemprop=url class=u-url rel="alternate license" href="{href}">{i}</a>
            <img itemprop=photo class=u-photo src="{href}">
            <div itemprop=org itemscope itemid="{href}" itemtype="{href}"></div>"#
        ));
    }
    html.push_str(r#"</div><article><a rel=bookmark href="javascript:x">p</a></article>"#);
    oracle::all(html.as_bytes());
}

fn values(html: &str) -> Vec<String> {
    let parsed = microdata_scraper::parse(html, Some(BASE)).unwrap();
    let doc = parsed.document();
    let item = doc.items().next().unwrap();
    item.properties()
        .map(|p| p.property_value().as_str().unwrap_or("").to_owned())
        .collect()
}

#[test]
fn nul_bytes() {
    // In text, the tree builder drops U+0000 ("in body": ignore the token);
    // in attribute values and RCDATA the tokenizer makes it U+FFFD.
    let html = "<p itemscope><span itemprop=t>a\u{0}b</span>\
                <meta itemprop=m content=\"a\u{0}b\">\
                <a itemprop=u href=\"/x\u{0}y\">l</a></p>\
                <title>t\u{0}t</title>";
    assert_eq!(
        values(html),
        ["ab", "a\u{FFFD}b", "https://example.com/x%EF%BF%BDy"]
    );
    let parsed = microdata_scraper::parse(html, None).unwrap();
    let title = parsed.document().title().unwrap().text_content().to_owned();
    assert_eq!(title, "t\u{FFFD}t");
    oracle::all(html.as_bytes());
}

#[test]
fn character_references_to_surrogates_and_out_of_range() {
    // HTML numeric character reference end state: surrogates, zero and
    // values past U+10FFFF become U+FFFD; 0x80 is the windows-1252 euro;
    // noncharacters and controls other than NUL stay.
    let refs = [
        ("&#xD800;", "\u{FFFD}"),
        ("&#xDFFF;", "\u{FFFD}"),
        ("&#55296;", "\u{FFFD}"),
        ("&#0;", "\u{FFFD}"),
        ("&#x110000;", "\u{FFFD}"),
        ("&#x80;", "\u{20AC}"),
        ("&#xFFFE;", "\u{FFFE}"),
        ("&#x1;", "\u{1}"),
        ("&#x0D;", "\r"),
        ("&#xD800", "\u{FFFD}"),
    ];
    let mut html = String::from("<p itemscope>");
    for (r, _) in &refs {
        html.push_str(&format!(
            "<span itemprop=t>{r}</span><meta itemprop=a content=\"{r}\">"
        ));
    }
    let got = values(&html);
    let expected: Vec<&str> = refs.iter().flat_map(|(_, c)| [*c, *c]).collect();
    assert_eq!(got, expected);
    // The JSON escapes what JSON must and keeps the rest.
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let json = parsed.document().to_json();
    assert_eq!(json.matches(r#""\u0001","\r","#).count(), 2, "{json}");
    assert!(json.contains("\u{FFFE}"));
    // Every converter still writes output its reader accepts.
    oracle::all(html.as_bytes());
    let hcard = format!(
        r#"<div itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>{}</b></div>
        <article><h1>{}</h1></article>"#,
        refs.iter().map(|(r, _)| *r).collect::<String>(),
        refs.iter().map(|(r, _)| *r).collect::<String>()
    );
    oracle::all(hcard.as_bytes());
}

fn decode(bytes: &[u8], label: Option<&str>) -> robustness::Decoded {
    robustness::decode_as_the_command(bytes, label).unwrap()
}

#[test]
fn mixed_encodings_through_the_command_decoder() {
    // Declared windows-1252, holding UTF-8 bytes too: every byte is a
    // windows-1252 character, so UTF-8's é reads as "Ã©" and nothing is
    // invalid.
    let d = decode(
        b"<meta charset=windows-1252><b>caf\xe9 caf\xc3\xa9</b>",
        None,
    );
    assert_eq!(d.encoding, "windows-1252");
    assert!(
        d.text.ends_with("<b>caf\u{e9} caf\u{c3}\u{a9}</b>"),
        "{}",
        d.text
    );
    assert_eq!(d.problem, None);

    // Undeclared (UTF-8), holding a windows-1252 byte and an encoded
    // surrogate: U+FFFD each, reported with the first offset.
    let d = decode(b"<b>caf\xe9 \xed\xa0\x80 ok</b>", None);
    assert_eq!(d.encoding, "UTF-8");
    assert_eq!(d.text, "<b>caf\u{FFFD} \u{FFFD}\u{FFFD}\u{FFFD} ok</b>");
    assert_eq!(
        d.problem.as_deref(),
        Some("invalid UTF-8 byte sequences replaced with U+FFFD (first at byte offset 6)")
    );

    // A UTF-16LE byte order mark wins over the meta, and a lone
    // surrogate code unit becomes U+FFFD.
    let d = decode(
        b"\xff\xfe<\0m\0e\0t\0a\0>\0\x00\xd8x\0",
        Some("windows-1252"),
    );
    assert_eq!(d.encoding, "UTF-16LE");
    assert_eq!(d.text, "<meta>\u{FFFD}x");
    assert!(d.problem.is_some());

    // `--encoding` beats the meta; Shift_JIS with a broken sequence.
    let d = decode(b"<meta charset=utf-8>\x82\xa0\x82", Some("shift_jis"));
    assert_eq!(d.encoding, "Shift_JIS");
    assert!(d.text.ends_with("\u{3042}\u{FFFD}"), "{:?}", d.text);
    assert!(d.problem.is_some());

    // A meta naming UTF-16 means UTF-8 (the prescan's rule).
    let d = decode(b"<meta charset=utf-16le>\xc3\xa9", None);
    assert_eq!(d.encoding, "UTF-8");
    assert!(d.text.ends_with('\u{e9}'));

    for bytes in [
        &b"<meta charset=windows-1252><p itemscope><b itemprop=n>\xe9\xc3\xa9\x00</b>"[..],
        b"\xef\xbb\xbf<p itemscope><b itemprop=n>\xed\xa0\x80\xff</b>",
        b"\xfe\xff\x00<\x00p\xd8\x00",
        b"<meta charset=iso-2022-jp><p itemscope><b itemprop=n>\x1b$B$\"\x1b(B</b>",
    ] {
        oracle::cli_bytes(bytes);
        oracle::json(bytes);
    }
}

/// uriparse 0.6 panics on values whose text before the first `:` is scheme
/// characters not starting with a letter; `to_vcard4` must not.
#[test]
fn typed_vcard_survives_digit_colon_values() {
    let html = r#"<ul itemscope itemtype="http://microformats.org/profile/hcard">
        <b itemprop=fn>A</b><time itemprop=given-name>2010-08-05T12:00Z</time>
        <span itemprop=note>12:00Z +1:x :) 0:</span></ul>"#;
    let parsed = microdata_scraper::parse(html, Some(BASE)).unwrap();
    let doc = parsed.document();
    let options = microdata_vcard::VcardOptions::new();
    assert!(microdata_vcard::to_vcard(&doc, &options).is_some());
    let typed = microdata_vcard::to_vcard4(&doc, &options).unwrap();
    assert!(typed.to_string().contains("12:00Z"));
}

/// FIXME(microdata-vcard): `to_vcard4` builds cards that vcard4 prints but
/// cannot read (no `FN`; an `AGENT` extension; a control character). A
/// text `BDAY`, once on this list, now says `VALUE=text` and reads back
/// (`text_dates_read_back`). When this test fails, the
/// typed conversion stays within vcard4: drop `oracle::within_vcard4`.
#[test]
fn typed_vcards_vcard4_cannot_read_yet() {
    for html in [
        r#"<p itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=nickname>A</b>"#,
        r#"<p itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>A</b><b itemprop=agent>B</b>"#,
        r#"<p itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>A&#x1;</b>"#,
    ] {
        let parsed = microdata_scraper::parse(html, Some(BASE)).unwrap();
        let card =
            microdata_vcard::to_vcard4(&parsed.document(), &microdata_vcard::VcardOptions::new())
                .unwrap();
        let printed = card.to_string();
        assert!(!oracle::within_vcard4(&card, &printed), "{html}");
        assert!(vcard4::parse(&printed).is_err(), "{html}");
    }
}

/// An empty or non-date `BDAY` / `ANNIVERSARY` is text marked `VALUE=text`,
/// which vcard4 reads back as text.
#[test]
fn text_dates_read_back() {
    for (bday, value) in [
        ("<b itemprop=bday></b>", ""),
        ("<b itemprop=bday>May</b>", "May"),
    ] {
        let html = format!(
            r#"<p itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>A</b>{bday}"#
        );
        let parsed = microdata_scraper::parse(&html, Some(BASE)).unwrap();
        let card =
            microdata_vcard::to_vcard4(&parsed.document(), &microdata_vcard::VcardOptions::new())
                .unwrap();
        let printed = card.to_string();
        assert!(oracle::within_vcard4(&card, &printed), "{html}");
        let read = vcard4::parse(&printed).unwrap();
        assert!(
            matches!(&read[0].bday, Some(vcard4::property::DateTimeOrTextProperty::Text(t)) if t.value == value),
            "{printed}"
        );
    }
}

/// vcard4 tries every `PHOTO` as a URI, whatever its `VALUE`, and the URI
/// parser under it panics on text whose part before the colon is not a
/// scheme, so `oracle::within_vcard4` keeps such cards from being read
/// back. When this test fails, vcard4 reads them: drop that check.
#[test]
fn vcard4_panics_on_a_text_photo_that_is_no_uri() {
    let html = r#"<p itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>A</b><b itemprop=photo>12:00Z</b>"#;
    let parsed = microdata_scraper::parse(html, Some(BASE)).unwrap();
    let card =
        microdata_vcard::to_vcard4(&parsed.document(), &microdata_vcard::VcardOptions::new())
            .unwrap();
    let printed = card.to_string();
    assert!(printed.contains("\r\nPHOTO:12:00Z\r\n"), "{printed}");
    assert!(!oracle::within_vcard4(&card, &printed));
    let read = std::panic::catch_unwind(|| vcard4::parse(&printed).map(|cards| cards.len()));
    assert!(read.is_err(), "vcard4 reads it now: {read:?}");
}

/// A property named `end` (or `begin`) gets its content line like any
/// other, as the spec's conversions say: `END:…` inside the component,
/// which iCalendar and vCard readers take for the component's end. The
/// oracles then check the output's lines only
/// (`oracle::property_names_fit_content_lines`).
#[test]
fn a_property_named_end_writes_an_end_line() {
    let html = r#"<div itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">
        <span itemprop=summary>S</span><span itemprop=end>soon</span>
        <time itemprop=dtstart datetime="2009-05-05T19:00:00Z">7pm</time></div>"#;
    let parsed = microdata_scraper::parse(html, Some(BASE)).unwrap();
    let doc = parsed.document();
    assert!(!oracle::property_names_fit_content_lines(&doc));
    let options = microdata_ical::IcalOptions::new().with_dtstamp(std::time::UNIX_EPOCH);
    let ics = microdata_ical::to_icalendar(&doc, &options).unwrap();
    assert!(ics.contains("\r\nEND:soon\r\n"), "{ics}");
    assert!(icalendar::parser::read_calendar(&icalendar::parser::unfold(&ics)).is_err());
    oracle::ical(html.as_bytes());
}
