//! HTML common microsyntaxes shared by the converters (WHATWG HTML §2.3).
//!
//! Two families of functions live here:
//!
//! - **Dates, times and durations** (§2.3.5): `is_valid_*` functions answer
//!   whether the *whole* string is a "valid … string" (no leading or trailing
//!   whitespace, exact grammar), and the `parse_*` functions return the value
//!   such a string represents, or `None` when the string is not valid. The
//!   converters use these to decide whether a property value is a date, a
//!   date and time, and so on, and to print it in normalized form
//!   ([`Display`](fmt::Display) on each type).
//! - **Numbers** (§2.3.4): [`is_valid_integer`] and
//!   [`is_valid_floating_point_number`] are strict conformance checks, while
//!   [`parse_integer`] and [`parse_floating_point_number`] follow the lenient
//!   "rules for parsing" (leading ASCII whitespace skipped, parsing stops at the
//!   first character that does not fit).
//!
//! Every function accepts any input without panicking and runs in time linear
//! in the input's length. Years may have any number of digits: the `is_valid_*`
//! checks accept them all (leap years and week counts only depend on the year
//! modulo 400), while the `parse_*` functions return `None` for a year that
//! does not fit in a `u32`.
//!
//! # Examples
//!
//! ```
//! use microdata_model::microsyntax::{parse_global_date_time, parse_duration};
//!
//! let moment = parse_global_date_time("1979-10-14T12:00:00.001-04:00").ok_or("invalid")?;
//! assert_eq!(moment.to_string(), "1979-10-14T16:00:00.001Z");
//!
//! let duration = parse_duration("4h 18m 3s").ok_or("invalid")?;
//! assert_eq!(duration.seconds, 4 * 3600 + 18 * 60 + 3);
//! assert_eq!(duration.to_string(), "PT15483S");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

const NANOS_PER_MILLI: u32 = 1_000_000;
const SECONDS_PER_MINUTE: u64 = 60;
const SECONDS_PER_HOUR: u64 = 3_600;
const SECONDS_PER_DAY: u64 = 86_400;
const SECONDS_PER_WEEK: u64 = 604_800;

// ---------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------

/// A date in the proleptic Gregorian calendar, as a "valid date string"
/// represents it.
///
/// [`Display`](fmt::Display) writes the valid date string `YYYY-MM-DD` (the
/// year zero-padded to at least four digits).
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::{parse_date, Date};
///
/// let date = parse_date("2011-11-18").ok_or("invalid")?;
/// assert_eq!(date, Date { year: 2011, month: 11, day: 18 });
/// assert_eq!(Date { year: 37, month: 12, day: 13 }.to_string(), "0037-12-13");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    /// The year, greater than zero in any valid date string.
    pub year: u32,
    /// The month, 1 to 12.
    pub month: u8,
    /// The day of the month, 1 to the number of days in that month.
    pub day: u8,
}

/// A time of day without a time zone, as a "valid time string" represents it.
///
/// Valid time strings carry at most three fraction digits, so parsed times
/// always have a whole number of milliseconds in `nanosecond`.
///
/// [`Display`](fmt::Display) writes the shortest valid time string for the
/// time (the form the "normalized" date-and-time strings use): `HH:MM` when
/// the seconds and fraction are zero, `HH:MM:SS` when only the fraction is
/// zero, else `HH:MM:SS.f` with the fraction's trailing zeros removed. Any
/// precision below the millisecond is truncated, since a valid time string
/// cannot express it.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::parse_time;
///
/// assert_eq!(parse_time("14:54:00").ok_or("invalid")?.to_string(), "14:54");
/// assert_eq!(parse_time("14:54:39.920").ok_or("invalid")?.to_string(), "14:54:39.92");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Time {
    /// The hour, 0 to 23.
    pub hour: u8,
    /// The minute, 0 to 59.
    pub minute: u8,
    /// The second, 0 to 59 (leap seconds cannot be represented).
    pub second: u8,
    /// The fraction of the second in nanoseconds, below 1 000 000 000.
    pub nanosecond: u32,
}

/// A time-zone offset from UTC, as a "valid time-zone offset string"
/// represents it: from −23:59 to +23:59.
///
/// [`Display`](fmt::Display) writes `Z` for a zero offset, else `+HH:MM` or
/// `-HH:MM`.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::parse_time_zone_offset;
///
/// assert_eq!(parse_time_zone_offset("-0800").ok_or("invalid")?.minutes, -480);
/// assert_eq!(parse_time_zone_offset("+00:00").ok_or("invalid")?.to_string(), "Z");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TimeZoneOffset {
    /// Signed minutes east of UTC (local time minus UTC).
    pub minutes: i16,
}

/// A date and time without a time zone, as a "valid local date and time
/// string" represents it.
///
/// [`Display`](fmt::Display) writes the "valid normalized local date and time
/// string": the date, `T`, and the shortest time (see [`Time`]).
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::parse_local_date_time;
///
/// let local = parse_local_date_time("2011-11-18 14:54:00.000").ok_or("invalid")?;
/// assert_eq!(local.to_string(), "2011-11-18T14:54");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalDateTime {
    /// The date.
    pub date: Date,
    /// The time of day.
    pub time: Time,
}

/// A date and time with a time-zone offset, as a "valid global date and time
/// string" represents it.
///
/// The fields keep the string's own local date, time and offset; equality
/// compares them field by field, so compare [`to_utc`](Self::to_utc) results
/// to ask whether two values are the same instant.
///
/// [`Display`](fmt::Display) writes the "valid normalized forced-UTC global
/// date and time string": the date and time converted to UTC, `T` between
/// them, the shortest time (see [`Time`]), and `Z`.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::parse_global_date_time;
///
/// let moment = parse_global_date_time("8592-01-01T02:09+02:09").ok_or("invalid")?;
/// assert_eq!(moment.offset.minutes, 129);
/// assert_eq!(moment.to_string(), "8592-01-01T00:00Z");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GlobalDateTime {
    /// The local date.
    pub date: Date,
    /// The local time of day.
    pub time: Time,
    /// The offset of the local time from UTC.
    pub offset: TimeZoneOffset,
}

