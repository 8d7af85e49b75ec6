//! HTML fragment serialization over the [`Node`] trait.
//!
//! This is the WHATWG [HTML fragment serialization algorithm] (the
//! `innerHTML` / `outerHTML` getters), as the converters need it: the Atom
//! feed's `content type="html"` and microformats2 `e-*` properties.
//!
//! - Void elements (`br`, `img`, …, and the legacy `basefont`, `bgsound`,
//!   `frame`, `keygen`, `param`) get a start tag only.
//! - Text inside `style`, `script`, `xmp`, `iframe`, `noembed`, `noframes`
//!   and `plaintext` is written literally; all other text escapes `&`, `<`,
//!   `>` and U+00A0 NO-BREAK SPACE. `noscript` is an ordinary element, as
//!   the algorithm has it when scripting is disabled, which is how the
//!   workspace parses HTML: its content is markup. In a tree parsed with
//!   scripting enabled (`scraper::Html::parse_document`), that content is
//!   one text node, and is written escaped (`&lt;p&gt;`).
//! - Attribute values escape `&`, U+00A0, `"`, `<` and `>` (the current
//!   text's "escaping a string" in attribute mode, which also escapes `<`
//!   and `>` since 2025, as html5ever does); attributes with a namespace
//!   prefix are written `prefix:name` (`xlink:href`, `xmlns:xlink`), and
//!   one with an empty prefix (`xmlns` on `svg` or `math`) as its name.
//! - Comments come from [`Node::comment`]; other [`NodeKind::Other`] nodes
//!   are transparent: their children are serialized in their place. That is
//!   how a `template` element's contents (a document fragment child, see
//!   [`Node`]) are serialized, as the algorithm's step 2 asks. Doctypes and
//!   processing instructions, which the trait cannot describe, write nothing.
//! - Elements in other namespaces (SVG, MathML) are written with their local
//!   name as the tree stores it (`foreignObject`), with an end tag, never
//!   self-closing, exactly as the algorithm does.
//!
//! The walk uses an explicit stack, so arbitrarily deep trees serialize
//! without overflowing the call stack, in time linear in the subtree size
//! plus the output.
//!
//! [HTML fragment serialization algorithm]: https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments
//!
//! # Examples
//!
//! ```
//! # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
//! # use tree::{N, Row};
//! // <p>a &amp; <b title='"x"'>b</b><br><i>c</i></p>, built with any
//! // `Node` implementation (`microdata_scraper::ScraperNode` in practice):
//! let tree: &'static [Row] = &[
//!     (Some("p"), "", &[], &[1, 2, 4, 5]),
//!     (None, "a & ", &[], &[]),
//!     (Some("b"), "", &[("title", "\"x\"")], &[3]),
//!     (None, "b", &[], &[]),
//!     (Some("br"), "", &[], &[]),
//!     (Some("i"), "", &[], &[6]),
//!     (None, "c", &[], &[]),
//! ];
//! let p = N(tree, 0);
//! use microdata_model::Node;
//! use microdata_model::serialize::{inner_html, inner_html_filtered, outer_html};
//!
//! assert_eq!(inner_html(p), r#"a &amp; <b title="&quot;x&quot;">b</b><br><i>c</i>"#);
//! assert_eq!(outer_html(N(tree, 5)), "<i>c</i>");
//! let without_b = inner_html_filtered(p, |e| e.local_name() == Some("b"));
//! assert_eq!(without_b, "a &amp; <br><i>c</i>");
//! ```

use crate::node::{Node, NodeKind};

/// The elements that "serialize as void": no end tag, no children.
const VOID_ELEMENTS: [&str; 18] = [
    "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input",
    "keygen", "link", "meta", "param", "source", "track", "wbr",
];

/// The elements whose text children are written without escaping
/// (`noscript` is not among them: scripting is disabled).
const RAW_TEXT_ELEMENTS: [&str; 7] = [
    "style",
    "script",
    "xmp",
    "iframe",
    "noembed",
    "noframes",
    "plaintext",
];

