//! Attribute lists in their source order.
//!
//! `scraper` stores an element's attributes sorted by name (its
//! `Element::attr` looks names up by binary search), while the DOM keeps
//! them in the order of the source, and the HTML fragment serialization
//! algorithm writes them in that order: `<img src=a alt=b>` serializes as
//! `<img src="a" alt="b">`, not `<img alt="b" src="a">`. [`OrderSink`]
//! wraps `scraper`'s tree sink and records, for each element whose sorted
//! list is not its source order, where each attribute of the source went,
//! so that [`ScraperNode::attrs_in_order`](crate::ScraperNode) can read the
//! list back in order without changing the tree `scraper` searches.

use std::borrow::Cow;
use std::cell::{Ref, RefCell};
use std::ops::Range;
use std::sync::OnceLock;

use ego_tree::NodeId;
use foldhash::{HashMap, HashSet};
use html5ever::tendril::StrTendril;
use html5ever::tree_builder::{ElementFlags, NodeOrText, QuirksMode, TreeSink};
use html5ever::{Attribute, LocalName, QualName, local_name, ns};
use scraper::{Html, HtmlTreeSink};

/// Where each attribute of an element's source went in `scraper`'s list,
/// for the elements where the two orders differ.
#[derive(Clone, Debug, Default)]
pub(crate) struct AttributeOrder {
    /// Element → its run in `positions`: the indices into its stored
    /// attribute list, in source order.
    runs: HashMap<NodeId, Range<usize>>,
    positions: Vec<u32>,
}

impl AttributeOrder {
    /// The indices into `id`'s stored attribute list in source order, or
    /// `None` when the stored list is in source order already.
    pub(crate) fn get(&self, id: NodeId) -> Option<&[u32]> {
        self.positions.get(self.runs.get(&id)?.clone())
    }

    /// Appends the places `attrs`, in source order and not sorted (see
    /// [`sorted`]), take once sorted by name, as `scraper` stores them;
    /// returns their run in `positions`.
    fn push_ranks(&mut self, attrs: &[Attribute]) -> Option<Range<usize>> {
        let len = u32::try_from(attrs.len()).ok()?;
        let start = self.positions.len();
        // Names are unique (the tokenizer drops repeated ones), so an
        // attribute's place in the sorted list is its rank.
        if len == 2 {
            // The one pair that is not sorted: swapped.
            self.positions.extend([1, 0]);
        } else if len <= 8 {
            for a in attrs {
                let rank = attrs.iter().filter(|b| b.name < a.name).count();
                self.positions.push(rank as u32);
            }
        } else {
            let mut by_name: Vec<u32> = (0..len).collect();
            by_name.sort_unstable_by(|&a, &b| attrs[a as usize].name.cmp(&attrs[b as usize].name));
            self.positions.resize(start + attrs.len(), 0);
            for (rank, &i) in (0..).zip(&by_name) {
                self.positions[start + i as usize] = rank;
            }
        }
        Some(start..self.positions.len())
    }
}

/// The index of the attribute named `name` in a list sorted by name, of
/// `len` attributes, whose `i`th name `name_at(i)` gives.
fn search<'a>(
    len: usize,
    name_at: impl Fn(usize) -> Option<&'a QualName>,
    name: &QualName,
) -> Option<usize> {
    let (mut low, mut high) = (0, len);
    while low < high {
        let mid = low + (high - low) / 2;
        match name_at(mid)?.cmp(name) {
            std::cmp::Ordering::Less => low = mid + 1,
            std::cmp::Ordering::Greater => high = mid,
            std::cmp::Ordering::Equal => return Some(mid),
        }
    }
    None
}

/// Whether this build's `scraper` sorts attribute lists by name. It keeps
/// them as they come with its `deterministic` feature, which any crate of a
/// build may turn on; then the tree is in source order and nothing needs
/// recording. Asked of `scraper` itself, once.
fn scraper_sorts() -> bool {
    static SORTS: OnceLock<bool> = OnceLock::new();
    *SORTS.get_or_init(|| {
        let sink = HtmlTreeSink::new(Html::new_fragment());
        let attribute = |name: &str| Attribute {
            name: QualName::new(None, ns!(), LocalName::from(name)),
            value: StrTendril::new(),
        };
        let id = sink.create_element(
            QualName::new(None, ns!(html), local_name!("p")),
            vec![attribute("b"), attribute("a")],
            ElementFlags::default(),
        );
        let html = sink.0.borrow();
        match html.tree.get(id).map(|n| n.value()) {
            #[allow(
                clippy::iter_next_slice,
                reason = "`attrs` is an `IndexMap` with `deterministic`"
            )]
            Some(scraper::Node::Element(e)) => e
                .attrs
                .iter()
                .next()
                .is_some_and(|(name, _)| &*name.local == "a"),
            _ => false,
        }
    })
}

