//! Caps on what a conversion produces from untrusted input ([`Limits`]).

use std::fmt;

/// Caps on the output of a conversion of untrusted input.
///
/// Extraction itself is linear in the document size, but what the
/// conversions *write* is not: an item reached through `itemref` from many
/// places is written once per place, so a one-kilobyte document whose items
/// reference each other in a diamond pattern asks for an output that doubles
/// with every level. `Limits` bounds that work and memory; a conversion
/// that reaches a limit stops and returns a [`LimitError`] naming it. It
/// never drops data silently.
///
/// # Semantics
///
/// | limit | counts | default |
/// |---|---|---|
/// | [`max_items`](Limits::max_items) | item objects written, nested ones and repeats through `itemref` included | 1,000,000 |
/// | [`max_properties`](Limits::max_properties) | property values written for one item object (a property element with two names counts twice) | 100,000 |
/// | [`max_output_bytes`](Limits::max_output_bytes) | bytes of output | 256 MiB |
/// | [`max_depth`](Limits::max_depth) | nesting of item objects, a top-level item being at depth 1 | 256 |
/// | [`max_reads`](Limits::max_reads) | property values read in all, for conversions that read properties without writing them (iCalendar skips item values, vCard lines gather a sub-item's values) and for the vocabulary checks; items sharing a block through `itemref` read it once each | 4,000,000 |
///
/// The defaults are far above what real pages need (a large product page
/// has a few hundred items, nested less than ten deep) and keep one
/// conversion under a few hundred megabytes. The depth default matches
/// `serde_impl::MAX_DEPTH` (feature `serde`), the only limit the `Serialize`
/// implementation of items applies.
/// [`Limits::none`] lifts every cap: the plain `to_json` functions use it.
///
/// # For converter authors
///
/// A converter that takes a `&Limits` (for instance in its options) honours
/// it with the stateless checks, keeping its own counters:
///
/// - call [`Limits::check_items`] with the running count of items it has
///   converted (each time one is written, nested and repeated ones included);
/// - call [`Limits::check_properties`] with the number of property values
///   it is about to write for one item, before writing them;
/// - call [`Limits::check_depth`] with the nesting depth of an item before
///   descending into it (top-level items are at depth 1);
/// - call [`Limits::check_output`] with the size of its output after each
///   write (or each record), so memory stays within the cap plus one value.
///
/// Return the [`LimitError`] to the caller (wrapped in the crate's own error
/// type if it has one) rather than writing a partial result. The checks
/// accept counts *equal* to the limit: a limit of 10 items allows 10.
///
/// # Examples
///
/// ```
/// use microdata_model::{Limit, Limits};
///
/// let limits = Limits::default().with_max_items(2);
/// assert!(limits.check_items(2).is_ok());
/// let err = limits.check_items(3).unwrap_err();
/// assert_eq!(err.limit(), Limit::Items);
/// assert_eq!(err.to_string(), "more than 2 items (limit max_items)");
/// assert!(Limits::none().check_output(usize::MAX).is_ok());
/// ```
///
/// ```
/// use microdata_model::Limits;
///
/// let limits = Limits::default()
///     .with_max_output_bytes(1 << 20)
///     .with_max_depth(32);
/// assert_eq!(limits.max_output_bytes(), 1 << 20);
/// assert_eq!(limits.max_items(), Limits::DEFAULT_MAX_ITEMS);
/// assert_eq!(Limits::none().max_depth(), usize::MAX);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[must_use]
pub struct Limits {
    max_items: usize,
    max_properties: usize,
    max_output_bytes: usize,
    max_depth: usize,
    max_reads: usize,
}

impl Default for Limits {
    /// Generous but finite caps: [`DEFAULT_MAX_ITEMS`](Self::DEFAULT_MAX_ITEMS),
    /// [`DEFAULT_MAX_PROPERTIES`](Self::DEFAULT_MAX_PROPERTIES),
    /// [`DEFAULT_MAX_OUTPUT_BYTES`](Self::DEFAULT_MAX_OUTPUT_BYTES),
    /// [`DEFAULT_MAX_DEPTH`](Self::DEFAULT_MAX_DEPTH) and
    /// [`DEFAULT_MAX_READS`](Self::DEFAULT_MAX_READS).
    fn default() -> Self {
        Limits {
            max_items: Self::DEFAULT_MAX_ITEMS,
            max_properties: Self::DEFAULT_MAX_PROPERTIES,
            max_output_bytes: Self::DEFAULT_MAX_OUTPUT_BYTES,
            max_depth: Self::DEFAULT_MAX_DEPTH,
            max_reads: Self::DEFAULT_MAX_READS,
        }
    }
}

