//! Whole outputs for the fixtures in `tests/fixtures`, as pretty JSON
//! snapshots (base URL `https://example.com/dir/page`).

use microformats2::Mf2Options;

use crate::mf2_with;

#[test]
fn fixtures() {
    insta::glob!("fixtures/*.html", |path| {
        let html = std::fs::read_to_string(path).unwrap();
        let doc = mf2_with(&html, &Mf2Options::new());
        insta::assert_snapshot!(doc.to_json_pretty());
    });
}

#[test]
fn fixtures_with_all_options() {
    let options = Mf2Options::new()
        .with_alternates(true)
        .with_lang(true)
        .with_collapse_whitespace(true);
    insta::glob!("fixtures/blog-post.html", |path| {
        let html = std::fs::read_to_string(path).unwrap();
        insta::assert_snapshot!(mf2_with(&html, &options).to_json_pretty());
    });
}
