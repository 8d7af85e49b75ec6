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
/// them, the shortest time (see [`Time`]), and `Z`. Where UTC falls outside
/// the years a valid string can have, it writes what
/// [`to_utc`](Self::to_utc) gives: a moment early on 0001-01-01 with a
/// positive offset is written in year 0 (`0000-12-31T23:00Z`), which is
/// no valid date string, and one past the last year is written as the
/// last instant, `4294967295-12-31T23:59:59.999Z`.
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
    } else if ms.is_multiple_of(100) {
        write!(f, ".{}", ms / 100)
    } else if ms.is_multiple_of(10) {
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
    year_mod_400.is_multiple_of(400)
        || (year_mod_400.is_multiple_of(4) && !year_mod_400.is_multiple_of(100))
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

/// The last instant the types hold, in UTC, where conversions past the
/// last year saturate.
const LAST_INSTANT: GlobalDateTime = GlobalDateTime {
    date: Date {
        year: u32::MAX,
        month: 12,
        day: 31,
    },
    time: Time {
        hour: 23,
        minute: 59,
        second: 59,
        nanosecond: 999_999_999,
    },
    offset: TimeZoneOffset { minutes: 0 },
};

impl GlobalDateTime {
    /// The instant `time`, in UTC (offset zero), with its nanoseconds.
    ///
    /// Instants before 0001-01-01T00:00:00Z, which no valid date string can
    /// express, give that first instant; instants after the last year a
    /// `u32` holds give the last one, 4294967295-12-31T23:59:59.999999999Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use microdata_model::microsyntax::GlobalDateTime;
    ///
    /// let t = GlobalDateTime::from_system_time(UNIX_EPOCH + Duration::from_secs(951_782_400));
    /// assert_eq!(t.to_string(), "2000-02-29T00:00Z");
    /// assert_eq!(t.to_system_time(), UNIX_EPOCH + Duration::from_secs(951_782_400));
    /// ```
    pub fn from_system_time(time: std::time::SystemTime) -> GlobalDateTime {
        let (seconds, nanosecond) = match time.duration_since(std::time::UNIX_EPOCH) {
            Ok(d) => (
                i64::try_from(d.as_secs()).unwrap_or(i64::MAX),
                d.subsec_nanos(),
            ),
            Err(e) => {
                let d = e.duration();
                let secs = i64::try_from(d.as_secs()).unwrap_or(i64::MAX);
                match d.subsec_nanos() {
                    0 => (-secs, 0),
                    n => (-secs - 1, 1_000_000_000 - n),
                }
            }
        };
        let days = seconds.div_euclid(86_400);
        let second_of_day = seconds.rem_euclid(86_400);
        let (year, month, day) = civil_from_days(days);
        let (date, time) = match u32::try_from(year) {
            Ok(year) if year >= 1 => (
                Date { year, month, day },
                Time {
                    // `second_of_day` is in 0..86 400.
                    hour: (second_of_day / 3600) as u8,
                    minute: (second_of_day / 60 % 60) as u8,
                    second: (second_of_day % 60) as u8,
                    nanosecond,
                },
            ),
            // Past the last year: the last instant, as `to_utc` saturates.
            _ if year > 0 => (LAST_INSTANT.date, LAST_INSTANT.time),
            _ => (
                Date {
                    year: 1,
                    month: 1,
                    day: 1,
                },
                Time {
                    hour: 0,
                    minute: 0,
                    second: 0,
                    nanosecond: 0,
                },
            ),
        };
        GlobalDateTime {
            date,
            time,
            offset: TimeZoneOffset { minutes: 0 },
        }
    }

    /// The instant as a [`SystemTime`](std::time::SystemTime).
    ///
    /// # Panics
    ///
    /// Where `SystemTime` cannot hold the instant, as `SystemTime +
    /// Duration` panics: never on Unix targets, whose `SystemTime` holds
    /// every year a `u32` can; on Windows, from the year 30828.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use microdata_model::microsyntax::parse_global_date_time;
    ///
    /// // 01:30 at UTC+02:00 is 23:30 UTC the day before.
    /// let t = parse_global_date_time("1970-01-02T01:30+02:00").unwrap();
    /// assert_eq!(t.to_system_time(), UNIX_EPOCH + Duration::from_secs(23 * 3600 + 30 * 60));
    /// ```
    pub fn to_system_time(&self) -> std::time::SystemTime {
        let days = days_from_civil(
            i64::from(self.date.year),
            i64::from(self.date.month),
            i64::from(self.date.day),
        );
        let seconds = days * 86_400
            + i64::from(self.time.hour) * 3600
            + i64::from(self.time.minute) * 60
            + i64::from(self.time.second)
            - i64::from(self.offset.minutes) * 60;
        let nanos = std::time::Duration::from_nanos(u64::from(self.time.nanosecond));
        let whole = std::time::Duration::from_secs(seconds.unsigned_abs());
        if seconds >= 0 {
            std::time::UNIX_EPOCH + whole + nanos
        } else {
            std::time::UNIX_EPOCH - whole + nanos
        }
    }
}

/// [`GlobalDateTime::from_system_time`], so that options taking
/// `impl Into<GlobalDateTime>` also take a `SystemTime`.
///
/// # Examples
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
/// use microdata_model::microsyntax::GlobalDateTime;
///
/// let t: GlobalDateTime = (UNIX_EPOCH + Duration::from_secs(86_400)).into();
/// assert_eq!(t.to_string(), "1970-01-02T00:00Z");
/// ```
impl From<std::time::SystemTime> for GlobalDateTime {
    fn from(time: std::time::SystemTime) -> Self {
        GlobalDateTime::from_system_time(time)
    }
}

/// [`GlobalDateTime::to_system_time`], so that options taking
/// `impl Into<SystemTime>` also take a parsed date.
///
/// # Examples
///
/// ```
/// use std::time::{SystemTime, UNIX_EPOCH};
/// use microdata_model::microsyntax::parse_global_date_time;
///
/// let t: SystemTime = parse_global_date_time("1970-01-01T01:00+01:00").unwrap().into();
/// assert_eq!(t, UNIX_EPOCH);
/// ```
impl From<GlobalDateTime> for std::time::SystemTime {
    fn from(time: GlobalDateTime) -> Self {
        time.to_system_time()
    }
}

impl GlobalDateTime {
    /// The same instant expressed in UTC (offset zero), as the "valid
    /// normalized forced-UTC global date and time string" needs it.
    ///
    /// Seconds and fractions are unchanged, since offsets are whole minutes.
    /// Converting a moment early on 0001-01-01 with a positive offset gives a
    /// date in year 0, which no valid date string can express. Results before
    /// year 0 (possible only with hand-built field values) or after year
    /// `u32::MAX` (also from a parsed string: the last minutes of
    /// 4294967295-12-31 with a negative offset, such as
    /// `4294967295-12-31T23:59-00:01`) saturate at the first or last
    /// representable instant: 0000-01-01T00:00Z, or
    /// 4294967295-12-31T23:59:59.999999999Z.
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
            Err(_) => LAST_INSTANT,
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
/// optional ":", and MM 00–59. The sign is "a U+002B PLUS SIGN character
/// (+) or, if the time-zone offset is not zero, a U+002D HYPHEN-MINUS
/// character (-)": `-00:00` is not valid (RFC 3339 gives it a meaning of
/// its own, an unknown local offset).
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
    if negative && total == 0 {
        return None;
    }
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
/// `HH:MM` or `HHMM` (hours 00–23, minutes 00–59); a zero offset takes `+`
/// (or `Z`), never `-`.
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
/// assert_eq!(parse_time_zone_offset("-00:00"), None);
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
/// assert!(!is_valid_time_zone_offset_string("-0000"));
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
    use proptest::prelude::*;

    fn date(year: u32, month: u8, day: u8) -> Date {
        Date { year, month, day }
    }

    fn time(hour: u8, minute: u8, second: u8, millis: u32) -> Time {
        Time {
            hour,
            minute,
            second,
            nanosecond: millis * NANOS_PER_MILLI,
        }
    }

    fn secs(seconds: u64, millis: u32) -> Duration {
        Duration {
            seconds,
            nanosecond: millis * NANOS_PER_MILLI,
        }
    }

    fn utc_string(s: &str) -> Option<String> {
        parse_global_date_time(s).map(|g| g.to_string())
    }

    // -- Months --------------------------------------------------------------

    #[test]
    fn months() {
        assert_eq!(parse_month("2011-11"), Some((2011, 11)));
        assert_eq!(parse_month("0001-01"), Some((1, 1)));
        assert_eq!(parse_month("20110-12"), Some((20110, 12)));
        for invalid in [
            "",
            "2011",
            "2011-",
            "2011-1",
            "2011-011",
            "2011-00",
            "2011-13",
            "0000-01",
            "011-01",
            " 2011-11",
            "2011-11 ",
            "2011/11",
            "+2011-11",
            "-2011-11",
            "2011-11-01",
        ] {
            assert_eq!(parse_month(invalid), None, "{invalid:?}");
            assert!(!is_valid_month_string(invalid), "{invalid:?}");
        }
        // Years need not fit a u32 to be valid, only to be parsed.
        assert!(is_valid_month_string("4294967296-01"));
        assert_eq!(parse_month("4294967296-01"), None);
        assert_eq!(parse_month("4294967295-01"), Some((u32::MAX, 1)));
    }

    // -- Dates ---------------------------------------------------------------

    #[test]
    fn dates() {
        assert_eq!(parse_date("2011-11-18"), Some(date(2011, 11, 18)));
        assert_eq!(parse_date("0037-12-13"), Some(date(37, 12, 13)));
        assert_eq!(parse_date("0001-01-01"), Some(date(1, 1, 1)));
        // "Years with fewer than four digits have to be zero-padded. The date
        // "37-12-13" would not be a valid date."
        assert_eq!(parse_date("37-12-13"), None);
        for invalid in [
            "",
            "2011-11",
            "2011-11-1",
            "2011-11-001",
            "2011-11-00",
            "2011-11-31",
            "2011-12-32",
            "2011-04-31",
            "2011-06-31",
            "2011-09-31",
            "2011-11-31",
            "0000-01-01",
            "2011-1-18",
            "2011-11-18T",
            "2011-11-18 ",
            " 2011-11-18",
            "2011-11-18\n",
            "2011_11_18",
            "２０１１-11-18",
            "2011-11-1８",
        ] {
            assert_eq!(parse_date(invalid), None, "{invalid:?}");
            assert!(!is_valid_date_string(invalid), "{invalid:?}");
        }
        for day in 1..=31 {
            let s = format!("2011-01-{day:02}");
            assert_eq!(parse_date(&s), Some(date(2011, 1, day)), "{s}");
        }
    }

    #[test]
    fn leap_years() {
        // "divisible by 400, or divisible by 4 but not by 100".
        for (year, leap) in [
            (1600, true),
            (1700, false),
            (1800, false),
            (1900, false),
            (2000, true),
            (2001, false),
            (2004, true),
            (2023, false),
            (2024, true),
            (2100, false),
            (2400, true),
            (4, true),
            (100, false),
            (400, true),
        ] {
            let s = format!("{year:04}-02-29");
            assert_eq!(is_valid_date_string(&s), leap, "{s}");
            assert_eq!(parse_date(&s).is_some(), leap, "{s}");
            assert!(is_valid_date_string(&format!("{year:04}-02-28")));
            assert!(!is_valid_date_string(&format!("{year:04}-02-30")));
        }
        // Huge years: the rule uses the year modulo 400.
        assert!(is_valid_date_string(
            "99999999999999999999999999999999999600-02-29"
        ));
        assert!(!is_valid_date_string(
            "99999999999999999999999999999999999500-02-29"
        ));
        assert!(is_valid_date_string(
            "99999999999999999999999999999999999504-02-29"
        ));
        assert!(!is_valid_date_string(
            "99999999999999999999999999999999999999-02-29"
        ));
        assert_eq!(
            parse_date("99999999999999999999999999999999999600-02-29"),
            None
        );
        // u32::MAX = 4294967295 is not a leap year; 4294967296 is (÷4, not ÷100).
        assert!(!is_valid_date_string("4294967295-02-29"));
        assert!(is_valid_date_string("4294967296-02-29"));
    }

    #[test]
    fn date_display() {
        assert_eq!(date(2011, 11, 18).to_string(), "2011-11-18");
        assert_eq!(date(37, 12, 13).to_string(), "0037-12-13");
        assert_eq!(date(1, 1, 1).to_string(), "0001-01-01");
        assert_eq!(date(123_456, 2, 3).to_string(), "123456-02-03");
        assert_eq!(date(u32::MAX, 12, 31).to_string(), "4294967295-12-31");
    }

    // -- Yearless dates ------------------------------------------------------

    #[test]
    fn yearless_dates() {
        assert_eq!(parse_yearless_date("11-18"), Some((11, 18)));
        assert_eq!(parse_yearless_date("--11-18"), Some((11, 18)));
        // "any arbitrary leap year": 29 February is allowed.
        assert_eq!(parse_yearless_date("02-29"), Some((2, 29)));
        assert_eq!(parse_yearless_date("--02-29"), Some((2, 29)));
        for invalid in [
            "",
            "-11-18",
            "---11-18",
            "02-30",
            "04-31",
            "00-01",
            "13-01",
            "11-00",
            "11-32",
            "1-18",
            "11-1",
            "11/18",
            " 11-18",
            "11-18 ",
            "--1118",
            "2011-11-18",
            "11-18-",
        ] {
            assert_eq!(parse_yearless_date(invalid), None, "{invalid:?}");
            assert!(!is_valid_yearless_date_string(invalid), "{invalid:?}");
        }
    }

    // -- Times ---------------------------------------------------------------

    #[test]
    fn times() {
        // The <time> element examples.
        assert_eq!(parse_time("14:54"), Some(time(14, 54, 0, 0)));
        assert_eq!(parse_time("14:54:39"), Some(time(14, 54, 39, 0)));
        assert_eq!(parse_time("14:54:39.929"), Some(time(14, 54, 39, 929)));
        // Boundaries.
        assert_eq!(parse_time("00:00"), Some(time(0, 0, 0, 0)));
        assert_eq!(parse_time("00:00:00.000"), Some(time(0, 0, 0, 0)));
        assert_eq!(parse_time("23:59:59.999"), Some(time(23, 59, 59, 999)));
        // One, two or three fraction digits.
        assert_eq!(parse_time("12:00:00.5"), Some(time(12, 0, 0, 500)));
        assert_eq!(parse_time("12:00:00.05"), Some(time(12, 0, 0, 50)));
        assert_eq!(parse_time("12:00:00.005"), Some(time(12, 0, 0, 5)));
        for invalid in [
            "",
            "24:00",
            "12:60",
            "12:00:60",
            "12:00:61",
            "1:00",
            "12:0",
            "12:00:0",
            "12:00:00.",
            "12:00:00.1234",
            "12:00.5",
            "12",
            "12:",
            "12:00:",
            "1200",
            " 12:00",
            "12:00 ",
            "12:00Z",
            "12:00:00,5",
            "12.00",
            "-1:00",
            "12:00:00.5.",
            "١٢:00",
        ] {
            assert_eq!(parse_time(invalid), None, "{invalid:?}");
            assert!(!is_valid_time_string(invalid), "{invalid:?}");
        }
    }

    #[test]
    fn normalized_times() {
        for (input, normalized) in [
            ("14:54", "14:54"),
            ("14:54:00", "14:54"),
            ("14:54:00.0", "14:54"),
            ("14:54:00.000", "14:54"),
            ("14:54:39", "14:54:39"),
            ("14:54:39.000", "14:54:39"),
            ("14:54:39.9", "14:54:39.9"),
            ("14:54:39.90", "14:54:39.9"),
            ("14:54:39.900", "14:54:39.9"),
            ("14:54:39.92", "14:54:39.92"),
            ("14:54:39.920", "14:54:39.92"),
            ("14:54:39.929", "14:54:39.929"),
            ("14:54:00.001", "14:54:00.001"),
            ("00:00:00.010", "00:00:00.01"),
        ] {
            let t = parse_time(input).unwrap();
            assert_eq!(t.to_string(), normalized, "{input}");
            assert_eq!(parse_time(normalized), Some(t), "{input}");
        }
        // Below-millisecond precision cannot be written in a valid time string.
        let t = Time {
            hour: 1,
            minute: 2,
            second: 0,
            nanosecond: 999_999,
        };
        assert_eq!(t.to_string(), "01:02");
        let t = Time {
            hour: 1,
            minute: 2,
            second: 3,
            nanosecond: 123_456_789,
        };
        assert_eq!(t.to_string(), "01:02:03.123");
        // Out-of-range hand-built values still print without panicking.
        let t = Time {
            hour: 255,
            minute: 255,
            second: 255,
            nanosecond: u32::MAX,
        };
        assert_eq!(t.to_string(), "255:255:255.999");
    }

    // -- Local dates and times -----------------------------------------------

    #[test]
    fn local_dates_and_times() {
        // The <time> element examples.
        for (input, normalized) in [
            ("2011-11-18T14:54", "2011-11-18T14:54"),
            ("2011-11-18T14:54:39", "2011-11-18T14:54:39"),
            ("2011-11-18T14:54:39.929", "2011-11-18T14:54:39.929"),
            ("2011-11-18 14:54", "2011-11-18T14:54"),
            ("2011-11-18 14:54:39", "2011-11-18T14:54:39"),
            ("2011-11-18 14:54:39.929", "2011-11-18T14:54:39.929"),
            ("2011-11-18T14:54:00.000", "2011-11-18T14:54"),
        ] {
            assert!(is_valid_local_date_and_time_string(input), "{input}");
            let local = parse_local_date_time(input).unwrap();
            assert_eq!(local.to_string(), normalized, "{input}");
            assert_eq!(parse_local_date_time(normalized), Some(local));
            assert!(is_valid_normalized_local_date_and_time_string(normalized));
            assert_eq!(
                is_valid_normalized_local_date_and_time_string(input),
                input == normalized
            );
        }
        assert_eq!(
            parse_local_date_time("2011-11-18T14:54:39.929"),
            Some(LocalDateTime {
                date: date(2011, 11, 18),
                time: time(14, 54, 39, 929)
            })
        );
        for invalid in [
            "",
            "2011-11-18",
            "14:54",
            "2011-11-18t14:54",
            "2011-11-18  14:54",
            "2011-11-18\t14:54",
            "2011-11-18T14:54Z",
            "2011-11-18T14:54+00:00",
            "2011-11-18T",
            "2011-11-18T24:00",
            "2011-02-29T12:00",
            " 2011-11-18T14:54",
            "2011-11-18T14:54 ",
            "2011-11-18TT14:54",
        ] {
            assert!(!is_valid_local_date_and_time_string(invalid), "{invalid:?}");
            assert_eq!(parse_local_date_time(invalid), None, "{invalid:?}");
            assert!(
                !is_valid_normalized_local_date_and_time_string(invalid),
                "{invalid:?}"
            );
        }
        assert!(is_valid_normalized_local_date_and_time_string(
            "99999999999-01-01T00:00:01"
        ));
        assert!(!is_valid_normalized_local_date_and_time_string(
            "99999999999-01-01T00:00:00"
        ));
    }

    // -- Time-zone offsets ---------------------------------------------------

    #[test]
    fn time_zone_offsets() {
        // The <time> element examples, and the range "-23:59 to +23:59".
        for (input, minutes) in [
            ("Z", 0),
            ("+0000", 0),
            ("+00:00", 0),
            ("-00:01", -1),
            ("-0800", -480),
            ("-08:00", -480),
            ("+05:45", 345),
            ("+0545", 345),
            ("+23:59", 1439),
            ("-23:59", -1439),
        ] {
            assert_eq!(
                parse_time_zone_offset(input),
                Some(TimeZoneOffset { minutes }),
                "{input}"
            );
            assert!(is_valid_time_zone_offset_string(input));
        }
        for invalid in [
            "", "z", "UTC", "+24:00", "-24:00", "+00:60", "+0:00", "+00:0", "+000", "+00000",
            "00:00", "+00::00", "+00-00", " Z", "Z ", "ZZ", "+", "-", "+08", "−08:00",
            // A zero offset takes "+": "-" only "if the time-zone offset is not zero".
            "-00:00", "-0000",
        ] {
            assert_eq!(parse_time_zone_offset(invalid), None, "{invalid:?}");
            assert!(!is_valid_time_zone_offset_string(invalid), "{invalid:?}");
        }
        for (minutes, shown) in [
            (0, "Z"),
            (345, "+05:45"),
            (-480, "-08:00"),
            (1439, "+23:59"),
            (-1439, "-23:59"),
            (-1, "-00:01"),
            (i16::MIN, "-546:08"),
            (i16::MAX, "+546:07"),
        ] {
            assert_eq!(TimeZoneOffset { minutes }.to_string(), shown);
        }
    }

    // -- Global dates and times ----------------------------------------------

    #[test]
    fn global_dates_and_times_spec_examples() {
        // "Midnight in areas using London time on the birthday of Nero".
        let nero = parse_global_date_time("0037-12-13 00:00Z").unwrap();
        assert_eq!(nero.date, date(37, 12, 13));
        assert_eq!(nero.time, time(0, 0, 0, 0));
        assert_eq!(nero.offset.minutes, 0);
        assert_eq!(nero.to_string(), "0037-12-13T00:00Z");
        // "One millisecond after noon on October 14th 1979, in the time zone in
        // use on the east coast of the USA during daylight saving time."
        let g = parse_global_date_time("1979-10-14T12:00:00.001-04:00").unwrap();
        assert_eq!(g.time, time(12, 0, 0, 1));
        assert_eq!(g.offset.minutes, -240);
        assert_eq!(g.to_string(), "1979-10-14T16:00:00.001Z");
        // "Midnight UTC on the 1st of January, 8592. The time zone associated
        // with that time is two hours and nine minutes ahead of UTC".
        let g = parse_global_date_time("8592-01-01T02:09+02:09").unwrap();
        assert_eq!(g.offset.minutes, 129);
        assert_eq!(g.to_utc().date, date(8592, 1, 1));
        assert_eq!(g.to_string(), "8592-01-01T00:00Z");
        // "The date "37-12-13" would not be a valid date."
        assert!(!is_valid_global_date_and_time_string("37-12-13 00:00Z"));
        // "If the "T" is replaced by a space, it must be a single space
        // character. The string "2001-12-21  12:00Z" (with two spaces between
        // the components) would not be parsed successfully."
        assert!(!is_valid_global_date_and_time_string("2001-12-21  12:00Z"));
        assert_eq!(parse_global_date_time("2001-12-21  12:00Z"), None);
        // The time and the time-zone offset are not optional.
        assert!(!is_valid_global_date_and_time_string("2001-12-21"));
        assert!(!is_valid_global_date_and_time_string("2001-12-21T12:00"));
        assert!(!is_valid_global_date_and_time_string("2001-12-21Z"));
    }

    #[test]
    fn global_dates_and_times_time_element_examples() {
        for input in [
            "2011-11-18T14:54Z",
            "2011-11-18T14:54:39Z",
            "2011-11-18T14:54:39.929Z",
            "2011-11-18T14:54+0000",
            "2011-11-18T14:54:39+0000",
            "2011-11-18T14:54:39.929+0000",
            "2011-11-18T14:54+00:00",
            "2011-11-18T14:54:39+00:00",
            "2011-11-18T14:54:39.929+00:00",
            "2011-11-18T06:54-0800",
            "2011-11-18T06:54:39-0800",
            "2011-11-18T06:54:39.929-0800",
            "2011-11-18T06:54-08:00",
            "2011-11-18T06:54:39-08:00",
            "2011-11-18T06:54:39.929-08:00",
            "2011-11-18 14:54Z",
            "2011-11-18 14:54:39Z",
            "2011-11-18 14:54:39.929Z",
            "2011-11-18 14:54+0000",
            "2011-11-18 14:54:39+0000",
            "2011-11-18 14:54:39.929+0000",
            "2011-11-18 14:54+00:00",
            "2011-11-18 14:54:39+00:00",
            "2011-11-18 14:54:39.929+00:00",
            "2011-11-18 06:54-0800",
            "2011-11-18 06:54:39-0800",
            "2011-11-18 06:54:39.929-0800",
            "2011-11-18 06:54-08:00",
            "2011-11-18 06:54:39-08:00",
            "2011-11-18 06:54:39.929-08:00",
        ] {
            assert!(is_valid_global_date_and_time_string(input), "{input}");
            let utc = utc_string(input).unwrap();
            assert!(utc.starts_with("2011-11-18T14:54"), "{input} -> {utc}");
            assert!(
                [
                    "2011-11-18T14:54Z",
                    "2011-11-18T14:54:39Z",
                    "2011-11-18T14:54:39.929Z"
                ]
                .contains(&utc.as_str())
            );
        }
    }

    #[test]
    fn forced_utc_conversion() {
        for (input, utc) in [
            // Day, month and year roll-overs in both directions.
            ("2011-12-31T23:30-01:00", "2012-01-01T00:30Z"),
            ("2012-01-01T00:30+01:00", "2011-12-31T23:30Z"),
            ("2000-03-01T00:30+01:00", "2000-02-29T23:30Z"),
            ("1900-03-01T00:30+01:00", "1900-02-28T23:30Z"),
            ("2000-02-29T23:30-01:00", "2000-03-01T00:30Z"),
            ("2011-04-30T23:00-23:59", "2011-05-01T22:59Z"),
            ("2011-05-01T00:00+23:59", "2011-04-30T00:01Z"),
            // Seconds and fractions are kept.
            ("2011-11-18T06:54:39.5-08:00", "2011-11-18T14:54:39.5Z"),
            ("2011-11-18T06:54:00.000-08:00", "2011-11-18T14:54Z"),
            // Huge years that fit a u32.
            ("4294967295-12-31T23:00+01:00", "4294967295-12-31T22:00Z"),
            // Year 0: representable in the struct, not as a valid date string.
            ("0001-01-01T00:00+00:01", "0000-12-31T23:59Z"),
        ] {
            assert_eq!(utc_string(input).as_deref(), Some(utc), "{input}");
        }
        let g = parse_global_date_time("2011-12-31T23:30-01:00").unwrap();
        assert_eq!(
            g.to_utc(),
            GlobalDateTime {
                date: date(2012, 1, 1),
                time: time(0, 30, 0, 0),
                offset: TimeZoneOffset { minutes: 0 },
            }
        );
        // Same instant, different fields.
        let a = parse_global_date_time("2011-11-18T14:54Z").unwrap();
        let b = parse_global_date_time("2011-11-18T06:54-08:00").unwrap();
        assert_ne!(a, b);
        assert_eq!(a.to_utc(), b.to_utc());
        assert_eq!(a.to_utc().to_utc(), a.to_utc());
    }

    #[test]
    fn forced_utc_saturates_without_panicking() {
        let last = GlobalDateTime {
            date: date(u32::MAX, 12, 31),
            time: time(23, 59, 0, 0),
            offset: TimeZoneOffset { minutes: -60 },
        };
        assert_eq!(last.to_string(), "4294967295-12-31T23:59:59.999Z");
        let first = GlobalDateTime {
            date: date(0, 1, 1),
            time: time(0, 0, 0, 0),
            offset: TimeZoneOffset { minutes: 60 },
        };
        assert_eq!(first.to_string(), "0000-01-01T00:00Z");
        // Nonsense fields: no panic, some date comes out.
        for (month, day, hour, minutes) in [
            (0, 0, 255, i16::MIN),
            (255, 255, 255, i16::MAX),
            (13, 99, 24, 0),
        ] {
            let g = GlobalDateTime {
                date: Date {
                    year: 2011,
                    month,
                    day,
                },
                time: Time {
                    hour,
                    minute: 255,
                    second: 255,
                    nanosecond: u32::MAX,
                },
                offset: TimeZoneOffset { minutes },
            };
            let utc = g.to_utc();
            assert!((1..=12).contains(&utc.date.month));
            assert!(utc.time.hour < 24 && utc.time.minute < 60);
            let _ = g.to_string();
        }
    }

    #[test]
    fn system_time_saturates_at_both_ends() {
        use std::time::{Duration, UNIX_EPOCH};
        // The first second of year 4294967296, and the latest `SystemTime`
        // Unix offers: both past the last year, so the last instant.
        for late in [
            UNIX_EPOCH + Duration::from_secs(135_536_014_634_284_800),
            UNIX_EPOCH + Duration::from_secs(i64::MAX as u64),
        ] {
            let t = GlobalDateTime::from_system_time(late);
            assert_eq!(t.date, date(u32::MAX, 12, 31));
            assert_eq!(
                t.time,
                Time {
                    nanosecond: 999_999_999,
                    ..time(23, 59, 59, 0)
                }
            );
            assert_eq!(t.to_string(), "4294967295-12-31T23:59:59.999Z");
        }
        // One second earlier is representable as it is.
        let last = GlobalDateTime::from_system_time(
            UNIX_EPOCH + Duration::from_secs(135_536_014_634_284_799),
        );
        assert_eq!(last.to_string(), "4294967295-12-31T23:59:59Z");
        // Before year 1: the first instant.
        let early =
            GlobalDateTime::from_system_time(UNIX_EPOCH - Duration::from_secs(62_135_596_801));
        assert_eq!(early.to_string(), "0001-01-01T00:00Z");
        let first =
            GlobalDateTime::from_system_time(UNIX_EPOCH - Duration::from_secs(62_135_596_800));
        assert_eq!(first.to_string(), "0001-01-01T00:00Z");
        assert_eq!(
            first.to_system_time(),
            UNIX_EPOCH - Duration::from_secs(62_135_596_800)
        );
    }

    #[test]
    fn global_invalid() {
        for invalid in [
            "2011-11-18t14:54Z",
            "2011-11-18T14:54z",
            "2011-11-18T14:54 Z",
            "2011-11-18T14:54+24:00",
            "2011-11-18T14:54+00:60",
            "2011-11-18T14:54:39.9291Z",
            "2011-02-29T14:54Z",
            "0000-11-18T14:54Z",
            " 2011-11-18T14:54Z",
            "2011-11-18T14:54Z ",
            "2011-11-18T14:54ZZ",
            "2011-11-18T14:54+08:00:00",
            "2011-11-18T14:54+8:00",
            "2011-11-18T14:54+08",
            "2011-11-18T14:54-00:00",
            "2011-11-18T14:54:00-0000",
        ] {
            assert!(
                !is_valid_global_date_and_time_string(invalid),
                "{invalid:?}"
            );
            assert_eq!(parse_global_date_time(invalid), None, "{invalid:?}");
        }
        assert!(is_valid_global_date_and_time_string(
            "99999999999-11-18T14:54Z"
        ));
        assert_eq!(parse_global_date_time("99999999999-11-18T14:54Z"), None);
    }

    // -- Weeks ---------------------------------------------------------------

    #[test]
    fn weeks() {
        // The <time> element example.
        assert_eq!(parse_week("2011-W47"), Some((2011, 47)));
        assert_eq!(parse_week("2011-W01"), Some((2011, 1)));
        assert_eq!(parse_week("2011-W52"), Some((2011, 52)));
        // 53 weeks: January 1st a Thursday (2009, 2015, 2026), or a Wednesday
        // in a leap year (1992, 2020); 2004 is leap and starts on a Thursday.
        for year in [1992, 2004, 2009, 2015, 2020, 2026] {
            assert_eq!(
                parse_week(&format!("{year}-W53")),
                Some((year, 53)),
                "{year}"
            );
        }
        // 52 weeks: 2008 is leap but starts on a Tuesday; 2014 on a
        // Wednesday but is not leap; 2016 on a Friday.
        for year in [2008, 2011, 2014, 2016, 2021, 2100] {
            assert_eq!(parse_week(&format!("{year}-W53")), None, "{year}");
        }
        for invalid in [
            "",
            "2011-W00",
            "2011-W1",
            "2011-W001",
            "2011-w47",
            "2011W47",
            "2011-47",
            "0000-W01",
            "011-W01",
            " 2011-W47",
            "2011-W47 ",
            "2011-W54",
        ] {
            assert_eq!(parse_week(invalid), None, "{invalid:?}");
            assert!(!is_valid_week_string(invalid), "{invalid:?}");
        }
        // A valid week-year too large for a u32 is valid but not parsed.
        assert!(is_valid_week_string("99999999999-W47"));
        assert_eq!(parse_week("99999999999-W47"), None);
    }

    #[test]
    fn weeks_in_year_agrees_with_the_calendar() {
        // Cross-check the modulo-400 rule against the day count: a year has 53
        // weeks exactly when it starts or (in a leap year) ends on a Thursday.
        for year in 1..=2400i64 {
            let weekday = |month, day| (days_from_civil(year, month, day) + 4).rem_euclid(7);
            let thursday = 4;
            let expected = if weekday(1, 1) == thursday || weekday(12, 31) == thursday {
                53
            } else {
                52
            };
            let mod_400 = u16::try_from(year % 400).unwrap();
            assert_eq!(weeks_in_year(mod_400), expected, "{year}");
            assert_eq!(
                i64::from(january_first_weekday(mod_400)),
                weekday(1, 1),
                "{year}"
            );
        }
    }

    #[test]
    fn civil_day_numbers() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        for days in (-800_000..800_000).step_by(37) {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, i64::from(m), i64::from(d)), days);
        }
    }

    // -- Durations -----------------------------------------------------------

    #[test]
    fn iso_durations() {
        for (input, expected) in [
            ("PT4H18M3S", secs(15_483, 0)),
            ("P1D", secs(86_400, 0)),
            ("P0D", secs(0, 0)),
            ("PT0S", secs(0, 0)),
            ("PT1H", secs(3_600, 0)),
            ("PT1M", secs(60, 0)),
            ("PT1S", secs(1, 0)),
            ("PT1H1S", secs(3_601, 0)),
            ("PT1.5S", secs(1, 500)),
            ("PT0.001S", secs(0, 1)),
            ("PT1.25S", secs(1, 250)),
            ("P1DT1H1M1S", secs(90_061, 0)),
            (
                "P12DT7H12M13.5S",
                secs(12 * 86_400 + 7 * 3_600 + 12 * 60 + 13, 500),
            ),
            ("PT100H", secs(360_000, 0)),
            ("PT0100M", secs(6_000, 0)),
        ] {
            assert_eq!(parse_duration(input), Some(expected), "{input}");
            assert!(is_valid_duration_string(input), "{input}");
        }
        for invalid in [
            "",
            "P",
            "PT",
            "P1DT",
            "P1W",
            "P1Y",
            "P1M",
            "P1H",
            "PT1M1H",
            "PT1S1M",
            "PT1H1H",
            "PT1.5M",
            "PT1.5H",
            "PT1.S",
            "PT.5S",
            "PT1.1234S",
            "pt1h",
            "Pt1H",
            "PT1h",
            " PT1H",
            "PT1H ",
            "P1D1D",
            "PT-1H",
            "-PT1H",
            "P1DT1D",
            "PTH",
            "P1",
            "PT1",
            "P1DT1HT1M",
            "P1.5D",
            "PT1H1M1S1S",
        ] {
            assert_eq!(parse_duration(invalid), None, "{invalid:?}");
            assert!(!is_valid_duration_string(invalid), "{invalid:?}");
        }
    }

    #[test]
    fn component_durations() {
        for (input, expected) in [
            ("4h 18m 3s", secs(15_483, 0)),
            ("4h18m3s", secs(15_483, 0)),
            ("3s 18m 4h", secs(15_483, 0)),
            ("4H 18M 3S", secs(15_483, 0)),
            (" 4 h ", secs(14_400, 0)),
            ("\t4\nh\r\x0C", secs(14_400, 0)),
            ("3.5s", secs(3, 500)),
            ("3.5 s", secs(3, 500)),
            ("3.005S", secs(3, 5)),
            ("1w", secs(604_800, 0)),
            ("1W 1D", secs(691_200, 0)),
            ("1w 1d 1h 1m 1s", secs(604_800 + 86_400 + 3_600 + 60 + 1, 0)),
            ("0s", secs(0, 0)),
            ("90m", secs(5_400, 0)),
        ] {
            assert_eq!(parse_duration(input), Some(expected), "{input:?}");
            assert!(is_valid_duration_string(input), "{input:?}");
        }
        for invalid in [
            "",
            " ",
            "4",
            "h",
            "4x",
            "4h 4h",
            "4h 4H",
            "1w 2W",
            "3.5m",
            "3.5h",
            "3.s",
            "3.1234s",
            ".5s",
            "4 h 5",
            "4h,5m",
            "4h\u{A0}5m",
            "-4h",
            "+4h",
            "4hh",
            "4 .5s",
            "1y",
            "1 mo",
            "４h",
        ] {
            assert_eq!(parse_duration(invalid), None, "{invalid:?}");
            assert!(!is_valid_duration_string(invalid), "{invalid:?}");
        }
    }

    #[test]
    fn duration_overflow_is_valid_but_not_parsed() {
        // u64::MAX / 86 400 = 213 503 982 334 601, leaving 25 215 seconds.
        assert_eq!(
            parse_duration("P213503982334601D").map(|d| d.seconds),
            Some(18_446_744_073_709_526_400)
        );
        for huge in [
            "P213503982334602D",
            "PT18446744073709551616S",
            "99999999999999999999999s",
            "P213503982334601DT8H",
        ] {
            assert!(is_valid_duration_string(huge), "{huge}");
            assert_eq!(parse_duration(huge), None, "{huge}");
        }
        assert_eq!(
            parse_duration("PT18446744073709551615S").map(|d| d.seconds),
            Some(u64::MAX)
        );
    }

    #[test]
    fn duration_display() {
        for (d, shown) in [
            (secs(0, 0), "PT0S"),
            (secs(15_483, 0), "PT15483S"),
            (secs(1, 500), "PT1.5S"),
            (secs(1, 250), "PT1.25S"),
            (secs(0, 1), "PT0.001S"),
            (secs(u64::MAX, 999), "PT18446744073709551615.999S"),
            (
                Duration {
                    seconds: 2,
                    nanosecond: 999_999,
                },
                "PT2S",
            ),
        ] {
            assert_eq!(d.to_string(), shown);
            assert!(is_valid_duration_string(shown));
        }
        for input in ["PT4H18M3S", "4h 18m 3.5s", "P1DT1S", "PT0.010S"] {
            let d = parse_duration(input).unwrap();
            assert_eq!(parse_duration(&d.to_string()), Some(d), "{input}");
        }
    }

    #[test]
    fn std_duration_conversion() {
        assert_eq!(
            std::time::Duration::from(secs(3, 500)),
            std::time::Duration::from_millis(3_500)
        );
        let odd = Duration {
            seconds: u64::MAX,
            nanosecond: u32::MAX,
        };
        assert_eq!(std::time::Duration::from(odd), std::time::Duration::MAX);
    }

    // -- vEvent durations ----------------------------------------------------

    #[test]
    fn vevent_durations() {
        for (input, seconds) in [
            ("P1W", 604_800),
            ("P7W", 7 * 604_800),
            ("P15DT5H0M20S", 15 * 86_400 + 5 * 3_600 + 20),
            ("P1D", 86_400),
            ("P1DT1H", 90_000),
            ("PT1H", 3_600),
            ("PT1M", 60),
            ("PT1S", 1),
            ("PT1H1M", 3_660),
            ("PT1M1S", 61),
            ("PT1H1M1S", 3_661),
            ("P0D", 0),
            ("PT0S", 0),
        ] {
            assert!(is_valid_vevent_duration_string(input), "{input}");
            assert_eq!(
                parse_vevent_duration(input),
                Some(secs(seconds, 0)),
                "{input}"
            );
        }
        for invalid in [
            "",
            "P",
            "PT",
            "P1DT",
            "P1WT1H",
            "P1W1D",
            "P1D1W",
            "PT1H1S",
            "PT1S1M",
            "PT1M1H",
            "PT1H1H",
            "P1H",
            "P1M",
            "P1Y",
            "PT1.5S",
            "p1w",
            "P1w",
            "-P1W",
            "+P1W",
            " P1W",
            "P1W ",
            "1w",
            "4h 18m 3s",
            "P1DT1H1M1S1S",
            "PW",
            "PTH",
        ] {
            assert!(!is_valid_vevent_duration_string(invalid), "{invalid:?}");
            assert_eq!(parse_vevent_duration(invalid), None, "{invalid:?}");
        }
        // The vEvent form allows weeks, the HTML duration form does not; the
        // HTML form allows fractions and "H…S", the vEvent form does not.
        assert!(!is_valid_duration_string("P1W"));
        assert!(is_valid_duration_string("PT1H1S"));
        assert!(is_valid_vevent_duration_string("P99999999999999999999W"));
        assert_eq!(parse_vevent_duration("P99999999999999999999W"), None);
    }

    // -- Integers ------------------------------------------------------------

    #[test]
    fn valid_integers() {
        for valid in ["0", "-0", "42", "-42", "007", "99999999999999999999999"] {
            assert!(is_valid_integer(valid), "{valid}");
        }
        for invalid in [
            "", "-", "+1", " 1", "1 ", "1.0", "1e3", "--1", "-+1", "١", "0x10",
        ] {
            assert!(!is_valid_integer(invalid), "{invalid:?}");
        }
        assert!(is_valid_non_negative_integer("0"));
        assert!(is_valid_non_negative_integer("12"));
        for invalid in ["", "-0", "-1", "+1", " 1", "1a"] {
            assert!(!is_valid_non_negative_integer(invalid), "{invalid:?}");
        }
    }

    #[test]
    fn integer_parsing_rules() {
        for (input, expected) in [
            ("42", Some(42)),
            ("-42", Some(-42)),
            ("+42", Some(42)),
            (" \t\n\r\x0C42", Some(42)),
            ("42abc", Some(42)),
            ("42.9", Some(42)),
            ("42 43", Some(42)),
            ("-0", Some(0)),
            ("007", Some(7)),
            ("9223372036854775807", Some(i64::MAX)),
            ("-9223372036854775808", Some(i64::MIN)),
            ("9223372036854775808", None),
            ("-9223372036854775809", None),
            ("99999999999999999999999999", None),
            ("", None),
            (" ", None),
            ("-", None),
            ("+", None),
            ("- 5", None),
            ("+-5", None),
            ("abc", None),
            (".5", None),
            ("\u{A0}5", None),
            ("\x0B5", None),
            ("٥", None),
        ] {
            assert_eq!(parse_integer(input), expected, "{input:?}");
        }
        assert_eq!(parse_non_negative_integer(" 3 apples"), Some(3));
        assert_eq!(parse_non_negative_integer("-0"), Some(0));
        assert_eq!(parse_non_negative_integer("-1"), None);
        assert_eq!(
            parse_non_negative_integer("18446744073709551615"),
            Some(u64::MAX)
        );
        assert_eq!(parse_non_negative_integer("18446744073709551616"), None);
        assert_eq!(parse_non_negative_integer("x"), None);
    }

    // -- Floating-point numbers ----------------------------------------------

    #[test]
    fn valid_floating_point_numbers() {
        for valid in [
            "0",
            "1",
            "-1",
            "1.5",
            ".5",
            "-.5",
            "0.0",
            "1e5",
            "1E5",
            "1e+5",
            "1e-5",
            "-1.5E-10",
            "00.500",
            "123456789012345678901234567890",
        ] {
            assert!(is_valid_floating_point_number(valid), "{valid}");
        }
        for invalid in [
            "", "-", "+1", "1.", ".", "-.", "1e", "1e+", "1e-", "e5", ".e5", " 1", "1 ", "1..5",
            "1.5.5", "Infinity", "NaN", "0x10", "1,5", "1e5.5", "--1", "1f", "١",
        ] {
            assert!(!is_valid_floating_point_number(invalid), "{invalid:?}");
        }
    }

    #[test]
    fn floating_point_parsing_rules() {
        for (input, expected) in [
            ("1", Some(1.0)),
            ("-1", Some(-1.0)),
            ("+1", Some(1.0)),
            ("  1.5  ", Some(1.5)),
            ("\t\n\x0C\r 2", Some(2.0)),
            (".5", Some(0.5)),
            ("+.5", Some(0.5)),
            ("-.5", Some(-0.5)),
            ("1.", Some(1.0)),
            ("1.x", Some(1.0)),
            ("1.e2", Some(100.0)),
            ("1.5e2", Some(150.0)),
            ("1.5E+2", Some(150.0)),
            ("15e-1", Some(1.5)),
            ("1e", Some(1.0)),
            ("1e-", Some(1.0)),
            ("1e+", Some(1.0)),
            ("1ex", Some(1.0)),
            ("1e5px", Some(100_000.0)),
            ("0.1", Some(0.1)),
            ("3.25", Some(3.25)),
            ("00012.50", Some(12.5)),
            ("1e308", Some(1e308)),
            ("1.7976931348623157e308", Some(f64::MAX)),
            ("5e-324", Some(5e-324)),
            ("3e-324", Some(5e-324)),
            ("2e-324", Some(0.0)),
            ("1e-400", Some(0.0)),
            ("-1e-400", Some(0.0)),
            ("1e-99999999999999999999999", Some(0.0)),
            ("0e99999999999999999999999", Some(0.0)),
            // Ties go to the even significand: 2^53 + 1 rounds down to 2^53.
            ("9007199254740993", Some(9_007_199_254_740_992.0)),
            ("9007199254740995", Some(9_007_199_254_740_996.0)),
            // Rounding to 2^1024 or beyond is an error.
            ("1.7976931348623159e308", None),
            ("1e309", None),
            ("-1e309", None),
            ("1e99999999999999999999999", None),
            ("", None),
            (" ", None),
            ("-", None),
            ("+", None),
            (".", None),
            ("-.", None),
            (".e5", None),
            ("e5", None),
            ("x1", None),
            ("- 1", None),
            ("+-1", None),
            ("Infinity", None),
            ("NaN", None),
            ("\u{A0}1", None),
        ] {
            assert_eq!(parse_floating_point_number(input), expected, "{input:?}");
        }
        // "-0" is not in the set S: the result is positive zero.
        for zero in ["-0", "-0.0", "-.0", "-0e5", "-1e-400"] {
            let v = parse_floating_point_number(zero).unwrap();
            assert!(v == 0.0 && v.is_sign_positive(), "{zero}");
        }
    }

    #[test]
    fn floating_point_long_inputs() {
        // Many leading zeros in the fraction, compensated by the exponent.
        let s = format!("0.{}1e{}", "0".repeat(100_000), 100_001);
        assert_eq!(parse_floating_point_number(&s), Some(1.0));
        // Many integer digits with a negative exponent.
        let s = format!("1{}e-{}", "0".repeat(100_000), 100_000);
        assert_eq!(parse_floating_point_number(&s), Some(1.0));
        let s = "9".repeat(1_000_000);
        assert_eq!(parse_floating_point_number(&s), None);
        assert!(is_valid_floating_point_number(&s));
        assert_eq!(parse_integer(&s), None);
    }

    // -- Robustness ----------------------------------------------------------

    /// Runs every function on `s`; none may panic.
    fn exercise(s: &str) {
        let _ = parse_month(s);
        let _ = is_valid_month_string(s);
        let _ = parse_date(s).map(|d| d.to_string());
        let _ = is_valid_date_string(s);
        let _ = parse_yearless_date(s);
        let _ = is_valid_yearless_date_string(s);
        let _ = parse_time(s).map(|t| t.to_string());
        let _ = is_valid_time_string(s);
        let _ = parse_local_date_time(s).map(|l| l.to_string());
        let _ = is_valid_local_date_and_time_string(s);
        let _ = is_valid_normalized_local_date_and_time_string(s);
        let _ = parse_time_zone_offset(s).map(|o| o.to_string());
        let _ = is_valid_time_zone_offset_string(s);
        let _ = parse_global_date_time(s).map(|g| g.to_string());
        let _ = is_valid_global_date_and_time_string(s);
        let _ = parse_week(s);
        let _ = is_valid_week_string(s);
        let _ = parse_duration(s).map(|d| d.to_string());
        let _ = is_valid_duration_string(s);
        let _ = parse_vevent_duration(s);
        let _ = is_valid_vevent_duration_string(s);
        let _ = parse_integer(s);
        let _ = parse_non_negative_integer(s);
        let _ = is_valid_integer(s);
        let _ = is_valid_non_negative_integer(s);
        let _ = parse_floating_point_number(s);
        let _ = is_valid_floating_point_number(s);
    }

    #[test]
    fn large_and_multibyte_inputs() {
        let digits = "9".repeat(1_000_000);
        for s in [
            digits.clone(),
            format!("{digits}-01-01T00:00Z"),
            format!("P{digits}DT{digits}H{digits}M{digits}.999S"),
            format!("{digits}w {digits}s"),
            format!("{digits}-W53"),
            format!("2011-11-18T14:54:39.{digits}Z"),
            " ".repeat(1_000_000),
            "é".repeat(100_000),
            "2011-11-1é".to_string(),
            "2011-11-18Té".to_string(),
            "P1Dé".to_string(),
            "4h é".to_string(),
            "1.é".to_string(),
            "1eé".to_string(),
            "\u{10FFFF}".to_string(),
            "\0".to_string(),
        ] {
            exercise(&s);
        }
        assert!(is_valid_date_string(&format!("{digits}-01-01")));
        assert!(is_valid_duration_string(&format!("{digits}w {digits}s")));
    }

    /// Generates strings close to the date and time grammars.
    fn near_date_time() -> impl Strategy<Value = String> {
        "[0-9]{1,6}(-[0-9]{1,3}(-[0-9]{1,3})?)?([T t ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{0,4})?)?)?(Z|[+-][0-9]{2}:?[0-9]{2})?"
    }

    fn near_duration() -> impl Strategy<Value = String> {
        prop_oneof![
            "P([0-9]{1,3}[DW])?(T([0-9]{1,3}H)?([0-9]{1,3}M)?([0-9]{1,3}(\\.[0-9]{1,4})?S)?)?",
            "( ?[0-9]{1,3}(\\.[0-9]{1,3})? ?[wdhmsWDHMS]){1,4} ?",
        ]
    }

    fn valid_date() -> impl Strategy<Value = Date> {
        (1..=u32::MAX, 1..=12u8, 1..=31u8).prop_map(|(year, month, day)| {
            let leap = is_leap(u16::try_from(year % 400).unwrap_or(0));
            Date {
                year,
                month,
                day: day.min(days_in_month(month, leap)),
            }
        })
    }

    fn valid_time() -> impl Strategy<Value = Time> {
        (0..24u8, 0..60u8, 0..60u8, 0..1000u32).prop_map(|(hour, minute, second, ms)| Time {
            hour,
            minute,
            second,
            nanosecond: ms * NANOS_PER_MILLI,
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

        #[test]
        fn arbitrary_strings_never_panic(s in any::<String>()) {
            exercise(&s);
        }

        #[test]
        fn near_grammar_strings_never_panic(s in near_date_time()) {
            exercise(&s);
        }

        #[test]
        fn parsed_dates_and_times_round_trip(s in near_date_time()) {
            if let Some(d) = parse_date(&s) {
                prop_assert!(is_valid_date_string(&s));
                prop_assert_eq!(parse_date(&d.to_string()), Some(d));
            }
            if let Some(t) = parse_time(&s) {
                prop_assert!(is_valid_time_string(&s));
                prop_assert_eq!(parse_time(&t.to_string()), Some(t));
            }
            if let Some(l) = parse_local_date_time(&s) {
                prop_assert!(is_valid_local_date_and_time_string(&s));
                let normalized = l.to_string();
                prop_assert!(is_valid_normalized_local_date_and_time_string(&normalized));
                prop_assert_eq!(parse_local_date_time(&normalized), Some(l));
            }
            if let Some(g) = parse_global_date_time(&s) {
                prop_assert!(is_valid_global_date_and_time_string(&s));
                let utc = g.to_utc();
                let expected = (utc.date.year > 0).then_some(utc);
                prop_assert_eq!(parse_global_date_time(&g.to_string()), expected);
            }
            if let Some((year, month)) = parse_month(&s) {
                prop_assert!(is_valid_month_string(&s));
                prop_assert_eq!(parse_month(&format!("{year:04}-{month:02}")), Some((year, month)));
            }
            if let Some((year, week)) = parse_week(&s) {
                prop_assert!(is_valid_week_string(&s));
                prop_assert_eq!(parse_week(&format!("{year:04}-W{week:02}")), Some((year, week)));
            }
            // Validity does not depend on the year fitting a u32.
            prop_assert_eq!(
                is_valid_date_string(&s),
                parse_date(&s).is_some() || whole(&s, date_component).is_some()
            );
        }

        #[test]
        fn parsed_offsets_round_trip(s in "(Z|[+-][0-9]{2}:?[0-9]{2})") {
            if let Some(o) = parse_time_zone_offset(&s) {
                prop_assert_eq!(parse_time_zone_offset(&o.to_string()), Some(o));
            }
        }

        #[test]
        fn parsed_durations_round_trip(s in near_duration()) {
            exercise(&s);
            if let Some(d) = parse_duration(&s) {
                prop_assert!(is_valid_duration_string(&s));
                prop_assert_eq!(parse_duration(&d.to_string()), Some(d));
            }
            if let Some(d) = parse_vevent_duration(&s) {
                prop_assert!(is_valid_vevent_duration_string(&s));
                prop_assert_eq!(d.nanosecond, 0);
            }
        }

        #[test]
        fn dates_display_as_valid_strings(d in valid_date()) {
            prop_assert_eq!(parse_date(&d.to_string()), Some(d));
        }

        #[test]
        fn times_display_normalized(t in valid_time()) {
            let shown = t.to_string();
            prop_assert_eq!(parse_time(&shown), Some(t));
            // Shortest: no seconds when they are zero, no trailing zero digit.
            prop_assert_eq!(shown.len() == 5, t.second == 0 && t.nanosecond == 0);
            prop_assert!(!shown.contains('.') || !shown.ends_with('0'));
        }

        #[test]
        fn global_display_is_forced_utc(
            d in valid_date(),
            t in valid_time(),
            minutes in -1439..=1439i16,
        ) {
            let g = GlobalDateTime { date: d, time: t, offset: TimeZoneOffset { minutes } };
            let shown = g.to_string();
            prop_assert!(shown.ends_with('Z'));
            let utc = g.to_utc();
            prop_assert_eq!(utc.time.second, t.second);
            prop_assert_eq!(utc.time.nanosecond, t.nanosecond);
            // Year 0 cannot be written as a valid date string, and a result
            // past year u32::MAX saturates to a time with 999 999 999 ns.
            if utc.date.year > 0 && utc.time.nanosecond != 999_999_999 {
                prop_assert_eq!(parse_global_date_time(&shown), Some(utc));
                let back = GlobalDateTime { offset: TimeZoneOffset { minutes: 0 }, ..utc };
                prop_assert_eq!(back.to_utc(), utc);
            }
        }

        #[test]
        fn durations_display_as_valid_strings(seconds in any::<u64>(), ms in 0..1000u32) {
            let d = secs(seconds, ms);
            prop_assert_eq!(parse_duration(&d.to_string()), Some(d));
        }

        #[test]
        fn integers_round_trip(n in any::<i64>()) {
            prop_assert!(is_valid_integer(&n.to_string()));
            prop_assert_eq!(parse_integer(&n.to_string()), Some(n));
        }

        #[test]
        fn floats_round_trip(x in any::<f64>().prop_filter("finite", |x| x.is_finite())) {
            let expected = if x == 0.0 { 0.0 } else { x };
            for shown in [format!("{x}"), format!("{x:e}"), format!("{x:E}")] {
                prop_assert!(is_valid_floating_point_number(&shown), "{}", shown);
                let parsed = parse_floating_point_number(&shown);
                prop_assert_eq!(parsed.map(f64::to_bits), Some(expected.to_bits()), "{}", shown);
            }
        }

        #[test]
        fn valid_floats_parse(s in "-?([0-9]{1,20}|[0-9]{0,20}\\.[0-9]{1,20})([eE][+-]?[0-9]{1,3})?") {
            prop_assert!(is_valid_floating_point_number(&s));
            let parsed = parse_floating_point_number(&s);
            // The standard library agrees on every valid number it can read.
            let std = s.parse::<f64>().ok().filter(|v| v.is_finite()).map(|v| if v == 0.0 { 0.0 } else { v });
            prop_assert_eq!(parsed.map(f64::to_bits), std.map(f64::to_bits));
        }
    }
}
