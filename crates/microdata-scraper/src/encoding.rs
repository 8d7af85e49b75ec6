//! Bytes to text, as a browser decodes a page (feature `encoding`).
//!
//! [`decode`] follows WHATWG HTML §13.2.3.2 "Determining the character
//! encoding", in order: a byte order mark; else the caller's encoding (the
//! "transport layer": an HTTP `Content-Type` charset, or a user's choice);
//! else the result of prescanning the first 1024 bytes (a UTF-16 `<?x` at
//! the very start, then `<meta charset>` or
//! `<meta http-equiv=content-type>`, then an XML declaration's
//! `encoding`); else UTF-8. Then, for an encoding that was not certain (no
//! byte order mark, none given), the tree builder's "change the encoding"
//! (§13.2.6.4.4, a `meta` start tag "in head"): the first `<meta>` of the
//! parsed page that declares an encoding, wherever it is, decides, and the
//! page is decoded again in it when it differs ([`declared_in_tree`]), as
//! a browser reloads it. [`Parsed::from_bytes`](crate::Parsed::from_bytes)
//! and [`parse_bytes`](crate::parse_bytes) do all of it, and give the
//! document's URL queries the page's encoding ([`query_encoder`]).
//!
//! Decoding is done by `encoding_rs` (re-exported); invalid sequences
//! become U+FFFD and are reported, never fatal.
//!
//! # Examples
//!
//! ```
//! use microdata_scraper::encoding::decode;
//!
//! let page = b"<meta charset=windows-1252><p itemscope><b itemprop=n>caf\xe9</b>";
//! let decoded = decode(page, None);
//! assert_eq!(decoded.encoding.name(), "windows-1252");
//! assert!(decoded.text.ends_with("caf\u{e9}</b>"));
//! assert_eq!(decoded.problem, None);
//! ```

pub use encoding_rs::Encoding;
use encoding_rs::{EncoderResult, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252, X_USER_DEFINED};

/// A decoded page: the result of [`decode`].
///
/// # Examples
///
/// ```
/// use microdata_scraper::encoding::decode;
///
/// let d = decode(b"<p>caf\xc3\xa9", None);
/// assert_eq!((d.text.as_str(), d.encoding.name()), ("<p>caf\u{e9}", "UTF-8"));
/// // No byte order mark and no caller's encoding: a later `<meta>` may
/// // still change it.
/// assert!(!d.certain);
/// assert_eq!(d.problem, None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Decoded {
    /// The text.
    pub text: String,
    /// The encoding it was decoded with.
    pub encoding: &'static Encoding,
    /// A description of the invalid byte sequences that were replaced with
    /// U+FFFD, if there were any (for UTF-8, with the offset of the
    /// first).
    pub problem: Option<String>,
    /// Whether the encoding came from a byte order mark or the caller
    /// (HTML's confidence "certain"); otherwise a `<meta>` the prescan did
    /// not reach may change it ([`declared_in_tree`]).
    pub certain: bool,
}

/// How a parsed page was decoded: what remains of its [`Decoded`] text
/// once the tree holds it ([`parse_html_bytes_within`](crate::parse_html_bytes_within),
/// [`Parsed::from_bytes`](crate::Parsed::from_bytes)).
///
/// # Examples
///
/// ```
/// use microdata_scraper::parse_html_bytes_within;
///
/// let (_, decoding) = parse_html_bytes_within(b"caf\xe9", None, 100)?;
/// assert_eq!(decoding.encoding.name(), "UTF-8");
/// assert!(decoding.problem.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Decoding {
    /// The encoding the page was decoded with, after any `<meta>` that
    /// changed it.
    pub encoding: &'static Encoding,
    /// A description of the invalid byte sequences that were replaced with
    /// U+FFFD, if there were any.
    pub problem: Option<String>,
}

