//! Content lines as the WHATWG conversions write them, and a small reader.
//!
//! "Conversion to vCard" (WHATWG HTML §5.3.1.1) and "Conversion to
//! iCalendar" (§5.3.2.1) share one line format: the type in ASCII
//! uppercase, `;NAME=value` parameters in the order added, `:`, the value,
//! folded so that no physical line holds more than 75 code points (74 after
//! the leading space of a continuation), each ending in CRLF. They also
//! share the text escaping. This module is that emitter, written once:
//! `microdata-ical` uses it too.
//!
//! The reader half ([`read`], [`unescape`], [`split_unescaped`]) undoes what
//! the writer does. It is not a general vCard or iCalendar parser; it exists
//! so that tests (ours, and yours) can check an output line by line.
//!
//! Note that folding counts *code points*, as the spec says, not octets as
//! RFC 6350 and RFC 5545 recommend: a folded line holds up to 75 characters,
//! which may be more than 75 bytes. Folding never splits a character.
//!
//! # Examples
//!
//! ```
//! use microdata_vcard::line;
//!
//! let mut out = String::new();
//! line::write(&mut out, "note", &[], &line::escape_text("a, b; c\r\nd"));
//! assert_eq!(out, "NOTE:a\\, b\\; c\\nd\r\n");
//!
//! let lines = line::read(&out)?;
//! assert_eq!(lines[0].name, "NOTE");
//! assert_eq!(line::unescape(&lines[0].value), "a, b; c\nd");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

/// The first physical line of a folded content line holds at most this many
/// code points.
pub const FIRST_LINE_MAX: usize = 75;

/// Continuation lines hold at most this many code points after their
/// leading space.
pub const CONTINUATION_MAX: usize = 74;

/// "Escape the vCard text string" (§5.3.1.1), which is also what "add an
/// iCalendar line" does to every value (§5.3.2.1 steps 5–9): `\` → `\\`,
/// `,` → `\,`, `;` → `\;`, then CRLF, and any remaining CR or LF, → `\n`.
///
/// # Examples
///
/// ```
/// use microdata_vcard::line::escape_text;
/// assert_eq!(escape_text("a\\b,c;d\re\r\nf\ng"), "a\\\\b\\,c\\;d\\ne\\nf\\ng");
/// ```
pub fn escape_text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    escape_into(&mut out, value, true);
    out
}

/// The value escaping of the vCard conversion's last branch (§5.3.1.1 step
/// 11, "Otherwise" substeps 5–9) for a `geo` property: like
/// [`escape_text`], but `;` stays as it is, so `geo` keeps its
/// `latitude;longitude` form.
///
/// # Examples
///
/// ```
/// use microdata_vcard::line::escape_text_keep_semicolons;
/// assert_eq!(escape_text_keep_semicolons("34.05;-118.41"), "34.05;-118.41");
/// ```
pub fn escape_text_keep_semicolons(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    escape_into(&mut out, value, false);
    out
}

/// Appends `value` to `out`, escaped as [`escape_text`] does (or as
/// [`escape_text_keep_semicolons`] does when `semicolons` is false).
///
/// # Examples
///
/// ```
/// use microdata_vcard::line::escape_into;
///
/// let mut out = String::from("GEO:");
/// escape_into(&mut out, "1;2", false);
/// out.push_str(" NOTE:");
/// escape_into(&mut out, "1;2", true);
/// assert_eq!(out, "GEO:1;2 NOTE:1\\;2");
/// ```
pub fn escape_into(out: &mut String, value: &str, semicolons: bool) {
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            ',' => out.push_str("\\,"),
            ';' if semicolons => out.push_str("\\;"),
            '\r' => {
                // A CRLF pair becomes one `\n` (step 4), a lone CR another (step 5).
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push_str("\\n");
            }
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
}

