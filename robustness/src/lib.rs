//! Hostile and broken input for the microdata workspace.
//!
//! This `publish = false` crate holds what the robustness checks share:
//!
//! - [`oracle`]: one function per entry point (microdata JSON, RDF in both
//!   modes, vCard, iCalendar, microformats2, rel links, Atom and the
//!   `microdata` command's byte path) that runs it on arbitrary bytes and
//!   panics when a property fails: output that does not parse back with an
//!   independent reader, a result that changes between two runs, a limit
//!   reached without being named;
//! - [`tree`]: an in-memory tree for documents an HTML parser would take
//!   too long to build;
//! - [`regressions`]: the inputs the fuzzers found, kept in
//!   `robustness/regressions/<target>/` and replayed by `cargo test`.
//!
//! The fuzz targets in `fuzz/` (a cargo-fuzz project, run with
//! `cargo xtask fuzz`) call the oracles; the tests in `tests/` run them on
//! generated documents (proptest) and on the adversarial cases of the
//! issue (deep nesting, huge `itemref` lists, cycles, huge attributes,
//! hostile URLs and bytes).
//!
//! # Example
//!
//! ```
//! // Panics if the conversion misbehaves on this input.
//! robustness::oracle::json(b"<div itemscope itemref=a><p id=a itemprop=x>y</p>");
//! assert!(robustness::oracle::by_name("atom").is_some());
//! ```

pub mod oracle;
pub mod regressions;
pub mod tree;

/// An input's bytes as the `microdata` command reads them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// The text, invalid sequences replaced with U+FFFD.
    pub text: String,
    /// The name of the encoding used (`UTF-8`, `windows-1252`, ...).
    pub encoding: &'static str,
    /// The command's message about replaced invalid sequences, if any.
    pub problem: Option<String>,
}

/// Decodes `bytes` as the `microdata` command does before it parses them
/// (`microdata_scraper::encoding::decode`): byte order mark, else
/// `--encoding` (`label`), else `<meta charset>` in the first 1024 bytes,
/// else UTF-8. `None` when `label` names no encoding.
///
/// # Examples
///
/// ```
/// let d = robustness::decode_as_the_command(b"<meta charset=latin1>\xE9", None).unwrap();
/// assert_eq!(d.encoding, "windows-1252");
/// assert!(d.text.ends_with('\u{E9}'));
/// ```
pub fn decode_as_the_command(bytes: &[u8], label: Option<&str>) -> Option<Decoded> {
    use microdata_scraper::encoding::{Encoding, decode};
    let forced = match label {
        Some(l) => Some(Encoding::for_label(l.trim().as_bytes())?),
        None => None,
    };
    let d = decode(bytes, forced);
    Some(Decoded {
        text: d.text,
        encoding: d.encoding.name(),
        problem: d.problem,
    })
}
