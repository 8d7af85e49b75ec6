//! The document index: one traversal of the tree, then every microdata
//! question is answered from flat tables.

use foldhash::HashMap;
use url::Url;

use crate::element::{Element, url_attribute_of};
use crate::item::Item;
use crate::node::{Node, NodeKind};

/// Marks "no element" / "no item" in the index tables.
pub(crate) const NONE: u32 = u32::MAX;

/// Per-element facts, one per element of the page (24 bytes): built on
/// first use by a walk of the tree alone (see [`Document::table`]), as the
/// JSON conversion never reads them.
#[derive(Clone, Copy)]
pub(crate) struct ElementData {
    /// Index of the parent element, or [`NONE`] for the document's children.
    pub(crate) parent: u32,
    /// One past the index of the last descendant: the subtree is `idx..end`.
    pub(crate) end: u32,
    /// Nearest strict ancestor that is an HTML element with `itemscope`, as
    /// an item index, or [`NONE`].
    pub(crate) scope: u32,
    /// The item this element creates (HTML element with `itemscope`), or [`NONE`].
    pub(crate) item: u32,
    /// The element whose `lang` attribute applies here, or [`NONE`].
    pub(crate) lang_from: u32,
    /// Whether `itemprop` has at least one property name (the element is
    /// in [`Document::props`]).
    pub(crate) named: bool,
}

/// Where a property value comes from (WHATWG HTML §5.2.4), decided once from
/// the element's name and attributes: see [`value_source`]. `V` is how an
/// attribute value is held: see [`Source`] and [`Stored`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SourceOf<V> {
    /// The element has `itemscope`: the item it creates.
    Item(u32),
    /// A URL property element: the attribute holding the URL, if present.
    Url(V),
    /// `meta` `content`, `data`/`meter` `value`, or a `time` element's
    /// `datetime`: that attribute's value, the empty string when absent.
    Attr(V),
    /// A `time` element without `datetime`: its child text content (the
    /// element's datetime value), copied into
    /// [`Document::child_text`] at the property's text range while
    /// indexing.
    ChildText,
    /// A short [`Source::Attr`] value, copied into [`Document::copied`] at
    /// the property's text range while indexing.
    Copied,
    /// Any other element: its `textContent`.
    Text,
}

/// A value source with the attribute value itself, if present.
pub(crate) type Source<'a> = SourceOf<Option<&'a str>>;

/// A [`Source`] as the index stores it (8 bytes): attribute values as
/// indexes into [`Document::values`], [`NONE`] for an absent attribute.
pub(crate) type Stored = SourceOf<u32>;

impl<V> SourceOf<V> {
    /// The same source with its attribute value, if any, mapped by `f`.
    fn map<W>(self, f: impl FnOnce(V) -> W) -> SourceOf<W> {
        match self {
            SourceOf::Item(item) => SourceOf::Item(item),
            SourceOf::Url(v) => SourceOf::Url(f(v)),
            SourceOf::Attr(v) => SourceOf::Attr(f(v)),
            SourceOf::ChildText => SourceOf::ChildText,
            SourceOf::Copied => SourceOf::Copied,
            SourceOf::Text => SourceOf::Text,
        }
    }
}

/// The value source of an HTML element named `name` that creates `item`
/// (or [`NONE`]), reading its attributes through `attr`: the one place that
/// decides which kind of value an element has (§5.2.4).
pub(crate) fn value_source<'a>(
    item: u32,
    name: &str,
    attr: impl Fn(&str) -> Option<&'a str>,
) -> Source<'a> {
    if item != NONE {
        return Source::Item(item);
    }
    if let Some(url_attr) = url_attribute_of(name) {
        return Source::Url(attr(url_attr));
    }
    match name {
        "meta" => Source::Attr(attr("content")),
        "data" | "meter" => Source::Attr(attr("value")),
        // The datetime value: the `datetime` attribute, else the child text
        // content.
        "time" => match attr("datetime") {
            Some(dt) => Source::Attr(Some(dt)),
            None => Source::ChildText,
        },
        _ => Source::Text,
    }
}

/// Per-property-element facts (elements with at least one property name),
/// in tree order: what the conversions read, kept apart from the elements
/// so that writing a value touches neither the tree nor the element table.
#[derive(Clone, Copy)]
pub(crate) struct PropData {
    /// The element index.
    pub(crate) element: u32,
    /// The element's scope (see [`ElementData::scope`]).
    pub(crate) scope: u32,
    /// Range into [`Document::prop_names`]: the property names, as indexes
    /// into [`Document::names`], duplicates dropped.
    pub(crate) names: (u32, u32),
    /// Byte range of the element's `textContent` in [`Document::text`]
    /// (for [`Source::Text`]), of its child text content in
    /// [`Document::child_text`] (for [`Source::ChildText`]), or of its
    /// attribute value in [`Document::copied`] (for [`Source::Copied`]).
    pub(crate) text: (u32, u32),
    /// Where the value comes from: see [`Document::source`].
    pub(crate) source: Stored,
}

/// Per-item facts.
pub(crate) struct ItemData<'a> {
    /// The element index.
    pub(crate) element: u32,
    /// Range into [`Document::types`].
    pub(crate) types: (u32, u32),
    /// The global identifier, if `itemid` resolved: an index into
    /// [`Document::item_ids`], or [`NONE`].
    pub(crate) id: u32,
    /// Range into [`Document::refs`].
    pub(crate) refs: (u32, u32),
    /// The raw `itemref` attribute, if any.
    pub(crate) itemref: Option<&'a str>,
    /// Whether the element has no `itemprop` attribute (a top-level item).
    pub(crate) top: bool,
}

/// An element with an ID (a non-empty `id` attribute): a possible
/// `itemref` target, with what the crawl from it needs (see
/// `Document::crawl_slice`).
#[derive(Clone, Copy)]
pub(crate) struct IdEntry<'a> {
    /// The ID.
    pub(crate) id: &'a str,
    /// The element index.
    pub(crate) element: u32,
    /// One past the index of its last descendant.
    pub(crate) end: u32,
    /// See [`ElementData::scope`].
    pub(crate) scope: u32,
    /// See [`ElementData::item`].
    pub(crate) item: u32,
}