/// Whether `node` is an HTML element that serializes as void.
fn is_void_element<'a, N: Node<'a>>(node: N) -> bool {
    node.kind() == NodeKind::Element
        && node.is_html()
        && node
            .local_name()
            .is_some_and(|n| VOID_ELEMENTS.contains(&n))
}

/// Whether text children of `node` are serialized literally.
fn is_raw_text_parent<'a, N: Node<'a>>(node: N) -> bool {
    node.kind() == NodeKind::Element
        && node.is_html()
        && node
            .local_name()
            .is_some_and(|n| RAW_TEXT_ELEMENTS.contains(&n))
}

/// The HTML serialization of `node`'s children: the `innerHTML` getter.
///
/// For an element, its children; for a document or a document fragment,
/// its children; for a text node or a comment, the empty string.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// // <p>a &amp; <b title='"x"'>b</b><br><i>c</i></p>, built with any
/// // `Node` implementation (`microdata_scraper::ScraperNode` in practice):
/// let tree: &'static [Row] = &[
///     (Some("p"), "", &[], &[1, 2, 4, 5]),
///     (None, "a & ", &[], &[]),
///     (Some("b"), "", &[("title", "\"x\"")], &[3]),
///     (None, "b", &[], &[]),
///     (Some("br"), "", &[], &[]),
///     (Some("i"), "", &[], &[6]),
///     (None, "c", &[], &[]),
/// ];
/// let p = N(tree, 0);
/// use microdata_model::serialize::inner_html;
///
/// assert_eq!(inner_html(p), r#"a &amp; <b title="&quot;x&quot;">b</b><br><i>c</i>"#);
/// ```
pub fn inner_html<'a, N: Node<'a>>(node: N) -> String {
    inner_html_filtered(node, |_| false)
}

/// Like [`inner_html`], but every descendant element for which `skip`
/// returns `true` is left out, with its whole subtree.
///
/// `skip` is called once for each element the walk reaches, in tree order,
/// and never for `node` itself or for descendants of skipped elements. The
/// Atom extraction uses it to drop nested `article`s, `header`, `footer`,
/// `nav` and the first heading from an entry's content.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// // <p>a &amp; <b title='"x"'>b</b><br><i>c</i></p>, built with any
/// // `Node` implementation (`microdata_scraper::ScraperNode` in practice):
/// let tree: &'static [Row] = &[
///     (Some("p"), "", &[], &[1, 2, 4, 5]),
///     (None, "a & ", &[], &[]),
///     (Some("b"), "", &[("title", "\"x\"")], &[3]),
///     (None, "b", &[], &[]),
///     (Some("br"), "", &[], &[]),
///     (Some("i"), "", &[], &[6]),
///     (None, "c", &[], &[]),
/// ];
/// let p = N(tree, 0);
/// use microdata_model::Node;
/// use microdata_model::serialize::inner_html_filtered;
///
/// let html = inner_html_filtered(p, |e| e.local_name() == Some("b"));
/// assert_eq!(html, "a &amp; <br><i>c</i>");
/// ```
pub fn inner_html_filtered<'a, N: Node<'a>>(node: N, skip: impl FnMut(N) -> bool) -> String {
    let mut out = String::new();
    write_inner_html(&mut out, node, skip);
    out
}

