//! The hCard vocabulary checks, and the licensed-work checks of the model
//! (tested here, where an HTML parser is at hand).

use microdata_model::vocab::{HCARD_TYPE, check_work};
use microdata_vcard::check;

use crate::util::{URL, fixture};

/// `(rule, tag name, message)` for each warning of the hCard check.
fn hcard_warnings(html: &str) -> Vec<(String, String, String)> {
    let parsed = microdata_scraper::parse(html, Some(URL)).unwrap();
    let doc = parsed.document();
    check(&doc)
        .iter()
        .map(|w| {
            (
                w.rule().to_owned(),
                w.element().local_name().to_owned(),
                w.message().to_owned(),
            )
        })
        .collect()
}

fn rules(html: &str) -> Vec<String> {
    hcard_warnings(html).into_iter().map(|(r, ..)| r).collect()
}

/// An hCard with a valid `fn` and `n`, plus `body`.
fn hcard(body: &str) -> String {
    format!(
        r#"<div itemscope itemtype="http://microformats.org/profile/hcard">
           <b itemprop=fn>A</b><i itemprop=n itemscope></i>{body}</div>"#
    )
}

#[test]
fn spec_examples_are_clean() {
    for name in [
        "jack-bauer.html",
        "alfred-person.html",
        "george-washington.html",
    ] {
        assert_eq!(rules(&fixture(name)), Vec::<String>::new(), "{name}");
    }
}

#[test]
fn the_2010_example_breaks_the_current_vocabulary() {
    let parsed = microdata_scraper::parse(&fixture("jack-bauer-2010.html"), Some(URL)).unwrap();
    let doc = parsed.document();
    let shown: Vec<String> = check(&doc).iter().map(ToString::to_string).collect();
    insta::assert_snapshot!("jack-bauer-2010-warnings", shown.join("\n"));
}

#[test]
fn fn_and_n_exactly_once() {
    let bare = r#"<p itemscope itemtype="http://microformats.org/profile/hcard"></p>"#;
    assert_eq!(
        hcard_warnings(bare),
        [
            (
                "hcard:fn-exactly-once".into(),
                "p".into(),
                "exactly one `fn` property is required, found none".into()
            ),
            (
                "hcard:n-exactly-once".into(),
                "p".into(),
                "exactly one `n` property is required, found none".into()
            ),
        ]
    );
    let twice = hcard("<b itemprop=fn>B</b><i itemprop=n itemscope></i>");
    assert_eq!(
        hcard_warnings(&twice),
        [
            (
                "hcard:fn-exactly-once".into(),
                "b".into(),
                "exactly one `fn` property is allowed, this is number 2 of 2".into()
            ),
            (
                "hcard:n-exactly-once".into(),
                "i".into(),
                "exactly one `n` property is allowed, this is number 2 of 2".into()
            ),
        ]
    );
}

#[test]
fn single_valued_properties() {
    let html = hcard(
        r#"<meta itemprop=kind content=org><meta itemprop=kind content=org>
           <meta itemprop=bday content=2000-01-01><meta itemprop=bday content=2000-01-02>
           <meta itemprop=uid content=a><meta itemprop=uid content=b><meta itemprop=uid content=c>"#,
    );
    assert_eq!(rules(&html), ["hcard:single-valued"; 4]);
}

#[test]
fn value_lists() {
    let html = hcard(
        r#"<meta itemprop=kind content=person><meta itemprop=sex content=X>
           <div itemprop=adr itemscope><meta itemprop=type content=postal><meta itemprop=type content=home></div>
           <div itemprop=tel itemscope><meta itemprop=type content=pref><meta itemprop=type content=cell><meta itemprop=value content=1></div>
           <div itemprop=related itemscope><a itemprop=url href=/x>x</a><meta itemprop=rel content=boss></div>"#,
    );
    assert_eq!(
        rules(&html),
        [
            "hcard:kind-value",
            "hcard:sex-value",
            "hcard:address-type",
            "hcard:telephone-type",
            "hcard:relationship"
        ]
    );
    let ok = hcard(
        r#"<meta itemprop=kind content=group><meta itemprop=sex content=U>
           <div itemprop=adr itemscope><meta itemprop=type content=work></div>
           <div itemprop=tel itemscope><meta itemprop=type content=textphone><meta itemprop=value content=1></div>
           <div itemprop=related itemscope><a itemprop=url href=/x>x</a><meta itemprop=rel content=sweetheart></div>"#,
    );
    assert_eq!(rules(&ok), Vec::<String>::new());
}

