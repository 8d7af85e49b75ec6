//! Writes a [`Feed`] as Atom XML with quick-xml.

use std::borrow::Cow;
use std::io;

use quick_xml::Writer;
use quick_xml::escape::{escape, partial_escape};
use quick_xml::events::attributes::Attribute;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::name::QName;

use crate::extract::{Entry, Feed};

/// The Atom namespace.
pub const ATOM_NAMESPACE: &str = "http://www.w3.org/2005/Atom";

/// Replaces the characters XML 1.0 cannot carry at all, even escaped (C0
/// controls other than tab, line feed and carriage return; surrogates
/// cannot occur in a `str`; U+FFFE, U+FFFF), with U+FFFD.
fn xml_chars(s: &str) -> Cow<'_, str> {
    let allowed = |c: char| matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..);
    if s.chars().all(allowed) {
        Cow::Borrowed(s)
    } else {
        Cow::Owned(
            s.chars()
                .map(|c| if allowed(c) { c } else { '\u{FFFD}' })
                .collect(),
        )
    }
}

/// Text content, escaped by quick-xml, with carriage returns written as
/// character references so that XML end-of-line handling keeps them.
fn text(s: &str) -> BytesText<'static> {
    let escaped = partial_escape(xml_chars(s)).replace('\r', "&#xD;");
    BytesText::from_escaped(escaped)
}

/// An attribute, escaped by quick-xml, with tab, line feed and carriage
/// return written as references so that attribute-value normalization
/// keeps them.
fn attribute<'k>(key: &'k str, value: &str) -> Attribute<'k> {
    let escaped = escape(xml_chars(value))
        .replace('\t', "&#x9;")
        .replace('\n', "&#xA;")
        .replace('\r', "&#xD;");
    Attribute {
        key: QName(key.as_bytes()),
        value: Cow::Owned(escaped.into_bytes()),
    }
}

struct Out {
    w: Writer<Vec<u8>>,
}

impl Out {
    fn start(&mut self, name: &str, attrs: &[(&str, &str)]) -> io::Result<()> {
        let mut start = BytesStart::new(name);
        for (k, v) in attrs {
            start.push_attribute(attribute(k, v));
        }
        self.w.write_event(Event::Start(start))
    }

    fn end(&mut self, name: &str) -> io::Result<()> {
        self.w.write_event(Event::End(BytesEnd::new(name)))
    }

    /// `<name attrs>text</name>`; the text event is written even when empty
    /// so that indentation never adds whitespace inside the element.
    fn element(&mut self, name: &str, attrs: &[(&str, &str)], content: &str) -> io::Result<()> {
        self.start(name, attrs)?;
        self.w.write_event(Event::Text(text(content)))?;
        self.end(name)
    }

    fn empty(&mut self, name: &str, attrs: &[(&str, &str)]) -> io::Result<()> {
        let mut start = BytesStart::new(name);
        for (k, v) in attrs {
            start.push_attribute(attribute(k, v));
        }
        self.w.write_event(Event::Empty(start))
    }
}

/// The XML document of `feed`.
pub(crate) fn write(feed: &Feed, indent: bool) -> io::Result<String> {
    let w = if indent {
        Writer::new_with_indent(Vec::new(), b' ', 2)
    } else {
        Writer::new(Vec::new())
    };
    let mut out = Out { w };
    out.w
        .write_event(Event::Decl(BytesDecl::new("1.0", Some("utf-8"), None)))?;
    out.start("feed", &[("xmlns", ATOM_NAMESPACE)])?;
    for author in &feed.authors {
        out.start("author", &[])?;
        out.element("name", &[], author)?;
        out.end("author")?;
    }
    if let Some(icon) = &feed.icon {
        out.element("icon", &[], icon)?;
    }
    out.element("id", &[], &feed.id)?;
    if let Some(address) = &feed.self_link {
        out.empty("link", &[("rel", "self"), ("href", address)])?;
    }
    out.empty(
        "link",
        &[
            ("rel", "alternate"),
            ("type", "text/html"),
            ("href", &feed.alternate),
        ],
    )?;
    out.element("title", &[("type", "html")], &feed.title)?;
    if let Some(subtitle) = &feed.subtitle {
        out.element("subtitle", &[("type", "html")], subtitle)?;
    }
    // "Insert an updated element ... before the first entry".
    out.element("updated", &[], &feed.updated)?;
    for entry in &feed.entries {
        write_entry(&mut out, entry)?;
    }
    out.end("feed")?;
    let bytes = out.w.into_inner();
    String::from_utf8(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

fn write_entry(out: &mut Out, entry: &Entry) -> io::Result<()> {
    out.start("entry", &[("xml:base", &entry.base)])?;
    out.element("title", &[("type", "html")], &entry.title)?;
    out.element("content", &[("type", "html")], &entry.content)?;
    out.element("id", &[], &entry.id)?;
    if let Some(href) = &entry.alternate {
        out.empty("link", &[("rel", "alternate"), ("href", href)])?;
    }
    out.element("published", &[], &entry.published)?;
    out.element("updated", &[], &entry.updated)?;
    out.end("entry")
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn characters_xml_cannot_carry_become_replacement_characters() {
        assert_eq!(
            xml_chars("a\u{0}b\u{C}c\u{1F}\u{FFFE}\u{FFFF}d\t\n\r\u{7F}\u{10FFFF}"),
            "a\u{FFFD}b\u{FFFD}c\u{FFFD}\u{FFFD}\u{FFFD}d\t\n\r\u{7F}\u{10FFFF}"
        );
        assert!(matches!(xml_chars("plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn escaping() {
        assert_eq!(
            &*text("a<b>&c]]>\r\"'").into_inner(),
            b"a&lt;b&gt;&amp;c]]&gt;&#xD;\"'"
        );
        assert_eq!(
            &*attribute("k", "a\"b<&\t\n\r").value,
            b"a&quot;b&lt;&amp;&#x9;&#xA;&#xD;"
        );
    }
}