/// Decodes `bytes`, with `forced` as the encoding the caller knows (an
/// HTTP charset, a user's choice), which only a byte order mark overrides.
///
/// # Examples
///
/// ```
/// use microdata_scraper::encoding::{Encoding, decode};
///
/// // A byte order mark beats everything; the encoding is then certain.
/// let d = decode(b"\xEF\xBB\xBF<meta charset=latin1>x", None);
/// assert_eq!((d.encoding.name(), d.certain), ("UTF-8", true));
/// // The caller's encoding beats the page's own declaration.
/// let d = decode(b"<meta charset=shift_jis>caf\xe9", Encoding::for_label(b"latin1"));
/// assert_eq!((d.encoding.name(), d.text.as_str()), ("windows-1252", "<meta charset=shift_jis>caf\u{e9}"));
/// // Invalid bytes are replaced and reported.
/// let d = decode(b"caf\xe9!", None);
/// assert_eq!(d.text, "caf\u{FFFD}!");
/// assert_eq!(
///     d.problem.as_deref(),
///     Some("invalid UTF-8 byte sequences replaced with U+FFFD (first at byte offset 3)")
/// );
/// ```
pub fn decode(bytes: &[u8], forced: Option<&'static Encoding>) -> Decoded {
    let (encoding, body) = match Encoding::for_bom(bytes) {
        Some((enc, bom_len)) => (enc, &bytes[bom_len..]),
        None => (forced.or_else(|| prescan(bytes)).unwrap_or(UTF_8), bytes),
    };
    let certain = forced.is_some() || body.len() < bytes.len();
    let (text, had_errors) = encoding.decode_without_bom_handling(body);
    let problem = had_errors.then(|| {
        let at = if encoding == UTF_8 {
            std::str::from_utf8(body)
                .err()
                .map(|e| format!(" (first at byte offset {})", e.valid_up_to()))
        } else {
            None
        };
        format!(
            "invalid {} byte sequences replaced with U+FFFD{}",
            encoding.name(),
            at.unwrap_or_default()
        )
    });
    Decoded {
        text: text.into_owned(),
        encoding,
        problem,
        certain,
    }
}

/// The encoding to decode a page again in, after parsing it in `used`
/// with a confidence that was not certain: HTML's "change the encoding",
/// which the tree builder runs for the first `meta` element that declares
/// one (a `charset` that names an encoding, or `http-equiv=content-type`
/// with a `content` that does), in the order the parser met them (the
/// order it created them in, which foster parenting can make differ from
/// tree order; template contents included; a `<meta>` start tag inside
/// SVG or MathML breaks out of it into an HTML `meta`). `None` when that is the encoding in use, or `used` is
/// UTF-16 (the step then only makes the confidence certain).
///
/// # Examples
///
/// ```
/// use microdata_scraper::encoding::{decode, declared_in_tree};
///
/// // The declaration comes after the 1024 bytes the prescan reads.
/// let page = format!("<!--{}--><meta charset=koi8-r><p>x", "-".repeat(1100));
/// let first = decode(page.as_bytes(), None);
/// assert_eq!((first.encoding.name(), first.certain), ("UTF-8", false));
/// let html = microdata_scraper::parse_html(&first.text);
/// let again = declared_in_tree(&html, first.encoding).ok_or("no change")?;
/// assert_eq!(again.name(), "KOI8-R");
/// assert_eq!(declared_in_tree(&html, again), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn declared_in_tree(
    html: &scraper::Html,
    used: &'static Encoding,
) -> Option<&'static Encoding> {
    if used == UTF_16BE || used == UTF_16LE {
        return None;
    }
    let html_ns = "http://www.w3.org/1999/xhtml";
    // The tree's arena holds the nodes in the order the parser created
    // them, which is the order it met their start tags: foster parenting
    // can put a later `meta` before an earlier one in tree order. One pass
    // over the arena, stopping at the first that declares an encoding.
    let declares = |node: ego_tree::NodeRef<'_, scraper::Node>| {
        let e = node.value().as_element()?;
        if e.name() != "meta" || &*e.name.ns != html_ns {
            return None;
        }
        if let Some(charset) = e.attr("charset") {
            if let Some(enc) = Encoding::for_label(charset.as_bytes()) {
                return Some(enc);
            }
        }
        let pragma = e
            .attr("http-equiv")
            .is_some_and(|v| v.eq_ignore_ascii_case("content-type"));
        if pragma {
            return charset_from_content(e.attr("content")?.as_bytes());
        }
        None
    };
    let declared = html.tree.nodes().find_map(declares)?;
    // "If the new encoding is UTF-16BE/LE, then change it to UTF-8. If the
    // new encoding is x-user-defined, then change it to windows-1252."
    let declared = if declared == UTF_16BE || declared == UTF_16LE {
        UTF_8
    } else if declared == X_USER_DEFINED {
        WINDOWS_1252
    } else {
        declared
    };
    (declared != used).then_some(declared)
}

