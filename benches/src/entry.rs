//! The workspace's entry points, each as one call on a parsed DOM, shared
//! by the `entry_points` bench and the `memory` binary so that both
//! measure the same work.
//!
//! Every conversion starts from a `scraper::Html` and does what a program
//! would: index the document ([`microdata_scraper::document`]), convert,
//! and write the output string. The options fix every clock (iCalendar's
//! `DTSTAMP`, Atom's `updated` fallback), so the output is the same on
//! every run.
//!
//! ```
//! use benches::entry::EntryPoint;
//! use microdata_scraper::{Url, parse_html};
//!
//! let dom = parse_html(r#"<p itemscope itemtype="https://schema.org/Thing"><b itemprop=name>A</b>"#);
//! let url = Url::parse("https://example.com/")?;
//! let json = EntryPoint::MicrodataJson.convert(&dom, &url).ok_or("no output")?;
//! assert!(json.contains(r#""name":["A"]"#));
//! assert_eq!(EntryPoint::Vcard.convert(&dom, &url), None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::{Duration, SystemTime};

use microdata_scraper::microsyntax::GlobalDateTime;
use microdata_scraper::scraper::Html;
use microdata_scraper::vocab::HCARD_TYPE;
use microdata_scraper::{Limits, Url, document};

/// One entry point of the workspace, timed on top of HTML parsing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryPoint {
    /// HTML parsing alone: [`convert`](Self::convert) does nothing.
    Parse,
    /// `application/microdata+json`: `document(..).to_json()`.
    MicrodataJson,
    /// microformats2 JSON: `microformats2::parse(..).to_json()`.
    Mf2Json,
    /// RDF in the W3C mode (*Microdata to RDF*), written as N-Triples:
    /// `microdata_rdf::convert` then `to_ntriples`.
    RdfNtriples,
    /// vCard 4.0: one card for each hCard item of the document, in tree
    /// order (`microdata_vcard::to_vcard_from` for each).
    Vcard,
    /// iCalendar: one `VCALENDAR` with every vEvent item
    /// (`microdata_ical::to_icalendar`).
    Ical,
    /// Atom: the HTML-to-Atom extraction (`html_atom::to_atom`).
    Atom,
}

/// iCalendar's `DTSTAMP` and Atom's "now": 2024-05-01T12:00:00Z.
const NOW_SECS: u64 = 1_714_564_800;

impl EntryPoint {
    /// The entry points the scaling bench and the `faults` tool time with
    /// calls of their own rather than [`convert`](Self::convert): the
    /// parse, microdata JSON within the default limits, and mf2 (the
    /// scaling bench's first three, whose recorded figures these calls
    /// keep comparable).
    pub const SCALED_FIRST: [EntryPoint; 3] = [
        EntryPoint::Parse,
        EntryPoint::MicrodataJson,
        EntryPoint::Mf2Json,
    ];

    /// Every entry point, parsing first.
    pub const ALL: [EntryPoint; 7] = [
        EntryPoint::Parse,
        EntryPoint::MicrodataJson,
        EntryPoint::Mf2Json,
        EntryPoint::RdfNtriples,
        EntryPoint::Vcard,
        EntryPoint::Ical,
        EntryPoint::Atom,
    ];

    /// A short name for bench ids and tables.
    pub fn name(self) -> &'static str {
        match self {
            EntryPoint::Parse => "parse",
            EntryPoint::MicrodataJson => "microdata_json",
            EntryPoint::Mf2Json => "mf2_json",
            EntryPoint::RdfNtriples => "rdf_ntriples",
            EntryPoint::Vcard => "vcard",
            EntryPoint::Ical => "ical",
            EntryPoint::Atom => "atom",
        }
    }

    /// Indexes `dom` as served from `url`, converts it and returns the
    /// output; `None` for [`Parse`](Self::Parse) and when the document has
    /// nothing for this format (no hCard, no vEvent, no `article`).
    pub fn convert(self, dom: &Html, url: &Url) -> Option<String> {
        if self == EntryPoint::Parse {
            return None;
        }
        let doc = document(dom, Some(url.clone()));
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(NOW_SECS);
        match self {
            EntryPoint::Parse => None,
            EntryPoint::MicrodataJson => Some(doc.to_json()),
            EntryPoint::Mf2Json => {
                Some(microformats2::parse(&doc, &microformats2::Mf2Options::new()).to_json())
            }
            EntryPoint::RdfNtriples => {
                let options = microdata_rdf::RdfOptions::new()
                    .with_mode(microdata_rdf::Mode::W3c)
                    .with_limits(Limits::none());
                // Without limits the conversion cannot fail.
                let conversion = microdata_rdf::convert(&doc, &options).ok()?;
                Some(microdata_rdf::to_ntriples(conversion.triples()))
            }
            EntryPoint::Vcard => {
                let options = microdata_vcard::VcardOptions::new().with_limits(Limits::none());
                let mut out = String::new();
                for item in doc.all_items().filter(|i| i.has_type(HCARD_TYPE)) {
                    if let Some(card) = microdata_vcard::to_vcard_from([item.element()], &options) {
                        out.push_str(&card);
                    }
                }
                (!out.is_empty()).then_some(out)
            }
            EntryPoint::Ical => microdata_ical::to_icalendar(
                &doc,
                &microdata_ical::IcalOptions::new()
                    .with_dtstamp(now)
                    .with_limits(Limits::none()),
            ),
            EntryPoint::Atom => html_atom::to_atom(
                &doc,
                &html_atom::AtomOptions::new().with_now(GlobalDateTime::from_system_time(now)),
            ),
        }
    }
}
