//! Properties that hold for any generated document.
//!
//! The oracles (`robustness::oracle`) carry most of them: no panic, JSON
//! output parses back, vCard and iCalendar outputs read back (and their
//! typed forms parse with `vcard4` and `icalendar`), Atom output is
//! well-formed XML, RDF output parses as N-Triples and Turtle, and a second
//! extraction gives the same result. The attribute-order properties are
//! here. Case counts stay small so the whole crate runs in seconds.

use microdata_model::json::JsonOptions;
use microdata_model::{Document, Node, NodeKind};
use proptest::prelude::*;
use robustness::oracle;

use crate::generate::{Order, document, nested_values, render, tree};

/// `cases` cases, or `PROPTEST_CASES` when set (for longer local runs).
fn config(cases: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(cases);
    ProptestConfig {
        cases,
        max_shrink_iters: 2_000,
        ..ProptestConfig::default()
    }
}

/// Everything the converters produce for `html`, as comparable strings.
///
/// Atom and microformats2 are left out: their outputs serialize HTML
/// (`content`, `e-*` values), where attribute order is part of the data.
fn outputs(html: &str) -> Vec<(&'static str, String)> {
    let parsed = microdata_scraper::parse(html, Some(oracle::URL)).unwrap();
    let doc = parsed.document();
    let json = doc
        .try_to_json_with(JsonOptions::new(), oracle::limits())
        .map_err(|e| e.to_string());
    let mut out = vec![("json", format!("{json:?}"))];
    for (name, mode) in [
        ("rdf html", microdata_rdf::Mode::Html),
        ("rdf w3c", microdata_rdf::Mode::W3c),
    ] {
        let options = microdata_rdf::RdfOptions::new()
            .with_mode(mode)
            .with_limits(oracle::limits());
        let nt = microdata_rdf::convert(&doc, &options)
            .map(|c| microdata_rdf::to_ntriples(c.triples()))
            .map_err(|e| e.to_string());
        out.push((name, format!("{nt:?}")));
    }
    let vcard = microdata_vcard::to_vcard(&doc, &microdata_vcard::VcardOptions::new());
    out.push(("vcard", format!("{vcard:?}")));
    let ical = microdata_ical::to_icalendar(
        &doc,
        &microdata_ical::IcalOptions::new().with_dtstamp(std::time::UNIX_EPOCH),
    );
    out.push(("ical", format!("{ical:?}")));
    let links = microdata_model::links::Links::from_document(&doc).to_json();
    out.push(("links", links));
    out
}

proptest! {
    #![proptest_config(config(48))]

    /// Every oracle holds on generated markup.
    #[test]
    fn every_oracle_holds(nodes in document()) {
        let html = render(&nodes, Order::AsGenerated);
        oracle::all(html.as_bytes());
    }

    /// Reordering attributes changes no conversion whose output does not
    /// serialize HTML.
    #[test]
    fn attribute_order_does_not_matter(nodes in document(), k in 1usize..8) {
        let a = outputs(&render(&nodes, Order::AsGenerated));
        for order in [Order::Reversed, Order::Rotated(k)] {
            let b = outputs(&render(&nodes, order));
            for ((name, x), (_, y)) in a.iter().zip(&b) {
                prop_assert_eq!(x, y, "{} differs with {:?}", name, order);
            }
        }
    }
}

