//! Implied `name`, `photo` and `url`: their sources in order, and the
//! conditions that stop them.

use serde_json::json;

use crate::{json, mf2};

/// The properties of each top-level item.
fn all_props(html: &str) -> Vec<serde_json::Value> {
    let v = json(&mf2(html));
    v["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["properties"].clone())
        .collect()
}

#[test]
fn name_sources_in_order() {
    let p = all_props(
        r#"<img class="h-a" alt=" Root alt " src="a.png">
        <abbr class="h-a" title="Root title">RT</abbr>
        <abbr class="h-a" title="">Empty title counts on the root</abbr>
        <div class="h-a"><img alt="Child alt"> text</div>
        <div class="h-a"><img alt=""> Empty child alt does not count</div>
        <div class="h-a"><span><abbr title="Grandchild title">GT</abbr></span></div>
        <div class="h-a"><hr><span><abbr title="Not an only child">Text</abbr></span></div>
        <div class="h-a"> Text <img src="/src.png"> with <img alt="alt"> only <script>no</script><style>no</style> </div>
        <div class="h-a">Va<span class="value">lid</span></div>"#,
    );
    let names: Vec<_> = p.iter().map(|p| p["name"].clone()).collect();
    assert_eq!(
        names,
        [
            json!(["Root alt"]),
            json!(["Root title"]),
            json!([""]),
            json!(["Child alt"]),
            json!(["Empty child alt does not count"]),
            json!(["Grandchild title"]),
            json!(["Text"]),
            json!(["Text  with alt only"]),
            json!(["Valid"]),
        ]
    );
}

#[test]
fn name_is_not_implied_next_to_p_e_or_nested_microformats() {
    let p = all_props(
        r#"<div class="h-a"><span class="p-org">Org</span> Name</div>
        <div class="h-a"><span class="e-note">Note</span> Name</div>
        <div class="h-a"><span class="h-b">Child</span> Name</div>
        <div class="h-a"><span class="u-url">/x</span> Name</div>
        <div class="h-a"><span class="dt-name">Dated</span> Name</div>"#,
    );
    assert_eq!(p[0], json!({"org": ["Org"]}));
    assert_eq!(p[1], json!({"note": [{"html": "Note", "value": "Note"}]}));
    assert_eq!(p[2], json!({}));
    // u-* properties do not stop the implied name; any explicit name does.
    assert_eq!(p[3]["name"], json!(["/x Name"]));
    assert_eq!(p[4]["name"], json!(["Dated"]));
}

#[test]
fn photo_sources_in_order() {
    let p = all_props(
        r#"<img class="h-a" src="root.png" alt="Alt">
        <object class="h-a" data="root.svg">Obj</object>
        <div class="h-a"><img src="child.png"></div>
        <div class="h-a"><img src="one.png"><img src="two.png"></div>
        <div class="h-a"><hr><object data="child.svg"></object></div>
        <div class="h-a"><p><img src="grandchild.png" alt=""></p></div>
        <div class="h-a"><hr><p><img src="not-only-child.png"></p></div>
        <div class="h-a"><img alt="no src"></div>"#,
    );
    let photos: Vec<_> = p.iter().map(|p| p["photo"].clone()).collect();
    assert_eq!(
        photos,
        [
            json!([{"value": "https://example.com/dir/root.png", "alt": "Alt"}]),
            json!(["https://example.com/dir/root.svg"]),
            json!(["https://example.com/dir/child.png"]),
            serde_json::Value::Null,
            json!(["https://example.com/dir/child.svg"]),
            json!([{"value": "https://example.com/dir/grandchild.png", "alt": ""}]),
            serde_json::Value::Null,
            serde_json::Value::Null,
        ]
    );
}

#[test]
fn url_sources_in_order() {
    let p = all_props(
        r#"<a class="h-a" href="root">Root</a>
        <area class="h-a" href="area">
        <div class="h-a"><a href="child">Child</a><p></p></div>
        <div class="h-a"><a href="one">1</a><a href="two">2</a></div>
        <div class="h-a"><p><a href="grandchild">GC</a></p></div>
        <div class="h-a"><a class="h-b" href="is-a-microformat">MF</a></div>
        <a class="h-a" href="https://example.org">Bare origin as written</a>"#,
    );
    let urls: Vec<_> = p.iter().map(|p| p["url"].clone()).collect();
    assert_eq!(
        urls,
        [
            json!(["https://example.com/dir/root"]),
            json!(["https://example.com/dir/area"]),
            json!(["https://example.com/dir/child"]),
            serde_json::Value::Null,
            json!(["https://example.com/dir/grandchild"]),
            serde_json::Value::Null,
            json!(["https://example.org"]),
        ]
    );
}

#[test]
fn photo_and_url_are_not_implied_next_to_u_properties() {
    let p = all_props(
        r#"<a class="h-a" href="/home"><img src="p.png"><span class="u-uid">/id</span></a>
        <a class="h-a" href="/home"><img src="p.png"><span class="p-photo">text photo</span></a>"#,
    );
    assert_eq!(p[0].get("url"), None);
    assert_eq!(p[0].get("photo"), None);
    // An explicit photo of another kind stops only the implied photo.
    assert_eq!(p[1]["photo"], json!(["text photo"]));
    assert_eq!(p[1]["url"], json!(["https://example.com/home"]));
}

#[test]
fn classic_roots_imply_nothing() {
    let p = all_props(r#"<a class="vcard" href="/me"><img src="me.png" alt="Me"></a>"#);
    assert_eq!(p, [json!({})]);
}

#[test]
fn nested_values_use_implied_name_and_url() {
    let v = json(&mf2(
        r#"<div class="h-entry"><a class="p-author h-card" href="/ada">Ada</a>
        <a class="u-in-reply-to h-cite" href="/post">A post</a></div>"#,
    ));
    let p = &v["items"][0]["properties"];
    assert_eq!(p["author"][0]["value"], json!("Ada"));
    assert_eq!(
        p["in-reply-to"][0]["value"],
        json!("https://example.com/post")
    );
}
