//! The JSON writer behind [`Mf2Document::to_json`]: an explicit stack of
//! pending writes, so nesting depth never reaches the call stack.
//!
//! It writes exactly what `serde_json` writes for the same document through
//! the [`Serialize`](serde::Serialize) impls (same key order, same escapes,
//! same pretty layout).

use crate::document::{Alternate, Mf2Document, RelUrl};
use crate::item::{Image, Item, ItemValue, PropertyValue};

/// Writes `doc` as JSON, indented when `pretty`.
pub(crate) fn write(doc: &Mf2Document, pretty: bool) -> String {
    let mut w = Writer {
        out: String::new(),
        pretty,
        open: Vec::new(),
        after_key: false,
    };
    w.begin('{');
    w.key("items");
    w.begin('[');
    let mut ops: Vec<Op<'_>> = doc.items.iter().rev().map(Op::Item).collect();
    run(&mut w, &mut ops);
    w.end(']');
    w.key("rels");
    w.begin('{');
    for (rel, urls) in &doc.rels {
        w.key(rel);
        w.strings(urls);
    }
    w.end('}');
    w.key("rel-urls");
    w.begin('{');
    for (url, info) in &doc.rel_urls {
        w.key(url);
        rel_url(&mut w, info);
    }
    w.end('}');
    if let Some(alternates) = &doc.alternates {
        w.key("alternates");
        w.begin('[');
        for a in alternates {
            alternate(&mut w, a);
        }
        w.end(']');
    }
    w.end('}');
    w.out
}

/// One item as compact JSON.
pub(crate) fn write_item(item: &Item) -> String {
    let mut w = Writer {
        out: String::new(),
        pretty: false,
        open: Vec::new(),
        after_key: false,
    };
    run(&mut w, &mut vec![Op::Item(item)]);
    w.out
}