/// A duration: a number of seconds, as a "valid duration string" represents
/// it.
///
/// Valid duration strings carry at most three fraction digits, so parsed
/// durations always have a whole number of milliseconds in `nanosecond`.
///
/// [`Display`](fmt::Display) writes a valid duration string of the form
/// `PT<seconds>S`, with up to three fraction digits and no trailing zeros
/// (`PT0S`, `PT90061S`, `PT1.5S`); precision below the millisecond is
/// truncated.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::parse_duration;
///
/// let d = parse_duration("P1DT1H1M1.5S").ok_or("invalid")?;
/// assert_eq!((d.seconds, d.nanosecond), (90_061, 500_000_000));
/// assert_eq!(d.to_string(), "PT90061.5S");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Duration {
    /// Whole seconds.
    pub seconds: u64,
    /// The fraction of a second in nanoseconds, below 1 000 000 000.
    pub nanosecond: u32,
}

impl From<Duration> for std::time::Duration {
    fn from(d: Duration) -> Self {
        // `std::time::Duration::new` carries nanoseconds over into seconds and
        // panics if that overflows, so carry ourselves with saturation.
        let extra = u64::from(d.nanosecond / 1_000_000_000);
        let nanos = d.nanosecond % 1_000_000_000;
        match d.seconds.checked_add(extra) {
            Some(seconds) => std::time::Duration::new(seconds, nanos),
            None => std::time::Duration::MAX,
        }
    }
}

// ---------------------------------------------------------------------------
// Display
// ---------------------------------------------------------------------------

/// Writes `.f`, `.ff` or `.fff` for the milliseconds of `nanosecond` (trailing
/// zeros removed), or nothing when there are none.
fn write_millis(f: &mut fmt::Formatter<'_>, nanosecond: u32) -> fmt::Result {
    let ms = (nanosecond / NANOS_PER_MILLI).min(999);
    if ms == 0 {
        Ok(())
    } else if ms % 100 == 0 {
        write!(f, ".{}", ms / 100)
    } else if ms % 10 == 0 {
        write!(f, ".{:02}", ms / 10)
    } else {
        write!(f, ".{ms:03}")
    }
}

fn has_millis(nanosecond: u32) -> bool {
    nanosecond >= NANOS_PER_MILLI
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl fmt::Display for Time {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // "expressed as the shortest possible string for the given time (e.g.
        // omitting the seconds component entirely if the given time is zero
        // seconds past the minute)".
        write!(f, "{:02}:{:02}", self.hour, self.minute)?;
        if self.second != 0 || has_millis(self.nanosecond) {
            write!(f, ":{:02}", self.second)?;
            write_millis(f, self.nanosecond)?;
        }
        Ok(())
    }
}

impl fmt::Display for TimeZoneOffset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.minutes == 0 {
            return f.write_str("Z");
        }
        let sign = if self.minutes < 0 { '-' } else { '+' };
        let abs = self.minutes.unsigned_abs();
        write!(f, "{sign}{:02}:{:02}", abs / 60, abs % 60)
    }
}

impl fmt::Display for LocalDateTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}T{}", self.date, self.time)
    }
}

impl fmt::Display for GlobalDateTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let utc = self.to_utc();
        write!(f, "{}T{}Z", utc.date, utc.time)
    }
}

impl fmt::Display for Duration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PT{}", self.seconds)?;
        write_millis(f, self.nanosecond)?;
        f.write_str("S")
    }
}

// ---------------------------------------------------------------------------
// Calendar arithmetic
// ---------------------------------------------------------------------------

/// Whether a year (given modulo 400) is a leap year: "divisible by 400, or
/// divisible by 4 but not by 100".
fn is_leap(year_mod_400: u16) -> bool {
    year_mod_400 % 400 == 0 || (year_mod_400 % 4 == 0 && year_mod_400 % 100 != 0)
}

/// The number of days in `month` (1–12) of a year that is or is not leap.
fn days_in_month(month: u8, leap: bool) -> u8 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => 0,
    }
}

/// Day of the week of January 1st of a year (given modulo 400) in the
/// proleptic Gregorian calendar, 0 = Sunday … 6 = Saturday. The calendar
/// repeats every 400 years, so the residue is enough.
fn january_first_weekday(year_mod_400: u16) -> u16 {
    // Gauss's formula, with y = year − 1.
    let y = (year_mod_400 % 400 + 399) % 400;
    (1 + 5 * (y % 4) + 4 * (y % 100) + 6 * y) % 7
}

/// The number of weeks in a week-year (§2.3.5.8): 53 if January 1st is a
/// Thursday, or a Wednesday in a leap year; 52 otherwise.
fn weeks_in_year(year_mod_400: u16) -> u8 {
    match january_first_weekday(year_mod_400) {
        4 => 53,
        3 if is_leap(year_mod_400) => 53,
        _ => 52,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's
/// `days_from_civil`). Works for any field values without overflow.
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (month + 9).rem_euclid(12);
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The inverse of [`days_from_civil`]: (year, month, day).
fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    // `day` is 1..=31 and `month` 1..=12 by construction.
    (year, month as u8, day as u8)
}

impl GlobalDateTime {
    /// The same instant expressed in UTC (offset zero), as the "valid
    /// normalized forced-UTC global date and time string" needs it.
    ///
    /// Seconds and fractions are unchanged, since offsets are whole minutes.
    /// Converting a moment early on 0001-01-01 with a positive offset gives a
    /// date in year 0, which no valid date string can express; results beyond
    /// year 0 or `u32::MAX` (possible only with hand-built field values)
    /// saturate at the first or last representable minute.
    ///
    /// # Examples
    ///
    /// ```
    /// use microdata_model::microsyntax::{parse_global_date_time, Date};
    ///
    /// let utc = parse_global_date_time("2011-12-31T23:30-01:00").ok_or("invalid")?.to_utc();
    /// assert_eq!(utc.date, Date { year: 2012, month: 1, day: 1 });
    /// assert_eq!((utc.time.hour, utc.time.minute), (0, 30));
    /// assert_eq!(utc.offset.minutes, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn to_utc(&self) -> GlobalDateTime {
        let days = days_from_civil(
            i64::from(self.date.year),
            i64::from(self.date.month),
            i64::from(self.date.day),
        );
        let minutes = days * 1440 + i64::from(self.time.hour) * 60 + i64::from(self.time.minute)
            - i64::from(self.offset.minutes);
        let (day_number, minute_of_day) = (minutes.div_euclid(1440), minutes.rem_euclid(1440));
        let (year, month, day) = civil_from_days(day_number);
        let utc_time = |hour: u8, minute: u8, second: u8, nanosecond: u32| GlobalDateTime {
            date: Date {
                year: 0,
                month: 1,
                day: 1,
            },
            time: Time {
                hour,
                minute,
                second,
                nanosecond,
            },
            offset: TimeZoneOffset { minutes: 0 },
        };
        match u32::try_from(year) {
            Ok(year) => GlobalDateTime {
                date: Date { year, month, day },
                time: Time {
                    // `minute_of_day` is in 0..1440.
                    hour: (minute_of_day / 60) as u8,
                    minute: (minute_of_day % 60) as u8,
                    ..self.time
                },
                offset: TimeZoneOffset { minutes: 0 },
            },
            Err(_) if year < 0 => utc_time(0, 0, 0, 0),
            Err(_) => GlobalDateTime {
                date: Date {
                    year: u32::MAX,
                    month: 12,
                    day: 31,
                },
                ..utc_time(23, 59, 59, 999_999_999)
            },
        }
    }
}

