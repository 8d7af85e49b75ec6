//! The `application/microdata+json` conversion (WHATWG HTML §5.4.1).
//!
//! The algorithm is recursive as written ("get the object for an item");
//! this implementation keeps its own stack, so deeply nested items cannot
//! overflow the call stack. The `memory` of the algorithm is exactly the
//! path from the top-level item to the current one, so it is a flag per
//! item, set on the way down and cleared on the way up.
//!
//! The `to_json` functions write the whole conversion, however large: an
//! item reached through `itemref` from several places is written once per
//! place, so a small hostile document can ask for an output that grows
//! exponentially with its size. For untrusted input use the `try_` forms
//! with [`Limits`], which stop with a [`LimitError`] instead.

use std::io::Write as _;

use crate::document::{Document, Source};
use crate::element::Element;
use crate::item::{Grouping, Item};
use crate::limits::{LimitError, Limits};
use crate::node::Node;
use crate::value::UrlCache;

/// How to lay the JSON out.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::Document;
/// use microdata_model::json::JsonOptions;
///
/// // <p itemscope><b itemprop=n>1</b></p>
/// let tree: &'static [Row] = &[
///     (Some("p"), "", &[("itemscope", "")], &[1]),
///     (Some("b"), "", &[("itemprop", "n")], &[2]),
///     (None, "1", &[], &[]),
/// ];
/// let doc = Document::new(N(tree, 0));
/// assert_eq!(doc.to_json_with(JsonOptions::new()), r#"{"items":[{"properties":{"n":["1"]}}]}"#);
/// let pretty = doc.to_json_with(JsonOptions::new().with_pretty(true));
/// assert!(pretty.starts_with("{\n  \"items\": [\n    {\n"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[must_use]
pub struct JsonOptions {
    pretty: bool,
}

impl JsonOptions {
    /// The spec's shortest serialization (no whitespace).
    ///
    /// # Examples
    ///
    /// ```
    /// use microdata_model::json::JsonOptions;
    ///
    /// assert_eq!(JsonOptions::new(), JsonOptions::default());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Indent with two spaces, one value per line, for people to read.
    /// The data is the same.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::json::JsonOptions;
    ///
    /// // <p itemscope><b itemprop=n>1</b></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[2]),
    ///     (None, "1", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let pretty = doc.to_json_with(JsonOptions::new().with_pretty(true));
    /// assert_eq!(pretty, "\
    /// {
    ///   \"items\": [
    ///     {
    ///       \"properties\": {
    ///         \"n\": [
    ///           \"1\"
    ///         ]
    ///       }
    ///     }
    ///   ]
    /// }");
    /// ```
    pub fn with_pretty(mut self, pretty: bool) -> Self {
        self.pretty = pretty;
        self
    }

    /// Whether the output is indented ([`with_pretty`](Self::with_pretty)).
    ///
    /// ```
    /// use microdata_model::json::JsonOptions;
    ///
    /// assert!(!JsonOptions::new().pretty());
    /// assert!(JsonOptions::new().with_pretty(true).pretty());
    /// ```
    pub fn pretty(&self) -> bool {
        self.pretty
    }
}

impl<'a, N: Node<'a>> Document<'a, N> {
    /// Extracts the microdata of the whole document as JSON: the top-level
    /// items in tree order, in the spec's shortest serialization.
    ///
    /// No limit applies: items sharing blocks through `itemref` repeat them,
    /// so a small page can ask for a huge output. For untrusted pages, use
    /// [`try_to_json_with`](Self::try_to_json_with) with
    /// [`Limits::default`].
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    ///
    /// // <p itemscope><b itemprop=n>x</b></p>, with any `Node` implementation
    /// // (`microdata_scraper::parse` parses HTML strings):
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[2]),
    ///     (None, "x", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// assert_eq!(doc.to_json(), r#"{"items":[{"properties":{"n":["x"]}}]}"#);
    /// ```
    pub fn to_json(&self) -> String {
        self.to_json_with(JsonOptions::new())
    }

    /// [`to_json`](Self::to_json) with layout options; no limit applies
    /// either.
    pub fn to_json_with(&self, options: JsonOptions) -> String {
        // Nothing can exceed `Limits::none()`.
        self.try_to_json_with(options, Limits::none())
            .unwrap_or_default()
    }

    /// [`to_json_with`](Self::to_json_with) within `limits`: the document's
    /// microdata as JSON, or which limit the conversion reached.
    ///
    /// # Errors
    ///
    /// A [`LimitError`] naming the first limit reached; nothing is returned
    /// of the output written so far.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::{Document, Limit, Limits, json::JsonOptions};
    ///
    /// // <p itemscope><b itemprop=n>x</b></p>, with any `Node` implementation
    /// // (`microdata_scraper::parse` parses HTML strings):
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[2]),
    ///     (None, "x", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let json = doc.try_to_json_with(JsonOptions::new(), Limits::default())?;
    /// assert_eq!(json, r#"{"items":[{"properties":{"n":["x"]}}]}"#);
    /// let err = doc
    ///     .try_to_json_with(JsonOptions::new(), Limits::default().with_max_output_bytes(10))
    ///     .unwrap_err();
    /// assert_eq!(err.limit(), Limit::OutputBytes);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_to_json_with(
        &self,
        options: JsonOptions,
        limits: Limits,
    ) -> Result<String, LimitError> {
        // Only item elements can be top-level items: walk the item list (in
        // tree order) rather than every element.
        let mut w = Writer::new(options.pretty, limits);
        // Room for what the values usually add up to (the text they read,
        // short attribute values and the syntax around each), so that a large
        // output is not copied as it grows; never more than the limit.
        let estimate =
            self.text.len() + self.copied.len() + 48 * self.props.len() + 64 * self.items.len();
        w.out.reserve(estimate.min(limits.max_output_bytes()));
        write_items(w, self.all_items())
    }
}

