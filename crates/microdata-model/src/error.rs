//! Microdata errors: conformance problems found while extracting.
//!
//! Extraction never fails because of markup; these are reported as data by
//! [`Document::errors`].

use std::fmt;

use crate::document::{Document, NONE, Source, has_names, split_ascii_whitespace};
use crate::element::Element;
use crate::node::Node;

/// What is wrong (see [`MicrodataError`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// "Find the properties of an item" reached an element already in
    /// memory: an `itemref` naming an element twice, naming an element the
    /// item reaches anyway, or leading back to the item itself (§5.2.5 step 7).
    RepeatedElement,
    /// An `itemref` token is not the ID of any element.
    MissingItemrefTarget,
    /// An item is, through properties whose values are items, a property of
    /// itself (a cycle in the item graph, only possible through `itemref`).
    ItemCycle,
    /// An element with `itemprop` is not a property of any item.
    UnownedProperty,
    /// An `itemprop` attribute with no property names. Such an element is
    /// never a property; this is the one error reported for it.
    EmptyItemprop,
    /// A property name that is neither a defined name (no `.`, no `:`) nor
    /// an absolute URL.
    InvalidPropertyName,
    /// `itemtype` on an element without `itemscope`.
    ItemtypeWithoutItemscope,
    /// `itemtype` with no tokens (with or without `itemscope`: the rule is
    /// on the attribute's value).
    EmptyItemtype,
    /// An `itemtype` token that is not a valid absolute URL (with or
    /// without `itemscope`).
    RelativeItemType,
    /// `itemid` on an element without both `itemscope` and an `itemtype`
    /// attribute (an empty one counts as present, and is an
    /// [`EmptyItemtype`](Self::EmptyItemtype)).
    ItemidWithoutItemtype,
    /// An `itemid` that is not a valid URL string (when it does not parse
    /// at all, the item has no global identifier).
    InvalidItemid,
    /// `itemref` on an element without `itemscope`.
    ItemrefWithoutItemscope,
    /// A URL property element whose `href`/`src`/`data` does not parse: its
    /// value is the empty string.
    UnresolvableUrl,
    /// Warning: an `itemid`, item type or property name is a `data:` URL
    /// with a fragment, which the URL standard's writers are warned against.
    DataUrlWithFragment,
    /// A token repeated in one `itemtype`, `itemprop` or `itemref`
    /// attribute, each "an unordered set of unique space-separated tokens"
    /// (§5.2.2, §5.2.3). The repeat changes nothing in the data: item
    /// types and property names keep their first occurrence, and an
    /// `itemref` repeat is also reported as [`RepeatedElement`](Self::RepeatedElement).
    DuplicateToken,
}

impl ErrorKind {
    /// Whether this is a warning (the document stays conforming) rather than
    /// an error.
    pub fn is_warning(self) -> bool {
        matches!(self, ErrorKind::DataUrlWithFragment)
    }

    /// A short, lowercase description.
    pub fn description(self) -> &'static str {
        match self {
            ErrorKind::RepeatedElement => {
                "element reached twice while finding an item's properties"
            }
            ErrorKind::MissingItemrefTarget => "itemref names no element",
            ErrorKind::ItemCycle => "item is a property of itself through itemref",
            ErrorKind::UnownedProperty => "itemprop element is not a property of any item",
            ErrorKind::EmptyItemprop => "itemprop has no property names",
            ErrorKind::InvalidPropertyName => {
                "property name is neither an absolute URL nor free of '.' and ':'"
            }
            ErrorKind::ItemtypeWithoutItemscope => "itemtype without itemscope",
            ErrorKind::EmptyItemtype => "itemtype has no tokens",
            ErrorKind::RelativeItemType => "item type is not an absolute URL",
            ErrorKind::ItemidWithoutItemtype => "itemid without itemscope and itemtype",
            ErrorKind::InvalidItemid => "itemid is not a valid URL",
            ErrorKind::ItemrefWithoutItemscope => "itemref without itemscope",
            ErrorKind::UnresolvableUrl => "URL property value does not parse",
            ErrorKind::DataUrlWithFragment => "data: URL with a fragment",
            ErrorKind::DuplicateToken => "token repeated in one itemtype, itemprop or itemref",
        }
    }
}

