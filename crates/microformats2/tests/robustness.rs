//! Hostile input: deep nesting (no recursion along it), malformed class
//! names and attributes, large documents, random markup (no panics).
//!
//! The deep documents are also the shapes where a quadratic walk would not
//! finish: each element's text, value-class search and implied-property
//! checks must cost O(1) or be shared. They nest `span`s: html5ever itself
//! spends time proportional to the depth on every `div` start tag (the
//! "close a `p` element" scope check), which is not ours to measure.

use proptest::prelude::*;
use serde_json::json;

use microformats2::Mf2Options;

use crate::{json, mf2, mf2_with};

const DEPTH: usize = 100_000;

fn nested(open: &str, close: &str, inner: &str, depth: usize) -> String {
    let mut s = String::with_capacity((open.len() + close.len()) * depth + inner.len());
    for _ in 0..depth {
        s.push_str(open);
    }
    s.push_str(inner);
    for _ in 0..depth {
        s.push_str(close);
    }
    s
}

/// Runs `f` on a thread with a small stack: recursion along the nesting
/// would overflow it.
fn small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn deeply_nested_items() {
    let out = small_stack(|| {
        let html = nested(
            r#"<span class="h-x">"#,
            "</span>",
            "<b class=p-name>end</b>",
            DEPTH,
        );
        let doc = mf2(&html);
        let mut depth = 0;
        let mut item = doc.items.first();
        while let Some(i) = item {
            depth += 1;
            item = i.children.first();
        }
        (depth, doc.to_json().len(), doc.all_items().count())
    });
    assert_eq!(out.0, DEPTH);
    assert_eq!(out.2, DEPTH);
    assert!(out.1 > DEPTH * 20);
}

#[test]
fn deeply_nested_properties_and_values() {
    let out = small_stack(|| {
        // p-* inside p-* inside …, each with a value-class child and a dt.
        let html = format!(
            r#"<div class="h-x">{}</div>"#,
            nested(
                r#"<span class="p-a dt-d"><span class="value">2020-01-01</span>"#,
                "</span>",
                "<img alt=end src=x.png>",
                DEPTH
            )
        );
        let doc = mf2(&html);
        let a = doc.items[0].get("a").len();
        let d = doc.items[0].get("d").len();
        (a, d, doc.items[0].text("a").map(str::to_owned))
    });
    assert_eq!(out, (DEPTH, DEPTH, Some("2020-01-01".to_owned())));
}

#[test]
fn deeply_nested_plain_elements() {
    let out = small_stack(|| {
        let inner = r#"<a class="h-card" href="/me"><img src="me.png"> Me</a>"#;
        let html = nested("<span>", "</span>", inner, DEPTH);
        let doc = mf2_with(
            &html,
            &Mf2Options::new()
                .with_collapse_whitespace(true)
                .with_lang(true),
        );
        serde_json::to_value(&doc).unwrap()
    });
    assert_eq!(
        out["items"],
        json!([{"type": ["h-card"], "properties": {
            "name": ["Me"],
            "photo": ["https://example.com/dir/me.png"],
            "url": ["https://example.com/me"]
        }}])
    );
}

#[test]
fn deeply_nested_classic_roots() {
    let out = small_stack(|| {
        let html = nested(
            r#"<span class="vcard"><span class="fn">n</span><span class="agent vcard">"#,
            "</span></span>",
            "",
            DEPTH / 2,
        );
        let doc = mf2(&html);
        doc.all_items().count()
    });
    assert_eq!(out, DEPTH);
}

