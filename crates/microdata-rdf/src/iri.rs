//! Making strings into valid IRIs.
//!
//! WHATWG URL parsing (and raw `itemtype` / `itemprop` tokens) can leave
//! characters that RFC 3987 does not allow in an IRI: `|`, `^`, `{`, a `%`
//! that starts no escape, a second `#`, private-use code points... Every IRI
//! this crate emits goes through [`named_node`], which %-escapes exactly
//! those characters (as UTF-8, upper-case hex), so that the N-Triples and
//! Turtle written always parse back.

use std::borrow::Cow;
use std::fmt::Write as _;

use oxrdf::NamedNode;

/// Whether `c` is an `iunreserved` character of RFC 3987 (`ALPHA / DIGIT /
/// "-" / "." / "_" / "~" / ucschar`).
fn is_iunreserved(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~') || is_ucschar(c)
}

/// RFC 3987 `ucschar`: the non-ASCII code points allowed anywhere in an IRI,
/// less the white space among them (U+00A0, U+2003, U+3000, ...): §6.1 of
/// the RFC says look-alikes of space "should be avoided", and readers such
/// as rdflib's N-Triples parser reject them. Those are %-escaped like the
/// characters the grammar forbids.
fn is_ucschar(c: char) -> bool {
    if c.is_whitespace() {
        return false;
    }
    let c = u32::from(c);
    if c < 0xA0 {
        return false;
    }
    // Private use (U+E000..U+F8FF, planes 15 and 16) is `iprivate`, allowed
    // in queries only; non-characters and the tag plane are excluded.
    !((0xE000..=0xF8FF).contains(&c)
        || (0xFDD0..=0xFDEF).contains(&c)
        || (0xFFF0..=0xFFFF).contains(&c)
        || (c & 0xFFFF) >= 0xFFFE
        || (0xE0000..=0xE0FFF).contains(&c)
        || c >= 0xF0000)
}

/// RFC 3987 `sub-delims`.
fn is_sub_delim(c: char) -> bool {
    matches!(
        c,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | ';' | '='
    )
}

/// Whether `c` may appear in an `ifragment` (`ipchar / "/" / "?"`), not
/// counting `%`, which is valid only as part of a `pct-encoded` triplet.
fn is_ifragment_char(c: char) -> bool {
    is_iunreserved(c) || is_sub_delim(c) || matches!(c, ':' | '@' | '/' | '?')
}

/// Whether `s[i..]` starts with a `pct-encoded` triplet (`%` HEXDIG HEXDIG).
fn is_pct_encoded(s: &[u8], i: usize) -> bool {
    s.get(i) == Some(&b'%')
        && s.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
        && s.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
}

/// Appends the UTF-8 bytes of `c`, each as `%XX`.
fn push_escaped(out: &mut String, c: char) {
    let mut buf = [0; 4];
    for b in c.encode_utf8(&mut buf).bytes() {
        // Writing to a String cannot fail.
        let _ = write!(out, "%{b:02X}");
    }
}

/// %-escapes the characters of `s` that are not valid in the `<ifragment>`
/// production of RFC 3987, without double-escaping existing %-escapes (a
/// `%` followed by two hex digits is kept; any other `%` becomes `%25`).
///
/// This is the escaping of the 2011 draft's §5.2 step 6.1.5.4 ("with any
/// characters in s that are not valid in the `<ifragment>` production of
/// the IRI syntax being %-escaped, but without double-escaping existing
/// %-escapes"), and of the W3C Note's fragment-escaping.
pub(crate) fn escape_ifragment(s: &str) -> Cow<'_, str> {
    escape(s, true)
}

/// %-escapes the characters of `s` that are not valid in the `<ifragment>`
/// production, `%` included (`a%20b` becomes `a%2520b`): the 2011 draft's
/// escaping of a property name, a fallback name, a `rel` token or a `meta`
/// name, which does not make the exception for existing %-escapes that the
/// final step makes. Without it a name written `a%20b` and the nested
/// fallback name `a b` would give one predicate.
pub(crate) fn escape_ifragment_chars(s: &str) -> Cow<'_, str> {
    escape(s, false)
}