/// URL queries in `encoding`, for HTML's "encoding-parse a URL"; `None`
/// when its output encoding is UTF-8 (UTF-16 and "replacement" included),
/// the URL parser's default.
///
/// This is the URL Standard's "percent-encode after encoding" as far as the
/// URL parser leaves it to us: the query's bytes in `encoding`, which the
/// parser then percent-encodes, and for a character the encoding lacks,
/// `%26%23`, its code point in decimal and `%3B` (`&#20013;` encoded), which
/// the parser keeps as they are.
///
/// # Examples
///
/// ```
/// use microdata_scraper::encoding::{Encoding, query_encoder};
///
/// let latin1 = Encoding::for_label(b"latin1").ok_or("unknown")?;
/// let encode = query_encoder(latin1).ok_or("UTF-8")?;
/// assert_eq!(&*encode("q=\u{e9}&x=\u{4e2d}"), b"q=\xe9&x=%26%2320013%3B");
/// assert!(query_encoder(Encoding::for_label(b"utf-8").ok_or("unknown")?).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn query_encoder(encoding: &'static Encoding) -> Option<crate::QueryEncoder> {
    let output = encoding.output_encoding();
    if output == UTF_8 {
        return None;
    }
    Some(Box::new(move |s: &str| {
        let mut encoder = output.new_encoder();
        let mut out = Vec::new();
        let mut rest = s;
        loop {
            let room = encoder
                .max_buffer_length_from_utf8_without_replacement(rest.len())
                .unwrap_or(rest.len() * 8);
            out.reserve(room);
            let (result, read) =
                encoder.encode_from_utf8_to_vec_without_replacement(rest, &mut out, true);
            rest = &rest[read..];
            match result {
                EncoderResult::InputEmpty => break,
                EncoderResult::OutputFull => {}
                EncoderResult::Unmappable(c) => {
                    out.extend_from_slice(format!("%26%23{}%3B", u32::from(c)).as_bytes());
                }
            }
        }
        std::borrow::Cow::Owned(out)
    }))
}

fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// The prescan of WHATWG HTML §13.2.3.2, over the first 1024 bytes; when
/// it finds nothing, "get an XML encoding" over the same bytes.
fn prescan(bytes: &[u8]) -> Option<&'static Encoding> {
    let b = &bytes[..bytes.len().min(1024)];
    // "Prescan for UTF-16 XML declarations": `<?x` in UTF-16, no BOM.
    if b.starts_with(b"<\0?\0x\0") {
        return Some(UTF_16LE);
    }
    if b.starts_with(b"\0<\0?\0x") {
        return Some(UTF_16BE);
    }
    prescan_meta(b).or_else(|| xmldecl::parse(b))
}

/// The prescan's loop over `<meta>` and the markup to skip.
fn prescan_meta(b: &[u8]) -> Option<&'static Encoding> {
    let mut pos = 0;
    while pos < b.len() {
        let rest = &b[pos..];
        if rest.starts_with(b"<!--") {
            // To the first `>` preceded by `--`, "the two 0x2D bytes can be
            // the same as those in the '<!--' sequence": `<!-->` ends here.
            pos += 2 + find(&rest[2..], b"-->").map_or(rest.len(), |i| i + 3);
        } else if rest.len() >= 6
            && rest[..5].eq_ignore_ascii_case(b"<meta")
            && (is_space(rest[5]) || rest[5] == b'/')
        {
            pos += 5;
            match meta(b, &mut pos) {
                Ok(Some(enc)) => return Some(enc),
                Ok(None) => {}
                Err(OutOfBytes) => return None,
            }
        } else if rest.len() >= 2
            && rest[0] == b'<'
            && (rest[1].is_ascii_alphabetic()
                || (rest[1] == b'/' && rest.get(2).is_some_and(u8::is_ascii_alphabetic)))
        {
            pos += 1;
            while pos < b.len() && !is_space(b[pos]) && b[pos] != b'>' {
                pos += 1;
            }
            while let Ok(Some(_)) = attribute(b, &mut pos) {}
        } else if rest.starts_with(b"<!") || rest.starts_with(b"</") || rest.starts_with(b"<?") {
            pos += find(rest, b">").map_or(rest.len(), |i| i + 1);
        } else {
            pos += 1;
        }
    }
    // Running out of bytes while skipping a comment or a tag ends the loop
    // as aborting the prescan would: no `<meta>` can follow.
    None
}

