//! Dates and times for the feed: the `time` element's date, the "best
//! representation" of a global date and time, and the clock.

use microdata_model::microsyntax::{
    Date, GlobalDateTime, Time, TimeZoneOffset, parse_date, parse_global_date_time,
    parse_local_date_time,
};

/// The "best representation of the global date and time string" for
/// `datetime`, as the 2010 text defines it: a valid global date and time
/// string with `T`, the seconds always written (RFC 3339, which Atom
/// requires, has no form without them), a fraction only when it is not
/// zero (trailing zeros removed), and the offset as `±HH:MM`, never `Z`:
/// "with the last character of the string not being a 'Z' character, even
/// if the time zone is UTC, and with a U+002D HYPHEN-MINUS character (-)
/// representing the sign of the time-zone offset when the time zone is
/// UTC".
///
/// # Examples
///
/// ```
/// use html_atom::best_representation;
/// use microdata_scraper::microsyntax::parse_global_date_time;
///
/// let t = parse_global_date_time("2010-08-04T10:30Z").ok_or("invalid")?;
/// assert_eq!(best_representation(&t), "2010-08-04T10:30:00-00:00");
/// let t = parse_global_date_time("2010-08-04 10:30:05.250+0530").ok_or("invalid")?;
/// assert_eq!(best_representation(&t), "2010-08-04T10:30:05.25+05:30");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn best_representation(datetime: &GlobalDateTime) -> String {
    let GlobalDateTime { date, time, offset } = datetime;
    let mut out = format!(
        "{date}T{:02}:{:02}:{:02}",
        time.hour, time.minute, time.second
    );
    if time.nanosecond != 0 {
        let fraction = format!("{:09}", time.nanosecond);
        out.push('.');
        out.push_str(fraction.trim_end_matches('0'));
    }
    let sign = if offset.minutes > 0 { '+' } else { '-' };
    let abs = offset.minutes.unsigned_abs();
    out.push_str(&format!("{sign}{:02}:{:02}", abs / 60, abs % 60));
    out
}

