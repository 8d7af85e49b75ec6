//! Element text as microformats2 reads it, for every element at once.
//!
//! One walk of the tree writes three buffers, each the document's text in
//! tree order with one rule for images, and records where every element's
//! text starts and ends in each. An element's text is then a slice: O(1),
//! however deep the tree and however many properties read it.
//!
//! - [`Kind::Property`] (`p-*` text, `e-*` value): `img` is replaced by its
//!   `alt`, or when it has none by its resolved `src` with a space on each
//!   side.
//! - [`Kind::Name`] (implied `name`): `img` is replaced by its `alt` only.
//! - [`Kind::Plain`] (`u-*` and `dt-*` text, value-class pieces): no
//!   replacement.
//!
//! In all three, `script` and `style` contents are left out. Trimming
//! removes ASCII whitespace and U+00A0 NO-BREAK SPACE at both ends. It scans
//! a few bytes; past that, an index of the maximal runs of those characters
//! (built once, on first need) makes it a binary search, so that many
//! nested elements around one huge run of whitespace stay linear.

use std::cell::OnceCell;

use microdata_model::{Document, Node, NodeKind};

/// Which text rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Property = 0,
    Name = 1,
    Plain = 2,
}

/// Whether `c` is trimmed from text values.
pub(crate) fn is_trim_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ' | '\u{A0}')
}

/// Trims text values: ASCII whitespace and U+00A0.
pub(crate) fn trim(s: &str) -> &str {
    s.trim_matches(is_trim_char)
}

/// The separator collapse mode owes before the next visible text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
enum Pending {
    #[default]
    Nothing,
    /// A whitespace run: one space.
    Space,
    /// The end of a table cell: a tab, as `innerText` writes between the
    /// cells of a row (the row's line break replaces it after the last).
    Tab,
}

/// One buffer and the element ranges in it.
#[derive(Default)]
struct Buffer {
    text: String,
    /// `(start, end)` byte offsets per element, in tree order.
    ranges: Vec<(u32, u32)>,
    /// Maximal runs of trim characters, sorted; built on first need.
    runs: OnceCell<Vec<(u32, u32)>>,
    /// Collapse mode: a separator is pending (written before the next
    /// visible text, unless a line break comes first).
    pending: Pending,
    /// Collapse mode: the elements opened, and still open, since the
    /// pending separator began. Their text starts after that separator,
    /// which is written only once their first word comes: their starts move
    /// past it then, so that `a <span class=value>b</span>` gives the value
    /// `b`.
    opened_while_pending: Vec<usize>,
    /// Collapse mode: inside `pre` (whitespace kept).
    pre: u32,
}

impl Buffer {
    fn pos(&self) -> u32 {
        u32::try_from(self.text.len()).unwrap_or(u32::MAX)
    }

    /// Appends text, collapsing whitespace when `collapse` and not in `pre`.
    fn push(&mut self, s: &str, collapse: bool) {
        if !collapse || self.pre > 0 {
            if collapse {
                self.flush_pending();
            }
            self.text.push_str(s);
            return;
        }
        for (i, word) in s.split(is_collapsible).enumerate() {
            if i > 0 {
                self.pending = self.pending.max(Pending::Space);
            }
            if !word.is_empty() {
                self.flush_pending();
                self.text.push_str(word);
            }
        }
    }

    /// Writes the pending separator, if any, before visible text.
    fn flush_pending(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        if pending == Pending::Nothing {
            return;
        }
        if !self.text.is_empty() && !self.text.ends_with('\n') {
            self.text
                .push(if pending == Pending::Tab { '\t' } else { ' ' });
            let end = self.pos();
            for &idx in &self.opened_while_pending {
                if let Some(range) = self.ranges.get_mut(idx) {
                    range.0 = end;
                }
            }
        }
        self.opened_while_pending.clear();
    }

    /// Collapse mode: a line break (block boundary or `br`).
    fn line_break(&mut self, always: bool) {
        self.pending = Pending::Nothing;
        self.opened_while_pending.clear();
        if always || (!self.text.is_empty() && !self.text.ends_with('\n')) {
            self.text.push('\n');
        }
    }