/// `scraper`'s tree sink, recording the [`AttributeOrder`] as it goes, and
/// answering what `scraper`'s own sink does not: which MathML
/// `annotation-xml` elements are HTML integration points.
pub(crate) struct OrderSink {
    inner: HtmlTreeSink,
    /// The MathML `annotation-xml` elements whose start tag had
    /// `encoding="text/html"` (or `application/xhtml+xml`), as the tree
    /// builder flagged them: HTML integration points, in which the parser
    /// makes HTML elements (HTML §13.2.6.5). `scraper`'s sink says no for
    /// every element, so `<math><annotation-xml encoding="text/html"><div
    /// itemscope>` would give a MathML `div`, invisible to microdata.
    integration_points: RefCell<HashSet<NodeId>>,
    order: RefCell<AttributeOrder>,
    /// Elements whose list grew after they were made (a second `<html>`
    /// or `<body>` start tag), with their attribute names in source order;
    /// turned into runs of the [`AttributeOrder`] when the parse finishes.
    grown: RefCell<HashMap<NodeId, Vec<QualName>>>,
    /// Whether to record the order: [`scraper_sorts`], or false for a
    /// [`plain`](OrderSink::plain) sink.
    sorts: bool,
}

impl OrderSink {
    pub(crate) fn new(inner: HtmlTreeSink) -> Self {
        OrderSink {
            inner,
            integration_points: RefCell::default(),
            order: RefCell::default(),
            grown: RefCell::default(),
            sorts: scraper_sorts(),
        }
    }

    /// The sink without the attribute order (its output's order is
    /// empty): `scraper`'s tree, with the integration points answered.
    pub(crate) fn plain(inner: HtmlTreeSink) -> Self {
        OrderSink {
            sorts: false,
            ..OrderSink::new(inner)
        }
    }

    /// Records that `attrs` are about to be added to `id`'s sorted list
    /// where it lacks them. They go to the end of the attribute list ("add
    /// the attribute and its corresponding value to that element", for a
    /// second `<html>` or `<body>` start tag in the "in body" insertion
    /// mode): the element's names in source order so far, then the new
    /// ones. Each name is copied once, so a page of many such tags costs
    /// what their attributes do.
    fn record_growth(&self, id: NodeId, attrs: &[Attribute]) {
        let html = self.inner.0.borrow();
        let Some(scraper::Node::Element(e)) = html.tree.get(id).map(|n| n.value()) else {
            return;
        };
        let stored = &e.attrs;
        #[allow(
            clippy::iter_nth,
            reason = "`attrs` is an `IndexMap` with `deterministic`"
        )]
        let name_at = |i: usize| stored.iter().nth(i).map(|(n, _)| n);
        let mut added = attrs
            .iter()
            .filter(|a| search(stored.len(), name_at, &a.name).is_none())
            .peekable();
        if added.peek().is_none() {
            return;
        }
        let mut grown = self.grown.borrow_mut();
        let names = grown.entry(id).or_insert_with(|| {
            let order = self.order.borrow();
            match order.get(id) {
                Some(positions) => positions
                    .iter()
                    .filter_map(|&i| name_at(i as usize).cloned())
                    .collect(),
                None => stored.iter().map(|(n, _)| n.clone()).collect(),
            }
        });
        names.extend(added.map(|a| a.name.clone()));
    }
}

/// Turns the names of each grown element, in source order, into indices
/// into its final stored list (sorted by name), as `order`'s runs.
fn settle(html: &Html, grown: HashMap<NodeId, Vec<QualName>>, order: &mut AttributeOrder) {
    for (id, names) in grown {
        let Some(scraper::Node::Element(e)) = html.tree.get(id).map(|n| n.value()) else {
            continue;
        };
        #[allow(
            clippy::iter_nth,
            reason = "`attrs` is an `IndexMap` with `deterministic`"
        )]
        let name_at = |i: usize| e.attrs.iter().nth(i).map(|(n, _)| n);
        let start = order.positions.len();
        let found = names.iter().all(|name| {
            let index = search(e.attrs.len(), name_at, name).and_then(|i| u32::try_from(i).ok());
            order.positions.extend(index);
            index.is_some()
        });
        if found && names.len() == e.attrs.len() {
            order.runs.insert(id, start..order.positions.len());
        } else {
            // Never the case: every name is on the list. Read it as stored.
            order.positions.truncate(start);
            order.runs.remove(&id);
        }
    }
}