/// The description, as [`ErrorKind::description`] gives it.
///
/// ```
/// use microdata_model::ErrorKind;
///
/// assert_eq!(ErrorKind::EmptyItemprop.to_string(), "itemprop has no property names");
/// ```
impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// One microdata error: what, where, and the offending token if any.
///
/// It borrows the document; [`MicrodataError::to_owned`] gives an error
/// that does not, to return with `?` or keep after the document is gone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MicrodataError<'d, 'a, N: Node<'a>> {
    kind: ErrorKind,
    element: Element<'d, 'a, N>,
    detail: Option<&'a str>,
    item: Option<Element<'d, 'a, N>>,
}

impl<'d, 'a, N: Node<'a>> MicrodataError<'d, 'a, N> {
    /// What is wrong.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The element the error is about (for [`ErrorKind::RepeatedElement`],
    /// the element reached twice; for item-level errors, the item's element).
    pub fn element(&self) -> Element<'d, 'a, N> {
        self.element
    }

    /// The token or attribute value involved (an ID, a type, a name), if any.
    pub fn detail(&self) -> Option<&'a str> {
        self.detail
    }

    /// For [`ErrorKind::RepeatedElement`], the element of the item whose
    /// properties were being found: the item whose `itemref` is at fault,
    /// where several share the element reached twice. `None` for the
    /// other kinds.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::{Document, ErrorKind};
    ///
    /// // <p id=b itemprop=n>x</p><div itemscope itemref="b"></div><div itemscope itemref="b b"></div>
    /// let tree: &'static [Row] = &[
    ///     (Some("body"), "", &[], &[1, 3, 4]),
    ///     (Some("p"), "", &[("id", "b"), ("itemprop", "n")], &[2]),
    ///     (None, "x", &[], &[]),
    ///     (Some("div"), "", &[("itemscope", ""), ("itemref", "b")], &[]),
    ///     (Some("div"), "", &[("itemscope", ""), ("itemref", "b b")], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let errors = doc.errors();
    /// let repeated = errors.iter().find(|e| e.kind() == ErrorKind::RepeatedElement).ok_or("none")?;
    /// assert_eq!(repeated.element().local_name(), "p");
    /// assert_eq!(repeated.item().map(|e| e.index()), Some(3));
    /// assert_eq!(
    ///     repeated.to_string(),
    ///     r#"element reached twice while finding an item's properties (<p> #1 id="b"; item <div> #3): "b""#
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn item(&self) -> Option<Element<'d, 'a, N>> {
        self.item
    }

    /// The same error, owning what it says: `Send`, `Sync` and `'static`
    /// whatever the tree, so it can be returned with `?` (into
    /// `Box<dyn Error + Send + Sync>`, `anyhow::Error`, a `thiserror`
    /// `#[from]`) or kept after the document is dropped. It displays alike.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::{Document, OwnedMicrodataError};
    ///
    /// fn first_error(tree: &'static [Row]) -> Result<(), OwnedMicrodataError> {
    ///     let doc = Document::new(N(tree, 0));
    ///     match doc.errors().first() {
    ///         Some(e) => Err(e.to_owned()),
    ///         None => Ok(()),
    ///     }
    /// }
    ///
    /// // <div itemscope itemref="gone"></div>
    /// let tree: &'static [Row] = &[(Some("div"), "", &[("itemscope", ""), ("itemref", "gone")], &[])];
    /// let e = first_error(tree).unwrap_err();
    /// assert_eq!(e.to_string(), r#"itemref names no element (<div> #0): "gone""#);
    /// let boxed: Box<dyn std::error::Error + Send + Sync> = Box::new(e);
    /// # let _ = boxed;
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub fn to_owned(&self) -> OwnedMicrodataError {
        OwnedMicrodataError {
            kind: self.kind,
            element: self.element.index(),
            local_name: self.element.local_name().to_owned(),
            id: self.element.attr("id").map(str::to_owned),
            detail: self.detail.map(str::to_owned),
            item: self.item.map(|e| (e.index(), e.local_name().to_owned())),
        }
    }
}

