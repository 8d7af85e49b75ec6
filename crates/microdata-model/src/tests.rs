//! Unit tests through a tiny in-memory tree: the algorithms need no HTML
//! parser.
#![allow(clippy::unwrap_used)]
// Without the `json` feature some builders serve only other modules' tests.
#![cfg_attr(not(feature = "json"), allow(dead_code))]

use crate::{Attribute, Document, ErrorKind, Node, NodeKind};

/// An arena tree built with a small builder.
#[derive(Debug, Default)]
pub(crate) struct Tree {
    nodes: Vec<Data>,
    /// What the document node answers to `Node::element_count_hint`.
    hint: Option<usize>,
}

#[derive(Debug)]
enum Data {
    Document(Vec<usize>),
    Element {
        name: String,
        html: bool,
        attrs: Vec<(String, String)>,
        children: Vec<usize>,
    },
    Text(String),
    Other(Vec<usize>),
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct H<'a>(&'a Tree, usize);

impl PartialEq for H<'_> {
    fn eq(&self, o: &Self) -> bool {
        std::ptr::eq(self.0, o.0) && self.1 == o.1
    }
}
impl Eq for H<'_> {}
impl std::hash::Hash for H<'_> {
    fn hash<S: std::hash::Hasher>(&self, s: &mut S) {
        self.1.hash(s)
    }
}

impl<'a> Node<'a> for H<'a> {
    fn kind(self) -> NodeKind {
        match self.0.nodes[self.1] {
            Data::Document(_) => NodeKind::Document,
            Data::Element { .. } => NodeKind::Element,
            Data::Text(_) => NodeKind::Text,
            Data::Other(_) => NodeKind::Other,
        }
    }
    fn local_name(self) -> Option<&'a str> {
        match &self.0.nodes[self.1] {
            Data::Element { name, .. } => Some(name),
            _ => None,
        }
    }
    fn is_html(self) -> bool {
        matches!(self.0.nodes[self.1], Data::Element { html: true, .. })
    }
    fn attrs(self) -> impl Iterator<Item = Attribute<'a>> {
        let attrs: &'a [(String, String)] = match &self.0.nodes[self.1] {
            Data::Element { attrs, .. } => attrs,
            _ => &[],
        };
        attrs.iter().map(|(n, v)| match n.split_once(':') {
            Some((p, l)) => Attribute {
                prefix: Some(p),
                name: l,
                value: v,
            },
            None => Attribute {
                prefix: None,
                name: n,
                value: v,
            },
        })
    }
    fn text(self) -> Option<&'a str> {
        match &self.0.nodes[self.1] {
            Data::Text(t) => Some(t),
            _ => None,
        }
    }
    fn children(self) -> impl Iterator<Item = Self> {
        let tree = self.0;
        let c: &'a [usize] = match &tree.nodes[self.1] {
            Data::Document(c) | Data::Other(c) => c,
            Data::Element { children, .. } => children,
            Data::Text(_) => &[],
        };
        c.iter().map(move |&i| H(tree, i))
    }
    fn element_count_hint(self) -> Option<usize> {
        self.0.hint.filter(|_| self.1 == 0)
    }
}

impl Tree {
    pub(crate) fn new() -> Self {
        Tree {
            nodes: vec![Data::Document(Vec::new())],
            hint: None,
        }
    }
    fn push_child(&mut self, parent: usize, data: Data) -> usize {
        let id = self.nodes.len();
        self.nodes.push(data);
        match &mut self.nodes[parent] {
            Data::Document(c) | Data::Other(c) => c.push(id),
            Data::Element { children, .. } => children.push(id),
            Data::Text(_) => unreachable!("text nodes have no children"),
        }
        id
    }
    /// Adds an HTML element: `attrs` as `name=value` pairs.
    pub(crate) fn el(&mut self, parent: usize, name: &str, attrs: &[(&str, &str)]) -> usize {
        let attrs = attrs
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        self.push_child(
            parent,
            Data::Element {
                name: name.into(),
                html: true,
                attrs,
                children: Vec::new(),
            },
        )
    }
    pub(crate) fn foreign(&mut self, parent: usize, name: &str, attrs: &[(&str, &str)]) -> usize {
        let attrs = attrs
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        self.push_child(
            parent,
            Data::Element {
                name: name.into(),
                html: false,
                attrs,
                children: Vec::new(),
            },
        )
    }
    pub(crate) fn text(&mut self, parent: usize, t: &str) -> usize {
        self.push_child(parent, Data::Text(t.into()))
    }
    pub(crate) fn other(&mut self, parent: usize) -> usize {
        self.push_child(parent, Data::Other(Vec::new()))
    }
    pub(crate) fn root(&self) -> H<'_> {
        H(self, 0)
    }
}