// ---------------------------------------------------------------------------
// Scanning
// ---------------------------------------------------------------------------

/// A position in the input, read byte by byte. Every grammar here is ASCII,
/// so a non-ASCII byte simply fails to match; the input is never sliced as a
/// `str`, so multi-byte characters cannot be split.
struct Cursor<'a> {
    input: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn new(s: &'a str) -> Self {
        Cursor {
            input: s.as_bytes(),
            pos: 0,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.input.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.input.get(self.pos.checked_add(ahead)?).copied()
    }

    fn at_end(&self) -> bool {
        self.pos >= self.input.len()
    }

    fn bump(&mut self) {
        self.pos += 1;
    }

    fn eat(&mut self, byte: u8) -> bool {
        if self.peek() == Some(byte) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// "Collect a sequence of code points" that are ASCII digits.
    fn digits(&mut self) -> &'a [u8] {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        self.input.get(start..self.pos).unwrap_or_default()
    }

    /// "Skip ASCII whitespace" (tab, LF, FF, CR, space).
    fn skip_ascii_whitespace(&mut self) {
        while self.peek().is_some_and(is_ascii_whitespace_byte) {
            self.pos += 1;
        }
    }

    /// Exactly two ASCII digits, as a number 0–99.
    fn two_digits(&mut self) -> Option<u8> {
        let (a, b) = (self.peek()?, self.peek_at(1)?);
        if a.is_ascii_digit() && b.is_ascii_digit() {
            self.pos += 2;
            Some((a - b'0') * 10 + (b - b'0'))
        } else {
            None
        }
    }

    /// Two ASCII digits whose value lies in `range`.
    fn two_digits_in(&mut self, range: std::ops::RangeInclusive<u8>) -> Option<u8> {
        self.two_digits().filter(|v| range.contains(v))
    }
}

