//! The crate's error type and the conversion's warnings.

use std::fmt;
use std::io;

use microdata_model::LimitError;

/// What went wrong (see [`Error`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A registry document is not valid JSON or not shaped like the W3C
    /// Note's registry (§3).
    Registry,
    /// A strict conversion ([`RdfOptions::with_strict`](crate::RdfOptions::with_strict))
    /// met an item that is, through `itemref`, a property of itself.
    ItemrefRecursion,
    /// The graph name given to an N-Quads writer is not an absolute URL.
    GraphName,
    /// Writing the output failed.
    Io,
    /// The conversion reached one of the caller's
    /// [`Limits`](crate::Limits) ([`Error::limit`] says which).
    Limit,
}

/// A short description, as the model's error kinds have.
///
/// ```
/// use microdata_rdf::ErrorKind;
///
/// assert_eq!(ErrorKind::Limit.to_string(), "a conversion limit was reached");
/// ```
impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ErrorKind::Registry => "the vocabulary registry is malformed",
            ErrorKind::ItemrefRecursion => "an item is a property of itself through itemref",
            ErrorKind::GraphName => "the graph name is not an absolute URL",
            ErrorKind::Io => "writing the output failed",
            ErrorKind::Limit => "a conversion limit was reached",
        })
    }
}

/// The error of this crate: a bad registry, a strict conversion that met
/// `itemref` recursion, a limit reached, or a failed write.
///
/// Markup problems are never errors in the default (lenient) mode: they are
/// [`Warning`]s of the [`Conversion`](crate::Conversion).
#[derive(Debug)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    source: Option<Source>,
}

#[derive(Debug)]
enum Source {
    Io(io::Error),
    Limit(LimitError),
}

impl Error {
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
            source: None,
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// For [`ErrorKind::Limit`], the limit reached.
    pub fn limit(&self) -> Option<&LimitError> {
        match &self.source {
            Some(Source::Limit(e)) => Some(e),
            _ => None,
        }
    }
}

impl From<LimitError> for Error {
    fn from(e: LimitError) -> Self {
        Error {
            kind: ErrorKind::Limit,
            message: format!("conversion stopped: {e}"),
            source: Some(Source::Limit(e)),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The message already holds the wrapped error's (`conversion stopped:
/// more than …`, `cannot write RDF: …`), so the chain goes on from that
/// error's own source: printing every source does not repeat a line.
/// [`Error::limit`] and `From<Error> for io::Error` give the wrapped error.
impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.source {
            Some(Source::Io(e)) => e.source(),
            Some(Source::Limit(e)) => e.source(),
            None => None,
        }
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error {
            kind: ErrorKind::Io,
            message: format!("cannot write RDF: {e}"),
            source: Some(Source::Io(e)),
        }
    }
}

impl From<Error> for io::Error {
    fn from(e: Error) -> Self {
        match e.source {
            Some(Source::Io(source)) => source,
            _ => io::Error::new(io::ErrorKind::InvalidInput, e.message),
        }
    }
}

/// What a [`Warning`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WarningKind {
    /// An item is, through `itemref`, a property of itself. The W3C Note's
    /// test suite requires this to be reported (its negative test 0085);
    /// the conversion links to the item's subject and does not descend again
    /// where the item comes back in the type context it is being generated
    /// in (see the [crate documentation](crate)).
    ItemrefRecursion,
    /// A URL property element whose `href` / `src` / `data` is missing or
    /// does not resolve: no triple is generated for it.
    UnresolvableUrl,
    /// A URL that no %-escaping makes a valid IRI (a bad scheme or host):
    /// the triple is left out (or a blank node stands for an `itemid`).
    InvalidIri,
    /// A `lang` value that is not a BCP 47 language tag: the literal is
    /// written without a language.
    InvalidLanguageTag,
    /// An `itemprop-reverse` whose value is a literal (W3C Note appendix A
    /// calls this an error): it is ignored.
    ReverseLiteral,
}

/// The description, as [`WarningKind::description`] gives it.
///
/// ```
/// use microdata_rdf::WarningKind;
///
/// assert_eq!(WarningKind::InvalidIri.to_string(), "URL cannot be made a valid IRI");
/// ```
impl fmt::Display for WarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

impl WarningKind {
    /// A short, lowercase description.
    pub fn description(self) -> &'static str {
        match self {
            WarningKind::ItemrefRecursion => "item is a property of itself through itemref",
            WarningKind::UnresolvableUrl => "URL property value is missing or does not resolve",
            WarningKind::InvalidIri => "URL cannot be made a valid IRI",
            WarningKind::InvalidLanguageTag => "lang is not a valid BCP 47 language tag",
            WarningKind::ReverseLiteral => "itemprop-reverse value is a literal",
        }
    }
}

/// A problem met while converting, with the element it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    kind: WarningKind,
    element: usize,
    local_name: Box<str>,
    detail: Option<String>,
}

impl Warning {
    pub(crate) fn new(
        kind: WarningKind,
        element: usize,
        local_name: &str,
        detail: Option<String>,
    ) -> Self {
        Warning {
            kind,
            element,
            local_name: local_name.into(),
            detail,
        }
    }

    /// What the warning is about.
    pub fn kind(&self) -> WarningKind {
        self.kind
    }

    /// The element's position in tree order (see
    /// `Document::element_at`).
    pub fn element(&self) -> usize {
        self.element
    }

    /// The element's local name (`a`, `div`), as the microdata errors name
    /// elements.
    ///
    /// ```
    /// let page = r#"<p itemscope itemtype="http://e.example/T"><a itemprop=u href="http://[x">u</a>"#;
    /// let parsed = microdata_scraper::parse(page, None)?;
    /// let conversion = microdata_rdf::convert(&parsed.document(), &Default::default())?;
    /// let warning = &conversion.warnings()[0];
    /// // The parser added `html`, `head` and `body`: the `a` is element 4.
    /// assert_eq!((warning.local_name(), warning.element()), ("a", 4));
    /// assert_eq!(
    ///     warning.to_string(),
    ///     "URL property value is missing or does not resolve (<a> #4)"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn local_name(&self) -> &str {
        &self.local_name
    }

    /// The offending value (a URL, a language tag, a property name), if any.
    pub fn detail(&self) -> Option<&str> {
        self.detail.as_deref()
    }
}

/// The description, then the element as the microdata errors name it
/// (`<a> #7`), then the offending value, if any.
impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (<{}> #{})",
            self.kind.description(),
            self.local_name,
            self.element
        )?;
        if let Some(d) = &self.detail {
            write!(f, ": {d:?}")?;
        }
        Ok(())
    }
}
