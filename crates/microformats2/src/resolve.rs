//! URL resolution for `u-*` values, implied `photo` and `url`, rels and
//! `e-*` HTML.
//!
//! URLs are parsed with the WHATWG URL parser against the document base URL
//! (the model's [`Document::base_url`](microdata_model::Document::base_url):
//! the first `<base href>` resolved against the document URL, else the
//! document URL). One adjustment keeps authored forms that the URL
//! serializer would change: a bare origin (`http://example.test`) written
//! without its trailing slash stays without it, whether it was written in
//! the document or is the base URL itself (an empty `href`).

use microdata_model::Url;

/// Resolves URLs against one base.
pub(crate) struct Resolver<'d> {
    /// The document's URL parser options (its query encoding).
    options: microdata_model::url::ParseOptions<'d>,
    base: Option<Url>,
    /// The base URL as written, when known and absolute.
    authored_base: Option<(Url, String)>,
}

/// What the URL parser strips from both ends of its input.
fn is_c0_or_space(c: char) -> bool {
    c <= ' '
}

impl<'d> Resolver<'d> {
    /// `options` are the document's URL parser options (its query
    /// encoding); `base` is the document base URL; `authored` how it was
    /// written, if known (a `<base href>` value, or the caller's document
    /// URL).
    pub(crate) fn new(
        options: microdata_model::url::ParseOptions<'d>,
        base: Option<&Url>,
        authored: Option<&str>,
    ) -> Self {
        let authored_base = authored.and_then(|text| {
            let text = text.trim_matches(is_c0_or_space);
            let url = Url::parse(text).ok()?;
            let same = base.is_some_and(|b| b.as_str() == url.as_str());
            same.then(|| (url, text.to_owned()))
        });
        Resolver {
            options,
            base: base.cloned(),
            authored_base,
        }
    }

    /// `input` parsed against the base and serialized; `input` itself when
    /// it does not parse (no base and not absolute, or malformed).
    pub(crate) fn resolve(&self, input: &str) -> String {
        let Ok(url) = self.options.base_url(self.base.as_ref()).parse(input) else {
            return input.to_owned();
        };
        let out = url.as_str();
        let bare = url.path() == "/"
            && url.query().is_none()
            && url.fragment().is_none()
            && out.ends_with('/');
        if bare && !self.authored_with_slash(input, &url) {
            return out[..out.len() - 1].to_owned();
        }
        out.to_owned()
    }

    /// The path of `input` resolved against the base URL: the whole path
    /// of an opaque URL (`mailto:a@b` → `a@b`). Without a base, a relative
    /// `input`'s own path part (no query, fragment or `//` authority).
    pub(crate) fn path(&self, input: &str) -> String {
        match self.options.base_url(self.base.as_ref()).parse(input) {
            Ok(url) => url.path().to_owned(),
            Err(_) => {
                let rest = input.trim_matches(is_c0_or_space);
                let rest = rest.split(['?', '#']).next().unwrap_or("");
                match rest.strip_prefix("//") {
                    Some(authority_and_path) => authority_and_path
                        .find('/')
                        .map_or("", |i| &authority_and_path[i..])
                        .to_owned(),
                    None => rest.to_owned(),
                }
            }
        }
    }

    /// Whether the authored form of `url` (from `input`) ends with a slash;
    /// `true` when the authored form is unknown.
    fn authored_with_slash(&self, input: &str, url: &Url) -> bool {
        let written = input.trim_matches(is_c0_or_space);
        if written.is_empty() {
            return match &self.authored_base {
                Some((base, text)) if base.as_str() == url.as_str() => text.ends_with('/'),
                _ => true,
            };
        }
        match Url::parse(written) {
            Ok(absolute) if absolute.as_str() == url.as_str() => written.ends_with('/'),
            _ => true,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn resolves_against_the_base() {
        let base = Url::parse("http://example.com/a/b").unwrap();
        let r = Resolver::new(Url::options(), Some(&base), None);
        assert_eq!(r.resolve("c"), "http://example.com/a/c");
        assert_eq!(r.resolve("/"), "http://example.com/");
        assert_eq!(r.resolve(""), "http://example.com/a/b");
        assert_eq!(r.resolve("mailto:x@example.com"), "mailto:x@example.com");
        assert_eq!(r.resolve("http://[::1"), "http://[::1");
    }

    #[test]
    fn bare_origins_keep_their_authored_form() {
        let base = Url::parse("http://example.test").unwrap();
        let r = Resolver::new(Url::options(), Some(&base), Some("http://example.test"));
        assert_eq!(r.resolve(""), "http://example.test");
        assert_eq!(r.resolve("  "), "http://example.test");
        assert_eq!(r.resolve("https://example.com"), "https://example.com");
        assert_eq!(r.resolve("https://example.com/"), "https://example.com/");
        assert_eq!(r.resolve("."), "http://example.test/");
        assert_eq!(r.resolve("Valid"), "http://example.test/Valid");
        let unknown = Resolver::new(Url::options(), Some(&base), None);
        assert_eq!(unknown.resolve(""), "http://example.test/");
    }

    #[test]
    fn no_base_leaves_relative_input_alone() {
        let r = Resolver::new(Url::options(), None, None);
        assert_eq!(r.resolve("a/b"), "a/b");
        assert_eq!(r.resolve("https://example.com/x"), "https://example.com/x");
    }
}
