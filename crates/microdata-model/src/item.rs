//! Items and their properties.

use crate::document::{Document, NONE, split_ascii_whitespace};
use crate::element::Element;
use crate::node::Node;
use crate::value::Value;

/// A microdata item: an HTML element with an `itemscope` attribute.
pub struct Item<'d, 'a, N: Node<'a>> {
    doc: &'d Document<'a, N>,
    idx: u32,
}

impl<'a, N: Node<'a>> Clone for Item<'_, 'a, N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<'a, N: Node<'a>> Copy for Item<'_, 'a, N> {}
impl<'a, N: Node<'a>> PartialEq for Item<'_, 'a, N> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.doc, other.doc) && self.idx == other.idx
    }
}
impl<'a, N: Node<'a>> Eq for Item<'_, 'a, N> {}
impl<'a, N: Node<'a>> std::hash::Hash for Item<'_, 'a, N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.idx.hash(state);
    }
}
impl<'a, N: Node<'a>> std::fmt::Debug for Item<'_, 'a, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Item")
            .field("element", &self.element())
            .field("types", &self.types())
            .field("id", &self.id().map(url::Url::as_str))
            .finish()
    }
}

impl<'d, 'a, N: Node<'a>> Item<'d, 'a, N> {
    pub(crate) fn new(doc: &'d Document<'a, N>, idx: u32) -> Self {
        Item { doc, idx }
    }

    fn data(&self) -> &'d crate::document::ItemData<'a> {
        &self.doc.items[self.idx as usize]
    }

    /// The position of this item among all items, in tree order.
    pub fn index(&self) -> usize {
        self.idx as usize
    }

    /// The document this item belongs to.
    pub fn document(&self) -> &'d Document<'a, N> {
        self.doc
    }

    /// The element with the `itemscope` attribute.
    pub fn element(&self) -> Element<'d, 'a, N> {
        Element::new(self.doc, self.data().element)
    }

    /// The item types: `itemtype` split on ASCII whitespace, in order.
    pub fn types(&self) -> &'d [&'a str] {
        let (s, e) = self.data().types;
        &self.doc.types[s as usize..e as usize]
    }

    /// Whether `ty` is one of the item types.
    pub fn has_type(&self, ty: &str) -> bool {
        self.types().contains(&ty)
    }

    /// The global identifier: `itemid` parsed against the document base URL;
    /// `None` without `itemid` or when parsing fails.
    pub fn id(&self) -> Option<&'d url::Url> {
        self.doc.item_ids.get(self.data().id as usize)
    }

    /// Whether this is a top-level item: its element has no `itemprop` attribute.
    pub fn is_top_level(&self) -> bool {
        self.data().top
    }

    /// The elements `itemref` names, in attribute order (missing IDs skipped).
    pub fn itemref_targets(
        &self,
    ) -> impl ExactSizeIterator<Item = Element<'d, 'a, N>>
    + DoubleEndedIterator
    + std::iter::FusedIterator
    + Clone
    + 'd {
        let (s, e) = self.data().refs;
        let doc = self.doc;
        doc.refs[s as usize..e as usize]
            .iter()
            .map(move |&i| Element::new(doc, i))
    }

    /// The item's properties: the elements with property names that "find
    /// the properties of an item" returns, in tree order.
    ///
    /// Elements in the item's own subtree are read from a precomputed list
    /// (no allocation); with `itemref`, the referenced subtrees' lists are
    /// merged in, duplicates dropped, each element copied once however many
    /// tokens reach it: the time follows the number of `itemref` tokens
    /// and of properties returned (each sorted once), not their product.
    pub fn properties(&self) -> Properties<'d, 'a, N> {
        let list = self.property_indices();
        Properties {
            doc: self.doc,
            end: list.len(),
            list,
            pos: 0,
        }
    }

    /// The properties as indexes into `Document::props`, in tree order.
    pub(crate) fn property_indices(&self) -> std::borrow::Cow<'d, [u32]> {
        let doc = self.doc;
        let (rs, re) = self.data().refs;
        if rs == re {
            return std::borrow::Cow::Borrowed(doc.scope_slice(self.idx));
        }
        let mut all: Vec<u32> = Vec::new();
        for r in self.property_ranges() {
            all.extend_from_slice(&doc.scoped[r]);
        }
        // Each position of `scoped` holds a different property: only the
        // order is left to restore (ranges of different scopes interleave
        // in tree order).
        all.sort_unstable();
        // The root is in memory from the start: never one of its own properties.
        if let Some(root) = doc.prop_index(self.data().element) {
            all.retain(|&p| p != root);
        }
        std::borrow::Cow::Owned(all)
    }

    /// Where the item's properties lie in `Document::scoped`: disjoint
    /// ranges, sorted by start. Every list merged is such a range, the
    /// item's own and each `itemref` target's (see
    /// `Document::crawl_range`), so repeated tokens (`itemref="b b b"`)
    /// and nested targets cost their number, not their lists' lengths
    /// again. The root element's own position, if it is a property, is
    /// not removed here.
    pub(crate) fn property_ranges(&self) -> Vec<std::ops::Range<usize>> {
        let doc = self.doc;
        let (rs, re) = self.data().refs;
        let mut ranges: Vec<std::ops::Range<usize>> = doc.refs[rs as usize..re as usize]
            .iter()
            .map(|&r| doc.crawl_range(r))
            .chain(std::iter::once(doc.scope_range(self.idx)))
            .filter(|r| !r.is_empty())
            .collect();
        ranges.sort_unstable_by_key(|r| r.start);
        let mut merged: Vec<std::ops::Range<usize>> = Vec::with_capacity(ranges.len());
        for r in ranges {
            match merged.last_mut() {
                Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
                _ => merged.push(r),
            }
        }
        merged
    }

    /// The property names in use, duplicates removed, in the order first
    /// seen in tree order (`properties.names`).
    pub fn names(&self) -> Vec<&'a str> {
        let mut seen = crate::document::NameIndex::default();
        for p in self.properties() {
            for n in split_ascii_whitespace(p.itemprop().unwrap_or("")) {
                seen.index(n);
            }
        }
        seen.into_names()
    }

    /// Step 7 of "get the object for an item" (WHATWG HTML §5.4.1), shared
    /// by the JSON writer and `Serialize`: each property element under each
    /// of its names, as `(group, property)` pairs (a property is an index
    /// into `Document::props`) stably sorted by group, so each name's values
    /// are one run in tree order. Group `g` is the name `names[g]` (an index
    /// into `Document::names`); groups are numbered in the order first met.
    /// Linear in the number of names, with no hashing: the names were
    /// interned while indexing.
    #[cfg_attr(not(any(feature = "json", feature = "serde")), allow(dead_code))]
    pub(crate) fn group_values(
        &self,
        grouping: &mut Grouping,
        names: &mut Vec<u32>,
        entries: &mut Vec<(u32, u32)>,
    ) {
        let doc = self.doc;
        let stamp = grouping.next_stamp(doc.names.len());
        for p in self.property_indices().iter().copied() {
            let (s, e) = doc.props[p as usize].names;
            for &name in &doc.prop_names[s as usize..e as usize] {
                let slot = &mut grouping.slots[name as usize];
                if slot.0 != stamp {
                    *slot = (stamp, names.len() as u32);
                    names.push(name);
                }
                entries.push((slot.1, p));
            }
        }
        // A property element lists each of its names once, and appears once.
        entries.sort_by_key(|&(g, _)| g);
    }

    /// The properties with the name `name`, in tree order
    /// (`properties.namedItem(name)`).
    pub fn named<'n>(&self, name: &'n str) -> impl Iterator<Item = Element<'d, 'a, N>> + 'n
    where
        'd: 'n,
    {
        self.properties().filter(move |p| p.has_property_name(name))
    }

    /// The values of the properties named `name`, in tree order
    /// (`properties.namedItem(name).values`).
    pub fn values<'n>(&self, name: &'n str) -> impl Iterator<Item = Value<'d, 'a, N>> + 'n
    where
        'd: 'n,
    {
        self.named(name).map(|p| p.property_value())
    }

    /// The value of the first property named `name`.
    pub fn get(&self, name: &str) -> Option<Value<'d, 'a, N>> {
        self.named(name).next().map(|p| p.property_value())
    }
}

