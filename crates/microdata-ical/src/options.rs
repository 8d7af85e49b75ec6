//! Conversion options.

use std::time::SystemTime;

use microdata_model::Limits;

/// Options for [`to_icalendar`](crate::to_icalendar): a `#[must_use]`
/// builder.
///
/// The default is the current WHATWG text, with `DTSTAMP` taken from the
/// system clock.
///
/// # Examples
///
/// ```
/// use std::time::{Duration, SystemTime};
/// use microdata_ical::IcalOptions;
///
/// // A fixed clock makes the output reproducible.
/// let stamp = SystemTime::UNIX_EPOCH + Duration::from_secs(1_241_550_000);
/// let options = IcalOptions::new().with_dtstamp(stamp).with_uid_from_itemid(true);
/// assert_eq!(options.dtstamp(), Some(stamp));
/// ```
#[must_use]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IcalOptions {
    prodid: Option<String>,
    dtstamp: Option<SystemTime>,
    uid_from_itemid: bool,
    time_element_dates: bool,
    limits: Limits,
}

impl IcalOptions {
    /// The default options: the current WHATWG conversion, `DTSTAMP` from
    /// the system clock.
    pub fn new() -> Self {
        Self::default()
    }

    /// The `PRODID` value, "a user-agent-specific string representing the
    /// user agent" (step 4): a program that embeds the conversion is that
    /// user agent. Default: [`PRODID`](crate::PRODID), which names this
    /// crate and its version (so snapshots of the output change with
    /// each release unless this is set).
    ///
    /// ```
    /// use std::time::SystemTime;
    /// use microdata_ical::{IcalOptions, to_icalendar};
    ///
    /// let parsed = microdata_scraper::parse(
    ///     r#"<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">
    ///        <b itemprop=summary>Launch</b>"#,
    ///     None,
    /// )?;
    /// let options = IcalOptions::new()
    ///     .with_prodid("-//Example Corp.//Event Export 2.1//EN")
    ///     .with_dtstamp(SystemTime::UNIX_EPOCH);
    /// let ics = to_icalendar(&parsed.document(), &options).ok_or("no vEvent")?;
    /// assert!(ics.starts_with("BEGIN:VCALENDAR\r\nPRODID:-//Example Corp.//Event Export 2.1//EN\r\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_prodid(mut self, prodid: impl Into<String>) -> Self {
        self.prodid = Some(prodid.into());
        self
    }

    /// The `PRODID` value written.
    pub fn prodid(&self) -> &str {
        self.prodid.as_deref().unwrap_or(crate::PRODID)
    }

    /// The moment written as every event's `DTSTAMP` ("the current date and
    /// time"), in UTC, to the second. Without it, the system clock is read
    /// once per conversion. A [`SystemTime`] or a
    /// [`GlobalDateTime`](microdata_model::microsyntax::GlobalDateTime),
    /// whatever its offset. iCalendar writes four-digit years, so a moment
    /// after 9999 is written as the last second of 9999 (and one before
    /// year 1 as the first second of year 1).
    pub fn with_dtstamp(mut self, moment: impl Into<SystemTime>) -> Self {
        self.dtstamp = Some(moment.into());
        self
    }

    /// The fixed `DTSTAMP` moment, if one was set.
    pub fn dtstamp(&self) -> Option<SystemTime> {
        self.dtstamp
    }

    /// Whether to add, after `DTSTAMP`, a `UID` line with the item's global
    /// identifier (`itemid`) when it has one, as the 2010 HTML5 draft did
    /// (the current vEvent vocabulary supports no global identifiers).
    pub fn with_uid_from_itemid(mut self, yes: bool) -> Self {
        self.uid_from_itemid = yes;
        self
    }

    /// Whether the `UID` line of the 2010 draft is written.
    pub fn uid_from_itemid(&self) -> bool {
        self.uid_from_itemid
    }

    /// Whether to treat dates as the 2010 HTML5 draft did: the values of
    /// `time` elements, whatever the property name, have `-` and `:`
    /// stripped and get `VALUE=DATE` / `VALUE=DATE-TIME` (or are skipped),
    /// instead of the values of the properties `dtend`, `dtstart`, `exdate`,
    /// `rdate`, `created` and `last-modified`.
    pub fn with_time_element_dates(mut self, yes: bool) -> Self {
        self.time_element_dates = yes;
        self
    }

    /// Whether the 2010 draft's date rule is selected.
    pub fn time_element_dates(&self) -> bool {
        self.time_element_dates
    }

    /// Limits on the conversion's work and output: the events written
    /// (`max_items`), the property lines of one event (`max_properties`),
    /// the bytes of the text (`max_output_bytes`) and the property values
    /// read (`max_reads`, item values included, which are read and
    /// skipped); `max_depth` does not apply. Each event reads the
    /// properties an `itemref` brings in, so a small page whose many events
    /// share one large block asks for an output, or a reading, quadratic in
    /// its size. Default: [`Limits::default`].
    /// [`try_to_icalendar`](crate::try_to_icalendar) reports which was
    /// reached; [`to_icalendar`](crate::to_icalendar) then gives `None`.
    ///
    /// ```
    /// use microdata_ical::{IcalOptions, try_to_icalendar};
    /// use microdata_ical::{Limit, Limits};
    ///
    /// let parsed = microdata_scraper::parse(
    ///     r#"<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent" itemref=d></p>
    ///        <p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent" itemref=d></p>
    ///        <p id=d><b itemprop=summary>Shared</b> <b itemprop=location>Hall</b></p>"#,
    ///     None,
    /// )?;
    /// let options = IcalOptions::new().with_limits(Limits::default().with_max_items(1));
    /// let err = try_to_icalendar(&parsed.document(), &options).unwrap_err();
    /// assert_eq!(err.limit(), Limit::Items);
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
}