/// "Add a vCard line" / "add an iCalendar line": appends to `out` the line
/// `NAME;P1=v1;P2=v2:value`, folded, ending in CRLF.
///
/// `name` is converted to ASCII uppercase; parameters are written in the
/// order given; `value` is written as it is (escape it first). An
/// iCalendar "annotation" such as `VALUE=DATE` is the parameter
/// `("VALUE", "DATE")`.
///
/// # Examples
///
/// ```
/// use microdata_vcard::line;
/// let mut out = String::new();
/// line::write(&mut out, "bday", &[("VALUE", "DATE")], "2009-05-05");
/// assert_eq!(out, "BDAY;VALUE=DATE:2009-05-05\r\n");
/// ```
pub fn write(out: &mut String, name: &str, params: &[(&str, &str)], value: &str) {
    let mut line = String::with_capacity(name.len() + value.len() + 16);
    line.extend(name.chars().map(|c| c.to_ascii_uppercase()));
    for (pname, pvalue) in params {
        line.push(';');
        line.push_str(pname);
        line.push('=');
        line.push_str(pvalue);
    }
    line.push(':');
    line.push_str(value);
    fold_into(out, &line);
}

/// Appends one logical line to `out`, folded as the spec says, and CRLF.
///
/// "While line's length is greater than maximum length": append its first
/// maximum length code points, CRLF and a space; maximum length is 75 for
/// the first physical line and 74 after that.
///
/// # Examples
///
/// ```
/// use microdata_vcard::line::fold_into;
/// let mut out = String::new();
/// fold_into(&mut out, &"x".repeat(80));
/// assert_eq!(out, format!("{}\r\n {}\r\n", "x".repeat(75), "x".repeat(5)));
/// ```
pub fn fold_into(out: &mut String, line: &str) {
    let mut rest = line;
    let mut max = FIRST_LINE_MAX;
    // While more than `max` code points remain: the byte offset just past
    // the first `max` of them.
    while let Some((cut, _)) = rest.char_indices().nth(max) {
        out.push_str(&rest[..cut]);
        out.push_str("\r\n ");
        rest = &rest[cut..];
        max = CONTINUATION_MAX;
    }
    out.push_str(rest);
    out.push_str("\r\n");
}

/// One logical content line, as [`read`] returns it.
///
/// # Examples
///
/// ```
/// use microdata_vcard::line::{read, ContentLine};
///
/// let lines = read("ADR;TYPE=\"home,work\":;;1 Main St\\, Apt 2\r\n")?;
/// assert_eq!(
///     lines[0],
///     ContentLine {
///         name: "ADR".into(),
///         params: vec![("TYPE".into(), "home,work".into())],
///         value: ";;1 Main St\\, Apt 2".into(),
///     }
/// );
/// # Ok::<(), microdata_vcard::line::ReadError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentLine {
    /// The name (type), as written.
    pub name: String,
    /// The parameters in order, as `(name, value)`; a quoted value is given
    /// without its quotes.
    pub params: Vec<(String, String)>,
    /// The value, still escaped: see [`unescape`] and [`split_unescaped`].
    pub value: String,
}

impl ContentLine {
    /// The value of the first parameter named `name` (ASCII
    /// case-insensitive).
    ///
    /// # Examples
    ///
    /// ```
    /// let lines = microdata_vcard::line::read("DTSTART;VALUE=DATE:20260101\r\n")?;
    /// assert_eq!(lines[0].param("value"), Some("DATE"));
    /// assert_eq!(lines[0].param("TZID"), None);
    /// # Ok::<(), microdata_vcard::line::ReadError>(())
    /// ```
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// A line [`read`] could not take apart.
///
/// # Examples
///
/// ```
/// let err = microdata_vcard::line::read("FN:Ada\r\nNOTE;LANGUAGE:x\r\n").unwrap_err();
/// assert_eq!(err.to_string(), "content line 2: parameter without `=`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    line: usize,
    message: &'static str,
}