/// The HTML serialization of `node` itself: the `outerHTML` getter (a
/// fragment serialization of a parent whose only child is `node`).
///
/// A text node is escaped as text (its parent is not known, so it is never
/// treated as raw text); a comment becomes `<!--…-->`.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// // <p>a &amp; <b title='"x"'>b</b><br><i>c</i></p>, built with any
/// // `Node` implementation (`microdata_scraper::ScraperNode` in practice):
/// let tree: &'static [Row] = &[
///     (Some("p"), "", &[], &[1, 2, 4, 5]),
///     (None, "a & ", &[], &[]),
///     (Some("b"), "", &[("title", "\"x\"")], &[3]),
///     (None, "b", &[], &[]),
///     (Some("br"), "", &[], &[]),
///     (Some("i"), "", &[], &[6]),
///     (None, "c", &[], &[]),
/// ];
/// let p = N(tree, 0);
/// use microdata_model::serialize::outer_html;
///
/// assert_eq!(outer_html(p), r#"<p>a &amp; <b title="&quot;x&quot;">b</b><br><i>c</i></p>"#);
/// assert_eq!(outer_html(N(tree, 4)), "<br>");
/// ```
pub fn outer_html<'a, N: Node<'a>>(node: N) -> String {
    outer_html_filtered(node, |_| false)
}

/// Like [`outer_html`], with descendant elements left out where `skip`
/// says so (see [`inner_html_filtered`]; `node` itself is always written).
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::Node;
/// use microdata_model::serialize::outer_html_filtered;
///
/// // <p class=note>Hi<sup>1</sup></p>
/// let tree: &'static [Row] = &[
///     (Some("p"), "", &[("class", "note")], &[1, 2]),
///     (None, "Hi", &[], &[]),
///     (Some("sup"), "", &[], &[3]),
///     (None, "1", &[], &[]),
/// ];
/// let p = N(tree, 0);
/// let skip_sup = |e: N| e.local_name() == Some("sup");
/// assert_eq!(outer_html_filtered(p, skip_sup), r#"<p class="note">Hi</p>"#);
/// // `node` itself is never left out:
/// assert_eq!(outer_html_filtered(N(tree, 2), skip_sup), "<sup>1</sup>");
/// ```
pub fn outer_html_filtered<'a, N: Node<'a>>(node: N, mut skip: impl FnMut(N) -> bool) -> String {
    let mut out = String::new();
    match node.kind() {
        NodeKind::Element => {
            let (name, void) = start_tag(&mut out, node);
            if !void {
                write_inner_html(&mut out, node, &mut skip);
                end_tag(&mut out, name);
            }
        }
        NodeKind::Text => escape_text(&mut out, node.text().unwrap_or("")),
        NodeKind::Other if node.comment().is_some() => {
            write_comment(&mut out, node.comment().unwrap_or(""));
        }
        _ => write_inner_html(&mut out, node, &mut skip),
    }
    out
}

/// Appends the serialization of `node`'s children to `out`, leaving out the
/// descendant elements `skip` selects (see [`inner_html_filtered`]).
fn write_inner_html<'a, N: Node<'a>>(out: &mut String, node: N, mut skip: impl FnMut(N) -> bool) {
    if matches!(node.kind(), NodeKind::Text) || node.comment().is_some() || is_void_element(node) {
        return;
    }
    struct Frame<'a, I> {
        children: I,
        raw_text: bool,
        /// The end tag to write when the frame is done; `None` for the root
        /// and transparent nodes.
        end: Option<&'a str>,
    }
    let mut stack = vec![Frame {
        children: node.children(),
        raw_text: is_raw_text_parent(node),
        end: None,
    }];
    while let Some(top) = stack.last_mut() {
        let Some(child) = top.children.next() else {
            if let Some(frame) = stack.pop() {
                if let Some(name) = frame.end {
                    end_tag(out, name);
                }
            }
            continue;
        };
        match child.kind() {
            NodeKind::Text => {
                let text = child.text().unwrap_or("");
                if top.raw_text {
                    out.push_str(text);
                } else {
                    escape_text(out, text);
                }
            }
            NodeKind::Element => {
                if skip(child) {
                    continue;
                }
                let (name, void) = start_tag(out, child);
                if !void {
                    stack.push(Frame {
                        children: child.children(),
                        raw_text: is_raw_text_parent(child),
                        end: Some(name),
                    });
                }
            }
            NodeKind::Document | NodeKind::Other => {
                if let Some(data) = child.comment() {
                    write_comment(out, data);
                } else {
                    // A document fragment (template contents): transparent.
                    stack.push(Frame {
                        children: child.children(),
                        raw_text: false,
                        end: None,
                    });
                }
            }
        }
    }
}

