//! The `application/microdata+json` conversion (WHATWG HTML §5.4.1).
//!
//! The algorithm is recursive as written ("get the object for an item");
//! this implementation keeps its own stack, so deeply nested items cannot
//! overflow the call stack. The `memory` of the algorithm is exactly the
//! path from the top-level item to the current one, so it is a flag per
//! item, set on the way down and cleared on the way up.

use crate::document::Document;
use crate::element::Element;
use crate::item::Item;
use crate::node::Node;
use crate::value::Value;

/// How to lay the JSON out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[must_use]
pub struct JsonOptions {
    pretty: bool,
}

impl JsonOptions {
    /// The spec's shortest serialization (no whitespace).
    pub fn new() -> Self {
        Self::default()
    }

    /// Indent with two spaces, one value per line, for people to read.
    /// The data is the same.
    pub fn with_pretty(mut self, pretty: bool) -> Self {
        self.pretty = pretty;
        self
    }
}

impl<'a, N: Node<'a>> Document<'a, N> {
    /// Extracts the microdata of the whole document as JSON: the top-level
    /// items in tree order, in the spec's shortest serialization.
    ///
    /// # Examples
    ///
    /// With the scraper adapter (`microdata-scraper`):
    ///
    /// ```ignore
    /// let doc = microdata_scraper::parse(r#"<p itemscope><b itemprop=n>x</b>"#, None)?;
    /// assert_eq!(doc.to_json(), r#"{"items":[{"properties":{"n":["x"]}}]}"#);
    /// ```
    pub fn to_json(&self) -> String {
        self.to_json_with(JsonOptions::new())
    }

    /// [`to_json`](Self::to_json) with layout options.
    pub fn to_json_with(&self, options: JsonOptions) -> String {
        to_json(self.elements(), options)
    }
}

/// Extracts the microdata from `nodes` as JSON: for each node that is a
/// top-level microdata item, its object, in the given order (§5.4.1).
pub fn to_json<'d, 'a: 'd, N: Node<'a>>(
    nodes: impl IntoIterator<Item = Element<'d, 'a, N>>,
    options: JsonOptions,
) -> String {
    let mut w = Writer::new(options.pretty);
    w.begin('{');
    w.key("items");
    w.begin('[');
    let mut on_path: Vec<bool> = Vec::new();
    for el in nodes {
        if let Some(item) = el.item().filter(Item::is_top_level) {
            if on_path.is_empty() {
                on_path = vec![false; el.document().all_items().len()];
            }
            write_item(&mut w, item, &mut on_path);
        }
    }
    w.end(']');
    w.end('}');
    w.finish()
}

/// The JSON object of one item ("get the object for an item"), as a
/// string, with an empty memory.
pub fn item_to_json<'a, N: Node<'a>>(item: Item<'_, 'a, N>, options: JsonOptions) -> String {
    let mut w = Writer::new(options.pretty);
    let mut on_path = vec![false; item.document().all_items().len()];
    write_item(&mut w, item, &mut on_path);
    w.finish()
}

/// One item being written: its properties grouped by name (entries in the
/// order names are first met), and where we are in them.
struct Frame<'d, 'a, N: Node<'a>> {
    item: usize,
    groups: Vec<(&'a str, Vec<Element<'d, 'a, N>>)>,
    group: usize,
    value: usize,
}

fn open_item<'d, 'a, N: Node<'a>>(w: &mut Writer, item: Item<'d, 'a, N>) -> Frame<'d, 'a, N> {
    w.begin('{');
    // Steps 4-5: type and id.
    if !item.types().is_empty() {
        w.key("type");
        w.begin('[');
        for t in item.types() {
            w.string(t);
        }
        w.end(']');
    }
    if let Some(id) = item.id() {
        w.key("id");
        w.string(id.as_str());
    }
    // Step 7: each property element, each of its names, in order.
    let mut groups: Vec<(&'a str, Vec<Element<'d, 'a, N>>)> = Vec::new();
    for p in item.properties() {
        for name in p.property_names() {
            match groups.iter_mut().find(|(n, _)| *n == name) {
                Some((_, v)) => v.push(p),
                None => groups.push((name, vec![p])),
            }
        }
    }
    w.key("properties");
    w.begin('{');
    Frame {
        item: item.index(),
        groups,
        group: 0,
        value: 0,
    }
}

fn write_item<'d, 'a, N: Node<'a>>(w: &mut Writer, top: Item<'d, 'a, N>, on_path: &mut [bool]) {
    on_path[top.index()] = true;
    let mut stack = vec![open_item(w, top)];
    while let Some(frame) = stack.last_mut() {
        let Some((name, elements)) = frame.groups.get(frame.group) else {
            w.end('}');
            w.end('}');
            on_path[frame.item] = false;
            stack.pop();
            continue;
        };
        if frame.value == 0 {
            w.key(name);
            w.begin('[');
        }
        let Some(&el) = elements.get(frame.value) else {
            w.end(']');
            frame.group += 1;
            frame.value = 0;
            continue;
        };
        frame.value += 1;
        match el.property_value() {
            Value::Item(child) if on_path[child.index()] => w.string("ERROR"),
            Value::Item(child) => {
                on_path[child.index()] = true;
                let f = open_item(w, child);
                stack.push(f);
            }
            Value::Url { url, .. } => w.string(&url),
            Value::Text(t) => w.string(&t),
        }
    }
}

/// A minimal streaming JSON writer with an explicit nesting stack.
struct Writer {
    out: Vec<u8>,
    pretty: bool,
    /// Per open container: whether it has had a member yet.
    open: Vec<bool>,
    after_key: bool,
}

impl Writer {
    fn new(pretty: bool) -> Self {
        Writer {
            out: Vec::new(),
            pretty,
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

    fn begin(&mut self, c: char) {
        self.member();
        self.out.push(c as u8);
        self.open.push(false);
    }

    fn end(&mut self, c: char) {
        let had = self.open.pop().unwrap_or(false);
        if had {
            self.newline();
        }
        self.out.push(c as u8);
    }

    fn key(&mut self, k: &str) {
        self.member();
        self.escaped(k);
        self.out.push(b':');
        if self.pretty {
            self.out.push(b' ');
        }
        self.after_key = true;
    }

    fn string(&mut self, s: &str) {
        self.member();
        self.escaped(s);
    }

    fn escaped(&mut self, s: &str) {
        // serde_json escapes exactly as the shortest serialization asks:
        // `\"` `\\` `\b` `\f` `\n` `\r` `\t`, and `\u00XX` for the other
        // control characters only.
        serde_json::to_writer(&mut self.out, s).expect("writing to a Vec cannot fail");
    }

    fn finish(self) -> String {
        String::from_utf8(self.out).expect("the writer only writes UTF-8")
    }
}
