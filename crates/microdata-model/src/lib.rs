//! The DOM-agnostic core of the microdata toolkit.
//!
//! This crate implements HTML microdata as the current WHATWG HTML standard
//! (§5) defines it, on any tree that implements the small [`Node`] trait:
//!
//! - the model: [items](Item) with item types, global identifiers and
//!   properties; property [values](Value) for every element kind;
//! - "find the properties of an item", linear in the document size, with
//!   its [microdata errors](MicrodataError) reported as data;
//! - the DOM API of the 2011 W3C draft in Rust form: top-level items by type
//!   ([`Document::items_of_type`], `getItems`), [`Item::properties`],
//!   [`Item::names`], [`Item::named`] / [`Item::values`] (`namedItem(..).values`),
//!   [`Element::item_value`] (`itemValue`), on the current model: item
//!   types are tokens (the draft compared the whole `itemtype`), and values
//!   follow the current rules (`data` and `meter` give their `value`, a
//!   `time` without `datetime` its child text, where the draft gave
//!   `textContent`);
//! - the `application/microdata+json` conversion (`Document::to_json`,
//!   feature `json`, on by default);
//! - the HTML [`microsyntax`]es the converters share (dates, times,
//!   durations, numbers);
//! - rel [`links`] (the link types of the HTML5 2010 draft, synonyms,
//!   feeds, icons, hierarchy) and
//!   HTML fragment serialization ([`serialize`]) for the converters;
//! - [`Limits`] for untrusted input, and the shared vocabulary-check
//!   [`vocab::Warning`] (with the licensed-work checks).
//!
//! It depends on no HTML parser. `microdata-scraper` binds it to `scraper`
//! and is the easiest entry point; the converter crates (`microdata-vcard`,
//! `microdata-ical`, `microdata-rdf`, `microformats2`, `html-atom`) build on
//! this crate alone.
//!
//! # Example
//!
//! The [`Node`] docs show a complete in-memory tree; this example, like
//! the others in this crate, hides one like it: a static slice of rows
//! (element name, or `None` for a text node; text; attributes; child
//! rows) and `N(tree, row)`, its node at `row`. It is the crate's
//! `doctest/tree.rs`: copy it to run an example elsewhere, or
//! parse HTML with `microdata-scraper` instead. With any tree:
//!
//! ```
//! # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
//! # use tree::{N, Row};
//! use microdata_model::Document;
//!
//! // <div itemscope itemtype="https://schema.org/Person">
//! //   <a itemprop=name href=/ada>Ada</a></div>
//! let tree: &'static [Row] = &[
//!     (Some("div"), "", &[("itemscope", ""), ("itemtype", "https://schema.org/Person")], &[1]),
//!     (Some("a"), "", &[("itemprop", "name url"), ("href", "/ada")], &[2]),
//!     (None, "Ada", &[], &[]),
//! ];
//! let root = N(tree, 0);
//! let doc = Document::with_url(root, "https://example.com/".parse()?);
//! for item in doc.items_of_type("https://schema.org/Person") {
//!     // `a` is a URL property element: its value is the resolved `href`.
//!     let url = item.get("url").and_then(microdata_model::Value::into_string);
//!     assert_eq!(url.as_deref(), Some("https://example.com/ada"));
//! }
//! assert_eq!(
//!     doc.to_json(),
//!     r#"{"items":[{"type":["https://schema.org/Person"],"properties":{"name":["https://example.com/ada"],"url":["https://example.com/ada"]}}]}"#
//! );
//! assert!(doc.errors().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! - `json` (default): `Document::to_json` and the `json` module.
//! - `serde`: `serde::Serialize` for [`Item`], producing the WHATWG JSON
//!   object shape, and for [`OwnedMicrodataError`] and [`ErrorKind`].
#![cfg_attr(docsrs, feature(doc_cfg))]
#![doc(test(attr(deny(warnings))))]

mod document;
mod element;
mod error;
mod item;
mod limits;
mod node;
#[cfg(feature = "serde")]
pub mod serde_impl;
mod value;

#[cfg(feature = "json")]
pub mod json;
pub mod links;
pub mod microsyntax;
pub mod serialize;
pub mod vocab;

pub use document::{Document, QueryEncoder, is_ascii_whitespace, split_ascii_whitespace};
pub use element::{Element, URL_PROPERTY_ELEMENTS};
pub use error::{ErrorKind, MicrodataError, OwnedMicrodataError};
pub use item::{Item, Properties};
pub use limits::{Limit, LimitError, Limits};
pub use node::{Attribute, Node, NodeKind};
pub use url::{self, Url};
pub use value::Value;

#[cfg(test)]
mod tests;