/// Writes `<name attr="value"…>`; returns the name and whether the element
/// serializes as void.
fn start_tag<'a, N: Node<'a>>(out: &mut String, node: N) -> (&'a str, bool) {
    let name = node.local_name().unwrap_or("");
    out.push('<');
    out.push_str(name);
    // "For each attribute that the element has": the attribute list, in
    // its order.
    for a in node.attrs_in_order() {
        out.push(' ');
        // The serialized name: `prefix:name` for a namespaced attribute,
        // but plain `xmlns` for the XMLNS namespace's `xmlns`, which
        // html5ever gives an empty prefix.
        if let Some(prefix) = a.prefix.filter(|p| !p.is_empty()) {
            out.push_str(prefix);
            out.push(':');
        }
        out.push_str(a.name);
        out.push_str("=\"");
        escape_attribute(out, a.value);
        out.push('"');
    }
    out.push('>');
    (name, is_void_element(node))
}

fn end_tag(out: &mut String, name: &str) {
    out.push_str("</");
    out.push_str(name);
    out.push('>');
}

fn write_comment(out: &mut String, data: &str) {
    out.push_str("<!--");
    out.push_str(data);
    out.push_str("-->");
}

/// "Escaping a string" in text mode: `&`, U+00A0, `<`, `>`.
fn escape_text(out: &mut String, s: &str) {
    escape(out, s, false);
}

/// "Escaping a string" in attribute mode: `&`, U+00A0, `"`, `<`, `>`.
fn escape_attribute(out: &mut String, s: &str) {
    escape(out, s, true);
}

