// The small static tree the rustdoc examples of this crate build their
// documents from. An example includes it, hidden, as
//
//     # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
//     # use tree::{N, Row};
//
// Any `Node` implementation does; `microdata_scraper` parses HTML strings
// into one.
//
// A tree is a slice of rows, `(element name or None for a text node, text,
// attributes, child row indexes)`, and `N(tree, i)` is its row `i`.
use microdata_model::{Attribute, Node, NodeKind};

pub type Row = (
    Option<&'static str>,
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static [usize],
);

#[derive(Clone, Copy)]
pub struct N(pub &'static [Row], pub usize);

// Identity, as the `Node` docs ask: the same tree and the same row, never
// two rows that look alike.
impl PartialEq for N {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0) && self.1 == other.1
    }
}
impl Eq for N {}
impl std::hash::Hash for N {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.1.hash(state);
    }
}
impl std::fmt::Debug for N {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}", self.1)
    }
}

impl Node<'static> for N {
    fn kind(self) -> NodeKind {
        if self.0[self.1].0.is_some() {
            NodeKind::Element
        } else {
            NodeKind::Text
        }
    }
    fn local_name(self) -> Option<&'static str> {
        self.0[self.1].0
    }
    fn is_html(self) -> bool {
        self.0[self.1].0.is_some()
    }
    fn attrs(self) -> impl Iterator<Item = Attribute<'static>> {
        self.0[self.1]
            .2
            .iter()
            .map(|&(name, value)| Attribute { prefix: None, name, value })
    }
    fn text(self) -> Option<&'static str> {
        self.0[self.1].0.is_none().then_some(self.0[self.1].1)
    }
    fn children(self) -> impl Iterator<Item = Self> {
        let t = self.0;
        t[self.1].3.iter().map(move |&i| N(t, i))
    }
}