impl ReadError {
    /// The 1-based number of the logical (unfolded) line.
    ///
    /// # Examples
    ///
    /// ```
    /// // The first logical line is folded over two physical lines.
    /// let err = microdata_vcard::line::read("FN:A\r\n da\r\nBROKEN\r\n").unwrap_err();
    /// assert_eq!(err.line(), 2);
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "content line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ReadError {}

/// Unfolds `text` into logical lines: a line break (CRLF, or a bare LF)
/// followed by one space or tab joins the two physical lines. Empty lines
/// are dropped.
///
/// # Examples
///
/// ```
/// use microdata_vcard::line::unfold;
/// assert_eq!(unfold("A:b\r\n c\r\nD:e\r\n"), ["A:bc", "D:e"]);
/// ```
pub fn unfold(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for physical in text.split('\n') {
        let physical = physical.strip_suffix('\r').unwrap_or(physical);
        match physical.strip_prefix([' ', '\t']) {
            Some(cont) if !lines.is_empty() => {
                if let Some(last) = lines.last_mut() {
                    last.push_str(cont);
                }
            }
            _ => lines.push(physical.to_owned()),
        }
    }
    lines.retain(|l| !l.is_empty());
    lines
}

/// Reads `text` back into content lines: unfolds it, then splits each line
/// into name, parameters and (still escaped) value.
///
/// The name runs to the first `;` or `:`; parameters are `NAME=value`,
/// the value optionally in double quotes; the value is everything after the
/// first `:` outside quotes.
///
/// # Errors
///
/// [`ReadError`] for a line with no `:` after its name and parameters, or a
/// parameter with no `=` or an unterminated quote.
///
/// # Examples
///
/// ```
/// use microdata_vcard::line::{read, split_unescaped};
///
/// let lines = read("BEGIN:VCARD\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n")?;
/// assert_eq!(lines.len(), 3);
/// assert_eq!(split_unescaped(&lines[1].value, ';'), ["Lovelace", "Ada", "", "", ""]);
/// # Ok::<(), microdata_vcard::line::ReadError>(())
/// ```
pub fn read(text: &str) -> Result<Vec<ContentLine>, ReadError> {
    unfold(text)
        .iter()
        .enumerate()
        .map(|(i, l)| {
            parse_line(l).map_err(|message| ReadError {
                line: i + 1,
                message,
            })
        })
        .collect()
}

fn parse_line(line: &str) -> Result<ContentLine, &'static str> {
    let name_end = line
        .find([';', ':'])
        .ok_or("no `:` between the name and the value")?;
    let name = line[..name_end].to_owned();
    let mut rest = &line[name_end..];
    let mut params = Vec::new();
    while let Some(after) = rest.strip_prefix(';') {
        let eq = after
            .find(['=', ';', ':'])
            .filter(|&i| after.as_bytes()[i] == b'=')
            .ok_or("parameter without `=`")?;
        let pname = after[..eq].to_owned();
        let after_eq = &after[eq + 1..];
        let (pvalue, remaining) = if let Some(quoted) = after_eq.strip_prefix('"') {
            let close = quoted
                .find('"')
                .ok_or("unterminated quoted parameter value")?;
            (quoted[..close].to_owned(), &quoted[close + 1..])
        } else {
            let end = after_eq
                .find([';', ':'])
                .ok_or("no `:` between the parameters and the value")?;
            (after_eq[..end].to_owned(), &after_eq[end..])
        };
        params.push((pname, pvalue));
        rest = remaining;
    }
    let value = rest
        .strip_prefix(':')
        .ok_or("no `:` between the parameters and the value")?;
    Ok(ContentLine {
        name,
        params,
        value: value.to_owned(),
    })
}

/// Undoes [`escape_text`]: `\\` → `\`, `\,` → `,`, `\;` → `;`, `\n` and
/// `\N` → LF. Any other backslash is kept.
///
/// # Examples
///
/// ```
/// use microdata_vcard::line::unescape;
/// assert_eq!(unescape("a\\\\b\\,c\\;d\\ne"), "a\\b,c;d\ne");
/// ```
pub fn unescape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n' | 'N') => out.push('\n'),
            Some(e @ ('\\' | ',' | ';')) => out.push(e),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// Splits an escaped value at each `sep` that no backslash escapes: the
