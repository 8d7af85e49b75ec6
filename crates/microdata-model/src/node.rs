//! The one trait the model asks of an HTML tree.

/// What kind of node a [`Node`] is.
///
/// The model walks into [`Document`](NodeKind::Document) and
/// [`Element`](NodeKind::Element) nodes, reads the data of
/// [`Text`](NodeKind::Text) nodes, and ignores everything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NodeKind {
    /// The document node: the root of the tree.
    Document,
    /// An element, in any namespace.
    Element,
    /// A text node (character data that is part of the tree's `textContent`).
    Text,
    /// Anything else: comments, doctypes, processing instructions, and
    /// document fragments such as a `<template>` element's contents. The model
    /// never descends into these nodes: no items, properties, IDs or
    /// `textContent` come from them. The [HTML
    /// serialization](crate::serialize) does: it writes a comment
    /// ([`Node::comment`]) and, in place of any other such node, that node's
    /// children (as the algorithm serializes a template's contents). So
    /// report as `Other` only what is a fragment or not content: a wrapper
    /// of ordinary content reported as `Other` would be missing from the
    /// microdata but present in HTML written by Atom and `e-*` values.
    Other,
}

/// One attribute of an element, as [`Node::attrs`] yields it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Attribute<'a> {
    /// The namespace prefix for attributes in a namespace (`xlink` in
    /// `xlink:href`); `None` for ordinary attributes (no namespace).
    ///
    /// The model reads attributes with no prefix, and one prefixed
    /// attribute: `xml:lang`, recognised by the prefix `"xml"`, which sets
    /// an element's language as `lang` does and wins over it. Serialization
    /// writes `prefix:name`. Trees that record an attribute's namespace
    /// URI rather than its prefix should give the prefixes the HTML parser
    /// uses: `xml` for `http://www.w3.org/XML/1998/namespace`, `xlink` for
    /// `http://www.w3.org/1999/xlink`, `xmlns` for
    /// `http://www.w3.org/2000/xmlns/`. html5ever puts the `xmlns` attribute
    /// of foreign elements in the XMLNS namespace with an empty prefix
    /// (`Some("")`); serialization writes such a name without a colon.
    pub prefix: Option<&'a str>,
    /// The local name, lowercase as the HTML parser stores it.
    pub name: &'a str,
    /// The attribute's value.
    pub value: &'a str,
}

/// A read-only handle to one node of an HTML tree.
///
/// This is all the microdata model needs from a DOM. Handles are small
/// `Copy` values (typically an index or a reference); equality is node
/// identity (see [Identity](#identity)), and `Hash` must agree with it. Strings returned borrow the tree
/// for `'a`, not the handle. `Debug` (an index or a tag name is enough) is
/// what lets every model type that holds a node print itself.
///
/// So a tree must be able to lend its names, attribute values and text
/// for `'a`, as long as a [`Document`](crate::Document) over it lives.
/// Arena trees do (scraper's
/// `ego-tree`, which `microdata-scraper` adapts, or any tree of plain
/// vectors). Trees that keep a node's data behind a `RefCell`
/// (`markup5ever_rcdom`, `kuchikiki`) cannot lend it past the borrow: copy
/// such a tree into an arena first, or parse the HTML with
/// `microdata-scraper`.
///
/// Implementors must present the tree as the [WHATWG DOM] has it after
/// parsing: children in tree order, and no `<template>` contents among the
/// children of a `template` element (expose them, if at all, as a child of
/// kind [`NodeKind::Other`], which the model skips).
///
/// # Identity
///
/// `==` must say whether two handles are *the same node*, never whether
/// two nodes look alike: the model and the converters key maps and sets by
/// node (html-atom, for one, leaves out of an entry's content the nodes it
/// removed), so two equal-looking `<h1>Title</h1>` elements that compared
/// equal would be taken for one. Compare indices, or pointers with
/// [`std::ptr::eq`] for a handle that is a reference; do not derive
/// `PartialEq` on the node type and implement the trait on `&Node`.
///
/// The model derives everything else (tree order, the ID map used by
/// `itemref`, the document base URL, inherited languages, the `<title>`
/// element) itself, in one traversal, without recursion.
///
/// [WHATWG DOM]: https://dom.spec.whatwg.org/#concept-tree
///
/// # Examples
///
/// A minimal in-memory tree implementing the trait, and items extracted
/// from it:
///
/// ```
/// use microdata_model::{Attribute, Document, Node, NodeKind};
///
/// enum Data { Doc, El(&'static str, Vec<(&'static str, &'static str)>), Text(&'static str) }
/// struct Tree { nodes: Vec<(Data, Vec<usize>)> }
///
/// #[derive(Clone, Copy)]
/// struct Handle<'a>(&'a Tree, usize);
/// impl std::fmt::Debug for Handle<'_> { fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "#{}", self.1) } }
/// impl PartialEq for Handle<'_> { fn eq(&self, o: &Self) -> bool { self.1 == o.1 } }
/// impl Eq for Handle<'_> {}
/// impl std::hash::Hash for Handle<'_> { fn hash<H: std::hash::Hasher>(&self, h: &mut H) { self.1.hash(h) } }
///
/// impl<'a> Node<'a> for Handle<'a> {
///     fn kind(self) -> NodeKind {
///         match self.0.nodes[self.1].0 { Data::Doc => NodeKind::Document, Data::El(..) => NodeKind::Element, Data::Text(_) => NodeKind::Text }
///     }
///     fn local_name(self) -> Option<&'a str> {
///         match &self.0.nodes[self.1].0 { Data::El(n, _) => Some(n), _ => None }
///     }
///     fn is_html(self) -> bool { matches!(self.0.nodes[self.1].0, Data::El(..)) }
///     fn attrs(self) -> impl Iterator<Item = Attribute<'a>> {
///         let attrs: &'a [(&'static str, &'static str)] = match &self.0.nodes[self.1].0 { Data::El(_, a) => a, _ => &[] };
///         attrs.iter().map(|&(name, value)| Attribute { prefix: None, name, value })
///     }
///     fn text(self) -> Option<&'a str> {
///         match self.0.nodes[self.1].0 { Data::Text(t) => Some(t), _ => None }
///     }
///     fn children(self) -> impl Iterator<Item = Self> {
///         let tree = self.0;
///         tree.nodes[self.1].1.iter().map(move |&i| Handle(tree, i))
///     }
/// }
///
/// // <p itemscope><span itemprop="name">Ada</span></p>
/// let tree = Tree { nodes: vec![
///     (Data::Doc, vec![1]),
///     (Data::El("p", vec![("itemscope", "")]), vec![2]),
///     (Data::El("span", vec![("itemprop", "name")]), vec![3]),
///     (Data::Text("Ada"), vec![]),
/// ] };
/// let doc = Document::new(Handle(&tree, 0));
/// let item = doc.items().next().unwrap();
/// assert_eq!(item.get("name").unwrap().as_text(), Some("Ada"));
/// ```
pub trait Node<'a>: Copy + Eq + std::hash::Hash + std::fmt::Debug + 'a {
    /// The kind of this node.
    fn kind(self) -> NodeKind;