impl Limits {
    /// Default [`max_items`](Self::max_items): one million item objects.
    pub const DEFAULT_MAX_ITEMS: usize = 1_000_000;
    /// Default [`max_properties`](Self::max_properties): 100,000 values in
    /// one item.
    pub const DEFAULT_MAX_PROPERTIES: usize = 100_000;
    /// Default [`max_output_bytes`](Self::max_output_bytes): 256 MiB.
    pub const DEFAULT_MAX_OUTPUT_BYTES: usize = 256 << 20;
    /// Default [`max_depth`](Self::max_depth): items nested 256 deep.
    pub const DEFAULT_MAX_DEPTH: usize = 256;
    /// Default [`max_reads`](Self::max_reads): 4 million property values,
    /// a fraction of a second for a conversion and about two seconds for
    /// the vocabulary checks (which format a message per warning), and far
    /// above what pages need: a 5 MB product listing has some 100,000
    /// property elements.
    pub const DEFAULT_MAX_READS: usize = 4_000_000;

    /// The default limits (the same as [`Limits::default`]).
    pub fn new() -> Self {
        Self::default()
    }

    /// No limits at all: every cap is `usize::MAX`. Only for trusted input:
    /// a small document can then ask for an output larger than memory.
    pub fn none() -> Self {
        Limits {
            max_items: usize::MAX,
            max_properties: usize::MAX,
            max_output_bytes: usize::MAX,
            max_depth: usize::MAX,
            max_reads: usize::MAX,
        }
    }

    /// Caps the item objects written, nested and repeated ones included.
    pub fn with_max_items(mut self, max: usize) -> Self {
        self.max_items = max;
        self
    }

    /// Caps the property values written for any one item object.
    pub fn with_max_properties(mut self, max: usize) -> Self {
        self.max_properties = max;
        self
    }

    /// Caps the size of the output, in bytes.
    pub fn with_max_output_bytes(mut self, max: usize) -> Self {
        self.max_output_bytes = max;
        self
    }

    /// Caps the nesting of item objects (a top-level item is at depth 1).
    pub fn with_max_depth(mut self, max: usize) -> Self {
        self.max_depth = max;
        self
    }

    /// Caps the property values a conversion reads in all (see the table
    /// above: the conversions whose reading is not bounded by their output).
    pub fn with_max_reads(mut self, max: usize) -> Self {
        self.max_reads = max;
        self
    }

    /// The cap on property values read.
    pub fn max_reads(&self) -> usize {
        self.max_reads
    }

    /// The cap on item objects written.
    pub fn max_items(&self) -> usize {
        self.max_items
    }

    /// The cap on property values per item object.
    pub fn max_properties(&self) -> usize {
        self.max_properties
    }

    /// The cap on output bytes.
    pub fn max_output_bytes(&self) -> usize {
        self.max_output_bytes
    }

    /// The cap on item nesting depth.
    pub fn max_depth(&self) -> usize {
        self.max_depth
    }

    /// The cap for `limit`.
    pub fn get(&self, limit: Limit) -> usize {
        match limit {
            Limit::Items => self.max_items,
            Limit::Properties => self.max_properties,
            Limit::OutputBytes => self.max_output_bytes,
            Limit::Depth => self.max_depth,
            Limit::Reads => self.max_reads,
        }
    }

    fn check(&self, limit: Limit, count: usize) -> Result<(), LimitError> {
        let max = self.get(limit);
        if count > max {
            Err(LimitError { limit, max })
        } else {
            Ok(())
        }
    }

    /// `Ok` while `written` items (a running count) are within
    /// [`max_items`](Self::max_items).
    ///
    /// # Errors
    ///
    /// [`Limit::Items`] when `written` is above the cap.
    pub fn check_items(&self, written: usize) -> Result<(), LimitError> {
        self.check(Limit::Items, written)
    }

    /// `Ok` when one item's `values` property values are within
    /// [`max_properties`](Self::max_properties).
    ///
    /// # Errors
    ///
    /// [`Limit::Properties`] when `values` is above the cap.
    pub fn check_properties(&self, values: usize) -> Result<(), LimitError> {
        self.check(Limit::Properties, values)
    }

    /// `Ok` while an output of `bytes` bytes is within
    /// [`max_output_bytes`](Self::max_output_bytes).
    ///
    /// # Errors
    ///
    /// [`Limit::OutputBytes`] when `bytes` is above the cap.
    pub fn check_output(&self, bytes: usize) -> Result<(), LimitError> {
        self.check(Limit::OutputBytes, bytes)
    }

    /// `Ok` when an item at nesting `depth` (top-level items: 1) is within
    /// [`max_depth`](Self::max_depth).
    ///
    /// # Errors
    ///
    /// [`Limit::Depth`] when `depth` is above the cap.
    pub fn check_depth(&self, depth: usize) -> Result<(), LimitError> {
        self.check(Limit::Depth, depth)
    }