fn kinds<'a>(doc: &Document<'a, H<'a>>) -> Vec<ErrorKind> {
    doc.errors().iter().map(|e| e.kind()).collect()
}

#[cfg(feature = "json")]
#[test]
fn text_content_spans_descendants_and_skips_other_nodes() {
    let mut t = Tree::new();
    let p = t.el(0, "p", &[("itemscope", ""), ("itemprop", "")]);
    let item = t.el(0, "div", &[("itemscope", "")]);
    let s = t.el(item, "span", &[("itemprop", "n")]);
    t.text(s, "a");
    let b = t.el(s, "b", &[]);
    t.text(b, "b");
    let tpl = t.el(s, "template", &[]);
    let frag = t.other(tpl);
    t.text(frag, "hidden");
    t.text(s, "c");
    let _ = p;
    let doc = Document::new(t.root());
    assert_eq!(doc.to_json(), r#"{"items":[{"properties":{"n":["abc"]}}]}"#);
}

/// The element-count hint sizes a table, nothing more: no hint, one too
/// small, one exact and one too large to allocate give the same document,
/// and none of them panics.
#[cfg(feature = "json")]
#[test]
fn element_count_hint_changes_no_result() {
    let mut t = Tree::new();
    let item = t.el(0, "div", &[("itemscope", ""), ("itemref", "r")]);
    let name = t.el(item, "span", &[("itemprop", "name")]);
    t.text(name, "Ada");
    let r = t.el(0, "p", &[("id", "r"), ("itemprop", "born")]);
    t.text(r, "1815");
    let expected = r#"{"items":[{"properties":{"name":["Ada"],"born":["1815"]}}]}"#;
    for hint in [None, Some(0), Some(1), Some(3), Some(usize::MAX)] {
        t.hint = hint;
        let doc = Document::new(t.root());
        assert_eq!(doc.len(), 3, "hint {hint:?}");
        assert_eq!(doc.to_json(), expected, "hint {hint:?}");
        let names: Vec<_> = doc.elements().map(|e| e.local_name()).collect();
        assert_eq!(names, ["div", "span", "p"], "hint {hint:?}");
    }
}

#[cfg(feature = "json")]
#[test]
fn foreign_elements_are_not_items() {
    let mut t = Tree::new();
    t.foreign(0, "svg", &[("itemscope", "")]);
    let doc = Document::new(t.root());
    assert_eq!(doc.to_json(), r#"{"items":[]}"#);
}

#[cfg(feature = "json")]
#[test]
fn itemref_cycle_gives_error_string_and_errors() {
    // Two items, each a property of the other through itemref.
    let mut t = Tree::new();
    let top = t.el(0, "div", &[("itemscope", ""), ("itemref", "a")]);
    let _ = top;
    t.el(
        0,
        "div",
        &[
            ("id", "a"),
            ("itemprop", "x"),
            ("itemscope", ""),
            ("itemref", "b"),
        ],
    );
    t.el(
        0,
        "div",
        &[
            ("id", "b"),
            ("itemprop", "y"),
            ("itemscope", ""),
            ("itemref", "a"),
        ],
    );
    let doc = Document::new(t.root());
    assert_eq!(
        doc.to_json(),
        r#"{"items":[{"properties":{"x":[{"properties":{"y":[{"properties":{"x":["ERROR"]}}]}}]}}]}"#
    );
    assert!(kinds(&doc).contains(&ErrorKind::ItemCycle));
}

#[cfg(feature = "json")]
#[test]
fn itemref_to_self_and_to_ancestor_are_repeated_elements() {
    let mut t = Tree::new();
    let outer = t.el(0, "div", &[("id", "outer")]);
    let item = t.el(
        outer,
        "div",
        &[
            ("itemscope", ""),
            ("itemref", "outer self missing"),
            ("id", "self"),
        ],
    );
    let p = t.el(item, "p", &[("itemprop", "n")]);
    t.text(p, "v");
    let doc = Document::new(t.root());
    assert_eq!(doc.to_json(), r#"{"items":[{"properties":{"n":["v"]}}]}"#);
    let mut k = kinds(&doc);
    k.sort_by_key(|k| format!("{k:?}"));
    assert_eq!(
        k,
        [
            ErrorKind::MissingItemrefTarget,
            ErrorKind::RepeatedElement,
            ErrorKind::RepeatedElement
        ]
    );
}

#[test]
fn an_item_that_reaches_itself_through_itemref_is_not_its_own_property() {
    // `<div id=c><div itemscope itemprop=name itemref=c></div></div>`: the
    // crawl from `c` comes back to the item, which is in memory from the
    // start (step 7): it is no one's property, so both errors apply.
    let mut t = Tree::new();
    let outer = t.el(0, "div", &[("id", "c")]);
    let item = t.el(
        outer,
        "div",
        &[("itemscope", ""), ("itemprop", "name"), ("itemref", "c")],
    );
    let doc = Document::new(t.root());
    let found = doc.element(H(&t, item)).unwrap().item().unwrap();
    assert_eq!(found.properties().count(), 0);
    let errors: Vec<_> = doc
        .errors()
        .iter()
        .map(|e| (e.kind(), e.element().index()))
        .collect();
    assert_eq!(
        errors,
        [
            (ErrorKind::RepeatedElement, 1),
            (ErrorKind::UnownedProperty, 1)
        ]
    );
}

#[test]
fn an_ancestor_named_twice_in_itemref_is_crawled_once() {
    // `<div id=a><p itemscope itemref="a a"></p></div>`: pending holds the
    // div twice; the second time it is in memory (one error), so its
    // children are not added again and the item is reached once more (one
    // error), not twice. The repeated token itself breaks "unique tokens".
    let mut t = Tree::new();
    let outer = t.el(0, "div", &[("id", "a")]);
    t.el(outer, "p", &[("itemscope", ""), ("itemref", "a a")]);
    let doc = Document::new(t.root());
    let mut errors: Vec<_> = doc
        .errors()
        .iter()
        .map(|e| (e.kind(), e.element().index()))
        .collect();
    errors.sort_by_key(|&(_, index)| index);
    assert_eq!(
        errors,
        [
            (ErrorKind::RepeatedElement, 0),
            (ErrorKind::DuplicateToken, 1),
            (ErrorKind::RepeatedElement, 1)
        ]
    );
}

/// The attribute rules of §5.2.2 and §5.2.3 hold whether or not the
/// attribute is allowed where it is: an `itemtype` without `itemscope`
/// still needs tokens that are absolute URLs, an empty `itemtype` still
/// counts as specified for `itemid`, names with `:` must be valid
/// absolute URLs (not just parse), and no attribute repeats a token.
#[test]
fn attribute_values_are_checked_as_written() {
    let mut t = Tree::new();
    let d0 = t.el(0, "div", &[("itemtype", "rel")]);
    let d1 = t.el(0, "div", &[("itemtype", "")]);
    let d2 = t.el(
        0,
        "div",
        &[("itemscope", ""), ("itemtype", ""), ("itemid", "urn:x")],
    );
    let item = t.el(0, "div", &[("itemscope", "")]);
    let p = t.el(
        item,
        "p",
        &[(
            "itemprop",
            "http:foo a:%zz ok http://e.example/#a#b data:,x#f ok b.c",
        )],
    );
    let typed = t.el(
        0,
        "div",
        &[
            ("itemscope", ""),
            ("itemtype", "https://e.example/T https://e.example/T"),
            ("itemref", "x y x y x"),
        ],
    );
    let doc = Document::new(t.root());
    let errors: Vec<_> = doc
        .errors()
        .iter()
        .map(|e| (e.kind(), e.element().index(), e.detail().map(str::to_owned)))
        .collect();
    // Nodes were added in tree order after the document node: element
    // index = node - 1.
    let e = |kind, node: usize, detail: Option<&str>| (kind, node - 1, detail.map(str::to_owned));
    use ErrorKind::*;
    assert_eq!(
        errors,
        [
            e(ItemtypeWithoutItemscope, d0, None),
            e(RelativeItemType, d0, Some("rel")),
            e(ItemtypeWithoutItemscope, d1, None),
            e(EmptyItemtype, d1, None),
            e(EmptyItemtype, d2, None),
            e(InvalidPropertyName, p, Some("http:foo")),
            e(InvalidPropertyName, p, Some("a:%zz")),
            e(InvalidPropertyName, p, Some("http://e.example/#a#b")),
            e(DataUrlWithFragment, p, Some("data:,x#f")),
            e(InvalidPropertyName, p, Some("b.c")),
            e(DuplicateToken, p, Some("ok")),
            e(DuplicateToken, typed, Some("https://e.example/T")),
            e(DuplicateToken, typed, Some("x")),
            e(DuplicateToken, typed, Some("y")),
            e(MissingItemrefTarget, typed, Some("x")),
            e(MissingItemrefTarget, typed, Some("y")),
            e(MissingItemrefTarget, typed, Some("x")),
            e(MissingItemrefTarget, typed, Some("y")),
            e(MissingItemrefTarget, typed, Some("x")),
        ]
    );
}

#[cfg(feature = "json")]
#[test]
fn itemref_into_own_subtree_and_nested_refs_count_once() {
    let mut t = Tree::new();
    let item = t.el(0, "div", &[("itemscope", ""), ("itemref", "inner a b")]);
    let inner = t.el(item, "p", &[("itemprop", "i"), ("id", "inner")]);
    t.text(inner, "1");
    let a = t.el(0, "div", &[("id", "a")]);
    let b = t.el(a, "p", &[("id", "b"), ("itemprop", "j")]);
    t.text(b, "2");
    let doc = Document::new(t.root());
    assert_eq!(
        doc.to_json(),
        r#"{"items":[{"properties":{"i":["1"],"j":["2"]}}]}"#
    );
    assert_eq!(
        kinds(&doc),
        [ErrorKind::RepeatedElement, ErrorKind::RepeatedElement]
    );
}

/// A hand-built tree may repeat an attribute that an HTML parser would
/// have dropped: the model reads the first of each, everywhere, as
/// `Node::attr` does (indexing once took the last `itemtype`, `itemid`,
/// `itemref` and `http-equiv`, and the first non-empty `id`).
#[test]
fn the_first_of_repeated_attributes_wins() {
    let mut t = Tree::new();
    t.el(
        0,
        "meta",
        &[
            ("http-equiv", "content-language"),
            ("http-equiv", "refresh"),
            ("content", "es"),
        ],
    );
    let item = t.el(
        0,
        "div",
        &[
            ("itemscope", ""),
            ("itemtype", "http://x/First"),
            ("itemtype", "http://x/Second"),
            ("itemid", "urn:a"),
            ("itemid", "urn:b"),
            ("itemref", "r1"),
            ("itemref", "r2"),
            ("lang", "fr"),
            ("lang", "de"),
        ],
    );
    t.el(item, "span", &[("itemprop", "a"), ("itemprop", "b")]);
    // No ID: the first `id` is empty.
    t.el(0, "p", &[("id", ""), ("id", "r1"), ("itemprop", "hidden")]);
    t.el(0, "p", &[("id", "r1"), ("itemprop", "p1")]);
    t.el(0, "p", &[("id", "r2"), ("itemprop", "p2")]);
    let doc = Document::new(t.root());
    assert_eq!(doc.default_language(), Some("es"));
    let item = doc.items().next().unwrap();
    assert_eq!(item.types(), ["http://x/First"]);
    assert_eq!(item.id().map(url::Url::as_str), Some("urn:a"));
    assert_eq!(item.names(), ["a", "p1"]);
    assert_eq!(item.properties().next().unwrap().lang(), Some("fr"));
    assert_eq!(
        doc.element_by_id("r1").unwrap().attr("itemprop"),
        Some("p1")
    );
    // The unowned `hidden` and `p2`, and nothing about the item's type.
    assert_eq!(
        kinds(&doc),
        [ErrorKind::UnownedProperty, ErrorKind::UnownedProperty]
    );
    // Errors of one kind about different elements are different errors.
    let errors = doc.errors();
    assert_ne!(errors[0], errors[1]);
    assert_eq!(errors, doc.errors());
}

#[test]
fn unowned_properties_are_reported() {
    let mut t = Tree::new();
    t.el(0, "p", &[("itemprop", "lost")]);
    let shared = t.el(0, "div", &[("id", "s")]);
    t.el(shared, "p", &[("itemprop", "found")]);
    t.el(0, "div", &[("itemscope", ""), ("itemref", "s")]);
    let doc = Document::new(t.root());
    let errors = doc.errors();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].kind(), ErrorKind::UnownedProperty);
    assert_eq!(errors[0].element().index(), 0);
}

#[test]
fn attribute_misuse_is_reported() {
    let mut t = Tree::new();
    t.el(
        0,
        "div",
        &[
            ("itemtype", "http://x/"),
            ("itemid", "urn:a"),
            ("itemref", "q"),
        ],
    );
    t.el(0, "div", &[("itemscope", ""), ("itemtype", "relative")]);
    let doc = Document::new(t.root());
    let k = kinds(&doc);
    for kind in [
        ErrorKind::ItemtypeWithoutItemscope,
        ErrorKind::ItemidWithoutItemtype,
        ErrorKind::ItemrefWithoutItemscope,
        ErrorKind::RelativeItemType,
    ] {
        assert!(k.contains(&kind), "{kind:?} in {k:?}");
    }
}

#[test]
fn base_url_lang_and_title() {
    let mut t = Tree::new();
    let html = t.el(0, "html", &[("lang", "en")]);
    t.el(html, "base", &[("href", "/dir/")]);
    t.el(html, "base", &[("href", "/other/")]);
    let title = t.el(html, "title", &[]);
    t.text(title, "T");
    let div = t.el(
        html,
        "div",
        &[
            ("itemscope", ""),
            ("itemid", "x"),
            ("itemtype", "http://t/"),
        ],
    );
    let a = t.el(
        div,
        "a",
        &[("itemprop", "u"), ("href", "page"), ("lang", "fr")],
    );
    let doc = Document::with_url(t.root(), "https://example.com/a/b".parse().unwrap());
    assert_eq!(doc.base_url().unwrap().as_str(), "https://example.com/dir/");
    assert_eq!(doc.title().unwrap().text_content(), "T");
    let item = doc.items().next().unwrap();
    assert_eq!(item.id().unwrap().as_str(), "https://example.com/dir/x");
    assert_eq!(
        item.get("u").unwrap().as_url(),
        Some("https://example.com/dir/page")
    );
    assert_eq!(doc.element(H(&t, a)).unwrap().lang(), Some("fr"));
    assert_eq!(item.element().lang(), Some("en"));
}

#[test]
fn the_pragma_set_default_language_follows_each_content_language_meta() {
    // HTML §4.2.5.3: each inserted `meta http-equiv=content-language` sets
    // the pragma-set default language to its content's first token; a
    // content with a comma, or only whitespace, leaves it as it was.
    let lang_of = |metas: &[&str]| {
        let mut t = Tree::new();
        let head = t.el(0, "head", &[]);
        for content in metas {
            t.el(
                head,
                "meta",
                &[("http-equiv", "Content-Language"), ("content", content)],
            );
        }
        let p = t.el(0, "p", &[]);
        let doc = Document::new(t.root());
        let lang = doc.element(H(&t, p)).unwrap().lang();
        assert_eq!(lang, doc.default_language());
        lang.map(str::to_owned)
    };
    assert_eq!(lang_of(&[]), None);
    assert_eq!(lang_of(&["fr"]), Some("fr".into()));
    assert_eq!(lang_of(&[" fr de "]), Some("fr".into()));
    assert_eq!(lang_of(&["fr", "es"]), Some("es".into()));
    assert_eq!(lang_of(&["fr", "es, de"]), Some("fr".into()));
    assert_eq!(lang_of(&["fr", "  "]), Some("fr".into()));
    assert_eq!(lang_of(&["fr", ""]), Some("fr".into()));
    assert_eq!(lang_of(&["de,fr"]), None);
}

#[cfg(feature = "json")]
#[test]
fn relative_urls_without_a_document_url_are_empty_and_reported() {
    let mut t = Tree::new();
    let d = t.el(0, "div", &[("itemscope", "")]);
    t.el(d, "img", &[("itemprop", "i"), ("src", "x.png")]);
    t.el(
        d,
        "img",
        &[("itemprop", "i"), ("src", "https://e.com/y.png")],
    );
    let doc = Document::new(t.root());
    assert_eq!(
        doc.to_json(),
        r#"{"items":[{"properties":{"i":["","https://e.com/y.png"]}}]}"#
    );
    assert_eq!(kinds(&doc), [ErrorKind::UnresolvableUrl]);
}

#[cfg(feature = "json")]
#[test]
fn a_document_without_a_url_is_about_blank() {
    // HTML gives a document without a URL the URL about:blank, against
    // which a fragment resolves, and nothing else (not even "").
    let mut t = Tree::new();
    let d = t.el(
        0,
        "div",
        &[
            ("itemscope", ""),
            ("itemid", "#me"),
            ("itemtype", "http://t/"),
        ],
    );
    for href in ["#frag", "", "x", "?q"] {
        t.el(d, "a", &[("itemprop", "u"), ("href", href)]);
    }
    let doc = Document::new(t.root());
    assert_eq!(doc.url(), None);
    assert_eq!(doc.base_url(), None);
    assert_eq!(doc.effective_base_url().as_str(), "about:blank");
    assert_eq!(
        doc.to_json(),
        r#"{"items":[{"type":["http://t/"],"id":"about:blank#me","properties":{"u":["about:blank#frag","","",""]}}]}"#
    );
    // The itemid is valid; the other three are not resolvable.
    assert_eq!(kinds(&doc), [ErrorKind::UnresolvableUrl; 3]);
}

#[cfg(feature = "json")]
#[test]
fn deep_nesting_does_not_overflow() {
    const DEPTH: usize = 100_000;
    let mut t = Tree::new();
    let mut parent = 0;
    for _ in 0..DEPTH {
        parent = t.el(parent, "div", &[("itemscope", ""), ("itemprop", "c")]);
    }
    // The outermost is made top-level by dropping its itemprop.
    if let Data::Element { attrs, .. } = &mut t.nodes[1] {
        attrs.retain(|(n, _)| n != "itemprop");
    }
    let doc = Document::new(t.root());
    assert_eq!(doc.all_items().len(), DEPTH);
    let json = doc.to_json();
    assert_eq!(json.matches("\"c\"").count(), DEPTH - 1);
    assert!(doc.errors().is_empty());
}

#[test]
fn shared_block_is_found_once_per_item() {
    let mut t = Tree::new();
    let block = t.el(0, "div", &[("id", "b")]);
    for _ in 0..50 {
        let p = t.el(block, "p", &[("itemprop", "x")]);
        t.text(p, "v");
    }
    for _ in 0..100 {
        t.el(0, "div", &[("itemscope", ""), ("itemref", "b")]);
    }
    let doc = Document::new(t.root());
    for item in doc.items() {
        assert_eq!(item.properties().len(), 50);
    }
    assert!(doc.errors().is_empty());
}

#[test]
fn ids_resolve_to_the_first_element_in_tree_order() {
    // IDs out of order, repeated, empty and on a foreign element: lookups
    // and `itemref` both take the first element with the ID.
    let mut t = Tree::new();
    let body = t.el(0, "body", &[]);
    t.el(body, "div", &[("itemscope", ""), ("itemref", "b zz a")]);
    t.el(body, "p", &[("id", "b"), ("itemprop", "first")]);
    t.el(body, "p", &[("id", "a"), ("itemprop", "second")]);
    t.el(body, "p", &[("id", "b"), ("itemprop", "third")]);
    t.el(body, "p", &[("id", ""), ("itemprop", "fourth")]);
    t.foreign(body, "svg", &[("id", "s")]);
    let doc = Document::new(t.root());
    let index = |id| doc.element_by_id(id).map(|e| e.index());
    assert_eq!(index("b"), Some(2));
    assert_eq!(index("a"), Some(3));
    assert_eq!(index("s"), Some(6));
    assert_eq!(index(""), None);
    assert_eq!(index("zz"), None);
    assert_eq!(index("c"), None);
    let item = doc.all_items().next().unwrap();
    assert_eq!(item.element().index(), 1);
    let targets: Vec<usize> = item.itemref_targets().map(|e| e.index()).collect();
    assert_eq!(targets, [2, 3]);
    assert_eq!(item.names(), ["first", "second"]);
    assert!(kinds(&doc).contains(&ErrorKind::MissingItemrefTarget));
}

/// A tree that breaks the `Node` contract: from its second walk on, the
/// root's last child is gone.
#[derive(Clone, Copy, Debug)]
struct Shrinking<'a> {
    node: H<'a>,
    walks: &'a std::cell::Cell<u32>,
}

