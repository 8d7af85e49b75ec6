//! Unit tests of the conversion: one or more per step and branch of
//! WHATWG HTML §5.3.1.1 and of the 2010 vCard 3.0 variant.
#![allow(clippy::unwrap_used)]

use crate::line;
use crate::{Limit, LimitError, Limits, VcardOptions, to_vcard, to_vcard_from};

const HCARD: &str = r#"itemscope itemtype="http://microformats.org/profile/hcard""#;
const URL: &str = "https://example.com/page";

fn convert_with(html: &str, options: &VcardOptions) -> Option<String> {
    let parsed = microdata_scraper::parse(html, Some(URL)).unwrap();
    to_vcard(&parsed.document(), options)
}

/// The vCard for `body`, wrapped in an hCard `div`.
fn card(body: &str) -> String {
    card_with(body, &VcardOptions::new())
}

fn card_with(body: &str, options: &VcardOptions) -> String {
    let out = convert_with(&format!("<div {HCARD}>{body}</div>"), options).unwrap();
    assert_well_formed(&out);
    out
}

fn legacy(body: &str) -> String {
    card_with(body, &VcardOptions::new().with_legacy_v3(true))
}

/// CRLF line ends, no physical line over 75 code points, and every logical
/// line reads back.
fn assert_well_formed(out: &str) {
    assert!(out.ends_with("\r\n"), "{out:?}");
    for physical in out.strip_suffix("\r\n").unwrap().split("\r\n") {
        assert!(
            !physical.contains(['\r', '\n']),
            "bare line break in {out:?}"
        );
        assert!(physical.chars().count() <= 75, "{physical:?}");
    }
    line::read(out).unwrap();
}

/// The property lines between the header and `END`, as the content-line
/// reader gives them back: (name, params, unescaped value).
type Prop = (String, Vec<(String, String)>, String);

fn props(out: &str) -> Vec<Prop> {
    let lines = line::read(out).unwrap();
    let start = lines
        .iter()
        .position(|l| {
            !matches!(
                l.name.as_str(),
                "BEGIN" | "PROFILE" | "VERSION" | "SOURCE" | "NAME"
            )
        })
        .unwrap();
    lines[start..lines.len() - 1]
        .iter()
        .map(|l| (l.name.clone(), l.params.clone(), line::unescape(&l.value)))
        .collect()
}

/// The raw (still escaped) value of the first line named `name`.
fn raw_value(out: &str, name: &str) -> Option<String> {
    line::read(out)
        .unwrap()
        .into_iter()
        .find(|l| l.name == name)
        .map(|l| l.value)
}

fn params(out: &str, name: &str) -> Vec<(String, String)> {
    line::read(out)
        .unwrap()
        .into_iter()
        .find(|l| l.name == name)
        .map(|l| l.params)
        .unwrap_or_default()
}

fn p(name: &str, value: &str) -> (String, String) {
    (name.to_owned(), value.to_owned())
}

// Steps 1–2: which item.

#[test]
fn no_hcard_item_is_nothing() {
    assert_eq!(convert_with("<p>none</p>", &VcardOptions::new()), None);
    assert_eq!(
        convert_with(
            r#"<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">"#,
            &VcardOptions::new()
        ),
        None
    );
}

#[test]
fn first_hcard_in_tree_order_even_nested() {
    let html = format!(
        r#"<div itemscope itemtype="https://schema.org/Article">
             <div itemprop="author" {HCARD}><b itemprop="fn">Inner</b></div></div>
           <div {HCARD}><b itemprop="fn">Second</b></div>"#
    );
    let out = convert_with(&html, &VcardOptions::new()).unwrap();
    assert_eq!(raw_value(&out, "FN").as_deref(), Some("Inner"));
}

#[test]
fn hcard_among_several_types() {
    let html = r#"<p itemscope itemtype="https://schema.org/Person http://microformats.org/profile/hcard"><b itemprop=fn>X</b>"#;
    assert!(
        convert_with(html, &VcardOptions::new())
            .unwrap()
            .contains("\r\nFN:X\r\n")
    );
}