/// Extracts the microdata from `nodes` as JSON: for each node that is a
/// top-level microdata item, its object, in the given order (§5.4.1).
///
/// No limits apply (see the [module docs](self)); use [`try_to_json`] for
/// untrusted input.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::Document;
/// use microdata_model::json::{JsonOptions, to_json};
///
/// // <div><section itemscope><b itemprop=n>1</b></section>
/// //      <aside itemscope><b itemprop=n>2</b></aside></div>
/// let tree: &'static [Row] = &[
///     (Some("div"), "", &[], &[1, 4]),
///     (Some("section"), "", &[("itemscope", "")], &[2]),
///     (Some("b"), "", &[("itemprop", "n")], &[3]),
///     (None, "1", &[], &[]),
///     (Some("aside"), "", &[("itemscope", "")], &[5]),
///     (Some("b"), "", &[("itemprop", "n")], &[6]),
///     (None, "2", &[], &[]),
/// ];
/// let doc = Document::new(N(tree, 0));
/// // Only the items of `aside` elements:
/// let asides = doc.elements().filter(|el| el.is("aside"));
/// assert_eq!(
///     to_json(asides, JsonOptions::new()),
///     r#"{"items":[{"properties":{"n":["2"]}}]}"#
/// );
/// ```
pub fn to_json<'d, 'a: 'd, N: Node<'a>>(
    nodes: impl IntoIterator<Item = Element<'d, 'a, N>>,
    options: JsonOptions,
) -> String {
    // Nothing can exceed `Limits::none()`.
    try_to_json(nodes, options, Limits::none()).unwrap_or_default()
}

/// [`to_json`] within `limits`.
///
/// # Errors
///
/// A [`LimitError`] naming the first limit reached.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::{Document, Limit, Limits};
/// use microdata_model::json::{JsonOptions, try_to_json};
///
/// // <div><section itemscope><b itemprop=n>1</b></section>
/// //      <aside itemscope><b itemprop=n>2</b></aside></div>
/// let tree: &'static [Row] = &[
///     (Some("div"), "", &[], &[1, 4]),
///     (Some("section"), "", &[("itemscope", "")], &[2]),
///     (Some("b"), "", &[("itemprop", "n")], &[3]),
///     (None, "1", &[], &[]),
///     (Some("aside"), "", &[("itemscope", "")], &[5]),
///     (Some("b"), "", &[("itemprop", "n")], &[6]),
///     (None, "2", &[], &[]),
/// ];
/// let doc = Document::new(N(tree, 0));
/// // Only the items of `aside` elements:
/// let asides = doc.elements().filter(|el| el.is("aside"));
/// let json = try_to_json(asides, JsonOptions::new(), Limits::new())?;
/// assert_eq!(json, r#"{"items":[{"properties":{"n":["2"]}}]}"#);
///
/// // Both items are more than one allows:
/// let one = Limits::new().with_max_items(1);
/// let error = try_to_json(doc.elements(), JsonOptions::new(), one).unwrap_err();
/// assert_eq!(error.limit(), Limit::Items);
/// # Ok::<(), microdata_model::LimitError>(())
/// ```
pub fn try_to_json<'d, 'a: 'd, N: Node<'a>>(
    nodes: impl IntoIterator<Item = Element<'d, 'a, N>>,
    options: JsonOptions,
    limits: Limits,
) -> Result<String, LimitError> {
    write_items(
        Writer::new(options.pretty, limits),
        nodes.into_iter().filter_map(|el| el.item()),
    )
}

