//! Lexical forms of the XML Schema datatypes the W3C Note assigns to
//! `time`, `data` and `meter` values (XSD 1.1 Part 2, §3.3).
//!
//! Each check is a hand-written match of the datatype's lexical
//! representation, with no regex engine; all are linear in the input.

use microdata_model::microsyntax;

/// The XSD namespace.
pub(crate) const XSD: &str = "http://www.w3.org/2001/XMLSchema#";

/// A cursor over ASCII bytes.
struct Scan<'s> {
    s: &'s [u8],
    i: usize,
}

impl<'s> Scan<'s> {
    fn new(s: &'s str) -> Self {
        Scan {
            s: s.as_bytes(),
            i: 0,
        }
    }
    fn done(&self) -> bool {
        self.i == self.s.len()
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    /// One or more digits; returns how many (0 when none, nothing consumed).
    fn digits(&mut self) -> usize {
        let start = self.i;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.i += 1;
        }
        self.i - start
    }
    /// Exactly `n` digits, as a number.
    fn fixed(&mut self, n: usize) -> Option<u32> {
        let digits = self.s.get(self.i..self.i + n)?;
        if !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        self.i += n;
        Some(
            digits
                .iter()
                .fold(0, |acc, d| acc * 10 + u32::from(d - b'0')),
        )
    }
}

/// `yearFrag`: `-`? (`[1-9]` digit{3,} | `0` digit{3}). Returns the year's
/// absolute value modulo 400 (enough for leap years) and whether it parsed.
fn year(sc: &mut Scan<'_>) -> Option<u32> {
    sc.eat(b'-');
    let start = sc.i;
    let n = sc.digits();
    if n < 4 || (n > 4 && sc.s[start] == b'0') {
        return None;
    }
    Some(
        sc.s[start..sc.i]
            .iter()
            .fold(0, |acc, d| (acc * 10 + u32::from(d - b'0')) % 400),
    )
}

fn month(sc: &mut Scan<'_>) -> Option<u32> {
    sc.fixed(2).filter(|m| (1..=12).contains(m))
}