/// components of a structured value (`sep` = `;`) or the items of a list
/// (`sep` = `,`). Unescape each part afterwards.
///
/// # Examples
///
/// ```
/// use microdata_vcard::line::split_unescaped;
/// assert_eq!(split_unescaped("Washington;George;;;", ';'), ["Washington", "George", "", "", ""]);
/// assert_eq!(split_unescaped("a\\;b;c", ';'), ["a\\;b", "c"]);
/// ```
pub fn split_unescaped(value: &str, sep: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut escaped = false;
    for (i, c) in value.char_indices() {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == sep {
            parts.push(&value[start..i]);
            start = i + c.len_utf8();
        }
    }
    parts.push(&value[start..]);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_each_step() {
        assert_eq!(escape_text(""), "");
        assert_eq!(escape_text("\\"), "\\\\");
        assert_eq!(escape_text(","), "\\,");
        assert_eq!(escape_text(";"), "\\;");
        assert_eq!(escape_text("\r\n"), "\\n");
        assert_eq!(escape_text("\r"), "\\n");
        assert_eq!(escape_text("\n"), "\\n");
        // LF CR is two line breaks, CR CR LF is two as well.
        assert_eq!(escape_text("\n\r"), "\\n\\n");
        assert_eq!(escape_text("\r\r\n"), "\\n\\n");
        // The backslash step comes first: an existing `\n` is not a newline.
        assert_eq!(escape_text("\\n"), "\\\\n");
        assert_eq!(escape_text("ünï;cödé"), "ünï\\;cödé");
    }

    #[test]
    fn escape_keeping_semicolons() {
        assert_eq!(escape_text_keep_semicolons("1;2,3\\\n"), "1;2\\,3\\\\\\n");
    }

    #[test]
    fn write_uppercases_the_name_only() {
        let mut out = String::new();
        write(
            &mut out,
            "x-ünï",
            &[("TYPE", "home"), ("VALUE", "URI")],
            "MiXed",
        );
        assert_eq!(out, "X-üNï;TYPE=home;VALUE=URI:MiXed\r\n");
    }

    #[test]
    fn fold_exact_lengths() {
        let fold = |s: &str| {
            let mut out = String::new();
            fold_into(&mut out, s);
            out
        };
        assert_eq!(fold(""), "\r\n");
        let l75 = "a".repeat(75);
        assert_eq!(fold(&l75), format!("{l75}\r\n"));
        let l76 = "a".repeat(76);
        assert_eq!(fold(&l76), format!("{l75}\r\n a\r\n"));
        // 75 + 74 fits in two physical lines; one more makes three.
        let l149 = "b".repeat(149);
        assert_eq!(
            fold(&l149),
            format!("{}\r\n {}\r\n", &l149[..75], &l149[75..])
        );
        let l150 = "c".repeat(150);
        assert_eq!(
            fold(&l150),
            format!(
                "{}\r\n {}\r\n {}\r\n",
                &l150[..75],
                &l150[75..149],
                &l150[149..]
            )
        );
    }

    #[test]
    fn fold_counts_code_points_not_bytes() {
        // 74 ASCII then a 2-byte, a 3-byte and a 4-byte character: the
        // first physical line ends after the 2-byte one (75 code points).
        let line = format!("{}é€𝄞", "x".repeat(74));
        let mut out = String::new();
        fold_into(&mut out, &line);
        assert_eq!(out, format!("{}é\r\n €𝄞\r\n", "x".repeat(74)));
        // All multi-byte: 80 of them fold at 75.
        let line = "日".repeat(80);
        let mut out = String::new();
        fold_into(&mut out, &line);
        assert_eq!(
            out,
            format!("{}\r\n {}\r\n", "日".repeat(75), "日".repeat(5))
        );
        for physical in out.split("\r\n") {
            assert!(physical.chars().count() <= 75);
        }
    }

    #[test]
    fn fold_may_split_an_escape_and_unfold_restores_it() {
        let value = format!("{}\\,", "y".repeat(73));
        let mut out = String::new();
        write(&mut out, "n", &[], &value);
        // "N:" + 73 = 75 code points: the escape is split.
        assert!(out.starts_with(&format!("N:{}\r\n \\,", "y".repeat(73))));
        let lines = read(&out).unwrap();
        assert_eq!(lines.len(), 1);
        assert_eq!(unescape(&lines[0].value), format!("{},", "y".repeat(73)));
    }

    #[test]
    fn read_lines_params_and_quotes() {
        let text = "BEGIN:VCARD\r\nADR;TYPE=work;X=\"a;b:c\":;;1 Main St;;;;\r\nEND:VCARD\r\n";
        let lines = read(text).unwrap();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[1].name, "ADR");
        assert_eq!(
            lines[1].params,
            [("TYPE".into(), "work".into()), ("X".into(), "a;b:c".into())]
        );
        assert_eq!(lines[1].param("type"), Some("work"));
        assert_eq!(lines[1].value, ";;1 Main St;;;;");
        // A value may contain colons.
        let lines = read("URL:http://example.com/\n").unwrap();
        assert_eq!(lines[0].value, "http://example.com/");
    }

    #[test]
    fn read_errors() {
        assert_eq!(read("NOCOLON\r\n").unwrap_err().line(), 1);
        assert!(read("A:b\r\nP;X:y\r\n").is_err());
        assert!(read("P;X=\"y:z\r\n").is_err());
        assert!(read("P;X=y\r\n").is_err());
        assert_eq!(
            read("A:b\r\nBAD\r\n").unwrap_err().to_string(),
            "content line 2: no `:` between the name and the value"
        );
    }

    #[test]
    fn unescape_and_split() {
        assert_eq!(unescape("\\N\\x\\"), "\n\\x\\");
        assert_eq!(split_unescaped("", ';'), [""]);
        assert_eq!(split_unescaped("a\\\\;b", ';'), ["a\\\\", "b"]);
        assert_eq!(split_unescaped("a\\,b,c", ','), ["a\\,b", "c"]);
        for s in ["", "plain", "a,b;c\\d\r\ne\nf\rg", "ünï;;,,\\\\"] {
            let norm = s.replace("\r\n", "\n").replace('\r', "\n");
            assert_eq!(unescape(&escape_text(s)), norm);
        }
    }
}

