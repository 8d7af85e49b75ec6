//! The conversion limits on parsed documents: the default limits stop a
//! small document that asks for an exponential output, each limit names
//! itself, and within the limits nothing changes.

use microdata_scraper::json::JsonOptions;
use microdata_scraper::{Limit, LimitError, Limits};

/// `levels` pairs of items; each item of a pair references both items of
/// the next pair, so the JSON doubles per level (2^(levels+1) objects).
fn diamond(levels: usize) -> String {
    typed_diamond(levels, "")
}

/// [`diamond`] with `attrs` on every item.
fn typed_diamond(levels: usize, attrs: &str) -> String {
    let mut html = format!(r#"<div itemscope {attrs} itemref="a0 b0"></div>"#);
    for i in 0..levels {
        for side in ["a", "b"] {
            html.push_str(&format!(
                r#"<div id={side}{i} itemprop=x itemscope {attrs} itemref="a{next} b{next}">{side}</div>"#,
                next = i + 1
            ));
        }
    }
    html
}

#[test]
fn default_limits_stop_an_exponential_output() {
    // 5 KB of HTML; written out, 2^41 - 1 item objects.
    let html = diamond(40);
    assert!(html.len() < 5 * 1024, "{}", html.len());
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let doc = parsed.document();
    let err = doc
        .try_to_json_with(JsonOptions::new(), Limits::default())
        .unwrap_err();
    assert_eq!(
        err,
        LimitError::new(Limit::Items, Limits::DEFAULT_MAX_ITEMS)
    );
    assert_eq!(err.to_string(), "more than 1000000 items (limit max_items)");
    // Pretty output and a smaller output cap: the output limit comes first.
    let err = doc
        .try_to_json_with(
            JsonOptions::new().with_pretty(true),
            Limits::default().with_max_output_bytes(1 << 20),
        )
        .unwrap_err();
    assert_eq!(err, LimitError::new(Limit::OutputBytes, 1 << 20));
}

#[test]
fn within_the_limits_the_output_is_the_spec_output() {
    let parsed = microdata_scraper::parse(&diamond(3), None).unwrap();
    let doc = parsed.document();
    let json = doc.to_json();
    // 1 + 2 + 4 + 8 objects, the last level's without properties of x.
    assert_eq!(json.matches(r#"{"properties":"#).count(), 15);
    for pretty in [false, true] {
        let options = JsonOptions::new().with_pretty(pretty);
        assert_eq!(
            doc.try_to_json_with(options, Limits::default()).unwrap(),
            doc.to_json_with(options)
        );
    }
    // Exactly 15 items is allowed, 14 is not.
    let at = |n| doc.try_to_json_with(JsonOptions::new(), Limits::none().with_max_items(n));
    assert_eq!(at(15).unwrap(), json);
    assert_eq!(at(14), Err(LimitError::new(Limit::Items, 14)));
}

#[test]
fn each_limit_names_itself() {
    let html = r#"<div itemscope><p itemprop="a b">x</p>
        <div itemprop=c itemscope><p itemprop=d>y</p></div></div>"#;
    let parsed = microdata_scraper::parse(html, None).unwrap();
    let doc = parsed.document();
    let full = doc.to_json();
    assert_eq!(
        full,
        r#"{"items":[{"properties":{"a":["x"],"b":["x"],"c":[{"properties":{"d":["y"]}}]}}]}"#
    );
    let cases = [
        (Limits::none().with_max_items(1), Limit::Items, 1),
        (Limits::none().with_max_properties(2), Limit::Properties, 2),
        (Limits::none().with_max_depth(1), Limit::Depth, 1),
        (
            Limits::none().with_max_output_bytes(full.len() - 1),
            Limit::OutputBytes,
            full.len() - 1,
        ),
    ];
    for (limits, limit, max) in cases {
        let err = doc
            .try_to_json_with(JsonOptions::new(), limits)
            .unwrap_err();
        assert_eq!((err.limit(), err.max()), (limit, max));
        assert!(err.to_string().contains(limit.name()), "{err}");
    }
    let exact = Limits::none()
        .with_max_items(2)
        .with_max_properties(3)
        .with_max_depth(2)
        .with_max_output_bytes(full.len());
    assert_eq!(
        doc.try_to_json_with(JsonOptions::new(), exact).unwrap(),
        full
    );
}

#[test]
fn rdf_honours_the_limits() {
    let html = typed_diamond(3, r#"itemtype="http://example.org/T""#);
    let parsed = microdata_scraper::parse(&html, Some("https://example.com/")).unwrap();
    let doc = parsed.document();
    let options = microdata_rdf::RdfOptions::new().with_limits(Limits::none().with_max_items(2));
    let err = microdata_rdf::convert(&doc, &options).unwrap_err();
    assert_eq!(err.kind(), microdata_rdf::ErrorKind::Limit);
    assert_eq!(err.limit().map(LimitError::limit), Some(Limit::Items));
    let options = microdata_rdf::RdfOptions::new().with_limits(Limits::default());
    assert!(microdata_rdf::convert(&doc, &options).is_ok());
}