#[test]
fn among_given_nodes() {
    let html = format!(
        r#"<div id=a {HCARD}><b itemprop=fn>A</b></div><p id=p itemscope><div id=b {HCARD}><b itemprop=fn>B</b></div>"#
    );
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let doc = parsed.document();
    let el = |id| doc.element_by_id(id).unwrap();
    let opts = VcardOptions::new();
    let fn_of = |out: Option<String>| raw_value(&out.unwrap(), "FN");
    assert_eq!(
        fn_of(to_vcard_from([el("b"), el("a")], &opts)).as_deref(),
        Some("B")
    );
    // Items without the type, and elements that are not items, are passed over.
    assert_eq!(
        fn_of(to_vcard_from([el("p"), el("a")], &opts)).as_deref(),
        Some("A")
    );
    assert_eq!(to_vcard_from([el("p")], &opts), None);
    assert_eq!(
        to_vcard_from(
            Vec::<microdata_model::Element<'_, '_, microdata_scraper::ScraperNode<'_>>>::new(),
            &opts
        ),
        None
    );
    // The bold element inside an item is not an item.
    let bold = doc.elements().find(|e| e.local_name() == "b").unwrap();
    assert_eq!(to_vcard_from([bold], &opts), None);
}

// Steps 4–8 and 13: the frame.

#[test]
fn header_and_footer_lines() {
    let out = convert_with(
        &format!("<title>A, B; C\\D</title><div {HCARD}></div>"),
        &VcardOptions::new(),
    )
    .unwrap();
    assert_eq!(
        out,
        "BEGIN:VCARD\r\nPROFILE:VCARD\r\nVERSION:4.0\r\nSOURCE:https://example.com/page\r\n\
         NAME:A\\, B\\; C\\\\D\r\nEND:VCARD\r\n"
    );
}

#[test]
fn source_without_url_is_about_blank_and_is_escaped() {
    let parsed = microdata_scraper::parse(&format!("<div {HCARD}></div>"), None).unwrap();
    let out = to_vcard(&parsed.document(), &VcardOptions::new()).unwrap();
    assert_eq!(raw_value(&out, "SOURCE").as_deref(), Some("about:blank"));
    let parsed =
        microdata_scraper::parse(&format!("<div {HCARD}></div>"), Some("https://e.com/a,b;c"))
            .unwrap();
    let out = to_vcard(&parsed.document(), &VcardOptions::new()).unwrap();
    assert_eq!(
        raw_value(&out, "SOURCE").as_deref(),
        Some("https://e.com/a\\,b\\;c")
    );
}

#[test]
fn name_is_the_title_text_content() {
    let out = convert_with(
        &format!("<title>Line\none</title><div {HCARD}></div>"),
        &VcardOptions::new(),
    )
    .unwrap();
    assert_eq!(raw_value(&out, "NAME").as_deref(), Some("Line\\none"));
    // An empty title still gives a NAME line.
    let out = convert_with(
        &format!("<title></title><div {HCARD}></div>"),
        &VcardOptions::new(),
    )
    .unwrap();
    assert_eq!(raw_value(&out, "NAME").as_deref(), Some(""));
}

// Step 11: each property, each name.

#[test]
fn n_takes_the_first_of_each_part() {
    let out = card(
        r#"<div itemprop="n" itemscope>
             <i itemprop="honorific-suffix">Jr.</i><i itemprop="given-name">Ada</i>
             <i itemprop="given-name">Second</i><i itemprop="family-name">Love;lace</i>
             <i itemprop="additional-name" itemscope>item</i><i itemprop="additional-name">Augusta</i>
             <i itemprop="honorific-prefix">Lady, Countess</i></div>"#,
    );
    // The first additional-name is an item: "collecting the first" gives "".
    assert_eq!(
        raw_value(&out, "N").as_deref(),
        Some("Love\\;lace;Ada;;Lady\\, Countess;Jr.")
    );
    let parts: Vec<String> = line::split_unescaped(&raw_value(&out, "N").unwrap(), ';')
        .into_iter()
        .map(line::unescape)
        .collect();
    assert_eq!(parts, ["Love;lace", "Ada", "", "Lady, Countess", "Jr."]);
}