/// A global date and time string as the 2010 text reads it. Its "best
/// representation" writes a zero offset as `-00:00` and is, by its own
/// definition, a valid global date and time string; the current WHATWG
/// text allows `-` only for an offset that is not zero. Dates written that
/// way (by this crate's own feeds, among others) keep their 2010 meaning
/// here: offset zero.
///
/// The parsing rules also take a fraction of a second of any length ("collect
/// a sequence of characters that are ASCII digits or U+002E FULL STOP"),
/// where a valid string has one to three digits: `00:00:00.1234Z` parses,
/// kept to the nanosecond.
pub(crate) fn parse_global_2010(value: &str) -> Option<GlobalDateTime> {
    let fraction = value.find('.').map(|dot| {
        let digits = value[dot + 1..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        (dot, digits)
    });
    match fraction {
        Some((dot, digits)) if digits > 3 => {
            // Parse with the first three digits, then put the rest back.
            let short = format!("{}{}", &value[..dot + 4], &value[dot + 1 + digits..]);
            let mut parsed = parse_global_zero_2010(&short)?;
            let nanos: String = value[dot + 1..dot + 1 + digits.min(9)].to_owned();
            parsed.time.nanosecond = format!("{nanos:0<9}").parse().ok()?;
            Some(parsed)
        }
        _ => parse_global_zero_2010(value),
    }
}

/// [`parse_global_date_time`], with `-00:00` (or `-0000`) read as offset
/// zero.
fn parse_global_zero_2010(value: &str) -> Option<GlobalDateTime> {
    parse_global_date_time(value).or_else(|| {
        let as_plus = match value.strip_suffix("-00:00") {
            Some(head) => format!("{head}+00:00"),
            None => format!("{}+0000", value.strip_suffix("-0000")?),
        };
        parse_global_date_time(&as_plus)
    })
}

/// A point in time for comparisons: the UTC date and time.
pub(crate) type Instant = (Date, Time);

/// The instant a global date and time stands for.
pub(crate) fn instant(datetime: &GlobalDateTime) -> Instant {
    let utc = datetime.to_utc();
    (utc.date, utc.time)
}

/// What a `time` element gives: its date, and its time and offset when
/// both are known.
pub(crate) struct TimeValue {
    pub(crate) date: Date,
    pub(crate) time: Option<(Time, TimeZoneOffset)>,
}

/// The date (and time and offset) of a `time` element: its `datetime`
/// attribute if it has one, else its text content, parsed as a date, a
/// local date and time (whose time is then treated as unknown: without an
/// offset it names no instant), or a global date and time. `None` when the
/// date is unknown (a time alone, or nothing valid). Only the text content
/// is trimmed of whitespace (the 2010 rules "skip whitespace" in content
/// mode, not in attribute mode; today's rules in neither).
pub(crate) fn time_element_value(datetime_attr: Option<&str>, text: &str) -> Option<TimeValue> {
    let value = match datetime_attr {
        Some(attr) => attr,
        None => text.trim_matches(microdata_model::is_ascii_whitespace),
    };
    if let Some(global) = parse_global_2010(value) {
        return Some(TimeValue {
            date: global.date,
            time: Some((global.time, global.offset)),
        });
    }
    if let Some(date) = parse_date(value) {
        return Some(TimeValue { date, time: None });
    }
    parse_local_date_time(value).map(|local| TimeValue {
        date: local.date,
        time: None,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {

    use super::*;

    #[test]
    fn best_representation_never_ends_in_z() {
        let cases = [
            ("2010-08-04T00:00Z", "2010-08-04T00:00:00-00:00"),
            ("2010-08-04T00:00+00:00", "2010-08-04T00:00:00-00:00"),
            ("2010-08-04T00:00-00:00", "2010-08-04T00:00:00-00:00"),
            (
                "2010-08-04T23:59:59.999-08:00",
                "2010-08-04T23:59:59.999-08:00",
            ),
            ("0037-12-13T00:00:01.1+14:00", "0037-12-13T00:00:01.1+14:00"),
            ("2010-08-04 10:00+0130", "2010-08-04T10:00:00+01:30"),
        ];
        for (input, expected) in cases {
            let parsed = parse_global_2010(input).unwrap();
            assert_eq!(best_representation(&parsed), expected, "{input}");
            // The best representation reads back as the same date and time.
            assert_eq!(
                parse_global_2010(expected).map(|t| t.to_utc()),
                Some(parsed.to_utc())
            );
        }
    }

    #[test]
    fn a_zero_offset_may_be_negative_as_in_2010() {
        // Invalid today ("-" only for an offset that is not zero), the form
        // the 2010 best representation writes.
        assert_eq!(parse_global_date_time("2010-08-04T10:00-00:00"), None);
        for input in ["2010-08-04T10:00-00:00", "2010-08-04 10:00:00.5-0000"] {
            let t = parse_global_2010(input).unwrap();
            assert_eq!(t.offset.minutes, 0, "{input}");
        }
        for invalid in [
            "2010-08-04T10:00-00:0",
            "2010-08-04T10:00--00:00",
            "-00:00",
            "2010-08-04-0000",
        ] {
            assert_eq!(parse_global_2010(invalid), None, "{invalid}");
        }
    }

    #[test]
    fn time_values() {
        let v = time_element_value(Some("2010-08-04T10:00+02:00"), "ignored").unwrap();
        assert_eq!(v.date.to_string(), "2010-08-04");
        let (t, o) = v.time.unwrap();
        assert_eq!((t.hour, o.minutes), (10, 120));
        let v = time_element_value(None, "\n 2010-08-04 \n").unwrap();
        assert!(v.time.is_none());
        let v = time_element_value(Some("2010-08-04T10:00"), "").unwrap();
        assert_eq!((v.date.day, v.time.is_none()), (4, true));
        assert!(time_element_value(Some("10:00"), "2010-08-04").is_none());
        assert!(time_element_value(None, "August 4th").is_none());
        assert!(time_element_value(Some(""), "2010-08-04").is_none());
        // An attribute is not trimmed; text content is, of ASCII whitespace.
        assert!(time_element_value(Some(" 2010-08-04T10:00Z "), "").is_none());
        assert!(time_element_value(None, "\u{a0}2010-08-04").is_none());
    }

    #[test]
    fn fractions_of_any_length_parse() {
        let t = parse_global_2010("2009-01-01T00:00:00.1234Z").unwrap();
        assert_eq!(t.time.nanosecond, 123_400_000);
        assert_eq!(best_representation(&t), "2009-01-01T00:00:00.1234-00:00");
        let t = parse_global_2010("2009-01-01T00:00:00.123456789123-00:00").unwrap();
        assert_eq!(t.time.nanosecond, 123_456_789);
        assert_eq!(t.offset.minutes, 0);
        assert!(parse_global_2010("2009-01-01T00:00:00.1234").is_none());
        assert!(parse_global_2010("2009-01-01T00:00:00.12.34Z").is_none());
    }

    #[test]
    fn system_time_conversion() {
        use std::time::{Duration, UNIX_EPOCH};
        let t = GlobalDateTime::from_system_time(UNIX_EPOCH);
        assert_eq!(best_representation(&t), "1970-01-01T00:00:00-00:00");
        let t =
            GlobalDateTime::from_system_time(UNIX_EPOCH + Duration::new(951_782_400 + 86_399, 5));
        assert_eq!(
            best_representation(&t),
            "2000-02-29T23:59:59.000000005-00:00"
        );
        let t = GlobalDateTime::from_system_time(UNIX_EPOCH - Duration::new(1, 500_000_000));
        assert_eq!(best_representation(&t), "1969-12-31T23:59:58.5-00:00");
        let t = GlobalDateTime::from_system_time(UNIX_EPOCH - Duration::from_secs(70_000_000_000));
        assert_eq!(best_representation(&t), "0001-01-01T00:00:00-00:00");
    }
}
