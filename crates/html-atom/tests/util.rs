//! Helpers: run the extraction with a fixed clock, parse the feed back.

use atom_syndication::Feed;
use html_atom::{AtomOptions, to_atom};
use microdata_model::microsyntax::{GlobalDateTime, parse_global_date_time};
use quick_xml::Reader;
use quick_xml::events::Event;

/// "The moment that this algorithm was invoked", in every test.
pub(crate) const NOW: &str = "2010-08-05T12:00:00Z";
/// `NOW` as the feed writes it.
pub(crate) const NOW_BEST: &str = "2010-08-05T12:00:00-00:00";

pub(crate) fn time(s: &str) -> GlobalDateTime {
    parse_global_date_time(s).unwrap()
}

pub(crate) fn options() -> AtomOptions {
    AtomOptions::new().with_now(time(NOW))
}

/// The feed XML of `html` at `url` with `options`.
pub(crate) fn atom_with(html: &str, url: Option<&str>, options: &AtomOptions) -> Option<String> {
    let parsed = microdata_scraper::parse(html, url).unwrap();
    to_atom(&parsed.document(), options)
}

pub(crate) fn atom(html: &str, url: Option<&str>) -> Option<String> {
    atom_with(html, url, &options())
}

/// The feed of `html`, parsed back by an Atom parser (which also checks
/// that the XML is well-formed and the dates are dates).
pub(crate) fn feed(html: &str, url: Option<&str>) -> Feed {
    parse_back(&atom(html, url).expect("a feed"))
}

pub(crate) fn parse_back(xml: &str) -> Feed {
    match xml.parse::<Feed>() {
        Ok(feed) => feed,
        Err(e) => panic!("{e}\n{xml}"),
    }
}

/// The `xml:base` of each entry, read with an XML reader.
pub(crate) fn entry_bases(xml: &str) -> Vec<String> {
    let mut reader = Reader::from_str(xml);
    let mut bases = Vec::new();
    loop {
        match reader.read_event().unwrap() {
            Event::Start(e) if e.name().as_ref() == b"entry" => {
                let attr = e.try_get_attribute("xml:base").unwrap().unwrap();
                bases.push(attr.unescape_value().unwrap().into_owned());
            }
            Event::Eof => return bases,
            _ => {}
        }
    }
}

/// The text of every element named `name`, in document order.
pub(crate) fn texts(xml: &str, name: &str) -> Vec<String> {
    let mut reader = Reader::from_str(xml);
    let mut out = Vec::new();
    let mut inside = false;
    loop {
        match reader.read_event().unwrap() {
            Event::Start(e) if e.name().as_ref() == name.as_bytes() => {
                inside = true;
                out.push(String::new());
            }
            Event::Text(t) if inside => {
                let last = out.last_mut().unwrap();
                last.push_str(&t.decode().unwrap());
            }
            Event::GeneralRef(r) if inside => {
                let last = out.last_mut().unwrap();
                let name = r.decode().unwrap();
                let c = match &*name {
                    "amp" => "&".to_owned(),
                    "lt" => "<".to_owned(),
                    "gt" => ">".to_owned(),
                    "quot" => "\"".to_owned(),
                    "apos" => "'".to_owned(),
                    other => {
                        let code = other.strip_prefix("#x").map_or_else(
                            || other.trim_start_matches('#').parse::<u32>().unwrap(),
                            |hex| u32::from_str_radix(hex, 16).unwrap(),
                        );
                        char::from_u32(code).unwrap().to_string()
                    }
                };
                last.push_str(&c);
            }
            Event::End(e) if e.name().as_ref() == name.as_bytes() => inside = false,
            Event::Eof => return out,
            _ => {}
        }
    }
}