/// A frame of the indexing walk's explicit stack: the element's index
/// (NONE for the root), its children iterator, the scope/lang its children
/// see, its property (index into `props`, or NONE), whether the text under
/// it is copied into `doc.text`, whether its own text children are copied
/// (into the walk's buffer, then `doc.child_text`), and its entry in `ids`
/// (or NONE).
struct Frame<I> {
    element: u32,
    children: I,
    scope: u32,
    lang_from: u32,
    prop: u32,
    copy: bool,
    child_text: bool,
    target: u32,
}

/// What [`Document::open_element`] recorded about an element.
#[derive(Clone, Copy)]
struct Opened {
    element: u32,
    /// The scope it was opened in.
    scope: u32,
    item: u32,
    lang_from: u32,
    /// Its property (index into `props`), or NONE.
    prop: u32,
    /// Its entry in `ids`, or NONE.
    target: u32,
}

/// One step of [`Document::walk`].
enum Step<N> {
    /// The next element in index order. `parent` is its parent element
    /// ([`NONE`] under a document node); `enclosing` the nearest element
    /// around it, through document nodes.
    Open { parent: u32, enclosing: u32 },
    /// A text node.
    Text(N),
    /// The end of element `idx`'s subtree.
    Close(u32),
}

/// `next`, advanced, if the record `list[next]` belongs to element `idx`
/// (`element` says which element a record belongs to); else [`NONE`].
fn take_if<T>(next: &mut usize, list: &[T], element: impl Fn(&T) -> u32, idx: u32) -> u32 {
    if list.get(*next).map(element) == Some(idx) {
        *next += 1;
        *next as u32 - 1
    } else {
        NONE
    }
}

/// An indexed HTML document, ready for microdata queries.
///
/// Building it walks the tree once (without recursion) and records the
/// items, the property elements and their values' sources, the text the
/// values read, the ID map, the base URL, the `<title>` element and the
/// elements that set a language: what the JSON conversion reads, and
/// nothing per element. The per-element table (tree order, parents,
/// subtree extents, scopes, inherited languages) that the [`Element`] API
/// reads is built on first use by a second walk of the tree alone. Every
/// query after that reads these tables.
///
/// # Examples
///
/// See [`Node`] for a complete example with a hand-made tree;
/// `microdata-scraper` offers `Document`s built from HTML strings.
pub struct Document<'a, N: Node<'a>> {
    root: N,
    url: Option<Url>,
    base_url: Option<Url>,
    /// The document's character encoding, for URL queries (see
    /// [`QueryEncoder`]); `None` for UTF-8.
    query_encoder: Option<QueryEncoder>,
    /// Every element's node, in tree order: the one thing indexing
    /// records per element.
    pub(crate) nodes: Vec<N>,
    /// The rest of the per-element facts: see [`table`](Self::table).
    pub(crate) elements: std::sync::OnceLock<Vec<ElementData>>,
    /// The elements with a `lang` (HTML elements) or `xml:lang` attribute,
    /// in tree order.
    langs: Vec<u32>,
    /// The elements with an ID, in tree order.
    pub(crate) ids: Vec<IdEntry<'a>>,
    /// Indexes into [`ids`](Self::ids) sorted by ID, tree order among
    /// equal IDs: built on first use by [`element_by_id`](Self::element_by_id).
    id_order: std::sync::OnceLock<Vec<u32>>,
    /// The resolved global identifiers, by [`ItemData::id`].
    pub(crate) item_ids: Vec<Url>,
    pub(crate) items: Vec<ItemData<'a>>,
    pub(crate) types: Vec<&'a str>,
    /// Per entry of [`types`](Self::types), the distinct type it is (types
    /// numbered in the order first met), so that a conversion can prepare
    /// each distinct type once.
    pub(crate) type_ids: Vec<u32>,
    /// The number of distinct item types.
    pub(crate) type_count: u32,
    pub(crate) refs: Vec<u32>,
    /// Missing `itemref` targets: (item index, token).
    pub(crate) missing_refs: Vec<(u32, &'a str)>,
    /// The property elements (at least one property name), in tree order.
    pub(crate) props: Vec<PropData>,
    /// The attribute values that property values read in place (see
    /// [`Stored`]).
    pub(crate) values: Vec<&'a str>,
    /// The property names of each property element, as indexes into `names`.
    pub(crate) prop_names: Vec<u32>,
    /// The distinct property names of the document, in the order first met.
    pub(crate) names: Vec<&'a str>,
    /// Property elements grouped by scope (CSR): the [`props`](Self::props)
    /// indexes of scope `s` (item index, or `items.len()` for "no item") are
    /// `scoped[scope_start[s]..scope_start[s + 1]]`, in tree order.
    pub(crate) scope_start: Vec<u32>,
    pub(crate) scoped: Vec<u32>,
    /// The text under property elements whose value is their
    /// `textContent`, concatenated in tree order (nested ones share theirs):
    /// all that the conversions read, copied once.
    pub(crate) text: String,
    /// The child text content of `time` property elements without
    /// `datetime` ([`Source::ChildText`]), each written whole when its
    /// element closes (so in the order the elements end).
    pub(crate) child_text: String,
    /// Short attribute values ([`Source::Copied`]), in tree order. Apart
    /// from [`Document::text`], where a `meta` inside a text-valued
    /// property would otherwise land in the middle of that property's text.
    pub(crate) copied: String,
    /// All text nodes' data, concatenated in tree order, with each
    /// element's `textContent` range in it: gathered on first use, as only
    /// `Element::text_content` asks for it.
    pub(crate) all_text: std::sync::OnceLock<AllText>,
    title: u32,
    default_lang: Option<&'a str>,
}

impl<'a, N: Node<'a>> Document<'a, N> {
    /// Indexes the tree under `root` (normally the document node) with no
    /// document URL. As in HTML, such a document's URL is `about:blank`,
    /// and URLs are resolved against it: a fragment (`#top`) gives
    /// `about:blank#top`, while every other relative URL, the empty string
    /// included, fails to resolve (URL property values are then empty
    /// strings). [`url`](Self::url) and [`base_url`](Self::base_url) stay
    /// `None`, telling that no URL was given.
    pub fn new(root: N) -> Self {
        Self::build(root, None, None)
    }

    /// Indexes the tree under `root` with `url` as the document's URL (the
    /// fallback base URL when there is no `<base href>`).
    pub fn with_url(root: N, url: Url) -> Self {
        Self::build(root, Some(url), None)
    }

