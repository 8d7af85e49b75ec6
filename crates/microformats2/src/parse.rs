//! The parsing algorithm: "parse a document for microformats" of the
//! microformats2 parsing specification, as today's parsers and the test
//! suite have it (`../shared/specs/microformats2-parsing.txt`, updated by
//! `microformats2-parsing-today.md`), with classic microformats.
//!
//! Every walk is a loop over the model's element table: an element's
//! subtree is the index range `i + 1..end(i)`, so "skip this subtree" is an
//! assignment and nested items live on an explicit stack. Nothing recurses
//! along the document's nesting.

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use microdata_model::{Document, LimitError, Limits, Node, split_ascii_whitespace};

use crate::backcompat::{Classic, RelProperty, Roots};
use crate::classes::{self, Prefix};
use crate::datetime;
use crate::document::Mf2Document;
use crate::html::inner_html_absolute;
use crate::item::{Html, Image, Item, ItemValue, PropertyValue};
use crate::options::Mf2Options;
use crate::rels;
use crate::resolve::Resolver;
use crate::text::{Kind, Texts, is_block, trim};

/// Parses a document for microformats: class microformats (microformats2
/// roots and classic roots) into `items`, rel microformats into `rels` and
/// `rel-urls`.
///
/// `doc` is the model's indexed document: its [`base_url`](Document::base_url)
/// (the first `<base href>` against the document URL) resolves relative
/// URLs, and its element table drives every walk. `<template>` contents are
/// not part of the tree and are never read; `template` elements themselves
/// are skipped.
///
/// Time is linear in the document size plus the output; nothing recurses
/// along the document's nesting.
///
/// # Examples
///
/// ```
/// let html = r#"<base href="https://example.com/">
/// <div class="h-entry">
///   <a class="p-name u-url" href="/2024/hello">Hello</a>
///   <time class="dt-published" datetime="2024-01-02">2 January</time>
///   <a class="p-author h-card" href="/">Ada</a>
/// </div>"#;
/// let parsed = microdata_scraper::parse(html, None)?;
/// let mf2 = microformats2::parse(&parsed.document(), &microformats2::Mf2Options::new());
/// let entry = &mf2.items[0];
/// assert_eq!(entry.text("url"), Some("https://example.com/2024/hello"));
/// assert_eq!(entry.text("published"), Some("2024-01-02"));
/// let author = entry.get("author")[0].as_item().ok_or("not an item")?;
/// assert_eq!(author.types, ["h-card"]);
/// assert_eq!(entry.text("author"), Some("Ada"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// No limits apply: nested items with several property classes are copied
/// per class, which nesting makes exponential. For untrusted input use
/// [`try_parse`].
pub fn parse<'a, N: Node<'a>>(doc: &Document<'a, N>, options: &Mf2Options) -> Mf2Document {
    run(doc, options, Limits::none()).0
}

/// [`parse`] within [`Mf2Options::limits`]: stops copying nested items once
/// the copies reach `max_items` item objects, and stops computing values
/// once their text (values of nested property elements repeat the text
/// they hold, and rel URLs repeat per rel value) reaches `max_output_bytes`
/// bytes; then returns the [`LimitError`] instead of the document.
///
/// # Errors
///
/// A [`LimitError`] naming the limit reached ([`LimitError::limit`]): the
/// item objects (nested copies included) passed `max_items`, or the text of
/// the values and rel URLs passed `max_output_bytes`. Markup never makes it fail otherwise.
///
/// # Examples
///
/// ```
/// use microformats2::{Limit, Limits};
///
/// // Each level is the value of two properties, so each level doubles
/// // the output: 2^20 copies of the innermost card.
/// let mut html = String::new();
/// for _ in 0..20 {
///     html.push_str(r#"<div class="h-card p-author u-url">"#);
/// }
/// let parsed = microdata_scraper::parse(&html, None)?;
/// let options = microformats2::Mf2Options::new().with_limits(Limits::default().with_max_items(10_000));
/// let err = microformats2::try_parse(&parsed.document(), &options).unwrap_err();
/// assert_eq!(err.limit(), Limit::Items);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn try_parse<'a, N: Node<'a>>(
    doc: &Document<'a, N>,
    options: &Mf2Options,
) -> Result<Mf2Document, LimitError> {
    match run(doc, options, options.limits()) {
        (_, Some(err)) => Err(err),
        (out, None) => Ok(out),
    }
}

/// Parses within `limits`; the error, if the copies reached one.
fn run<'a, N: Node<'a>>(
    doc: &Document<'a, N>,
    options: &Mf2Options,
    limits: Limits,
) -> (Mf2Document, Option<LimitError>) {
    let parser = Parser::new(doc, options, limits);
    let mut out = Mf2Document {
        items: parser.items(),
        ..Mf2Document::default()
    };
    let links = parser
        .els
        .iter()
        .enumerate()
        .filter_map(|(i, e)| match e.name {
            "a" | "area" | "link" => Some(i),
            _ => None,
        });
    rels::parse(doc, links, &parser.resolver, options, &mut out, &|bytes| {
        parser.account(bytes);
        !parser.over()
    });
    (out, parser.exceeded.take())
}

const MF2_ROOT: u8 = 1;
const MF2_PROPERTY: u8 = 2;
const VALUE: u8 = 4;
const VALUE_TITLE: u8 = 8;
const TEMPLATE: u8 = 16;
const INCLUDE: u8 = 32;

/// What the parser keeps about each element.
struct El<'a, N> {
    node: N,
    /// The local name for HTML elements, else "".
    name: &'a str,
    class: &'a str,
    /// One past the last descendant: the subtree is `index + 1..end`.
    end: u32,
    flags: u8,
    classic: Roots,
}

