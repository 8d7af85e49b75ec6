//! The document index: one traversal of the tree, then every microdata
//! question is answered from flat tables.

use std::collections::HashMap;

use url::Url;

use crate::element::Element;
use crate::item::Item;
use crate::node::{Node, NodeKind};

/// Marks "no element" / "no item" in the index tables.
pub(crate) const NONE: u32 = u32::MAX;

/// Per-element facts gathered in the single traversal.
#[derive(Clone, Copy)]
pub(crate) struct ElementData<'a, N> {
    pub(crate) node: N,
    /// Index of the parent element, or [`NONE`] for the document's children.
    pub(crate) parent: u32,
    /// One past the index of the last descendant: the subtree is `idx..end`.
    pub(crate) end: u32,
    /// Byte range of this element's `textContent` in [`Document::text`].
    pub(crate) text_start: u32,
    pub(crate) text_end: u32,
    /// Nearest strict ancestor that is an HTML element with `itemscope`, as
    /// an item index, or [`NONE`].
    pub(crate) scope: u32,
    /// The item this element creates (HTML element with `itemscope`), or [`NONE`].
    pub(crate) item: u32,
    /// The element whose `lang` attribute applies here, or [`NONE`].
    pub(crate) lang_from: u32,
    /// The `itemprop` attribute (HTML elements only).
    pub(crate) itemprop: Option<&'a str>,
    /// The element's local name, read once from the tree.
    pub(crate) name: &'a str,
    /// Whether the element is in the HTML namespace.
    pub(crate) html: bool,
    /// Whether `itemprop` has at least one property name.
    pub(crate) named: bool,
}

/// Per-item facts.
pub(crate) struct ItemData<'a> {
    /// The element index.
    pub(crate) element: u32,
    /// Range into [`Document::types`].
    pub(crate) types: (u32, u32),
    /// The global identifier, if `itemid` resolved.
    pub(crate) id: Option<Url>,
    /// Range into [`Document::refs`].
    pub(crate) refs: (u32, u32),
    /// The raw `itemref` attribute, if any.
    pub(crate) itemref: Option<&'a str>,
}

/// An indexed HTML document, ready for microdata queries.
///
/// Building it walks the tree once (without recursion) and records tree
/// order, parents, subtree extents, `textContent` ranges, the ID map, the
/// base URL, the `<title>` element and inherited languages. Every query after
/// that reads these tables.
///
/// # Examples
///
/// See [`Node`] for a complete example with a hand-made tree;
/// `microdata-scraper` offers `Document`s built from HTML strings.
pub struct Document<'a, N: Node<'a>> {
    root: N,
    url: Option<Url>,
    base_url: Option<Url>,
    pub(crate) elements: Vec<ElementData<'a, N>>,
    pub(crate) items: Vec<ItemData<'a>>,
    pub(crate) types: Vec<&'a str>,
    pub(crate) refs: Vec<u32>,
    /// Missing `itemref` targets: (item index, token).
    pub(crate) missing_refs: Vec<(u32, &'a str)>,
    /// Property elements grouped by scope (CSR): the elements of scope `s`
    /// (item index, or `items.len()` for "no item") are
    /// `scoped[scope_start[s]..scope_start[s + 1]]`, in tree order.
    pub(crate) scope_start: Vec<u32>,
    pub(crate) scoped: Vec<u32>,
    /// All text nodes' data, concatenated in tree order.
    pub(crate) text: String,
    ids: HashMap<&'a str, u32>,
    title: u32,
    default_lang: Option<&'a str>,
}

impl<'a, N: Node<'a>> Document<'a, N> {
    /// Indexes the tree under `root` (normally the document node) with no
    /// document URL: relative URLs then fail to resolve, as they do for an
    /// `about:blank` document, and URL property values are empty strings.
    pub fn new(root: N) -> Self {
        Self::build(root, None)
    }

    /// Indexes the tree under `root` with `url` as the document's URL (the
    /// fallback base URL when there is no `<base href>`).
    pub fn with_url(root: N, url: Url) -> Self {
        Self::build(root, Some(url))
    }