/// A pending write.
enum Op<'d> {
    Item(&'d Item),
    Value(&'d PropertyValue),
    ItemValue(&'d ItemValue),
    Key(&'d str),
    Str(&'d str),
    Strings(&'d [String]),
    Begin(char),
    End(char),
}

/// Performs the pending writes, expanding items into their parts.
fn run<'d>(w: &mut Writer, ops: &mut Vec<Op<'d>>) {
    let mut parts: Vec<Op<'d>> = Vec::new();
    while let Some(op) = ops.pop() {
        match op {
            Op::Key(k) => w.key(k),
            Op::Str(s) => w.string(s),
            Op::Strings(s) => w.strings(s),
            Op::Begin(c) => w.begin(c),
            Op::End(c) => w.end(c),
            Op::ItemValue(ItemValue::Text(s)) => w.string(s),
            Op::ItemValue(ItemValue::Image(i)) => image(w, i),
            Op::Value(PropertyValue::Text(s)) => w.string(s),
            Op::Value(PropertyValue::Image(i)) => image(w, i),
            Op::Value(PropertyValue::Html(h)) => {
                w.begin('{');
                w.key("html");
                w.string(&h.html);
                w.key("value");
                w.string(&h.value);
                if let Some(lang) = &h.lang {
                    w.key("lang");
                    w.string(lang);
                }
                w.end('}');
            }
            Op::Value(PropertyValue::Item(item)) => ops.push(Op::Item(item)),
            Op::Item(item) => {
                // The item's parts in writing order, then onto the stack
                // reversed; nested items expand when they are popped.
                parts.clear();
                parts.push(Op::Begin('{'));
                parts.push(Op::Key("type"));
                parts.push(Op::Strings(&item.types));
                parts.push(Op::Key("properties"));
                parts.push(Op::Begin('{'));
                for (name, values) in &item.properties {
                    parts.push(Op::Key(name));
                    parts.push(Op::Begin('['));
                    parts.extend(values.iter().map(Op::Value));
                    parts.push(Op::End(']'));
                }
                parts.push(Op::End('}'));
                if let Some(id) = &item.id {
                    parts.push(Op::Key("id"));
                    parts.push(Op::Str(id));
                }
                if !item.children.is_empty() {
                    parts.push(Op::Key("children"));
                    parts.push(Op::Begin('['));
                    parts.extend(item.children.iter().map(Op::Item));
                    parts.push(Op::End(']'));
                }
                if let Some(value) = &item.value {
                    parts.push(Op::Key("value"));
                    parts.push(Op::ItemValue(value));
                }
                if let Some(html) = &item.html {
                    parts.push(Op::Key("html"));
                    parts.push(Op::Str(html));
                }
                if let Some(lang) = &item.lang {
                    parts.push(Op::Key("lang"));
                    parts.push(Op::Str(lang));
                }
                parts.push(Op::End('}'));
                ops.extend(parts.drain(..).rev());
            }
        }
    }
}

fn image(w: &mut Writer, i: &Image) {
    w.begin('{');
    w.key("value");
    w.string(&i.value);
    w.key("alt");
    w.string(&i.alt);
    w.end('}');
}

fn optional(w: &mut Writer, key: &str, value: Option<&String>) {
    if let Some(v) = value {
        w.key(key);
        w.string(v);
    }
}

fn rel_url(w: &mut Writer, info: &RelUrl) {
    w.begin('{');
    w.key("rels");
    w.strings(&info.rels);
    optional(w, "text", info.text.as_ref());
    optional(w, "title", info.title.as_ref());
    optional(w, "media", info.media.as_ref());
    optional(w, "hreflang", info.hreflang.as_ref());
    optional(w, "type", info.media_type.as_ref());
    w.end('}');
}

fn alternate(w: &mut Writer, a: &Alternate) {
    w.begin('{');
    w.key("url");
    w.string(&a.url);
    optional(w, "rel", a.rel.as_ref());
    optional(w, "media", a.media.as_ref());
    optional(w, "hreflang", a.hreflang.as_ref());
    optional(w, "type", a.media_type.as_ref());
    w.end('}');
}

/// Commas, indentation and escapes, the way `serde_json` lays them out.
struct Writer {
    out: String,
    pretty: bool,
    /// For each open object or array: whether it has an element yet.
    open: Vec<bool>,
    /// A key was just written: the next value follows it directly.
    after_key: bool,
}

impl Writer {
    fn before_value(&mut self) {
        if self.after_key {
            self.after_key = false;
            return;
        }
        let depth = self.open.len();
        if let Some(has) = self.open.last_mut() {
            if *has {
                self.out.push(',');
            }
            *has = true;
            if self.pretty {
                self.newline(depth);
            }
        }
    }

    fn newline(&mut self, depth: usize) {
        self.out.push('\n');
        for _ in 0..depth {
            self.out.push_str("  ");
        }
    }

    fn begin(&mut self, c: char) {
        self.before_value();
        self.out.push(c);
        self.open.push(false);
    }

    fn end(&mut self, c: char) {
        let had = self.open.pop().unwrap_or(false);
        if had && self.pretty {
            self.newline(self.open.len());
        }
        self.out.push(c);
    }

    fn key(&mut self, k: &str) {
        self.before_value();
        escape(&mut self.out, k);
        self.out.push(':');
        if self.pretty {
            self.out.push(' ');
        }
        self.after_key = true;
    }

    fn string(&mut self, s: &str) {
        self.before_value();
        escape(&mut self.out, s);
    }

    fn strings(&mut self, values: &[String]) {
        self.begin('[');
        for v in values {
            self.string(v);
        }
        self.end(']');
    }
}

/// A JSON string literal, escaped as `serde_json` does.
fn escape(out: &mut String, s: &str) {
    out.push('"');
    let mut last = 0;
    for (i, b) in s.bytes().enumerate() {
        let short = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0x00..=0x1f => "",
            _ => continue,
        };
        out.push_str(&s[last..i]);
        if short.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("\\u00");
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 0xf)]));
        } else {
            out.push_str(short);
        }
        last = i + 1;
    }
    out.push_str(&s[last..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_like_serde_json() {
        let s = "a\"b\\c\nd\u{1}e\u{7f}é\u{2028}\u{8}\u{c}\r\t";
        let mut out = String::new();
        escape(&mut out, s);
        assert_eq!(Some(out), serde_json::to_string(s).ok());
    }
}