    /// Indexes the tree under `root`, with `url` as the document's URL if
    /// given, for a document whose character encoding is not UTF-8:
    /// `encoder` encodes the query of `http`, `https`, `ftp` and `file`
    /// URLs, as HTML's "encoding-parse a URL" does with the document's
    /// encoding (the URL Standard percent-encodes those queries' bytes in
    /// it; paths and fragments stay UTF-8).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use std::borrow::Cow;
    /// use microdata_model::Document;
    ///
    /// // <a href="/é?q=é#é"> in a windows-1252 page (é is byte 0xE9 there).
    /// let tree: &'static [Row] = &[(Some("a"), "", &[("href", "/é?q=é#é")], &[])];
    /// fn latin1(s: &str) -> Cow<'_, [u8]> {
    ///     Cow::Owned(s.chars().map(|c| u8::try_from(c).unwrap_or(b'?')).collect())
    /// }
    /// let url = "http://example.com/".parse()?;
    /// let doc = Document::with_query_encoder(N(tree, 0), Some(url), Box::new(latin1));
    /// assert_eq!(
    ///     doc.resolve_url("/é?q=é#é").map(String::from).as_deref(),
    ///     Some("http://example.com/%C3%A9?q=%E9#%C3%A9")
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_query_encoder(root: N, url: Option<Url>, encoder: QueryEncoder) -> Self {
        Self::build(root, url, Some(encoder))
    }

    fn build(root: N, url: Option<Url>, query_encoder: Option<QueryEncoder>) -> Self {
        let mut doc = Document {
            root,
            base_url: None,
            query_encoder,
            url,
            nodes: Vec::new(),
            elements: std::sync::OnceLock::new(),
            langs: Vec::new(),
            ids: Vec::new(),
            id_order: std::sync::OnceLock::new(),
            item_ids: Vec::new(),
            items: Vec::new(),
            types: Vec::new(),
            type_ids: Vec::new(),
            type_count: 0,
            refs: Vec::new(),
            missing_refs: Vec::new(),
            props: Vec::new(),
            values: Vec::new(),
            prop_names: Vec::new(),
            names: Vec::new(),
            scope_start: Vec::new(),
            scoped: Vec::new(),
            text: String::new(),
            child_text: String::new(),
            copied: String::new(),
            all_text: std::sync::OnceLock::new(),
            title: NONE,
            default_lang: None,
        };
        let mut scratch = Scratch::default();
        // One entry per element: sized once when the tree can tell (see
        // `Node::element_count_hint`), capped at what the u32 indexes can
        // number; an allocation refused here only means growing as we go.
        if let Some(hint) = root.element_count_hint() {
            let hint = hint.min(u32::MAX as usize);
            _ = doc.nodes.try_reserve_exact(hint);
        }

        // The traversal of `walk`, written out (see there) so that each
        // frame carries the element's state along with its children.
        let mut stack = Vec::new();
        let root_frame = |children| Frame {
            element: NONE,
            children,
            scope: NONE,
            lang_from: NONE,
            prop: NONE,
            copy: false,
            child_text: false,
            target: NONE,
        };
        if root.kind() == NodeKind::Element {
            // Rooted at an element rather than a document: index it too.
            let el = doc.open_element(root, NONE, NONE, &mut scratch);
            stack.push(doc.frame(el, root.children(), false));
        } else {
            stack.push(root_frame(root.children()));
        }
        while let Some(top) = stack.last_mut() {
            let Some(child) = top.children.next() else {
                let frame = stack.pop().expect("stack is not empty");
                if frame.element != NONE {
                    if let Some(t) = doc.ids.get_mut(frame.target as usize) {
                        t.end = doc.nodes.len() as u32;
                    }
                    if doc.reads_text(frame.prop) {
                        doc.props[frame.prop as usize].text.1 = doc.text.len() as u32;
                    } else if frame.child_text {
                        // The child text content is this element's own text
                        // children only: a `time` property nested in it has
                        // already moved its own text out of `open_child_text`,
                        // so what follows this element's start is all its.
                        let prop = &mut doc.props[frame.prop as usize];
                        let start = prop.text.0 as usize;
                        let begin = doc.child_text.len() as u32;
                        doc.child_text.push_str(&scratch.open_child_text[start..]);
                        scratch.open_child_text.truncate(start);
                        prop.text = (begin, doc.child_text.len() as u32);
                    }
                }
                continue;
            };
            match child.kind() {
                // Text no value reads is not even looked at.
                NodeKind::Text if top.copy || top.child_text => {
                    if let Some(t) = child.text() {
                        if top.copy {
                            doc.text.push_str(t);
                        }
                        if top.child_text {
                            scratch.open_child_text.push_str(t);
                        }
                    }
                }
                NodeKind::Element => {
                    let (scope, lang_from, copy) = (top.scope, top.lang_from, top.copy);
                    let el = doc.open_element(child, scope, lang_from, &mut scratch);
                    let frame = doc.frame(el, child.children(), copy);
                    stack.push(frame);
                }
                NodeKind::Document => {
                    let frame = Frame {
                        scope: top.scope,
                        lang_from: top.lang_from,
                        copy: top.copy,
                        ..root_frame(child.children())
                    };
                    stack.push(frame);
                }
                NodeKind::Text => {}
                NodeKind::Other => {}
            }
        }

        // The document base URL: the first `base` element with an `href`,
        // parsed against the document's fallback base URL (its URL). HTML's
        // "set the frozen base URL", step 3: a failure, or a `data:` or
        // `javascript:` URL, gives the fallback base URL instead.
        doc.base_url = match scratch.base_href {
            Some(href) => doc
                .parse_url(href, doc.url.as_ref())
                .filter(|url| !matches!(url.scheme(), "data" | "javascript"))
                .or_else(|| doc.url.clone()),
            None => doc.url.clone(),
        };
        // Items with the same `itemid` text share one parsed URL: each is
        // as long as the base URL can make it, so a copy per item would
        // grow with items times the base URL's length.
        let mut parsed: HashMap<&'a str, u32> = HashMap::default();
        for (item, itemid) in scratch.itemids {
            let id = match parsed.get(itemid) {
                Some(&id) => id,
                None => {
                    let id = match doc.parse_url(itemid, doc.base_url.as_ref()) {
                        Some(url) => {
                            doc.item_ids.push(url);
                            doc.item_ids.len() as u32 - 1
                        }
                        None => NONE,
                    };
                    parsed.insert(itemid, id);
                    id
                }
            };
            doc.items[item as usize].id = id;
        }
        doc.resolve_itemrefs();
        doc.group_properties();
        doc
    }

