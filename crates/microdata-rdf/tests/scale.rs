//! Deep nesting and heavy sharing: no recursion, no re-walk per item.

use microdata_rdf::{ErrorKind, Mode, RdfOptions};
use microdata_scraper::{Limit, Limits};

use crate::util::convert;

fn nested(depth: usize) -> String {
    let mut html = String::from(r#"<div itemscope itemtype="http://schema.org/Thing">"#);
    for _ in 0..depth {
        html.push_str(r#"<div itemprop="part" itemscope><span itemprop="name">x</span>"#);
    }
    for _ in 0..=depth {
        html.push_str("</div>");
    }
    html
}

/// 5,000 nested items: the walk uses an explicit stack, so the depth of the
/// input does not become the depth of the call stack. The default limits
/// stop at 256 levels.
#[test]
fn deeply_nested_items() {
    let depth = 5_000;
    let options = RdfOptions::new().with_mode(Mode::W3c);
    let conversion = convert(
        &nested(depth),
        "http://example.com/",
        &options.clone().with_limits(Limits::none()),
    );
    // The type, then part and name for each level.
    assert_eq!(conversion.triples().len(), 1 + 2 * depth);
    assert!(conversion.warnings().is_empty());
    let parsed = microdata_scraper::parse(&nested(depth), Some("http://example.com/")).unwrap();
    let err = microdata_rdf::convert(&parsed.document(), &options).unwrap_err();
    assert_eq!(err.limit().map(|l| l.limit()), Some(Limit::Depth));
}

/// In the HTML conversion each untyped level adds `%20part` to the type
/// its predicates are built from, so the output grows with the square of
/// the depth: `max_output_bytes` bounds it, and the other limits stop the
/// conversion too.
#[test]
fn limits_stop_the_conversion() {
    let html = nested(300);
    let parsed = microdata_scraper::parse(&html, Some("http://example.com/")).unwrap();
    let doc = parsed.document();
    let unlimited =
        microdata_rdf::convert(&doc, &RdfOptions::new().with_limits(Limits::none())).unwrap();
    assert_eq!(unlimited.triples().len(), 2 + 2 * 300);
    let longest = unlimited
        .triples()
        .iter()
        .map(|t| t.predicate.as_str().len())
        .max()
        .unwrap();
    assert!(longest > 300 * 7, "{longest}");
    for (limits, limit) in [
        (
            Limits::none().with_max_output_bytes(5_000),
            Limit::OutputBytes,
        ),
        (Limits::none().with_max_depth(100), Limit::Depth),
        (Limits::none().with_max_items(10), Limit::Items),
        (Limits::none().with_max_properties(1), Limit::Properties),
    ] {
        for mode in [Mode::Html, Mode::W3c] {
            let options = RdfOptions::new().with_mode(mode).with_limits(limits);
            let Err(err) = microdata_rdf::convert(&doc, &options) else {
                panic!("{mode:?}: {limit:?} not reached");
            };
            assert_eq!(err.kind(), ErrorKind::Limit);
            assert_eq!(
                err.limit().map(|l| l.limit()),
                Some(limit),
                "{mode:?} {err}"
            );
        }
    }
    // The defaults are far above this page.
    let options = RdfOptions::new().with_limits(Limits::default().with_max_depth(1_000));
    assert_eq!(
        microdata_rdf::convert(&doc, &options).unwrap().triples(),
        unlimited.triples()
    );
}

/// 5,000 items share one typed item through `itemref`: it is one subject,
/// and its own triples are generated once, not once per referrer.
#[test]
fn a_typed_item_shared_by_many_is_walked_once() {
    let n = 5_000;
    let mut html = String::new();
    for i in 0..n {
        html.push_str(&format!(
            r#"<div itemscope itemtype="http://schema.org/Person" itemref="org"><span itemprop="name">p{i}</span></div>"#
        ));
    }
    html.push_str(
        r#"<div id="org" itemprop="worksFor" itemscope itemtype="http://schema.org/Organization">"#,
    );
    for j in 0..100 {
        html.push_str(&format!(r#"<span itemprop="department">d{j}</span>"#));
    }
    html.push_str("</div>");
    let conversion = convert(
        &html,
        "http://example.com/",
        &RdfOptions::new().with_mode(Mode::W3c),
    );
    // Each person: type, name, worksFor. The organization: type + 100.
    assert_eq!(conversion.triples().len(), 3 * n + 101);
}
