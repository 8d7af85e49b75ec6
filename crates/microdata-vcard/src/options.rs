//! Conversion options.

/// Options for [`to_vcard`](crate::to_vcard): a `#[must_use]` builder.
///
/// The default is the current WHATWG text (vCard 4.0).
///
/// # Examples
///
/// ```
/// use microdata_vcard::VcardOptions;
///
/// let options = VcardOptions::new().with_legacy_v3(true);
/// assert!(options.legacy_v3());
/// ```
#[must_use]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VcardOptions {
    legacy_v3: bool,
    limits: microdata_model::Limits,
}

impl VcardOptions {
    /// The default options: the current WHATWG conversion to vCard 4.0.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether to run the vCard 3.0 variant of the 2010 HTML5 draft
    /// instead of the current text.
    ///
    /// That variant writes `VERSION:3.0`; adds a `UID` line from the item's
    /// global identifier (`itemid`); converts an `agent` property whose
    /// value is an hCard item to a nested vCard (`VALUE=VCARD`, its text
    /// escaped into the value); and sets `VALUE=DATE` / `VALUE=DATE-TIME` on
    /// any `time` element whose value is a valid date string / valid global
    /// date and time string, instead of on `bday`, `anniversary` and `rev`.
    /// It has no `GENDER` line (`sex` and `gender-identity` are ordinary
    /// properties) and no special case for `related`.
    ///
    /// Agents that are already being converted (an `itemref` cycle, which
    /// the page's microdata errors report) are left out. Each level of
    /// nested agents escapes the one inside it again, doubling its
    /// backslashes, so the text grows exponentially with the nesting:
    /// [`Limits`](microdata_model::Limits)' `max_depth` (the card converted
    /// is at depth 1) and `max_output_bytes` stop such a chain with an
    /// error (see [`with_limits`](Self::with_limits)).
    pub fn with_legacy_v3(mut self, yes: bool) -> Self {
        self.legacy_v3 = yes;
        self
    }

    /// Limits on the conversion's work and output: the cards written
    /// (`max_items`: the converted one, and in the legacy variant each
    /// nested `agent` card), the lines of any one card (`max_properties`),
    /// the bytes of the text (`max_output_bytes`) and the property values
    /// read (`max_reads`: a line that gathers a sub-item's values reads its
    /// properties once for each part) and, in the legacy variant, the
    /// nesting of `agent` cards (`max_depth`, the card converted at depth
    /// 1). `n`, `adr` and `org` lines
    /// gather their sub-item's values, so many of them sharing one large
    /// sub-item through `itemref` ask for a card quadratic in the page's
    /// size, and the legacy variant's nested cards are written once per
    /// path to them, which a few kilobytes of `itemref`s make exponential.
    /// Default: [`Limits::default`](microdata_model::Limits::default).
    /// [`try_to_vcard`](crate::try_to_vcard) reports which was reached;
    /// [`to_vcard`](crate::to_vcard) then gives `None`.
    pub fn with_limits(mut self, limits: microdata_model::Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The limits in force.
    pub fn limits(&self) -> microdata_model::Limits {
        self.limits
    }

    /// Whether the vCard 3.0 variant is selected.
    pub fn legacy_v3(&self) -> bool {
        self.legacy_v3
    }
}
