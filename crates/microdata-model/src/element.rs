//! Element handles into a [`Document`].

use std::borrow::Cow;

use crate::document::{Document, NONE, split_ascii_whitespace};
use crate::item::Item;
use crate::node::{Node, NodeKind};
use crate::value::Value;

/// The local names of the URL property elements (WHATWG HTML §5.2.4).
pub const URL_PROPERTY_ELEMENTS: [&str; 11] = [
    "a", "area", "audio", "embed", "iframe", "img", "link", "object", "source", "track", "video",
];

/// An element of an indexed [`Document`].
///
/// A cheap `Copy` handle: an index into the document's tables.
pub struct Element<'d, 'a, N: Node<'a>> {
    doc: &'d Document<'a, N>,
    idx: u32,
}

impl<'a, N: Node<'a>> Clone for Element<'_, 'a, N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<'a, N: Node<'a>> Copy for Element<'_, 'a, N> {}
impl<'a, N: Node<'a>> PartialEq for Element<'_, 'a, N> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.doc, other.doc) && self.idx == other.idx
    }
}
impl<'a, N: Node<'a>> Eq for Element<'_, 'a, N> {}
impl<'a, N: Node<'a>> std::hash::Hash for Element<'_, 'a, N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.idx.hash(state);
    }
}

impl<'a, N: Node<'a>> std::fmt::Debug for Element<'_, 'a, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<{}>#{}", self.local_name(), self.idx)
    }
}