impl PartialEq for Shrinking<'_> {
    fn eq(&self, o: &Self) -> bool {
        self.node == o.node
    }
}
impl Eq for Shrinking<'_> {}
impl std::hash::Hash for Shrinking<'_> {
    fn hash<S: std::hash::Hasher>(&self, s: &mut S) {
        self.node.hash(s)
    }
}

impl<'a> Node<'a> for Shrinking<'a> {
    fn kind(self) -> NodeKind {
        self.node.kind()
    }
    fn local_name(self) -> Option<&'a str> {
        self.node.local_name()
    }
    fn is_html(self) -> bool {
        self.node.is_html()
    }
    fn attrs(self) -> impl Iterator<Item = Attribute<'a>> {
        self.node.attrs()
    }
    fn text(self) -> Option<&'a str> {
        self.node.text()
    }
    fn children(self) -> impl Iterator<Item = Self> {
        let mut children: Vec<H<'a>> = self.node.children().collect();
        if self.node.1 == 0 {
            self.walks.set(self.walks.get() + 1);
            if self.walks.get() > 1 {
                children.pop();
            }
        }
        let walks = self.walks;
        children
            .into_iter()
            .map(move |node| Shrinking { node, walks })
    }
}

#[test]
fn a_tree_that_changes_between_walks_does_not_panic() {
    // The element API's table and the text are gathered by later walks:
    // they must cope with a tree that no longer has what indexing saw.
    let mut t = Tree::new();
    let item = t.el(0, "div", &[("itemscope", "")]);
    let p = t.el(item, "p", &[("itemprop", "a"), ("lang", "en")]);
    t.text(p, "x");
    let last = t.el(0, "section", &[("itemscope", ""), ("lang", "fr")]);
    let q = t.el(last, "span", &[("itemprop", "b")]);
    t.text(q, "y");
    let walks = std::cell::Cell::new(0);
    let root = Shrinking {
        node: t.root(),
        walks: &walks,
    };
    let doc = Document::new(root);
    assert_eq!(doc.len(), 4);
    assert_eq!(doc.all_items().count(), 2);
    #[cfg(feature = "json")]
    assert_eq!(doc.to_json().matches("properties").count(), 2);
    for el in doc.elements() {
        let _ = (
            el.parent(),
            el.lang(),
            el.scope(),
            el.item(),
            el.text_content(),
        );
        let _ = (
            el.children().count(),
            el.descendants().count(),
            el.is_html(),
        );
    }
    let _ = doc.errors();
    assert!(walks.get() > 1);
}