/// The whole conversion: the JSON objects of the top-level items among
/// `items`, in order.
fn write_items<'d, 'a: 'd, N: Node<'a>>(
    mut w: Writer,
    items: impl IntoIterator<Item = Item<'d, 'a, N>>,
) -> Result<String, LimitError> {
    w.begin('{');
    w.escaped_key(br#""items""#);
    w.begin('[');
    let mut state = None;
    for item in items {
        if item.is_top_level() {
            let state = state.get_or_insert_with(|| State::new(item.document()));
            write_item(&mut w, item, state)?;
        }
    }
    w.end(']');
    w.end('}');
    w.finish()
}

/// The JSON object of one item ("get the object for an item"), as a
/// string, with an empty memory. No limits apply.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::Document;
/// use microdata_model::json::{JsonOptions, item_to_json};
///
/// // <div itemscope><p itemprop=a itemscope><b itemprop=n>1</b></p></div>
/// let tree: &'static [Row] = &[
///     (Some("div"), "", &[("itemscope", "")], &[1]),
///     (Some("p"), "", &[("itemprop", "a"), ("itemscope", "")], &[2]),
///     (Some("b"), "", &[("itemprop", "n")], &[3]),
///     (None, "1", &[], &[]),
/// ];
/// let doc = Document::new(N(tree, 0));
/// // The nested item alone (`to_json` would skip it: it is not top-level):
/// let nested = doc.element_at(1).and_then(|el| el.item()).unwrap();
/// assert_eq!(item_to_json(nested, JsonOptions::new()), r#"{"properties":{"n":["1"]}}"#);
/// ```
pub fn item_to_json<'a, N: Node<'a>>(item: Item<'_, 'a, N>, options: JsonOptions) -> String {
    try_item_to_json(item, options, Limits::none()).unwrap_or_default()
}

/// [`item_to_json`] within `limits`.
///
/// # Errors
///
/// A [`LimitError`] naming the first limit reached.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::{Document, Limit, Limits};
/// use microdata_model::json::{JsonOptions, try_item_to_json};
///
/// // <div itemscope><p itemprop=a itemscope><b itemprop=n>1</b></p></div>
/// let tree: &'static [Row] = &[
///     (Some("div"), "", &[("itemscope", "")], &[1]),
///     (Some("p"), "", &[("itemprop", "a"), ("itemscope", "")], &[2]),
///     (Some("b"), "", &[("itemprop", "n")], &[3]),
///     (None, "1", &[], &[]),
/// ];
/// let doc = Document::new(N(tree, 0));
/// // The nested item alone (`to_json` would skip it: it is not top-level):
/// let nested = doc.element_at(1).and_then(|el| el.item()).unwrap();
/// let json = try_item_to_json(nested, JsonOptions::new(), Limits::new())?;
/// assert_eq!(json, r#"{"properties":{"n":["1"]}}"#);
///
/// let tiny = Limits::new().with_max_output_bytes(10);
/// let error = try_item_to_json(nested, JsonOptions::new(), tiny).unwrap_err();
/// assert_eq!((error.limit(), error.max()), (Limit::OutputBytes, 10));
/// # Ok::<(), microdata_model::LimitError>(())
/// ```
pub fn try_item_to_json<'a, N: Node<'a>>(
    item: Item<'_, 'a, N>,
    options: JsonOptions,
    limits: Limits,
) -> Result<String, LimitError> {
    let mut w = Writer::new(options.pretty, limits);
    write_item(&mut w, item, &mut State::new(item.document()))?;
    w.finish()
}

/// A frame's group names and (group, property) entries.
type Buffers = (Vec<u32>, Vec<(u32, u32)>);

/// What one conversion keeps across items.
struct State<'d, 'a, N: Node<'a>> {
    doc: &'d Document<'a, N>,
    /// The algorithm's `memory`: whether each item is on the path from the
    /// top-level item to the one being written.
    on_path: Vec<bool>,
    /// Buffers of finished frames, reused for the next items.
    spare: Vec<Buffers>,
    grouping: Grouping,
    urls: UrlCache<'a>,
    /// Property names and item types as JSON strings, each escaped once
    /// per conversion: they repeat on every item.
    names: Escaped,
    types: Escaped,
}

impl<'d, 'a, N: Node<'a>> State<'d, 'a, N> {
    fn new(doc: &'d Document<'a, N>) -> Self {
        State {
            doc,
            on_path: vec![false; doc.item_count()],
            spare: Vec::new(),
            grouping: Grouping::default(),
            urls: UrlCache::default(),
            names: Escaped::new(doc.names.len()),
            types: Escaped::new(doc.type_count as usize),
        }
    }
}

/// One item being written: its property values grouped by name, groups in
/// the order names are first met, and where we are in them.
struct Frame {
    item: usize,
    /// Per group, its name (an index into `Document::names`).
    names: Vec<u32>,
    /// (group, property), stably sorted by group: each group's values are
    /// a run, in tree order.
    entries: Vec<(u32, u32)>,
    next: usize,
}