impl<'d, 'a, N: Node<'a>> Element<'d, 'a, N> {
    pub(crate) fn new(doc: &'d Document<'a, N>, idx: u32) -> Self {
        Element { doc, idx }
    }

    fn data(&self) -> &'d crate::document::ElementData {
        &self.doc.table()[self.idx as usize]
    }

    /// The document this element belongs to.
    pub fn document(&self) -> &'d Document<'a, N> {
        self.doc
    }

    /// The position of this element in tree order (0 for the first element).
    pub fn index(&self) -> usize {
        self.idx as usize
    }

    /// The underlying tree node.
    pub fn node(&self) -> N {
        self.doc.nodes[self.idx as usize]
    }

    /// The local name (`"div"`).
    pub fn local_name(&self) -> &'a str {
        self.node().local_name().unwrap_or("")
    }

    /// Whether the element is in the HTML namespace.
    pub fn is_html(&self) -> bool {
        self.node().is_html()
    }

    /// Whether this is an HTML element named `name`.
    pub fn is(&self, name: &str) -> bool {
        self.is_html() && self.local_name() == name
    }

    /// The value of the (non-namespaced) attribute `name`.
    pub fn attr(&self, name: &str) -> Option<&'a str> {
        self.node().attr(name)
    }

    /// The parent element, if any.
    pub fn parent(&self) -> Option<Element<'d, 'a, N>> {
        let p = self.data().parent;
        (p != NONE).then(|| Element::new(self.doc, p))
    }

    /// The element's ancestors, nearest first.
    pub fn ancestors(&self) -> impl Iterator<Item = Element<'d, 'a, N>> + 'd {
        let doc = self.doc;
        std::iter::successors(self.parent(), |e| e.parent()).map(move |e| Element::new(doc, e.idx))
    }

    /// The element's child elements, in tree order.
    pub fn children(&self) -> impl Iterator<Item = Element<'d, 'a, N>> + 'd {
        let doc = self.doc;
        let end = self.data().end;
        let table = doc.table();
        let mut next = self.idx + 1;
        std::iter::from_fn(move || {
            (next < end).then(|| {
                let child = next;
                next = table[child as usize].end;
                Element::new(doc, child)
            })
        })
    }

    /// The element's descendant elements, in tree order (not including itself).
    pub fn descendants(
        &self,
    ) -> impl ExactSizeIterator<Item = Element<'d, 'a, N>>
    + DoubleEndedIterator
    + std::iter::FusedIterator
    + Clone
    + 'd {
        let doc = self.doc;
        (self.idx + 1..self.data().end).map(move |i| Element::new(doc, i))
    }

    /// Whether `other` is this element or one of its descendants.
    pub fn contains(&self, other: &Element<'_, 'a, N>) -> bool {
        (self.idx..self.data().end).contains(&other.idx)
    }

    /// The element's `textContent`: all descendant text, in tree order.
    ///
    /// An element with no element inside and at most one text node (a
    /// link's label, a heading) reads that node in place. Otherwise this is
    /// a slice of the document's text, which is gathered once, on the first
    /// such call for any element of the document: O(1) after that, with no
    /// allocation.
    pub fn text_content(&self) -> &'d str {
        if self.data().end == self.idx + 1 {
            let mut texts = self.node().children().filter_map(|c| match c.kind() {
                NodeKind::Text => Some(Some(c.text().unwrap_or(""))),
                // Indexing walks into nested documents: so does the cache.
                NodeKind::Document => Some(None),
                _ => None,
            });
            match (texts.next(), texts.next()) {
                (None, _) => return "",
                (Some(Some(only)), None) => return only,
                _ => {}
            }
        }
        let all = self.doc.all_text();
        let (start, end) = all.ranges.get(self.idx as usize).copied().unwrap_or((0, 0));
        // The gathering walk is the indexing walk: the range always fits,
        // unless a `Node` gives different text the second time.
        all.text.get(start as usize..end as usize).unwrap_or("")
    }

    /// The element's child text content: its text node children only.
    pub fn child_text_content(&self) -> Cow<'a, str> {
        let mut texts = self.node().children().filter_map(|c| c.text());
        let Some(first) = texts.next() else {
            return Cow::Borrowed("");
        };
        match texts.next() {
            None => Cow::Borrowed(first),
            Some(second) => {
                let mut s = String::from(first);
                s.push_str(second);
                texts.for_each(|t| s.push_str(t));
                Cow::Owned(s)
            }
        }
    }

    /// The element's language: the nearest `lang` (or `xml:lang`)
    /// attribute on it or an ancestor, else the document's pragma-set
    /// default language. `Some("")` means "unknown", as HTML defines it.
    pub fn lang(&self) -> Option<&'a str> {
        let from = self.data().lang_from;
        if from == NONE {
            return self.doc.default_language();
        }
        // Indexing chose this element for its `xml:lang`, or for its `lang`
        // if it is an HTML element; `xml:lang` wins over `lang` whatever
        // their order (HTML §3.2.6.2).
        let node = self.doc.nodes[from as usize];
        let mut no_namespace = None;
        for a in node.attrs().filter(|a| a.name == "lang") {
            match a.prefix {
                Some("xml") => return Some(a.value),
                None => _ = no_namespace.get_or_insert(a.value),
                Some(_) => {}
            }
        }
        no_namespace
    }

    /// Whether this is an HTML element with an `itemscope` attribute.
    pub fn is_item(&self) -> bool {
        self.data().item != NONE
    }

    /// The item this element creates, if it has `itemscope`.
    pub fn item(&self) -> Option<Item<'d, 'a, N>> {
        let item = self.data().item;
        (item != NONE).then(|| Item::new(self.doc, item))
    }

    /// The nearest ancestor item whose own subtree contains this element
    /// without another item in between (the item whose tree part crawls it).
    pub fn scope(&self) -> Option<Item<'d, 'a, N>> {
        let s = self.data().scope;
        (s != NONE).then(|| Item::new(self.doc, s))
    }

    /// The raw `itemprop` attribute (HTML elements only).
    pub fn itemprop(&self) -> Option<&'a str> {
        if self.is_html() {
            self.attr("itemprop")
        } else {
            None
        }
    }

    /// Whether the element has an `itemprop` attribute with at least one name.
    pub fn has_property_names(&self) -> bool {
        self.data().named
    }

    /// The element's property names: its `itemprop` split on ASCII
    /// whitespace, order kept, duplicates dropped (WHATWG HTML §5.2.3).
    pub fn property_names(&self) -> Vec<&'a str> {
        let mut seen = crate::document::NameIndex::default();
        for n in split_ascii_whitespace(self.itemprop().unwrap_or("")) {
            seen.index(n);
        }
        seen.into_names()
    }

    /// Whether `name` is one of the element's property names.
    pub fn has_property_name(&self, name: &str) -> bool {
        split_ascii_whitespace(self.itemprop().unwrap_or("")).any(|n| n == name)
    }

    /// Whether this is a URL property element (`a area audio embed iframe
    /// img link object source track video`, HTML namespace).
    pub fn is_url_property_element(&self) -> bool {
        self.url_attribute().is_some()
    }

    /// For a URL property element, the attribute that holds its URL:
    /// `href` (`a area link`), `data` (`object`) or `src` (the others).
    pub fn url_attribute(&self) -> Option<&'static str> {
        if !self.is_html() {
            return None;
        }
        url_attribute_of(self.local_name())
    }

    /// The element's property value (WHATWG HTML §5.2.4), whether or not it
    /// has an `itemprop` attribute.
    pub fn property_value(&self) -> Value<'d, 'a, N> {
        Value::of(*self)
    }

    /// The DOM `itemValue`: `None` without an `itemprop` attribute, else
    /// the property value.
    pub fn item_value(&self) -> Option<Value<'d, 'a, N>> {
        self.itemprop().map(|_| self.property_value())
    }

    /// The attribute `name` parsed as a URL against the document base URL:
    /// `Ok(None)` when absent, `Err(())` when present but unparsable.
    pub(crate) fn url_attr(&self, name: &str) -> Result<Option<url::Url>, ()> {
        match self.attr(name) {
            None => Ok(None),
            Some(v) => self.doc.resolve_url(v).map(Some).ok_or(()),
        }
    }
}

/// The attribute that holds the URL of an HTML element named `name`, if it
/// is a URL property element (see [`Element::url_attribute`]).
pub(crate) fn url_attribute_of(name: &str) -> Option<&'static str> {
    match name {
        "a" | "area" | "link" => Some("href"),
        "object" => Some("data"),
        name if URL_PROPERTY_ELEMENTS.contains(&name) => Some("src"),
        _ => None,
    }
}
