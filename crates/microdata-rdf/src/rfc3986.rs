//! RFC 3986 §5 reference resolution, for the W3C Note mode.
//!
//! The WHATWG URL parser normalizes what it resolves (`http://example.com`
//! becomes `http://example.com/`, hosts are lowercased, ...). The W3C
//! Note's test suite expects one spelling kept: its `sdo_eg_md_1` and
//! `sdo_eg_md_3` expect `<http://www.janedoe.com>`, without the `/` of the
//! empty path. [`Mode::W3c`](crate::Mode::W3c) resolves the raw value this
//! way to see whether the author wrote the URL so; everything else, and
//! always whether a URL is valid at all, the WHATWG parser decides.

/// The five components of a URI reference (RFC 3986 appendix B).
struct Parts<'s> {
    scheme: Option<&'s str>,
    authority: Option<&'s str>,
    path: &'s str,
    query: Option<&'s str>,
    fragment: Option<&'s str>,
}

fn split(s: &str) -> Parts<'_> {
    let (s, fragment) = match s.split_once('#') {
        Some((a, f)) => (a, Some(f)),
        None => (s, None),
    };
    let (s, query) = match s.split_once('?') {
        Some((a, q)) => (a, Some(q)),
        None => (s, None),
    };
    // A scheme is ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) before a ':'
    // that comes before any '/'.
    let scheme_end = s.find(':').filter(|&i| {
        let scheme = &s[..i];
        !scheme.contains('/')
            && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    });
    let (scheme, s) = match scheme_end {
        Some(i) => (Some(&s[..i]), &s[i + 1..]),
        None => (None, s),
    };
    let (authority, path) = match s.strip_prefix("//") {
        Some(rest) => {
            let end = rest.find('/').unwrap_or(rest.len());
            (Some(&rest[..end]), &rest[end..])
        }
        None => (None, s),
    };
    Parts {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

/// RFC 3986 §5.2.4 "Remove Dot Segments".
fn remove_dot_segments(path: &str) -> String {
    let mut input = path;
    let mut output: Vec<&str> = Vec::new();
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix("../") {
            input = rest;
        } else if let Some(rest) = input.strip_prefix("./") {
            input = rest;
        } else if input.starts_with("/./") {
            input = &input[2..];
        } else if input == "/." {
            input = "/";
        } else if input.starts_with("/../") {
            input = &input[3..];
            output.pop();
        } else if input == "/.." {
            input = "/";
            output.pop();
        } else if input == "." || input == ".." {
            input = "";
        } else {
            // Move the first segment (with its leading '/', if any).
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |i| i + start);
            output.push(&input[..end]);
            input = &input[end..];
        }
    }
    output.concat()
}

/// RFC 3986 §5.2.2–5.2.3: resolves `reference` against the absolute URI
/// `base`. Leading and trailing ASCII whitespace (and C0 controls) of the
/// reference is dropped, and tabs and newlines inside it removed, as HTML
/// does before parsing a URL.
pub(crate) fn resolve(base: &str, reference: &str) -> String {
    let cleaned: String = reference
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let r = split(&cleaned);
    let b = split(base);
    let (scheme, authority, path, query);
    if r.scheme.is_some() {
        scheme = r.scheme;
        authority = r.authority;
        path = remove_dot_segments(r.path);
        query = r.query;
    } else {
        scheme = b.scheme;
        if r.authority.is_some() {
            authority = r.authority;
            path = remove_dot_segments(r.path);
            query = r.query;
        } else {
            authority = b.authority;
            if r.path.is_empty() {
                path = b.path.to_owned();
                query = r.query.or(b.query);
            } else {
                path = if r.path.starts_with('/') {
                    remove_dot_segments(r.path)
                } else {
                    // §5.2.3 "Merge Paths".
                    let merged = if b.authority.is_some() && b.path.is_empty() {
                        format!("/{}", r.path)
                    } else {
                        match b.path.rfind('/') {
                            Some(i) => format!("{}{}", &b.path[..=i], r.path),
                            None => r.path.to_owned(),
                        }
                    };
                    remove_dot_segments(&merged)
                };
                query = r.query;
            }
        }
    }
    // §5.3 "Component Recomposition".
    let mut out = String::with_capacity(base.len() + cleaned.len());
    if let Some(s) = scheme {
        out.push_str(s);
        out.push(':');
    }
    if let Some(a) = authority {
        out.push_str("//");
        out.push_str(a);
    }
    out.push_str(&path);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = r.fragment {
        out.push('#');
        out.push_str(f);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 3986 §5.4.1 normal examples and §5.4.2 abnormal examples.
    #[test]
    fn rfc_3986_examples() {
        let base = "http://a/b/c/d;p?q";
        for (reference, expected) in [
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("g#s", "http://a/b/c/g#s"),
            ("g?y#s", "http://a/b/c/g?y#s"),
            (";x", "http://a/b/c/;x"),
            ("g;x", "http://a/b/c/g;x"),
            ("g;x?y#s", "http://a/b/c/g;x?y#s"),
            ("", "http://a/b/c/d;p?q"),
            (".", "http://a/b/c/"),
            ("./", "http://a/b/c/"),
            ("..", "http://a/b/"),
            ("../", "http://a/b/"),
            ("../g", "http://a/b/g"),
            ("../..", "http://a/"),
            ("../../", "http://a/"),
            ("../../g", "http://a/g"),
            ("../../../g", "http://a/g"),
            ("../../../../g", "http://a/g"),
            ("/./g", "http://a/g"),
            ("/../g", "http://a/g"),
            ("g.", "http://a/b/c/g."),
            (".g", "http://a/b/c/.g"),
            ("g..", "http://a/b/c/g.."),
            ("..g", "http://a/b/c/..g"),
            ("./../g", "http://a/b/g"),
            ("./g/.", "http://a/b/c/g/"),
            ("g/./h", "http://a/b/c/g/h"),
            ("g/../h", "http://a/b/c/h"),
            ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
            ("g;x=1/../y", "http://a/b/c/y"),
            ("g?y/./x", "http://a/b/c/g?y/./x"),
            ("g#s/../x", "http://a/b/c/g#s/../x"),
            ("http:g", "http:g"),
        ] {
            assert_eq!(resolve(base, reference), expected, "{reference}");
        }
    }

    #[test]
    fn keeps_the_authors_spelling() {
        let base = "http://w3c.github.io/microdata-rdf/tests/sdo_eg_md_1.html";
        assert_eq!(
            resolve(base, "http://www.janedoe.com"),
            "http://www.janedoe.com"
        );
        assert_eq!(
            resolve(base, "janedoe.jpg"),
            "http://w3c.github.io/microdata-rdf/tests/janedoe.jpg"
        );
        assert_eq!(
            resolve(base, "  foo\n.html "),
            "http://w3c.github.io/microdata-rdf/tests/foo.html"
        );
        assert_eq!(resolve("http://a", "b"), "http://a/b");
    }
}