/// The kind of item whose properties are being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ctx {
    /// A microformats2 root: `p-*`, `u-*`, `dt-*`, `e-*` classes.
    Mf2,
    /// Classic roots: their classic property classes and rels.
    Classic(Roots),
}

/// A property an element has in some item.
#[derive(Clone, Copy, Debug)]
struct Prop<'a> {
    prefix: Prefix,
    name: &'a str,
    /// `rel=tag` in a classic root: the value is the link's last path segment.
    tag: bool,
}

/// An item under construction.
struct Builder<'a> {
    item: Item,
    /// Property name to its position in `item.properties`.
    index: HashMap<&'a str, usize>,
    /// Explicit `p-*` or `e-*` properties (blocks the implied name).
    has_p_or_e: bool,
    /// Explicit `u-*` properties (blocks the implied photo and url).
    has_u: bool,
    /// Nested microformats, as properties or children.
    has_nested: bool,
    /// The first `p-name` (explicit or implied): the value of this item as a
    /// `p-*` property.
    p_name: Option<ItemValue>,
    /// The first `u-url` (explicit or implied): its value as a `u-*`
    /// property.
    u_url: Option<ItemValue>,
    /// How the first `url` property was written.
    url_prefix: Option<Prefix>,
    /// The date of the first `dt-*` value with one, for later time-only
    /// values.
    implied_date: Option<String>,
}

impl<'a> Builder<'a> {
    fn add(&mut self, prop: Prop<'a>, value: PropertyValue) {
        match prop.prefix {
            Prefix::P | Prefix::E => self.has_p_or_e = true,
            Prefix::U => self.has_u = true,
            Prefix::Dt => {}
        }
        if prop.name == "name" && prop.prefix == Prefix::P && self.p_name.is_none() {
            self.p_name = item_value(&value);
        }
        if prop.name == "url" {
            self.url_prefix.get_or_insert(prop.prefix);
            if prop.prefix == Prefix::U && self.u_url.is_none() {
                self.u_url = item_value(&value);
            }
        }
        let entries = self.item.properties.entries_mut();
        match self.index.get(prop.name) {
            Some(&i) => {
                if let Some(entry) = entries.get_mut(i) {
                    entry.1.push(value);
                }
            }
            None => {
                self.index.insert(prop.name, entries.len());
                entries.push((prop.name.to_owned(), vec![value]));
            }
        }
    }

    fn has(&self, name: &str) -> bool {
        self.index.contains_key(name)
    }
}

/// The plain value a property value gives a nested item.
fn item_value(value: &PropertyValue) -> Option<ItemValue> {
    match value {
        PropertyValue::Text(s) => Some(ItemValue::Text(s.clone())),
        PropertyValue::Image(i) => Some(ItemValue::Image(i.clone())),
        PropertyValue::Html(h) => Some(ItemValue::Text(h.value.clone())),
        PropertyValue::Item(item) => item.value.clone(),
    }
}

/// How a finished item joins its parent.
enum Attach<'a> {
    Top,
    Child,
    Properties(Vec<Prop<'a>>),
}

/// A range of element indices still to walk.
struct Seg {
    cur: u32,
    end: u32,
    /// Content brought in by the include pattern.
    included: bool,
}

/// An item being parsed, on the explicit stack.
struct Frame<'a> {
    el: u32,
    ctx: Ctx,
    builder: Builder<'a>,
    segs: Vec<Seg>,
    attach: Attach<'a>,
    /// Whether the include pattern is expanded here (not inside content it
    /// brought in).
    includes: bool,
}

impl Frame<'_> {
    /// The next element to visit, descending by default; and whether it was
    /// brought in by an include.
    fn next(&mut self) -> Option<(u32, bool)> {
        while let Some(seg) = self.segs.last_mut() {
            if seg.cur < seg.end {
                seg.cur += 1;
                return Some((seg.cur - 1, seg.included));
            }
            self.segs.pop();
        }
        None
    }

    /// Do not descend into the element last returned by `next`.
    fn skip_to(&mut self, end: u32) {
        if let Some(seg) = self.segs.last_mut() {
            seg.cur = seg.cur.max(end.min(seg.end));
        }
    }
}

struct Parser<'d, 'a, N: Node<'a>> {
    doc: &'d Document<'a, N>,
    options: &'d Mf2Options,
    resolver: Resolver<'d>,
    texts: Texts,
    els: Vec<El<'a, N>>,
    /// How many more elements the include pattern may bring in: four times
    /// the document's size plus ten thousand, so that the walks stay linear
    /// however many roots include the same large element.
    include_budget: Cell<usize>,
    /// The classic roots whose `itemref`/`headers` content was brought in,
    /// with those targets: their text includes it.
    expanded: RefCell<HashMap<u32, Vec<u32>>>,
    /// What copies of nested items may add (see [`Mf2Options::with_limits`]).
    limits: Limits,
    /// The item objects and text bytes copied so far.
    copied: Cell<(usize, usize)>,
    /// The limit the copies reached, if any.
    exceeded: Cell<Option<LimitError>>,
}