#[test]
fn long_sibling_lists_and_whitespace() {
    // Many children (the only-child and only-of-type checks), a huge run of
    // whitespace read by many nested properties (trimming).
    let mut html = String::from(r#"<div class="h-x">"#);
    for _ in 0..20_000 {
        html.push_str("<img src=a.png><a href=b>b</a>");
    }
    html.push_str("</div><div class=h-y>");
    html.push_str(&nested(
        "<span class=p-a>",
        "</span>",
        &" ".repeat(200_000),
        2_000,
    ));
    html.push_str("</div>");
    let doc = mf2(&html);
    assert_eq!(doc.items[0].get("photo").len(), 0);
    assert_eq!(doc.items[0].get("url").len(), 0);
    assert_eq!(doc.items[1].get("a").len(), 2_000);
    assert_eq!(doc.items[1].text("a"), Some(""));
}

#[test]
fn malformed_class_names_and_attributes() {
    let v = json(&mf2(
        "<div class=\"h- h-- H-x h-x- h-\u{a0}x \u{b}h-y p- dt-\" id>
        <span class=\"p-\u{2003} p-ok\u{85} e-- u-x!\">x</span>
        <a class=\"u-url\" href>empty</a><img class=\"u-photo\" src alt>
        <abbr class=\"p-t\" title>t</abbr><data class=\"u-d\" value></data>
        <time class=\"dt-t\" datetime></time><span class=\"value dt-v\"></span>
        <base href=\"http://[bad\"><a class=\"u-bad\" href=\"http://[bad\">bad</a>
        <object class=\"u-o\" data=\"\"></object>
        </div><div class=\"h-z\" class=\"h-ignored\"></div><div class></div>",
    ));
    // Nothing here is a valid root except h-z.
    assert_eq!(v["items"].as_array().unwrap().len(), 1);
    assert_eq!(v["items"][0]["type"], json!(["h-z"]));

    let v = json(&mf2(
        r#"<div class="h-x" id=""><a class="u-url" href>e</a><img class="u-photo" src alt>
        <abbr class="p-t" title>t</abbr><data class="u-d" value></data><time class="dt-when" datetime></time>
        <a class="u-bad" href="http://[bad">bad</a><object class="u-o" data=""></object></div>"#,
    ));
    assert_eq!(
        v["items"][0],
        json!({"type": ["h-x"], "properties": {
            "url": ["https://example.com/dir/page"],
            "photo": [{"value": "https://example.com/dir/page", "alt": ""}],
            "t": [""],
            "d": ["https://example.com/dir/page"],
            "when": [""],
            "bad": ["http://[bad"],
            "o": ["https://example.com/dir/page"]
        }})
    );
}

#[test]
fn no_base_url_keeps_relative_urls() {
    let parsed = microdata_scraper::parse(
        r#"<a class="h-card" href="/me"><img src="me.png">Me</a><a rel="me" href="x">x</a>"#,
        None,
    )
    .unwrap();
    let doc = microformats2::parse(&parsed.document(), &Mf2Options::new());
    assert_eq!(doc.items[0].text("url"), Some("/me"));
    assert_eq!(doc.items[0].text("photo"), Some("me.png"));
    assert_eq!(doc.rels.get("me"), Some(&vec!["x".to_owned()]));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random markup from microformats-flavoured pieces parses without
    /// panicking, and its JSON reads back.
    #[test]
    fn random_markup_never_panics(pieces in prop::collection::vec(0usize..PIECES.len(), 0..60)) {
        let html: String = pieces.iter().map(|&i| PIECES[i]).collect();
        let all = Mf2Options::new().with_alternates(true).with_lang(true).with_collapse_whitespace(true);
        for options in [Mf2Options::new(), all] {
            let doc = mf2_with(&html, &options);
            let back: microformats2::Mf2Document = serde_json::from_str(&doc.to_json()).unwrap();
            prop_assert_eq!(back, doc);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Arbitrary text inside microformats-heavy markup: classes, values and
    /// attributes from the generator.
    #[test]
    fn arbitrary_text_and_attributes(
        text in "\\PC{0,40}",
        class in "[a-z0-9 \\-]{0,24}",
        attr in "\\PC{0,16}",
    ) {
        let html = format!(
            r#"<div class="h-x {class}"><p class="{class}" title="{attr}">{text}</p>
            <a class="u-url p-name {class}" href="{attr}">{text}</a>
            <time class="dt-start" datetime="{attr}"><i class="value">{text}</i></time>
            <div class="vcard {class}" itemref="{attr}"><span class="{class}">{text}</span></div></div>"#,
            class = class.replace('"', ""),
            attr = attr.replace('"', "&quot;"),
            text = text.replace('&', "&amp;").replace('<', "&lt;"),
        );
        let doc = mf2_with(&html, &Mf2Options::new().with_collapse_whitespace(true));
        prop_assert_eq!(doc.items.len(), 1);
    }
}

const PIECES: &[&str] = &[
    r#"<div class="h-card">"#,
    r#"<div class="vcard">"#,
    r#"<span class="hreview"><span class="item">"#,
    r#"<p class="p-name value">"#,
    r#"<a class="u-url p-name" href="/x">"#,
    r#"<img class="u-photo value" src="p.png" alt="a">"#,
    r#"<time class="dt-start value" datetime="2020-01-02">"#,
    r#"<span class="value">7pm</span>"#,
    r#"<span class="value-title" title="2020-01-01">"#,
    r#"<div class="e-content">"#,
    r#"<abbr class="fn" title="T">"#,
    r##"<a class="include" href="#i">"##,
    r##"<div id="i" class="org" itemref="i">"##,
    r#"<td class="vcard" headers="i">"#,
    r#"<a rel="tag alternate" href="/t/x">"#,
    r#"<template class="h-t">"#,
    "</template>",
    "<script>x</script><style>y</style>",
    "</div>",
    "</span>",
    "</p>",
    "</a>",
    " text ",
    "\u{a0}",
    "<br>",
    r#"<base href="https://base.example/">"#,
];

/// Items that are each the value of two properties of their parent: each
/// level doubles the output, as the parsing text says (one value per
/// property class). `try_parse` stops at the limits; within them it gives
/// exactly what `parse` gives.
#[test]
fn copies_of_nested_items_stop_at_the_limits() {
    use microdata_model::{Limit, Limits};
    let doubling = |levels| {
        let html = nested(
            r#"<div class="h-card p-author u-url">"#,
            "</div>",
            "Ada",
            levels,
        );
        microdata_scraper::parse(&html, Some("https://example.com/")).unwrap()
    };
    // 10 levels: the innermost card is copied 2^9 times; 1,023 items in all.
    let small = doubling(10);
    let doc = small.document();
    let unlimited = microformats2::parse(&doc, &Mf2Options::new());
    let within = microformats2::try_parse(
        &doc,
        &Mf2Options::new().with_limits(Limits::default().with_max_items(2_000)),
    )
    .unwrap();
    assert_eq!(within.to_json(), unlimited.to_json());
    let json = unlimited.to_json();
    assert_eq!(json.matches(r#""type":["h-card"]"#).count(), 1_023);
    // The copies alone are 1,013 items: 1,000 is too few.
    let err = microformats2::try_parse(
        &doc,
        &Mf2Options::new().with_limits(Limits::default().with_max_items(1_000)),
    )
    .unwrap_err();
    assert_eq!((err.limit(), err.max()), (Limit::Items, 1_000));
    let err = microformats2::try_parse(
        &doc,
        &Mf2Options::new().with_limits(Limits::default().with_max_output_bytes(1_000)),
    )
    .unwrap_err();
    assert_eq!(err.limit(), Limit::OutputBytes);
    // 40 levels would be 2^40 items: the default limits stop it at once.
    let huge = doubling(40);
    let err = microformats2::try_parse(&huge.document(), &Mf2Options::new()).unwrap_err();
    assert_eq!(
        (err.limit(), err.max()),
        (Limit::Items, Limits::DEFAULT_MAX_ITEMS)
    );
}

/// Values that repeat the text they hold: `e-*`/`p-*` elements nested in
/// each other, and a long base URL under many rel links. Their output is
/// quadratic in the page; `try_parse` counts it as it grows and stops at
/// `max_output_bytes`, without building it first. Within the limit it
/// gives what `parse` gives.
#[test]
fn values_that_repeat_their_text_stop_at_the_output_limit() {
    use microdata_model::{Limit, Limits};
    let limited =
        |bytes| Mf2Options::new().with_limits(Limits::default().with_max_output_bytes(bytes));
    for class in ["e-a", "p-a"] {
        let inner = format!("x{}x", " ".repeat(10_000));
        let html = format!(
            r#"<div class="h-entry">{}</div>"#,
            nested(
                &format!(r#"<span class="{class}">"#),
                "</span>",
                &inner,
                100
            )
        );
        let parsed = microdata_scraper::parse(&html, None).unwrap();
        let doc = parsed.document();
        // 100 values of about 10 KB each (and e-* has HTML besides).
        let err = microformats2::try_parse(&doc, &limited(500_000)).unwrap_err();
        assert_eq!(
            (err.limit(), err.max()),
            (Limit::OutputBytes, 500_000),
            "{class}"
        );
        let within = microformats2::try_parse(&doc, &limited(5_000_000)).unwrap();
        assert_eq!(
            within,
            microformats2::parse(&doc, &Mf2Options::new()),
            "{class}"
        );
    }

    let base = format!("https://example.com/{}/", "a".repeat(10_000));
    let links: String = (0..100)
        .map(|i| format!("<a rel=me href=x{i}>y</a>"))
        .collect();
    let html = format!(r#"<base href="{base}">{links}"#);
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let doc = parsed.document();
    let err = microformats2::try_parse(&doc, &limited(500_000)).unwrap_err();
    assert_eq!(err.limit(), Limit::OutputBytes);
    let within = microformats2::try_parse(&doc, &limited(5_000_000)).unwrap();
    assert_eq!(within.rels.get("me").map(Vec::len), Some(100));
    // The same link a hundred times is written once: no limit is near.
    let same: String = (0..100).map(|_| "<a rel=me href=x>y</a>").collect();
    let html = format!(r#"<base href="{base}">{same}"#);
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    assert!(microformats2::try_parse(&parsed.document(), &limited(100_000)).is_ok());
}