    /// The walk's frame for the element just opened, whose parent frame
    /// copies its text if `copy`.
    fn frame<I>(&self, el: Opened, children: I, copy: bool) -> Frame<I> {
        let source = self.props.get(el.prop as usize).map(|p| p.source);
        Frame {
            element: el.element,
            children,
            scope: if el.item != NONE { el.item } else { el.scope },
            lang_from: el.lang_from,
            prop: el.prop,
            // Nested text-valued properties share the outer one's text.
            copy: copy || source == Some(Stored::Text),
            child_text: source == Some(Stored::ChildText),
            target: el.target,
        }
    }

    /// Records one element: its item, property, ID and language, if any.
    fn open_element(
        &mut self,
        node: N,
        scope: u32,
        inherited_lang: u32,
        scratch: &mut Scratch<'a>,
    ) -> Opened {
        let idx = self.nodes.len() as u32;
        self.nodes.push(node);
        let html = node.is_html();
        let (mut itemscope, mut itemprop, mut itemtype, mut itemid, mut itemref) =
            (false, None, None, None, None);
        let mut lang_from = inherited_lang;
        let mut http_equiv: Option<&str> = None;
        // The first `id` attribute decides (an element with `id=""` has no
        // ID, whatever a repeated `id` says).
        let (mut id, mut id_seen) = (None, false);
        // Every attribute read here, and those a value or the document may
        // read: the first of a repeated name wins, as in `Node::attr` (an
        // HTML parser drops the repeats; a hand-built tree may not).
        let mut found = Found::default();
        // One pass over the attributes, comparing names as strings: no
        // per-lookup interning on the hot path.
        for a in node.attrs() {
            if a.prefix.is_some() {
                // `xml:lang` wins over `lang` (HTML §3.2.6.2).
                if a.name == "lang" && a.prefix == Some("xml") {
                    lang_from = idx;
                }
                continue;
            }
            // One decision over every name the index reads: most
            // attributes (`class`, `style`, ...) are none of them.
            match a.name {
                "id" if !id_seen => {
                    id_seen = true;
                    id = Some(a.value).filter(|v| !v.is_empty());
                }
                "lang" if html => lang_from = idx,
                "itemscope" if html => itemscope = true,
                "itemprop" if html && itemprop.is_none() => itemprop = Some(a.value),
                "itemtype" if html && itemtype.is_none() => itemtype = Some(a.value),
                "itemid" if html && itemid.is_none() => itemid = Some(a.value),
                "itemref" if html && itemref.is_none() => itemref = Some(a.value),
                "http-equiv" => _ = http_equiv.get_or_insert(a.value),
                "href" => _ = found.href.get_or_insert(a.value),
                "src" => _ = found.src.get_or_insert(a.value),
                "data" => _ = found.data.get_or_insert(a.value),
                "content" => _ = found.content.get_or_insert(a.value),
                "value" => _ = found.value.get_or_insert(a.value),
                "datetime" => _ = found.datetime.get_or_insert(a.value),
                _ => {}
            }
        }
        if lang_from == idx {
            self.langs.push(idx);
        }
        let mut item = NONE;
        if itemscope {
            item = self.items.len() as u32;
            let start = self.types.len() as u32;
            if let Some(t) = itemtype {
                // Each distinct type once: the conversions then read one
                // copy of the bytes, already read here by the split.
                for token in split_ascii_whitespace(t) {
                    let next = (token, self.type_count);
                    let (first, id) = *scratch.types.entry(token).or_insert(next);
                    if id == self.type_count {
                        self.type_count += 1;
                    }
                    self.types.push(first);
                    self.type_ids.push(id);
                }
            }
            if let Some(id) = itemid {
                scratch.itemids.push((item, id));
            }
            self.items.push(ItemData {
                element: idx,
                types: (start, self.types.len() as u32),
                id: NONE,
                refs: (0, 0),
                itemref,
                top: itemprop.is_none(),
            });
        }
        let mut target = NONE;
        if let Some(id) = id {
            target = self.ids.len() as u32;
            self.ids.push(IdEntry {
                id,
                element: idx,
                end: idx + 1,
                scope,
                item,
            });
        }
        let name = node.local_name().unwrap_or("");
        if html {
            match name {
                "base" if scratch.base_href.is_none() => scratch.base_href = found.href,
                "title" if self.title == NONE => self.title = idx,
                // The pragma-set default language (HTML §4.2.5.3, "Content
                // language state"), set each time such a `meta` is inserted,
                // so the last one in tree order wins: none if the content
                // has a comma (step 2), else its first whitespace-separated
                // token (steps 5-7), unless that is empty (step 8).
                "meta"
                    if http_equiv.is_some_and(|v| v.eq_ignore_ascii_case("content-language")) =>
                {
                    if let Some(c) = found.content.filter(|c| !c.contains(',')) {
                        if let Some(first) = split_ascii_whitespace(c).next() {
                            self.default_lang = Some(first);
                        }
                    }
                }
                _ => {}
            }
        }
        let prop_start = self.props.len() as u32;
        // Property names: split, duplicates dropped (§5.2.3), each interned
        // once for the whole document.
        let names_start = self.prop_names.len() as u32;
        for token in split_ascii_whitespace(itemprop.unwrap_or("")) {
            let next = self.names.len() as u32;
            let id = *scratch.name_ids.entry(token).or_insert(next);
            if id == next {
                self.names.push(token);
                scratch.last_prop.push(NONE);
            }
            // A repeated token of this element is already listed.
            if std::mem::replace(&mut scratch.last_prop[id as usize], prop_start) != prop_start {
                self.prop_names.push(id);
            }
        }
        let mut prop = NONE;
        if self.prop_names.len() as u32 > names_start {
            let mut source = value_source(item, name, |a| found.get(a));
            let text = match source {
                // A short attribute value sits inside the element's
                // attribute list, which is being read anyway: copying it now
                // spares the conversion a trip back into the tree.
                Source::Attr(Some(v)) if v.len() <= SHORT_VALUE => {
                    source = Source::Copied;
                    let start = self.copied.len() as u32;
                    self.copied.push_str(v);
                    (start, self.copied.len() as u32)
                }
                // Where its text will start in the walk's buffer, which moves
                // it to `child_text` when the element closes.
                Source::ChildText => {
                    let at = scratch.open_child_text.len() as u32;
                    (at, at)
                }
                // For a text value, the walk sets the end when the element
                // closes.
                _ => {
                    let at = self.text.len() as u32;
                    (at, at)
                }
            };
            prop = prop_start;
            let stored = self.store(source);
            self.props.push(PropData {
                element: idx,
                scope,
                names: (names_start, self.prop_names.len() as u32),
                text,
                source: stored,
            });
        }
        Opened {
            element: idx,
            scope,
            item,
            lang_from,
            prop,
            target,
        }
    }