impl<'d, 'a, N: Node<'a>> Parser<'d, 'a, N> {
    fn new(doc: &'d Document<'a, N>, options: &'d Mf2Options, limits: Limits) -> Self {
        let mut els = Vec::with_capacity(doc.len());
        let mut base_href = None;
        for (i, e) in doc.elements().enumerate() {
            let node = e.node();
            let name = if e.is_html() { e.local_name() } else { "" };
            let class = node.attr("class").unwrap_or("");
            let mut flags = 0;
            let mut classic = Roots::default();
            for token in split_ascii_whitespace(class) {
                match token {
                    "value" => flags |= VALUE,
                    "value-title" => flags |= VALUE_TITLE,
                    "include" => flags |= INCLUDE,
                    _ => {
                        if classes::root(token).is_some() {
                            flags |= MF2_ROOT;
                        } else if classes::property(token).is_some() {
                            flags |= MF2_PROPERTY;
                        } else if let Some(root) = Classic::from_class(token) {
                            classic.insert(root);
                        }
                    }
                }
            }
            if name == "template" {
                flags |= TEMPLATE;
            }
            if name == "base" && base_href.is_none() {
                base_href = node.attr("href");
            }
            let end = u32::try_from(i + 1 + e.descendants().len()).unwrap_or(u32::MAX);
            els.push(El {
                node,
                name,
                class,
                end,
                flags,
                classic,
            });
        }
        let authored = base_href.or(options.authored_url.as_deref());
        let resolver = Resolver::new(doc.url_options(), doc.base_url(), authored);
        // Text is read only inside items: a page with no root at all (most
        // pages) skips the text walk.
        let any_root = els
            .iter()
            .any(|e| e.flags & MF2_ROOT != 0 || !e.classic.is_empty());
        let texts = if any_root {
            let names: Vec<&str> = els.iter().map(|e| e.name).collect();
            Texts::build(doc, &names, options.collapse_whitespace, |src| {
                resolver.resolve(src)
            })
        } else {
            Texts::default()
        };
        let include_budget = Cell::new(els.len().saturating_mul(4).saturating_add(10_000));
        Parser {
            doc,
            options,
            resolver,
            texts,
            els,
            include_budget,
            expanded: RefCell::new(HashMap::new()),
            limits,
            copied: Cell::new((0, 0)),
            exceeded: Cell::new(None),
        }
    }

    fn len(&self) -> u32 {
        u32::try_from(self.els.len()).unwrap_or(u32::MAX)
    }

    fn end(&self, i: u32) -> u32 {
        self.els.get(i as usize).map_or(i + 1, |e| e.end)
    }

    fn flags(&self, i: u32) -> u8 {
        self.els.get(i as usize).map_or(0, |e| e.flags)
    }

    fn name(&self, i: u32) -> &'a str {
        self.els.get(i as usize).map_or("", |e| e.name)
    }

    fn attr(&self, i: u32, name: &str) -> Option<&'a str> {
        self.els.get(i as usize).and_then(|e| e.node.attr(name))
    }

    fn classes(&self, i: u32) -> impl Iterator<Item = &'a str> + use<'a, N> {
        split_ascii_whitespace(self.els.get(i as usize).map_or("", |e| e.class))
    }

    /// The top-level items: the roots met walking the document, each parsed
    /// with everything under it.
    fn items(&self) -> Vec<Item> {
        let mut items = Vec::new();
        let mut i = 0;
        while i < self.len() {
            if self.flags(i) & TEMPLATE != 0 {
                i = self.end(i);
                continue;
            }
            match self.root_ctx(i, None) {
                Some(ctx) => {
                    items.push(self.parse_item(i, ctx));
                    i = self.end(i);
                }
                None => i += 1,
            }
        }
        items
    }

    /// Whether element `i` is a microformat root, and of which kind, inside
    /// an item of kind `parent` (`None` at top level). An element with an
    /// `h-*` class is parsed as microformats2 only.
    fn root_ctx(&self, i: u32, parent: Option<Ctx>) -> Option<Ctx> {
        let el = self.els.get(i as usize)?;
        if el.flags & MF2_ROOT != 0 {
            return Some(Ctx::Mf2);
        }
        if !el.classic.is_empty() {
            return Some(Ctx::Classic(el.classic));
        }
        // hReview's `item` without a root class of its own is an `h-item`.
        if let Some(Ctx::Classic(roots)) = parent {
            if roots.has_items() && self.classes(i).any(|c| c == "item") {
                return Some(Ctx::Classic(Roots::of(Classic::Item)));
            }
        }
        None
    }

    /// Whether element `i` is a root of any kind (for `:not([class*=h-])`).
    fn is_root(&self, i: u32) -> bool {
        let f = self.flags(i);
        f & MF2_ROOT != 0
            || self
                .els
                .get(i as usize)
                .is_some_and(|e| !e.classic.is_empty())
    }

    /// The properties element `i` has in an item of kind `ctx`, in class
    /// order. microformats2 class names are kept as written, duplicates
    /// included; classic names map through the roots' tables, each
    /// resulting property once, and a classic root's rel values add their
    /// properties when no class gave them.
    fn properties(&self, i: u32, ctx: Ctx) -> Vec<Prop<'a>> {
        let mut props = Vec::new();
        match ctx {
            Ctx::Mf2 => {
                if self.flags(i) & MF2_PROPERTY == 0 {
                    return props;
                }
                for token in self.classes(i) {
                    if let Some((prefix, name)) = classes::property(token) {
                        props.push(Prop {
                            prefix,
                            name,
                            tag: false,
                        });
                    }
                }
            }
            Ctx::Classic(roots) => {
                let mut push = |prefix: Prefix, name: &'static str, tag: bool| {
                    if !props.iter().any(|p: &Prop<'_>| p.name == name) {
                        props.push(Prop { prefix, name, tag });
                    }
                };
                for (prefix, name) in self.classic_class_properties(i, roots) {
                    push(prefix, name, false);
                }
                for r in self.classic_rel_properties(i, roots) {
                    push(r.prefix, r.name, r.tag);
                }
            }
        }
        props
    }

    /// The properties element `i`'s class names give in classic roots
    /// `roots`, in class order.
    fn classic_class_properties(
        &self,
        i: u32,
        roots: Roots,
    ) -> impl Iterator<Item = (Prefix, &'static str)> + use<'a, N> {
        self.classes(i)
            .flat_map(move |token| roots.iter().filter_map(move |root| root.property(token)))
    }

    /// The properties element `i`'s `rel` values give in classic roots
    /// `roots` (`rel=bookmark` → `u-url`), only when it has an `href`.
    fn classic_rel_properties(
        &self,
        i: u32,
        roots: Roots,
    ) -> impl Iterator<Item = RelProperty> + use<'a, N> {
        let rel = self.attr(i, "href").and(self.attr(i, "rel")).unwrap_or("");
        split_ascii_whitespace(rel).flat_map(move |token| {
            roots
                .iter()
                .filter_map(move |root| root.rel_property(token))
        })
    }

    /// Whether element `i` ends a value-class search in an item of kind
    /// `ctx`: it is a property there, or a microformat. In a classic root
    /// a link whose `rel` maps to a property (`rel=bookmark` → `u-url`,
    /// `rel=tag` → `p-category`) is a property element like one with a
    /// class name: the search does not look inside it either (so nested
    /// such links are not each searched again by every one above).
    fn is_property_or_root(&self, i: u32, ctx: Ctx) -> bool {
        if self.is_root(i) {
            return true;
        }
        match ctx {
            Ctx::Mf2 => self.flags(i) & MF2_PROPERTY != 0,
            Ctx::Classic(roots) => {
                self.classic_class_properties(i, roots).next().is_some()
                    || self.classic_rel_properties(i, roots).next().is_some()
            }
        }
    }

    /// Parses the item rooted at `root`, and everything nested in it.
    fn parse_item(&self, root: u32, ctx: Ctx) -> Item {
        let mut stack = vec![self.frame(root, ctx, Attach::Top, true)];
        loop {
            let Some(top) = stack.last_mut() else {
                return Item::new(Vec::new());
            };
            let Some((i, included)) = top.next() else {
                let Some(frame) = stack.pop() else {
                    return Item::new(Vec::new());
                };
                let (el, ctx) = (frame.el, frame.ctx);
                let (item, p_name, u_url, url_prefix) = self.finish(frame.builder, el, ctx);
                let Some(parent) = stack.last_mut() else {
                    return item;
                };
                match frame.attach {
                    Attach::Top => return item,
                    Attach::Child => parent.builder.item.children.push(item),
                    Attach::Properties(props) => {
                        let nested = Nested {
                            el,
                            ctx,
                            p_name,
                            u_url,
                            url_prefix,
                        };
                        self.attach(&mut parent.builder, item, &props, &nested);
                    }
                }
                continue;
            };
            if self.flags(i) & TEMPLATE != 0 {
                top.skip_to(self.end(i));
                continue;
            }
            let ctx = top.ctx;
            // The include pattern: `a.include[href^=#]`, `object.include[data^=#]`.
            if matches!(ctx, Ctx::Classic(_)) && self.flags(i) & INCLUDE != 0 {
                let target = match self.name(i) {
                    "a" => self.attr(i, "href"),
                    "object" => self.attr(i, "data"),
                    _ => None,
                }
                .and_then(|r| r.strip_prefix('#'));
                if let Some(id) = target {
                    top.skip_to(self.end(i));
                    if top.includes && !included {
                        if let Some(t) = self.include_target(id, top.el) {
                            if self.spend_include(t) {
                                top.segs.push(Seg {
                                    cur: t,
                                    end: self.end(t),
                                    included: true,
                                });
                            }
                        }
                    }
                    continue;
                }
            }
            let props = self.properties(i, ctx);
            if let Some(child_ctx) = self.root_ctx(i, Some(ctx)) {
                top.skip_to(self.end(i));
                top.builder.has_nested = true;
                let includes = top.includes && !included;
                let attach = if props.is_empty() {
                    Attach::Child
                } else {
                    Attach::Properties(props)
                };
                let frame = self.frame(i, child_ctx, attach, includes);
                stack.push(frame);
            } else {
                // One parse per value kind, however many times the element
                // repeats a class (`p-a p-b p-a`).
                let mut parsed: Vec<(Prefix, bool, PropertyValue)> = Vec::new();
                for prop in props {
                    let known = parsed
                        .iter()
                        .find(|(p, tag, _)| *p == prop.prefix && *tag == prop.tag);
                    let value = match known {
                        Some((_, _, v)) => v.clone(),
                        // Over a limit the parse only finishes its walk:
                        // `try_parse` returns the error, not the values.
                        None if self.over() => PropertyValue::Text(String::new()),
                        None => {
                            let v = self.value(i, prop, ctx, &mut top.builder);
                            parsed.push((prop.prefix, prop.tag, v.clone()));
                            v
                        }
                    };
                    self.account(value.text_len());
                    top.builder.add(prop, value);
                }
            }
        }
    }

    /// A new item frame for the root `el`.
    fn frame(&self, el: u32, ctx: Ctx, attach: Attach<'a>, includes: bool) -> Frame<'a> {
        let mut types: Vec<String> = match ctx {
            Ctx::Mf2 => self
                .classes(el)
                .filter_map(classes::root)
                .map(str::to_owned)
                .collect(),
            Ctx::Classic(roots) => roots.iter().map(|r| r.mf2_type().to_owned()).collect(),
        };
        types.sort_unstable();
        types.dedup();
        let mut item = Item::new(types);
        if ctx == Ctx::Mf2 {
            item.id = self
                .attr(el, "id")
                .filter(|id| !id.is_empty())
                .map(str::to_owned);
        }
        if self.options.lang {
            item.lang = self.lang(el);
        }
        let mut segs = Vec::new();
        if includes && matches!(ctx, Ctx::Classic(_)) {
            let targets = self.include_targets(el);
            let targets: Vec<u32> = targets
                .into_iter()
                .filter(|&t| self.spend_include(t))
                .collect();
            if !targets.is_empty() {
                self.expanded.borrow_mut().insert(el, targets.clone());
            }
            for t in targets.into_iter().rev() {
                segs.push(Seg {
                    cur: t,
                    end: self.end(t),
                    included: true,
                });
            }
        }
        segs.push(Seg {
            cur: el + 1,
            end: self.end(el),
            included: false,
        });
        Frame {
            el,
            ctx,
            builder: Builder {
                item,
                index: HashMap::new(),
                has_p_or_e: false,
                has_u: false,
                has_nested: false,
                p_name: None,
                u_url: None,
                url_prefix: None,
                implied_date: None,
            },
            segs,
            attach,
            includes,
        }
    }

    /// The elements a classic root brings in with `itemref`, or as a table
    /// cell with `headers`: the include pattern.
    fn include_targets(&self, el: u32) -> Vec<u32> {
        let mut ids: Vec<&str> = Vec::new();
        if let Some(r) = self.attr(el, "itemref") {
            ids.extend(split_ascii_whitespace(r));
        }
        if self.name(el) == "td" {
            if let Some(h) = self.attr(el, "headers") {
                ids.extend(split_ascii_whitespace(h));
            }
        }
        ids.into_iter()
            .filter_map(|id| self.include_target(id, el))
            .collect()
    }

    /// Takes element `t`'s subtree from the include budget; `false` when
    /// the budget cannot cover it (the include is then not expanded).
    fn spend_include(&self, t: u32) -> bool {
        let size = self.end(t).saturating_sub(t) as usize;
        let left = self.include_budget.get();
        if size > left {
            return false;
        }
        self.include_budget.set(left - size);
        true
    }

    /// The element with ID `id`, unless it contains the including root or
    /// lies inside it (which would loop or repeat content).
    fn include_target(&self, id: &str, root: u32) -> Option<u32> {
        let t = u32::try_from(self.doc.element_by_id(id)?.index()).ok()?;
        let contains_root = t <= root && root < self.end(t);
        let inside_root = root < t && t < self.end(root);
        (!contains_root && !inside_root).then_some(t)
    }

    /// The value of property `prop` on element `i` (not a root) in an item
    /// of kind `ctx`.
    fn value(&self, i: u32, prop: Prop<'a>, ctx: Ctx, builder: &mut Builder<'a>) -> PropertyValue {
        match prop.prefix {
            Prefix::P if prop.tag => PropertyValue::Text(self.tag_value(i, ctx)),
            Prefix::P => PropertyValue::Text(self.p_value(i, ctx)),
            Prefix::U => self.u_value(i, ctx, true),
            Prefix::Dt => PropertyValue::Text(self.dt_value(i, ctx, &mut builder.implied_date)),
            Prefix::E => PropertyValue::Html(self.e_value(i)),
        }
    }

    /// "parsing a p- property".
    fn p_value(&self, i: u32, ctx: Ctx) -> String {
        // 1. The value-class pattern.
        if let Some(v) = self.value_class(i, ctx) {
            return v;
        }
        let name = self.name(i);
        // 2. abbr[title], link[title].
        if matches!(name, "abbr" | "link") {
            if let Some(t) = self.attr(i, "title") {
                return t.to_owned();
            }
        }
        // 3. data[value], input[value].
        if matches!(name, "data" | "input") {
            if let Some(v) = self.attr(i, "value") {
                return v.to_owned();
            }
        }
        // 4. img[alt], area[alt].
        if matches!(name, "img" | "area") {
            if let Some(a) = self.attr(i, "alt") {
                return a.to_owned();
            }
        }
        // 5. The text, images replaced by their alt or src.
        self.text(i, Kind::Property)
    }

    /// "parsing a u- property". URL attributes are always resolved; with
    /// `resolve_text`, so is the value found otherwise (value-class pattern,
    /// `title`, `value`, text), as the test suite expects of every `u-*`
    /// value (`microformats-v2-unit/properties/properties-u`, `value-u`).
    fn u_value(&self, i: u32, ctx: Ctx, resolve_text: bool) -> PropertyValue {
        let name = self.name(i);
        let url_attr = match name {
            "a" | "area" | "link" => self.attr(i, "href"),
            "img" => self.attr(i, "src"),
            "audio" | "source" | "iframe" => self.attr(i, "src"),
            "video" => self.attr(i, "src").or_else(|| self.attr(i, "poster")),
            "object" => self.attr(i, "data"),
            _ => None,
        };
        if let Some(url) = url_attr {
            let url = self.resolver.resolve(url);
            // An img with alt gives {value, alt} (microformats2 roots only:
            // classic properties stay plain URLs).
            if name == "img" && ctx == Ctx::Mf2 {
                if let Some(alt) = self.attr(i, "alt") {
                    return PropertyValue::Image(Image {
                        value: url,
                        alt: alt.to_owned(),
                    });
                }
            }
            return PropertyValue::Text(url);
        }
        let text = if let Some(v) = self.value_class(i, ctx) {
            v
        } else if let Some(t) = (name == "abbr").then(|| self.attr(i, "title")).flatten() {
            t.to_owned()
        } else if let Some(v) = matches!(name, "data" | "input")
            .then(|| self.attr(i, "value"))
            .flatten()
        {
            v.to_owned()
        } else {
            self.text(i, Kind::Plain)
        };
        if resolve_text {
            PropertyValue::Text(self.resolver.resolve(&text))
        } else {
            PropertyValue::Text(text)
        }
    }

    /// "parsing a dt- property", with the implied date.
    fn dt_value(&self, i: u32, ctx: Ctx, implied_date: &mut Option<String>) -> String {
        let name = self.name(i);
        let value = if let Some(v) = self.value_class_datetime(i, ctx) {
            v
        } else if let Some(d) = matches!(name, "time" | "ins" | "del")
            .then(|| self.attr(i, "datetime"))
            .flatten()
        {
            d.to_owned()
        } else if let Some(t) = (name == "abbr").then(|| self.attr(i, "title")).flatten() {
            t.to_owned()
        } else if let Some(v) = matches!(name, "data" | "input")
            .then(|| self.attr(i, "value"))
            .flatten()
        {
            v.to_owned()
        } else {
            self.text(i, Kind::Plain)
        };
        match implied_date {
            Some(date) => datetime::with_implied_date(&value, date).unwrap_or(value),
            None => {
                *implied_date = datetime::date_of(&value);
                value
            }
        }
    }

    /// "parsing an e- property": the inner HTML and the text.
    fn e_value(&self, i: u32) -> Html {
        let el = self.els.get(i as usize);
        let html = match el {
            Some(el) => {
                let descendants = (i + 1..el.end).filter_map(|j| self.els.get(j as usize));
                inner_html_absolute(el.node, descendants.map(|d| d.node), &self.resolver)
            }
            None => String::new(),
        };
        Html {
            html: trim(&html).to_owned(),
            value: self.text(i, Kind::Property),
            lang: if self.options.lang {
                self.lang(i)
            } else {
                None
            },
        }
    }

    /// `rel=tag` in a classic root: the last (non-empty) path segment of
    /// the link's URL, percent-decoded; without one (`https://tags.example/`),
    /// the link's text.
    fn tag_value(&self, i: u32, ctx: Ctx) -> String {
        let href = self.attr(i, "href").unwrap_or("");
        let path = self.resolver.path(href);
        let segment = path.rsplit('/').find(|s| !s.is_empty());
        match segment {
            Some(s) => percent_decode(s),
            None => self.p_value(i, ctx),
        }
    }

    /// An element's text by the given rule, trimmed; with the content a
    /// classic root brought in by `itemref`/`headers` appended.
    fn text(&self, i: u32, kind: Kind) -> String {
        if let Some(targets) = self.expanded.borrow().get(&i) {
            let mut s = self.texts.raw(kind, i as usize).to_owned();
            for &t in targets {
                let piece = self.texts.raw(kind, t as usize);
                let joined = s.is_empty() || s.ends_with('\n') || piece.starts_with('\n');
                if self.options.collapse_whitespace && !piece.is_empty() && !joined {
                    // Collapsed text keeps no whitespace at an element's
                    // edges, so the included element, another part of the
                    // page, would run into the text before it: a line break
                    // keeps them apart before a block, a space otherwise.
                    s.push(if is_block(self.name(t)) { '\n' } else { ' ' });
                }
                s.push_str(piece);
            }
            return trim(&s).to_owned();
        }
        self.texts.trimmed(kind, i as usize).to_owned()
    }

    /// The value-class elements of `i`: descendants with class `value` or
    /// `value-title`, not looking inside them, nor inside properties and
    /// microformats of the item (kind `ctx`) whose property is being read.
    fn value_elements(&self, i: u32, ctx: Ctx) -> Vec<u32> {
        let mut found = Vec::new();
        let end = self.end(i);
        let mut j = i + 1;
        while j < end {
            let f = self.flags(j);
            if f & TEMPLATE != 0 {
                j = self.end(j);
            } else if f & (VALUE | VALUE_TITLE) != 0 {
                found.push(j);
                j = self.end(j);
            } else if self.is_property_or_root(j, ctx) {
                j = self.end(j);
            } else {
                j += 1;
            }
        }
        found
    }

    /// One value-class piece: `value-title` gives its `title`; `img` and
    /// `area` their `alt`; `data` its `value`, `abbr` its `title` (else
    /// their text); for dates, `time`, `ins` and `del` their `datetime`;
    /// everything else its text.
    fn value_piece(&self, j: u32, dates: bool) -> Cow<'_, str> {
        if self.flags(j) & VALUE_TITLE != 0 {
            return Cow::Borrowed(self.attr(j, "title").unwrap_or(""));
        }
        let attr = match self.name(j) {
            "img" | "area" => return Cow::Borrowed(self.attr(j, "alt").unwrap_or("")),
            "data" => self.attr(j, "value"),
            "abbr" => self.attr(j, "title"),
            "time" | "ins" | "del" if dates => self.attr(j, "datetime"),
            _ => None,
        };
        match attr {
            Some(a) => Cow::Borrowed(a),
            None => Cow::Borrowed(self.texts.raw(Kind::Plain, j as usize)),
        }
    }

    /// The value-class pattern for `p-*` and `u-*`: the pieces joined,
    /// `None` without value elements.
    fn value_class(&self, i: u32, ctx: Ctx) -> Option<String> {
        let found = self.value_elements(i, ctx);
        if found.is_empty() {
            return None;
        }
        Some(found.iter().map(|&j| self.value_piece(j, false)).collect())
    }

    /// The value-class pattern for `dt-*` (see [`datetime`]); `None` when no
    /// piece is a date or a time.
    fn value_class_datetime(&self, i: u32, ctx: Ctx) -> Option<String> {
        let found = self.value_elements(i, ctx);
        let pieces: Vec<Cow<'_, str>> = found.iter().map(|&j| self.value_piece(j, true)).collect();
        datetime::join(pieces.iter().map(|p| trim(p)).filter(|p| !p.is_empty()))
    }

    fn lang(&self, i: u32) -> Option<String> {
        self.doc
            .element_at(i as usize)
            .and_then(|e| e.lang())
            .filter(|l| !l.is_empty())
            .map(str::to_owned)
    }

    /// Completes an item: implied properties for microformats2 roots.
    fn finish(
        &self,
        mut b: Builder<'a>,
        el: u32,
        ctx: Ctx,
    ) -> (Item, Option<ItemValue>, Option<ItemValue>, Option<Prefix>) {
        if ctx == Ctx::Mf2 && !b.has_nested {
            let (has_p_or_e, has_u) = (b.has_p_or_e, b.has_u);
            if !b.has("name") && !has_p_or_e {
                let name = if self.over() {
                    String::new()
                } else {
                    self.implied_name(el)
                };
                self.account(name.len());
                b.add(prop(Prefix::P, "name"), PropertyValue::Text(name));
            }
            if !b.has("photo") && !has_u && !self.over() {
                if let Some(photo) = self.implied_photo(el) {
                    self.account(photo.text_len());
                    b.add(prop(Prefix::U, "photo"), photo);
                }
            }
            if !b.has("url") && !has_u && !self.over() {
                if let Some(url) = self.implied_url(el) {
                    self.account(url.text_len());
                    b.add(prop(Prefix::U, "url"), url);
                }
            }
        }
        (b.item, b.p_name, b.u_url, b.url_prefix)
    }

    /// Adds a finished nested item as the value of each of its element's
    /// properties in the parent, with the `value` each property gives it.
    fn attach(&self, parent: &mut Builder<'a>, item: Item, props: &[Prop<'a>], nested: &Nested) {
        let mut item = Some(item);
        // One parse per value kind (see `parse_item`).
        let mut parsed: Vec<(Prefix, bool, ItemValue, Option<String>)> = Vec::new();
        for (k, &prop) in props.iter().enumerate() {
            let mut copy = if k + 1 == props.len() {
                item.take().unwrap_or_else(|| Item::new(Vec::new()))
            } else {
                match item.as_ref().map(|i| self.copy_within_limits(i)) {
                    Some(Some(copy)) => copy,
                    // Over a limit: `try_parse` returns the error.
                    Some(None) => continue,
                    None => Item::new(Vec::new()),
                }
            };
            if let Some((_, _, value, html)) = parsed
                .iter()
                .find(|(p, tag, _, _)| *p == prop.prefix && *tag == prop.tag)
            {
                copy.value = Some(value.clone());
                copy.html = html.clone();
                parent.add(prop, PropertyValue::Item(Box::new(copy)));
                continue;
            }
            if self.over() {
                continue;
            }
            let value = match prop.prefix {
                // The first p-name of the child, else "the ordinary parse of
                // that property": a classic `rel=tag`'s is its tag.
                Prefix::P if prop.tag => nested
                    .p_name
                    .clone()
                    .unwrap_or_else(|| ItemValue::Text(self.tag_value(nested.el, nested.ctx))),
                // The first p-name of the child, else the p-* parse.
                Prefix::P => nested
                    .p_name
                    .clone()
                    .unwrap_or_else(|| ItemValue::Text(self.p_value(nested.el, nested.ctx))),
                // The first u-url of the child, else the u-* parse. When the
                // child has a `url` that is not a u-url (`p-url`, `dt-url`,
                // `e-url`), the u-* parse is the specification text's, which
                // makes only URL attributes absolute: the reading
                // `microformats-v2-unit/nested/nested-microformat-mistyped`
                // documents (see microformats2-parsing issue 66).
                Prefix::U => match &nested.u_url {
                    Some(v) => v.clone(),
                    None => {
                        let mistyped = nested.url_prefix.is_some_and(|p| p != Prefix::U);
                        match self.u_value(nested.el, nested.ctx, !mistyped) {
                            PropertyValue::Image(i) => ItemValue::Image(i),
                            v => ItemValue::Text(v.as_text().unwrap_or("").to_owned()),
                        }
                    }
                },
                Prefix::Dt => {
                    ItemValue::Text(self.dt_value(nested.el, nested.ctx, &mut parent.implied_date))
                }
                Prefix::E => {
                    let html = self.e_value(nested.el);
                    copy.html = Some(html.html);
                    ItemValue::Text(html.value)
                }
            };
            self.account(copy.html.as_ref().map_or(0, String::len) + value.text_len());
            parsed.push((prop.prefix, prop.tag, value.clone(), copy.html.clone()));
            copy.value = Some(value);
            parent.add(prop, PropertyValue::Item(Box::new(copy)));
        }
    }

    /// Whether the output reached a limit (see [`Parser::account`]).
    fn over(&self) -> bool {
        self.exceeded.get().is_some()
    }

    /// Counts `bytes` of property values toward `max_output_bytes`, with
    /// the copies: values nested in values (`p-*` and `e-*` elements inside
    /// each other, implied names of nested roots) repeat the text they
    /// hold, so the output can grow with the square of the page. Past the
    /// limit the error is recorded and no more values are computed.
    fn account(&self, bytes: usize) {
        if bytes == 0 || self.over() {
            return;
        }
        let (items, copied) = self.copied.get();
        let total = copied.saturating_add(bytes);
        match self.limits.check_output(total) {
            Ok(()) => self.copied.set((items, total)),
            Err(over) => self.exceeded.set(Some(over)),
        }
    }

    /// A copy of `item` for one more property, if the copies stay within
    /// the limits; else `None`, with the limit recorded.
    fn copy_within_limits(&self, item: &Item) -> Option<Item> {
        if self.over() {
            return None;
        }
        let (items, bytes) = item.size();
        let (copied_items, copied_bytes) = self.copied.get();
        let total_items = copied_items.saturating_add(items);
        if let Err(over) = self.limits.check_items(total_items) {
            self.exceeded.set(Some(over));
            return None;
        }
        self.copied.set((total_items, copied_bytes));
        self.account(bytes);
        (!self.over()).then(|| item.clone())
    }

    /// The implied `name`.
    fn implied_name(&self, el: u32) -> String {
        // img.h-x[alt], area.h-x[alt], abbr.h-x[title].
        let own = match self.name(el) {
            "img" | "area" => self.attr(el, "alt"),
            "abbr" => self.attr(el, "title"),
            _ => None,
        };
        if let Some(v) = own {
            return trim(v).to_owned();
        }
        // The same on an only child, or on the only child of an only child
        // (not microformats; empty alt or title does not count).
        let from = |c: u32| {
            let v = match self.name(c) {
                "img" | "area" => self.attr(c, "alt"),
                "abbr" => self.attr(c, "title"),
                _ => None,
            };
            v.filter(|v| !v.is_empty())
        };
        if let Some(child) = self.only_child(el).filter(|&c| !self.is_root(c)) {
            if let Some(v) = from(child) {
                return trim(v).to_owned();
            }
            if let Some(grandchild) = self.only_child(child).filter(|&g| !self.is_root(g)) {
                if let Some(v) = from(grandchild) {
                    return trim(v).to_owned();
                }
            }
        }
        // The text, images replaced by their alt.
        self.text(el, Kind::Name)
    }

    /// The implied `photo`.
    fn implied_photo(&self, el: u32) -> Option<PropertyValue> {
        match self.name(el) {
            "img" if self.attr(el, "src").is_some() => return Some(self.photo(el)),
            "object" if self.attr(el, "data").is_some() => return Some(self.photo(el)),
            _ => {}
        }
        let pick = |parent: u32| {
            for (kind, attr) in [("img", "src"), ("object", "data")] {
                if let Some(c) = self.only_of_type(parent, kind) {
                    if self.attr(c, attr).is_some() && !self.is_root(c) {
                        return Some(self.photo(c));
                    }
                }
            }
            None
        };
        pick(el).or_else(|| {
            let child = self.only_child(el).filter(|&c| !self.is_root(c))?;
            pick(child)
        })
    }

    /// A photo from an `img` (with its alt) or an `object`.
    fn photo(&self, i: u32) -> PropertyValue {
        if self.name(i) == "img" {
            let url = self.resolver.resolve(self.attr(i, "src").unwrap_or(""));
            match self.attr(i, "alt") {
                Some(alt) => PropertyValue::Image(Image {
                    value: url,
                    alt: alt.to_owned(),
                }),
                None => PropertyValue::Text(url),
            }
        } else {
            PropertyValue::Text(self.resolver.resolve(self.attr(i, "data").unwrap_or("")))
        }
    }

    /// The implied `url`.
    fn implied_url(&self, el: u32) -> Option<PropertyValue> {
        let href = |i: u32| {
            self.attr(i, "href")
                .map(|h| PropertyValue::Text(self.resolver.resolve(h)))
        };
        if matches!(self.name(el), "a" | "area") {
            if let Some(v) = href(el) {
                return Some(v);
            }
        }
        let pick = |parent: u32| {
            for kind in ["a", "area"] {
                if let Some(c) = self.only_of_type(parent, kind) {
                    if !self.is_root(c) {
                        if let Some(v) = href(c) {
                            return Some(v);
                        }
                    }
                }
            }
            None
        };
        pick(el).or_else(|| {
            let child = self.only_child(el).filter(|&c| !self.is_root(c))?;
            pick(child)
        })
    }

    /// The element children of `i`.
    fn children(&self, i: u32) -> impl Iterator<Item = u32> + '_ {
        let end = self.end(i);
        let mut next = i + 1;
        std::iter::from_fn(move || {
            (next < end).then(|| {
                let c = next;
                next = self.end(c).max(c + 1);
                c
            })
        })
    }

    /// `i`'s only element child (`:only-child`).
    fn only_child(&self, i: u32) -> Option<u32> {
        let mut children = self.children(i);
        let first = children.next()?;
        children.next().is_none().then_some(first)
    }

    /// `i`'s only child element named `name` (`name:only-of-type`).
    fn only_of_type(&self, i: u32, name: &str) -> Option<u32> {
        let mut found = None;
        for c in self.children(i) {
            if self.name(c) == name {
                if found.is_some() {
                    return None;
                }
                found = Some(c);
            }
        }
        found
    }
}

/// What a finished nested item tells its parent.
struct Nested {
    el: u32,
    ctx: Ctx,
    p_name: Option<ItemValue>,
    u_url: Option<ItemValue>,
    /// How the child's first `url` property was written.
    url_prefix: Option<Prefix>,
}

fn prop(prefix: Prefix, name: &'static str) -> Prop<'static> {
    Prop {
        prefix,
        name,
        tag: false,
    }
}

/// Percent-decodes `s` (invalid UTF-8 replaced).
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if b[i] == b'%' && i + 2 < b.len() {
            if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                out.push(u8::try_from(h * 16 + l).unwrap_or(b'?'));
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