/// A [`MicrodataError`] that owns what it says (see
/// [`MicrodataError::to_owned`]).
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::{Document, ErrorKind, OwnedMicrodataError};
///
/// fn errors(tree: &'static [Row]) -> Vec<OwnedMicrodataError> {
///     let doc = Document::new(N(tree, 0));
///     doc.errors().iter().map(|e| e.to_owned()).collect()
/// }
///
/// // <p id=x itemprop=name></p>: a property of no item.
/// let tree: &'static [Row] = &[(Some("p"), "", &[("id", "x"), ("itemprop", "name")], &[])];
/// let errors = errors(tree);
/// assert_eq!(errors[0].kind(), ErrorKind::UnownedProperty);
/// assert_eq!(errors[0].id(), Some("x"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OwnedMicrodataError {
    kind: ErrorKind,
    element: usize,
    local_name: String,
    id: Option<String>,
    detail: Option<String>,
    item: Option<(usize, String)>,
}

impl OwnedMicrodataError {
    /// What is wrong.
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// # use microdata_model::{Document, ErrorKind};
    /// # let tree: &'static [Row] = &[(Some("p"), "", &[("itemprop", "name")], &[])];
    /// # let e = Document::new(N(tree, 0)).errors()[0].to_owned();
    /// assert_eq!(e.kind(), ErrorKind::UnownedProperty);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The element's index in tree order ([`Element::index`]).
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// # use microdata_model::Document;
    /// # let tree: &'static [Row] = &[(Some("div"), "", &[], &[1]), (Some("p"), "", &[("itemprop", "name")], &[])];
    /// # let e = Document::new(N(tree, 0)).errors()[0].to_owned();
    /// assert_eq!(e.element(), 1);
    /// ```
    pub fn element(&self) -> usize {
        self.element
    }

    /// The element's local name.
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// # use microdata_model::Document;
    /// # let tree: &'static [Row] = &[(Some("p"), "", &[("itemprop", "name")], &[])];
    /// # let e = Document::new(N(tree, 0)).errors()[0].to_owned();
    /// assert_eq!(e.local_name(), "p");
    /// ```
    pub fn local_name(&self) -> &str {
        &self.local_name
    }

    /// The element's `id`, if it has one.
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// # use microdata_model::Document;
    /// # let tree: &'static [Row] = &[(Some("p"), "", &[("id", "n"), ("itemprop", "name")], &[])];
    /// # let e = Document::new(N(tree, 0)).errors()[0].to_owned();
    /// assert_eq!(e.id(), Some("n"));
    /// ```
    pub fn id(&self) -> Option<&str> {
        self.id.as_deref()
    }

    /// The token or attribute value involved (an ID, a type, a name), if
    /// any.
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// # use microdata_model::Document;
    /// # let tree: &'static [Row] = &[(Some("div"), "", &[("itemscope", ""), ("itemref", "gone")], &[])];
    /// # let e = Document::new(N(tree, 0)).errors()[0].to_owned();
    /// assert_eq!(e.detail(), Some("gone"));
    /// ```
    pub fn detail(&self) -> Option<&str> {
        self.detail.as_deref()
    }

    /// The index of the item element whose properties were being found,
    /// for [`ErrorKind::RepeatedElement`] (see [`MicrodataError::item`]).
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// # use microdata_model::Document;
    /// // <div itemscope id=a itemref="a"></div>: the item reaches itself.
    /// # let tree: &'static [Row] = &[(Some("div"), "", &[("itemscope", ""), ("id", "a"), ("itemref", "a")], &[])];
    /// # let e = Document::new(N(tree, 0)).errors()[0].to_owned();
    /// assert_eq!(e.item(), Some(0));
    /// ```
    pub fn item(&self) -> Option<usize> {
        self.item.as_ref().map(|(index, _)| *index)
    }
}

/// Writes an error's description, element, item and detail.
fn describe(
    f: &mut fmt::Formatter<'_>,
    kind: ErrorKind,
    (local_name, index, id): (&str, usize, Option<&str>),
    item: Option<(&str, usize)>,
    detail: Option<&str>,
) -> fmt::Result {
    write!(f, "{} (<{local_name}> #{index}", kind.description())?;
    if let Some(id) = id {
        write!(f, " id={id:?}")?;
    }
    if let Some((name, index)) = item {
        write!(f, "; item <{name}> #{index}")?;
    }
    f.write_str(")")?;
    if let Some(d) = detail {
        write!(f, ": {d:?}")?;
    }
    Ok(())
}

impl fmt::Display for OwnedMicrodataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        describe(
            f,
            self.kind,
            (&self.local_name, self.element, self.id.as_deref()),
            self.item
                .as_ref()
                .map(|(index, name)| (name.as_str(), *index)),
            self.detail.as_deref(),
        )
    }
}

impl std::error::Error for OwnedMicrodataError {}