    /// `source` as the index stores it.
    fn store(&mut self, source: Source<'a>) -> Stored {
        source.map(|v| match v {
            Some(v) => {
                self.values.push(v);
                self.values.len() as u32 - 1
            }
            None => NONE,
        })
    }

    /// Where the value of property element `prop` comes from.
    pub(crate) fn source(&self, prop: &PropData) -> Source<'a> {
        prop.source.map(|i| self.values.get(i as usize).copied())
    }

    /// Whether property `prop`'s value is its `textContent`, so the walk
    /// copies the text under it.
    fn reads_text(&self, prop: u32) -> bool {
        prop != NONE && self.props[prop as usize].source == Stored::Text
    }

    /// The per-element table, built on first use: a walk of the tree that
    /// reads no attribute (the same walk as indexing, so its elements come
    /// in the same order), merged with what indexing recorded in tree order
    /// (items, property elements, language attributes).
    pub(crate) fn table(&self) -> &[ElementData] {
        self.elements.get_or_init(|| self.build_table())
    }

    fn build_table(&self) -> Vec<ElementData> {
        let mut table: Vec<ElementData> = Vec::with_capacity(self.nodes.len());
        // Positions in the tree-ordered records.
        let (mut item, mut prop, mut lang) = (0, 0, 0);
        self.walk(|step| match step {
            Step::Open { parent, enclosing } => {
                let idx = table.len() as u32;
                // What the enclosing element's children see.
                let (scope, inherited_lang) = match table.get(enclosing as usize) {
                    Some(e) if e.item != NONE => (e.item, e.lang_from),
                    Some(e) => (e.scope, e.lang_from),
                    None => (NONE, NONE),
                };
                let item = take_if(&mut item, &self.items, |i| i.element, idx);
                let named = take_if(&mut prop, &self.props, |p| p.element, idx) != NONE;
                let sets_lang = take_if(&mut lang, &self.langs, |&l| l, idx) != NONE;
                table.push(ElementData {
                    parent,
                    end: idx + 1,
                    scope,
                    item,
                    lang_from: if sets_lang { idx } else { inherited_lang },
                    named,
                });
            }
            Step::Close(idx) => {
                let end = table.len() as u32;
                if let Some(e) = table.get_mut(idx as usize) {
                    e.end = end;
                }
            }
            Step::Text(_) => {}
        });
        // A tree that answers differently the second time (the `Node`
        // contract says it must not) still gets one entry per indexed
        // element, and no subtree past the last one.
        let n = self.nodes.len();
        table.truncate(n);
        while table.len() < n {
            let idx = table.len() as u32;
            table.push(ElementData {
                parent: NONE,
                end: idx + 1,
                scope: NONE,
                item: NONE,
                lang_from: NONE,
                named: false,
            });
        }
        for e in &mut table {
            e.end = e.end.min(n as u32);
        }
        table
    }

    /// Walks the tree as indexing does, so that elements come in the same
    /// order and get the same indexes (template contents and other
    /// non-element nodes skipped, nested document nodes walked through),
    /// without recursion: the one walk behind the data gathered after
    /// indexing.
    ///
    /// Indexing itself (`build`) writes the same traversal out by hand,
    /// with its per-element state on the walk's own stack: driven through
    /// this callback it ran 8% more instructions. A change to what either
    /// walks must be made to both.
    fn walk(&self, mut visit: impl FnMut(Step<N>)) {
        let mut next = 0;
        // Per open node: its children, its element index (NONE for a
        // document node), and the nearest element around its children.
        let mut stack = Vec::new();
        if self.root.kind() == NodeKind::Element {
            visit(Step::Open {
                parent: NONE,
                enclosing: NONE,
            });
            next = 1;
            stack.push((self.root.children(), 0, 0));
        } else {
            stack.push((self.root.children(), NONE, NONE));
        }
        while let Some((children, element, enclosing)) = stack.last_mut() {
            let (element, enclosing) = (*element, *enclosing);
            let Some(child) = children.next() else {
                if element != NONE {
                    visit(Step::Close(element));
                }
                stack.pop();
                continue;
            };
            match child.kind() {
                NodeKind::Element => {
                    visit(Step::Open {
                        parent: element,
                        enclosing,
                    });
                    stack.push((child.children(), next, next));
                    next += 1;
                }
                NodeKind::Document => stack.push((child.children(), NONE, enclosing)),
                NodeKind::Text => visit(Step::Text(child)),
                NodeKind::Other => {}
            }
        }
    }

    /// Element `idx`'s entry in [`ids`](Self::ids), if it has an ID.
    pub(crate) fn id_entry(&self, idx: u32) -> Option<&IdEntry<'a>> {
        self.ids
            .binary_search_by_key(&idx, |t| t.element)
            .ok()
            .map(|t| &self.ids[t])
    }

    /// The property of element `idx`, if it has property names.
    pub(crate) fn prop_index(&self, idx: u32) -> Option<u32> {
        self.props
            .binary_search_by_key(&idx, |p| p.element)
            .ok()
            .map(|p| p as u32)
    }

    /// The range of `props` inside the subtree `idx..end` of element `idx`.
    pub(crate) fn subtree_props(&self, idx: u32, end: u32) -> std::ops::Range<u32> {
        let lo = self.props.partition_point(|p| p.element < idx);
        let hi = self.props.partition_point(|p| p.element < end);
        lo as u32..hi as u32
    }

    /// All text of the document in tree order, and each element's
    /// `textContent` range in it. Gathered by a second walk on first use,
    /// the same walk as indexing (template contents and other non-element
    /// nodes skipped), so its elements come in the same order.
    pub(crate) fn all_text(&self) -> &AllText {
        self.all_text.get_or_init(|| {
            let mut text = String::new();
            let mut ranges = vec![(0u32, 0u32); self.nodes.len()];
            let mut next = 0;
            self.walk(|step| match step {
                Step::Open { .. } => {
                    if let Some(r) = ranges.get_mut(next) {
                        r.0 = text.len() as u32;
                    }
                    next += 1;
                }
                Step::Text(node) => text.push_str(node.text().unwrap_or("")),
                Step::Close(idx) => {
                    if let Some(r) = ranges.get_mut(idx as usize) {
                        r.1 = text.len() as u32;
                    }
                }
            });
            AllText { text, ranges }
        })
    }

    /// Resolves every `itemref` token to the first element with that ID.
    /// Only the IDs some `itemref` names are looked up, in a map of those
    /// tokens: it stays small however many IDs the page has.
    fn resolve_itemrefs(&mut self) {
        let mut wanted: HashMap<&'a str, u32> = HashMap::default();
        for item in &self.items {
            for token in split_ascii_whitespace(item.itemref.unwrap_or("")) {
                wanted.insert(token, NONE);
            }
        }
        if wanted.is_empty() {
            return;
        }
        for entry in &self.ids {
            if let Some(first) = wanted.get_mut(entry.id) {
                if *first == NONE {
                    *first = entry.element;
                }
            }
        }
        for i in 0..self.items.len() {
            let Some(itemref) = self.items[i].itemref else {
                continue;
            };
            let start = self.refs.len() as u32;
            for token in split_ascii_whitespace(itemref) {
                match wanted.get(token) {
                    Some(&target) if target != NONE => self.refs.push(target),
                    _ => self.missing_refs.push((i as u32, token)),
                }
            }
            self.items[i].refs = (start, self.refs.len() as u32);
        }
    }

    /// Groups the property elements by their scope item, in tree order (a
    /// counting sort: linear).
    fn group_properties(&mut self) {
        let groups = self.items.len() + 1;
        let group_of = |p: &PropData| {
            if p.scope == NONE {
                groups - 1
            } else {
                p.scope as usize
            }
        };
        let mut counts = vec![0u32; groups + 1];
        for p in &self.props {
            counts[group_of(p) + 1] += 1;
        }
        for g in 0..groups {
            counts[g + 1] += counts[g];
        }
        let mut next = counts.clone();
        self.scoped = vec![0; self.props.len()];
        for (i, p) in self.props.iter().enumerate() {
            let g = group_of(p);
            self.scoped[next[g] as usize] = i as u32;
            next[g] += 1;
        }
        self.scope_start = counts;
    }

    /// The node the document was built from.
    pub fn root(&self) -> N {
        self.root
    }

    /// The document's URL, if one was given.
    pub fn url(&self) -> Option<&Url> {
        self.url.as_ref()
    }

    /// The document's URL, or `about:blank`, the URL HTML gives a document
    /// without one: what the converters write as "the document's address"
    /// (vCard's `SOURCE`, the RDF document subject, Atom's feed id).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    ///
    /// let tree: &'static [Row] = &[(Some("p"), "", &[], &[])];
    /// assert_eq!(Document::new(N(tree, 0)).effective_url().as_str(), "about:blank");
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/a".parse()?);
    /// assert_eq!(doc.effective_url().as_str(), "https://example.com/a");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn effective_url(&self) -> &Url {
        self.url.as_ref().unwrap_or_else(|| about_blank())
    }

    /// The document base URL: the first `<base href>` resolved against the
    /// document URL, or the document URL itself (also when that `href`
    /// fails to parse or gives a `data:` or `javascript:` URL, as HTML's
    /// "set the frozen base URL" says).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    ///
    /// let page = "https://example.com/dir/page.html";
    /// // <base href="/other/">
    /// let tree: &'static [Row] = &[(Some("base"), "", &[("href", "/other/")], &[])];
    /// let doc = Document::with_url(N(tree, 0), page.parse()?);
    /// assert_eq!(doc.base_url().map(|u| u.as_str()), Some("https://example.com/other/"));
    /// // <base href="data:,x">
    /// let tree: &'static [Row] = &[(Some("base"), "", &[("href", "data:,x")], &[])];
    /// let doc = Document::with_url(N(tree, 0), page.parse()?);
    /// assert_eq!(doc.base_url().map(|u| u.as_str()), Some(page));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn base_url(&self) -> Option<&Url> {
        self.base_url.as_ref()
    }

    /// The URL relative URLs are resolved against: [`base_url`](Self::base_url),
    /// or, in a document without a URL, `about:blank` (the URL HTML gives
    /// such a document, and so its fallback base URL).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    ///
    /// let tree: &'static [Row] = &[(Some("p"), "", &[], &[])];
    /// let doc = Document::new(N(tree, 0));
    /// assert_eq!(doc.base_url(), None);
    /// assert_eq!(doc.effective_base_url().as_str(), "about:blank");
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/a".parse()?);
    /// assert_eq!(doc.effective_base_url().as_str(), "https://example.com/a");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn effective_base_url(&self) -> &Url {
        self.base_url.as_ref().unwrap_or_else(|| about_blank())
    }

    /// Parses `input` relative to the document base URL, as HTML's "parse a
    /// URL" does; `None` when that fails. In a document without a URL the
    /// base is `about:blank` ([`effective_base_url`](Self::effective_base_url)),
    /// against which only a fragment resolves.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    ///
    /// let tree: &'static [Row] = &[(Some("p"), "", &[], &[])];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/a/b".parse()?);
    /// assert_eq!(doc.resolve_url("../c").map(String::from).as_deref(), Some("https://example.com/c"));
    /// let doc = Document::new(N(tree, 0));
    /// assert_eq!(doc.resolve_url("#top").map(String::from).as_deref(), Some("about:blank#top"));
    /// assert_eq!(doc.resolve_url("../c"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve_url(&self, input: &str) -> Option<Url> {
        self.parse_url(input, self.base_url.as_ref())
    }

    /// The URL parser's options for this document: its query encoding
    /// (see [`with_query_encoder`](Self::with_query_encoder)), no base. For
    /// converters that resolve against bases of their own (XML Base, say).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::{Document, Url};
    ///
    /// let tree: &'static [Row] = &[(Some("p"), "", &[], &[])];
    /// let doc = Document::new(N(tree, 0));
    /// let base: Url = "https://example.com/feed/".parse()?;
    /// let url = doc.url_options().base_url(Some(&base)).parse("entry?q=1")?;
    /// assert_eq!(url.as_str(), "https://example.com/feed/entry?q=1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn url_options(&self) -> url::ParseOptions<'_> {
        let encoder = self
            .query_encoder
            .as_deref()
            .map(|f| f as &dyn Fn(&str) -> std::borrow::Cow<'_, [u8]>);
        Url::options().encoding_override(encoder)
    }

    /// HTML's "encoding-parse a URL": `input` against `base`, or, for a
    /// document without a URL, against `about:blank`, the URL such a
    /// document has (WHATWG HTML: "unless stated otherwise, it is
    /// `about:blank`"), which is also its fallback base URL.
    fn parse_url(&self, input: &str, base: Option<&Url>) -> Option<Url> {
        self.url_options()
            .base_url(Some(base.unwrap_or_else(|| about_blank())))
            .parse(input)
            .ok()
    }

    /// The `title` element: the first HTML `title` element in tree order.
    pub fn title(&self) -> Option<Element<'_, 'a, N>> {
        (self.title != NONE).then(|| Element::new(self, self.title))
    }

    /// The pragma-set default language, used for elements with no `lang`
    /// ancestor: the first token of the last `<meta
    /// http-equiv="content-language">` whose content has no comma (HTML
    /// §4.2.5.3).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    ///
    /// // <div><meta http-equiv=content-language content="fr de">
    /// //   <meta http-equiv=content-language content=es><p itemscope></div>
    /// let tree: &'static [Row] = &[
    ///     (Some("div"), "", &[], &[1, 2, 3]),
    ///     (Some("meta"), "", &[("http-equiv", "content-language"), ("content", "fr de")], &[]),
    ///     (Some("meta"), "", &[("http-equiv", "content-language"), ("content", "es")], &[]),
    ///     (Some("p"), "", &[("itemscope", "")], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// assert_eq!(doc.default_language(), Some("es"));
    /// let item = doc.items().next().ok_or("no item")?;
    /// assert_eq!(item.element().lang(), Some("es"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn default_language(&self) -> Option<&'a str> {
        self.default_lang
    }

    /// Number of elements in the document.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the document has no elements.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Every element, in tree order.
    pub fn elements(
        &self,
    ) -> impl ExactSizeIterator<Item = Element<'_, 'a, N>>
    + DoubleEndedIterator
    + std::iter::FusedIterator
    + Clone
    + '_ {
        (0..self.nodes.len() as u32).map(move |i| Element::new(self, i))
    }

    /// The element at position `index` in tree order.
    pub fn element_at(&self, index: usize) -> Option<Element<'_, 'a, N>> {
        (index < self.len()).then(|| Element::new(self, index as u32))
    }

    /// The element for `node`, if it is an element of this document.
    ///
    /// This builds no index: it is a linear search. Walk
    /// [`elements`](Self::elements) instead when visiting many nodes.
    pub fn element(&self, node: N) -> Option<Element<'_, 'a, N>> {
        self.nodes
            .iter()
            .position(|&n| n == node)
            .map(|i| Element::new(self, i as u32))
    }

    /// The first element in tree order whose ID is `id`.
    ///
    /// The first call sorts the document's IDs; each call after that is a
    /// binary search.
    pub fn element_by_id(&self, id: &str) -> Option<Element<'_, 'a, N>> {
        let order = self.id_order.get_or_init(|| {
            let mut order: Vec<u32> = (0..self.ids.len() as u32).collect();
            // Stable: equal IDs stay in tree order.
            order.sort_by_key(|&i| self.ids[i as usize].id);
            order
        });
        let first = order.partition_point(|&i| self.ids[i as usize].id < id);
        let entry = &self.ids[*order.get(first)? as usize];
        (entry.id == id).then(|| Element::new(self, entry.element))
    }

    /// The top-level microdata items (items whose element has no `itemprop`
    /// attribute), in tree order: `document.getItems()`.
    pub fn items(&self) -> impl Iterator<Item = Item<'_, 'a, N>> + '_ {
        self.all_items().filter(Item::is_top_level)
    }

    /// The top-level items with at least one of the space-separated
    /// `types`; all top-level items when `types` has no tokens:
    /// `document.getItems(typeNames)`.
    ///
    /// The match is exact and case-sensitive.
    ///
    /// The items borrow the document only, not `types`.
    pub fn items_of_type<'d, 't>(
        &'d self,
        types: &'t str,
    ) -> impl Iterator<Item = Item<'d, 'a, N>> {
        let wanted: Vec<&str> = split_ascii_whitespace(types).collect();
        self.items().filter(move |item| {
            wanted.is_empty() || item.types().iter().any(|t| wanted.contains(t))
        })
    }

    /// Every item of the document, nested ones included, in tree order.
    pub fn all_items(
        &self,
    ) -> impl ExactSizeIterator<Item = Item<'_, 'a, N>>
    + DoubleEndedIterator
    + std::iter::FusedIterator
    + Clone
    + '_ {
        (0..self.items.len() as u32).map(move |i| Item::new(self, i))
    }

    pub(crate) fn item_count(&self) -> usize {
        self.items.len()
    }
}