proptest! {
    #![proptest_config(config(96))]

    /// On a tree no parser reshaped (foreign elements with microdata, void
    /// elements with children, items anywhere), the model's JSON parses
    /// back, agrees with `serde`, and ignores attribute order.
    #[test]
    fn in_memory_trees(nodes in document()) {
        let t = tree(&nodes, Order::AsGenerated);
        let doc = Document::new(t.root());
        let json = doc.try_to_json_with(JsonOptions::new(), oracle::limits());
        if let Ok(s) = &json {
            let v = oracle::check_json(s, "JSON").unwrap();
            prop_assert_eq!(
                v["items"].as_array().map(Vec::len),
                Some(doc.items().count())
            );
            let items: Vec<_> = doc.items().collect();
            let via_serde = serde_json::to_string(&items).unwrap();
            prop_assert_eq!(&format!("{{\"items\":{via_serde}}}"), s);
        }
        let _ = doc.errors().iter().map(ToString::to_string).count();
        let reversed = tree(&nodes, Order::Reversed);
        let doc2 = Document::new(reversed.root());
        prop_assert_eq!(
            json,
            doc2.try_to_json_with(JsonOptions::new(), oracle::limits())
        );
        prop_assert_eq!(
            doc.errors().iter().map(|e| (e.kind(), e.element().index())).collect::<Vec<_>>(),
            doc2.errors().iter().map(|e| (e.kind(), e.element().index())).collect::<Vec<_>>()
        );
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// Property elements nested in property elements: the JSON conversion,
    /// which writes the text the index copied while walking, agrees with
    /// the `Value` API (through `serde`), which reads each element in the
    /// tree; in memory and through the HTML parser, where every other
    /// oracle runs on them too.
    #[test]
    fn nested_property_values(nodes in nested_values()) {
        let t = tree(&nodes, Order::AsGenerated);
        let doc = Document::new(t.root());
        let items: Vec<_> = doc.items().collect();
        let via_serde = serde_json::to_string(&items).unwrap();
        prop_assert_eq!(format!("{{\"items\":{via_serde}}}"), doc.to_json());
        oracle::all(render(&nodes, Order::AsGenerated).as_bytes());
    }
}

/// The text of the Text nodes under `node`, in tree order, through
/// elements and nested documents: the DOM's `textContent`, walked naively.
fn naive_text_content<'a, N: Node<'a>>(node: N) -> String {
    let mut out = String::new();
    let mut stack: Vec<N> = node.children().collect();
    stack.reverse();
    while let Some(n) = stack.pop() {
        match n.kind() {
            NodeKind::Text => out.push_str(n.text().unwrap_or("")),
            NodeKind::Element | NodeKind::Document => {
                let mut children: Vec<N> = n.children().collect();
                children.reverse();
                stack.extend(children);
            }
            _ => {}
        }
    }
    out
}

/// Per element, in tree order, from a naive walk of the tree: whether it
/// creates an item, the index of the nearest ancestor element that does
/// (its scope), and its language: the nearest `xml:lang`, or `lang` on an
/// HTML element, on it or an ancestor (HTML §3.2.6.2).
fn naive_scopes<'a, N: Node<'a>>(root: N) -> Vec<(bool, Option<usize>, Option<&'a str>)> {
    let mut out = Vec::new();
    // (node, scope, lang) for the children to visit, last first.
    let mut stack: Vec<(N, Option<usize>, Option<&'a str>)> =
        root.children().map(|c| (c, None, None)).collect();
    stack.reverse();
    while let Some((n, scope, lang)) = stack.pop() {
        let (child_scope, child_lang) = match n.kind() {
            NodeKind::Element => {
                let item = n.is_html() && n.attr("itemscope").is_some();
                // `xml:lang` on any element, else `lang` on an HTML one.
                let lang_attr = |prefix| {
                    n.attrs()
                        .find(|a| a.name == "lang" && a.prefix == prefix)
                        .map(|a| a.value)
                };
                let own_lang = lang_attr(Some("xml"))
                    .or_else(|| n.is_html().then(|| lang_attr(None)).flatten());
                let lang = own_lang.or(lang);
                let idx = out.len();
                out.push((item, scope, lang));
                (if item { Some(idx) } else { scope }, lang)
            }
            NodeKind::Document => (scope, lang),
            _ => continue,
        };
        let mut children: Vec<_> = n.children().map(|c| (c, child_scope, child_lang)).collect();
        children.reverse();
        stack.extend(children);
    }
    out
}

proptest! {
    #![proptest_config(config(96))]

    /// The element table, built by its own walk and merged with what
    /// indexing recorded, agrees with a naive walk: items, scopes and
    /// languages, element by element.
    #[test]
    fn element_table_agrees_with_the_tree(nodes in document()) {
        let t = tree(&nodes, Order::AsGenerated);
        let doc = Document::new(t.root());
        let naive = naive_scopes(t.root());
        prop_assert_eq!(doc.len(), naive.len());
        for (el, (item, scope, lang)) in doc.elements().zip(naive) {
            prop_assert_eq!(el.is_item(), item);
            prop_assert_eq!(el.scope().map(|s| s.element().index()), scope);
            prop_assert_eq!(el.lang(), lang.or(doc.default_language()));
        }
    }

    /// The `Element` API's text answers, which read the document's text
    /// gathered once, agree with naive walks of the tree; the element list
    /// is in tree order, each element's descendants are the elements after
    /// it up to the end of its subtree.
    #[test]
    fn element_text_agrees_with_the_tree(nodes in document()) {
        let t = tree(&nodes, Order::AsGenerated);
        let doc = Document::new(t.root());
        for el in doc.elements() {
            prop_assert_eq!(el.text_content(), naive_text_content(el.node()));
            let own: String = el
                .node()
                .children()
                .filter(|c| c.kind() == NodeKind::Text)
                .filter_map(|c| c.text())
                .collect();
            prop_assert_eq!(el.child_text_content(), own);
            for d in el.descendants() {
                prop_assert!(el.contains(&d));
                prop_assert!(d.ancestors().any(|a| a.index() == el.index()));
            }
            for c in el.children() {
                prop_assert_eq!(c.parent().map(|p| p.index()), Some(el.index()));
            }
            // Children and descendants as the tree has them.
            let index = |n| doc.element(n).map(|e| e.index());
            let children: Vec<_> = el
                .node()
                .children()
                .filter(|c| c.kind() == NodeKind::Element)
                .map(index)
                .collect();
            let api: Vec<_> = el.children().map(|c| Some(c.index())).collect();
            prop_assert_eq!(api, children);
            let naive_descendants = {
                let mut count = 0;
                let mut stack: Vec<_> = el.node().children().collect();
                while let Some(n) = stack.pop() {
                    if n.kind() == NodeKind::Element {
                        count += 1;
                        stack.extend(n.children());
                    }
                }
                count
            };
            prop_assert_eq!(el.descendants().len(), naive_descendants);
        }
    }
}

/// What the spec's "find the properties of an item" (WHATWG HTML §5.2.5)
/// gives, run literally (quadratic) on every item of the tree, by element
/// index in tree order.
struct Naive {
    /// Per item element: its properties, sorted in tree order.
    properties: std::collections::BTreeMap<usize, Vec<usize>>,
    /// The elements step 7 finds in memory, once per time found.
    repeated: Vec<usize>,
    /// (item element, token) for each `itemref` token naming no element.
    missing: Vec<(usize, String)>,
    /// Elements with property names that no item finds.
    unowned: Vec<usize>,
}

fn naive_properties<'a, N: Node<'a>>(root: N) -> Naive {
    use microdata_model::split_ascii_whitespace;
    use std::collections::{BTreeMap, HashMap, HashSet};
    // Elements in tree order (through nested documents, as indexing walks).
    let mut elements: Vec<N> = Vec::new();
    let mut stack: Vec<N> = root.children().collect();
    stack.reverse();
    while let Some(n) = stack.pop() {
        if n.kind() == NodeKind::Element {
            elements.push(n);
        }
        if matches!(n.kind(), NodeKind::Element | NodeKind::Document) {
            let mut children: Vec<N> = n.children().collect();
            children.reverse();
            stack.extend(children);
        }
    }
    let index: HashMap<N, usize> = elements.iter().enumerate().map(|(i, &n)| (n, i)).collect();
    let child_elements = |n: N| -> Vec<usize> {
        n.children()
            .filter(|c| c.kind() == NodeKind::Element)
            .map(|c| index[&c])
            .collect()
    };
    let html_attr = |i: usize, name: &str| {
        let n = elements[i];
        if n.is_html() { n.attr(name) } else { None }
    };
    let has_names = |i: usize| {
        html_attr(i, "itemprop").is_some_and(|p| split_ascii_whitespace(p).next().is_some())
    };
    let by_id = |id: &str| elements.iter().position(|n| n.attr("id") == Some(id));
    let mut out = Naive {
        properties: BTreeMap::new(),
        repeated: Vec::new(),
        missing: Vec::new(),
        unowned: Vec::new(),
    };
    let mut owned = HashSet::new();
    for root in 0..elements.len() {
        if html_attr(root, "itemscope").is_none() {
            continue;
        }
        // Steps 1 to 4.
        let mut results = Vec::new();
        let mut memory = HashSet::from([root]);
        let mut pending = child_elements(elements[root]);
        if let Some(refs) = html_attr(root, "itemref") {
            for token in split_ascii_whitespace(refs) {
                match by_id(token) {
                    Some(target) => pending.push(target),
                    None => out.missing.push((root, token.to_owned())),
                }
            }
        }
        // Steps 5 to 11.
        while let Some(current) = pending.pop() {
            if !memory.insert(current) {
                out.repeated.push(current);
                continue;
            }
            if html_attr(current, "itemscope").is_none() {
                pending.extend(child_elements(elements[current]));
            }
            if has_names(current) {
                results.push(current);
            }
        }
        // Step 12.
        results.sort_unstable();
        owned.extend(results.iter().copied());
        out.properties.insert(root, results);
    }
    out.unowned = (0..elements.len())
        .filter(|&i| has_names(i) && !owned.contains(&i))
        .collect();
    out
}

/// Checks `Document::new(root)` against [`naive_properties`].
fn agree_with_the_spec<'a, N: Node<'a>>(root: N) -> Result<(), TestCaseError> {
    use microdata_model::ErrorKind;
    let doc = Document::new(root);
    let naive = naive_properties(root);
    let found: std::collections::BTreeMap<usize, Vec<usize>> = doc
        .all_items()
        .map(|item| {
            let props = item.properties().map(|p| p.index()).collect();
            (item.element().index(), props)
        })
        .collect();
    prop_assert_eq!(&found, &naive.properties);
    let errors = doc.errors();
    let of_kind = |kind| errors.iter().filter(move |e| e.kind() == kind);
    // Each time step 7 finds an element in memory is one error about it.
    let mut repeated: Vec<usize> = of_kind(ErrorKind::RepeatedElement)
        .map(|e| e.element().index())
        .collect();
    repeated.sort_unstable();
    let mut expected_repeated = naive.repeated;
    expected_repeated.sort_unstable();
    prop_assert_eq!(repeated, expected_repeated);
    let mut missing: Vec<(usize, String)> = of_kind(ErrorKind::MissingItemrefTarget)
        .map(|e| {
            (
                e.element().index(),
                e.detail().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    missing.sort();
    let mut expected = naive.missing;
    expected.sort();
    prop_assert_eq!(missing, expected);
    let unowned: Vec<usize> = of_kind(ErrorKind::UnownedProperty)
        .map(|e| e.element().index())
        .collect();
    prop_assert_eq!(unowned, naive.unowned);
    // A cycle in the graph of items and their item-valued properties.
    let graph = &naive.properties;
    let mut state: std::collections::HashMap<usize, u8> = std::collections::HashMap::new();
    let mut cycle = false;
    for &start in graph.keys() {
        // Iterative depth-first search: (item, next property to follow).
        let mut stack = vec![(start, 0)];
        while let Some((item, next)) = stack.pop() {
            if next == 0 {
                match state.get(&item) {
                    Some(2) => continue,
                    Some(1) => {
                        cycle = true;
                        continue;
                    }
                    _ => _ = state.insert(item, 1),
                }
            }
            let children: Vec<usize> = graph[&item]
                .iter()
                .copied()
                .filter(|p| graph.contains_key(p))
                .collect();
            match children.get(next) {
                Some(&child) => {
                    stack.push((item, next + 1));
                    if state.get(&child) == Some(&1) {
                        cycle = true;
                    } else {
                        stack.push((child, 0));
                    }
                }
                None => _ = state.insert(item, 2),
            }
        }
    }
    prop_assert_eq!(of_kind(ErrorKind::ItemCycle).next().is_some(), cycle);
    // The DOM API over the properties: `namedItem(name).values` and
    // `getItems(types)` against filters of the lists above.
    for item in doc.all_items() {
        let el = item.element();
        prop_assert_eq!(item.is_top_level(), el.node().attr("itemprop").is_none());
        for name in item.names() {
            let named: Vec<usize> = item
                .properties()
                .filter(|p| p.property_names().contains(&name))
                .map(|p| p.index())
                .collect();
            prop_assert_eq!(item.values(name).count(), named.len());
            let first = item.get(name).map(|v| format!("{:?}", v.as_str()));
            let expected = named
                .first()
                .map(|&i| format!("{:?}", doc.element_at(i).unwrap().property_value().as_str()));
            prop_assert_eq!(first, expected);
        }
    }
    let top: Vec<usize> = doc
        .all_items()
        .filter(|i| i.is_top_level())
        .map(|i| i.element().index())
        .collect();
    let items: Vec<usize> = doc.items().map(|i| i.element().index()).collect();
    prop_assert_eq!(&items, &top);
    for types in [
        "",
        "https://schema.org/Person",
        "https://schema.org/Person http://microformats.org/profile/hcard",
    ] {
        let wanted: Vec<&str> = microdata_model::split_ascii_whitespace(types).collect();
        let expected: Vec<usize> = doc
            .items()
            .filter(|i| wanted.is_empty() || i.types().iter().any(|t| wanted.contains(t)))
            .map(|i| i.element().index())
            .collect();
        let found: Vec<usize> = doc
            .items_of_type(types)
            .map(|i| i.element().index())
            .collect();
        prop_assert_eq!(found, expected, "{}", types);
    }
    // IDs: the first element in tree order with each one.
    let mut first_with: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for el in doc.elements() {
        if let Some(id) = el.node().attr("id").filter(|id| !id.is_empty()) {
            first_with.entry(id).or_insert(el.index());
        }
    }
    for (id, first) in first_with {
        prop_assert_eq!(doc.element_by_id(id).map(|e| e.index()), Some(first));
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(96))]

    /// The linear "find the properties of an item" and its errors agree
    /// with the spec's algorithm run literally, on trees as generated and
    /// as the HTML parser builds them from the same markup.
    #[test]
    fn properties_agree_with_the_spec_algorithm(nodes in document()) {
        let t = tree(&nodes, Order::AsGenerated);
        agree_with_the_spec(t.root())?;
        let html = microdata_scraper::parse_html(&render(&nodes, Order::AsGenerated));
        agree_with_the_spec(microdata_scraper::ScraperNode::from(html.tree.root()))?;
    }
}

proptest! {
    #![proptest_config(config(96))]

    /// The model's HTML fragment serialization (for mf2 `e-*` values and
    /// Atom content) agrees with html5ever's, which scraper uses, on
    /// every generated document as the parser builds it.
    #[test]
    fn serialization_agrees_with_html5ever(nodes in document()) {
        use microdata_scraper::ScraperNode;
        use microdata_scraper::serialize::{inner_html, outer_html};
        let html = microdata_scraper::parse_html(&render(&nodes, Order::AsGenerated));
        let root = html.root_element();
        prop_assert_eq!(inner_html(ScraperNode::from(root)), root.inner_html());
        prop_assert_eq!(outer_html(ScraperNode::from(root)), root.html());
    }
}

/// A page of random tags, each with random attributes in random order;
/// misnested, with repeated `<html>`/`<body>` tags and foreign content, so
/// that the tree builder clones, moves and extends elements.
fn tag_soup() -> impl Strategy<Value = String> {
    const TAGS: &[&str] = &[
        "p", "b", "i", "a", "div", "span", "table", "tr", "td", "img", "br", "ul", "li", "body",
        "html", "svg", "math", "select", "option", "font", "nobr", "h1", "template",
    ];
    const NAMES: &[&str] = &[
        "id",
        "class",
        "title",
        "href",
        "src",
        "alt",
        "lang",
        "itemprop",
        "itemscope",
        "data-x",
        "z",
        "a",
        "viewbox",
        "xlink:href",
        "xml:lang",
        "definitionurl",
        "style",
    ];
    let attrs = proptest::sample::subsequence(NAMES, 0..=6)
        .prop_shuffle()
        .prop_flat_map(|names| {
            let n = names.len();
            (Just(names), proptest::collection::vec("[a&\" <]{0,3}", n))
        })
        .prop_map(|(names, values)| {
            names
                .iter()
                .zip(values)
                .map(|(n, v)| format!(" {n}=\"{}\"", v.replace('"', "&quot;")))
                .collect::<String>()
        });
    let token = prop_oneof![
        (proptest::sample::select(TAGS), attrs).prop_map(|(t, a)| format!("<{t}{a}>")),
        proptest::sample::select(TAGS).prop_map(|t| format!("</{t}>")),
        "[a-z &<]{0,4}",
    ];
    proptest::collection::vec(token, 0..40).prop_map(|tokens| tokens.concat())
}

proptest! {
    #![proptest_config(config(256))]

    /// Serialized from a `Parsed` document, tag soup reads exactly as
    /// html5ever serializes its reference DOM, which keeps attribute lists
    /// in source order where scraper's tree sorts them: the order recorded
    /// while parsing (including attributes a repeated `<html>`/`<body>` tag
    /// adds) is the source's.
    #[test]
    fn attributes_serialize_in_source_order(source in tag_soup()) {
        let parsed = microdata_scraper::parse(&source, None).unwrap();
        prop_assert_eq!(
            microdata_scraper::serialize::inner_html(parsed.document().root()),
            oracle::reference_html(&source),
            "{}", source
        );
    }
}