fn is_ascii_whitespace_byte(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// Runs `rule` on the whole of `s`: `None` unless it matches and consumes all
/// of the input.
fn whole<T>(s: &str, rule: impl FnOnce(&mut Cursor<'_>) -> Option<T>) -> Option<T> {
    let mut cursor = Cursor::new(s);
    let value = rule(&mut cursor)?;
    cursor.at_end().then_some(value)
}

/// The value of a run of ASCII digits, or `None` if it exceeds `u64`.
fn digits_value(digits: &[u8]) -> Option<u64> {
    digits.iter().try_fold(0u64, |acc, &d| {
        acc.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    })
}

/// Nanoseconds of a fraction of one to three digits (".5" → 500 ms).
fn fraction_nanos(digits: &[u8]) -> u32 {
    let mut nanos = 0u32;
    let mut scale = 100 * NANOS_PER_MILLI;
    for &d in digits.iter().take(3) {
        nanos += u32::from(d - b'0') * scale;
        scale /= 10;
    }
    nanos
}

// ---------------------------------------------------------------------------
// Date and time components
// ---------------------------------------------------------------------------

/// A year of any number of digits: its value when it fits a `u32`, and its
/// residue modulo 400 (all the calendar rules need).
#[derive(Clone, Copy)]
struct Year {
    value: Option<u32>,
    mod_400: u16,
}

impl Year {
    fn leap(self) -> bool {
        is_leap(self.mod_400)
    }
}

/// "Four or more ASCII digits, representing year, where year > 0."
fn year(c: &mut Cursor<'_>) -> Option<Year> {
    let run = c.digits();
    if run.len() < 4 {
        return None;
    }
    let mut value = Some(0u32);
    let mut mod_400 = 0u16;
    let mut positive = false;
    for &byte in run {
        let d = byte - b'0';
        value = value.and_then(|v| v.checked_mul(10)?.checked_add(u32::from(d)));
        mod_400 = (mod_400 * 10 + u16::from(d)) % 400;
        positive |= d != 0;
    }
    positive.then_some(Year { value, mod_400 })
}

/// A "valid month string" component: year, "-", month 01–12.
fn month_component(c: &mut Cursor<'_>) -> Option<(Year, u8)> {
    let year = year(c)?;
    if !c.eat(b'-') {
        return None;
    }
    let month = c.two_digits_in(1..=12)?;
    Some((year, month))
}

#[derive(Clone, Copy)]
struct RawDate {
    year: Year,
    month: u8,
    day: u8,
}

impl RawDate {
    fn to_date(self) -> Option<Date> {
        Some(Date {
            year: self.year.value?,
            month: self.month,
            day: self.day,
        })
    }
}

/// A "valid date string" component: month string, "-", day 01–maxday.
fn date_component(c: &mut Cursor<'_>) -> Option<RawDate> {
    let (year, month) = month_component(c)?;
    if !c.eat(b'-') {
        return None;
    }
    let day = c.two_digits_in(1..=days_in_month(month, year.leap()))?;
    Some(RawDate { year, month, day })
}

/// A "valid yearless date string" component: optional "--", month, "-", day
/// (29 February allowed: "maxday is the number of days in the month month and
/// any arbitrary leap year").
fn yearless_date_component(c: &mut Cursor<'_>) -> Option<(u8, u8)> {
    if c.eat(b'-') && !c.eat(b'-') {
        return None;
    }
    let month = c.two_digits_in(1..=12)?;
    if !c.eat(b'-') {
        return None;
    }
    let day = c.two_digits_in(1..=days_in_month(month, true))?;
    Some((month, day))
}

/// A "valid time string" component: HH ":" MM, optionally ":" SS, optionally
/// "." and one, two or three digits.
fn time_component(c: &mut Cursor<'_>) -> Option<Time> {
    let hour = c.two_digits_in(0..=23)?;
    if !c.eat(b':') {
        return None;
    }
    let minute = c.two_digits_in(0..=59)?;
    let mut second = 0;
    let mut nanosecond = 0;
    if c.eat(b':') {
        second = c.two_digits_in(0..=59)?;
        if c.eat(b'.') {
            let fraction = c.digits();
            if !(1..=3).contains(&fraction.len()) {
                return None;
            }
            nanosecond = fraction_nanos(fraction);
        }
    }
    Some(Time {
        hour,
        minute,
        second,
        nanosecond,
    })
}

/// A "valid time-zone offset string" component: "Z", or a sign, HH 00–23, an
/// optional ":", and MM 00–59.
fn time_zone_offset_component(c: &mut Cursor<'_>) -> Option<TimeZoneOffset> {
    let negative = match c.peek()? {
        b'Z' => {
            c.bump();
            return Some(TimeZoneOffset { minutes: 0 });
        }
        b'+' => false,
        b'-' => true,
        _ => return None,
    };
    c.bump();
    let hours = c.two_digits_in(0..=23)?;
    c.eat(b':');
    let minutes = c.two_digits_in(0..=59)?;
    let total = i16::from(hours) * 60 + i16::from(minutes);
    Some(TimeZoneOffset {
        minutes: if negative { -total } else { total },
    })
}

/// A "valid local date and time string" component: date, "T" or a single
/// space, time.
fn local_date_time_component(c: &mut Cursor<'_>) -> Option<(RawDate, Time)> {
    let date = date_component(c)?;
    if !(c.eat(b'T') || c.eat(b' ')) {
        return None;
    }
    let time = time_component(c)?;
    Some((date, time))
}

/// A "valid global date and time string" component: local date and time
/// followed by a time-zone offset.
fn global_date_time_component(c: &mut Cursor<'_>) -> Option<(RawDate, Time, TimeZoneOffset)> {
    let (date, time) = local_date_time_component(c)?;
    let offset = time_zone_offset_component(c)?;
    Some((date, time, offset))
}

/// A "valid week string" component: year, "-", "W", week 01–(52 or 53).
fn week_component(c: &mut Cursor<'_>) -> Option<(Year, u8)> {
    let year = year(c)?;
    if !(c.eat(b'-') && c.eat(b'W')) {
        return None;
    }
    let week = c.two_digits_in(1..=weeks_in_year(year.mod_400))?;
    Some((year, week))
}

// ---------------------------------------------------------------------------
// Durations
// ---------------------------------------------------------------------------

/// A duration being summed: seconds (`None` once the total overflows `u64`)
/// and a fraction of at most three digits.
struct DurationSum {
    seconds: Option<u64>,
    nanosecond: u32,
}

impl DurationSum {
    fn new() -> Self {
        DurationSum {
            seconds: Some(0),
            nanosecond: 0,
        }
    }

    fn add(&mut self, digits: &[u8], scale: u64) {
        let term = digits_value(digits).and_then(|v| v.checked_mul(scale));
        self.seconds = self.seconds.zip(term).and_then(|(a, b)| a.checked_add(b));
    }

    fn finish(self) -> Option<Duration> {
        Some(Duration {
            seconds: self.seconds?,
            nanosecond: self.nanosecond,
        })
    }
}

/// The optional "." and one, two or three digits of a seconds count. `Err`
/// when a "." is not followed by 1–3 digits.
fn optional_fraction(c: &mut Cursor<'_>) -> Result<Option<u32>, ()> {
    if !c.eat(b'.') {
        return Ok(None);
    }
    let fraction = c.digits();
    if (1..=3).contains(&fraction.len()) {
        Ok(Some(fraction_nanos(fraction)))
    } else {
        Err(())
    }
}

/// The ISO 8601-like form of a "valid duration string": "P", optionally
/// days "nD", optionally "T" followed by one or more of "nH", "nM",
/// "n[.fff]S" in that order; at least one of the days and the "T" part.
fn iso_duration(c: &mut Cursor<'_>) -> Option<DurationSum> {
    if !c.eat(b'P') {
        return None;
    }
    let mut sum = DurationSum::new();
    let mut any = false;
    if c.peek().is_some_and(|b| b.is_ascii_digit()) {
        let days = c.digits();
        if !c.eat(b'D') {
            return None;
        }
        sum.add(days, SECONDS_PER_DAY);
        any = true;
    }
    if c.eat(b'T') {
        // 0 = nothing yet, 1 = hours, 2 = minutes, 3 = seconds.
        let mut stage = 0;
        while c.peek().is_some_and(|b| b.is_ascii_digit()) {
            let count = c.digits();
            let fraction = optional_fraction(c).ok()?;
            let (unit_stage, scale) = match c.peek() {
                Some(b'H') if fraction.is_none() => (1, SECONDS_PER_HOUR),
                Some(b'M') if fraction.is_none() => (2, SECONDS_PER_MINUTE),
                Some(b'S') => (3, 1),
                _ => return None,
            };
            if unit_stage <= stage {
                return None;
            }
            c.bump();
            stage = unit_stage;
            sum.add(count, scale);
            if let Some(nanos) = fraction {
                sum.nanosecond = nanos;
            }
        }
        if stage == 0 {
            return None;
        }
        any = true;
    }
    any.then_some(sum)
}

/// The component form of a "valid duration string": one or more "duration
/// time components", each of zero or more ASCII whitespace, digits (with an
/// optional "." and 1–3 digits for seconds), zero or more ASCII whitespace, a
/// unit letter (W/w, D/d, H/h, M/m, S/s; each at most once), and zero or more
/// ASCII whitespace.
fn component_duration(c: &mut Cursor<'_>) -> Option<DurationSum> {
    let mut sum = DurationSum::new();
    let mut seen = 0u8;
    loop {
        c.skip_ascii_whitespace();
        if c.at_end() && seen != 0 {
            return Some(sum);
        }
        let count = c.digits();
        if count.is_empty() {
            return None;
        }
        let fraction = optional_fraction(c).ok()?;
        c.skip_ascii_whitespace();
        let (bit, scale) = match c.peek()?.to_ascii_lowercase() {
            b'w' => (1, SECONDS_PER_WEEK),
            b'd' => (2, SECONDS_PER_DAY),
            b'h' => (4, SECONDS_PER_HOUR),
            b'm' => (8, SECONDS_PER_MINUTE),
            b's' => (16, 1),
            _ => return None,
        };
        // "each with a different duration time component scale"; a fraction
        // only when "the duration time component scale specified is 1".
        if seen & bit != 0 || (fraction.is_some() && scale != 1) {
            return None;
        }
        c.bump();
        seen |= bit;
        sum.add(count, scale);
        if let Some(nanos) = fraction {
            sum.nanosecond = nanos;
        }
    }
}

fn duration_grammar(s: &str) -> Option<DurationSum> {
    whole(s, iso_duration).or_else(|| whole(s, component_duration))
}

/// A "valid vevent duration string" (WHATWG vEvent vocabulary, RFC 5545
/// `dur-value` without a sign): "P", then either "nW", or "nD" optionally
/// followed by a time part, or a time part alone; the time part is "T"
/// followed by "nH", "nM" or "nS", or "nH nM", "nM nS" or "nH nM nS" in that
/// order (so never hours and seconds without minutes).
fn vevent_duration(c: &mut Cursor<'_>) -> Option<DurationSum> {
    if !c.eat(b'P') {
        return None;
    }
    let mut sum = DurationSum::new();
    if c.peek().is_some_and(|b| b.is_ascii_digit()) {
        let count = c.digits();
        match c.peek() {
            Some(b'W') => {
                c.bump();
                sum.add(count, SECONDS_PER_WEEK);
                return Some(sum);
            }
            Some(b'D') => {
                c.bump();
                sum.add(count, SECONDS_PER_DAY);
                if c.at_end() {
                    return Some(sum);
                }
            }
            _ => return None,
        }
    }
    if !c.eat(b'T') {
        return None;
    }
    let mut previous: Option<u8> = None;
    while c.peek().is_some_and(|b| b.is_ascii_digit()) {
        let count = c.digits();
        let (stage, scale) = match c.peek() {
            Some(b'H') => (1, SECONDS_PER_HOUR),
            Some(b'M') => (2, SECONDS_PER_MINUTE),
            Some(b'S') => (3, 1),
            _ => return None,
        };
        // After the first unit, each next one must be the very next unit.
        if previous.is_some_and(|p| p + 1 != stage) {
            return None;
        }
        c.bump();
        previous = Some(stage);
        sum.add(count, scale);
    }
    previous.map(|_| sum)
}

// ---------------------------------------------------------------------------
// Public API: dates and times
// ---------------------------------------------------------------------------

/// Parses a "valid month string" (`YYYY-MM`) into `(year, month)`.
///
/// `None` if the whole string is not a valid month string, or if the year
/// does not fit in a `u32`.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::parse_month;
///
/// assert_eq!(parse_month("2011-11"), Some((2011, 11)));
/// assert_eq!(parse_month("2011-13"), None);
/// ```
pub fn parse_month(s: &str) -> Option<(u32, u8)> {
    let (year, month) = whole(s, month_component)?;
    Some((year.value?, month))
}

/// Whether the whole string is a "valid month string" (`YYYY-MM`, a year of
/// four or more digits above zero, a month 01–12).
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::is_valid_month_string;
///
/// assert!(is_valid_month_string("2011-11"));
/// assert!(!is_valid_month_string("0000-11"));
/// ```
pub fn is_valid_month_string(s: &str) -> bool {
    whole(s, month_component).is_some()
}

/// Parses a "valid date string" (`YYYY-MM-DD`).
///
/// `None` if the whole string is not a valid date string (leap years are
/// checked: 29 February needs a year divisible by 400, or by 4 and not by
/// 100), or if the year does not fit in a `u32`.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::{parse_date, Date};
///
/// assert_eq!(parse_date("2000-02-29"), Some(Date { year: 2000, month: 2, day: 29 }));
/// assert_eq!(parse_date("1900-02-29"), None);
/// assert_eq!(parse_date(" 2000-02-29"), None);
/// ```
pub fn parse_date(s: &str) -> Option<Date> {
    whole(s, date_component)?.to_date()
}

/// Whether the whole string is a "valid date string" (`YYYY-MM-DD`).
///
/// Years of any length are accepted.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::is_valid_date_string;
///
/// assert!(is_valid_date_string("0037-12-13"));
/// assert!(!is_valid_date_string("37-12-13"));
/// assert!(is_valid_date_string("12345678901234567890-12-31"));
/// ```
pub fn is_valid_date_string(s: &str) -> bool {
    whole(s, date_component).is_some()
}

/// Parses a "valid yearless date string" (`MM-DD` or `--MM-DD`) into
/// `(month, day)`. 29 February is allowed.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::parse_yearless_date;
///
/// assert_eq!(parse_yearless_date("11-18"), Some((11, 18)));
/// assert_eq!(parse_yearless_date("--02-29"), Some((2, 29)));
/// assert_eq!(parse_yearless_date("-02-29"), None);
/// ```
pub fn parse_yearless_date(s: &str) -> Option<(u8, u8)> {
    whole(s, yearless_date_component)
}

/// Whether the whole string is a "valid yearless date string".
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::is_valid_yearless_date_string;
///
/// assert!(is_valid_yearless_date_string("--12-25"));
/// assert!(!is_valid_yearless_date_string("02-30"));
/// ```
pub fn is_valid_yearless_date_string(s: &str) -> bool {
    whole(s, yearless_date_component).is_some()
}

/// Parses a "valid time string" (`HH:MM`, `HH:MM:SS` or `HH:MM:SS.f` with one
/// to three fraction digits).
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::{parse_time, Time};
///
/// assert_eq!(
///     parse_time("14:54:39.929"),
///     Some(Time { hour: 14, minute: 54, second: 39, nanosecond: 929_000_000 })
/// );
/// assert_eq!(parse_time("24:00"), None);
/// assert_eq!(parse_time("14:54:39.9291"), None);
/// ```
pub fn parse_time(s: &str) -> Option<Time> {
    whole(s, time_component)
}

/// Whether the whole string is a "valid time string".
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::is_valid_time_string;
///
/// assert!(is_valid_time_string("23:59:59.999"));
/// assert!(!is_valid_time_string("23:59:60"));
/// ```
pub fn is_valid_time_string(s: &str) -> bool {
    whole(s, time_component).is_some()
}

/// Parses a "valid local date and time string": a valid date string, `T` or a
/// single space, and a valid time string.
///
/// `None` if the whole string does not match, or if the year does not fit in
/// a `u32`.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::parse_local_date_time;
///
/// let local = parse_local_date_time("2011-11-18 14:54:39").ok_or("invalid")?;
/// assert_eq!(local.to_string(), "2011-11-18T14:54:39");
/// assert_eq!(parse_local_date_time("2011-11-18t14:54"), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_local_date_time(s: &str) -> Option<LocalDateTime> {
    let (date, time) = whole(s, local_date_time_component)?;
    Some(LocalDateTime {
        date: date.to_date()?,
        time,
    })
}

/// Whether the whole string is a "valid local date and time string".
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::is_valid_local_date_and_time_string;
///
/// assert!(is_valid_local_date_and_time_string("2011-11-18T14:54"));
/// assert!(!is_valid_local_date_and_time_string("2011-11-18T14:54Z"));
/// ```
pub fn is_valid_local_date_and_time_string(s: &str) -> bool {
    whole(s, local_date_time_component).is_some()
}

/// Whether the whole string is a "valid normalized local date and time
/// string": a local date and time with `T` and the shortest time form.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::is_valid_normalized_local_date_and_time_string;
///
/// assert!(is_valid_normalized_local_date_and_time_string("2011-11-18T14:54"));
/// assert!(!is_valid_normalized_local_date_and_time_string("2011-11-18T14:54:00"));
/// assert!(!is_valid_normalized_local_date_and_time_string("2011-11-18 14:54"));
/// ```
pub fn is_valid_normalized_local_date_and_time_string(s: &str) -> bool {
    whole(s, |c| {
        date_component(c)?;
        if !c.eat(b'T') {
            return None;
        }
        let start = c.pos;
        let time = time_component(c)?;
        // The time must be written in its unique shortest form.
        let written = c.input.get(start..c.pos)?;
        (written == time.to_string().as_bytes()).then_some(())
    })
    .is_some()
}

/// Parses a "valid time-zone offset string": `Z`, or `+`/`-` followed by
/// `HH:MM` or `HHMM` (hours 00–23, minutes 00–59).
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::parse_time_zone_offset;
///
/// assert_eq!(parse_time_zone_offset("Z").map(|o| o.minutes), Some(0));
/// assert_eq!(parse_time_zone_offset("+05:45").map(|o| o.minutes), Some(345));
/// assert_eq!(parse_time_zone_offset("-08:00").map(|o| o.minutes), Some(-480));
/// assert_eq!(parse_time_zone_offset("+24:00"), None);
/// assert_eq!(parse_time_zone_offset("z"), None);
/// ```
pub fn parse_time_zone_offset(s: &str) -> Option<TimeZoneOffset> {
    whole(s, time_zone_offset_component)
}

/// Whether the whole string is a "valid time-zone offset string".
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::is_valid_time_zone_offset_string;
///
/// assert!(is_valid_time_zone_offset_string("+0000"));
/// assert!(!is_valid_time_zone_offset_string("+00:60"));
/// ```
pub fn is_valid_time_zone_offset_string(s: &str) -> bool {
    whole(s, time_zone_offset_component).is_some()
}

/// Parses a "valid global date and time string": a valid local date and time
/// string immediately followed by a valid time-zone offset string.
///
/// The result keeps the local fields and the offset; its
/// [`Display`](fmt::Display) and [`GlobalDateTime::to_utc`] give the
/// forced-UTC form. `None` if the whole string does not match, or if the year
/// does not fit in a `u32`.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::parse_global_date_time;
///
/// let nero = parse_global_date_time("0037-12-13 00:00Z").ok_or("invalid")?;
/// assert_eq!(nero.to_string(), "0037-12-13T00:00Z");
/// assert_eq!(parse_global_date_time("2001-12-21  12:00Z"), None);
/// assert_eq!(parse_global_date_time("2001-12-21T12:00"), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_global_date_time(s: &str) -> Option<GlobalDateTime> {
    let (date, time, offset) = whole(s, global_date_time_component)?;
    Some(GlobalDateTime {
        date: date.to_date()?,
        time,
        offset,
    })
}