#[test]
fn one_type_per_distinct_value() {
    let html = hcard(
        r#"<div itemprop=tel itemscope><meta itemprop=type content=cell><meta itemprop=type content=cell><meta itemprop=value content=1></div>"#,
    );
    assert_eq!(rules(&html), ["hcard:type-repeated"]);
}

#[test]
fn sub_items_parts() {
    let html = hcard(
        r#"<div itemprop=tel itemscope></div>
           <div itemprop=org itemscope><i itemprop=organization-unit>u</i></div>
           <div itemprop=related itemscope></div>
           <div itemprop=adr itemscope><i itemprop=locality>a</i><i itemprop=locality>b</i></div>"#,
    );
    assert_eq!(
        rules(&html),
        [
            "hcard:single-valued",
            "hcard:tel-value-exactly-once",
            "hcard:organization-name-exactly-once",
            "hcard:related-url-exactly-once",
            "hcard:related-rel-exactly-once",
        ]
    );
}

#[test]
fn syntaxes() {
    let html = hcard(
        r#"<i itemprop=tz>+5:00</i><i itemprop=tz>-05:00</i><i itemprop=geo>1,2</i><i itemprop=geo>1.5;-2</i>
           <i itemprop=bday>yesterday</i><i itemprop=anniversary>2001-02-29</i>
           <i itemprop=rev>2008-07-20T21:00</i><i itemprop=rev>2008-07-20T21:00Z</i>"#,
    );
    assert_eq!(
        rules(&html),
        [
            "hcard:date-value",
            "hcard:date-value",
            "hcard:rev-value",
            "hcard:tz-syntax",
            "hcard:geo-syntax",
        ]
    );
}

#[test]
fn urls_must_come_from_url_property_elements() {
    let html = hcard(
        r#"<span itemprop=url>https://example.com/</span><a itemprop=url href=/ok>ok</a>
           <img itemprop=photo><div itemprop=logo itemscope></div>
           <div itemprop=related itemscope><span itemprop=url>/r</span><meta itemprop=rel content=friend></div>"#,
    );
    let got = hcard_warnings(&html);
    let rules: Vec<&str> = got.iter().map(|(r, ..)| r.as_str()).collect();
    assert_eq!(rules, ["hcard:url-value"; 4]);
    // `photo`, then `logo`, then `url` (the rule goes name by name), then
    // the `url` inside `related`.
    assert_eq!(got[0].1, "img");
    assert!(
        got[0].2.contains("<img> has no `src` attribute"),
        "{}",
        got[0].2
    );
    assert_eq!(got[1].1, "div");
    assert!(got[1].2.contains("found an item"), "{}", got[1].2);
    assert_eq!(got[2].1, "span");
    assert!(got[2].2.contains("URL property element"), "{}", got[2].2);
    assert_eq!(got[3].1, "span");
}

#[test]
fn text_and_item_values() {
    let html = hcard(
        r#"<a itemprop=email href="mailto:a@b">a</a><div itemprop=note itemscope></div>
           <span itemprop=adr>text address</span>
           <div itemprop=n itemscope><a itemprop=given-name href=/g>g</a></div>"#,
    );
    assert_eq!(
        rules(&html),
        [
            "hcard:n-exactly-once",
            "hcard:text-value",
            "hcard:text-value",
            "hcard:item-value",
            "hcard:text-value",
        ]
    );
}