/// The properties of an item, in tree order (see [`Item::properties`]).
///
/// It iterates from both ends, and its `Debug` lists the elements left.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::Document;
///
/// // <div itemscope><b itemprop=a>1</b><i itemprop=b>2</i></div>
/// let tree: &'static [Row] = &[
///     (Some("div"), "", &[("itemscope", "")], &[1, 2]),
///     (Some("b"), "", &[("itemprop", "a")], &[]),
///     (Some("i"), "", &[("itemprop", "b")], &[]),
/// ];
/// let doc = Document::new(N(tree, 0));
/// let item = doc.items().next().unwrap();
/// let props = item.properties();
/// assert_eq!(format!("{props:?}"), "Properties [<b>#1, <i>#2]");
/// let last = props.clone().next_back().unwrap();
/// assert_eq!(last.local_name(), "i");
/// assert_eq!(props.rev().map(|p| p.local_name()).collect::<Vec<_>>(), ["i", "b"]);
/// ```
pub struct Properties<'d, 'a, N: Node<'a>> {
    doc: &'d Document<'a, N>,
    list: std::borrow::Cow<'d, [u32]>,
    /// The next index from the front, and one past the next from the back.
    pos: usize,
    end: usize,
}

impl<'d, 'a, N: Node<'a>> Properties<'d, 'a, N> {
    /// The property element at `index` among those not yet iterated.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    ///
    /// let tree: &'static [Row] = &[
    ///     (Some("div"), "", &[("itemscope", "")], &[1, 2]),
    ///     (Some("b"), "", &[("itemprop", "a")], &[]),
    ///     (Some("i"), "", &[("itemprop", "b")], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let mut props = doc.items().next().unwrap().properties();
    /// props.next();
    /// assert_eq!(props.get(0).map(|p| p.local_name()), Some("i"));
    /// assert!(props.get(1).is_none());
    /// ```
    pub fn get(&self, index: usize) -> Option<Element<'d, 'a, N>> {
        self.list[self.pos..self.end]
            .get(index)
            .map(|&p| self.element(p))
    }

    fn element(&self, p: u32) -> Element<'d, 'a, N> {
        Element::new(self.doc, self.doc.props[p as usize].element)
    }
}