#[cfg(test)]
mod proptests {
    use super::*;
    use proptest::prelude::*;

    /// Strings rich in what the escaping and folding care about.
    fn tricky() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just('\\'),
                Just(','),
                Just(';'),
                Just(':'),
                Just('\r'),
                Just('\n'),
                Just(' '),
                Just('é'),
                Just('€'),
                Just('𝄞'),
                any::<char>(),
                proptest::char::range('a', 'z'),
            ],
            0..200,
        )
        .prop_map(|cs| cs.into_iter().collect())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn written_lines_read_back(value in tricky(), name in "[a-zA-Z][a-zA-Z0-9-]{0,20}") {
            let mut out = String::new();
            write(&mut out, &name, &[("TYPE", "home")], &escape_text(&value));
            // CRLF only at line ends, at most 75 code points a physical line.
            let body = out.strip_suffix("\r\n").unwrap_or_else(|| panic!("{out:?}"));
            for physical in body.split("\r\n") {
                prop_assert!(!physical.contains(['\r', '\n']));
                prop_assert!(physical.chars().count() <= FIRST_LINE_MAX);
            }
            let lines = read(&out).unwrap();
            prop_assert_eq!(lines.len(), 1);
            prop_assert_eq!(&lines[0].name, &name.to_ascii_uppercase());
            prop_assert_eq!(lines[0].param("type"), Some("home"));
            let normalized = value.replace("\r\n", "\n").replace('\r', "\n");
            prop_assert_eq!(unescape(&lines[0].value), normalized);
        }

        #[test]
        fn structured_values_split_back(parts in proptest::collection::vec(tricky(), 1..5)) {
            let escaped: Vec<String> = parts.iter().map(|p| escape_text(p)).collect();
            let mut out = String::new();
            write(&mut out, "n", &[], &escaped.join(";"));
            let lines = read(&out).unwrap();
            let back: Vec<String> = split_unescaped(&lines[0].value, ';')
                .into_iter()
                .map(unescape)
                .collect();
            let normalized: Vec<String> = parts
                .iter()
                .map(|p| p.replace("\r\n", "\n").replace('\r', "\n"))
                .collect();
            prop_assert_eq!(back, normalized);
        }

        #[test]
        fn geo_escaping_keeps_semicolons_only(value in tricky()) {
            let kept = escape_text_keep_semicolons(&value);
            prop_assert_eq!(kept.matches(';').count(), value.matches(';').count());
            prop_assert_eq!(kept.replace(';', "\\;"), escape_text(&value));
        }
    }
}