/// Whether the whole string is a "valid global date and time string".
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::is_valid_global_date_and_time_string;
///
/// assert!(is_valid_global_date_and_time_string("1979-10-14T12:00:00.001-04:00"));
/// assert!(!is_valid_global_date_and_time_string("1979-10-14T12:00:00.001"));
/// ```
pub fn is_valid_global_date_and_time_string(s: &str) -> bool {
    whole(s, global_date_time_component).is_some()
}

/// Parses a "valid week string" (`YYYY-Www`) into `(week-year, week)`.
///
/// A week-year has 53 weeks when its January 1st is a Thursday, or a
/// Wednesday in a leap year, and 52 weeks otherwise. `None` if the whole
/// string does not match, or if the year does not fit in a `u32`.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::parse_week;
///
/// assert_eq!(parse_week("2011-W47"), Some((2011, 47)));
/// assert_eq!(parse_week("2015-W53"), Some((2015, 53)));
/// assert_eq!(parse_week("2011-W53"), None);
/// ```
pub fn parse_week(s: &str) -> Option<(u32, u8)> {
    let (year, week) = whole(s, week_component)?;
    Some((year.value?, week))
}

/// Whether the whole string is a "valid week string".
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::is_valid_week_string;
///
/// assert!(is_valid_week_string("2020-W53"));
/// assert!(!is_valid_week_string("2020-w53"));
/// ```
pub fn is_valid_week_string(s: &str) -> bool {
    whole(s, week_component).is_some()
}