impl<'a, N: Node<'a>> From<MicrodataError<'_, 'a, N>> for OwnedMicrodataError {
    fn from(e: MicrodataError<'_, 'a, N>) -> OwnedMicrodataError {
        e.to_owned()
    }
}

impl<'a, N: Node<'a>> fmt::Display for MicrodataError<'_, 'a, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let el = self.element;
        describe(
            f,
            self.kind,
            (el.local_name(), el.index(), el.attr("id")),
            self.item.map(|e| (e.local_name(), e.index())),
            self.detail,
        )
    }
}

impl<'a, N: Node<'a>> std::error::Error for MicrodataError<'_, 'a, N> {}

impl<'a, N: Node<'a>> Document<'a, N> {
    /// Every microdata error in the document, grouped by kind of check and
    /// in tree order within each.
    ///
    /// Linear in the document size plus the number of properties found.
    pub fn errors(&self) -> Vec<MicrodataError<'_, 'a, N>> {
        let mut out = Vec::new();
        // The item element whose `itemref` is being followed, which a
        // `RepeatedElement` error names.
        let finding = std::cell::Cell::new(NONE);
        let mut push = |kind, idx: u32, detail| {
            let item = finding.get();
            out.push(MicrodataError {
                kind,
                element: Element::new(self, idx),
                detail,
                item: (kind == ErrorKind::RepeatedElement && item != NONE)
                    .then(|| Element::new(self, item)),
            })
        };

        // Attribute-level checks.
        for el in self.elements() {
            if !el.is_html() {
                continue;
            }
            let idx = el.index() as u32;
            let is_item = el.is_item();
            // "The itemtype attribute, if specified, must have a value
            // that is an unordered set of unique space-separated tokens
            // ..., each of which is a valid URL string that is an absolute
            // URL"; "at least one token": whether or not it is allowed here.
            if let Some(t) = el.attr("itemtype") {
                if !is_item {
                    push(ErrorKind::ItemtypeWithoutItemscope, idx, None);
                }
                if split_ascii_whitespace(t).next().is_none() {
                    push(ErrorKind::EmptyItemtype, idx, None);
                }
                for ty in split_ascii_whitespace(t) {
                    match url_validity(ty, None) {
                        UrlValidity::Invalid => push(ErrorKind::RelativeItemType, idx, Some(ty)),
                        UrlValidity::DataWithFragment => {
                            push(ErrorKind::DataUrlWithFragment, idx, Some(ty))
                        }
                        UrlValidity::Valid => {}
                    }
                }
                for ty in repeated_tokens(t) {
                    push(ErrorKind::DuplicateToken, idx, Some(ty));
                }
            }
            if let Some(id) = el.attr("itemid") {
                // "Both an itemscope attribute and an itemtype attribute
                // specified": an empty `itemtype` is specified.
                if !is_item || el.attr("itemtype").is_none() {
                    push(ErrorKind::ItemidWithoutItemtype, idx, None);
                }
                // "Potentially surrounded by spaces": strip them, then a
                // valid URL string relative to the document base URL
                // (`about:blank` without a URL, as when resolving it).
                let base = self.effective_base_url();
                match url_validity(id.trim_matches(crate::is_ascii_whitespace), Some(base)) {
                    UrlValidity::Invalid => push(ErrorKind::InvalidItemid, idx, Some(id)),
                    UrlValidity::DataWithFragment => {
                        push(ErrorKind::DataUrlWithFragment, idx, Some(id))
                    }
                    UrlValidity::Valid => {}
                }
            }
            if let Some(r) = el.attr("itemref") {
                if !is_item {
                    push(ErrorKind::ItemrefWithoutItemscope, idx, None);
                }
                for id in repeated_tokens(r) {
                    push(ErrorKind::DuplicateToken, idx, Some(id));
                }
            }
            if let Some(p) = el.itemprop() {
                if !has_names(Some(p)) {
                    push(ErrorKind::EmptyItemprop, idx, None);
                }
                // A name with `.` or `:` is no defined name: it must be "a
                // valid URL string that is an absolute URL".
                for name in split_ascii_whitespace(p).filter(|n| n.contains([':', '.'])) {
                    match url_validity(name, None) {
                        UrlValidity::Invalid => {
                            push(ErrorKind::InvalidPropertyName, idx, Some(name))
                        }
                        UrlValidity::DataWithFragment => {
                            push(ErrorKind::DataUrlWithFragment, idx, Some(name))
                        }
                        UrlValidity::Valid => {}
                    }
                }
                for name in repeated_tokens(p) {
                    push(ErrorKind::DuplicateToken, idx, Some(name));
                }
                if let Some(attr) = el.url_attribute().filter(|_| !is_item) {
                    if el.url_attr(attr).is_err() {
                        push(ErrorKind::UnresolvableUrl, idx, el.attr(attr));
                    }
                }
            }
        }

        // itemref: missing targets and elements reached twice (§5.2.5 step 7).
        for &(item, token) in &self.missing_refs {
            push(
                ErrorKind::MissingItemrefTarget,
                self.items[item as usize].element,
                Some(token),
            );
        }
        let mut covered = vec![0i32; self.scope_slice(NONE).len() + 1];
        for item in 0..self.items.len() as u32 {
            let (rs, re) = self.items[item as usize].refs;
            if rs == re {
                continue;
            }
            let root = self.items[item as usize].element;
            finding.set(root);
            let root_prop = self.prop_index(root);
            let elements = self.table();
            let mut refs: Vec<u32> = self.refs[rs as usize..re as usize].to_vec();
            refs.sort_unstable();
            // Open references whose subtree contains the current one.
            let mut open: Vec<u32> = Vec::new();
            let mut previous = NONE;
            for &r in &refs {
                let e = &elements[r as usize];
                while open.last().is_some_and(|&o| elements[o as usize].end <= r) {
                    open.pop();
                }
                let in_other_ref = r == previous
                    || open.last().is_some_and(|&o| {
                        let oe = &elements[o as usize];
                        oe.item == NONE && oe.scope == e.scope
                    });
                // Reached through the item's own subtree, or the root itself.
                let in_tree = r == root || e.scope == item;
                if in_other_ref || in_tree {
                    push(
                        ErrorKind::RepeatedElement,
                        r,
                        self.nodes[r as usize].attr("id"),
                    );
                }
                // The crawl from r reaches the root (r is an ancestor, nothing
                // with itemscope in between). Not when r was reached before:
                // step 7 continues with the next element, so r's children
                // are not added to pending again.
                let root_el = &elements[root as usize];
                if !in_other_ref
                    && !in_tree
                    && r != root
                    && e.item == NONE
                    && r < root
                    && root < e.end
                    && root_el.scope == e.scope
                {
                    push(ErrorKind::RepeatedElement, root, None);
                }
                if r != previous {
                    open.push(r);
                }
                previous = r;
                // Coverage of "no item" properties, for the unowned check.
                if e.scope == NONE {
                    let list = self.scope_slice(NONE);
                    let slice = self.crawl_slice(r);
                    if let Some(&first) = slice.first() {
                        let lo = list.partition_point(|&x| x < first);
                        covered[lo] += 1;
                        covered[lo + slice.len()] -= 1;
                        // The root is in memory from the start: reaching
                        // it again does not make it one of this item's
                        // properties (step 7).
                        if let Some(Ok(i)) = root_prop.map(|p| slice.binary_search(&p)) {
                            covered[lo + i] -= 1;
                            covered[lo + i + 1] += 1;
                        }
                    }
                }
            }
        }

        // itemprop elements outside every item, not reached through itemref.
        let mut depth = 0;
        for (i, &p) in self.scope_slice(NONE).iter().enumerate() {
            depth += covered[i];
            if depth == 0 {
                push(
                    ErrorKind::UnownedProperty,
                    self.props[p as usize].element,
                    None,
                );
            }
        }

        // Cycles in the item graph (iterative depth-first search). Only
        // item-valued properties are edges: their positions in `scoped`
        // are listed once, so an item's edges are found from its property
        // ranges without copying the rest of its properties (N items
        // sharing one large block cost N times the block's items, not
        // N times the block).
        let item_positions: Vec<usize> = (0..self.scoped.len())
            .filter(|&pos| {
                let prop = &self.props[self.scoped[pos] as usize];
                matches!(self.source(prop), Source::Item(_))
            })
            .collect();
        let edges = |item: u32| -> Vec<u32> {
            let data = &self.items[item as usize];
            // Without `itemref`, the item's own range alone: nothing to
            // merge or allocate.
            let own;
            let merged;
            let ranges: &[std::ops::Range<usize>] = if data.refs.0 == data.refs.1 {
                own = [self.scope_range(item)];
                &own
            } else {
                merged = crate::Item::new(self, item).property_ranges();
                &merged
            };
            let root = self.prop_index(data.element);
            let mut out: Vec<u32> = Vec::new();
            for r in ranges {
                let lo = item_positions.partition_point(|&pos| pos < r.start);
                let hi = item_positions.partition_point(|&pos| pos < r.end);
                out.extend(
                    item_positions[lo..hi]
                        .iter()
                        .map(|&pos| self.scoped[pos])
                        .filter(|&p| Some(p) != root),
                );
            }
            // Tree order, as the properties come (one range is in it).
            if ranges.len() > 1 {
                out.sort_unstable();
            }
            out
        };
        let n = self.items.len();
        let mut state = vec![0u8; n]; // 0 new, 1 on the path, 2 done
        for start in 0..n {
            if state[start] != 0 {
                continue;
            }
            let mut stack: Vec<(u32, Vec<u32>, usize)> =
                vec![(start as u32, edges(start as u32), 0)];
            state[start] = 1;
            while let Some((item, props, pos)) = stack.last_mut() {
                let Some(&p) = props.get(*pos) else {
                    state[*item as usize] = 2;
                    stack.pop();
                    continue;
                };
                *pos += 1;
                let prop = &self.props[p as usize];
                let Source::Item(child) = self.source(prop) else {
                    continue;
                };
                match state[child as usize] {
                    0 => {
                        state[child as usize] = 1;
                        stack.push((child, edges(child), 0));
                    }
                    1 => push(ErrorKind::ItemCycle, prop.element, None),
                    _ => {}
                }
            }
        }
        out
    }
}