fn days_in_month(year_mod_400: u32, month: u32) -> u32 {
    match month {
        2 => {
            let y = year_mod_400;
            if y.is_multiple_of(4) && (!y.is_multiple_of(100) || y.is_multiple_of(400)) {
                29
            } else {
                28
            }
        }
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `yearFrag '-' monthFrag '-' dayFrag`, the day valid for the month.
fn date_part(sc: &mut Scan<'_>) -> Option<()> {
    let y = year(sc)?;
    sc.eat(b'-').then_some(())?;
    let m = month(sc)?;
    sc.eat(b'-').then_some(())?;
    let d = sc.fixed(2)?;
    (1..=days_in_month(y, m)).contains(&d).then_some(())
}

/// `(hourFrag ':' minuteFrag ':' secondFrag) | endOfDayFrag`.
fn time_part(sc: &mut Scan<'_>) -> Option<()> {
    let h = sc.fixed(2)?;
    sc.eat(b':').then_some(())?;
    let m = sc.fixed(2).filter(|m| *m < 60)?;
    sc.eat(b':').then_some(())?;
    let s = sc.fixed(2).filter(|s| *s < 60)?;
    let mut fraction_zero = true;
    if sc.eat(b'.') {
        let start = sc.i;
        if sc.digits() == 0 {
            return None;
        }
        fraction_zero = sc.s[start..sc.i].iter().all(|&d| d == b'0');
    }
    match h {
        0..=23 => Some(()),
        24 => (m == 0 && s == 0 && fraction_zero).then_some(()),
        _ => None,
    }
}

/// An optional `timezoneFrag`: `Z` | (`+`|`-`) ((`0` digit | `1` [0-3]) `:`
/// minuteFrag | `14:00`). Then the end of input.
fn timezone_then_end(sc: &mut Scan<'_>) -> bool {
    if sc.eat(b'Z') {
        return sc.done();
    }
    if sc.eat(b'+') || sc.eat(b'-') {
        let Some(h) = sc.fixed(2) else { return false };
        if !sc.eat(b':') {
            return false;
        }
        let Some(m) = sc.fixed(2) else { return false };
        let ok = (h <= 13 && m < 60) || (h == 14 && m == 0);
        return ok && sc.done();
    }
    sc.done()
}

/// `xsd:date` lexical form.
pub(crate) fn is_date(s: &str) -> bool {
    let mut sc = Scan::new(s);
    date_part(&mut sc).is_some() && timezone_then_end(&mut sc)
}

/// `xsd:time` lexical form.
pub(crate) fn is_time(s: &str) -> bool {
    let mut sc = Scan::new(s);
    time_part(&mut sc).is_some() && timezone_then_end(&mut sc)
}

/// `xsd:dateTime` lexical form.
pub(crate) fn is_date_time(s: &str) -> bool {
    let mut sc = Scan::new(s);
    date_part(&mut sc).is_some()
        && sc.eat(b'T')
        && time_part(&mut sc).is_some()
        && timezone_then_end(&mut sc)
}

/// `xsd:gYearMonth` lexical form.
pub(crate) fn is_g_year_month(s: &str) -> bool {
    let mut sc = Scan::new(s);
    year(&mut sc).is_some()
        && sc.eat(b'-')
        && month(&mut sc).is_some()
        && timezone_then_end(&mut sc)
}

/// `xsd:gYear` lexical form.
pub(crate) fn is_g_year(s: &str) -> bool {
    let mut sc = Scan::new(s);
    year(&mut sc).is_some() && timezone_then_end(&mut sc)
}

/// `xsd:duration` lexical form: `-`? `P` then years, months, days in that
/// order (each optional), then `T` with hours, minutes, seconds (each
/// optional, at least one); at least one component overall.
pub(crate) fn is_duration(s: &str) -> bool {
    let mut sc = Scan::new(s);
    sc.eat(b'-');
    if !sc.eat(b'P') {
        return false;
    }
    let mut any = false;
    // Date components: designators must come in this order.
    let mut order = [b'Y', b'M', b'D'].iter();
    while sc.peek().is_some_and(|b| b.is_ascii_digit()) {
        sc.digits();
        let Some(designator) = sc.peek() else {
            return false;
        };
        if !order.any(|&d| d == designator) {
            return false;
        }
        sc.i += 1;
        any = true;
    }
    if sc.eat(b'T') {
        let mut order = [b'H', b'M', b'S'].iter();
        let mut any_time = false;
        while sc.peek().is_some_and(|b| b.is_ascii_digit() || b == b'.') {
            let int = sc.digits();
            let mut frac = None;
            if sc.eat(b'.') {
                frac = Some(sc.digits());
            }
            if int == 0 && frac.is_none_or(|f| f == 0) {
                return false;
            }
            let Some(designator) = sc.peek() else {
                return false;
            };
            // Only seconds may have a fraction.
            if frac.is_some() && designator != b'S' {
                return false;
            }
            if !order.any(|&d| d == designator) {
                return false;
            }
            sc.i += 1;
            any_time = true;
        }
        if !any_time {
            return false;
        }
        any = true;
    }
    any && sc.done()
}

/// The datatype local name for a `time` element's value, per the W3C Note's
/// "property value" definition, in its order: date, time, dateTime,
/// gYearMonth, gYear, duration.
///
/// The Note asks for an HTML-valid string "having the lexical form of" the
/// datatype; its test suite reads that as the lexical form alone, in two of
/// its four `time` cases: test 0046 expects `00:00:00Z` typed `xsd:time`,
/// though a valid time string has no zone, and test 0048 expects
/// `P2011Y06M28DT00H00M00S` typed `xsd:duration`, though an HTML duration
/// has no years or months. The suite decides, for every datatype alike, so
/// that one rule holds: `0000-01-01`, `2024-01-02Z` or a dateTime with four
/// fraction digits are typed too, as other implementations of the Note
/// type them. (The iCalendar and vCard conversions, which the WHATWG text
/// defines with its own microsyntaxes, do not take them.)
pub(crate) fn time_datatype(s: &str) -> Option<&'static str> {
    if is_date(s) {
        Some("date")
    } else if is_time(s) {
        Some("time")
    } else if is_date_time(s) {
        Some("dateTime")
    } else if is_g_year_month(s) {
        Some("gYearMonth")
    } else if is_g_year(s) {
        Some("gYear")
    } else if is_duration(s) {
        Some("duration")
    } else {
        None
    }
}

/// The datatype local name for a `data` / `meter` value: integer for a
/// "valid integer", double for a "valid floating-point number" (HTML), both
/// forms that are always in the lexical space of the XSD type.
pub(crate) fn number_datatype(s: &str) -> Option<&'static str> {
    // HTML's "valid integer" and "valid floating-point number" always have
    // the lexical forms of xsd:integer and xsd:double.
    if microsyntax::is_valid_integer(s) {
        Some("integer")
    } else if microsyntax::is_valid_floating_point_number(s) {
        Some("double")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        for ok in [
            "2011-06-28",
            "2011-06-28Z",
            "2011-06-28+14:00",
            "-0044-03-15",
            "12011-01-01",
            "2000-02-29",
        ] {
            assert!(is_date(ok), "{ok}");
        }
        for bad in [
            "2011-6-28",
            "11-06-28",
            "2011-13-01",
            "2011-02-29",
            "1900-02-29",
            "2011-04-31",
            "02011-01-01",
            "2011-06-28T00:00:00",
            "2011-06-28+15:00",
            "2011-06-28 ",
        ] {
            assert!(!is_date(bad), "{bad}");
        }
    }

    #[test]
    fn times() {
        for ok in [
            "00:00:00",
            "00:00:00Z",
            "23:59:59.999",
            "24:00:00",
            "24:00:00.000",
            "12:30:00-05:00",
        ] {
            assert!(is_time(ok), "{ok}");
        }
        for bad in [
            "00:00",
            "24:00:01",
            "25:00:00",
            "12:60:00",
            "12:00:60",
            "12:00:00.",
            "12:00:00Y",
        ] {
            assert!(!is_time(bad), "{bad}");
        }
    }

    #[test]
    fn date_times() {
        assert!(is_date_time("2011-06-28T00:00:00Z"));
        assert!(is_date_time("2011-06-28T10:00:00.5+01:00"));
        assert!(!is_date_time("2011-06-28 00:00:00"));
        assert!(!is_date_time("2011-06-28T00:00"));
    }

    #[test]
    fn years_and_months() {
        assert!(is_g_year_month("2011-06"));
        assert!(!is_g_year_month("2011-6"));
        assert!(is_g_year("2011"));
        assert!(is_g_year("-2011"));
        assert!(!is_g_year("201"));
        assert!(!is_g_year("+2011"));
    }

    #[test]
    fn durations() {
        for ok in [
            "P2011Y06M28DT00H00M00S",
            "PT4M5S",
            "P1D",
            "-P1Y",
            "PT1.5S",
            "PT.5S",
            "P1Y2M",
            "PT1H",
        ] {
            assert!(is_duration(ok), "{ok}");
        }
        for bad in [
            "P", "PT", "P1S", "PT1D", "P1M1Y", "PT1.5M", "T1M33S", "P1DT", "PT1H1H", "1D", "PT.S",
        ] {
            assert!(!is_duration(bad), "{bad}");
        }
    }

    #[test]
    fn numbers() {
        assert_eq!(number_datatype("1"), Some("integer"));
        assert_eq!(number_datatype("-12"), Some("integer"));
        assert_eq!(number_datatype("1.1"), Some("double"));
        assert_eq!(number_datatype(".5"), Some("double"));
        assert_eq!(number_datatype("1e10"), Some("double"));
        assert_eq!(number_datatype("-1.5E-3"), Some("double"));
        for bad in [
            "", "foo", "+1", "1.", "1e", "1.5.5", " 1", "-", "Infinity", "NaN",
        ] {
            assert_eq!(number_datatype(bad), None, "{bad}");
        }
    }

    #[test]
    fn time_datatypes_in_the_notes_order() {
        assert_eq!(time_datatype("2011-06-28"), Some("date"));
        assert_eq!(time_datatype("00:00:00Z"), Some("time"));
        assert_eq!(time_datatype("2011-06-28T00:00:00Z"), Some("dateTime"));
        assert_eq!(time_datatype("2011-06"), Some("gYearMonth"));
        assert_eq!(time_datatype("2011"), Some("gYear"));
        assert_eq!(time_datatype("P2011Y06M28DT00H00M00S"), Some("duration"));
        assert_eq!(time_datatype("foo"), None);
        assert_eq!(time_datatype("00:00"), None);
    }

    #[test]
    fn the_suites_lexical_reading_holds_for_every_datatype() {
        // Not valid HTML strings, but of the XSD lexical forms: typed, as
        // the suite types `00:00:00Z` (0046) and `P2011Y06M28DT00H00M00S`
        // (0048).
        assert_eq!(time_datatype("0000-01-01"), Some("date"));
        assert_eq!(time_datatype("2024-01-02Z"), Some("date"));
        assert_eq!(time_datatype("2011-06-28T00:00:00.1234Z"), Some("dateTime"));
        assert_eq!(time_datatype("2011-06-28T00:00:00-00:00"), Some("dateTime"));
        // Valid HTML strings without the XSD form stay plain.
        assert_eq!(time_datatype("2011-06-28 00:00:00"), None);
        assert_eq!(time_datatype("12"), None);
    }
}