    /// The element's local name (`"div"`, `"svg"`), lowercase for HTML
    /// elements; `None` for non-elements.
    fn local_name(self) -> Option<&'a str>;

    /// Whether this is an element in the HTML namespace. Microdata
    /// attributes only count on HTML elements (WHATWG HTML §5.2.6): an
    /// `<svg itemscope>` is not an item.
    fn is_html(self) -> bool;

    /// The element's attributes, in any order; empty for non-elements.
    ///
    /// As in the DOM, an element has at most one attribute of each prefix
    /// and name (an HTML parser drops a repeated attribute, keeping the
    /// first). Where a tree yields a name twice, the model reads the first
    /// one this method yields, everywhere ([`attr`](Node::attr) too).
    ///
    /// The model's traversals read attributes through this method; it is
    /// called for every element, so it should be cheap.
    fn attrs(self) -> impl Iterator<Item = Attribute<'a>>;

    /// The element's attributes in the order of its [attribute list]: the
    /// order of the source, with attributes the parser adds later (a second
    /// `<body>` start tag's) at the end. The [HTML fragment serialization
    /// algorithm](crate::serialize) writes them in this order.
    ///
    /// Provided: [`attrs`](Node::attrs), for trees that keep the attribute
    /// list in its order. Adapters over a tree that stores attributes
    /// otherwise (`scraper` sorts them by name) override it.
    ///
    /// [attribute list]: https://dom.spec.whatwg.org/#concept-element-attribute
    fn attrs_in_order(self) -> impl Iterator<Item = Attribute<'a>> {
        self.attrs()
    }

    /// The data of a text node; `None` for other nodes.
    fn text(self) -> Option<&'a str>;

    /// The node's children in tree order (see the trait docs about
    /// `<template>` contents).
    fn children(self) -> impl Iterator<Item = Self>;

    /// The value of the attribute with no namespace and local name `name`.
    ///
    /// Provided: a linear scan of [`attrs`](Node::attrs). Adapters may
    /// override it with something faster, but must not allocate per call on
    /// the hot path.
    fn attr(self, name: &str) -> Option<&'a str> {
        self.attrs()
            .find(|a| a.prefix.is_none() && a.name == name)
            .map(|a| a.value)
    }

    /// The data of a comment node; `None` for other nodes.
    ///
    /// Provided: always `None`. Only the [HTML fragment serialization
    /// algorithm](crate::serialize) reads comments (they are of kind
    /// [`NodeKind::Other`] and invisible to microdata); adapters override
    /// this so that serialized HTML keeps its `<!--…-->` comments.
    fn comment(self) -> Option<&'a str> {
        None
    }

    /// An upper bound on the number of elements in this node's subtree
    /// (the node included), if the tree knows one without walking it.
    ///
    /// Indexing records one entry per element: with a bound it sizes that
    /// table once instead of growing it (and copying it) as it walks, which
    /// spares a multi-megabyte page a few megabytes of copies and fresh
    /// memory. Only a capacity, kept for the document's life: a wrong
    /// answer costs memory or time, never a different result. One far above
    /// the truth reserves that much address space (untouched, so not
    /// resident on systems that overcommit), and one too large to allocate
    /// is ignored.
    ///
    /// Provided: `None`. The `scraper` adapter answers, for the document
    /// node, the number of nodes of all kinds its arena holds.
    fn element_count_hint(self) -> Option<usize> {
        None
    }

    /// Whether this is an HTML element with the given local name.
    fn is_html_element(self, name: &str) -> bool {
        self.is_html() && self.local_name() == Some(name)
    }
}