fn open_item<'a, N: Node<'a>>(
    w: &mut Writer,
    item: Item<'_, 'a, N>,
    depth: usize,
    state: &mut State<'_, 'a, N>,
) -> Result<Frame, LimitError> {
    w.items += 1;
    w.limits.check_items(w.items)?;
    w.limits.check_depth(depth)?;
    // Step 7: each property element, each of its names, in order.
    let (mut names, mut entries) = state.spare.pop().unwrap_or_default();
    item.group_values(&mut state.grouping, &mut names, &mut entries);
    w.limits.check_properties(entries.len())?;
    w.begin('{');
    // Steps 4-5: type and id.
    let doc = state.doc;
    let (start, end) = doc.items[item.index()].types;
    if start < end {
        w.escaped_key(br#""type""#);
        w.begin('[');
        for i in start as usize..end as usize {
            let escaped = state.types.get(doc.type_ids[i], doc.types[i]);
            w.escaped_string(escaped);
        }
        w.end(']');
    }
    if let Some(id) = item.id() {
        w.escaped_key(br#""id""#);
        w.string(id.as_str());
    }
    w.escaped_key(br#""properties""#);
    w.begin('{');
    state.on_path[item.index()] = true;
    Ok(Frame {
        item: item.index(),
        names,
        entries,
        next: 0,
    })
}

fn write_item<'a, N: Node<'a>>(
    w: &mut Writer,
    top: Item<'_, 'a, N>,
    state: &mut State<'_, 'a, N>,
) -> Result<(), LimitError> {
    let doc = state.doc;
    let mut stack = vec![open_item(w, top, 1, state)?];
    while let Some(frame) = stack.last_mut() {
        // Each turn writes a bounded amount of structure and at most one
        // value, so checking once a turn keeps the output within the limit
        // plus one value.
        w.check()?;
        let Some(&(group, prop)) = frame.entries.get(frame.next) else {
            if frame.next > 0 {
                w.end(']');
            }
            w.end('}');
            w.end('}');
            state.on_path[frame.item] = false;
            if let Some(mut done) = stack.pop() {
                done.names.clear();
                done.entries.clear();
                state.spare.push((done.names, done.entries));
            }
            continue;
        };
        // A new group: close the previous one's array, open this one's.
        if frame.next == 0 || frame.entries[frame.next - 1].0 != group {
            if frame.next > 0 {
                w.end(']');
            }
            let name = frame.names[group as usize];
            w.escaped_key(state.names.get(name, doc.names[name as usize]));
            w.begin('[');
        }
        frame.next += 1;
        // The value, as the index recorded its source (§5.2.4).
        let prop = &doc.props[prop as usize];
        match doc.source(prop) {
            Source::Item(child) if state.on_path[child as usize] => w.escaped_string(br#""ERROR""#),
            Source::Item(child) => {
                let depth = stack.len() + 1;
                let f = open_item(w, Item::new(doc, child), depth, state)?;
                stack.push(f);
            }
            // Each distinct URL is parsed once per conversion.
            Source::Url(raw) => w.string(state.urls.resolve(doc, raw)),
            Source::Attr(value) => w.string(value.unwrap_or("")),
            Source::ChildText => {
                w.string(&doc.child_text[prop.text.0 as usize..prop.text.1 as usize]);
            }
            Source::Text => w.string(&doc.text[prop.text.0 as usize..prop.text.1 as usize]),
            Source::Copied => w.string(&doc.copied[prop.text.0 as usize..prop.text.1 as usize]),
        }
    }
    w.check()
}

/// Appends `s` to `out` as a JSON string, quotes included. serde_json
/// escapes exactly as the shortest serialization asks: `\"` `\\` `\b` `\f`
/// `\n` `\r` `\t`, and `\u00XX` for the other control characters only.
fn write_escaped(out: &mut Vec<u8>, s: &str) {
    serde_json::to_writer(out, s).expect("writing to a Vec cannot fail");
}

/// Strings numbered `0..n`, each escaped as a JSON string on first use.
struct Escaped {
    /// The escaped strings, one after the other.
    bytes: Vec<u8>,
    /// Per number, its range in `bytes` (empty until first use).
    ranges: Vec<(u32, u32)>,
}

impl Escaped {
    fn new(n: usize) -> Self {
        Escaped {
            bytes: Vec::new(),
            ranges: vec![(0, 0); n],
        }
    }

    /// String number `i`, which is `s`, as a JSON string (quotes included).
    fn get(&mut self, i: u32, s: &str) -> &[u8] {
        let (mut start, mut end) = self.ranges[i as usize];
        // An escaped string has at least its two quotes.
        if start == end {
            start = self.bytes.len() as u32;
            write_escaped(&mut self.bytes, s);
            end = self.bytes.len() as u32;
            self.ranges[i as usize] = (start, end);
        }
        &self.bytes[start as usize..end as usize]
    }
}

/// A minimal streaming JSON writer with an explicit nesting stack. Its
/// pretty form is serde_json's (two spaces, `": "`, `[]` and `{}` when
/// empty).
pub(crate) struct Writer {
    out: Vec<u8>,
    pretty: bool,
    limits: Limits,
    /// Item objects opened so far.
    items: usize,
    /// Per open container: whether it has had a member yet.
    open: Vec<bool>,
    after_key: bool,
}

impl Writer {
    pub(crate) fn new(pretty: bool, limits: Limits) -> Self {
        Writer {
            out: Vec::new(),
            pretty,
            limits,
            items: 0,
            open: Vec::new(),
            after_key: false,
        }
    }

    fn newline(&mut self) {
        if self.pretty {
            self.out.push(b'\n');
            for _ in 0..self.open.len() {
                self.out.extend_from_slice(b"  ");
            }
        }
    }

    /// Separator and indentation before a value or key.
    fn member(&mut self) {
        if self.after_key {
            self.after_key = false;
            return;
        }
        if let Some(has) = self.open.last_mut() {
            let had = std::mem::replace(has, true);
            if had {
                self.out.push(b',');
            }
            self.newline();
        }
    }

    pub(crate) fn begin(&mut self, c: char) {
        self.member();
        self.out.push(c as u8);
        self.open.push(false);
    }

    pub(crate) fn end(&mut self, c: char) {
        let had = self.open.pop().unwrap_or(false);
        if had {
            self.newline();
        }
        self.out.push(c as u8);
    }

    /// A key already escaped as a JSON string.
    fn escaped_key(&mut self, k: &[u8]) {
        self.member();
        self.out.extend_from_slice(k);
        self.colon();
    }

    /// A key, escaped here.
    pub(crate) fn key(&mut self, k: &str) {
        self.member();
        self.escaped(k);
        self.colon();
    }

    /// The separator after a key; the value follows without another.
    fn colon(&mut self) {
        self.out.push(b':');
        if self.pretty {
            self.out.push(b' ');
        }
        self.after_key = true;
    }

    /// A value already escaped as a JSON string.
    fn escaped_string(&mut self, s: &[u8]) {
        self.member();
        self.out.extend_from_slice(s);
    }

    /// A literal: `null`, `true`, `false` or a number.
    pub(crate) fn literal(&mut self, v: &str) {
        self.member();
        self.out.extend_from_slice(v.as_bytes());
    }

    /// A string, or `null`.
    pub(crate) fn opt_string(&mut self, s: Option<&str>) {
        match s {
            Some(s) => self.string(s),
            None => self.literal("null"),
        }
    }

    /// A number.
    pub(crate) fn number(&mut self, n: usize) {
        self.member();
        // Writing to a Vec cannot fail.
        let _ = write!(self.out, "{n}");
    }

    /// A number, or `null`.
    pub(crate) fn opt_number(&mut self, n: Option<usize>) {
        match n {
            Some(n) => self.number(n),
            None => self.literal("null"),
        }
    }

    /// What was written, limits not checked.
    pub(crate) fn into_string(self) -> String {
        String::from_utf8(self.out).expect("the writer only writes UTF-8")
    }

    pub(crate) fn string(&mut self, s: &str) {
        self.member();
        self.escaped(s);
    }

    fn escaped(&mut self, s: &str) {
        write_escaped(&mut self.out, s);
    }

    /// Whether the output is still within its limit.
    fn check(&self) -> Result<(), LimitError> {
        self.limits.check_output(self.out.len())
    }

    fn finish(self) -> Result<String, LimitError> {
        self.check()?;
        Ok(self.into_string())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::Limit;
    use crate::tests::Tree;

    /// Items `l0 … l(levels-1)` in a diamond: each level's two items both
    /// reference the next level's two, so the output doubles per level.
    fn diamond(levels: usize) -> Tree {
        let mut t = Tree::new();
        t.el(0, "div", &[("itemscope", ""), ("itemref", "a0 b0")]);
        for i in 0..levels {
            let refs = format!("a{} b{}", i + 1, i + 1);
            for side in ["a", "b"] {
                let id = format!("{side}{i}");
                let el = t.el(
                    0,
                    "div",
                    &[
                        ("id", &id),
                        ("itemprop", "x"),
                        ("itemscope", ""),
                        ("itemref", &refs),
                    ],
                );
                t.text(el, "v");
            }
        }
        t
    }

    #[test]
    fn default_limits_give_the_same_output() {
        let t = diamond(3);
        let doc = Document::new(t.root());
        let plain = doc.to_json();
        // 1 + 2 + 4 + 8 objects.
        assert_eq!(plain.matches("properties").count(), 15);
        for pretty in [false, true] {
            let options = JsonOptions::new().with_pretty(pretty);
            assert_eq!(
                doc.try_to_json_with(options, Limits::default()).unwrap(),
                doc.to_json_with(options)
            );
        }
    }

    #[test]
    fn diamond_stops_at_the_item_limit() {
        let t = diamond(64);
        let doc = Document::new(t.root());
        let limits = Limits::none().with_max_items(1000);
        let err = doc
            .try_to_json_with(JsonOptions::new(), limits)
            .unwrap_err();
        assert_eq!(err, LimitError::new(Limit::Items, 1000));
        // The same with the defaults: a limit, never an endless output.
        let err = doc
            .try_to_json_with(JsonOptions::new(), Limits::default().with_max_items(20_000))
            .unwrap_err();
        assert_eq!(err.limit(), Limit::Items);
        // Exactly at the limit is fine: 1 + 2 + 4 objects for 2 levels.
        let t = diamond(2);
        let doc = Document::new(t.root());
        assert!(
            doc.try_to_json_with(JsonOptions::new(), limits.with_max_items(7))
                .is_ok()
        );
        assert_eq!(
            doc.try_to_json_with(JsonOptions::new(), limits.with_max_items(6)),
            Err(LimitError::new(Limit::Items, 6))
        );
    }

    #[test]
    fn depth_limit_counts_item_nesting() {
        let mut t = Tree::new();
        let mut parent = t.el(0, "div", &[("itemscope", "")]);
        for _ in 1..5 {
            parent = t.el(parent, "div", &[("itemscope", ""), ("itemprop", "c")]);
        }
        let doc = Document::new(t.root());
        let at = |d| doc.try_to_json_with(JsonOptions::new(), Limits::none().with_max_depth(d));
        assert_eq!(at(5).unwrap(), doc.to_json());
        assert_eq!(at(4), Err(LimitError::new(Limit::Depth, 4)));
        assert_eq!(at(0), Err(LimitError::new(Limit::Depth, 0)));
    }

    #[test]
    fn property_limit_counts_values_per_item() {
        let mut t = Tree::new();
        let top = t.el(0, "div", &[("itemscope", "")]);
        // Three values: `a` and `b` on one element (a repeated `a` is one
        // name), `a` again on another.
        t.el(top, "span", &[("itemprop", "a b a")]);
        t.el(top, "span", &[("itemprop", "a")]);
        let doc = Document::new(t.root());
        assert_eq!(
            doc.to_json(),
            r#"{"items":[{"properties":{"a":["",""],"b":[""]}}]}"#
        );
        let at =
            |n| doc.try_to_json_with(JsonOptions::new(), Limits::none().with_max_properties(n));
        assert_eq!(at(3).unwrap(), doc.to_json());
        assert_eq!(at(2), Err(LimitError::new(Limit::Properties, 2)));
    }

    #[test]
    fn output_limit_is_exact() {
        let mut t = Tree::new();
        let top = t.el(0, "div", &[("itemscope", "")]);
        let p = t.el(top, "span", &[("itemprop", "n")]);
        t.text(p, &"x".repeat(1000));
        let doc = Document::new(t.root());
        let full = doc.to_json();
        let at =
            |n| doc.try_to_json_with(JsonOptions::new(), Limits::none().with_max_output_bytes(n));
        assert_eq!(at(full.len()).unwrap(), full);
        assert_eq!(
            at(full.len() - 1),
            Err(LimitError::new(Limit::OutputBytes, full.len() - 1))
        );
        assert_eq!(at(0), Err(LimitError::new(Limit::OutputBytes, 0)));
    }

    #[test]
    fn many_distinct_names_in_one_attribute() {
        // Linear in the number of tokens: 50,000 names, each once, plus a
        // repeat of every one that must not add a value.
        let names: Vec<String> = (0..50_000).map(|i| format!("n{i}")).collect();
        let itemprop = format!("{} {}", names.join(" "), names.join(" "));
        let mut t = Tree::new();
        let top = t.el(0, "div", &[("itemscope", "")]);
        t.el(top, "meta", &[("itemprop", &itemprop), ("content", "c")]);
        let doc = Document::new(t.root());
        let item = doc.items().next().unwrap();
        let json = try_item_to_json(item, JsonOptions::new(), Limits::default()).unwrap();
        assert_eq!(json.matches(r#"["c"]"#).count(), 50_000);
        assert!(json.starts_with(r#"{"properties":{"n0":["c"],"n1":["c"]"#));
        let err = try_item_to_json(
            item,
            JsonOptions::new(),
            Limits::default().with_max_properties(49_999),
        )
        .unwrap_err();
        assert_eq!(err.limit(), Limit::Properties);
    }

    #[test]
    fn values_read_only_their_own_text() {
        // Text outside every text-valued property is never copied: the
        // conversion reads the property text the index kept, and the whole
        // document text is gathered only when `text_content` asks for it.
        let mut t = Tree::new();
        let body = t.el(0, "body", &[]);
        t.text(body, "chrome ");
        let item = t.el(body, "div", &[("itemscope", "")]);
        t.text(item, "between ");
        let name = t.el(item, "h2", &[("itemprop", "name")]);
        t.text(name, "Kettle ");
        let inner = t.el(name, "b", &[("itemprop", "inner")]);
        t.text(inner, "steel");
        let meta = t.el(item, "meta", &[("itemprop", "m"), ("content", "c")]);
        t.text(meta, "not read");
        let doc = Document::new(t.root());
        assert_eq!(
            doc.to_json(),
            r#"{"items":[{"properties":{"name":["Kettle steel"],"inner":["steel"],"m":["c"]}}]}"#
        );
        // The text of the two text-valued properties; the short `content`
        // value, copied from the attribute list, apart.
        assert_eq!(doc.text, "Kettle steel");
        assert_eq!(doc.copied, "c");
        assert!(doc.all_text.get().is_none());
        let item_el = doc.items().next().unwrap().element();
        assert_eq!(item_el.text_content(), "between Kettle steelnot read");
        assert_eq!(
            doc.element_at(0).unwrap().text_content(),
            "chrome between Kettle steelnot read"
        );
    }

    #[test]
    fn repeated_attributes_first_one_wins() {
        // A tree may carry an attribute twice (HTML parsers drop the second);
        // the value is the first, as `Node::attr` reads it.
        let mut t = Tree::new();
        let item = t.el(0, "div", &[("itemscope", "")]);
        t.el(
            item,
            "meta",
            &[("itemprop", "m"), ("content", "one"), ("content", "two")],
        );
        t.el(
            item,
            "a",
            &[
                ("itemprop", "u"),
                ("href", "http://x.example/1"),
                ("href", "http://x.example/2"),
            ],
        );
        let doc = Document::new(t.root());
        let json = doc.to_json();
        assert_eq!(
            json,
            r#"{"items":[{"properties":{"m":["one"],"u":["http://x.example/1"]}}]}"#
        );
        let item = doc.items().next().unwrap();
        assert_eq!(item.get("m").unwrap().as_str(), Some("one"));
        assert_eq!(item.get("u").unwrap().as_str(), Some("http://x.example/1"));
    }

    #[test]
    fn simple_text_content_is_read_in_place() {
        let mut t = Tree::new();
        let body = t.el(0, "body", &[]);
        let a = t.el(body, "a", &[("href", "/next")]);
        t.text(a, "Next");
        t.el(body, "span", &[]);
        let c = t.el(body, "p", &[]);
        t.other(c);
        t.text(c, "after a comment");
        let two = t.el(body, "p", &[]);
        t.text(two, "one ");
        t.text(two, "two");
        let doc = Document::new(t.root());
        let at = |i| doc.element_at(i).unwrap();
        // Elements in tree order: body, a, span, p, p.
        assert_eq!(at(1).text_content(), "Next");
        assert_eq!(at(2).text_content(), "");
        assert_eq!(at(3).text_content(), "after a comment");
        // None of these needed the document's text.
        assert!(doc.all_text.get().is_none());
        // Two text nodes: the document's text, gathered once.
        assert_eq!(at(4).text_content(), "one two");
        assert!(doc.all_text.get().is_some());
        assert_eq!(at(0).text_content(), "Nextafter a commentone two");
    }

    #[test]
    fn short_values_are_copied_long_ones_read_in_place() {
        let mut t = Tree::new();
        let item = t.el(
            0,
            "div",
            &[("itemscope", ""), ("itemtype", "http://t.example/T")],
        );
        let data = t.el(item, "data", &[("itemprop", "a"), ("value", "12345678")]);
        let inner = t.el(data, "span", &[("itemprop", "b")]);
        t.text(inner, "x");
        t.el(item, "meta", &[("itemprop", "c"), ("content", "123456789")]);
        let twin = t.el(
            item,
            "div",
            &[
                ("itemprop", "d"),
                ("itemscope", ""),
                ("itemtype", "http://t.example/T"),
            ],
        );
        t.el(twin, "meta", &[("itemprop", "e"), ("content", "")]);
        let doc = Document::new(t.root());
        assert_eq!(
            doc.to_json(),
            r#"{"items":[{"type":["http://t.example/T"],"properties":{"a":["12345678"],"b":["x"],"c":["123456789"],"d":[{"type":["http://t.example/T"],"properties":{"e":[""]}}]}}]}"#
        );
        // The eight-byte value and the empty one are copied, apart from
        // the text of `b`; the nine-byte value is read from the tree.
        assert_eq!(doc.copied, "12345678");
        assert_eq!(doc.text, "x");
        let sources: Vec<Source<'_>> = doc.props.iter().map(|p| doc.source(p)).collect();
        assert_eq!(
            sources,
            [
                Source::Copied,
                Source::Text,
                Source::Attr(Some("123456789")),
                Source::Item(1),
                Source::Copied
            ]
        );
        // One copy of a type repeated across items.
        let types: Vec<*const u8> = doc.all_items().map(|i| i.types()[0].as_ptr()).collect();
        assert_eq!(types[0], types[1]);
    }

    #[test]
    fn json_reads_no_per_element_table() {
        // The conversion reads what indexing recorded (property sources,
        // copied text, ID targets); the per-element table is built only
        // when the `Element` API asks for it, with the same answers.
        let mut t = Tree::new();
        let body = t.el(0, "body", &[("lang", "en")]);
        let item = t.el(body, "div", &[("itemscope", ""), ("itemref", "shared")]);
        let when = t.el(item, "time", &[("itemprop", "when")]);
        t.text(when, "2026-");
        t.el(when, "b", &[]);
        t.text(when, "11-24");
        let shared = t.el(body, "p", &[("id", "shared")]);
        let name = t.el(shared, "span", &[("itemprop", "name")]);
        t.text(name, "Ann");
        let doc = Document::new(t.root());
        assert_eq!(
            doc.to_json(),
            r#"{"items":[{"properties":{"when":["2026-11-24"],"name":["Ann"]}}]}"#
        );
        assert!(doc.elements.get().is_none());
        let item = doc.items().next().unwrap();
        let names: Vec<_> = item.properties().map(|p| p.local_name()).collect();
        assert_eq!(names, ["time", "span"]);
        // Names and attributes come from the nodes, kept while indexing.
        assert!(doc.elements.get().is_none());
        let span = doc.element_at(5).unwrap();
        assert_eq!(span.local_name(), "span");
        assert_eq!(span.parent().unwrap().attr("id"), Some("shared"));
        assert!(doc.elements.get().is_some());
        assert_eq!(span.lang(), Some("en"));
        // Tree order: body, div, time, b, p, span.
        assert_eq!(doc.element_at(1).unwrap().item(), Some(item));
        assert_eq!(doc.element_at(2).unwrap().scope(), Some(item));
        assert_eq!(doc.element_at(3).unwrap().scope(), Some(item));
        assert_eq!(span.scope(), None);
        assert_eq!(span.itemprop(), Some("name"));
    }

    #[test]
    fn child_text_is_copied_apart_from_an_outer_text_value() {
        // A `time` property without `datetime` inside a text-valued one:
        // its child text ("1" and "3") is not a contiguous part of the
        // outer value's text ("x123y").
        let mut t = Tree::new();
        let item = t.el(0, "div", &[("itemscope", "")]);
        let outer = t.el(item, "span", &[("itemprop", "outer")]);
        t.text(outer, "x");
        let time = t.el(outer, "time", &[("itemprop", "t")]);
        t.text(time, "1");
        let b = t.el(time, "b", &[]);
        t.text(b, "2");
        t.text(time, "3");
        t.text(outer, "y");
        let doc = Document::new(t.root());
        assert_eq!(
            doc.to_json(),
            r#"{"items":[{"properties":{"outer":["x123y"],"t":["13"]}}]}"#
        );
        assert_eq!(doc.child_text, "13");
        let item = doc.items().next().unwrap();
        assert_eq!(item.get("t").unwrap().as_str(), Some("13"));
    }

    /// The JSON of `doc`'s items, and the same written from the `Value`
    /// API, which reads the tree rather than the text the index copied.
    fn json_and_values<'a>(doc: &Document<'a, crate::tests::H<'a>>) -> (String, String) {
        let mut from_values = String::new();
        for item in doc.items() {
            for p in item.properties() {
                let value = p.item_value().and_then(|v| v.as_str().map(str::to_owned));
                for name in p.property_names() {
                    from_values.push_str(&format!("{name}={value:?};"));
                }
            }
        }
        (doc.to_json(), from_values)
    }

    #[test]
    fn a_short_attribute_value_inside_a_text_value_is_not_part_of_it() {
        // `<span itemprop=price>10<meta itemprop=currency content=EUR>
        // <data itemprop=n value=3>three</data></span>`: the `meta` has no
        // text and `content` is not text content, so the price is "10three".
        let mut t = Tree::new();
        let item = t.el(0, "div", &[("itemscope", "")]);
        let price = t.el(item, "span", &[("itemprop", "price")]);
        t.text(price, "10");
        t.el(
            price,
            "meta",
            &[("itemprop", "currency"), ("content", "EUR")],
        );
        let data = t.el(price, "data", &[("itemprop", "n"), ("value", "3")]);
        t.text(data, "three");
        let doc = Document::new(t.root());
        let (json, values) = json_and_values(&doc);
        assert_eq!(
            json,
            r#"{"items":[{"properties":{"price":["10three"],"currency":["EUR"],"n":["3"]}}]}"#
        );
        assert_eq!(
            values,
            r#"price=Some("10three");currency=Some("EUR");n=Some("3");"#
        );
    }

    #[test]
    fn nested_time_values_keep_their_own_child_text() {
        // `<time itemprop=a>x<time itemprop=b>y<span><time itemprop=c>z
        // </time></span>w</time>v</time>`: each datetime value is the
        // element's child text content, its own text children only.
        let mut t = Tree::new();
        let item = t.el(0, "div", &[("itemscope", "")]);
        let a = t.el(item, "time", &[("itemprop", "a")]);
        t.text(a, "x");
        let b = t.el(a, "time", &[("itemprop", "b")]);
        t.text(b, "y");
        let span = t.el(b, "span", &[]);
        let c = t.el(span, "time", &[("itemprop", "c")]);
        t.text(c, "z");
        t.text(b, "w");
        t.text(a, "v");
        let doc = Document::new(t.root());
        let (json, values) = json_and_values(&doc);
        assert_eq!(
            json,
            r#"{"items":[{"properties":{"a":["xv"],"b":["yw"],"c":["z"]}}]}"#
        );
        assert_eq!(values, r#"a=Some("xv");b=Some("yw");c=Some("z");"#);
        // Each written whole as its element ends: innermost first.
        assert_eq!(doc.child_text, "zywxv");
    }

    #[test]
    fn repeated_names_and_types_are_escaped_once_and_alike() {
        // Names and types that need escaping, repeated across items: each
        // is escaped once per conversion, and every use reads the same.
        let mut t = Tree::new();
        for _ in 0..2 {
            let item = t.el(
                0,
                "div",
                &[
                    ("itemscope", ""),
                    ("itemtype", "http://t.example/\"q\" http://t.example/b\\"),
                ],
            );
            let p = t.el(item, "span", &[("itemprop", "a\"b n\u{1}")]);
            t.text(p, "v");
        }
        let doc = Document::new(t.root());
        let one = r#"{"type":["http://t.example/\"q\"","http://t.example/b\\"],"properties":{"a\"b":["v"],"n\u0001":["v"]}}"#;
        assert_eq!(doc.to_json(), format!(r#"{{"items":[{one},{one}]}}"#));
        assert_eq!(doc.type_count, 2);
        assert_eq!(doc.type_ids, [0, 1, 0, 1]);
        let pretty = doc.to_json_with(JsonOptions::new().with_pretty(true));
        assert!(pretty.contains("\"a\\\"b\": [\n"), "{pretty}");
        let parsed: serde_json::Value = serde_json::from_str(&pretty).unwrap();
        assert_eq!(
            parsed,
            serde_json::from_str::<serde_json::Value>(&doc.to_json()).unwrap()
        );
    }
}
