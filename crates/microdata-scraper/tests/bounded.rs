//! The bounded parse (`parse_html_within`, `Parsed::new_within`): the same
//! tree as the one-piece parse below the limit, an error above it.

use microdata_scraper::serialize::inner_html;
use microdata_scraper::{
    DEFAULT_MAX_OPEN_ELEMENTS, Parsed, ScraperNode, parse_html, parse_html_within,
};
use proptest::prelude::*;

/// The whole tree as HTML: equal strings mean equal trees (up to what the
/// serialization shows, which is every node, name, attribute and text).
fn tree(html: &scraper::Html) -> String {
    inner_html(ScraperNode::from(html.tree.root()))
}

/// Pieces that straddle the 4 KiB boundaries in every way that matters to
/// the tokenizer: a CR LF pair, character references (named ones whose
/// prefix is also a name), multi-byte characters, tags, comments and raw
/// text.
fn fragment() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "\r\n",
        "\r",
        "&amp;",
        "&notin;",
        "&not",
        "&#x1F600;",
        "&#128512;",
        "é",
        "€",
        "😀",
        "<p>",
        "</p>",
        "<b>",
        "</b>",
        "<div itemscope>",
        "<span itemprop=\"a b\">",
        "</div>",
        "<!-- c -->",
        "<script>x<y</script>",
        "<textarea>\r\n</textarea>",
        "<table><td>",
        "<a href='x'>",
        "</a>",
        "<!DOCTYPE html>",
        "text ",
        "<br>",
        "<img src=a alt=\"&lt;\">",
        "\u{feff}",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Fed in pieces, the parser builds the tree it builds in one go.
    #[test]
    fn pieces_give_the_one_piece_tree(
        parts in prop::collection::vec(fragment(), 1..3000),
        pad in 0usize..8,
    ) {
        let html = format!("{}{}", "x".repeat(pad), parts.concat());
        let whole = tree(&parse_html(&html));
        let bounded = parse_html_within(&html, usize::MAX).unwrap();
        prop_assert_eq!(tree(&bounded), whole);
    }
}

#[test]
fn a_boundary_inside_a_character_reference_a_cr_lf_pair_or_before_a_bom() {
    for filler in 4090..4100 {
        for tail in [
            "&notin; x",
            "\r\nline",
            "😀😀",
            "<p title=\"a&amp;b\">z",
            "\u{feff}\u{feff}x",
        ] {
            let html = format!("<pre>{}{tail}", "y".repeat(filler));
            assert_eq!(
                tree(&parse_html_within(&html, DEFAULT_MAX_OPEN_ELEMENTS).unwrap()),
                tree(&parse_html(&html)),
                "filler {filler}, tail {tail:?}"
            );
        }
    }
}

#[test]
fn unclosed_blocks_pass_the_limit() {
    let html = "<div>".repeat(20_000);
    let err = parse_html_within(&html, 1000).unwrap_err();
    assert_eq!(err.limit(), 1000);
    // Stopped after the first piece that crossed 1,000 (5 bytes a `<div>`).
    assert_eq!(err.offset(), 8192);
    assert_eq!(
        err.to_string(),
        "more than 1000 elements left open at once (by byte 8192): \
         the HTML parser's scope checks would take time quadratic in the input"
    );
}

/// Under a high limit the pieces grow with the elements open (so counting
/// stays linear), but the parse still stops soon after the limit.
#[test]
fn a_high_limit_stops_soon_after_it_is_passed() {
    let html = "<span>".repeat(50_000);
    let err = parse_html_within(&html, 10_000).unwrap_err();
    // 6 bytes a `<span>`: the limit is passed at byte 60,000 or so.
    assert!((60_000..80_000).contains(&err.offset()), "{}", err.offset());
    assert!(parse_html_within(&html, 50_003).is_ok());
}

/// Formatting elements with distinct attributes sit on both lists (the
/// "Noah's Ark" clause keeps only three identical ones).
#[test]
fn formatting_elements_count_on_both_lists() {
    let html: String = (0..700).map(|i| format!("<font id=f{i}>")).collect();
    assert!(parse_html_within(&html, 1500).is_ok());
    assert!(parse_html_within(&html, 1300).is_err());
    // Identical ones: all on the stack, three in the list.
    // 1,000 on the stack with `html` and `body`, three in the list, and
    // the `head` pointer.
    assert!(parse_html_within(&"<b>".repeat(1000), 1006).is_ok());
    assert!(parse_html_within(&"<b>".repeat(1000), 1005).is_err());
}

/// Closed elements leave the lists: a long page of ordinary markup stays
/// far below the default.
#[test]
fn closed_elements_do_not_count() {
    let html = "<div itemscope><p itemprop=a>x</p><ul><li>1<li>2</ul></div>".repeat(20_000);
    let parsed = Parsed::new_within(&html, None, 16).unwrap();
    assert_eq!(parsed.document().items().count(), 20_000);
    assert_eq!(
        tree(parsed.html()),
        tree(&parse_html(&html)),
        "the recorded attribute order does not change the tree"
    );
}

#[test]
fn the_limit_is_inclusive() {
    // `html`, `body` and 10 `span`s are open at the end, and the parser
    // points to the `head` element it made.
    let html = "<span>".repeat(10);
    assert!(parse_html_within(&html, 13).is_ok());
    assert!(parse_html_within(&html, 12).is_err());
    // Inside a `form`, its pointer counts too.
    let html = format!("<form>{}", "<span>".repeat(10));
    assert!(parse_html_within(&html, 15).is_ok());
    assert!(parse_html_within(&html, 14).is_err());
    assert!(parse_html_within("", 0).is_ok());
}