    /// The runs index.
    fn runs(&self) -> &[(u32, u32)] {
        self.runs.get_or_init(|| {
            let mut runs = Vec::new();
            let mut start = None;
            for (i, c) in self.text.char_indices() {
                let i = u32::try_from(i).unwrap_or(u32::MAX);
                match (is_trim_char(c), start) {
                    (true, None) => start = Some(i),
                    (false, Some(s)) => {
                        runs.push((s, i));
                        start = None;
                    }
                    _ => {}
                }
            }
            if let Some(s) = start {
                runs.push((s, self.pos()));
            }
            runs
        })
    }

    /// The run containing byte `i`, if any.
    fn run_at(&self, i: u32) -> Option<(u32, u32)> {
        let runs = self.runs();
        let k = runs.partition_point(|&(s, _)| s <= i);
        let (s, e) = *runs.get(k.checked_sub(1)?)?;
        (s <= i && i < e).then_some((s, e))
    }

    fn slice(&self, (start, end): (u32, u32)) -> &str {
        self.text.get(start as usize..end as usize).unwrap_or("")
    }

    fn trimmed(&self, range: (u32, u32)) -> &str {
        let s = self.slice(range);
        if let (Some(head), Some(tail)) = (leading(s), trailing(s)) {
            if head + tail >= s.len() {
                return "";
            }
            return &s[head..s.len() - tail];
        }
        let (mut start, mut end) = range;
        if start < end {
            if let Some((_, e)) = self.run_at(start) {
                start = e.min(end);
            }
        }
        if start < end {
            if let Some((s, _)) = self.run_at(end - 1) {
                end = s.max(start);
            }
        }
        self.slice((start, end))
    }
}

/// How far trimming scans before it asks the runs index.
const SCAN: usize = 64;

/// The length of `s`'s leading trim characters, if it is below [`SCAN`]
/// bytes (or `s` is short and all whitespace).
fn leading(s: &str) -> Option<usize> {
    for (i, c) in s.char_indices() {
        if !is_trim_char(c) {
            return Some(i);
        }
        if i >= SCAN {
            return None;
        }
    }
    Some(s.len())
}

/// The length of `s`'s trailing trim characters, if it is below [`SCAN`]
/// bytes (or `s` is short and all whitespace).
fn trailing(s: &str) -> Option<usize> {
    for (i, c) in s.char_indices().rev() {
        let after = s.len() - i - c.len_utf8();
        if !is_trim_char(c) {
            return Some(after);
        }
        if after >= SCAN {
            return None;
        }
    }
    Some(s.len())
}

/// Whitespace that collapses: ASCII whitespace (not U+00A0).
fn is_collapsible(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ')
}

/// Elements that break lines in collapse mode.
const BLOCKS: [&str; 37] = [
    "address",
    "article",
    "aside",
    "blockquote",
    "body",
    "caption",
    "dd",
    "details",
    "dialog",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hgroup",
    "hr",
    "li",
    "main",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "summary",
    "table",
    "tr",
    "ul",
];

/// Whether an HTML element of this local name breaks lines in collapse
/// mode.
pub(crate) fn is_block(name: &str) -> bool {
    BLOCKS.contains(&name)
}

/// What an element is to the text: whether its text is hidden (`script`,
/// `style`), and in collapse mode whether it is a block, `pre`, or a table
/// cell.
#[derive(Clone, Copy, Debug, Default)]
struct Opened {
    hidden: bool,
    block: bool,
    pre: bool,
    cell: bool,
}

/// The three text buffers of a document.
/// No texts at all (every element's text empty) is the default.
#[derive(Default)]
pub(crate) struct Texts {
    buffers: [Buffer; 3],
}

