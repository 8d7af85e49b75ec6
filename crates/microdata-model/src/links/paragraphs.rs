//! The paragraph each element is in, as HTML defines paragraphs, for the
//! scope of `up`/`index` hierarchies ("scope any interpretation of the up
//! and index keywords ... to the paragraph in which the link finds itself,
//! if any, or to the document otherwise").
//!
//! HTML (§3.2.5.4 "Paragraphs" of the 2010 draft, "Paragraphs" in the
//! current text): in a view of the tree where `a`, `ins`, `del` and `map`
//! are replaced by their contents, each run of sibling phrasing content in
//! an element that accepts both phrasing and other flow content is a
//! paragraph, if it holds at least one node that is neither embedded
//! content nor inter-element whitespace; and a `p` element represents a
//! paragraph. Everything else (a heading, a list's own children, `head`)
//! is in no paragraph.
//!
//! One pass over the elements in tree order: visiting an element assigns
//! the scope of each of its children; a flow container does so for its
//! whole child list in the view (descending into `a`/`ins`/`del`/`map`
//! there and then), looking at text nodes to learn whether a run has
//! content. Each node is looked at once: linear in the number of nodes.
//! A link whose `a` holds only blocks opens a run with nothing in it, and
//! so is in no paragraph.

use crate::document::is_ascii_whitespace;
use crate::element::Element;
use crate::node::{Node, NodeKind};

/// Where an element is: in no paragraph, in run `n` (an index into
/// [`Paragraphs::runs`]), or in the `p` element with this index.
#[derive(Clone, Copy, Debug)]
enum Scope {
    Document,
    Run(u32),
    P(u32),
}

/// A run of phrasing content: its container, the non-phrasing element of
/// that container it follows (in the view without `a`/`ins`/`del`/`map`),
/// and whether it has a node that makes it a paragraph.
#[derive(Clone, Copy, Debug)]
struct Run {
    container: u32,
    after: Option<u32>,
    has_content: bool,
}

/// What an element's children are in.
#[derive(Clone, Copy, Debug)]
enum Context {
    /// The (flattened) child list of this flow container.
    Runs(u32),
    /// A fixed scope: the children of a phrasing element, a `p`, or an
    /// element that holds no paragraphs of its own.
    Inside(Scope),
}

/// Per container: its open run, and the last non-phrasing element met.
#[derive(Clone, Copy, Debug, Default)]
struct Container {
    open: Option<u32>,
    last_block: Option<u32>,
}

/// The paragraph scopes of a document's elements, built element by element
/// in tree order with [`Paragraphs::visit`].
#[derive(Debug)]
pub(super) struct Paragraphs {
    /// Per element: its scope, set when its parent is visited.
    scope: Vec<Scope>,
    /// Per element: what its children are in, set with its scope.
    context: Vec<Context>,
    containers: Vec<Container>,
    runs: Vec<Run>,
    /// Per element: whether it has a `map` ancestor (an `area` is phrasing
    /// content only then), set with its scope.
    in_map: Vec<bool>,
}

impl Paragraphs {
    pub(super) fn new(elements: usize) -> Self {
        Paragraphs {
            scope: vec![Scope::Document; elements],
            context: vec![Context::Inside(Scope::Document); elements],
            containers: vec![Container::default(); elements],
            runs: Vec::new(),
            in_map: vec![false; elements],
        }
    }

    /// Visits `el` (after its parent): settles the scope of its children.
    ///
    /// A flow container settles its whole child list in the view without
    /// `a`/`ins`/`del`/`map`, descending into those in place (with an
    /// explicit stack), so that the runs see their nodes in tree order;
    /// visiting one of those later does nothing.
    pub(super) fn visit<'a, N: Node<'a>>(&mut self, el: &Element<'_, 'a, N>) {
        let i = el.index();
        if el.parent().is_none() {
            self.context[i] = inner(el, Scope::Document);
        }
        match self.context[i] {
            Context::Runs(c) if c as usize == i => self.settle_runs(el),
            // Looked through: settled with its container.
            Context::Runs(_) => {}
            Context::Inside(s) => {
                let in_map = self.in_map[i] || el.is("map");
                for child in el.children() {
                    self.scope[child.index()] = s;
                    self.context[child.index()] = inner(&child, s);
                    self.in_map[child.index()] = in_map;
                }
            }
        }
    }