    fn build(root: N, url: Option<Url>) -> Self {
        let mut doc = Document {
            root,
            base_url: None,
            url,
            elements: Vec::new(),
            items: Vec::new(),
            types: Vec::new(),
            refs: Vec::new(),
            missing_refs: Vec::new(),
            scope_start: Vec::new(),
            scoped: Vec::new(),
            text: String::new(),
            ids: HashMap::new(),
            title: NONE,
            default_lang: None,
        };
        let mut base_href: Option<&'a str> = None;
        let mut itemids: Vec<(u32, &'a str)> = Vec::new();

        // Frames of the explicit stack: the element's index (NONE for the
        // root), its children iterator, and the scope/lang its children see.
        struct Frame<I> {
            element: u32,
            children: I,
            scope: u32,
            lang_from: u32,
        }
        let mut stack = vec![Frame {
            element: NONE,
            children: root.children(),
            scope: NONE,
            lang_from: NONE,
        }];
        if root.kind() == NodeKind::Element {
            // Rooted at an element rather than a document: index it too.
            stack.clear();
            let idx = doc.open_element(root, NONE, NONE, NONE, &mut base_href, &mut itemids);
            let el = doc.elements[idx as usize];
            let scope = if el.item != NONE { el.item } else { el.scope };
            stack.push(Frame {
                element: idx,
                children: root.children(),
                scope,
                lang_from: el.lang_from,
            });
        }
        while let Some(top) = stack.last_mut() {
            let Some(child) = top.children.next() else {
                let frame = stack.pop().expect("stack is not empty");
                if frame.element != NONE {
                    let end = doc.elements.len() as u32;
                    let text_end = doc.text.len() as u32;
                    let el = &mut doc.elements[frame.element as usize];
                    el.end = end;
                    el.text_end = text_end;
                }
                continue;
            };
            let (parent, scope, lang_from) = (top.element, top.scope, top.lang_from);
            match child.kind() {
                NodeKind::Text => {
                    if let Some(t) = child.text() {
                        doc.text.push_str(t);
                    }
                }
                NodeKind::Element => {
                    let idx = doc.open_element(
                        child,
                        parent,
                        scope,
                        lang_from,
                        &mut base_href,
                        &mut itemids,
                    );
                    let el = doc.elements[idx as usize];
                    let scope = if el.item != NONE { el.item } else { el.scope };
                    stack.push(Frame {
                        element: idx,
                        children: child.children(),
                        scope,
                        lang_from: el.lang_from,
                    });
                }
                NodeKind::Document => {
                    stack.push(Frame {
                        element: NONE,
                        children: child.children(),
                        scope,
                        lang_from,
                    });
                }
                NodeKind::Other => {}
            }
        }

        // The document base URL: the first `base` element with an `href`,
        // parsed against the document's fallback base URL (its URL).
        doc.base_url = match base_href {
            Some(href) => parse_url(href, doc.url.as_ref()).or_else(|| doc.url.clone()),
            None => doc.url.clone(),
        };
        for (item, itemid) in itemids {
            doc.items[item as usize].id = parse_url(itemid, doc.base_url.as_ref());
        }
        doc.resolve_itemrefs();
        doc.group_properties();
        doc
    }

    /// Records one element; returns its index.
    fn open_element(
        &mut self,
        node: N,
        parent: u32,
        scope: u32,
        inherited_lang: u32,
        base_href: &mut Option<&'a str>,
        itemids: &mut Vec<(u32, &'a str)>,
    ) -> u32 {
        let idx = self.elements.len() as u32;
        let html = node.is_html();
        let (mut itemscope, mut itemprop, mut itemtype, mut itemid, mut itemref) =
            (false, None, None, None, None);
        let mut lang_from = inherited_lang;
        let mut href = None;
        let mut http_equiv_lang = false;
        let mut content = None;
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
            match a.name {
                "id" if !a.value.is_empty() => {
                    self.ids.entry(a.value).or_insert(idx);
                }
                "lang" if html => lang_from = idx,
                "itemscope" if html => itemscope = true,
                "itemprop" if html => itemprop = Some(a.value),
                "itemtype" if html => itemtype = Some(a.value),
                "itemid" if html => itemid = Some(a.value),
                "itemref" if html => itemref = Some(a.value),
                "href" => href = Some(a.value),
                "http-equiv" => http_equiv_lang = a.value.eq_ignore_ascii_case("content-language"),
                "content" => content = Some(a.value),
                _ => {}
            }
        }
        let mut item = NONE;
        if itemscope {
            item = self.items.len() as u32;
            let start = self.types.len() as u32;
            if let Some(t) = itemtype {
                self.types.extend(split_ascii_whitespace(t));
            }
            if let Some(id) = itemid {
                itemids.push((item, id));
            }
            self.items.push(ItemData {
                element: idx,
                types: (start, self.types.len() as u32),
                id: None,
                refs: (0, 0),
                itemref,
            });
        }
        let name = node.local_name().unwrap_or("");
        if html {
            match name {
                "base" if base_href.is_none() => *base_href = href,
                "title" if self.title == NONE => self.title = idx,
                // The pragma-set default language: a `meta http-equiv=content-language`
                // whose content has no comma (HTML §4.2.5.3).
                "meta" if http_equiv_lang && self.default_lang.is_none() => {
                    if let Some(c) = content.map(|c| c.trim_matches(is_ascii_whitespace)) {
                        if !c.contains(',') && !c.is_empty() {
                            self.default_lang = Some(c);
                        }
                    }
                }
                _ => {}
            }
        }
        let text_start = self.text.len() as u32;
        self.elements.push(ElementData {
            node,
            parent,
            end: idx + 1,
            text_start,
            text_end: text_start,
            scope,
            item,
            lang_from,
            itemprop,
            name,
            html,
            named: has_names(itemprop),
        });
        idx
    }

    /// Resolves every `itemref` token through the ID map.
    fn resolve_itemrefs(&mut self) {
        for i in 0..self.items.len() {
            let Some(itemref) = self.items[i].itemref else {
                continue;
            };
            let start = self.refs.len() as u32;
            for token in split_ascii_whitespace(itemref) {
                match self.ids.get(token) {
                    Some(&target) => self.refs.push(target),
                    None => self.missing_refs.push((i as u32, token)),
                }
            }
            self.items[i].refs = (start, self.refs.len() as u32);
        }
    }

    /// Groups the elements that have property names by their scope item, in
    /// tree order (a counting sort: linear).
    fn group_properties(&mut self) {
        let groups = self.items.len() + 1;
        let mut counts = vec![0u32; groups + 1];
        let group_of = |e: &ElementData<'a, N>| {
            if e.scope == NONE {
                groups - 1
            } else {
                e.scope as usize
            }
        };
        for e in &self.elements {
            if e.named {
                counts[group_of(e) + 1] += 1;
            }
        }
        for g in 0..groups {
            counts[g + 1] += counts[g];
        }
        let mut next = counts.clone();
        self.scoped = vec![0; counts[groups] as usize];
        for (idx, e) in self.elements.iter().enumerate() {
            if e.named {
                let g = group_of(e);
                self.scoped[next[g] as usize] = idx as u32;
                next[g] += 1;
            }
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

    /// The document base URL: the first `<base href>` resolved against the
    /// document URL, or the document URL itself.
    pub fn base_url(&self) -> Option<&Url> {
        self.base_url.as_ref()
    }

    /// Parses `input` relative to the document base URL, as HTML's "parse a
    /// URL" does; `None` when that fails (always, for a relative input in a
    /// document without a URL).
    pub fn resolve_url(&self, input: &str) -> Option<Url> {
        parse_url(input, self.base_url.as_ref())
    }

    /// The `title` element: the first HTML `title` element in tree order.
    pub fn title(&self) -> Option<Element<'_, 'a, N>> {
        (self.title != NONE).then(|| Element::new(self, self.title))
    }

    /// The language set by `<meta http-equiv="content-language">`, used for
    /// elements with no `lang` ancestor.
    pub fn default_language(&self) -> Option<&'a str> {
        self.default_lang
    }

    /// Number of elements in the document.
    pub fn len(&self) -> usize {
        self.elements.len()
    }

    /// Whether the document has no elements.
    pub fn is_empty(&self) -> bool {
        self.elements.is_empty()
    }

    /// Every element, in tree order.
    pub fn elements(&self) -> impl ExactSizeIterator<Item = Element<'_, 'a, N>> + '_ {
        (0..self.elements.len() as u32).map(move |i| Element::new(self, i))
    }