impl<'a, N: Node<'a>> std::fmt::Debug for Document<'a, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Document")
            .field("url", &self.url.as_ref().map(Url::as_str))
            .field("base_url", &self.base_url.as_ref().map(Url::as_str))
            .field("elements", &self.nodes.len())
            .field("items", &self.items.len())
            .finish()
    }
}

/// All text of a document and each element's range in it.
pub(crate) struct AllText {
    pub(crate) text: String,
    pub(crate) ranges: Vec<(u32, u32)>,
}

/// Attribute values up to this many bytes are copied while indexing (see
/// [`Source::Copied`]): with the scraper adapter they are stored inline in
/// the attribute list (tendrils keep up to 8 bytes in place).
const SHORT_VALUE: usize = 8;

/// State of one indexing walk that the document does not keep.
#[derive(Default)]
struct Scratch<'a> {
    /// The first `base` element's `href`.
    base_href: Option<&'a str>,
    /// Items with an `itemid`, resolved once the base URL is known.
    itemids: Vec<(u32, &'a str)>,
    /// Property name → its index in [`Document::names`].
    name_ids: HashMap<&'a str, u32>,
    /// Per name: the last property element that listed it.
    last_prop: Vec<u32>,
    /// Item types, each as first met, with its number.
    types: HashMap<&'a str, (&'a str, u32)>,
    /// The child text of the `time` property elements being walked (see
    /// [`Source::ChildText`]), innermost last: time elements may nest.
    open_child_text: String,
}