/// Parses a "valid duration string", in either of its two forms:
///
/// - ISO 8601-like: `P`, optionally days `nD`, optionally `T` and one or more
///   of `nH`, `nM`, `n[.fff]S` in that order (`P1DT2H`, `PT4H18M3S`); weeks,
///   months and years are not allowed;
/// - components: one or more of `n` followed by a unit `w`, `d`, `h`, `m` or
///   `s` (either case, each unit at most once, in any order; seconds may have
///   one to three fraction digits), with optional ASCII whitespace around the
///   numbers and units (`4h 18m 3s`).
///
/// `None` if the whole string is neither, or if the total number of seconds
/// does not fit in a `u64`.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::{parse_duration, Duration};
///
/// let expected = Duration { seconds: 15_483, nanosecond: 0 };
/// assert_eq!(parse_duration("PT4H18M3S"), Some(expected));
/// assert_eq!(parse_duration("4h 18m 3s"), Some(expected));
/// assert_eq!(parse_duration("P1W"), None);
/// ```
pub fn parse_duration(s: &str) -> Option<Duration> {
    duration_grammar(s)?.finish()
}

/// Whether the whole string is a "valid duration string" (see
/// [`parse_duration`] for the two forms).
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::is_valid_duration_string;
///
/// assert!(is_valid_duration_string("P12DT7H12M13.5S"));
/// assert!(is_valid_duration_string("1w 2d 3.25s"));
/// assert!(!is_valid_duration_string("PT"));
/// assert!(!is_valid_duration_string("3h 3h"));
/// ```
pub fn is_valid_duration_string(s: &str) -> bool {
    duration_grammar(s).is_some()
}

