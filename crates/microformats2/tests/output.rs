//! The output types: `to_json` agrees with `Serialize`, JSON reads back,
//! and nested items carry the right `value`.

use serde_json::json;

use microformats2::{Mf2Document, Mf2Options, PropertyValue};

use crate::{json, mf2, mf2_with};

/// Every fixture of the snapshot tests, parsed with every option on and off.
fn documents() -> Vec<Mf2Document> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut docs = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    paths.sort();
    for path in paths {
        let html = std::fs::read_to_string(&path).unwrap();
        docs.push(mf2(&html));
        let all = Mf2Options::new()
            .with_alternates(true)
            .with_lang(true)
            .with_collapse_whitespace(true);
        docs.push(mf2_with(&html, &all));
    }
    assert!(docs.len() >= 8, "fixtures missing");
    docs
}

#[test]
fn to_json_is_what_serde_json_writes() {
    for doc in documents() {
        assert_eq!(doc.to_json(), serde_json::to_string(&doc).unwrap());
        assert_eq!(
            doc.to_json_pretty(),
            serde_json::to_string_pretty(&doc).unwrap()
        );
    }
}

#[test]
fn json_reads_back() {
    for doc in documents() {
        let back: Mf2Document = serde_json::from_str(&doc.to_json()).unwrap();
        assert_eq!(back, doc);
        assert_eq!(back.to_json(), doc.to_json());
    }
}

#[test]
fn nested_values_by_property_kind() {
    let doc = mf2(r#"<div class="h-entry">
        <div class="p-a u-b dt-c e-d h-card"><a class="p-name u-url" href="/x">X</a></div>
        <div class="p-e u-f h-cite"><img class="u-url" src="/y.png" alt="Y"> text <i class="p-note">n</i></div>
        <div class="dt-g h-event">2020-01-01</div>
        </div>"#);
    let v = json(&doc);
    let p = &v["items"][0]["properties"];
    assert_eq!(p["a"][0]["value"], json!("X"));
    assert_eq!(p["b"][0]["value"], json!("https://example.com/x"));
    assert_eq!(p["c"][0]["value"], json!("X"));
    assert_eq!(p["d"][0]["value"], json!("X"));
    assert_eq!(
        p["d"][0]["html"],
        json!("<a class=\"p-name u-url\" href=\"https://example.com/x\">X</a>")
    );
    assert_eq!(p["a"][0].get("html"), None);
    // No p-name: the p-* parse; a u-url image: its {value, alt}.
    assert_eq!(p["e"][0]["value"], json!("Y text n"));
    assert_eq!(
        p["f"][0]["value"],
        json!({"value": "https://example.com/y.png", "alt": "Y"})
    );
    assert_eq!(p["g"][0]["value"], json!("2020-01-01"));
    // Children carry no value.
    assert!(v["items"][0].get("children").is_none());
}

/// A `u-*` nested item whose `url` is not a `u-url` takes the `u-*` parse
/// that makes only URL attributes absolute (suite
/// `microformats-v2-unit/nested/nested-microformat-mistyped`): an `a` its
/// resolved `href`, other elements their text as written.
#[test]
fn mistyped_nested_urls() {
    let doc = mf2(r#"<div class="h-x">
        <div class="u-a h-y">Va<span class="p-url">l</span>id</div>
        <a class="u-b h-y" href="/p">Va<span class="p-url">l</span>id</a>
        <div class="u-c h-y">/q<span class="dt-url">2020</span></div>
        <div class="u-d h-y">/r<span class="u-url">/s</span></div>
        </div>"#);
    let v = json(&doc);
    let p = &v["items"][0]["properties"];
    assert_eq!(p["a"][0]["value"], json!("Valid"));
    assert_eq!(p["b"][0]["value"], json!("https://example.com/p"));
    assert_eq!(p["c"][0]["value"], json!("/q2020"));
    assert_eq!(p["d"][0]["value"], json!("https://example.com/s"));
}

#[test]
fn accessors() {
    let doc = mf2(r#"<div class="h-feed"><p class="p-name">Feed</p>
        <div class="h-entry"><a class="p-author h-card" href="/a">A</a></div>
        <div class="h-entry"><p class="e-content">B</p></div></div>"#);
    let types: Vec<_> = doc.all_items().map(|i| i.types[0].as_str()).collect();
    assert_eq!(types, ["h-feed", "h-entry", "h-card", "h-entry"]);
    let feed = &doc.items[0];
    assert!(feed.has_type("h-feed"));
    assert_eq!(feed.text("name"), Some("Feed"));
    assert!(feed.get("missing").is_empty());
    assert!(feed.any_nested(|i| i.has_type("h-card")));
    let author = &feed.children[0].get("author")[0];
    assert_eq!(author.as_text(), Some("A"));
    assert!(matches!(author, PropertyValue::Item(_)));
    let content = feed.children[1].get("content")[0].as_html().unwrap();
    assert_eq!(content.html, "B");
}