/// The attributes of one element that a property value (or the document's
/// base URL and language) may read.
#[derive(Default)]
struct Found<'a> {
    href: Option<&'a str>,
    src: Option<&'a str>,
    data: Option<&'a str>,
    content: Option<&'a str>,
    value: Option<&'a str>,
    datetime: Option<&'a str>,
}

impl<'a> Found<'a> {
    fn get(&self, name: &str) -> Option<&'a str> {
        match name {
            "href" => self.href,
            "src" => self.src,
            "data" => self.data,
            "content" => self.content,
            "value" => self.value,
            "datetime" => self.datetime,
            _ => None,
        }
    }
}

/// Encodes a URL's query in a document's character encoding, for
/// [`Document::with_query_encoder`]: the text of the query in, its bytes
/// in that encoding out. The URL parser then percent-encodes those bytes
/// (the query percent-encode set) and keeps ASCII `%`, digits and letters
/// as they are.
///
/// For a character the encoding cannot represent, the URL Standard's
/// "percent-encode after encoding" writes `%26%23`, the code point in
/// decimal, and `%3B` (a numeric character reference, percent-encoded): an
/// encoder returns those ASCII bytes, so that `中` in a windows-1252 page
/// comes out as `%26%2320013%3B`. (`encoding_rs`'s `Encoding::encode`
/// writes the reference unencoded, `&#20013;`, which the parser would keep
/// as `&%2320013;`; loop over `Encoder::encode_from_utf8_to_vec_without_replacement`
/// instead, as the `microdata` command does.)
pub type QueryEncoder = Box<dyn Fn(&str) -> std::borrow::Cow<'_, [u8]> + Send + Sync>;