/// Whether the whole string is a "valid vevent duration string", the
/// `duration` value of the WHATWG vEvent vocabulary (RFC 5545 `dur-value`
/// without a sign): `P` then `nW`, or `nD` optionally followed by a time part,
/// or a time part alone, where the time part is `T` followed by `nH`, `nM`,
/// `nS`, `nHnM`, `nMnS` or `nHnMnS`.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::is_valid_vevent_duration_string;
///
/// assert!(is_valid_vevent_duration_string("P1W"));
/// assert!(is_valid_vevent_duration_string("P15DT5H0M20S"));
/// assert!(!is_valid_vevent_duration_string("PT1H20S"));
/// assert!(!is_valid_vevent_duration_string("P1WT1H"));
/// ```
pub fn is_valid_vevent_duration_string(s: &str) -> bool {
    whole(s, vevent_duration).is_some()
}

/// Parses a "valid vevent duration string" into the duration it represents:
/// "the sum of all the durations represented by integers in the value".
///
/// `None` if the whole string is not a valid vevent duration string, or if
/// the total does not fit in a `u64`.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::parse_vevent_duration;
///
/// assert_eq!(parse_vevent_duration("P2W").map(|d| d.seconds), Some(1_209_600));
/// assert_eq!(parse_vevent_duration("PT1H30M").map(|d| d.seconds), Some(5_400));
/// ```
pub fn parse_vevent_duration(s: &str) -> Option<Duration> {
    whole(s, vevent_duration)?.finish()
}

// ---------------------------------------------------------------------------
// Public API: numbers
// ---------------------------------------------------------------------------

/// Whether the whole string is a "valid integer": an optional `-` and one or
/// more ASCII digits.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::is_valid_integer;
///
/// assert!(is_valid_integer("-42"));
/// assert!(!is_valid_integer("+42"));
/// assert!(!is_valid_integer(" 42"));
/// ```
pub fn is_valid_integer(s: &str) -> bool {
    let digits = s.strip_prefix('-').unwrap_or(s);
    is_valid_non_negative_integer(digits)
}

