//! The issue's adversarial documents, each with its exact result.
//!
//! Time is bounded by construction (every algorithm is linear, and each
//! document is built once), never by a timed assertion; memory is bounded
//! because the outputs asserted here are linear in the input, or cut by a
//! limit.

use microdata_model::json::JsonOptions;
use microdata_model::{Document, ErrorKind, Limit, LimitError, Limits, Node};
use robustness::tree::Tree;

const DEEP: usize = 100_000;

fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

/// The values of `item`'s properties named `name` are the texts "0" to
/// `n - 1`, in that order.
fn assert_values_count_up<'a, N: microdata_model::Node<'a>>(
    item: &microdata_model::Item<'_, 'a, N>,
    name: &str,
    n: usize,
) {
    let values: Vec<String> = item
        .values(name)
        .map(|v| v.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(values.len(), n);
    assert!(values.iter().enumerate().all(|(i, v)| *v == i.to_string()));
}

fn kinds<'a, N: microdata_model::Node<'a>>(doc: &Document<'a, N>, kind: ErrorKind) -> usize {
    doc.errors().iter().filter(|e| e.kind() == kind).count()
}

/// One top-level item, then 100,000 items each the `c` property of the one
/// above, through the HTML parser (`span`s: the parser checks scopes on
/// each `div`, which takes time quadratic in the depth).
#[test]
fn items_nested_100_000_deep_through_the_parser() {
    let mut html = String::from("<div itemscope>");
    html.push_str(&"<span itemscope itemprop=c>".repeat(DEEP));
    html.push_str("<b itemprop=leaf>bottom</b>");
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let doc = parsed.document();
    assert_eq!(doc.all_items().len(), DEEP + 1);
    assert_eq!(doc.items().count(), 1);
    assert!(doc.errors().is_empty(), "{:?}", doc.errors().first());

    // Unlimited: the whole chain, no stack overflow.
    let json = doc.to_json();
    let mut expected = String::from(r#"{"items":["#);
    expected.push_str(&r#"{"properties":{"c":["#.repeat(DEEP));
    expected.push_str(r#"{"properties":{"leaf":["bottom"]}}"#);
    expected.push_str(&"]}}".repeat(DEEP));
    expected.push_str("]}");
    assert_eq!(json, expected);

    // The default limits stop at 256 levels and say so.
    assert_eq!(
        doc.try_to_json_with(JsonOptions::new(), Limits::default()),
        Err(LimitError::new(Limit::Depth, 256))
    );
    let deep_enough = Limits::default().with_max_depth(DEEP + 1);
    assert_eq!(
        doc.try_to_json_with(JsonOptions::new(), deep_enough)
            .as_deref(),
        Ok(json.as_str())
    );

    // The serde feature refuses politely instead of overflowing.
    let top = doc.items().next().unwrap();
    let err = serde_json::to_string(&top).unwrap_err();
    assert!(err.to_string().contains("nested more than 256"), "{err}");
}

/// 100,000 nested elements with no parser in between: `div`s inside one
/// item, the property at the bottom; `lang` and `textContent` flow through.
#[test]
fn elements_nested_100_000_deep_in_memory() {
    let mut t = Tree::new();
    let mut parent = t.element(Tree::ROOT, "div", &[("itemscope", ""), ("lang", "fr")]);
    let item_el = parent;
    for _ in 0..DEEP {
        parent = t.element(parent, "div", &[]);
    }
    let leaf = t.element(parent, "span", &[("itemprop", "leaf")]);
    t.text(leaf, "bas");
    let doc = Document::new(t.root());
    assert_eq!(doc.len(), DEEP + 2);
    let item = doc.items().next().unwrap();
    assert_eq!(item.element().local_name(), "div");
    assert_eq!(item_el, 1);
    assert_eq!(item.element().index(), 0);
    let props: Vec<_> = item.properties().collect();
    assert_eq!(props.len(), 1);
    assert_eq!(props[0].lang(), Some("fr"));
    assert_eq!(props[0].ancestors().count(), DEEP + 1);
    assert_eq!(item.element().text_content(), "bas");
    assert_eq!(
        doc.to_json(),
        r#"{"items":[{"properties":{"leaf":["bas"]}}]}"#
    );
    // The serializer walks it without recursion too.
    let html = microdata_model::serialize::outer_html(item.element().node());
    assert_eq!(count(&html, "<div>"), DEEP);
    assert!(html.ends_with(&format!("bas</span>{}</div>", "</div>".repeat(DEEP))));
}

/// Deep nesting through every converter that reads structure: none
/// overflows the stack; each either converts or names its limit.
#[test]
fn converters_survive_deep_nesting() {
    let depth = 20_000;
    let mut html = String::from(
        r#"<div itemscope itemtype="http://microformats.org/profile/hcard"><b itemprop=fn>A</b>"#,
    );
    html.push_str(&r#"<span itemprop=agent itemscope itemtype="http://microformats.org/profile/hcard" class="h-card p-author">"#.repeat(depth));
    html.push_str("<article><h1>t</h1>");
    html.push_str(&"<span>".repeat(depth));
    let parsed = microdata_scraper::parse(&html, Some("https://example.com/")).unwrap();
    let doc = parsed.document();
    assert_eq!(doc.all_items().len(), depth + 1);

    let rdf_options = microdata_rdf::RdfOptions::new().with_limits(Limits::default());
    match microdata_rdf::convert(&doc, &rdf_options) {
        Ok(c) => assert!(c.triples().len() > depth, "{}", c.triples().len()),
        Err(e) => assert_eq!(e.kind(), microdata_rdf::ErrorKind::Limit, "{e}"),
    }
    let unlimited = microdata_rdf::RdfOptions::new()
        .with_mode(microdata_rdf::Mode::W3c)
        .with_limits(Limits::none());
    let c = microdata_rdf::convert(&doc, &unlimited).unwrap();
    // Each nested item is linked from its parent by one `agent` triple.
    let agent = c
        .triples()
        .iter()
        .filter(|t| t.predicate.as_str().ends_with("agent"))
        .count();
    assert_eq!(agent, depth);

    let mf2 = microformats2::parse(&doc, &microformats2::Mf2Options::new());
    let json = mf2.to_json();
    assert_eq!(count(&json, r#""type":["h-card"]"#), depth);
    assert!(robustness::oracle::json_depth(&json).unwrap() > depth);

    let vcard = microdata_vcard::to_vcard(&doc, &microdata_vcard::VcardOptions::new()).unwrap();
    assert!(vcard.starts_with("BEGIN:VCARD\r\n"));
    assert!(vcard.contains("FN:A"));

    let atom = html_atom::to_atom(
        &doc,
        &html_atom::AtomOptions::new().with_now(
            microdata_model::microsyntax::parse_global_date_time("2010-08-05T12:00Z").unwrap(),
        ),
    )
    .unwrap();
    robustness::oracle::check_xml(&atom, "deep Atom");
    assert_eq!(count(&atom, "<entry"), 1);

    let links = microdata_model::links::Links::from_document(&doc);
    assert!(links.links().is_empty());
}

/// One item whose `itemref` lists 100,000 IDs, each of one property.
#[test]
fn itemref_with_100_000_ids() {
    let ids: Vec<String> = (0..DEEP).map(|i| format!("i{i}")).collect();
    // Listed in reverse: properties still come in tree order.
    let reversed: Vec<&str> = ids.iter().rev().map(String::as_str).collect();
    let mut html = format!(r#"<div itemscope itemref="{}"></div>"#, reversed.join(" "));
    for (i, id) in ids.iter().enumerate() {
        html.push_str(&format!("<span id={id} itemprop=p>{i}</span>"));
    }
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let doc = parsed.document();
    let item = doc.items().next().unwrap();
    assert_eq!(item.itemref_targets().len(), DEEP);
    assert_values_count_up(&item, "p", DEEP);
    let json = doc.to_json();
    assert!(json.starts_with(r#"{"items":[{"properties":{"p":["0","1","2","#));
    assert!(json.ends_with(r#""99998","99999"]}}]}"#));
    assert!(doc.errors().is_empty());
}

/// 100,000 `itemref` IDs that name nothing, and one ID listed 100,000
/// times: an error each, no property twice.
#[test]
fn itemref_with_100_000_missing_or_repeated_ids() {
    let missing: Vec<String> = (0..DEEP).map(|i| format!("m{i}")).collect();
    let html = format!(
        r#"<div itemscope itemref="{}"></div><div itemscope itemref="{}"></div><p id=x itemprop=p>v</p>"#,
        missing.join(" "),
        vec!["x"; DEEP].join(" ")
    );
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let doc = parsed.document();
    assert_eq!(kinds(&doc, ErrorKind::MissingItemrefTarget), DEEP);
    // "find the properties" step 7: each later visit of x is an error.
    assert_eq!(kinds(&doc, ErrorKind::RepeatedElement), DEEP - 1);
    assert_eq!(
        doc.to_json(),
        r#"{"items":[{"properties":{}},{"properties":{"p":["v"]}}]}"#
    );
}

/// 50,000 items sharing one block of 50,000 properties, one of them an
/// item: finding cycles follows the one item-valued property of each
/// item, never copying the block per item (which was 2.5 billion entries;
/// `--errors`, `--summary` and every batch run ask for the errors).
#[test]
fn errors_of_items_sharing_a_large_block() {
    let n = 50_000;
    let mut t = Tree::new();
    let block = t.element(Tree::ROOT, "div", &[("id", "b")]);
    for p in 0..n {
        let el = t.element(block, "i", &[("itemprop", "p")]);
        t.text(el, &p.to_string());
    }
    t.element(block, "i", &[("itemprop", "child"), ("itemscope", "")]);
    for _ in 0..n {
        t.element(Tree::ROOT, "div", &[("itemscope", ""), ("itemref", "b")]);
    }
    let doc = Document::new(t.root());
    assert!(doc.errors().is_empty());
    assert_eq!(doc.items().next().unwrap().properties().len(), n + 1);
}

/// The W3C mode's reverse properties through the same shape: a block of
/// 2,000 `itemprop-reverse` links named 100,000 times in one `itemref`
/// gives its 10 distinct triples at a cost that follows the tokens plus
/// the links (merging each token's list was 200 million entries, 4 GB).
#[test]
fn reverse_properties_through_a_repeated_itemref_token() {
    let links: String = (0..2_000)
        .map(|i| {
            format!(
                "<a itemprop-reverse=r{} href=http://e.org/{}></a>",
                i % 10,
                i % 10
            )
        })
        .collect();
    let html = format!(
        r#"<div id=b>{links}</div><div itemscope itemtype="http://schema.org/Thing" itemref="{}"></div>"#,
        vec!["b"; DEEP].join(" ")
    );
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let w3c = microdata_rdf::RdfOptions::new().with_mode(microdata_rdf::Mode::W3c);
    let conversion = microdata_rdf::convert(&parsed.document(), &w3c).unwrap();
    let reverse = conversion
        .triples()
        .iter()
        .filter(|t| t.predicate.as_str().starts_with("http://schema.org/r"))
        .count();
    // One triple per distinct (subject, name): the ten URLs, each under its
    // own name (duplicates removed).
    assert_eq!(reverse, 10);
}

/// A page whose `<base href>` is a 100 KB URL, returned with the page,
/// followed by `n` copies of `repeated`.
fn under_a_long_base_url(repeated: &str, n: usize) -> (String, String) {
    let base = format!("http://e.org/{}", "a".repeat(100_000));
    let html = format!(r#"<base href="{base}">{}"#, repeated.repeat(n));
    (html, base)
}

/// 20,000 items with the same empty `itemid` under a 100 KB base URL:
/// one parsed identifier shared by all, not 2 GB of copies.
#[test]
fn many_items_with_one_itemid_under_a_long_base_url() {
    let n = 20_000;
    let (html, base) = under_a_long_base_url(
        r#"<p itemscope itemtype="https://schema.org/Thing" itemid=""></p>"#,
        n,
    );
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let doc = parsed.document();
    let first = doc.items().next().unwrap().id().unwrap();
    assert_eq!(first.as_str(), base);
    assert_eq!(doc.items().count(), n);
    assert!(
        doc.items()
            .all(|i| i.id().is_some_and(|id| std::ptr::eq(id, first)))
    );
}

/// 50,000 links to the same `href` under a 100 KB base URL: microformats2
/// resolves the text once, not once a link (5 GB of URL copies and
/// hashing), and lists the URL once.
#[test]
fn many_rel_links_to_one_href_under_a_long_base_url() {
    let (html, url) = under_a_long_base_url(r#"<a rel="me" href="">x</a>"#, 50_000);
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let mf2 = microformats2::parse(&parsed.document(), &microformats2::Mf2Options::new());
    let me: Vec<&Vec<String>> = mf2.rels.values().collect();
    assert_eq!(me, [&vec![url.clone()]]);
    let urls: Vec<&str> = mf2.rel_urls.keys().collect();
    assert_eq!(urls, [url.as_str()]);
}

/// The same 50,000 links in HTML-mode RDF: one document triple, within
/// the default output limit (each link's triple was built, and counted
/// toward it, before duplicates were removed).
#[test]
fn many_rel_links_to_one_href_in_rdf() {
    let (html, url) = under_a_long_base_url(r#"<a rel="next" href="">x</a>"#, 50_000);
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let conversion =
        microdata_rdf::convert(&parsed.document(), &microdata_rdf::RdfOptions::new()).unwrap();
    let next: Vec<_> = conversion
        .triples()
        .iter()
        .filter(|t| t.predicate.as_str() == "http://www.w3.org/1999/xhtml/vocab#next")
        .collect();
    assert_eq!(next.len(), 1);
    assert_eq!(next[0].object.to_string(), format!("<{url}>"));
}

/// One block of 2,000 properties named 100,000 times in one `itemref`:
/// each property once, at a cost that follows the 100,000 tokens and the
/// 2,000 properties, not their product (merging every token's list was
/// 200 million entries).
#[test]
fn one_large_block_named_100_000_times() {
    let props = 2_000;
    let mut t = Tree::new();
    let tokens = vec!["b"; DEEP].join(" ");
    t.element(
        Tree::ROOT,
        "div",
        &[("itemscope", ""), ("itemref", &tokens)],
    );
    let block = t.element(Tree::ROOT, "div", &[("id", "b")]);
    for p in 0..props {
        let el = t.element(block, "i", &[("itemprop", "a")]);
        t.text(el, &p.to_string());
    }
    let doc = Document::new(t.root());
    let item = doc.items().next().unwrap();
    assert_eq!(item.itemref_targets().len(), DEEP);
    assert_eq!(item.properties().len(), props);
    assert_values_count_up(&item, "a", props);
    let json = doc.to_json();
    assert_eq!(count(&json, r#"""#), 2 * (props + 3));
    // Each later visit of the block is an error (step 7).
    assert_eq!(kinds(&doc, ErrorKind::RepeatedElement), DEEP - 1);
}

/// 10,000 nested elements, each with an ID and a property, all named by
/// one `itemref`: the outermost list holds every other, so merging each
/// token's list was 50 million entries.
#[test]
fn ten_thousand_nested_targets_in_one_itemref() {
    let n = 10_000;
    let mut t = Tree::new();
    let ids: Vec<String> = (0..n).map(|i| format!("n{i}")).collect();
    t.element(
        Tree::ROOT,
        "div",
        &[("itemscope", ""), ("itemref", &ids.join(" "))],
    );
    let mut parent = Tree::ROOT;
    for (i, id) in ids.iter().enumerate() {
        parent = t.element(parent, "span", &[("id", id), ("itemprop", "a")]);
        t.text(parent, &(i % 10).to_string());
    }
    let doc = Document::new(t.root());
    let item = doc.items().next().unwrap();
    let props: Vec<_> = item.properties().collect();
    assert_eq!(props.len(), n);
    assert!(
        props
            .iter()
            .zip(&ids)
            .all(|(p, id)| p.attr("id") == Some(id.as_str()))
    );
    // Every target but the outermost was met already, inside it.
    assert_eq!(kinds(&doc, ErrorKind::RepeatedElement), n - 1);
    assert_eq!(count(&doc.to_json(), ","), n - 1);
}

/// 20,000 `rel=bookmark` links nested in a classic `hentry`, each
/// starting with a `value` element: each link is a `u-url` whose value
/// class ends at the next link, so each value is its own piece (the
/// search used to go on through every link below: a quadratic walk and
/// result).
#[test]
fn rel_properties_nested_20_000_deep_in_a_classic_root() {
    let n = 20_000;
    let mut t = Tree::new();
    let mut parent = t.element(Tree::ROOT, "div", &[("class", "hentry")]);
    for i in 0..n {
        parent = t.element(parent, "span", &[("rel", "bookmark"), ("href", "/x")]);
        let value = t.element(parent, "b", &[("class", "value")]);
        t.text(value, &format!("p{i}"));
    }
    let doc = Document::new(t.root());
    let mf2 = microformats2::parse(&doc, &microformats2::Mf2Options::new());
    let json: serde_json::Value = serde_json::from_str(&mf2.to_json()).unwrap();
    let urls = json["items"][0]["properties"]["url"].as_array().unwrap();
    assert_eq!(urls.len(), n);
    for (i, url) in urls.iter().enumerate() {
        assert_eq!(url.as_str(), Some(format!("p{i}").as_str()));
    }
}

/// A chain of `len` items, each the `next` property of the one before
/// through `itemref`, the last pointing back at the first; one top-level
/// item enters the cycle.
fn cycle(len: usize) -> String {
    let mut html = String::from(r#"<div itemscope itemref="e0"></div>"#);
    for i in 0..len {
        let next = (i + 1) % len;
        html.push_str(&format!(
            r#"<div id=e{i} itemprop=next itemscope itemref=e{next}><i itemprop=n>{i}</i></div>"#
        ));
    }
    html
}

#[test]
fn itemref_cycle_of_length_one() {
    // An item whose itemref names its own element: the crawl starts with
    // the root in memory, so it is met again and skipped (step 7).
    let html = r#"<div itemscope id=self itemref=self><b itemprop=n>1</b></div>"#;
    let parsed = microdata_scraper::parse(html, None).unwrap();
    let doc = parsed.document();
    assert_eq!(doc.to_json(), r#"{"items":[{"properties":{"n":["1"]}}]}"#);
    assert_eq!(kinds(&doc, ErrorKind::RepeatedElement), 1);

    // The item graph's own loop of one: e0's next is e0.
    let parsed = microdata_scraper::parse(&cycle(1), None).unwrap();
    let doc = parsed.document();
    assert_eq!(
        doc.to_json(),
        r#"{"items":[{"properties":{"next":[{"properties":{"n":["0"]}}]}}]}"#
    );
}

#[test]
fn itemref_cycle_of_length_two() {
    let parsed = microdata_scraper::parse(&cycle(2), None).unwrap();
    let doc = parsed.document();
    // e0 → e1 → e0 again: the algorithm's memory writes "ERROR".
    assert_eq!(
        doc.to_json(),
        concat!(
            r#"{"items":[{"properties":{"next":[{"properties":{"n":["0"],"next":["#,
            r#"{"properties":{"next":["ERROR"],"n":["1"]}}"#,
            r#"]}}]}}]}"#
        )
    );
    assert_eq!(kinds(&doc, ErrorKind::ItemCycle), 1);
}

#[test]
fn itemref_cycle_of_length_1000() {
    let len = 1000;
    let parsed = microdata_scraper::parse(&cycle(len), None).unwrap();
    let doc = parsed.document();
    // Each element's own `n` comes before the next element in tree order;
    // the last one's `itemref` goes back to e0, before its own `n`.
    let mut expected = String::from(r#"{"items":[{"properties":{"next":["#);
    for i in 0..len - 1 {
        expected.push_str(&format!(r#"{{"properties":{{"n":["{i}"],"next":["#));
    }
    expected.push_str(&format!(
        r#"{{"properties":{{"next":["ERROR"],"n":["{}"]}}}}"#,
        len - 1
    ));
    expected.push_str(&"]}}".repeat(len - 1));
    expected.push_str("]}}]}");
    let json = doc.to_json();
    assert_eq!(json, expected);
    assert_eq!(kinds(&doc, ErrorKind::ItemCycle), 1);
    // 1,001 levels: over the default depth limit, within an explicit one.
    assert_eq!(
        doc.try_to_json_with(JsonOptions::new(), Limits::default()),
        Err(LimitError::new(Limit::Depth, 256))
    );
    let limits = Limits::default().with_max_depth(len + 1);
    assert_eq!(
        doc.try_to_json_with(JsonOptions::new(), limits).as_deref(),
        Ok(json.as_str())
    );
    // The RDF conversion walks the cycle once and warns.
    let options = microdata_rdf::RdfOptions::new()
        .with_mode(microdata_rdf::Mode::W3c)
        .with_limits(Limits::none());
    let c = microdata_rdf::convert(&doc, &options).unwrap();
    assert!(c.has_itemref_recursion());
    let nexts = c
        .triples()
        .iter()
        .filter(|t| t.predicate.as_str().ends_with("next"))
        .count();
    assert_eq!(nexts, len + 1);
}

/// 10,000 items that all reference one block of 100 properties.
#[test]
fn ten_thousand_items_share_one_block() {
    let (items, props) = (10_000, 100);
    let mut t = Tree::new();
    let block = t.element(Tree::ROOT, "div", &[("id", "block")]);
    for p in 0..props {
        let name = format!("p{p}");
        let el = t.element(block, "span", &[("itemprop", &name)]);
        t.text(el, "v");
    }
    for _ in 0..items {
        t.element(
            Tree::ROOT,
            "div",
            &[("itemscope", ""), ("itemref", "block")],
        );
    }
    let doc = Document::new(t.root());
    assert_eq!(doc.items().count(), items);
    assert!(doc.items().all(|i| i.properties().len() == props));
    let one: String = {
        let members: Vec<String> = (0..props).map(|p| format!(r#""p{p}":["v"]"#)).collect();
        format!(r#"{{"properties":{{{}}}}}"#, members.join(","))
    };
    let json = doc
        .try_to_json_with(JsonOptions::new(), Limits::default())
        .unwrap();
    assert_eq!(
        json.len(),
        r#"{"items":[]}"#.len() + items * one.len() + items - 1
    );
    assert_eq!(count(&json, &one), items);
    assert!(doc.errors().is_empty());
}

/// The same with a 1 MB block: 10 GB of JSON if written out. A limit
/// stops the conversion at its size, so memory stays at the limit.
#[test]
fn ten_thousand_items_share_one_large_block() {
    let items = 10_000;
    let mut t = Tree::new();
    let block = t.element(Tree::ROOT, "p", &[("id", "block"), ("itemprop", "text")]);
    t.text(block, &"x".repeat(1 << 20));
    for _ in 0..items {
        t.element(
            Tree::ROOT,
            "div",
            &[("itemscope", ""), ("itemref", "block")],
        );
    }
    let doc = Document::new(t.root());
    let limits = Limits::default().with_max_output_bytes(16 << 20);
    assert_eq!(
        doc.try_to_json_with(JsonOptions::new(), limits),
        Err(LimitError::new(Limit::OutputBytes, 16 << 20))
    );
    // Item by item, each is 1 MB and fine.
    let first = doc.items().next().unwrap();
    let one = microdata_model::json::try_item_to_json(first, JsonOptions::new(), limits).unwrap();
    assert_eq!(
        one.len(),
        (1 << 20) + r#"{"properties":{"text":[""]}}"#.len()
    );
}

/// Attribute values of 10 MB, through the parser: an item type, an
/// `itemid` and an `href` (10 MB URLs), a `content`, an `id` and the
/// `itemref` naming it, and an `itemprop` of 100,000 distinct names.
#[test]
fn ten_megabyte_attributes() {
    let big = "x".repeat(10 << 20);
    let pad = "y".repeat(93);
    let names = 100_000;
    let tokens: String = (0..names).map(|i| format!("n{i:06}{pad} ")).collect();
    assert!(tokens.len() >= 10_000_000);
    let long_url = format!("https://example.com/{big}");
    let html = format!(
        r#"<div itemscope itemtype="https://t.example/{big}" itemid="{long_url}">
        <meta itemprop=content content="{big}">
        <meta itemprop="{tokens}" content=v>
        <a itemprop=link href="{long_url}">x</a>
        <span id="{big}" itemprop=idd>i</span></div>
        <div itemscope itemref="{big}"></div>"#
    );
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let doc = parsed.document();
    let items: Vec<_> = doc.items().collect();
    assert_eq!(
        items[0].types()[0].len(),
        "https://t.example/".len() + big.len()
    );
    assert_eq!(items[0].id().unwrap().as_str(), long_url);
    assert_eq!(
        items[0].get("content").unwrap().as_str(),
        Some(big.as_str())
    );
    // The huge ID resolves the second item's huge itemref.
    assert_eq!(items[1].get("idd").unwrap().as_str(), Some("i"));
    let limits = Limits::default().with_max_properties(names + 3);
    let json = doc.try_to_json_with(JsonOptions::new(), limits).unwrap();
    // Each of the meta element's names once, in order.
    assert_eq!(count(&json, &format!(r#"{pad}":["v"]"#)), names);
    assert!(json.contains(&format!(r#""n000000{pad}":["v"],"n000001{pad}":["v"]"#)));
    assert!(json.contains(&format!(r#""content":["{big}"]"#)));
    assert!(json.contains(&format!(r#""link":["{long_url}"]"#)));
    assert_eq!(
        doc.try_to_json_with(JsonOptions::new(), limits.with_max_properties(names + 2)),
        Err(LimitError::new(Limit::Properties, names + 2))
    );
}

/// One `rel` of 200,000 tokens: 100,000 distinct keywords, then each again
/// in upper case (a repetition, keywords compare ASCII
/// case-insensitively), `up` 1,000 times (which may repeat) and tokens
/// with a colon, which compare exactly.
#[test]
fn rel_with_200_000_tokens() {
    use microdata_model::links::{LinkWarningKind, Links};
    let mut tokens: Vec<String> = (0..DEEP).map(|i| format!("k{i}")).collect();
    tokens.extend((0..DEEP).map(|i| format!("K{i}")));
    tokens.extend((0..1000).map(|_| "up".to_owned()));
    tokens.extend(["x:a", "X:a", "x:a"].map(str::to_owned));
    let html = format!(r#"<p><a rel="{}" href=/x>x</a></p>"#, tokens.join(" "));
    let parsed = microdata_scraper::parse(&html, Some("https://e.example/")).unwrap();
    let doc = parsed.document();
    let links = Links::from_document(&doc);
    assert_eq!(links.links().len(), 1);
    assert_eq!(links.links()[0].keywords().len(), tokens.len());
    assert_eq!(links.links()[0].up_count(), 1000);
    let repeated: Vec<&str> = links
        .warnings()
        .iter()
        .filter(|w| w.kind() == LinkWarningKind::Repeated)
        .map(|w| w.keyword())
        .collect();
    assert_eq!(repeated.len(), DEEP + 1);
    assert_eq!(repeated[0], "K0");
    assert_eq!(repeated[DEEP - 1], format!("K{}", DEEP - 1));
    assert_eq!(repeated[DEEP], "x:a");
}

/// 100,000 paragraphs, each with its own `up`/`index` link: one hierarchy
/// per paragraph, in tree order.
#[test]
fn hierarchies_of_100_000_paragraphs() {
    use microdata_model::links::Links;
    let html: String = (0..DEEP)
        .map(|i| format!(r#"<p><a rel="up up index" href=/p{i}>up</a></p>"#))
        .collect();
    let parsed = microdata_scraper::parse(&html, Some("https://e.example/")).unwrap();
    let doc = parsed.document();
    let links = Links::from_document(&doc);
    let hierarchies = links.hierarchies();
    assert_eq!(hierarchies.len(), DEEP);
    assert!(hierarchies.iter().enumerate().all(|(i, h)| {
        h.depth() == Some(2)
            && h.paragraph().map(|p| p.local_name()) == Some("p")
            && h.links().len() == 1
            && h.links()[0].url_or_href() == format!("https://e.example/p{i}")
    }));
    let json = links.to_json();
    assert_eq!(
        count(&json, r#"{"depth":2,"links":[{"index":true,"up":2,"url":"#),
        DEEP
    );
}

/// 20,000 items, each typed in a vocabulary of its own: Turtle declares
/// prefixes for a bounded number of them (the serializer tries each prefix
/// on each IRI) and still reads back as the graph.
#[test]
fn turtle_of_20_000_vocabularies() {
    let n = 20_000;
    let html: String = (0..n)
        .map(|i| format!(r#"<div itemscope itemtype="http://v{i}.example/terms/T"><b itemprop=p>{i}</b></div>"#))
        .collect();
    let parsed = microdata_scraper::parse(&html, Some("https://e.example/")).unwrap();
    let doc = parsed.document();
    for mode in [microdata_rdf::Mode::Html, microdata_rdf::Mode::W3c] {
        let options = microdata_rdf::RdfOptions::new().with_mode(mode);
        let graph = microdata_rdf::convert(&doc, &options).unwrap().to_graph();
        let ttl = microdata_rdf::to_turtle(&graph);
        let prefixes = ttl.lines().filter(|l| l.starts_with("@prefix")).count();
        // The vocabularies' prefixes, and the well-known ones used.
        let max = microdata_rdf::MAX_VOCABULARY_PREFIXES;
        assert!(
            (max..=max + 16).contains(&prefixes),
            "{mode:?}: {prefixes} prefixes"
        );
        let back: oxrdf::Graph = oxttl::TurtleParser::new()
            .for_slice(&ttl)
            .collect::<Result<Vec<_>, _>>()
            .unwrap()
            .into_iter()
            .collect();
        assert!(back.len() >= 2 * n, "{mode:?}: {} triples", back.len());
        assert_eq!(back.len(), graph.len(), "{mode:?}");
    }
}

/// A registry of 20,000 vocabularies and a page of 20,000 items, each
/// typed in one of them below its prefix: each type's vocabulary is found
/// by walking the type once (it was a scan of every prefix per type), and
/// each property IRI is the registered prefix's, not the one derived from
/// the type.
#[test]
fn registry_of_20_000_vocabularies() {
    let n = 20_000;
    let registry: String = (0..n)
        .map(|i| format!(r#""http://v{i}.example/terms/": {{}}"#))
        .collect::<Vec<_>>()
        .join(",");
    let registry = microdata_rdf::Registry::from_json(&format!("{{{registry}}}")).unwrap();
    assert_eq!(registry.prefixes().count(), n);
    let html: String = (0..n)
        .map(|i| format!(r#"<div itemscope itemtype="http://v{i}.example/terms/sub/T"><b itemprop=p>{i}</b></div>"#))
        .collect();
    let parsed = microdata_scraper::parse(&html, Some("https://e.example/")).unwrap();
    let doc = parsed.document();
    let options = microdata_rdf::RdfOptions::new()
        .with_mode(microdata_rdf::Mode::W3c)
        .with_registry(registry);
    let graph = microdata_rdf::convert(&doc, &options).unwrap().to_graph();
    for i in [0, 1, 9, 10, 19_999] {
        let predicate = oxrdf::NamedNode::new(format!("http://v{i}.example/terms/p")).unwrap();
        let object = oxrdf::Literal::new_simple_literal(i.to_string());
        assert_eq!(
            graph
                .triples_for_predicate(&predicate)
                .filter(|t| t.object == oxrdf::TermRef::from(&object))
                .count(),
            1,
            "{i}"
        );
    }
    // Per item: its type and its property.
    assert_eq!(graph.len(), 2 * n);
}

/// 100,000 `<body>` start tags, each adding an attribute to the body
/// element: the record of the attribute list's source order copies each
/// name once (it once copied the whole list per tag). The body serializes
/// with every attribute, in source order.
#[test]
fn body_grown_by_100_000_start_tags() {
    let n = 100_000;
    // Names in an order other than sorted (`a0 a1 … a9 a10 …`), each tag
    // adding one new name and repeating one old.
    let html: String = std::iter::once("<body z=0>".to_owned())
        .chain((0..n).map(|i| format!("<body a{i}={i} z=1>")))
        .collect();
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let doc = parsed.document();
    let body = doc
        .root()
        .children()
        .flat_map(|html| html.children())
        .find(|e| e.local_name() == Some("body"))
        .unwrap();
    let expected: String = std::iter::once(r#"<body z="0""#.to_owned())
        .chain((0..n).map(|i| format!(r#" a{i}="{i}""#)))
        .chain(std::iter::once("></body>".to_owned()))
        .collect();
    assert_eq!(microdata_model::serialize::outer_html(body), expected);
}

/// RDF shapes whose output is small but whose conversion was quadratic: a
/// long invalid `lang` inherited by many literals (hashed per literal), a
/// long item type over many untyped items in W3C mode (copied and hashed
/// per item), and a long base URL under many links whose `rel` gives no
/// predicate (resolved and checked per link). Each is now linear; the
/// sizes here took seconds to minutes before.
#[test]
fn rdf_shapes_with_long_strings_repeated_per_element() {
    let long = "x".repeat(100_000);
    let n = 20_000;
    let names: String = (0..n)
        .map(|i| format!("<span itemprop=name>v{i}</span>"))
        .collect();
    let html = format!(
        r#"<html lang="{long}"><body><div itemscope itemtype="http://schema.org/Thing">{names}</div>"#
    );
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let conversion =
        microdata_rdf::convert(&parsed.document(), &microdata_rdf::RdfOptions::new()).unwrap();
    // A type and n names, plain literals: the tag is invalid, said once.
    assert_eq!(
        conversion.triples().len(),
        n + 2,
        "with the document triple"
    );
    let invalid = conversion
        .warnings()
        .iter()
        .filter(|w| w.kind() == microdata_rdf::WarningKind::InvalidLanguageTag)
        .count();
    assert_eq!(invalid, 1);

    let children = "<div itemprop=p itemscope></div>".repeat(n);
    let html = format!(r#"<div itemscope itemtype="http://e.org/{long}">{children}</div>"#);
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let w3c = microdata_rdf::RdfOptions::new().with_mode(microdata_rdf::Mode::W3c);
    let conversion = microdata_rdf::convert(&parsed.document(), &w3c).unwrap();
    // The type, and one `p` triple per child (untyped: no type triple).
    assert_eq!(conversion.triples().len(), n + 1);
    // The vocabulary is the type up to its last `/` (Note §3.1).
    let predicates: std::collections::BTreeSet<&str> = conversion
        .triples()
        .iter()
        .map(|t| t.predicate.as_str())
        .collect();
    assert_eq!(
        predicates.into_iter().collect::<Vec<_>>(),
        [
            "http://e.org/p",
            "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
        ]
    );

    let links = "<a rel=\" \" href=x>y</a><a rel=1:x href=y>z</a>".repeat(n);
    let html = format!(r#"<base href="http://e.org/{long}/">{links}"#);
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let conversion =
        microdata_rdf::convert(&parsed.document(), &microdata_rdf::RdfOptions::new()).unwrap();
    assert!(
        conversion.triples().is_empty(),
        "{:?}",
        conversion.triples().first()
    );
}

/// Atom under a 100 kB base URL: every entry repeats its base URI, and
/// each relative `xml:base` resolves to a URL as long as the one above.
#[test]
fn atom_under_a_long_base_url() {
    let long = "x".repeat(100_000);
    let n = 20_000;
    let now = microdata_model::microsyntax::parse_global_date_time("2010-08-05T12:00Z").unwrap();
    let options = html_atom::AtomOptions::new().with_now(now);

    // Siblings with a relative `xml:base` and no entry under them: nothing
    // asks for their base URI (resolved, they would hold 2 GB of URLs).
    let unused = "<b xml:base=a>b</b>".repeat(n);
    let html =
        format!("<base href='http://e.org/{long}/'>{unused}<article xml:base=post/>a</article>");
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let atom = html_atom::try_to_atom(&parsed.document(), &options)
        .unwrap()
        .unwrap();
    robustness::oracle::check_xml(&atom, "Atom under a long base URL");
    assert_eq!(count(&atom, "<entry"), 1);
    assert!(atom.contains(&format!("xml:base=\"http://e.org/{long}/post/\"")));

    // As many entries, each with the 100 kB base: a 2 GB feed, stopped by
    // the default 256 MiB as it is built.
    let html = format!(
        "<base href='http://e.org/{long}/'>{}",
        "<article>a</article>".repeat(n)
    );
    let parsed = microdata_scraper::parse(&html, None).unwrap();
    let err = html_atom::try_to_atom(&parsed.document(), &options).unwrap_err();
    assert_eq!(err.limit(), Limit::OutputBytes);
}
