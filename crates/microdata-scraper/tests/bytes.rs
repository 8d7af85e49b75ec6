//! Bytes in (feature `encoding`): `parse_bytes` and `Parsed::from_bytes`.

use microdata_scraper::encoding::Encoding;
use microdata_scraper::{Parsed, Url, parse_bytes};

/// A page whose `<meta>` comes after the 1024 bytes the prescan reads.
fn late(meta_and_body: &[u8]) -> Vec<u8> {
    let mut page = format!("<!--{}-->", "x".repeat(1100)).into_bytes();
    page.extend_from_slice(meta_and_body);
    page
}

#[test]
fn a_late_meta_decodes_the_page_again() {
    let parsed = parse_bytes(
        &late(b"<meta charset=latin1><p itemscope><b itemprop=n>caf\xe9</b>"),
        None,
    )
    .unwrap();
    assert_eq!(parsed.encoding(), Encoding::for_label(b"windows-1252"));
    assert_eq!(
        parsed.to_json(),
        r#"{"items":[{"properties":{"n":["café"]}}]}"#
    );
    assert_eq!(parsed.decoding().unwrap().problem, None);
    // The caller's encoding is certain: the meta changes nothing.
    let utf8 = Encoding::for_label(b"utf-8");
    let parsed = Parsed::from_bytes(
        &late(b"<meta charset=latin1><p itemscope><b itemprop=n>caf\xc3\xa9</b>"),
        None,
        utf8,
    );
    assert_eq!(parsed.encoding(), utf8);
    assert_eq!(
        parsed.to_json(),
        r#"{"items":[{"properties":{"n":["café"]}}]}"#
    );
}

/// The parser meets the `meta` in the cell first, though foster parenting
/// puts the one after the row before the table: the first met decides.
#[test]
fn the_first_meta_the_parser_meets_decides() {
    let page = late(
        b"<table><tr><td><meta charset=koi8-r><p itemscope><b itemprop=n>\xc1</b></td></tr>\
          <meta charset=iso-8859-2></table>",
    );
    let parsed = parse_bytes(&page, None).unwrap();
    assert_eq!(parsed.encoding().map(|e| e.name()), Some("KOI8-R"));
    // KOI8-R 0xC1 is а (U+0430).
    assert_eq!(
        parsed.to_json(),
        r#"{"items":[{"properties":{"n":["а"]}}]}"#
    );
}

/// Decoding removes the byte order mark; a second U+FEFF is the page's
/// own text and stays.
#[test]
fn only_the_byte_order_mark_is_removed() {
    let parsed = parse_bytes(b"\xEF\xBB\xBF\xEF\xBB\xBFx<p itemscope>", None).unwrap();
    let text: String = parsed.html().root_element().text().collect();
    assert_eq!(text, "\u{feff}x");
    let url = Url::parse("http://example.com/").unwrap();
    let parsed =
        Parsed::from_bytes_within(b"\xEF\xBB\xBF\xEF\xBB\xBFy", Some(url), None, 100).unwrap();
    let text: String = parsed.html().root_element().text().collect();
    assert_eq!(text, "\u{feff}y");
    let (html, _) =
        microdata_scraper::parse_html_bytes_within(b"\xEF\xBB\xBF\xEF\xBB\xBFz", None, 100)
            .unwrap();
    let text: String = html.root_element().text().collect();
    assert_eq!(text, "\u{feff}z");
}

/// URL queries are encoded in the page's encoding by `document()`.
#[test]
fn queries_take_the_pages_encoding() {
    let page = b"<meta charset=windows-1252><p itemscope><a itemprop=u href='?q=\xe9'>x</a>";
    let parsed = parse_bytes(page, Some("http://example.com/")).unwrap();
    assert_eq!(
        parsed.to_json(),
        r#"{"items":[{"properties":{"u":["http://example.com/?q=%E9"]}}]}"#
    );
    // The same text parsed as a string is UTF-8 for URLs.
    let text = microdata_scraper::encoding::decode(page, None).text;
    let parsed = microdata_scraper::parse(&text, Some("http://example.com/")).unwrap();
    assert_eq!(
        parsed.to_json(),
        r#"{"items":[{"properties":{"u":["http://example.com/?q=%C3%A9"]}}]}"#
    );
}