#[test]
fn adr_collects_lists_and_firsts() {
    let out = card(
        r#"<div itemprop="adr" itemscope>
             <i itemprop="street-address">1600 Amphitheatre, Pkwy</i>
             <i itemprop="street-address" itemscope>skipped</i>
             <i itemprop="street-address">Bldg 43</i>
             <i itemprop="post-office-box">PO 1</i><i itemprop="post-office-box">PO 2</i>
             <i itemprop="locality">Mountain View</i><i itemprop="locality">Other</i>
             <i itemprop="country-name">US</i>
             <meta itemprop="type" content="work"><meta itemprop="type" content="home"></div>"#,
    );
    assert_eq!(
        raw_value(&out, "ADR").as_deref(),
        Some("PO 1,PO 2;;1600 Amphitheatre\\, Pkwy,Bldg 43;Mountain View;;;US")
    );
    assert_eq!(params(&out, "ADR"), [p("TYPE", "work")]);
    let street: Vec<String> = line::split_unescaped(
        line::split_unescaped(&raw_value(&out, "ADR").unwrap(), ';')[2],
        ',',
    )
    .into_iter()
    .map(line::unescape)
    .collect();
    assert_eq!(street, ["1600 Amphitheatre, Pkwy", "Bldg 43"]);
}

#[test]
fn adr_type_must_be_alphanumeric_and_not_an_item() {
    let adr = |ty: &str| card(&format!(r#"<div itemprop="adr" itemscope>{ty}</div>"#));
    assert_eq!(params(&adr(""), "ADR"), []);
    assert_eq!(
        params(&adr(r#"<meta itemprop=type content="home work">"#), "ADR"),
        []
    );
    assert_eq!(
        params(&adr(r#"<meta itemprop=type content="hôme">"#), "ADR"),
        []
    );
    // Only the first type property counts, even when it does not qualify.
    assert_eq!(
        params(
            &adr(r#"<b itemprop=type itemscope></b><meta itemprop=type content=home>"#),
            "ADR"
        ),
        []
    );
    assert_eq!(
        params(&adr(r#"<meta itemprop=type content=Home2>"#), "ADR"),
        [p("TYPE", "Home2")]
    );
    // The empty string consists only of ASCII alphanumerics.
    assert_eq!(
        params(&adr(r#"<meta itemprop=type content="">"#), "ADR"),
        [p("TYPE", "")]
    );
    assert_eq!(raw_value(&adr(""), "ADR").as_deref(), Some(";;;;;;"));
}

#[test]
fn org_name_then_units() {
    let out = card(
        r#"<div itemprop="org" itemscope><i itemprop="organization-unit">Unit, A</i>
             <i itemprop="organization-name">Name; Inc</i><i itemprop="organization-unit" itemscope>x</i>
             <i itemprop="organization-unit">Unit B</i></div>"#,
    );
    assert_eq!(
        raw_value(&out, "ORG").as_deref(),
        Some("Name\\; Inc;Unit\\, A;Unit B")
    );
    let out = card(r#"<div itemprop="org" itemscope></div>"#);
    assert_eq!(raw_value(&out, "ORG").as_deref(), Some(""));
}

#[test]
fn related_hcard_gives_uri_and_relation() {
    let out = card(&format!(
        r#"<div itemprop="related" {HCARD}><span itemprop="url">text, first</span>
             <a itemprop="url" href="/friend,1">x</a><a itemprop="url" href="/second">y</a>
             <meta itemprop="rel" content="friend"></div>"#
    ));
    // The first `url` that is a URL property element.
    assert_eq!(
        raw_value(&out, "RELATED").as_deref(),
        Some("https://example.com/friend\\,1")
    );
    assert_eq!(
        params(&out, "RELATED"),
        [p("VALUE", "URI"), p("RELATION", "friend")]
    );
}

#[test]
fn related_without_url_element_or_valid_rel() {
    let out = card(&format!(
        r#"<div itemprop="related" {HCARD}><span itemprop="url">https://x.example/</span>
             <meta itemprop="rel" content="co-worker"></div>"#
    ));
    assert_eq!(raw_value(&out, "RELATED").as_deref(), Some(""));
    assert_eq!(params(&out, "RELATED"), []);
}

#[test]
fn related_without_hcard_type_is_an_ordinary_item() {
    let out = card(
        r#"<div itemprop="related" itemscope><a itemprop="url" href="/f">f</a>
             <meta itemprop="rel" content="friend"><meta itemprop=value content="v"><meta itemprop=type content=t></div>"#,
    );
    assert_eq!(raw_value(&out, "RELATED").as_deref(), Some("v"));
    assert_eq!(params(&out, "RELATED"), [p("TYPE", "t")]);
}

#[test]
fn other_items_give_value_and_type() {
    let out = card(
        r#"<p itemprop="tel" itemscope><i itemprop="value">+1 (310), 555</i><i itemprop=type>cell</i>
           <meta itemprop=type content=voice></p>
           <p itemprop="email" itemscope><i itemprop="value" itemscope>x</i></p>"#,
    );
    assert_eq!(
        props(&out),
        [
            (
                "TEL".into(),
                vec![p("TYPE", "cell")],
                "+1 (310), 555".into()
            ),
            ("EMAIL".into(), vec![], String::new()),
        ]
    );
}

#[test]
fn gender_from_the_first_sex_and_gender_identity() {
    let out = card(
        r#"<i itemprop="gender-identity">non-binary</i><i itemprop=sex>O</i>
           <i itemprop=sex>F</i><i itemprop="gender-identity">second</i><i itemprop=fn>X</i>"#,
    );
    // No SEX or GENDER-IDENTITY lines; GENDER comes after the properties.
    assert_eq!(
        props(&out),
        [
            ("FN".into(), vec![], "X".into()),
            ("GENDER".into(), vec![], "O;non-binary".into()),
        ]
    );
    assert_eq!(
        raw_value(&card("<i itemprop=sex>M</i>"), "GENDER").as_deref(),
        Some("M;")
    );
    assert_eq!(
        raw_value(&card("<i itemprop=gender-identity>man</i>"), "GENDER").as_deref(),
        Some(";man")
    );
    // Empty first values: no GENDER line, even if later ones are not empty.
    let out = card(r#"<meta itemprop=sex content=""><i itemprop=sex>F</i>"#);
    assert_eq!(raw_value(&out, "GENDER"), None);
    // An item-valued sex is not "the first such property" (its value is an item).
    let out = card(r#"<i itemprop=sex itemscope></i><i itemprop=sex>F</i>"#);
    assert_eq!(raw_value(&out, "GENDER").as_deref(), Some("F;"));
}

#[test]
fn gender_value_is_not_escaped() {
    // Step 12 concatenates sex, ";" and gender-identity as they are.
    let out = card(r#"<i itemprop=sex>F</i><i itemprop=gender-identity>a,b</i>"#);
    assert!(out.contains("\r\nGENDER:F;a,b\r\n"), "{out}");
}

#[test]
fn url_property_elements_get_value_uri() {
    let out = card(
        r#"<a itemprop="url" href="/a?x=1,2">a</a><img itemprop="photo" src="p.jpg">
           <span itemprop="url">https://example.com/text</span><a itemprop="logo">no href</a>"#,
    );
    assert_eq!(
        props(&out),
        [
            (
                "URL".into(),
                vec![p("VALUE", "URI")],
                "https://example.com/a?x=1,2".into()
            ),
            (
                "PHOTO".into(),
                vec![p("VALUE", "URI")],
                "https://example.com/p.jpg".into()
            ),
            ("URL".into(), vec![], "https://example.com/text".into()),
            ("LOGO".into(), vec![p("VALUE", "URI")], String::new()),
        ]
    );
    assert_eq!(
        raw_value(&out, "URL").as_deref(),
        Some("https://example.com/a?x=1\\,2")
    );
}

#[test]
fn bday_and_anniversary_dates() {
    let out = card(
        r#"<time itemprop="bday" datetime="1815-12-10">10 Dec</time>
           <meta itemprop="anniversary" content="2000-02-29">
           <meta itemprop="bday" content="1815-12">
           <meta itemprop="anniversary" content="2001-02-29">
           <meta itemprop="bday" content=" 1815-12-10">
           <a itemprop="bday" href="1815-12-10">link</a>
           <meta itemprop="nickname" content="1815-12-10">"#,
    );
    let got: Vec<_> = props(&out).into_iter().map(|(n, ps, _)| (n, ps)).collect();
    assert_eq!(
        got,
        [
            ("BDAY".into(), vec![p("VALUE", "DATE")]),
            ("ANNIVERSARY".into(), vec![p("VALUE", "DATE")]),
            ("BDAY".into(), vec![]),
            ("ANNIVERSARY".into(), vec![]),
            ("BDAY".into(), vec![]),
            // A URL property element: VALUE=URI wins.
            ("BDAY".into(), vec![p("VALUE", "URI")]),
            ("NICKNAME".into(), vec![]),
        ]
    );
    // The value is written as it is, not normalized.
    assert_eq!(raw_value(&out, "BDAY").as_deref(), Some("1815-12-10"));
}

#[test]
fn rev_global_date_and_time() {
    let out = card(
        r#"<meta itemprop="rev" content="2008-07-20 21:00:00+01:00">
           <meta itemprop="rev" content="2008-07-20T21:00:00">
           <meta itemprop="rev" content="2008-07-20">
           <meta itemprop="rev" content="2008-07-20T21:00-00:00">
           <meta itemprop="rev" content="2008-07-20T21:00+00:00">
           <meta itemprop="bday" content="2008-07-20T21:00Z">"#,
    );
    let got = props(&out);
    assert_eq!(
        got,
        [
            (
                "REV".into(),
                vec![p("VALUE", "DATE-TIME")],
                "2008-07-20 21:00:00+01:00".into()
            ),
            ("REV".into(), vec![], "2008-07-20T21:00:00".into()),
            ("REV".into(), vec![], "2008-07-20".into()),
            // A zero offset with "-" is not a valid time-zone offset string.
            ("REV".into(), vec![], "2008-07-20T21:00-00:00".into()),
            (
                "REV".into(),
                vec![p("VALUE", "DATE-TIME")],
                "2008-07-20T21:00+00:00".into()
            ),
            ("BDAY".into(), vec![], "2008-07-20T21:00Z".into()),
        ]
    );
}

#[test]
fn time_elements_are_not_special_in_the_current_text() {
    let out = card(r#"<time itemprop="x-date" datetime="2009-05-05">d</time>"#);
    assert_eq!(params(&out, "X-DATE"), []);
}

#[test]
fn geo_keeps_its_semicolon_other_values_do_not() {
    let out = card(
        r#"<i itemprop="geo">34.05;-118.41, approx\</i><i itemprop="note">a;b</i>
           <i itemprop="Geo">1;2</i>"#,
    );
    assert_eq!(
        raw_value(&out, "GEO").as_deref(),
        Some("34.05;-118.41\\, approx\\\\")
    );
    assert_eq!(raw_value(&out, "NOTE").as_deref(), Some("a\\;b"));
    // Names are case-sensitive: only `geo` keeps its semicolons.
    let lines = line::read(&out).unwrap();
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.name == "GEO")
            .nth(1)
            .unwrap()
            .value,
        "1\\;2"
    );
}

#[test]
fn line_breaks_in_values() {
    let out = card("<pre itemprop=note>a\r\nb\rc\nd</pre><meta itemprop=title content=\"x\r\ny\">");
    // The HTML parser already turned CR and CRLF into LF in text; attribute
    // values too. Each LF becomes `\n`.
    assert_eq!(raw_value(&out, "NOTE").as_deref(), Some("a\\nb\\nc\\nd"));
    assert_eq!(raw_value(&out, "TITLE").as_deref(), Some("x\\ny"));
}

#[test]
fn every_name_of_a_property_gets_a_line() {
    let out = card(
        r#"<b itemprop="fn nickname fn">Ada</b>
           <div itemprop="n org" itemscope><i itemprop="family-name">L</i><i itemprop="organization-name">O</i></div>"#,
    );
    let names: Vec<String> = props(&out).into_iter().map(|(n, ..)| n).collect();
    // Duplicate tokens in itemprop count once.
    assert_eq!(names, ["FN", "NICKNAME", "N", "ORG"]);
    assert_eq!(raw_value(&out, "N").as_deref(), Some("L;;;;"));
    assert_eq!(raw_value(&out, "ORG").as_deref(), Some("O"));
}

#[test]
fn names_are_uppercased_ascii_only() {
    let out = card(r#"<b itemprop="x-Fön">v</b>"#);
    assert!(out.contains("\r\nX-FöN:v\r\n"), "{out}");
}

#[test]
fn long_values_fold_at_75_then_74_code_points() {
    let note = "é".repeat(200);
    let out = card(&format!("<p itemprop=note>{note}</p>"));
    let start = out.find("NOTE:").unwrap();
    let physical: Vec<&str> = out[start..].split("\r\n").take(4).collect();
    assert_eq!(physical[0].chars().count(), 75);
    assert_eq!(physical[1].chars().count(), 75); // a space and 74
    assert_eq!(physical[2].chars().count(), 57); // 5 + 200 = 75 + 74 + 56
    assert!(physical[1].starts_with(' ') && physical[2].starts_with(' '));
    assert_eq!(physical[3], "END:VCARD");
    assert_eq!(line::unescape(&raw_value(&out, "NOTE").unwrap()), note);
}

// The 2010 vCard 3.0 variant.

#[test]
fn legacy_version_and_uid() {
    let html = format!(r#"<div {HCARD} itemid="urn:uuid:a,b"><b itemprop=fn>X</b></div>"#);
    let opts = VcardOptions::new().with_legacy_v3(true);
    let out = convert_with(&html, &opts).unwrap();
    assert_eq!(
        out,
        "BEGIN:VCARD\r\nPROFILE:VCARD\r\nVERSION:3.0\r\nSOURCE:https://example.com/page\r\n\
         UID:urn:uuid:a\\,b\r\nFN:X\r\nEND:VCARD\r\n"
    );
    // The current text has no UID line.
    let out = convert_with(&html, &VcardOptions::new()).unwrap();
    assert_eq!(raw_value(&out, "UID"), None);
    // No itemid, no UID.
    assert_eq!(raw_value(&legacy("<b itemprop=fn>X</b>"), "UID"), None);
}

#[test]
fn legacy_agent_is_a_nested_vcard() {
    let out = legacy(&format!(
        r#"<b itemprop=fn>Jack</b><span itemprop="agent" {HCARD} itemid="urn:x:chloe"><b itemprop=fn>Chloe, O</b></span>
           <span itemprop="agent">Tony</span><span itemprop="agent" itemscope><meta itemprop=value content=v></span>"#
    ));
    let nested = "BEGIN:VCARD\r\nPROFILE:VCARD\r\nVERSION:3.0\r\nSOURCE:https://example.com/page\r\n\
                  UID:urn:x:chloe\r\nFN:Chloe\\, O\r\nEND:VCARD\r\n";
    assert_eq!(
        props(&out),
        [
            ("FN".into(), vec![], "Jack".into()),
            (
                "AGENT".into(),
                vec![p("VALUE", "VCARD")],
                nested.replace("\r\n", "\n")
            ),
            ("AGENT".into(), vec![], "Tony".into()),
            ("AGENT".into(), vec![], "v".into()),
        ]
    );
    // The nested text is escaped once more as a whole.
    assert!(out.contains("FN:Chloe\\\\\\, O\\nEND:VCARD\\n"), "{out}");
    // Read back twice: the nested card is a vCard too.
    let inner = line::unescape(&raw_value(&out, "AGENT").unwrap());
    let inner_lines = line::read(&inner).unwrap();
    assert_eq!(inner_lines[5].name, "FN");
    assert_eq!(line::unescape(&inner_lines[5].value), "Chloe, O");
}

#[test]
fn legacy_agent_in_the_current_text_is_an_ordinary_item() {
    let out = card(&format!(
        r#"<span itemprop="agent" {HCARD}><b itemprop=fn>C</b><meta itemprop=value content=v></span>"#
    ));
    assert_eq!(props(&out), [("AGENT".into(), vec![], "v".into())]);
}

#[test]
fn legacy_agent_cycle_and_depth_are_cut() {
    // X and Y are agents of each other through itemref.
    let html = format!(
        r#"<div id=x itemprop=agent {HCARD} itemref=y><b itemprop=fn>X</b></div>
           <div id=y itemprop=agent {HCARD} itemref=x><b itemprop=fn>Y</b></div>"#
    );
    let opts = VcardOptions::new().with_legacy_v3(true);
    let out = convert_with(&html, &opts).unwrap();
    assert_well_formed(&out);
    // X holds Y, whose agent X is left out.
    assert_eq!(out.matches("AGENT;VALUE=VCARD").count(), 1);
    let inner = line::unescape(&raw_value(&out, "AGENT").unwrap());
    assert!(!inner.contains("AGENT"), "{inner}");

    // Twelve nested agents: all are kept, each inside the one above.
    let mut html = String::new();
    for i in 0..12 {
        html.push_str(&format!(
            r#"<div itemprop=agent {HCARD}><b itemprop=fn>{i}</b>"#
        ));
    }
    let out = card_with(&html, &opts);
    let mut depth = 0;
    let mut text = out;
    while let Some(v) = raw_value(&text, "AGENT") {
        text = line::unescape(&v);
        assert_eq!(raw_value(&text, "FN"), Some(depth.to_string()));
        depth += 1;
    }
    assert_eq!(depth, 12);

    // Deeper than `max_depth` (the converted card is at depth 1, its
    // agents at 2 to 13): an error, never agents left out.
    let page = format!("<div {HCARD}>{html}</div>");
    let parsed = microdata_scraper::parse(&page, Some(URL)).unwrap();
    let doc = parsed.document();
    let within = |depth| {
        let limits = Limits::default().with_max_depth(depth);
        crate::try_to_vcard(&doc, &opts.clone().with_limits(limits))
    };
    assert_eq!(within(12), Err(LimitError::new(Limit::Depth, 12)));
    assert!(within(13).unwrap().is_some());

    // Sixty levels double the escapes sixty times: the output limit stops
    // them long before memory runs out (a small one here, for a quick test).
    let mut html = String::new();
    for i in 0..60 {
        html.push_str(&format!(
            r#"<div itemprop=agent {HCARD}><b itemprop=fn>{i}\,</b>"#
        ));
    }
    let page = format!("<div {HCARD}>{html}</div>");
    let parsed = microdata_scraper::parse(&page, Some(URL)).unwrap();
    let small = Limits::default().with_max_output_bytes(1 << 20);
    let err = crate::try_to_vcard(&parsed.document(), &opts.clone().with_limits(small));
    assert_eq!(err.unwrap_err().limit(), Limit::OutputBytes);
}

#[test]
fn legacy_time_elements_get_value_date() {
    let out = legacy(
        r#"<time itemprop="bday" datetime="1815-12-10">d</time>
           <time itemprop="x" datetime="2009-05-05T19:00:00Z">t</time>
           <time itemprop="y" datetime="2009-05-05T19:00:00">local</time>
           <meta itemprop="bday" content="1815-12-10">
           <meta itemprop="rev" content="2008-07-20T21:00:00Z">"#,
    );
    let got: Vec<_> = props(&out).into_iter().map(|(n, ps, _)| (n, ps)).collect();
    assert_eq!(
        got,
        [
            ("BDAY".into(), vec![p("VALUE", "DATE")]),
            ("X".into(), vec![p("VALUE", "DATE-TIME")]),
            ("Y".into(), vec![]),
            ("BDAY".into(), vec![]),
            ("REV".into(), vec![]),
        ]
    );
}

#[test]
fn legacy_sex_and_related_are_ordinary() {
    let out = legacy(&format!(
        r#"<i itemprop=sex>F</i><i itemprop=gender-identity>w</i>
           <div itemprop=related {HCARD}><a itemprop=url href=/r>r</a><meta itemprop=rel content=friend></div>"#
    ));
    assert_eq!(
        props(&out),
        [
            ("SEX".into(), vec![], "F".into()),
            ("GENDER-IDENTITY".into(), vec![], "w".into()),
            ("RELATED".into(), vec![], String::new()),
        ]
    );
}
