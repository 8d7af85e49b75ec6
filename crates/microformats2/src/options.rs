//! Parser options.

use microdata_model::Limits;

/// How [`parse`](crate::parse) behaves where parsers differ. Everything is
/// off by default, which is what the microformats test suite expects.
///
/// # Examples
///
/// ```
/// let html = r#"<div class="h-entry" lang="fr"><p class="e-content">  Bonjour
///   le   monde </p></div>"#;
/// let parsed = microdata_scraper::parse(html, Some("https://example.com/"))?;
/// let options = microformats2::Mf2Options::new()
///     .with_lang(true)
///     .with_collapse_whitespace(true);
/// let mf2 = microformats2::parse(&parsed.document(), &options);
/// let entry = &mf2.items[0];
/// assert_eq!(entry.lang.as_deref(), Some("fr"));
/// let content = entry.get("content")[0].as_html().ok_or("not e-*")?;
/// assert_eq!(content.value, "Bonjour le monde");
/// assert_eq!(content.lang.as_deref(), Some("fr"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mf2Options {
    pub(crate) alternates: bool,
    pub(crate) lang: bool,
    pub(crate) collapse_whitespace: bool,
    pub(crate) authored_url: Option<String>,
    pub(crate) limits: Limits,
}

impl Mf2Options {
    /// The defaults: today's output, no extensions.
    pub fn new() -> Self {
        Self::default()
    }

    /// The limits [`try_parse`](crate::try_parse) applies (default:
    /// [`Limits::default`]). A nested item with several property classes
    /// (`class="p-author u-url h-card"`) is the value of each, so the
    /// output holds a copy of it per class, and copies of copies when such
    /// items nest: a few kilobytes can ask for gigabytes. `max_items`
    /// caps the item objects those copies add, `max_output_bytes` the text
    /// they carry. [`parse`](crate::parse) applies none.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The limits [`try_parse`](crate::try_parse) applies.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Whether the legacy top-level `alternates` are emitted
    /// ([`with_alternates`](Self::with_alternates)).
    ///
    /// ```
    /// use microformats2::Mf2Options;
    ///
    /// let options = Mf2Options::new().with_alternates(true).with_lang(true);
    /// assert!(options.alternates() && options.lang());
    /// assert!(!options.collapse_whitespace());
    /// assert_eq!(options.authored_url(), None);
    /// ```
    pub fn alternates(&self) -> bool {
        self.alternates
    }

    /// Whether items and `e-*` values get `lang`
    /// ([`with_lang`](Self::with_lang)).
    ///
    /// ```
    /// assert!(!microformats2::Mf2Options::new().lang());
    /// ```
    pub fn lang(&self) -> bool {
        self.lang
    }

    /// Whether text values collapse whitespace
    /// ([`with_collapse_whitespace`](Self::with_collapse_whitespace)).
    ///
    /// ```
    /// let options = microformats2::Mf2Options::new().with_collapse_whitespace(true);
    /// assert!(options.collapse_whitespace());
    /// ```
    pub fn collapse_whitespace(&self) -> bool {
        self.collapse_whitespace
    }

    /// The document URL as the caller wrote it
    /// ([`with_authored_url`](Self::with_authored_url)).
    ///
    /// ```
    /// let options = microformats2::Mf2Options::new().with_authored_url("http://example.test");
    /// assert_eq!(options.authored_url(), Some("http://example.test"));
    /// ```
    pub fn authored_url(&self) -> Option<&str> {
        self.authored_url.as_deref()
    }

    /// Emit the top-level `alternates` list of the older parsing text:
    /// links whose `rel` has `alternate` go there (as `{url, rel, media,
    /// hreflang, type}`, `rel` holding the other rel values) instead of
    /// into `rels`. `rel-urls` still lists them.
    pub fn with_alternates(mut self, on: bool) -> Self {
        self.alternates = on;
        self
    }

    /// Add `lang` to items (the root element's language) and to `e-*`
    /// values (the property element's language), when it is known: the
    /// nearest `lang` attribute, else the document's
    /// `<meta http-equiv="content-language">`.
    pub fn with_lang(mut self, on: bool) -> Self {
        self.lang = on;
        self
    }

    /// Collapse whitespace in text values the way `innerText` roughly does:
    /// runs of whitespace become one space, `br` and block elements (`p`,
    /// `div`, `li`, headings, table rows, …) become line breaks, the cells
    /// of a row are separated by tabs, and lines are trimmed.
    /// Off, text values keep their inner whitespace and are only trimmed at
    /// both ends.
    pub fn with_collapse_whitespace(mut self, on: bool) -> Self {
        self.collapse_whitespace = on;
        self
    }

    /// The document URL exactly as the caller wrote it.
    ///
    /// URLs are resolved with the WHATWG URL parser, which writes a bare
    /// origin with a trailing slash (`http://example.test/`). An absolute URL
    /// in the document keeps its authored form (`href="http://example.test"`
    /// stays without the slash), and so do URLs that resolve to the base URL
    /// itself (`href=""`) when the base URL is authored: a `<base href>`'s
    /// value as written, or, when the page has none, the URL given here.
    /// The microformats test suite expects this for its `http://example.test`
    /// base.
    pub fn with_authored_url(mut self, url: impl Into<String>) -> Self {
        self.authored_url = Some(url.into());
        self
    }
}
