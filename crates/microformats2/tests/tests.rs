//! Integration tests of the microformats2 parser, through the scraper
//! adapter.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod backcompat;
mod implied;
mod options;
mod output;
mod robustness;
mod snapshots;
mod value_class;

use microformats2::{Mf2Document, Mf2Options};

/// The document URL the tests use.
pub(crate) const BASE: &str = "https://example.com/dir/page";

/// Parses `html` with the default options.
pub(crate) fn mf2(html: &str) -> Mf2Document {
    mf2_with(html, &Mf2Options::new())
}

/// Parses `html` with `options`.
pub(crate) fn mf2_with(html: &str, options: &Mf2Options) -> Mf2Document {
    let parsed = microdata_scraper::parse(html, Some(BASE)).expect("valid URL");
    microformats2::parse(&parsed.document(), options)
}

/// The JSON of the first item's `name` property, for short assertions.
pub(crate) fn json(doc: &Mf2Document) -> serde_json::Value {
    serde_json::from_str(&doc.to_json()).expect("valid JSON")
}