/// Whether the whole string is a "valid non-negative integer": one or more
/// ASCII digits.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::is_valid_non_negative_integer;
///
/// assert!(is_valid_non_negative_integer("007"));
/// assert!(!is_valid_non_negative_integer("-0"));
/// ```
pub fn is_valid_non_negative_integer(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// The "rules for parsing integers" up to step 7: `(negative, magnitude)`,
/// the magnitude `None` when it exceeds `u64`.
fn integer_rules(s: &str) -> Option<(bool, Option<u64>)> {
    let mut c = Cursor::new(s);
    // 3. Skip ASCII whitespace. 4. If past the end, return an error.
    c.skip_ascii_whitespace();
    // 5. A "-" makes the sign negative; a "+" is ignored (not conforming).
    let negative = match c.peek()? {
        b'-' => {
            c.bump();
            true
        }
        b'+' => {
            c.bump();
            false
        }
        _ => false,
    };
    // 6. If the character is not an ASCII digit, return an error.
    // 7. Collect a sequence of ASCII digits; the rest of the input is ignored.
    let digits = c.digits();
    if digits.is_empty() {
        return None;
    }
    Some((negative, digits_value(digits)))
}

/// The "rules for parsing integers": skips leading ASCII whitespace, takes an
/// optional `-` (or an ignored `+`), then the ASCII digits that follow, and
/// ignores the rest of the string.
///
/// `None` for an error (no digits) and for a value outside `i64`.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::parse_integer;
///
/// assert_eq!(parse_integer("  -12px"), Some(-12));
/// assert_eq!(parse_integer("+7"), Some(7));
/// assert_eq!(parse_integer("px"), None);
/// ```
pub fn parse_integer(s: &str) -> Option<i64> {
    let (negative, magnitude) = integer_rules(s)?;
    let magnitude = i128::from(magnitude?);
    i64::try_from(if negative { -magnitude } else { magnitude }).ok()
}

/// The "rules for parsing non-negative integers": the rules for parsing
/// integers, then an error for a value below zero (`-0` is zero).
///
/// `None` for an error and for a value above `u64::MAX`.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::parse_non_negative_integer;
///
/// assert_eq!(parse_non_negative_integer(" 3 apples"), Some(3));
/// assert_eq!(parse_non_negative_integer("-0"), Some(0));
/// assert_eq!(parse_non_negative_integer("-1"), None);
/// ```
pub fn parse_non_negative_integer(s: &str) -> Option<u64> {
    match integer_rules(s)? {
        (true, Some(0)) => Some(0),
        (true, _) => None,
        (false, magnitude) => magnitude,
    }
}

/// Whether the whole string is a "valid floating-point number": an optional
/// `-`; digits, or digits `.` digits, or `.` digits; then optionally `e` or
/// `E`, an optional `-` or `+`, and digits.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::is_valid_floating_point_number;
///
/// assert!(is_valid_floating_point_number("-.5e+10"));
/// assert!(!is_valid_floating_point_number("1."));
/// assert!(!is_valid_floating_point_number("+1"));
/// ```
pub fn is_valid_floating_point_number(s: &str) -> bool {
    whole(s, |c| {
        c.eat(b'-');
        let integer = c.digits();
        if c.eat(b'.') {
            if c.digits().is_empty() {
                return None;
            }
        } else if integer.is_empty() {
            return None;
        }
        if c.eat(b'e') || c.eat(b'E') {
            if !c.eat(b'-') {
                c.eat(b'+');
            }
            if c.digits().is_empty() {
                return None;
            }
        }
        Some(())
    })
    .is_some()
}

/// The "rules for parsing floating-point number values".
///
/// Leading ASCII whitespace is skipped; a `-` or an ignored `+` may come
/// next; then digits, an optional `.` fraction and an optional exponent, and
/// parsing stops at the first character that does not fit. The decimal value
/// is rounded to the nearest `f64` (ties to even); `-0` becomes `0`, and a
/// value that rounds beyond the finite doubles is an error.
///
/// `None` for an error.
///
/// # Examples
///
/// ```
/// use microdata_model::microsyntax::parse_floating_point_number;
///
/// assert_eq!(parse_floating_point_number(" 1.5e2x"), Some(150.0));
/// assert_eq!(parse_floating_point_number("+.5"), Some(0.5));
/// assert_eq!(parse_floating_point_number("1."), Some(1.0));
/// assert_eq!(parse_floating_point_number("1e400"), None);
/// assert_eq!(parse_floating_point_number("."), None);
/// ```
pub fn parse_floating_point_number(s: &str) -> Option<f64> {
    let mut c = Cursor::new(s);
    // 5. Skip ASCII whitespace. 6. If past the end, return an error.
    c.skip_ascii_whitespace();
    // 7. "-" makes the value negative; "+" is ignored. Past the end after
    //    either is an error.
    let negative = match c.peek()? {
        b'-' => {
            c.bump();
            true
        }
        b'+' => {
            c.bump();
            false
        }
        _ => false,
    };
    let integer: &[u8];
    let mut fraction: &[u8] = &[];
    if c.peek() == Some(b'.') && c.peek_at(1).is_some_and(|b| b.is_ascii_digit()) {
        // 8. "." followed by a digit: the value is zero plus the fraction.
        integer = &[];
        c.bump();
        fraction = c.digits();
    } else {
        // 9. Anything else but a digit is an error. 10. Collect the digits.
        integer = c.digits();
        if integer.is_empty() {
            return None;
        }
        // 12. Fraction: after ".", digits (possibly none) are the fraction;
        //     a character other than a digit, "e" or "E" ends the number, as
        //     the exponent step below then finds nothing to read.
        if c.eat(b'.') {
            fraction = c.digits();
        }
    }
    // 13. Exponent: "e" or "E", an optional sign, digits. A missing digit run
    //     just ends the number ("jump to the step labeled conversion").
    let mut exponent: i64 = 0;
    if c.eat(b'e') || c.eat(b'E') {
        let exponent_negative = if c.eat(b'-') {
            true
        } else {
            c.eat(b'+');
            false
        };
        // Saturate: anything this large is infinite or zero anyway.
        const CAP: i64 = 1_000_000_000_000_000;
        let magnitude = c
            .digits()
            .iter()
            .fold(0i64, |acc, &d| {
                acc.saturating_mul(10).saturating_add(i64::from(d - b'0'))
            })
            .min(CAP);
        exponent = if exponent_negative {
            -magnitude
        } else {
            magnitude
        };
    }
    // 14–17. Conversion: round the exact decimal value to the nearest double.
    let value = decimal_to_f64(integer, fraction, exponent)?;
    // "-0" is not in the set of values S, so the closest value is 0.
    Some(if value == 0.0 {
        0.0
    } else if negative {
        -value
    } else {
        value
    })
}

/// Rounds `integer.fraction × 10^exponent` (non-negative) to the nearest
/// double, ties to even; `None` when it rounds to 2^1024 or beyond.
fn decimal_to_f64(integer: &[u8], fraction: &[u8], exponent: i64) -> Option<f64> {
    // All the significant digits, without leading zeros, and the power of ten
    // of the last one.
    let mut digits: Vec<u8> = Vec::with_capacity(integer.len() + fraction.len() + 24);
    digits.extend(integer.iter().chain(fraction).skip_while(|&&d| d == b'0'));
    if digits.is_empty() {
        return Some(0.0);
    }
    let fraction_len = i64::try_from(fraction.len()).unwrap_or(i64::MAX);
    let digits_len = i64::try_from(digits.len()).unwrap_or(i64::MAX);
    let scale = exponent.saturating_sub(fraction_len);
    // The value lies in [10^(magnitude-1), 10^magnitude).
    let magnitude = digits_len.saturating_add(scale);
    if magnitude > 310 {
        // At least 10^310, far above the largest double (about 1.8 × 10^308).
        return None;
    }
    if magnitude < -400 {
        // Below 10^-400, far under half the smallest subnormal (4.9 × 10^-324).
        return Some(0.0);
    }
    digits.push(b'e');
    digits.extend_from_slice(scale.to_string().as_bytes());
    // The buffer holds only ASCII digits, "e", "-" and digits, which Rust's
    // correctly rounded (round-half-even) decimal parser accepts.
    let text = std::str::from_utf8(&digits).ok()?;
    let value: f64 = text.parse().ok()?;
    value.is_finite().then_some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn global_date_time_examples() {
        let g = parse_global_date_time("1979-10-14T12:00:00.001-04:00");
        assert_eq!(
            g.map(|g| g.to_string()).as_deref(),
            Some("1979-10-14T16:00:00.001Z")
        );
    }
}
