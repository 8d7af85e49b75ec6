//! Documents from a small HTML grammar with microdata attributes, for the
//! property tests: elements from a pool that covers every value rule,
//! `id`/`itemref` from one small pool (so references hit, miss and loop),
//! item types that the converters look for, hostile text and URLs.

use proptest::prelude::*;

/// A generated node.
#[derive(Clone, Debug)]
pub(crate) enum Gen {
    Element {
        tag: &'static str,
        attrs: Vec<(&'static str, String)>,
        children: Vec<Gen>,
    },
    /// Raw markup text: written as is, so character references, stray
    /// `<` and NULs reach the parser.
    Text(String),
}

const TAGS: &[&str] = &[
    "div",
    "span",
    "p",
    "a",
    "img",
    "meta",
    "link",
    "time",
    "data",
    "meter",
    "object",
    "audio",
    "video",
    "source",
    "iframe",
    "embed",
    "area",
    "track",
    "ul",
    "li",
    "table",
    "td",
    "article",
    "section",
    "h1",
    "h2",
    "hgroup",
    "header",
    "footer",
    "nav",
    "blockquote",
    "q",
    "ins",
    "del",
    "template",
    "svg",
    "math",
    "base",
    "noscript",
    "br",
    "abbr",
    "b",
];

const NAMES: &[&str] = &[
    "name",
    "fn",
    "n",
    "given-name",
    "family-name",
    "url",
    "photo",
    "tel",
    "email",
    "adr",
    "org",
    "bday",
    "agent",
    "related",
    "summary",
    "dtstart",
    "dtend",
    "duration",
    "location",
    "description",
    "work",
    "title",
    "license",
    "",
];

/// Property names that are not vCard/iCalendar name tokens: the spec's
/// conversions write them as they are, so those outputs are only checked
/// for structure (see `oracle::property_names_fit_content_lines`). Rare, so most
/// documents get the full parse-back checks.
const ODD_NAMES: &[&str] = &["http://schema.org/name", "x:y", "a.b", "A;B", "n</h1>"];

const TYPES: &[&str] = &[
    "http://microformats.org/profile/hcard",
    "http://microformats.org/profile/hcalendar#vevent",
    "http://n.whatwg.org/work",
    "https://schema.org/Person",
    "http://schema.org/Event",
    "relative",
    "data:,x#y",
    "",
];

const IDS: &[&str] = &["a", "b", "c", "d"];

/// URLs that are unusual, invalid or hostile.
const URLS: &[&str] = &[
    "https://example.org/x",
    "javascript:alert(1)",
    "JAVASCRIPT:void(0)",
    "http://xn--/",
    "http://xn--a.example/",
    "http://\u{FB00}.example/",
    "http://\u{3B2}\u{3CC}\u{3BB}\u{3BF}\u{3C2}.com/",
    "//evil.example/p",
    "http://[::1",
    "http://%zz/",
    "http://1.2.3.4.5/",
    "http://0x7f.1/",
    "https://example.com:65536/",
    "../up?q#f",
    "?only",
    "#frag",
    "data:text/html,<b>x</b>",
    "mailto:a@example.org",
    "tel:+1 555 0100",
    "http://a\u{200B}b.example/",
    "http://exa\tmple.com/",
    "  http://example.com/  ",
    "file:///etc/passwd",
    "http://user:pa ss@example.com/",
    "\u{0}",
    "&#0;",
    "",
];

/// Text that is unusual or hostile, written raw into the markup.
const TEXTS: &[&str] = &[
    "",
    " ",
    "x",
    "Ada Lovelace",
    "a&amp;b&lt;c&gt;\"'",
    "\u{0}",
    "a\u{0}b",
    "&#0;",
    "&#xD800;",
    "&#xDFFF;",
    "&#x110000;",
    "&#x80;",
    "&#xFFFE;",
    "&#x0D;",
    "&#x1;",
    "\u{FFFE}",
    "\u{1F600}",
    "line\nbreak\r\n",
    "\t",
    "2010-08-05",
    "2010-08-05T12:00Z",
    "2010-08-05 12:00:30.5+05:30",
    "12:30",
    "PT4H18M3S",
    "P1D",
    "-1.5e3",
    "]]>",
    "<!-- c -->",
    "\u{7F}\u{85}\u{2028}",
    "\\;,:",
];

fn pick(pool: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop::sample::select(pool).prop_map(str::to_owned)
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => pick(TEXTS),
        1 => "[ -~]{0,12}",
        1 => any::<String>().prop_map(|s| s.chars().take(12).collect()),
    ]
}

