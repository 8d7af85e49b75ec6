//! Classic microformats: roots, property tables, rel-based properties, the
//! include pattern, and how they mix with microformats2.

use serde_json::json;

use crate::{json, mf2};

#[test]
fn classic_properties_map_through_the_root() {
    let v = json(&mf2(r#"<div class="vcard">
        <span class="fn">Ada Lovelace</span>, <span class="title">Analyst</span>
        <a class="email" href="mailto:ada@example.com">mail</a>
        <img class="photo" src="ada.png" alt="Ada">
        <span class="summary">not an hCard property</span>
        <span class="p-note">microformats2 classes are ignored here</span>
        </div>"#));
    assert_eq!(
        v["items"][0],
        json!({
            "type": ["h-card"],
            "properties": {
                "name": ["Ada Lovelace"],
                "job-title": ["Analyst"],
                "email": ["mailto:ada@example.com"],
                "photo": ["https://example.com/dir/ada.png"]
            }
        })
    );
}

#[test]
fn a_vevent_geo_is_its_location() {
    // h-event's parser compatibility: "geo - parse as p-location h-geo";
    // a bare latitude or longitude is no h-event property.
    let v = json(&mf2(
        r#"<div class="vevent"><span class="summary">Party</span>
        <span class="geo"><span class="latitude">37.77</span>;<span class="longitude">-122.41</span></span>
        <span class="latitude">1</span></div>"#,
    ));
    assert_eq!(
        v["items"][0],
        json!({
            "type": ["h-event"],
            "properties": {
                "name": ["Party"],
                "location": [{
                    "type": ["h-geo"],
                    "properties": {"latitude": ["37.77"], "longitude": ["-122.41"]},
                    "value": "37.77;-122.41"
                }]
            }
        })
    );
}

#[test]
fn an_element_with_both_roots_is_microformats2() {
    let v = json(&mf2(
        r#"<div class="vcard h-card"><span class="fn">Old</span> <span class="p-nickname">New</span></div>"#,
    ));
    assert_eq!(v["items"][0]["type"], json!(["h-card"]));
    assert_eq!(v["items"][0]["properties"], json!({"nickname": ["New"]}));
}

#[test]
fn several_classic_roots_share_properties_once() {
    let v = json(&mf2(
        r#"<div class="hresume"><div class="experience vevent vcard">
        <a class="fn summary org url" href="/w3c">W3C</a>
        <time class="dtstart" datetime="2009-01-18">2009</time>
        </div></div>"#,
    ));
    let exp = &v["items"][0]["properties"]["experience"][0];
    assert_eq!(exp["type"], json!(["h-card", "h-event"]));
    assert_eq!(exp["value"], json!("W3C"));
    assert_eq!(
        exp["properties"],
        json!({
            "name": ["W3C"],
            "org": ["W3C"],
            "url": ["https://example.com/w3c"],
            "start": ["2009-01-18"]
        })
    );
}

#[test]
fn rel_tag_and_bookmark() {
    let v = json(&mf2(
        r#"<div class="hentry"><h1 class="entry-title"><a rel="bookmark" href="/post">Post</a></h1>
        <a rel="tag" href="/tags/rust%20lang/">Rust</a>
        <a rel="tag" class="category" href="/tags/web">Web (class wins)</a>
        <div class="hresume"><a rel="tag" class="skill" href="/s/x">skill text</a></div>
        </div>"#,
    ));
    let p = &v["items"][0]["properties"];
    assert_eq!(p["name"], json!(["Post"]));
    assert_eq!(p["url"], json!(["https://example.com/post"]));
    assert_eq!(p["category"], json!(["rust lang", "Web (class wins)"]));
    // hResume reads no rel=tag.
    let resume = &v["items"][0]["children"][0];
    assert_eq!(resume["properties"], json!({"skill": ["skill text"]}));

    // The last path segment, never the host or the query; without one,
    // the link's text. An opaque URL's path is all of it.
    let v = json(&mf2(
        r#"<div class="hentry"><a rel="tag" href="https://tags.example/">Rust</a>
        <a rel="tag" href="https://ex.example/?t=x">Query</a>
        <a rel="tag" href="mailto:rust@example.org">Mail</a>
        <a rel="tag" href="/t/a/b?c=d/e#f/g">B</a></div>"#,
    ));
    assert_eq!(
        v["items"][0]["properties"]["category"],
        json!(["Rust", "Query", "rust@example.org", "b"])
    );
}

/// A link that is a property through `rel` ends a value-class search like
/// a property class name does: its `value` elements are its own.
#[test]
fn value_class_search_stops_at_rel_properties() {
    let v = json(&mf2(
        r#"<div class="hentry"><h1 class="entry-title"><span class="value">Title</span>
        <span rel="bookmark" href="/post"><span class="value">Bookmark</span></span>
        <span rel="tag" href="/tags/t"><span class="value">Tag</span></span>
        <span rel="nofollow" href="/n"><span class="value">, kept</span></span>
        <span rel="bookmark"><span class="value"> (no href)</span></span></h1></div>"#,
    ));
    let p = &v["items"][0]["properties"];
    assert_eq!(p["name"], json!(["Title, kept (no href)"]));
    // The bookmark is a `u-url` whose value class gives its value.
    assert_eq!(p["url"], json!(["https://example.com/dir/Bookmark"]));
    assert_eq!(p["category"], json!(["t"]));
}

#[test]
fn rel_tag_on_a_nested_root_gives_the_tag_as_its_value() {
    // A nested microformat's value is its first p-name, "else the ordinary
    // parse of that property": for a classic `rel=tag`, the tag.
    let v = json(&mf2(
        r#"<div class="hentry"><a class="vcard" rel="tag" href="/tags/foo">Foo text</a>
        <a class="vcard" rel="tag" href="/tags/bar"><b class="fn">Bar</b></a></div>"#,
    ));
    assert_eq!(
        v["items"][0]["properties"]["category"],
        json!([
            {"type": ["h-card"], "properties": {}, "value": "foo"},
            {"type": ["h-card"], "properties": {"name": ["Bar"]}, "value": "Bar"}
        ])
    );
}

#[test]
fn hreview_item_is_an_implied_h_item() {
    let v = json(&mf2(
        r#"<div class="hreview"><p class="item"><a class="fn url" href="/crepes">Crepes</a></p>
        <span class="rating">5</span><div class="description"><p>Good</p></div>
        <a rel="self bookmark" href="/review">link</a></div>"#,
    ));
    assert_eq!(
        v["items"][0]["properties"],
        json!({
            "item": [{
                "type": ["h-item"],
                "properties": {"name": ["Crepes"], "url": ["https://example.com/crepes"]},
                "value": "Crepes"
            }],
            "rating": ["5"],
            "content": [{"html": "<p>Good</p>", "value": "Good"}],
            "url": ["https://example.com/review"]
        })
    );
}

#[test]
fn include_pattern_by_itemref_headers_and_links() {
    let v = json(&mf2(
        r##"<div class="vcard" itemref="org"><span class="fn">Ada</span></div>
        <table><tr><th id="company"><span class="org">Acme</span></th></tr>
        <tr><td class="vcard" headers="company"><span class="fn">Bob</span></td></tr></table>
        <div class="vevent"><span class="summary">Talk</span>
          <a class="include" href="#venue">venue</a></div>
        <p id="org" class="org">Analytical Engines</p>
        <div id="venue"><span class="location">Hall 1</span></div>"##,
    ));
    let items = v["items"].as_array().unwrap();
    assert_eq!(
        items[0]["properties"],
        json!({"name": ["Ada"], "org": ["Analytical Engines"]})
    );
    assert_eq!(
        items[1]["properties"],
        json!({"name": ["Bob"], "org": ["Acme"]})
    );
    assert_eq!(
        items[2]["properties"],
        json!({"name": ["Talk"], "location": ["Hall 1"]})
    );
    assert_eq!(items.len(), 3);
}

#[test]
fn includes_do_not_loop() {
    // A root including its own ancestor, an include inside included
    // content, and a missing target.
    let v = json(&mf2(
        r##"<div id="outer"><div class="vcard" itemref="outer missing">
        <span class="fn">A</span><a class="include" href="#other">x</a></div></div>
        <div id="other"><span class="org">O</span><a class="include" href="#other">again</a></div>"##,
    ));
    assert_eq!(
        v["items"][0]["properties"],
        json!({"name": ["A"], "org": ["O"]})
    );
}

#[test]
fn classic_roots_inside_microformats2_are_children() {
    let v = json(&mf2(r#"<div class="h-card"><span class="p-name">Org</span>
        <p class="adr"><span class="locality">Here</span><span class="p-region">ignored</span></p></div>"#));
    assert_eq!(
        v["items"][0]["children"],
        json!([{"type": ["h-adr"], "properties": {"locality": ["Here"]}}])
    );
}

#[test]
fn includes_stop_at_a_budget() {
    // A thousand roots including one element of a thousand children would
    // walk a million elements; the budget (four times the document plus ten
    // thousand) lets the first ones through and stops the rest.
    let mut html = String::from(r#"<div id="big">"#);
    for _ in 0..1000 {
        html.push_str(r#"<span class="org">o</span>"#);
    }
    html.push_str("</div>");
    for _ in 0..1000 {
        html.push_str(r#"<p class="vcard" itemref="big"></p>"#);
    }
    let doc = mf2(&html);
    let with_org = doc
        .items
        .iter()
        .filter(|i| !i.get("org").is_empty())
        .count();
    assert_eq!(doc.items.len(), 1000);
    assert!((14..=20).contains(&with_org), "{with_org}");
    assert_eq!(doc.items[0].get("org").len(), 1000);
}