/// `about:blank`, parsed once. Against it only a fragment (`#top`)
/// resolves, to `about:blank#top`: its path is opaque, and the URL
/// parser's "no scheme state" fails on anything else.
pub(crate) fn about_blank() -> &'static Url {
    static ABOUT_BLANK: std::sync::LazyLock<Url> =
        std::sync::LazyLock::new(|| Url::parse("about:blank").expect("about:blank is a valid URL"));
    &ABOUT_BLANK
}

/// Whether an `itemprop` value has at least one property name.
pub(crate) fn has_names(itemprop: Option<&str>) -> bool {
    itemprop.is_some_and(|v| split_ascii_whitespace(v).next().is_some())
}

/// ASCII whitespace as HTML defines it: TAB, LF, FF, CR, SPACE.
pub fn is_ascii_whitespace(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ')
}

/// Splits a string on ASCII whitespace, dropping empty tokens (HTML's "split
/// a string on ASCII whitespace").
pub fn split_ascii_whitespace(s: &str) -> impl Iterator<Item = &str> + '_ {
    AsciiWords { s, pos: 0 }
}

/// The tokens of [`split_ascii_whitespace`], found byte by byte: the
/// separators are ASCII, so no character needs decoding.
struct AsciiWords<'s> {
    s: &'s str,
    pos: usize,
}

impl<'s> Iterator for AsciiWords<'s> {
    type Item = &'s str;

    fn next(&mut self) -> Option<&'s str> {
        let space = |b: &u8| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ');
        let rest = self.s.as_bytes().get(self.pos..)?;
        let start = self.pos + rest.iter().position(|b| !space(b))?;
        let len = self.s.as_bytes()[start..]
            .iter()
            .position(space)
            .unwrap_or(self.s.len() - start);
        self.pos = start + len;
        // Both ends are next to an ASCII byte or at an end of the string:
        // character boundaries.
        self.s.get(start..self.pos)
    }
}

/// Names in the order first met, each with its index: a scan while there
/// are few (the usual case), a hash map once there are many, so hostile
/// attributes with thousands of names stay linear.
pub(crate) struct NameIndex<K> {
    names: Vec<K>,
    map: Option<HashMap<K, u32>>,
}

impl<K> Default for NameIndex<K> {
    fn default() -> Self {
        NameIndex {
            names: Vec::new(),
            map: None,
        }
    }
}

impl<K: Eq + std::hash::Hash + Clone> NameIndex<K> {
    const SCAN_LIMIT: usize = 16;

    /// The index of `name`, and whether it was new.
    pub(crate) fn index(&mut self, name: K) -> (u32, bool) {
        if let Some(map) = &mut self.map {
            if let Some(&i) = map.get(&name) {
                return (i, false);
            }
            let next = self.names.len() as u32;
            map.insert(name.clone(), next);
            self.names.push(name);
            return (next, true);
        }
        if let Some(i) = self.names.iter().position(|n| *n == name) {
            return (i as u32, false);
        }
        self.names.push(name);
        if self.names.len() > Self::SCAN_LIMIT {
            self.map = Some(
                self.names
                    .iter()
                    .enumerate()
                    .map(|(i, n)| (n.clone(), i as u32))
                    .collect(),
            );
        }
        ((self.names.len() - 1) as u32, true)
    }

    /// The names, in the order first met.
    pub(crate) fn into_names(self) -> Vec<K> {
        self.names
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_on_ascii_whitespace_only() {
        let split = |s| split_ascii_whitespace(s).collect::<Vec<_>>();
        assert_eq!(split(""), Vec::<&str>::new());
        assert_eq!(split(" \t\n\x0C\r "), Vec::<&str>::new());
        assert_eq!(split("a"), ["a"]);
        assert_eq!(split("\ta  b\r\nc "), ["a", "b", "c"]);
        // Other whitespace (NBSP, ideographic space, vertical tab) is part
        // of a token; multi-byte characters are never split.
        assert_eq!(
            split("é\u{a0}x\u{3000}y\x0Bz ü"),
            ["é\u{a0}x\u{3000}y\x0Bz", "ü"]
        );
        // Against the definition, character by character.
        for s in ["  x\u{85}y  z", "日本 語\t", "\r\n", "a\x0C\x0Cb"] {
            let reference: Vec<&str> = s
                .split(is_ascii_whitespace)
                .filter(|t| !t.is_empty())
                .collect();
            assert_eq!(split(s), reference, "{s:?}");
        }
    }

    proptest::proptest! {
        #[test]
        fn split_matches_the_definition(s in "[ \t\n\x0C\r\x0Ba-cé\u{a0}\u{3000}日]{0,24}") {
            let reference: Vec<&str> =
                s.split(is_ascii_whitespace).filter(|t| !t.is_empty()).collect();
            proptest::prop_assert_eq!(split_ascii_whitespace(&s).collect::<Vec<_>>(), reference);
        }
    }

    #[test]
    fn element_table_stays_small() {
        // One entry per element of the page, built only when asked for.
        assert_eq!(std::mem::size_of::<ElementData>(), 24);
        assert_eq!(std::mem::size_of::<PropData>(), 32);
    }
}
