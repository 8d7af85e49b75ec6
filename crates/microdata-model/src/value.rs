//! Property values.

use std::borrow::Cow;

use crate::document::{NONE, Source, value_source};
use crate::element::Element;
use crate::item::Item;
use crate::node::Node;

/// A property value (WHATWG HTML §5.2.4): an item, a URL, or a string.
///
/// Two values are equal when they are the same item (of the same
/// document), or URL values with the same URL from the same kind of
/// element, or the same text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value<'d, 'a, N: Node<'a>> {
    /// The element has `itemscope`: the value is the item it creates.
    Item(Item<'d, 'a, N>),
    /// A URL property element: the resolved URL string of its `src`,
    /// `href` or `data` attribute, or the empty string when the attribute is
    /// missing or does not parse.
    Url {
        /// The URL string.
        url: String,
        /// The element's local name (`"a"`, `"img"`, ...).
        element: &'a str,
    },
    /// Any other value: `meta` `content`, `data`/`meter` `value`, a `time`
    /// element's datetime value, or the `textContent`.
    Text(Cow<'d, str>),
}

impl<'d, 'a, N: Node<'a>> Value<'d, 'a, N> {
    pub(crate) fn of(el: Element<'d, 'a, N>) -> Self {
        if let Some(item) = el.item() {
            return Value::Item(item);
        }
        if !el.is_html() {
            return Value::Text(Cow::Borrowed(el.text_content()));
        }
        match value_source(NONE, el.local_name(), |a| el.attr(a)) {
            Source::Url(raw) => Value::Url {
                url: raw
                    .and_then(|raw| el.document().resolve_url(raw))
                    .map(String::from)
                    .unwrap_or_default(),
                element: el.local_name(),
            },
            Source::Attr(v) => Value::Text(Cow::Borrowed(v.unwrap_or(""))),
            Source::ChildText => Value::Text(el.child_text_content()),
            // No `Source::Item` without an item (handled above), and
            // `value_source` never says `Copied`.
            Source::Item(_) | Source::Text | Source::Copied => {
                Value::Text(Cow::Borrowed(el.text_content()))
            }
        }
    }

    /// The value as a string, for text and URL values.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Item(_) => None,
            Value::Url { url, .. } => Some(url),
            Value::Text(t) => Some(t),
        }
    }

    /// The value as an owned string, for text and URL values (a text
    /// value that is already owned is not copied).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::{Document, Value};
    ///
    /// // <p itemscope><b itemprop=name>Ada</b></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1]),
    ///     (Some("b"), "", &[("itemprop", "name")], &[2]),
    ///     (None, "Ada", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let item = doc.items().next().unwrap();
    /// let name: Option<String> = item.get("name").and_then(Value::into_string);
    /// assert_eq!(name.as_deref(), Some("Ada"));
    /// ```
    pub fn into_string(self) -> Option<String> {
        match self {
            Value::Item(_) => None,
            Value::Url { url, .. } => Some(url),
            Value::Text(t) => Some(t.into_owned()),
        }
    }

    /// The value as a string, for text values only.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Value::Text(t) => Some(t),
            _ => None,
        }
    }

    /// The URL string, for URL values.
    pub fn as_url(&self) -> Option<&str> {
        match self {
            Value::Url { url, .. } => Some(url),
            _ => None,
        }
    }

    /// The item, for item values.
    pub fn as_item(&self) -> Option<Item<'d, 'a, N>> {
        match self {
            Value::Item(i) => Some(*i),
            _ => None,
        }
    }

    /// Whether the value is an item.
    pub fn is_item(&self) -> bool {
        matches!(self, Value::Item(_))
    }
}

/// Resolved URL values by the attribute text they come from, for one
/// conversion of one document (the base URL is fixed): pages repeat URLs a
/// lot (links to the same pages, images, vocabulary enumerations), and
/// parsing is most of a URL value's cost.
#[cfg(feature = "json")]
#[derive(Default)]
pub(crate) struct UrlCache<'a> {
    resolved: foldhash::HashMap<&'a str, String>,
}

#[cfg(feature = "json")]
impl<'a> UrlCache<'a> {
    /// The value of a URL property element whose URL attribute is `raw`:
    /// the URL resolved against `doc`'s base URL, or the empty string.
    pub(crate) fn resolve<N: Node<'a>>(
        &mut self,
        doc: &crate::Document<'a, N>,
        raw: Option<&'a str>,
    ) -> &str {
        let Some(raw) = raw else { return "" };
        self.resolved
            .entry(raw)
            .or_insert_with(|| doc.resolve_url(raw).map(String::from).unwrap_or_default())
    }
}
