//! Property values whose elements nest inside other property elements:
//! each value is read from its own element only (WHATWG HTML §5.2.4), and
//! the JSON conversion (which reads the text copied while indexing) agrees
//! with the `Value` API (which reads the tree).

use microdata_scraper::parse;

/// The JSON of `html`'s items, after checking that every property value
/// the JSON holds as a string is what `Item::values` gives.
fn json(html: &str) -> String {
    let parsed = parse(html, Some("https://example.com/")).unwrap();
    let doc = parsed.document();
    let json: serde_json::Value = serde_json::from_str(&doc.to_json()).unwrap();
    for (item, object) in doc.items().zip(json["items"].as_array().unwrap()) {
        for (name, values) in object["properties"].as_object().unwrap() {
            let from_api: Vec<_> = item
                .values(name)
                .map(|v| v.as_str().map(str::to_owned))
                .collect();
            let from_json: Vec<_> = values
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().map(str::to_owned))
                .collect();
            assert_eq!(from_api, from_json, "values of {name}");
        }
    }
    doc.to_json()
}

/// A `meta` inside a text-valued property adds no text to it: its
/// `content` is its own value, not text content.
#[test]
fn meta_and_data_inside_a_text_value() {
    let html = r#"<div itemscope itemtype="https://schema.org/Offer">
        <span itemprop="price">10<meta itemprop="priceCurrency" content="EUR">
        <data itemprop="n" value="3">,00</data></span></div>"#;
    assert_eq!(
        json(html),
        r#"{"items":[{"type":["https://schema.org/Offer"],"properties":{"price":["10\n        ,00"],"priceCurrency":["EUR"],"n":["3"]}}]}"#
    );
}

/// A `time` without `datetime` takes its child text content: the text of
/// a `time` nested in it (at any depth) is not its own.
#[test]
fn nested_time_elements() {
    let html = r#"<div itemscope><time itemprop="a">from <time itemprop="b">nine
        <b><time itemprop="c">am</time></b></time> to <time itemprop="d"
        datetime="17:00">five</time></time></div>"#;
    assert_eq!(
        json(html),
        r#"{"items":[{"properties":{"a":["from  to "],"b":["nine\n        "],"c":["am"],"d":["17:00"]}}]}"#
    );
}

/// What fuzzing found (`robustness/regressions/json/`): an unclosed `time`
/// inside a `time`, closed by the parser with the `div` around them.
#[test]
fn a_time_left_open_inside_a_time() {
    let html = r#"<div itemscope><p><time itemprop="dtstart">May 5th to
        <time itemprop="dtend">9pm</div>"#;
    assert_eq!(
        json(html),
        r#"{"items":[{"properties":{"dtstart":["May 5th to\n        "],"dtend":["9pm"]}}]}"#
    );
}

/// Values compare with `assert_eq!`, and the model's types print without
/// asking anything of the caller (snapshot tests take their Debug output).
#[test]
fn values_compare_and_model_types_print() {
    use microdata_scraper::Value;
    use std::borrow::Cow;

    let parsed = parse(
        r#"<div itemscope itemid="urn:isbn:0-330-34032-8" itemtype="https://schema.org/Book">
           <b itemprop=name>Ada</b><a itemprop=url href=/ada>home</a>
           <p itemprop=author itemscope><span itemprop=name>B</span></p>
           <span itemprop=name>Ada</span></div><i itemprop=orphan>x</i>"#,
        Some("https://example.com/"),
    )
    .unwrap();
    let doc = parsed.document();
    let item = doc.items().next().unwrap();
    let names: Vec<_> = item.values("name").collect();
    assert_eq!(names[0], Value::Text(Cow::Borrowed("Ada")));
    assert_eq!(names[0], names[1], "equal text from two elements");
    assert_eq!(
        item.get("url"),
        Some(Value::Url {
            url: "https://example.com/ada".to_owned(),
            element: "a"
        })
    );
    let author = item.get("author").unwrap();
    assert_eq!(author, item.get("author").unwrap(), "the same item");
    assert_ne!(author, Value::Text(Cow::Borrowed("B")));

    assert_eq!(
        format!("{item:?}"),
        r#"Item { element: <div>#3, types: ["https://schema.org/Book"], id: Some("urn:isbn:0-330-34032-8") }"#
    );
    assert_eq!(format!("{:?}", names[0]), r#"Text("Ada")"#);
    // A node prints its arena id and what it is, not the whole tree.
    let node = item.element().node();
    assert_eq!(format!("{node:?}"), "ScraperNode(NodeId(5), <div>)");
    assert_eq!(
        format!("{:?}", doc.root()),
        "ScraperNode(NodeId(1), #document)"
    );

    // Microdata errors are errors.
    let errors = doc.errors();
    let error: &dyn std::error::Error = &errors[0];
    assert_eq!(
        error.to_string(),
        r#"itemprop element is not a property of any item (<i> #9)"#
    );
}