impl Texts {
    /// Walks the tree under `doc.root()` in the model's element order.
    /// `names` holds each element's local name ("" outside the HTML
    /// namespace), in that order; `resolve` turns an `img` `src` into the
    /// URL written for it.
    pub(crate) fn build<'a, N: Node<'a>>(
        doc: &Document<'a, N>,
        names: &[&str],
        collapse: bool,
        mut resolve: impl FnMut(&str) -> String,
    ) -> Texts {
        let mut texts = Texts {
            buffers: Default::default(),
        };
        for b in &mut texts.buffers {
            b.ranges.reserve(doc.len());
        }
        // Frames: the element index (None for the root or a nested
        // document), the children, and whether text is dropped (script,
        // style).
        struct Frame<I> {
            element: Option<usize>,
            children: I,
            kind: Opened,
        }
        let root = doc.root();
        let mut stack = Vec::new();
        if root.kind() == NodeKind::Element {
            let name = names.first().copied().unwrap_or("");
            let kind = texts.open(root, name, false, collapse, &mut resolve);
            stack.push(Frame {
                element: Some(0),
                children: root.children(),
                kind,
            });
        } else {
            stack.push(Frame {
                element: None,
                children: root.children(),
                kind: Opened::default(),
            });
        }
        while let Some(top) = stack.last_mut() {
            let Some(child) = top.children.next() else {
                if let Some(frame) = stack.pop() {
                    if let Some(idx) = frame.element {
                        texts.close(idx, frame.kind, collapse);
                    }
                }
                continue;
            };
            let hidden = top.kind.hidden;
            match child.kind() {
                NodeKind::Text if !hidden => {
                    let t = child.text().unwrap_or("");
                    for b in &mut texts.buffers {
                        b.push(t, collapse);
                    }
                }
                NodeKind::Element => {
                    let idx = texts.buffers[0].ranges.len();
                    let name = names.get(idx).copied().unwrap_or("");
                    let kind = texts.open(child, name, hidden, collapse, &mut resolve);
                    stack.push(Frame {
                        element: Some(idx),
                        children: child.children(),
                        kind,
                    });
                }
                NodeKind::Document => stack.push(Frame {
                    element: None,
                    children: child.children(),
                    kind: Opened {
                        hidden,
                        ..Opened::default()
                    },
                }),
                _ => {}
            }
        }
        for b in &mut texts.buffers {
            b.ranges.resize(doc.len(), (0, 0));
        }
        texts
    }

    /// Records an element's start; returns what it is to the text.
    fn open<'a, N: Node<'a>>(
        &mut self,
        node: N,
        name: &str,
        hidden: bool,
        collapse: bool,
        resolve: &mut impl FnMut(&str) -> String,
    ) -> Opened {
        let hide = hidden || matches!(name, "script" | "style");
        let block = collapse && is_block(name);
        let pre = collapse && matches!(name, "pre" | "textarea" | "listing" | "plaintext");
        let cell = collapse && !hide && matches!(name, "td" | "th");
        if !hide && collapse {
            if block {
                for b in &mut self.buffers {
                    b.line_break(false);
                }
            }
            if name == "br" {
                for b in &mut self.buffers {
                    b.line_break(true);
                }
            }
        }
        if name == "img" && !hide {
            let alt = node.attr("alt");
            let [property, name_text, _] = &mut self.buffers;
            match (alt, node.attr("src")) {
                (Some(alt), _) => {
                    property.push(alt, collapse);
                    name_text.push(alt, collapse);
                }
                (None, Some(src)) => {
                    property.push(" ", collapse);
                    property.push(&resolve(src), collapse);
                    property.push(" ", collapse);
                }
                (None, None) => {}
            }
        }
        for b in &mut self.buffers {
            let p = b.pos();
            if b.pending != Pending::Nothing {
                b.opened_while_pending.push(b.ranges.len());
            }
            b.ranges.push((p, p));
            if pre {
                b.pre += 1;
            }
        }
        Opened {
            hidden: hide,
            block,
            pre,
            cell,
        }
    }

    fn close(&mut self, idx: usize, kind: Opened, collapse: bool) {
        for b in &mut self.buffers {
            let p = b.pos();
            if let Some(r) = b.ranges.get_mut(idx) {
                r.1 = p;
            }
            // Closed before the pending separator was written: the
            // separator comes after it. Elements close in the reverse order
            // they open, so it can only be the last one recorded.
            if b.opened_while_pending.last() == Some(&idx) {
                b.opened_while_pending.pop();
            }
            if kind.pre {
                b.pre = b.pre.saturating_sub(1);
            }
            if collapse && kind.block {
                b.line_break(false);
            }
            if kind.cell {
                b.pending = Pending::Tab;
            }
        }
    }

    fn range(&self, kind: Kind, element: usize) -> (u32, u32) {
        self.buffers[kind as usize]
            .ranges
            .get(element)
            .copied()
            .unwrap_or((0, 0))
    }