/// Whether `attrs` are sorted by name, the order `scraper` stores them in.
fn sorted(attrs: &[Attribute]) -> bool {
    attrs.windows(2).all(|w| w[0].name < w[1].name)
}

impl TreeSink for OrderSink {
    type Handle = NodeId;
    type Output = (Html, AttributeOrder);
    type ElemName<'a> = Ref<'a, QualName>;

    fn finish(self) -> Self::Output {
        let html = self.inner.finish();
        let mut order = self.order.into_inner();
        settle(&html, self.grown.into_inner(), &mut order);
        (html, order)
    }

    fn parse_error(&self, msg: Cow<'static, str>) {
        self.inner.parse_error(msg);
    }

    fn get_document(&self) -> NodeId {
        self.inner.get_document()
    }

    fn elem_name<'a>(&'a self, target: &'a NodeId) -> Ref<'a, QualName> {
        self.inner.elem_name(target)
    }

    fn create_element(&self, name: QualName, attrs: Vec<Attribute>, flags: ElementFlags) -> NodeId {
        let integration_point = flags.mathml_annotation_xml_integration_point;
        // Most elements: at most one attribute, or already in order.
        let run = (self.sorts && !sorted(&attrs))
            .then(|| self.order.borrow_mut().push_ranks(&attrs))
            .flatten();
        // `create_element` takes the list: its order is worked out above.
        let id = self.inner.create_element(name, attrs, flags);
        if let Some(run) = run {
            self.order.borrow_mut().runs.insert(id, run);
        }
        if integration_point {
            self.integration_points.borrow_mut().insert(id);
        }
        id
    }

    fn create_comment(&self, text: StrTendril) -> NodeId {
        self.inner.create_comment(text)
    }

    fn create_pi(&self, target: StrTendril, data: StrTendril) -> NodeId {
        self.inner.create_pi(target, data)
    }

    fn append(&self, parent: &NodeId, child: NodeOrText<NodeId>) {
        self.inner.append(parent, child);
    }

    fn append_based_on_parent_node(
        &self,
        element: &NodeId,
        prev_element: &NodeId,
        child: NodeOrText<NodeId>,
    ) {
        self.inner
            .append_based_on_parent_node(element, prev_element, child);
    }

    fn append_doctype_to_document(
        &self,
        name: StrTendril,
        public_id: StrTendril,
        system_id: StrTendril,
    ) {
        self.inner
            .append_doctype_to_document(name, public_id, system_id);
    }

    fn mark_script_already_started(&self, node: &NodeId) {
        self.inner.mark_script_already_started(node);
    }

    fn pop(&self, node: &NodeId) {
        self.inner.pop(node);
    }

    fn get_template_contents(&self, target: &NodeId) -> NodeId {
        self.inner.get_template_contents(target)
    }

    fn same_node(&self, x: &NodeId, y: &NodeId) -> bool {
        self.inner.same_node(x, y)
    }

    fn set_quirks_mode(&self, mode: QuirksMode) {
        self.inner.set_quirks_mode(mode);
    }

    fn append_before_sibling(&self, sibling: &NodeId, new_node: NodeOrText<NodeId>) {
        self.inner.append_before_sibling(sibling, new_node);
    }

    fn add_attrs_if_missing(&self, target: &NodeId, attrs: Vec<Attribute>) {
        if self.sorts {
            self.record_growth(*target, &attrs);
        }
        self.inner.add_attrs_if_missing(target, attrs);
    }

    fn associate_with_form(
        &self,
        target: &NodeId,
        form: &NodeId,
        nodes: (&NodeId, Option<&NodeId>),
    ) {
        self.inner.associate_with_form(target, form, nodes);
    }

    fn remove_from_parent(&self, target: &NodeId) {
        self.inner.remove_from_parent(target);
    }

    fn reparent_children(&self, node: &NodeId, new_parent: &NodeId) {
        self.inner.reparent_children(node, new_parent);
    }

    fn is_mathml_annotation_xml_integration_point(&self, handle: &NodeId) -> bool {
        self.integration_points.borrow().contains(handle)
    }

    fn set_current_line(&self, line_number: u64) {
        self.inner.set_current_line(line_number);
    }

    fn allow_declarative_shadow_roots(&self, intended_parent: &NodeId) -> bool {
        self.inner.allow_declarative_shadow_roots(intended_parent)
    }

    fn attach_declarative_shadow(
        &self,
        location: &NodeId,
        template: &NodeId,
        attrs: &[Attribute],
    ) -> bool {
        self.inner
            .attach_declarative_shadow(location, template, attrs)
    }

    fn maybe_clone_an_option_into_selectedcontent(&self, option: &NodeId) {
        self.inner
            .maybe_clone_an_option_into_selectedcontent(option);
    }
}