    /// Settles the flattened child list of the flow container `el`.
    fn settle_runs<'a, N: Node<'a>>(&mut self, el: &Element<'_, 'a, N>) {
        let c = el.index() as u32;
        // Per level: the nodes and elements left, and whether a `map`
        // holds them.
        let in_map = self.in_map[el.index()] || el.is("map");
        let mut stack = vec![(el.node().children(), el.children(), in_map)];
        while let Some((nodes, elements, in_map)) = stack.last_mut() {
            let in_map = *in_map;
            let Some(node) = nodes.next() else {
                stack.pop();
                continue;
            };
            match node.kind() {
                NodeKind::Element => {
                    let Some(child) = elements.next() else {
                        continue;
                    };
                    let (scope, inner) = self.enter_run(c, &child, in_map);
                    self.scope[child.index()] = scope;
                    self.context[child.index()] = inner;
                    self.in_map[child.index()] = in_map;
                    if matches!(inner, Context::Runs(cc) if cc == c) {
                        let below = in_map || child.is("map");
                        stack.push((child.node().children(), child.children(), below));
                    }
                }
                NodeKind::Text => {
                    // Inter-element whitespace neither opens a run nor
                    // makes it a paragraph.
                    let text = node.text().unwrap_or("");
                    if !text.chars().all(is_ascii_whitespace) {
                        let r = self.open_run(c);
                        self.runs[r as usize].has_content = true;
                    }
                }
                NodeKind::Document | NodeKind::Other => {}
            }
        }
    }

    /// A child element met in the child list of flow container `c`.
    fn enter_run<'a, N: Node<'a>>(
        &mut self,
        c: u32,
        child: &Element<'_, 'a, N>,
        in_map: bool,
    ) -> (Scope, Context) {
        match kind(child, in_map) {
            // Replaced by its contents: they continue the container's list.
            Kind::Transparent => (Scope::Run(self.open_run(c)), Context::Runs(c)),
            Kind::Phrasing { embedded } => {
                let r = self.open_run(c);
                if !embedded {
                    self.runs[r as usize].has_content = true;
                }
                (Scope::Run(r), inner(child, Scope::Run(r)))
            }
            // Other flow content ends the run.
            Kind::Block => {
                self.containers[c as usize] = Container {
                    open: None,
                    last_block: Some(child.index() as u32),
                };
                (Scope::Document, inner(child, Scope::Document))
            }
        }
    }

    fn open_run(&mut self, c: u32) -> u32 {
        let container = &mut self.containers[c as usize];
        if let Some(r) = container.open {
            return r;
        }
        let r = self.runs.len() as u32;
        self.runs.push(Run {
            container: c,
            after: container.last_block,
            has_content: false,
        });
        container.open = Some(r);
        r
    }

    /// The paragraph of the element with index `i`, once every element has
    /// been visited: the element holding it (a `p`, or the container of a
    /// run) and, for a run, the non-phrasing element it follows; `None` in
    /// no paragraph (a run without content is none).
    pub(super) fn paragraph_of(&self, i: usize) -> Option<(usize, Option<usize>)> {
        match self.scope[i] {
            Scope::Document => None,
            Scope::P(p) => Some((p as usize, None)),
            Scope::Run(r) => {
                let run = self.runs[r as usize];
                run.has_content
                    .then(|| (run.container as usize, run.after.map(|a| a as usize)))
            }
        }
    }
}