    /// `Ok` while `reads` property values read (a running count) are within
    /// [`max_reads`](Self::max_reads).
    ///
    /// # Errors
    ///
    /// [`Limit::Reads`] when `reads` is above the cap.
    pub fn check_reads(&self, reads: usize) -> Result<(), LimitError> {
        self.check(Limit::Reads, reads)
    }
}

/// Which cap of [`Limits`] was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// [`Limits::max_items`].
    Items,
    /// [`Limits::max_properties`].
    Properties,
    /// [`Limits::max_output_bytes`].
    OutputBytes,
    /// [`Limits::max_depth`].
    Depth,
    /// [`Limits::max_reads`].
    Reads,
}

impl Limit {
    /// The name of the limit as the builder spells it: `max_items`,
    /// `max_properties`, `max_output_bytes`, `max_depth`, `max_reads`.
    pub fn name(self) -> &'static str {
        match self {
            Limit::Items => "max_items",
            Limit::Properties => "max_properties",
            Limit::OutputBytes => "max_output_bytes",
            Limit::Depth => "max_depth",
            Limit::Reads => "max_reads",
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A conversion stopped because it reached one of its [`Limits`]; no partial
/// output is returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LimitError {
    limit: Limit,
    max: usize,
}

impl LimitError {
    /// A `LimitError` for `limit`, whose cap was `max` (for converters that
    /// count in their own way).
    pub fn new(limit: Limit, max: usize) -> Self {
        LimitError { limit, max }
    }

    /// Which limit was reached.
    pub fn limit(&self) -> Limit {
        self.limit
    }

    /// Its value.
    pub fn max(&self) -> usize {
        self.max
    }
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let one = self.max == 1;
        let what = match self.limit {
            Limit::Items if one => "item",
            Limit::Items => "items",
            Limit::Properties if one => "property value in one item",
            Limit::Properties => "property values in one item",
            Limit::OutputBytes if one => "byte of output",
            Limit::OutputBytes => "bytes of output",
            Limit::Depth if one => "level of nested items",
            Limit::Depth => "levels of nested items",
            Limit::Reads if one => "property value read",
            Limit::Reads => "property values read",
        };
        write!(f, "more than {} {what} (limit {})", self.max, self.limit)
    }
}

impl std::error::Error for LimitError {}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn defaults_are_finite_and_none_is_unbounded() {
        let d = Limits::default();
        for limit in [
            Limit::Items,
            Limit::Properties,
            Limit::OutputBytes,
            Limit::Depth,
            Limit::Reads,
        ] {
            assert!(d.get(limit) < usize::MAX, "{limit}");
            assert_eq!(Limits::none().get(limit), usize::MAX, "{limit}");
        }
        assert_eq!(d, Limits::new());
        assert_eq!(d.max_output_bytes(), 268_435_456);
        assert_eq!(d.max_depth(), 256);
    }

    #[test]
    fn checks_allow_the_limit_itself() {
        let l = Limits::none()
            .with_max_items(1)
            .with_max_properties(2)
            .with_max_output_bytes(3)
            .with_max_depth(4)
            .with_max_reads(5);
        assert!(l.check_reads(5).is_ok());
        assert_eq!(l.check_reads(6), Err(LimitError::new(Limit::Reads, 5)));
        assert_eq!(
            l.check_reads(6).unwrap_err().to_string(),
            "more than 5 property values read (limit max_reads)"
        );
        assert!(l.check_items(1).is_ok());
        assert!(l.check_properties(2).is_ok());
        assert!(l.check_output(3).is_ok());
        assert!(l.check_depth(4).is_ok());
        assert_eq!(l.check_items(2), Err(LimitError::new(Limit::Items, 1)));
        assert_eq!(
            l.check_properties(3),
            Err(LimitError::new(Limit::Properties, 2))
        );
        assert_eq!(
            l.check_output(4),
            Err(LimitError::new(Limit::OutputBytes, 3))
        );
        assert_eq!(l.check_depth(5), Err(LimitError::new(Limit::Depth, 4)));
    }

    #[test]
    fn messages_name_the_limit() {
        let msg = |limit, max| LimitError::new(limit, max).to_string();
        assert_eq!(msg(Limit::Items, 5), "more than 5 items (limit max_items)");
        assert_eq!(msg(Limit::Items, 1), "more than 1 item (limit max_items)");
        assert_eq!(
            msg(Limit::Properties, 1),
            "more than 1 property value in one item (limit max_properties)"
        );
        assert_eq!(
            msg(Limit::Properties, 7),
            "more than 7 property values in one item (limit max_properties)"
        );
        assert_eq!(
            msg(Limit::OutputBytes, 100),
            "more than 100 bytes of output (limit max_output_bytes)"
        );
        assert_eq!(
            msg(Limit::Depth, 3),
            "more than 3 levels of nested items (limit max_depth)"
        );
    }
}