#[test]
fn the_walks_after_indexing_number_elements_as_indexing_does() {
    // A document node nested inside an element (as some trees hang
    // fragments): indexing, the element table and the document text all
    // walk through it and must agree on every element's index.
    let mut t = Tree::new();
    let body = t.el(0, "body", &[("lang", "en")]);
    let inner = t.push_child(body, Data::Document(Vec::new()));
    let item = t.el(inner, "div", &[("itemscope", "")]);
    let a = t.el(item, "span", &[("itemprop", "a"), ("lang", "fr")]);
    t.text(a, "x");
    t.text(inner, "loose ");
    let b = t.el(body, "p", &[("itemprop", "b")]);
    t.text(b, "y");
    let doc = Document::new(t.root());
    // Tree order: body, div, span, p.
    assert_eq!(doc.len(), 4);
    let item = doc.all_items().next().unwrap();
    assert_eq!(item.element().index(), 1);
    assert_eq!(doc.element_at(1).unwrap().item(), Some(item));
    let span = doc.element_at(2).unwrap();
    assert_eq!(span.scope(), Some(item));
    assert_eq!(span.parent().map(|p| p.index()), Some(1));
    assert_eq!(span.lang(), Some("fr"));
    assert!(span.has_property_names());
    // Under the nested document node: no parent element, but the body's
    // language still applies.
    let div = doc.element_at(1).unwrap();
    assert_eq!(div.parent(), None);
    assert_eq!(div.lang(), Some("en"));
    let p = doc.element_at(3).unwrap();
    assert_eq!(p.scope(), None);
    assert!(p.has_property_names());
    assert_eq!(doc.element_at(0).unwrap().text_content(), "xloose y");
    assert_eq!(div.text_content(), "x");
    assert_eq!(item.get("a").unwrap().as_str(), Some("x"));
}