    /// The element at position `index` in tree order.
    pub fn element_at(&self, index: usize) -> Option<Element<'_, 'a, N>> {
        (index < self.elements.len()).then(|| Element::new(self, index as u32))
    }

    /// The element for `node`, if it is an element of this document.
    ///
    /// This builds no index: it is a linear search. Walk
    /// [`elements`](Self::elements) instead when visiting many nodes.
    pub fn element(&self, node: N) -> Option<Element<'_, 'a, N>> {
        self.elements
            .iter()
            .position(|e| e.node == node)
            .map(|i| Element::new(self, i as u32))
    }

    /// The first element whose ID is `id`.
    pub fn element_by_id(&self, id: &str) -> Option<Element<'_, 'a, N>> {
        self.ids.get(id).map(|&i| Element::new(self, i))
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
    pub fn items_of_type<'t>(
        &'t self,
        types: &'t str,
    ) -> impl Iterator<Item = Item<'t, 'a, N>> + 't {
        let wanted: Vec<&str> = split_ascii_whitespace(types).collect();
        self.items().filter(move |item| {
            wanted.is_empty() || item.types().iter().any(|t| wanted.contains(t))
        })
    }

    /// Every item of the document, nested ones included, in tree order.
    pub fn all_items(&self) -> impl ExactSizeIterator<Item = Item<'_, 'a, N>> + '_ {
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
            .field("elements", &self.elements.len())
            .field("items", &self.items.len())
            .finish()
    }
}

