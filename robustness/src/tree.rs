//! A hand-built in-memory tree implementing [`Node`], for documents no HTML
//! parser would build quickly (or at all): 100,000 levels of nesting, ten
//! thousand items sharing one block, foreign elements anywhere.
//!
//! Nodes live in one arena (`Vec`), so building and dropping a tree of any
//! depth never recurses.
//!
//! # Examples
//!
//! ```
//! use microdata_model::Document;
//! use robustness::tree::Tree;
//!
//! let mut t = Tree::new();
//! let item = t.element(Tree::ROOT, "div", &[("itemscope", "")]);
//! let name = t.element(item, "span", &[("itemprop", "name")]);
//! t.text(name, "Ada");
//! let doc = Document::new(t.root());
//! assert_eq!(doc.to_json(), r#"{"items":[{"properties":{"name":["Ada"]}}]}"#);
//! ```

use microdata_model::{Attribute, Node, NodeKind};

/// An arena tree: a document node and its descendants.
#[derive(Debug)]
pub struct Tree {
    nodes: Vec<Data>,
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
}

impl Default for Tree {
    fn default() -> Self {
        Self::new()
    }
}

impl Tree {
    /// The document node's id: the parent of top-level elements.
    pub const ROOT: usize = 0;

    /// A tree with a document node only.
    pub fn new() -> Self {
        Tree {
            nodes: vec![Data::Document(Vec::new())],
        }
    }

    fn push(&mut self, parent: usize, data: Data) -> usize {
        let id = self.nodes.len();
        self.nodes.push(data);
        match self.nodes.get_mut(parent) {
            Some(Data::Document(c) | Data::Element { children: c, .. }) => c.push(id),
            _ => panic!("node {parent} cannot have children"),
        }
        id
    }

    fn attrs(attrs: &[(&str, &str)]) -> Vec<(String, String)> {
        attrs
            .iter()
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
            .collect()
    }

    /// Appends an HTML element with `attrs` (`name`, `value` pairs; a name
    /// `prefix:local` is a namespaced attribute) to `parent`; returns its id.
    pub fn element(&mut self, parent: usize, name: &str, attrs: &[(&str, &str)]) -> usize {
        let attrs = Self::attrs(attrs);
        self.element_owned(parent, name, attrs)
    }

    /// [`element`](Self::element) with owned attribute strings (no copy of
    /// large values).
    pub fn element_owned(
        &mut self,
        parent: usize,
        name: &str,
        attrs: Vec<(String, String)>,
    ) -> usize {
        self.push(
            parent,
            Data::Element {
                name: name.to_owned(),
                html: true,
                attrs,
                children: Vec::new(),
            },
        )
    }

    /// Appends an element in a namespace other than HTML's (SVG, MathML).
    pub fn foreign(&mut self, parent: usize, name: &str, attrs: &[(&str, &str)]) -> usize {
        self.push(
            parent,
            Data::Element {
                name: name.to_owned(),
                html: false,
                attrs: Self::attrs(attrs),
                children: Vec::new(),
            },
        )
    }

    /// Appends a text node.
    pub fn text(&mut self, parent: usize, text: &str) -> usize {
        self.push(parent, Data::Text(text.to_owned()))
    }

    /// The document node, to index with `Document::new`.
    pub fn root(&self) -> TreeNode<'_> {
        TreeNode(self, Self::ROOT)
    }

    /// Number of nodes, the document node included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree has the document node only.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }
}

/// A handle to one node of a [`Tree`].
#[derive(Clone, Copy, Debug)]
pub struct TreeNode<'a>(&'a Tree, usize);

impl PartialEq for TreeNode<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0) && self.1 == other.1
    }
}

impl Eq for TreeNode<'_> {}

impl std::hash::Hash for TreeNode<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.1.hash(state);
    }
}

impl<'a> TreeNode<'a> {
    fn data(self) -> &'a Data {
        &self.0.nodes[self.1]
    }
}

impl<'a> Node<'a> for TreeNode<'a> {
    fn kind(self) -> NodeKind {
        match self.data() {
            Data::Document(_) => NodeKind::Document,
            Data::Element { .. } => NodeKind::Element,
            Data::Text(_) => NodeKind::Text,
        }
    }

    fn local_name(self) -> Option<&'a str> {
        match self.data() {
            Data::Element { name, .. } => Some(name),
            _ => None,
        }
    }

    fn is_html(self) -> bool {
        matches!(self.data(), Data::Element { html: true, .. })
    }

    fn attrs(self) -> impl Iterator<Item = Attribute<'a>> {
        let attrs: &'a [(String, String)] = match self.data() {
            Data::Element { attrs, .. } => attrs,
            _ => &[],
        };
        attrs.iter().map(|(n, v)| match n.split_once(':') {
            Some((prefix, name)) => Attribute {
                prefix: Some(prefix),
                name,
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
        match self.data() {
            Data::Text(t) => Some(t),
            _ => None,
        }
    }

    fn children(self) -> impl Iterator<Item = Self> {
        let tree = self.0;
        let children: &'a [usize] = match self.data() {
            Data::Document(c) | Data::Element { children: c, .. } => c,
            Data::Text(_) => &[],
        };
        children.iter().map(move |&i| TreeNode(tree, i))
    }
}
