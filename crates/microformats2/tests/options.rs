//! Mf2Options: legacy `alternates`, `lang`, whitespace collapsing, the
//! authored document URL; and the rel parsing examples of the specification.

use serde_json::json;

use microformats2::Mf2Options;

use crate::{json, mf2, mf2_with};

/// The "rel parse examples" markup of microformats2-parsing.txt.
const REL_EXAMPLE: &str = r#"<a rel="author" href="http://example.com/a">author a</a>
<a rel="author" href="http://example.com/b">author b</a>
<a rel="in-reply-to" href="http://example.com/1">post 1</a>
<a rel="in-reply-to" href="http://example.com/2">post 2</a>
<a rel="alternate home"
href="http://example.com/fr"
media="handheld"
hreflang="fr">French mobile homepage</a>"#;

#[test]
fn rel_example_with_legacy_alternates() {
    // The older text's JSON for this markup, plus today's rel-urls.
    let v = json(&mf2_with(
        REL_EXAMPLE,
        &Mf2Options::new().with_alternates(true),
    ));
    // Exactly the older text's three members, and today's `rel-urls`.
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["alternates", "items", "rel-urls", "rels"]);
    assert_eq!(v["items"], json!([]));
    assert_eq!(
        v["rels"],
        json!({
            "author": ["http://example.com/a", "http://example.com/b"],
            "in-reply-to": ["http://example.com/1", "http://example.com/2"]
        })
    );
    assert_eq!(
        v["alternates"],
        json!([{
            "url": "http://example.com/fr",
            "rel": "home",
            "media": "handheld",
            "hreflang": "fr"
        }])
    );
    assert_eq!(
        v["rel-urls"]["http://example.com/fr"],
        json!({"rels": ["alternate", "home"], "text": "French mobile homepage", "media": "handheld", "hreflang": "fr"})
    );
}

#[test]
fn rel_example_today() {
    let v = json(&mf2(REL_EXAMPLE));
    assert_eq!(v.get("alternates"), None);
    assert_eq!(v["rels"]["alternate"], json!(["http://example.com/fr"]));
    assert_eq!(v["rels"]["home"], json!(["http://example.com/fr"]));
    assert_eq!(
        v["rel-urls"]["http://example.com/a"],
        json!({"rels": ["author"], "text": "author a"})
    );
}

#[test]
fn rels_only_from_links_with_href() {
    let v = json(&mf2(
        r#"<link rel="me" href="/me" title="Me" type="text/html">
        <a rel=" " href="/none">no rel</a><a rel="me">no href</a>
        <span rel="me" href="/span">not a link</span>
        <area rel="me ME me" href="/me"><template><a rel="me" href="/hidden">x</a></template>"#,
    ));
    assert_eq!(
        v["rels"],
        json!({"me": ["https://example.com/me"], "ME": ["https://example.com/me"]})
    );
    assert_eq!(
        v["rel-urls"],
        json!({"https://example.com/me": {"rels": ["ME", "me"], "title": "Me", "type": "text/html"}})
    );
}

/// Each of `text`, `title`, `media`, `hreflang`, `type` comes from the
/// first link to the URL that has it: a `link` in the head leaves the text
/// to a visible `a` later.
#[test]
fn rel_urls_take_each_key_from_the_first_link_that_has_it() {
    let v = json(&mf2(
        r#"<link rel="me" href="/a"><a rel="me author" href="/a" title="T">Ada</a>
        <a rel="me" href="/a" title="Later" media="print">Later text</a>"#,
    ));
    assert_eq!(
        v["rel-urls"],
        json!({"https://example.com/a": {"rels": ["author", "me"], "text": "Ada", "title": "T", "media": "print"}})
    );
}

#[test]
fn legacy_alternates_list_each_other_rel_once() {
    let v = json(&mf2_with(
        r#"<a rel="home me home alternate me" href="/fr">x</a>"#,
        &Mf2Options::new().with_alternates(true),
    ));
    assert_eq!(
        v["alternates"],
        json!([{"url": "https://example.com/fr", "rel": "home me"}])
    );
}

#[test]
fn lang_on_items_and_e_values() {
    let html = r#"<html lang="en"><body>
        <div class="h-entry"><p class="e-content" lang="de">Hallo</p>
        <span class="p-author h-card" lang="">Anon</span></div>
        <svg class="h-x"></svg></body></html>"#;
    let v = json(&mf2_with(html, &Mf2Options::new().with_lang(true)));
    let entry = &v["items"][0];
    assert_eq!(entry["lang"], json!("en"));
    assert_eq!(entry["properties"]["content"][0]["lang"], json!("de"));
    // An empty lang means "unknown": no key.
    assert_eq!(entry["properties"]["author"][0].get("lang"), None);
    let off = json(&mf2(html));
    assert_eq!(off["items"][0].get("lang"), None);
    assert_eq!(
        off["items"][0]["properties"]["content"][0].get("lang"),
        None
    );
}