fn tokens(pool: &'static [&'static str], max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(pool), 0..=max).prop_map(|v| v.join(" "))
}

/// One attribute of each kind, each optional.
fn attrs() -> impl Strategy<Value = Vec<(&'static str, String)>> {
    let microdata = (
        prop::option::weighted(0.5, Just(String::new())),
        prop::option::weighted(
            0.5,
            prop_oneof![12 => tokens(NAMES, 3), 1 => tokens(ODD_NAMES, 2)],
        ),
        prop::option::weighted(0.3, tokens(TYPES, 2)),
        prop::option::weighted(0.15, pick(URLS)),
        prop::option::weighted(0.2, tokens(IDS, 3)),
        prop::option::weighted(0.3, pick(IDS)),
    );
    let values = (
        prop::option::weighted(0.3, pick(URLS)),
        prop::option::weighted(0.2, pick(URLS)),
        prop::option::weighted(0.2, text()),
        prop::option::weighted(0.15, text()),
        prop::option::weighted(0.15, text()),
        prop::option::weighted(0.1, pick(&["en", "fr-CA", "", "x-private"])),
        prop::option::weighted(
            0.2,
            pick(&[
                "bookmark",
                "license",
                "alternate",
                "icon",
                "author up up",
                "UP next",
                "h-card",
                "vcard fn",
                "p-name",
                "u-url",
                "h-entry e-content",
                "dt-start",
            ]),
        ),
        prop::option::weighted(0.05, Just(String::new())),
        prop::option::weighted(0.1, pick(&["en-GB", "", "de"])),
    );
    (microdata, values).prop_map(
        |(
            (itemscope, itemprop, itemtype, itemid, itemref, id),
            (href, src, content, value, datetime, lang, rel, pubdate, xml_lang),
        )| {
            let all = [
                ("itemscope", itemscope),
                ("itemprop", itemprop),
                ("itemtype", itemtype),
                ("itemid", itemid),
                ("itemref", itemref),
                ("id", id),
                ("href", href),
                ("src", src),
                ("content", content),
                ("value", value),
                ("datetime", datetime),
                ("lang", lang),
                // Namespaced on foreign elements (in memory, always).
                ("xml:lang", xml_lang),
                ("rel", rel.clone()),
                ("class", rel),
                ("pubdate", pubdate),
            ];
            all.into_iter()
                .filter_map(|(n, v)| v.map(|v| (n, v)))
                .collect()
        },
    )
}

fn node() -> impl Strategy<Value = Gen> {
    let leaf = text().prop_map(Gen::Text);
    leaf.prop_recursive(5, 48, 4, |inner| {
        (
            prop::sample::select(TAGS),
            attrs(),
            prop::collection::vec(inner, 0..4),
        )
            .prop_map(|(tag, attrs, children)| Gen::Element {
                tag,
                attrs,
                children,
            })
    })
}

/// A document: an optional `<base>` and `<title>`, then some nodes.
pub(crate) fn document() -> impl Strategy<Value = Vec<Gen>> {
    (
        prop::option::weighted(0.2, pick(URLS)),
        prop::option::weighted(0.3, text()),
        prop::collection::vec(node(), 1..5),
    )
        .prop_map(|(base, title, mut nodes)| {
            let mut head = Vec::new();
            if let Some(b) = base {
                head.push(Gen::Element {
                    tag: "base",
                    attrs: vec![("href", b)],
                    children: Vec::new(),
                });
            }
            if let Some(t) = title {
                head.push(Gen::Element {
                    tag: "title",
                    attrs: Vec::new(),
                    children: vec![Gen::Text(t)],
                });
            }
            head.append(&mut nodes);
            head
        })
}