fn escape(s: &str, keep_pct: bool) -> Cow<'_, str> {
    let bytes = s.as_bytes();
    let ok = |(i, c): (usize, char)| is_ifragment_char(c) || (keep_pct && is_pct_encoded(bytes, i));
    if s.char_indices().all(ok) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for (i, c) in s.char_indices() {
        if ok((i, c)) {
            out.push(c);
        } else {
            push_escaped(&mut out, c);
        }
    }
    Cow::Owned(out)
}

/// Makes an absolute URL string (or raw absolute-URL token) a valid IRI by
/// %-escaping what RFC 3987 forbids where it stands: outside the authority,
/// everything but `ipchar`, `/`, `?`, the first `#` and `pct-encoded`
/// triplets (plus `iprivate` in the query); in the authority, `[` and `]`
/// are kept for IP literals.
pub(crate) fn fix_iri(s: &str) -> Cow<'_, str> {
    let bytes = s.as_bytes();
    // The scheme (up to the first ':') is kept as it is: IRI validation
    // rejects a bad scheme, which escaping could not fix anyway.
    let Some(colon) = s.find(':') else {
        return Cow::Borrowed(s);
    };
    let rest = &s[colon + 1..];
    // The `//` and the authority after it, if any.
    let (slashes_end, authority_end) = if let Some(authority) = rest.strip_prefix("//") {
        let start = colon + 3;
        (
            start,
            start + authority.find(['/', '?', '#']).unwrap_or(authority.len()),
        )
    } else {
        (colon + 1, colon + 1)
    };
    let mut in_query = false;
    let mut in_fragment = false;
    let mut out: Option<String> = None;
    for (i, c) in s.char_indices() {
        let keep = if i < slashes_end {
            true
        } else if i < authority_end {
            is_ifragment_char(c) && c != '/' && c != '?'
                || matches!(c, '[' | ']')
                || is_pct_encoded(bytes, i)
        } else {
            let keep = is_ifragment_char(c)
                || is_pct_encoded(bytes, i)
                || (c == '#' && !in_fragment)
                || (in_query && !in_fragment && is_iprivate(c));
            if c == '#' && !in_fragment {
                in_fragment = true;
            } else if c == '?' && !in_fragment {
                in_query = true;
            }
            keep
        };
        match (&mut out, keep) {
            (None, true) => {}
            (None, false) => {
                let mut o = String::with_capacity(s.len() + 8);
                o.push_str(&s[..i]);
                push_escaped(&mut o, c);
                out = Some(o);
            }
            (Some(o), true) => o.push(c),
            (Some(o), false) => push_escaped(o, c),
        }
    }
    match out {
        Some(o) => Cow::Owned(o),
        None => Cow::Borrowed(s),
    }
}

/// RFC 3987 `iprivate`.
fn is_iprivate(c: char) -> bool {
    let c = u32::from(c);
    (0xE000..=0xF8FF).contains(&c)
        || (0xF0000..=0xFFFFD).contains(&c)
        || (0x100000..=0x10FFFD).contains(&c)
}

/// The valid IRI for an absolute URL string: [`fix_iri`], then checked by
/// `oxrdf` (RFC 3987). `None` when no escaping can make it valid (a bad
/// scheme or authority).
pub(crate) fn named_node(s: &str) -> Option<NamedNode> {
    NamedNode::new(fix_iri(s).into_owned()).ok()
}