/// The prescan "runs out of bytes" (its position passes the end of the
/// bytes it reads): "abort the prescan a byte stream to determine its
/// encoding algorithm and return the result get an XML encoding applied to
/// the same bytes". A `<meta>` cut off before its `>` declares nothing,
/// even when the attributes read so far name an encoding.
struct OutOfBytes;

/// The byte at `pos`, or [`OutOfBytes`].
fn byte(b: &[u8], pos: usize) -> Result<u8, OutOfBytes> {
    b.get(pos).copied().ok_or(OutOfBytes)
}

/// The attributes of one `<meta>`: its encoding if it declares one.
fn meta(b: &[u8], pos: &mut usize) -> Result<Option<&'static Encoding>, OutOfBytes> {
    let mut seen: Vec<Vec<u8>> = Vec::new();
    // `charset` is null (`None`), failure (`Some(None)`) or an encoding: a
    // `charset` attribute with an unknown label leaves it failure, which a
    // later `content` does not replace ("if charset is still set to null").
    let (mut got_pragma, mut need_pragma, mut charset) = (false, None, None);
    while let Some((name, value)) = attribute(b, pos)? {
        if seen.contains(&name) {
            continue;
        }
        match name.as_slice() {
            b"http-equiv" if value.eq_ignore_ascii_case(b"content-type") => got_pragma = true,
            b"content" if charset.is_none() => {
                if let Some(enc) = charset_from_content(&value) {
                    charset = Some(Some(enc));
                    need_pragma = Some(true);
                }
            }
            b"charset" => {
                charset = Some(Encoding::for_label(&value));
                need_pragma = Some(false);
            }
            _ => {}
        }
        seen.push(name);
    }
    Ok(match need_pragma {
        None => None,
        Some(true) if !got_pragma => None,
        _ => charset.flatten().map(|enc| {
            if enc == UTF_16BE || enc == UTF_16LE {
                UTF_8
            } else if enc == X_USER_DEFINED {
                WINDOWS_1252
            } else {
                enc
            }
        }),
    })
}

/// An attribute as the prescan reads it: name and value, both in ASCII
/// lowercase.
type Attr = (Vec<u8>, Vec<u8>);

/// "Get an attribute": the next attribute, `None` at `>`, or
/// [`OutOfBytes`] when the bytes end first, wherever that is.
fn attribute(b: &[u8], pos: &mut usize) -> Result<Option<Attr>, OutOfBytes> {
    loop {
        match byte(b, *pos)? {
            b'>' => return Ok(None),
            c if is_space(c) || c == b'/' => *pos += 1,
            _ => break,
        }
    }
    let mut name = Vec::new();
    loop {
        let c = byte(b, *pos)?;
        if c == b'=' && !name.is_empty() {
            break;
        }
        if is_space(c) {
            while is_space(byte(b, *pos)?) {
                *pos += 1;
            }
            if byte(b, *pos)? != b'=' {
                return Ok(Some((name, Vec::new())));
            }
            break;
        }
        if c == b'/' || c == b'>' {
            return Ok(Some((name, Vec::new())));
        }
        name.push(c.to_ascii_lowercase());
        *pos += 1;
    }
    *pos += 1; // the '='
    while is_space(byte(b, *pos)?) {
        *pos += 1;
    }
    let mut value = Vec::new();
    match byte(b, *pos)? {
        q @ (b'"' | b'\'') => {
            *pos += 1;
            loop {
                let c = byte(b, *pos)?;
                *pos += 1;
                if c == q {
                    return Ok(Some((name, value)));
                }
                value.push(c.to_ascii_lowercase());
            }
        }
        b'>' => Ok(Some((name, value))),
        _ => loop {
            let c = byte(b, *pos)?;
            if is_space(c) || c == b'>' {
                return Ok(Some((name, value)));
            }
            value.push(c.to_ascii_lowercase());
            *pos += 1;
        },
    }
}