/// Property elements nested in one another, all inside one item: the
/// values the index copies while it walks (text content, `time` child text,
/// short `meta`/`data`/`meter` values), each inside the others, with items
/// and long values (read from the tree) among them.
pub(crate) fn nested_values() -> impl Strategy<Value = Vec<Gen>> {
    let leaf = pick(&["", "x", "yz", " 1 2 "]).prop_map(Gen::Text);
    let node = leaf.prop_recursive(6, 40, 4, |inner| {
        (
            prop::sample::select(&["span", "div", "time", "meta", "data", "meter"][..]),
            prop::option::weighted(
                0.8,
                pick(&["a", "b", "a b", "fn", "tel dtstart", "summary"]),
            ),
            // `content`, `value` or `datetime`: empty, short, long.
            prop::option::weighted(0.5, pick(&["", "1", "12345678", "123456789"])),
            prop::bool::weighted(0.15),
            prop::collection::vec(inner, 0..4),
        )
            .prop_map(|(tag, itemprop, value, itemscope, children)| {
                let mut attrs = Vec::new();
                if itemscope {
                    attrs.push(("itemscope", String::new()));
                }
                if let Some(names) = itemprop {
                    attrs.push(("itemprop", names));
                }
                if let Some(v) = value {
                    let name = match tag {
                        "meta" => "content",
                        "time" => "datetime",
                        _ => "value",
                    };
                    attrs.push((name, v));
                }
                Gen::Element {
                    tag,
                    attrs,
                    children,
                }
            })
    });
    // The item is untyped, an hCard or a vEvent: the vCard and iCalendar
    // conversions read the same nested values.
    let itemtype = prop::option::of(pick(&[
        "http://microformats.org/profile/hcard",
        "http://microformats.org/profile/hcalendar#vevent",
    ]));
    (prop::collection::vec(node, 1..4), itemtype).prop_map(|(children, itemtype)| {
        let mut attrs = vec![("itemscope", String::new())];
        attrs.extend(itemtype.map(|t| ("itemtype", t)));
        vec![Gen::Element {
            tag: "div",
            attrs,
            children,
        }]
    })
}

/// How to order each element's attributes when writing.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Order {
    AsGenerated,
    Reversed,
    /// Rotated left by this many places.
    Rotated(usize),
}

/// Writes the nodes as HTML, attributes in `order` (values in double
/// quotes, `"` escaped, everything else raw).
pub(crate) fn render(nodes: &[Gen], order: Order) -> String {
    let mut out = String::new();
    // Explicit stack: (node, whether its start tag is written).
    let mut stack: Vec<(&Gen, bool)> = nodes.iter().rev().map(|n| (n, false)).collect();
    while let Some((node, opened)) = stack.pop() {
        match node {
            Gen::Text(t) => out.push_str(t),
            Gen::Element { tag, .. } if opened => {
                out.push_str("</");
                out.push_str(tag);
                out.push('>');
            }
            Gen::Element {
                tag,
                attrs,
                children,
            } => {
                out.push('<');
                out.push_str(tag);
                let mut attrs: Vec<&(&str, String)> = attrs.iter().collect();
                match order {
                    Order::AsGenerated => {}
                    Order::Reversed => attrs.reverse(),
                    Order::Rotated(n) if !attrs.is_empty() => {
                        let k = n % attrs.len();
                        attrs.rotate_left(k);
                    }
                    Order::Rotated(_) => {}
                }
                for (name, value) in attrs {
                    out.push(' ');
                    out.push_str(name);
                    out.push_str("=\"");
                    out.push_str(&value.replace('"', "&quot;"));
                    out.push('"');
                }
                out.push('>');
                stack.push((node, true));
                // The parser reads an `iframe`'s content as raw text: only
                // text children are written, so that what is markup stays
                // markup in every attribute order.
                let raw_text = *tag == "iframe";
                stack.extend(
                    children
                        .iter()
                        .rev()
                        .filter(|c| !raw_text || matches!(c, Gen::Text(_)))
                        .map(|c| (c, false)),
                );
            }
        }
    }
    out
}

/// Builds the nodes as an in-memory tree (no HTML parser: foreign and
/// void elements keep their children, nothing is moved).
pub(crate) fn tree(nodes: &[Gen], order: Order) -> robustness::tree::Tree {
    use robustness::tree::Tree;
    let mut t = Tree::new();
    let mut stack: Vec<(usize, &Gen)> = nodes.iter().rev().map(|n| (Tree::ROOT, n)).collect();
    while let Some((parent, node)) = stack.pop() {
        match node {
            Gen::Text(s) => {
                t.text(parent, s);
            }
            Gen::Element {
                tag,
                attrs,
                children,
            } => {
                let mut attrs: Vec<(&str, &str)> =
                    attrs.iter().map(|(n, v)| (*n, v.as_str())).collect();
                match order {
                    Order::AsGenerated => {}
                    Order::Reversed => attrs.reverse(),
                    Order::Rotated(n) if !attrs.is_empty() => {
                        let k = n % attrs.len();
                        attrs.rotate_left(k);
                    }
                    Order::Rotated(_) => {}
                }
                let id = if matches!(*tag, "svg" | "math") {
                    t.foreign(parent, tag, &attrs)
                } else {
                    t.element(parent, tag, &attrs)
                };
                stack.extend(children.iter().rev().map(|c| (id, c)));
            }
        }
    }
    t
}