/// Whether `s` is an absolute URL (the WHATWG URL parser accepts it with no
/// base). Strings without `:` never are, which keeps the common case fast.
pub(crate) fn is_absolute_url(s: &str) -> bool {
    s.contains(':') && microdata_model::url::Url::parse(s).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ifragment_escaping_keeps_valid_characters_and_escapes() {
        assert_eq!(escape_ifragment("given-name"), "given-name");
        assert_eq!(escape_ifragment("a b"), "a%20b");
        assert_eq!(escape_ifragment("a#b"), "a%23b");
        assert_eq!(escape_ifragment("q%20r"), "q%20r");
        assert_eq!(escape_ifragment("50%"), "50%25");
        // White space beyond ASCII is escaped too; other ucschar is not.
        assert_eq!(escape_ifragment("a\u{a0}b\u{3000}"), "a%C2%A0b%E3%80%80");
        assert_eq!(
            fix_iri("http://e.com/x\u{2003}y#\u{202f}é"),
            "http://e.com/x%E2%80%83y#%E2%80%AFé"
        );
        assert_eq!(escape_ifragment("%zz"), "%25zz");
        assert_eq!(escape_ifragment("x|y^z{}"), "x%7Cy%5Ez%7B%7D");
        assert_eq!(escape_ifragment("caf\u{e9}"), "caf\u{e9}");
        assert_eq!(escape_ifragment("\u{e000}"), "%EE%80%80");
        assert_eq!(escape_ifragment("<\">"), "%3C%22%3E");
    }

    #[test]
    fn the_drafts_example_of_escaping_without_double_escaping() {
        // 2011 draft §5.2, "generate the triples for an item" step 6.1.5.4.
        let s = "http://example.com/a#:q%20r";
        assert_eq!(
            format!(
                "http://www.w3.org/1999/xhtml/microdata#{}",
                escape_ifragment(s)
            ),
            "http://www.w3.org/1999/xhtml/microdata#http://example.com/a%23:q%20r"
        );
    }

    #[test]
    fn fix_iri_escapes_what_url_parsing_leaves() {
        assert_eq!(
            fix_iri("http://example.com/a|b^c"),
            "http://example.com/a%7Cb%5Ec"
        );
        assert_eq!(
            fix_iri("http://example.com/%zz"),
            "http://example.com/%25zz"
        );
        assert_eq!(fix_iri("http://example.com/%41"), "http://example.com/%41");
        assert_eq!(
            fix_iri("http://example.com/a#b#c"),
            "http://example.com/a#b%23c"
        );
        assert_eq!(fix_iri("http://[::1]:80/a[b]"), "http://[::1]:80/a%5Bb%5D");
        assert_eq!(
            fix_iri("http://example.com/?q={x}"),
            "http://example.com/?q=%7Bx%7D"
        );
        assert_eq!(
            fix_iri("http://example.com/\u{e000}?\u{e000}"),
            "http://example.com/%EE%80%80?\u{e000}"
        );
        assert_eq!(fix_iri("mailto:a@b.c"), "mailto:a@b.c");
        assert!(matches!(fix_iri("http://example.com/ok"), Cow::Borrowed(_)));
    }

    #[test]
    fn every_fixed_url_is_a_valid_iri() {
        for input in [
            "http://example.com/a|b",
            "http://example.com/a^b`c",
            "http://example.com/%zz%",
            "http://example.com/a#b#c|d",
            "http://example.com/\\x",
            "http://ex{a}mple.com/",
            "foo:bar baz",
            "http://example.com/\u{fdd0}\u{1fffe}",
        ] {
            let fixed = fix_iri(input);
            assert!(NamedNode::new(fixed.as_ref()).is_ok(), "{input} -> {fixed}");
        }
        let parsed = microdata_model::url::Url::parse("http://example.com/a|b^c%zz#x#y").unwrap();
        assert!(named_node(parsed.as_str()).is_some());
    }

    #[test]
    fn absolute_urls() {
        assert!(is_absolute_url("http://schema.org/name"));
        assert!(is_absolute_url("a:b"));
        assert!(!is_absolute_url("name"));
        assert!(!is_absolute_url("1:b"));
        assert!(!is_absolute_url("Person"));
    }
}