    /// The element's text, untrimmed.
    pub(crate) fn raw(&self, kind: Kind, element: usize) -> &str {
        self.buffers[kind as usize].slice(self.range(kind, element))
    }

    /// The element's text, trimmed.
    pub(crate) fn trimmed(&self, kind: Kind, element: usize) -> &str {
        self.buffers[kind as usize].trimmed(self.range(kind, element))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn buffer(text: &str) -> Buffer {
        Buffer {
            text: text.to_owned(),
            ..Buffer::default()
        }
    }

    #[test]
    fn trims_slices() {
        let b = buffer("  a \u{a0} b\n\n");
        assert_eq!(b.trimmed((0, 10)), "a \u{a0} b");
        assert_eq!(b.trimmed((1, 3)), "a");
        assert_eq!(b.trimmed((3, 7)), "");
        assert_eq!(b.trimmed((0, 0)), "");
        assert!(b.runs.get().is_none(), "short scans need no index");
    }

    #[test]
    fn trims_long_whitespace_with_the_index() {
        let ws = " \u{a0}\t".repeat(100);
        let text = format!("{ws}x{ws}y{ws}");
        let b = buffer(&text);
        let len = u32::try_from(text.len()).unwrap();
        assert_eq!(b.trimmed((0, len)), format!("x{ws}y"));
        assert_eq!(b.trimmed((3, len - 5)), format!("x{ws}y"));
        let x = u32::try_from(ws.len()).unwrap();
        assert_eq!(
            b.trimmed((x + 1, x + 1 + u32::try_from(ws.len()).unwrap())),
            ""
        );
        assert!(b.runs.get().is_some());
    }

    #[test]
    fn collapses_whitespace() {
        let mut b = Buffer::default();
        b.push("  a \n\t b ", true);
        b.line_break(false);
        b.push(" c", true);
        b.line_break(true);
        b.line_break(true);
        b.push("d  ", true);
        assert_eq!(b.text, "a b\nc\n\nd");
    }

    /// Builds the texts of `html` in collapse mode, with each element's
    /// local name.
    fn collapsed(html: &str) -> (Texts, Vec<String>) {
        let parsed = microdata_scraper::parse(html, None).unwrap();
        let doc = parsed.document();
        let names: Vec<&str> = doc.elements().map(|e| e.local_name()).collect();
        let texts = Texts::build(&doc, &names, true, str::to_owned);
        (texts, names.iter().map(|&n| n.to_owned()).collect())
    }

    #[test]
    fn collapsed_space_before_an_element_stays_outside_it() {
        let (texts, names) =
            collapsed("<p>a <b>b</b> <i></i> <u><s></s> c</u> <em>\n</em><br><q> d</q></p>");
        let text = |name: &str| {
            let i = names.iter().position(|n| n == name).unwrap();
            texts.raw(Kind::Plain, i)
        };
        assert_eq!(text("p"), "a b c\nd");
        assert_eq!(text("b"), "b");
        // Empty, before the space that the next word brings.
        assert_eq!(text("i"), "");
        assert_eq!(text("s"), "");
        // The whitespace before and inside it collapses into the space
        // before it.
        assert_eq!(text("u"), "c");
        assert_eq!(text("em"), "");
        assert_eq!(text("q"), "d");
    }

    #[test]
    fn collapsed_table_cells_are_tab_separated() {
        // innerText: a tab after every cell but the last of its row, a line
        // break after every row.
        let (texts, names) = collapsed(
            "<table><tr><td>a</td> <th> b </th>\n<td>c</td></tr><tr><td>d</td><td><b>e</b></td></tr></table>",
        );
        let at = |name: &str, n: usize| {
            let i = names
                .iter()
                .enumerate()
                .filter(|(_, m)| *m == name)
                .nth(n)
                .unwrap()
                .0;
            texts.raw(Kind::Plain, i)
        };
        // The last row's line break is inside the table.
        assert_eq!(at("table", 0), "a\tb\tc\nd\te\n");
        assert_eq!(at("td", 1), "c");
        assert_eq!(at("th", 0), "b");
        assert_eq!(at("td", 3), "e");
    }
}