#[test]
fn owned_errors_and_debug_summaries() {
    let mut t = Tree::new();
    t.el(0, "p", &[("id", "x"), ("itemprop", "lost")]);
    let item = t.el(0, "div", &[("itemscope", ""), ("itemref", "gone")]);
    t.el(item, "b", &[("itemprop", "n")]);
    t.el(item, "i", &[("itemprop", "n m")]);
    let doc = Document::new(t.root());
    let errors = doc.errors();
    let owned: Vec<crate::OwnedMicrodataError> = errors.iter().map(|e| e.to_owned()).collect();
    assert_eq!(owned.len(), 2);
    for (e, o) in errors.iter().zip(&owned) {
        assert_eq!(e.to_string(), o.to_string());
        assert_eq!(
            (e.kind(), e.element().index(), e.detail()),
            (o.kind(), o.element(), o.detail())
        );
    }
    let kind = |k| owned.iter().find(|o| o.kind() == k).unwrap();
    assert_eq!(kind(ErrorKind::UnownedProperty).id(), Some("x"));
    assert_eq!(kind(ErrorKind::MissingItemrefTarget).detail(), Some("gone"));
    assert_eq!(
        crate::OwnedMicrodataError::from(errors[1].clone()),
        owned[1]
    );

    let item = doc.items().next().unwrap();
    let map = crate::vocab::PropertyMap::new(item);
    assert_eq!(
        format!("{map:?}"),
        r#"PropertyMap { item: <div>#1, names: [("m", 1), ("n", 2)], .. }"#
    );
    // The index-range iterators go both ways and can be cloned.
    let names: Vec<&str> = doc.elements().rev().map(|e| e.local_name()).collect();
    assert_eq!(names, ["i", "b", "div", "p"]);
    let all = doc.all_items();
    assert_eq!(all.clone().count() + all.rev().count(), 2);
    let mut desc = item.element().descendants();
    assert_eq!(desc.next_back().map(|e| e.local_name()), Some("i"));
    let mut checker = crate::vocab::Checker::new();
    assert!(checker.map(item).is_some());
    assert_eq!(
        format!("{checker:?}"),
        "Checker { warnings: 0, reads: 2, stopped: false, .. }"
    );
}