/// "Extract a character encoding from a meta element" (`content` value).
fn charset_from_content(content: &[u8]) -> Option<&'static Encoding> {
    let mut i = 0;
    loop {
        let at = i + find_ci(&content[i..], b"charset")?;
        i = at + 7;
        while content.get(i).is_some_and(|&c| is_space(c)) {
            i += 1;
        }
        if content.get(i) == Some(&b'=') {
            i += 1;
            break;
        }
    }
    while content.get(i).is_some_and(|&c| is_space(c)) {
        i += 1;
    }
    let value = match content.get(i)? {
        q @ (b'"' | b'\'') => {
            let end = content[i + 1..].iter().position(|c| c == q)?;
            &content[i + 1..i + 1 + end]
        }
        _ => {
            let end = content[i..]
                .iter()
                .position(|&c| is_space(c) || c == b';')
                .unwrap_or(content.len() - i);
            &content[i..i + end]
        }
    };
    Encoding::for_label(value)
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn find_ci(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn enc(bytes: &[u8]) -> &'static str {
        decode(bytes, None).encoding.name()
    }

    #[test]
    fn byte_order_marks_win() {
        assert_eq!(enc(b"\xEF\xBB\xBF<meta charset=latin1>x"), "UTF-8");
        assert_eq!(enc(b"\xFF\xFEx\x00"), "UTF-16LE");
        assert_eq!(decode(b"\xFF\xFEx\x00", None).text, "x");
        let forced = Encoding::for_label(b"koi8-r");
        assert_eq!(decode(b"\xEF\xBB\xBFx", forced).encoding.name(), "UTF-8");
    }

    #[test]
    fn meta_charset_and_pragma() {
        assert_eq!(
            enc(b"<!doctype html><meta charset=\"ISO-8859-1\">"),
            "windows-1252"
        );
        assert_eq!(
            enc(b"<META HTTP-EQUIV='Content-Type' CONTENT='text/html; charset=shift_jis'>"),
            "Shift_JIS"
        );
        // content= without the pragma does not count.
        assert_eq!(
            enc(b"<meta content='text/html; charset=shift_jis'>"),
            "UTF-8"
        );
        // Declared UTF-16 in a meta means UTF-8.
        assert_eq!(enc(b"<meta charset=utf-16le>"), "UTF-8");
        // Comments and other tags are skipped.
        assert_eq!(
            enc(b"<!-- <meta charset=koi8-r> --><p title='<meta charset=x'><meta charset=koi8-r>"),
            "KOI8-R"
        );
        // Past 1024 bytes it is not looked for.
        let mut late = vec![b' '; 1100];
        late.extend_from_slice(b"<meta charset=koi8-r>");
        assert_eq!(enc(&late), "UTF-8");
    }

    #[test]
    fn prescan_edge_cases() {
        // `<!-->` is a whole comment: the `--` of `<!--` may close it.
        assert_eq!(enc(b"<!--><meta charset=koi8-r>"), "KOI8-R");
        assert_eq!(enc(b"<!---><meta charset=koi8-r>"), "KOI8-R");
        // An unknown `charset` leaves charset "failure", not null, so a
        // later `content` is not taken.
        assert_eq!(
            enc(b"<meta charset=bogus http-equiv=content-type content='charset=koi8-r'>"),
            "UTF-8"
        );
        // ... and that `meta` ends in "next byte": a later one still counts.
        assert_eq!(enc(b"<meta charset=bogus><meta charset=koi8-r>"), "KOI8-R");
        // x-user-defined in a meta means windows-1252.
        assert_eq!(enc(b"<meta charset=x-user-defined>"), "windows-1252");
    }

    #[test]
    fn a_meta_cut_off_by_the_end_of_the_bytes_declares_nothing() {
        // "If at any point during these steps (including during instances
        // of the get an attribute algorithm invoked by this one) the user
        // agent either runs out of bytes ... or reaches its end condition,
        // then abort the prescan ... and return the result get an XML
        // encoding applied to the same bytes."
        for cut in [
            &b"<meta charset=koi8-r"[..],
            b"<meta charset=\"koi8-r\"",
            b"<meta charset=koi8-r ",
            b"<meta http-equiv=content-type content='text/html; charset=koi8-r'",
        ] {
            assert_eq!(enc(cut), "UTF-8", "{}", String::from_utf8_lossy(cut));
            assert_eq!(enc(&[cut, b">"].concat()), "KOI8-R");
        }
        // The same at the 1024-byte end condition: `koi8-rx` is cut to
        // `koi8-r`, which must not count.
        let mut cut = vec![b' '; 1024 - b"<meta charset=koi8-r".len()];
        cut.extend_from_slice(b"<meta charset=koi8-rx>");
        assert_eq!(prescan(&cut), None);
        // An XML declaration still decides, over the same bytes.
        assert_eq!(
            enc(b"<?xml version='1.0' encoding='iso-8859-2'?><meta charset=koi8-r"),
            "ISO-8859-2"
        );
    }

    #[test]
    fn utf16_and_xml_declarations() {
        // "Prescan for UTF-16 XML declarations": `<?x` without a BOM.
        let le: Vec<u8> = "<?xml version='1.0'?><p>é</p>"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(enc(&le), "UTF-16LE");
        assert_eq!(decode(&le, None).text, "<?xml version='1.0'?><p>é</p>");
        let be: Vec<u8> = "<?x".encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(enc(&be), "UTF-16BE");
        // "Get an XML encoding" when no meta declares one.
        let d = decode(
            b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><p>caf\xe9</p>",
            None,
        );
        assert_eq!(
            (d.encoding.name(), d.text.as_str()),
            (
                "windows-1252",
                "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><p>café</p>"
            )
        );
        assert!(d.problem.is_none());
        // A meta wins over the declaration; UTF-16 declared in ASCII means UTF-8.
        assert_eq!(
            enc(b"<?xml version='1.0' encoding='koi8-r'?><meta charset=iso-8859-2>"),
            "ISO-8859-2"
        );
        assert_eq!(enc(b"<?xml version='1.0' encoding='utf-16'?>"), "UTF-8");
        // Only at the very start, and only with a quoted label.
        assert_eq!(enc(b" <?xml version='1.0' encoding='koi8-r'?>"), "UTF-8");
        assert_eq!(enc(b"<?xml version='1.0' encoding=koi8-r?>"), "UTF-8");
    }

    #[test]
    fn forced_encoding_and_replacement_report() {
        let d = decode(b"caf\xe9", Encoding::for_label(b"latin1"));
        assert_eq!(d.text, "café");
        assert!(d.problem.is_none());
        let d = decode(b"caf\xe9!", None);
        assert_eq!(d.text, "caf\u{FFFD}!");
        assert_eq!(
            d.problem.unwrap(),
            "invalid UTF-8 byte sequences replaced with U+FFFD (first at byte offset 3)"
        );
    }

    #[test]
    fn url_queries_in_the_pages_encoding() {
        let encode = |enc: &'static Encoding, s: &str| {
            query_encoder(enc).map(|f| String::from_utf8_lossy(&f(s)).into_owned())
        };
        // UTF-8 output encodings need no encoder.
        for utf8 in [UTF_8, UTF_16LE, UTF_16BE, encoding_rs::REPLACEMENT] {
            assert!(query_encoder(utf8).is_none(), "{}", utf8.name());
        }
        assert_eq!(
            encode(WINDOWS_1252, "q=\u{e9}").as_deref(),
            Some("q=\u{fffd}")
        );
        // Unmappable: "%26%23" code point "%3B", in one piece with the rest.
        assert_eq!(
            encode(WINDOWS_1252, "a=\u{4e2d}&b=\u{1F600}x").as_deref(),
            Some("a=%26%2320013%3B&b=%26%23128512%3Bx")
        );
        let sjis = query_encoder(encoding_rs::SHIFT_JIS).unwrap();
        assert_eq!(&*sjis("\u{3042}"), b"\x82\xa0");
        // A stateful encoder: back to ASCII at the end and before a
        // reference.
        let jis = query_encoder(encoding_rs::ISO_2022_JP).unwrap();
        assert_eq!(&*jis("\u{3042}"), b"\x1b$B$\"\x1b(B");
        assert_eq!(&*jis("\u{3042}\u{e9}"), b"\x1b$B$\"\x1b(B%26%23233%3B");
    }

    #[test]
    fn truncated_markup_never_panics() {
        for s in [
            &b"<meta"[..],
            b"<meta ",
            b"<meta charset",
            b"<meta charset='",
            b"<meta content=\"charset=",
            b"<a",
            b"<!--",
            b"</",
            b"<meta a=b c",
        ] {
            let _ = decode(s, None);
        }
    }
}