impl<'a, N: Node<'a>> Clone for Properties<'_, 'a, N> {
    fn clone(&self) -> Self {
        Properties {
            doc: self.doc,
            list: self.list.clone(),
            pos: self.pos,
            end: self.end,
        }
    }
}

impl<'a, N: Node<'a>> std::fmt::Debug for Properties<'_, 'a, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Properties ")?;
        f.debug_list().entries(self.clone()).finish()
    }
}

impl<'d, 'a, N: Node<'a>> Iterator for Properties<'d, 'a, N> {
    type Item = Element<'d, 'a, N>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.pos == self.end {
            return None;
        }
        let p = self.list[self.pos];
        self.pos += 1;
        Some(self.element(p))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.end - self.pos;
        (n, Some(n))
    }
}

impl<'a, N: Node<'a>> DoubleEndedIterator for Properties<'_, 'a, N> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.pos == self.end {
            return None;
        }
        self.end -= 1;
        Some(self.element(self.list[self.end]))
    }
}

impl<'a, N: Node<'a>> std::iter::FusedIterator for Properties<'_, 'a, N> {}

impl<'a, N: Node<'a>> ExactSizeIterator for Properties<'_, 'a, N> {}

impl<'a, N: Node<'a>> Document<'a, N> {
    /// The property elements whose nearest item ancestor is item `item`
    /// (`NONE` for "no item"), in tree order, as indexes into `props`.
    pub(crate) fn scope_slice(&self, item: u32) -> &[u32] {
        &self.scoped[self.scope_range(item)]
    }

    /// Where [`scope_slice`](Self::scope_slice) lies in `scoped`.
    pub(crate) fn scope_range(&self, item: u32) -> std::ops::Range<usize> {
        let g = if item == NONE {
            self.item_count()
        } else {
            item as usize
        };
        self.scope_start[g] as usize..self.scope_start[g + 1] as usize
    }

    /// The property elements the crawl visits from element `r`: `r` itself
    /// if it has `itemscope`, else the elements of `r`'s subtree not hidden
    /// behind another item; as indexes into `props`.
    ///
    /// `r` is an `itemref` target: the first element of its ID.
    pub(crate) fn crawl_slice(&self, r: u32) -> &[u32] {
        &self.scoped[self.crawl_range(r)]
    }

    /// Where [`crawl_slice`](Self::crawl_slice) lies in `scoped`: a part of
    /// the list of `r`'s scope, since the elements the crawl visits share
    /// `r`'s nearest item ancestor.
    fn crawl_range(&self, r: u32) -> std::ops::Range<usize> {
        let Some(&e) = self.id_entry(r) else {
            return 0..0;
        };
        let range = self.scope_range(e.scope);
        let list = &self.scoped[range.clone()];
        if e.item != NONE {
            // V(r) = {r}: present in the list only if it has property names.
            return match self.prop_index(r).map(|p| list.binary_search(&p)) {
                Some(Ok(i)) => range.start + i..range.start + i + 1,
                _ => 0..0,
            };
        }
        let subtree = self.subtree_props(r, e.end);
        let lo = list.partition_point(|&x| x < subtree.start);
        let hi = list.partition_point(|&x| x < subtree.end);
        range.start + lo..range.start + hi
    }
}

/// Reusable state for [`Item::group_values`]: per interned name, the last
/// grouping that met it and its group there.
#[derive(Default)]
pub(crate) struct Grouping {
    slots: Vec<(u32, u32)>,
    stamp: u32,
}

impl Grouping {
    /// Starts a new grouping over `names` distinct names.
    fn next_stamp(&mut self, names: usize) -> u32 {
        if self.slots.len() < names {
            self.slots.resize(names, (0, 0));
        }
        if self.stamp == u32::MAX {
            self.slots.fill((0, 0));
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }
}
