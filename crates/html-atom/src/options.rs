//! How to extract: the injectable clock and the writer's layout.

use std::time::SystemTime;

use microdata_model::Limits;
use microdata_model::microsyntax::GlobalDateTime;

/// Options for [`to_atom`](crate::to_atom).
///
/// The algorithm reads two clocks: "the moment that this algorithm was
/// invoked" (dates of entries without any, and the feed's `updated` as the
/// last resort) and "the Document's source file's last modification" (the
/// feed's `updated` when no entry has a date). Both come from here, so a
/// caller that sets them gets the same feed on every run; without
/// [`with_now`](Self::with_now) the system clock is read once per call.
///
/// # Examples
///
/// ```
/// use html_atom::AtomOptions;
/// use microdata_scraper::microsyntax::parse_global_date_time;
///
/// let now = parse_global_date_time("2010-08-05T12:00Z").ok_or("invalid")?;
/// let options = AtomOptions::new().with_now(now).with_indent(false);
/// assert_eq!(options.now(), Some(now));
/// assert_eq!(options.modified(), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub struct AtomOptions {
    now: Option<GlobalDateTime>,
    modified: Option<GlobalDateTime>,
    self_link: Option<String>,
    indent: bool,
    limits: Limits,
}

impl Default for AtomOptions {
    fn default() -> Self {
        Self::new()
    }
}

impl AtomOptions {
    /// The defaults: the system clock, no known modification time, no
    /// `rel="self"` link, indented output, [`Limits::default`].
    pub fn new() -> Self {
        AtomOptions {
            now: None,
            modified: None,
            self_link: None,
            indent: true,
            limits: Limits::default(),
        }
    }

    /// Uses `now` as "the moment that this algorithm was invoked": a
    /// [`GlobalDateTime`] or a [`SystemTime`].
    ///
    /// It is written as the algorithm says, as the best representation of
    /// the global date and time, fields as they are: a `GlobalDateTime`
    /// built by hand must keep its fields in their documented ranges, and
    /// Atom readers (RFC 3339) expect years of four digits, which the
    /// `microdata` command checks of its `--now`.
    pub fn with_now(mut self, now: impl Into<GlobalDateTime>) -> Self {
        self.now = Some(now.into());
        self
    }

    /// Sets the source file's last modification time: a
    /// [`GlobalDateTime`] or a [`SystemTime`], such as
    /// [`Metadata::modified`](std::fs::Metadata::modified) gives.
    pub fn with_modified(mut self, modified: impl Into<GlobalDateTime>) -> Self {
        self.modified = Some(modified.into());
        self
    }

    /// Adds the optional `<link rel="self">` with the feed's own address.
    ///
    /// The text appends the address as the link's text; Atom reads a link's
    /// target from `href` only, so it is written there.
    pub fn with_self_link(mut self, address: impl Into<String>) -> Self {
        self.self_link = Some(address.into());
        self
    }

    /// Whether to indent the XML (two spaces a level; the default). Only
    /// whitespace between elements changes: text and HTML content are
    /// written as they are.
    pub fn with_indent(mut self, indent: bool) -> Self {
        self.indent = indent;
        self
    }

    /// Limits on the feed's size: `max_output_bytes` counts the feed as it
    /// is built (each entry's `xml:base`, title, content, id and link, and
    /// the base URIs resolved from `xml:base` attributes for them), then
    /// the XML written. The other limits do not apply. Every entry repeats
    /// its base URI, so a page with a long `<base href>` and many articles
    /// asks for a feed quadratic in its size. Default: [`Limits::default`].
    /// [`try_to_atom`](crate::try_to_atom) reports the limit reached;
    /// [`to_atom`](crate::to_atom) then gives `None`.
    ///
    /// ```
    /// use html_atom::{AtomOptions, try_to_atom};
    /// use html_atom::{Limit, Limits};
    ///
    /// let long = "x".repeat(1000);
    /// let html = format!(
    ///     "<base href='https://blog.example/{long}/'><article>One</article><article>Two</article>"
    /// );
    /// let parsed = microdata_scraper::parse(&html, None)?;
    /// let small = AtomOptions::new().with_limits(Limits::default().with_max_output_bytes(1500));
    /// let err = try_to_atom(&parsed.document(), &small).unwrap_err();
    /// assert_eq!(err.limit(), Limit::OutputBytes);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The limits in force.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The injected current time, if any.
    pub fn now(&self) -> Option<GlobalDateTime> {
        self.now
    }

    /// The source's modification time, if known.
    pub fn modified(&self) -> Option<GlobalDateTime> {
        self.modified
    }

    /// The `rel="self"` address, if any.
    pub fn self_link(&self) -> Option<&str> {
        self.self_link.as_deref()
    }

    /// Whether the output is indented.
    pub fn indent(&self) -> bool {
        self.indent
    }

    /// The injected current time, or the system clock.
    pub(crate) fn now_or_clock(&self) -> GlobalDateTime {
        self.now
            .unwrap_or_else(|| GlobalDateTime::from_system_time(SystemTime::now()))
    }
}