#[test]
fn collapse_whitespace() {
    let html = "<div class=\"h-entry\"><div class=\"e-content\">\n  <p>One\n  two</p>\
        <p>three<br>four <b> five </b></p>\n<pre> keep   this </pre></div>\
        <p class=\"p-summary\"> a \t b </p></div>";
    let v = json(&mf2_with(
        html,
        &Mf2Options::new().with_collapse_whitespace(true),
    ));
    let p = &v["items"][0]["properties"];
    assert_eq!(
        p["content"][0]["value"],
        json!("One two\nthree\nfour five\n keep   this")
    );
    assert_eq!(p["summary"], json!(["a b"]));
    let off = json(&mf2(html));
    assert_eq!(
        off["items"][0]["properties"]["content"][0]["value"],
        json!("One\n  twothreefour  five \n keep   this")
    );
}

#[test]
fn collapsed_whitespace_between_value_class_pieces_is_left_out() {
    // "For p-* the pieces are concatenated": the whitespace between the
    // `value` elements belongs to none of them, collapsed or not.
    let html = r#"<div class="h-x"><span class="p-a">Invalid <span class="value">Va</span> Invalid <span class="value">lid</span></span>
<span class="p-b">x <span class="value">9.2</span></span>
<span class="u-c">- <span class="value">http://example.com/</span> <span class="value">path</span></span>
<span class="dt-d">on <span class="value">2020-01-02</span> at <span class="value">10:00</span></span></div>"#;
    let expected = json!({
        "a": ["Valid"],
        "b": ["9.2"],
        "c": ["http://example.com/path"],
        "d": ["2020-01-02 10:00"],
    });
    let collapsed = json(&mf2_with(
        html,
        &Mf2Options::new().with_collapse_whitespace(true),
    ));
    assert_eq!(collapsed["items"][0]["properties"], expected);
    assert_eq!(json(&mf2(html))["items"][0]["properties"], expected);
}

#[test]
fn collapsed_text_keeps_an_itemref_include_apart() {
    // The include pattern appends the referenced element's text; collapsed
    // text has no whitespace at the edges of either to keep words apart.
    let html = |target: &str| {
        format!(
            r#"<div class="vevent"><span itemref="loc" class="location adr"><span class="extended-address">Room 10</span> </span></div>{target}"#
        )
    };
    let collapse = Mf2Options::new().with_collapse_whitespace(true);
    for (target, joined) in [
        (
            r#"<span id="loc"> <span class="locality">SF</span></span>"#,
            "Room 10 SF",
        ),
        (
            r#"<p id="loc"><span class="locality">SF</span></p>"#,
            "Room 10\nSF",
        ),
    ] {
        let v = json(&mf2_with(&html(target), &collapse));
        let location = &v["items"][0]["properties"]["location"][0];
        assert_eq!(location["value"], json!(joined), "{target}");
        assert_eq!(
            location["properties"],
            json!({"extended-address": ["Room 10"], "locality": ["SF"]})
        );
    }
    // Without collapsing, the whitespace of the page stays.
    let v = json(&mf2(&html(
        r#"<span id="loc"> <span class="locality">SF</span></span>"#,
    )));
    assert_eq!(
        v["items"][0]["properties"]["location"][0]["value"],
        json!("Room 10  SF")
    );
}

#[test]
fn authored_url_keeps_a_bare_origin() {
    let html = r#"<a class="h-card" href="">Me</a>"#;
    let parsed = microdata_scraper::parse(html, Some("http://example.test")).unwrap();
    let doc = parsed.document();
    let plain = microformats2::parse(&doc, &Mf2Options::new());
    assert_eq!(plain.items[0].text("url"), Some("http://example.test/"));
    let authored = Mf2Options::new().with_authored_url("http://example.test");
    let kept = microformats2::parse(&doc, &authored);
    assert_eq!(kept.items[0].text("url"), Some("http://example.test"));
    // A different URL than the document's is ignored.
    let other = Mf2Options::new().with_authored_url("http://other.test");
    let ignored = microformats2::parse(&doc, &other);
    assert_eq!(ignored.items[0].text("url"), Some("http://example.test/"));
}

#[test]
fn base_href_applies_and_keeps_its_form() {
    let v = json(&mf2(
        r#"<base href="https://cdn.example"><base href="https://ignored.example/">
        <a class="h-card" href="">Me<img src="me.png"></a>"#,
    ));
    assert_eq!(
        v["items"][0]["properties"]["url"],
        json!(["https://cdn.example"])
    );
    assert_eq!(
        v["items"][0]["properties"]["photo"],
        json!(["https://cdn.example/me.png"])
    );
}