/// The tokens of `value` (split on ASCII whitespace) that repeat an
/// earlier one, once each, in the order of their second occurrence.
/// Sorting keeps this `n log n` in the number of tokens.
fn repeated_tokens(value: &str) -> Vec<&str> {
    // Most attributes hold one token: nothing to sort, nothing allocated.
    if split_ascii_whitespace(value).nth(1).is_none() {
        return Vec::new();
    }
    let mut tokens: Vec<(&str, usize)> = split_ascii_whitespace(value)
        .enumerate()
        .map(|(i, t)| (t, i))
        .collect();
    // By token, then position: each run of equal tokens starts with the
    // first occurrence, followed by the second.
    tokens.sort_unstable();
    let mut repeats: Vec<(usize, &str)> = Vec::new();
    for (i, pair) in tokens.windows(2).enumerate() {
        let run_start = i == 0 || tokens[i - 1].0 != pair[0].0;
        if run_start && pair[0].0 == pair[1].0 {
            repeats.push((pair[1].1, pair[1].0));
        }
    }
    repeats.sort_unstable();
    repeats.into_iter().map(|(_, t)| t).collect()
}

enum UrlValidity {
    Valid,
    Invalid,
    DataWithFragment,
}

/// Whether `input` is a valid URL string (relative to `base`; with no base,
/// a valid absolute URL), judged by the current URL Standard: the parser's
/// validation errors, plus two it does not report here.
fn url_validity(input: &str, base: Option<&url::Url>) -> UrlValidity {
    let violated = std::cell::Cell::new(false);
    let report = |_: url::SyntaxViolation| violated.set(true);
    let parsed = url::Url::options()
        .base_url(base)
        .syntax_violation_callback(Some(&report))
        .parse(input);
    let Ok(parsed) = parsed else {
        return UrlValidity::Invalid;
    };
    if violated.get() || missing_following_solidus(input) {
        return UrlValidity::Invalid;
    }
    if parsed.scheme() == "data" {
        // A data: URL without a comma is a failure of the data: URL processor.
        if !parsed.path().contains(',') {
            return UrlValidity::Invalid;
        }
        if parsed.fragment().is_some() {
            return UrlValidity::DataWithFragment;
        }
    }
    UrlValidity::Valid
}

/// The "special-scheme-missing-following-solidus" validation error: a
/// special scheme's `:` not followed by `//`. The parser accepts
/// `http:example.com` (relative to an `http:` base, even as a path) without
/// reporting it.
fn missing_following_solidus(input: &str) -> bool {
    let Some((scheme, rest)) = input.split_once(':') else {
        return false;
    };
    ["ftp", "file", "http", "https", "ws", "wss"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
        && !rest.starts_with("//")
}
