//! A microformats2 parser, with classic microformats, on the DOM-agnostic
//! [`microdata_model`] tree.
//!
//! [`parse`] reads a [`Document`](microdata_model::Document) (any tree that
//! implements the model's [`Node`](microdata_model::Node) trait, indexed
//! once) and returns an [`Mf2Document`]: the microformats2 JSON as Rust
//! values (`items`, `rels`, `rel-urls`), which serialize with `serde` or
//! with the stack-safe [`Mf2Document::to_json`].
//!
//! What it implements:
//!
//! - the microformats2 parsing algorithm as today's parsers run it: root and
//!   property class names (with vendor prefixes), `p-*`, `u-*`, `dt-*` and
//!   `e-*` parsing with the value-class pattern and its date and time rules,
//!   nested items as property values (with `value`) and as `children`, item
//!   `id`, the implied `name`, `photo` and `url`, `{value, alt}` images,
//!   `e-*` HTML with absolute URLs, `rels` and `rel-urls`;
//! - classic microformats (`vcard`, `hentry`, `vevent`, `hreview`, …) with
//!   their property tables, rel-based properties and the include pattern;
//! - options ([`Mf2Options`]) for the legacy `alternates`, `lang`, and
//!   whitespace collapsing, all off by default.
//!
//! It sits beside the microdata converters in the workspace: it depends on
//! the model (and `serde`, `serde_json`), sharing its URL resolution (base URL from the caller and
//! the first `<base href>`), element table, text and date microsyntaxes,
//! and HTML serializer. `microdata-scraper` provides a ready tree.
//!
//! Nothing recurses along the document's nesting, and parsing time is
//! linear in the document size plus the output. The microformats test suite
//! (`microformats-v2`, `-v1`, `-mixed`, `-v2-unit`) runs as this crate's
//! conformance test.
//!
//! # Example
//!
//! ```
//! let html = r#"<div class="h-card">
//!   <img class="u-photo" src="/ada.jpg" alt="Portrait">
//!   <a class="p-name u-url" href="https://ada.example/">Ada Lovelace</a>
//! </div>"#;
//! let parsed = microdata_scraper::parse(html, Some("https://example.com/"))?;
//! let mf2 = microformats2::parse(&parsed.document(), &microformats2::Mf2Options::new());
//! assert_eq!(
//!     mf2.to_json(),
//!     concat!(
//!         r#"{"items":[{"type":["h-card"],"properties":{"#,
//!         r#""photo":[{"value":"https://example.com/ada.jpg","alt":"Portrait"}],"#,
//!         r#""name":["Ada Lovelace"],"url":["https://ada.example/"]}}],"#,
//!         r#""rels":{},"rel-urls":{}}"#
//!     )
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod backcompat;
mod classes;
mod datetime;
mod document;
mod html;
mod item;
mod json;
mod map;
mod options;
mod parse;
mod rels;
mod resolve;
mod text;

pub use document::{Alternate, Mf2Document, RelUrl};
pub use item::{Html, Image, Item, ItemValue, PropertyValue, SERIALIZE_DEPTH_LIMIT};
pub use map::Map;
/// The model this crate converts from (`Document`, `Node`, `Limits`,
/// `microsyntax`), re-exported so that a program with its own `Node`
/// implementation uses the same version.
pub use microdata_model;
/// The caps on a conversion (see the options' `with_limits`), and the
/// error of a conversion that reaches one: re-exported from the model so
/// that this crate alone is enough to use them.
pub use microdata_model::{Limit, LimitError, Limits};
pub use options::Mf2Options;
pub use parse::{parse, try_parse};

/// This crate's README examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CrateReadmeDoctests;
