//! The `html` of `e-*` values: the element's inner HTML as the model's
//! fragment serializer writes it, with relative URLs made absolute.
//!
//! The serializer reads the tree through the [`Node`] trait, so a thin
//! wrapper node presents the URL attributes already resolved: `href`,
//! `src`, `poster`, `cite`, `action`, `formaction`, `longdesc`,
//! `background`, `object[data]`, and each URL of a `srcset`.

use std::collections::HashMap;
use std::marker::PhantomData;

use microdata_model::serialize::inner_html;
use microdata_model::{Attribute, Node, NodeKind};

use crate::resolve::Resolver;

/// Whether attribute `attr` of element `element` holds a URL that the
/// `html` output makes absolute.
fn is_url_attribute(element: &str, attr: &str) -> bool {
    match attr {
        "href" | "src" | "poster" | "cite" | "action" | "formaction" | "longdesc"
        | "background" => true,
        "data" => element == "object",
        _ => false,
    }
}

/// A `srcset` with each candidate's URL resolved: the candidates as HTML's
/// "parse a srcset attribute" splits them (a URL runs to the next
/// whitespace, trailing commas end the candidate; descriptors run to the
/// next comma outside parentheses), written back as `url descriptors`
/// joined by `", "`.
pub(crate) fn resolve_srcset(srcset: &str, resolver: &Resolver<'_>) -> String {
    let is_space = |c: char| matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ');
    let mut out: Vec<String> = Vec::new();
    let mut rest = srcset;
    loop {
        rest = rest.trim_start_matches(|c| is_space(c) || c == ',');
        if rest.is_empty() {
            break;
        }
        let url_end = rest.find(is_space).unwrap_or(rest.len());
        let (mut url, after) = rest.split_at(url_end);
        rest = after;
        let mut descriptors = "";
        if url.ends_with(',') {
            url = url.trim_end_matches(',');
        } else {
            let mut depth = 0u32;
            let end = rest
                .char_indices()
                .find(|&(_, c)| match c {
                    '(' => {
                        depth += 1;
                        false
                    }
                    ')' => {
                        depth = depth.saturating_sub(1);
                        false
                    }
                    ',' => depth == 0,
                    _ => false,
                })
                .map_or(rest.len(), |(i, _)| i);
            descriptors = rest[..end].trim_matches(is_space);
            rest = &rest[end..];
        }
        let mut candidate = resolver.resolve(url);
        if !descriptors.is_empty() {
            candidate.push(' ');
            candidate.push_str(descriptors);
        }
        out.push(candidate);
    }
    out.join(", ")
}

/// The inner HTML of `element`, URLs resolved; `descendants` are its
/// descendant elements.
pub(crate) fn inner_html_absolute<'a, N: Node<'a>>(
    element: N,
    descendants: impl Iterator<Item = N>,
    resolver: &Resolver<'_>,
) -> String {
    let mut resolved: HashMap<N, Vec<(&'a str, String)>> = HashMap::new();
    for node in descendants {
        let name = node.local_name().unwrap_or("");
        let mut changed = Vec::new();
        for a in node.attrs() {
            if a.prefix.is_some() {
                continue;
            }
            let url = if is_url_attribute(name, a.name) {
                resolver.resolve(a.value)
            } else if a.name == "srcset" {
                resolve_srcset(a.value, resolver)
            } else {
                continue;
            };
            if url != a.value {
                changed.push((a.name, url));
            }
        }
        if !changed.is_empty() {
            resolved.insert(node, changed);
        }
    }
    if resolved.is_empty() {
        return inner_html(element);
    }
    inner_html(Resolved {
        node: element,
        urls: &resolved,
        tree: PhantomData,
    })
}

/// A node whose URL attributes read as resolved.
struct Resolved<'x, 'a, N: std::hash::Hash + Eq> {
    node: N,
    urls: &'x HashMap<N, Vec<(&'a str, String)>>,
    tree: PhantomData<&'a ()>,
}

impl<N: Copy + std::hash::Hash + Eq> Clone for Resolved<'_, '_, N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<N: Copy + std::hash::Hash + Eq> Copy for Resolved<'_, '_, N> {}
impl<N: std::hash::Hash + Eq + std::fmt::Debug> std::fmt::Debug for Resolved<'_, '_, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Resolved").field(&self.node).finish()
    }
}
impl<N: std::hash::Hash + Eq> PartialEq for Resolved<'_, '_, N> {
    fn eq(&self, other: &Self) -> bool {
        self.node == other.node
    }
}
impl<N: std::hash::Hash + Eq> Eq for Resolved<'_, '_, N> {}
impl<N: std::hash::Hash + Eq> std::hash::Hash for Resolved<'_, '_, N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.node.hash(state);
    }
}

impl<'x, 'a: 'x, N: Node<'a>> Resolved<'x, 'a, N> {
    /// Maps one of the node's attributes to its value as it reads here:
    /// the resolved URL where one was resolved, else the value itself.
    fn resolve(self) -> impl Fn(Attribute<'a>) -> Attribute<'x> {
        let changed = self.urls.get(&self.node);
        move |a| {
            let value = changed
                .and_then(|c| {
                    c.iter()
                        .find(|(name, _)| a.prefix.is_none() && *name == a.name)
                })
                .map_or(a.value, |(_, url)| url.as_str());
            Attribute {
                prefix: a.prefix,
                name: a.name,
                value,
            }
        }
    }
}

impl<'x, 'a: 'x, N: Node<'a>> Node<'x> for Resolved<'x, 'a, N> {
    fn kind(self) -> NodeKind {
        self.node.kind()
    }

    fn local_name(self) -> Option<&'x str> {
        self.node.local_name()
    }

    fn is_html(self) -> bool {
        self.node.is_html()
    }

    fn attrs(self) -> impl Iterator<Item = Attribute<'x>> {
        self.node.attrs().map(self.resolve())
    }

    fn attrs_in_order(self) -> impl Iterator<Item = Attribute<'x>> {
        self.node.attrs_in_order().map(self.resolve())
    }

    fn text(self) -> Option<&'x str> {
        self.node.text()
    }

    fn children(self) -> impl Iterator<Item = Self> {
        let urls = self.urls;
        self.node.children().map(move |node| Resolved {
            node,
            urls,
            tree: PhantomData,
        })
    }

    fn comment(self) -> Option<&'x str> {
        self.node.comment()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use microdata_model::Url;

    #[test]
    fn srcset_candidates_resolve() {
        let base = Url::parse("https://example.com/a/").unwrap();
        let r = Resolver::new(Url::options(), Some(&base), None);
        assert_eq!(resolve_srcset("p.png", &r), "https://example.com/a/p.png");
        assert_eq!(
            resolve_srcset(" p.png 1x,\n  /q.png  2x , r.png,,", &r),
            "https://example.com/a/p.png 1x, https://example.com/q.png 2x, https://example.com/a/r.png"
        );
        assert_eq!(
            resolve_srcset("a,b.png 100w, c.png (x, y) 2x", &r),
            "https://example.com/a/a,b.png 100w, https://example.com/a/c.png (x, y) 2x"
        );
        assert_eq!(
            resolve_srcset("x.png,y.png", &r),
            "https://example.com/a/x.png,y.png"
        );
        assert_eq!(resolve_srcset("  ", &r), "");
    }
}