/// HTML's "parse a URL" for our purposes: `input` against `base`.
pub(crate) fn parse_url(input: &str, base: Option<&Url>) -> Option<Url> {
    Url::options().base_url(base).parse(input).ok()
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
    s.split(is_ascii_whitespace).filter(|t| !t.is_empty())
}

/// Names in the order first met, each with its index: a scan while there
/// are few (the usual case), a hash map once there are many, so hostile
/// attributes with thousands of names stay linear.
#[derive(Default)]
pub(crate) struct NameIndex<'a> {
    names: Vec<&'a str>,
    map: Option<HashMap<&'a str, u32>>,
}

impl<'a> NameIndex<'a> {
    const SCAN_LIMIT: usize = 16;

    /// The index of `name`, and whether it was new.
    pub(crate) fn index(&mut self, name: &'a str) -> (u32, bool) {
        if let Some(map) = &mut self.map {
            let next = self.names.len() as u32;
            let i = *map.entry(name).or_insert(next);
            if i == next {
                self.names.push(name);
            }
            return (i, i == next);
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
                    .map(|(i, n)| (*n, i as u32))
                    .collect(),
            );
        }
        ((self.names.len() - 1) as u32, true)
    }

    /// The names, in the order first met.
    #[cfg_attr(not(any(feature = "json", feature = "serde")), allow(dead_code))]
    pub(crate) fn names(&self) -> &[&'a str] {
        &self.names
    }

    /// Forgets every name, keeping the allocation.
    #[cfg_attr(not(feature = "json"), allow(dead_code))]
    pub(crate) fn clear(&mut self) {
        self.names.clear();
        self.map = None;
    }

    /// The names, in the order first met.
    pub(crate) fn into_names(self) -> Vec<&'a str> {
        self.names
    }
}