fn escape(out: &mut String, s: &str, attribute: bool) {
    let mut last = 0;
    for (i, c) in s.char_indices() {
        let replacement = match c {
            '&' => "&amp;",
            '\u{A0}' => "&nbsp;",
            '"' if attribute => "&quot;",
            '<' => "&lt;",
            '>' => "&gt;",
            _ => continue,
        };
        out.push_str(&s[last..i]);
        out.push_str(replacement);
        last = i + c.len_utf8();
    }
    out.push_str(&s[last..]);
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::node::Attribute;

    /// A tiny in-memory tree.
    #[derive(Debug)]
    enum Data {
        Doc,
        Fragment,
        El {
            name: &'static str,
            html: bool,
            attrs: Vec<(Option<&'static str>, &'static str, &'static str)>,
        },
        Text(&'static str),
        Comment(&'static str),
    }

    #[derive(Debug, Default)]
    struct Tree {
        nodes: Vec<(Data, Vec<usize>)>,
    }

    impl Tree {
        fn new() -> Self {
            Tree {
                nodes: vec![(Data::Doc, vec![])],
            }
        }
        fn add(&mut self, parent: usize, data: Data) -> usize {
            let id = self.nodes.len();
            self.nodes.push((data, vec![]));
            self.nodes[parent].1.push(id);
            id
        }
        fn el(&mut self, parent: usize, name: &'static str) -> usize {
            self.add(
                parent,
                Data::El {
                    name,
                    html: true,
                    attrs: vec![],
                },
            )
        }
        fn el_attrs(
            &mut self,
            parent: usize,
            name: &'static str,
            attrs: &[(&'static str, &'static str)],
        ) -> usize {
            let attrs = attrs.iter().map(|&(n, v)| (None, n, v)).collect();
            self.add(
                parent,
                Data::El {
                    name,
                    html: true,
                    attrs,
                },
            )
        }
        fn text(&mut self, parent: usize, t: &'static str) -> usize {
            self.add(parent, Data::Text(t))
        }
        fn h(&self, i: usize) -> H<'_> {
            H(self, i)
        }
    }

    #[derive(Clone, Copy, Debug)]
    struct H<'a>(&'a Tree, usize);
    impl PartialEq for H<'_> {
        fn eq(&self, o: &Self) -> bool {
            self.1 == o.1
        }
    }
    impl Eq for H<'_> {}
    impl std::hash::Hash for H<'_> {
        fn hash<S: std::hash::Hasher>(&self, s: &mut S) {
            self.1.hash(s)
        }
    }
    impl<'a> Node<'a> for H<'a> {
        fn kind(self) -> NodeKind {
            match self.0.nodes[self.1].0 {
                Data::Doc => NodeKind::Document,
                Data::El { .. } => NodeKind::Element,
                Data::Text(_) => NodeKind::Text,
                Data::Fragment | Data::Comment(_) => NodeKind::Other,
            }
        }
        fn local_name(self) -> Option<&'a str> {
            match &self.0.nodes[self.1].0 {
                Data::El { name, .. } => Some(name),
                _ => None,
            }
        }
        fn is_html(self) -> bool {
            matches!(self.0.nodes[self.1].0, Data::El { html: true, .. })
        }
        fn attrs(self) -> impl Iterator<Item = Attribute<'a>> {
            let attrs: &'a [_] = match &self.0.nodes[self.1].0 {
                Data::El { attrs, .. } => attrs,
                _ => &[],
            };
            attrs.iter().map(|&(prefix, name, value)| Attribute {
                prefix,
                name,
                value,
            })
        }
        fn text(self) -> Option<&'a str> {
            match self.0.nodes[self.1].0 {
                Data::Text(t) => Some(t),
                _ => None,
            }
        }
        fn children(self) -> impl Iterator<Item = Self> {
            let tree = self.0;
            tree.nodes[self.1].1.iter().map(move |&i| H(tree, i))
        }
        fn comment(self) -> Option<&'a str> {
            match self.0.nodes[self.1].0 {
                Data::Comment(c) => Some(c),
                _ => None,
            }
        }
    }

    #[test]
    fn escapes_text_and_attributes() {
        let mut t = Tree::new();
        let p = t.el(0, "p");
        t.text(p, "a & b < c > d \u{A0} \"e\" 'f'");
        let b = t.el_attrs(p, "b", &[("title", "x & \"y\" <z> \u{A0} 'w'")]);
        t.text(b, "bold");
        assert_eq!(
            inner_html(t.h(p)),
            "a &amp; b &lt; c &gt; d &nbsp; \"e\" 'f'\
             <b title=\"x &amp; &quot;y&quot; &lt;z&gt; &nbsp; 'w'\">bold</b>"
        );
        assert_eq!(outer_html(t.h(p)), format!("<p>{}</p>", inner_html(t.h(p))));
    }

    #[test]
    fn void_elements_have_no_end_tag_and_no_children() {
        let mut t = Tree::new();
        let div = t.el(0, "div");
        for name in VOID_ELEMENTS {
            let v = t.el(div, name);
            // Children of a void element (possible in a scripted DOM) are
            // not serialized.
            t.text(v, "ignored");
        }
        let expected: String = VOID_ELEMENTS.iter().map(|n| format!("<{n}>")).collect();
        assert_eq!(inner_html(t.h(div)), expected);
        assert_eq!(inner_html(t.h(div + 1)), "");
        assert_eq!(outer_html(t.h(div + 1)), "<area>");
    }

    #[test]
    fn raw_text_elements_write_text_literally() {
        let mut t = Tree::new();
        let body = t.el(0, "body");
        for name in RAW_TEXT_ELEMENTS {
            let e = t.el(body, name);
            t.text(e, "a<b>&c");
        }
        let ns = t.el(body, "noscript");
        t.text(ns, "a<b>&c");
        let expected: String = RAW_TEXT_ELEMENTS
            .iter()
            .map(|n| format!("<{n}>a<b>&c</{n}>"))
            .chain(["<noscript>a&lt;b&gt;&amp;c</noscript>".to_owned()])
            .collect();
        assert_eq!(inner_html(t.h(body)), expected);
        // The raw-text rule looks at the parent, also for the root.
        assert_eq!(inner_html(t.h(body + 1)), "a<b>&c");
    }

    #[test]
    fn foreign_elements_keep_names_and_prefixed_attributes() {
        let mut t = Tree::new();
        let svg = t.add(
            0,
            Data::El {
                name: "svg",
                html: false,
                attrs: vec![],
            },
        );
        let fo = t.add(
            svg,
            Data::El {
                name: "foreignObject",
                html: false,
                attrs: vec![(Some("xlink"), "href", "#a")],
            },
        );
        // `script`/`br` outside the HTML namespace are neither raw text nor void.
        let script = t.add(
            fo,
            Data::El {
                name: "script",
                html: false,
                attrs: vec![],
            },
        );
        t.text(script, "<&>");
        t.add(
            fo,
            Data::El {
                name: "br",
                html: false,
                attrs: vec![],
            },
        );
        assert_eq!(
            outer_html(t.h(svg)),
            "<svg><foreignObject xlink:href=\"#a\"><script>&lt;&amp;&gt;</script><br></br></foreignObject></svg>"
        );
    }

    #[test]
    fn comments_and_template_contents() {
        let mut t = Tree::new();
        let div = t.el(0, "div");
        t.add(div, Data::Comment(" a & b "));
        let template = t.el(div, "template");
        let fragment = t.add(template, Data::Fragment);
        let i = t.el(fragment, "i");
        t.text(i, "x");
        assert_eq!(
            inner_html(t.h(div)),
            "<!-- a & b --><template><i>x</i></template>"
        );
        assert_eq!(outer_html(t.h(div + 1)), "<!-- a & b -->");
        assert_eq!(inner_html(t.h(div + 1)), "");
        // A document's inner HTML is its children's.
        assert_eq!(inner_html(t.h(0)), outer_html(t.h(div)));
        assert_eq!(outer_html(t.h(0)), outer_html(t.h(div)));
    }

    #[test]
    fn text_nodes() {
        let mut t = Tree::new();
        let x = t.text(0, "1 < 2");
        assert_eq!(outer_html(t.h(x)), "1 &lt; 2");
        assert_eq!(inner_html(t.h(x)), "");
    }

    #[test]
    fn filter_skips_whole_subtrees() {
        let mut t = Tree::new();
        let article = t.el(0, "article");
        let header = t.el(article, "header");
        t.text(header, "H");
        let p = t.el(article, "p");
        t.text(p, "P");
        let nested = t.el(p, "article");
        t.text(nested, "N");
        let mut seen = Vec::new();
        let html = inner_html_filtered(t.h(article), |n| {
            seen.push(n.local_name().unwrap());
            matches!(n.local_name(), Some("header" | "article"))
        });
        assert_eq!(html, "<p>P</p>");
        // Called for each reached element, never for the root, never inside a
        // skipped subtree.
        assert_eq!(seen, ["header", "p", "article"]);
        assert_eq!(
            outer_html_filtered(t.h(article), |n| n.local_name() == Some("header")),
            "<article><p>P<article>N</article></p></article>"
        );
    }

    #[test]
    fn deep_trees_do_not_overflow() {
        const DEPTH: usize = 100_000;
        let mut t = Tree::new();
        let mut parent = 0;
        for _ in 0..DEPTH {
            parent = t.el(parent, "div");
        }
        t.text(parent, "&");
        let html = inner_html(t.h(0));
        let expected = format!("{}&amp;{}", "<div>".repeat(DEPTH), "</div>".repeat(DEPTH));
        assert!(html == expected, "deep serialization differs");
    }
}