#[test]
fn tel_and_org_are_text_or_items() {
    let html = hcard(
        r#"<a itemprop=tel href="tel:+15551234">call</a><span itemprop=tel>+1 555</span>
           <div itemprop=tel itemscope><span itemprop=value>+1 555</span></div>
           <a itemprop=org href="http://acme.example">ACME</a>
           <div itemprop=org itemscope><span itemprop=organization-name>ACME</span></div>"#,
    );
    let shown = hcard_warnings(&html);
    assert_eq!(
        shown
            .iter()
            .map(|(r, e, _)| (r.as_str(), e.as_str()))
            .collect::<Vec<_>>(),
        [
            ("hcard:text-or-item-value", "a"),
            ("hcard:text-or-item-value", "a")
        ]
    );
    assert_eq!(
        shown[0].2,
        "`tel` must be text or an item, found a URL (<a> is a URL property element)"
    );
}

#[test]
fn undefined_names_and_global_identifiers() {
    // Names of `n` at the item's level, and names no part of the
    // vocabulary has; absolute URLs are fine.
    let html =
        hcard(r#"<b itemprop="family-name foo">x</b><b itemprop="http://example.com/x">y</b>"#);
    assert_eq!(
        hcard_warnings(&html)
            .iter()
            .map(|(r, _, m)| (r.as_str(), m.as_str()))
            .collect::<Vec<_>>(),
        [
            (
                "hcard:undefined-property",
                "`family-name` is not a property of http://microformats.org/profile/hcard items (nor an absolute URL)"
            ),
            (
                "hcard:undefined-property",
                "`foo` is not a property of http://microformats.org/profile/hcard items (nor an absolute URL)"
            ),
            (
                "hcard:line-name",
                "`http://example.com/x` is not a valid vCard property name (letters, digits and hyphens): the line written for it is not valid vCard"
            ),
        ]
    );
    // With a second type, the names that type allows are not known here;
    // the second type itself breaks "the same vocabulary" (§5.2.2).
    let html = r#"<div itemscope itemtype="http://microformats.org/profile/hcard http://schema.org/Person">
        <b itemprop=fn>A</b><i itemprop=n itemscope></i><b itemprop=foo>x</b></div>"#;
    assert_eq!(
        hcard_warnings(html),
        [(
            "hcard:other-type".to_owned(),
            "div".to_owned(),
            "the vCard vocabulary has one item type, http://microformats.org/profile/hcard: an \
             item's types must all use one vocabulary, and `http://schema.org/Person` is not of it"
                .to_owned()
        )]
    );
    // "This vocabulary does not support global identifiers for items."
    let html = r#"<div itemscope itemtype="http://microformats.org/profile/hcard" itemid="http://example.com/me">
        <b itemprop=fn>A</b><i itemprop=n itemscope></i></div>"#;
    assert_eq!(
        hcard_warnings(html),
        [(
            "hcard:global-identifier".to_owned(),
            "div".to_owned(),
            "the vCard vocabulary does not support global identifiers: `itemid` is not allowed"
                .to_owned()
        )]
    );
    // A licensed work has four names.
    let html = r#"<figure itemscope itemtype="http://n.whatwg.org/work">
        <img itemprop=work src=/p.jpg><b itemprop=caption>c</b></figure>"#;
    assert_eq!(work_rules(html), ["work:undefined-property"]);
    // One type in that vocabulary too.
    let html = r#"<figure itemscope itemtype="http://n.whatwg.org/work https://schema.org/Photograph">
        <img itemprop=work src=/p.jpg></figure>"#;
    assert_eq!(work_rules(html), ["work:other-type"]);
}

/// An untyped `n`, `adr`, `tel`, `org` or `related` item has the hCard's
/// relevant types (§5.2.2), so its names must be the ones the vocabulary
/// defines for it, or absolute URLs (§5.2.3); a sub-item with a type of
/// its own, or under an item with a second type, is not judged here.
#[test]
fn undefined_names_inside_structured_values() {
    let html = hcard(
        r#"<span itemprop=n itemscope><b itemprop="given-name foo">A</b><b itemprop=fn>B</b><b itemprop="http://example.com/n">C</b></span>
           <span itemprop=adr itemscope><b itemprop=locality>L</b><b itemprop=value>V</b></span>
           <span itemprop=tel itemscope><b itemprop=value>1</b><b itemprop=type>cell</b><b itemprop=locality>x</b></span>
           <span itemprop=org itemscope><b itemprop=organization-name>O</b><b itemprop=url>u</b></span>
           <span itemprop=related itemscope><a itemprop=url href=http://e.com/>e</a><b itemprop=rel>friend</b><b itemprop=note>n</b></span>"#,
    );
    let undefined: Vec<String> = hcard_warnings(&html)
        .into_iter()
        .filter(|(rule, _, _)| rule == "hcard:undefined-property")
        .map(|(_, _, message)| message)
        .collect();
    let of = |name: &str, property: &str| {
        format!(
            "`{name}` is not a property of the `{property}` items of http://microformats.org/profile/hcard (nor an absolute URL)"
        )
    };
    assert_eq!(
        undefined,
        [
            of("foo", "n"),
            of("fn", "n"),
            of("value", "adr"),
            of("locality", "tel"),
            of("url", "org"),
            of("note", "related"),
        ]
    );
    // A typed sub-item answers to its own vocabulary; a second type on the
    // hCard leaves the names it allows unknown.
    let typed = hcard(
        r#"<span itemprop=n itemscope itemtype="https://schema.org/Name"><b itemprop=foo>A</b></span>"#,
    );
    assert!(!rules(&typed).contains(&"hcard:undefined-property".to_owned()));
    let two = r#"<div itemscope itemtype="http://microformats.org/profile/hcard https://schema.org/Person">
        <b itemprop=fn>A</b><i itemprop=n itemscope><b itemprop=foo>x</b></i></div>"#;
    assert_eq!(rules(two), ["hcard:other-type"]);
}

#[test]
fn agent_and_member() {
    let html = hcard(
        r#"<div itemprop=agent itemscope itemtype="https://schema.org/Person"></div>
           <a itemprop=member href=/m>m</a>"#,
    );
    assert_eq!(
        rules(&html),
        ["hcard:agent-value", "hcard:member-without-group"]
    );
    let group = hcard(r#"<meta itemprop=kind content=group><a itemprop=member href=/m>m</a>"#);
    assert_eq!(rules(&group), Vec::<String>::new());
}

#[test]
fn nested_hcards_are_checked_too() {
    // The agent is an hCard item without fn and n.
    let html = hcard(
        r#"<div itemprop=agent itemscope itemtype="http://microformats.org/profile/hcard"></div>"#,
    );
    assert_eq!(
        rules(&html),
        ["hcard:fn-exactly-once", "hcard:n-exactly-once"]
    );
}

#[test]
fn warnings_display_rule_and_element() {
    let parsed = microdata_scraper::parse(
        r#"<p id=me itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>x</b><i itemprop=n itemscope></i><i itemprop=tz>z</i></p>"#,
        None,
    )
    .unwrap();
    let doc = parsed.document();
    let w = check(&doc);
    assert_eq!(
        w[0].to_string(),
        "`tz` must be ±HH:MM (hours 00-23, minutes 00-59), found \"z\" [hcard:tz-syntax] (<i> #6)"
    );
}

// The licensed-work vocabulary (`microdata_model::vocab::check_work`).

fn work_rules(html: &str) -> Vec<String> {
    let parsed = microdata_scraper::parse(html, Some(URL)).unwrap();
    let doc = parsed.document();
    check_work(&doc)
        .iter()
        .map(|w| w.rule().to_owned())
        .collect()
}

#[test]
fn work_examples_are_clean() {
    assert_eq!(work_rules(&fixture("my-pond.html")), Vec::<String>::new());
    assert_eq!(
        work_rules(&fixture("photo-gallery.html")),
        Vec::<String>::new()
    );
}

#[test]
fn work_rules_broken() {
    let html = r#"<figure itemscope itemtype="http://n.whatwg.org/work">
        <span itemprop=work>mypond.jpeg</span><img itemprop=work src=b.jpeg>
        <cite itemprop=title>A</cite><cite itemprop=title>B</cite>
        <a itemprop=author href=/me>me</a><span itemprop=author itemscope></span>
        <span itemprop=author itemscope itemtype="http://microformats.org/profile/hcard"></span>
        <span itemprop=author>Text</span>
        <span itemprop=license>MIT</span></figure>
        <figure itemscope itemtype="http://n.whatwg.org/work"></figure>"#;
    assert_eq!(
        work_rules(html),
        [
            "work:work-exactly-once",
            "work:work-url",
            "work:title-at-most-once",
            "work:author-value",
            "work:author-value",
            "work:license-url",
            "work:work-exactly-once",
        ]
    );
}

#[test]
fn names_a_line_cannot_carry() {
    // Written as they are by the conversion, so flagged: once per name, on
    // its first property, in the order the names are first used.
    let html = hcard(
        r#"<b itemprop="x-pet">cat</b><b itemprop="http://schema.org/name note">n</b>
           <b itemprop="given_name">g</b><b itemprop="http://schema.org/name">again</b>
           <b itemprop="begin">b</b>"#,
    );
    let undefined = |name: &str| {
        (
            "hcard:undefined-property".to_owned(),
            "b".to_owned(),
            format!("`{name}` is not a property of {HCARD_TYPE} items (nor an absolute URL)"),
        )
    };
    assert_eq!(
        hcard_warnings(&html),
        [
            // Not hCard's names either (`http://schema.org/name` is an
            // absolute URL, which any item may use).
            undefined("x-pet"),
            undefined("given_name"),
            undefined("begin"),
            (
                "hcard:line-name".to_owned(),
                "b".to_owned(),
                "`http://schema.org/name` is not a valid vCard property name (letters, digits and \
                 hyphens): the line written for it is not valid vCard"
                    .to_owned()
            ),
            (
                "hcard:line-name".to_owned(),
                "b".to_owned(),
                "`given_name` is not a valid vCard property name (letters, digits and hyphens): the \
                 line written for it is not valid vCard"
                    .to_owned()
            ),
            (
                "hcard:line-name".to_owned(),
                "b".to_owned(),
                "`begin` is written as a `BEGIN:` line, which readers of vCard take for the start \
                 or end of a component"
                    .to_owned()
            ),
        ]
    );
    // Names inside a subitem are read by name, never written: no
    // `line-name`, only the name `adr` does not define.
    let html = hcard(r#"<i itemprop=adr itemscope><b itemprop="street_address">x</b></i>"#);
    assert_eq!(rules(&html), ["hcard:undefined-property"]);
}

/// Step 12 writes `sex;gender-identity` unescaped: a line break in the
/// identity (the text of an element that wraps over two source lines)
/// would end the `GENDER` line, and the rest would read as a property of
/// its own. Only the first non-item `gender-identity` is written.
#[test]
fn gender_identity_with_a_line_break() {
    let html = hcard(
        "<i itemprop=gender-identity itemscope></i>\
         <i itemprop=gender-identity>woman,\nEMAIL:x@example.com</i>\
         <i itemprop=gender-identity>second\nline</i>",
    );
    assert_eq!(
        hcard_warnings(&html)
            .into_iter()
            .filter(|(r, ..)| r != "hcard:single-valued" && r != "hcard:text-value")
            .collect::<Vec<_>>(),
        [(
            "hcard:gender-line-break".to_owned(),
            "i".to_owned(),
            "a line break in `gender-identity` ends the vCard's GENDER line, which the \
             conversion writes unescaped (step 12): the text after it would be read as another \
             property"
                .to_owned()
        )]
    );
    // What the warning is about: the conversion's own output.
    let parsed = microdata_scraper::parse(&html, Some(URL)).unwrap();
    let card = microdata_vcard::to_vcard(&parsed.document(), &Default::default()).unwrap();
    assert!(
        card.contains("\r\nGENDER:;woman,\nEMAIL:x@example.com\r\n"),
        "{card:?}"
    );
    // A carriage return from a character reference counts too; one line
    // does not.
    assert!(
        rules(&hcard("<i itemprop=gender-identity>a&#13;b</i>"))
            .contains(&"hcard:gender-line-break".to_owned())
    );
    assert!(rules(&hcard("<i itemprop=gender-identity>woman</i>")).is_empty());
}