/// What a child's own children are in, given the child's scope.
fn inner<'a, N: Node<'a>>(el: &Element<'_, 'a, N>, scope: Scope) -> Context {
    if el.is_html() && FLOW_CONTAINERS.contains(&el.local_name()) {
        Context::Runs(el.index() as u32)
    } else if el.is("p") {
        Context::Inside(Scope::P(el.index() as u32))
    } else {
        Context::Inside(scope)
    }
}

enum Kind {
    Transparent,
    Phrasing { embedded: bool },
    Block,
}

/// What `el` is in a run; `in_map`: whether a `map` holds it.
fn kind<'a, N: Node<'a>>(el: &Element<'_, 'a, N>, in_map: bool) -> Kind {
    let name = el.local_name();
    if !el.is_html() {
        // `svg` and `math` (embedded content) and what they hold.
        return Kind::Phrasing { embedded: true };
    }
    // Phrasing content only in some cases (current HTML's content
    // categories): elsewhere they are metadata (or, for a stray `area`,
    // no phrasing) and end a run like other flow content.
    let conditional = match name {
        "meta" => Some(el.attr("itemprop").is_some()),
        "link" => Some(el.attr("itemprop").is_some() || body_ok_link(el)),
        "area" => Some(in_map),
        _ => None,
    };
    if let Some(phrasing) = conditional {
        return if phrasing {
            Kind::Phrasing { embedded: false }
        } else {
            Kind::Block
        };
    }
    if matches!(name, "a" | "ins" | "del" | "map") {
        Kind::Transparent
    } else if EMBEDDED.contains(&name) {
        Kind::Phrasing { embedded: true }
    } else if PHRASING.contains(&name) || name.contains('-') {
        // Autonomous custom elements are phrasing content too.
        Kind::Phrasing { embedded: false }
    } else {
        Kind::Block
    }
}

/// A `link` whose `rel` keywords are all "body-ok" (HTML's link types
/// table), which makes it phrasing content; `up` and `index` are not.
fn body_ok_link<'a, N: Node<'a>>(el: &Element<'_, 'a, N>) -> bool {
    const BODY_OK: [&str; 7] = [
        "dns-prefetch",
        "modulepreload",
        "pingback",
        "preconnect",
        "prefetch",
        "preload",
        "stylesheet",
    ];
    let Some(rel) = el.attr("rel") else {
        return false;
    };
    let mut keywords = crate::split_ascii_whitespace(rel).peekable();
    keywords.peek().is_some() && keywords.all(|k| BODY_OK.iter().any(|b| b.eq_ignore_ascii_case(k)))
}

/// Elements whose content model accepts both phrasing and other flow
/// content (current HTML and the 2010 draft; `center` and `marquee`, which
/// pages still use as blocks, included).
const FLOW_CONTAINERS: [&str; 28] = [
    "address",
    "article",
    "aside",
    "blockquote",
    "body",
    "caption",
    "center",
    "dd",
    "details",
    "dialog",
    "div",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "header",
    "legend",
    "li",
    "main",
    "marquee",
    "nav",
    "search",
    "section",
    "summary",
    "td",
    "th",
];

/// Embedded content among HTML elements (`svg` and `math` are foreign).
const EMBEDDED: [&str; 8] = [
    "audio", "canvas", "embed", "iframe", "img", "object", "picture", "video",
];

/// Phrasing content that is neither embedded nor replaced by its contents
/// (with the obsolete inline elements pages still use).
const PHRASING: [&str; 50] = [
    "abbr", "acronym", "b", "bdi", "bdo", "big", "blink", "br", "button", "cite", "code",
    "command", "data", "datalist", "dfn", "em", "font", "i", "input", "kbd", "keygen", "label",
    "mark", "meter", "nobr", "noscript", "output", "progress", "q", "rp", "rt", "ruby", "s",
    "samp", "script", "select", "slot", "small", "span", "strike", "strong", "sub", "sup",
    "template", "textarea", "time", "tt", "u", "var", "wbr",
];
