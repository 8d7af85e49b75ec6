//! The parse result: items, rels and rel-urls.

use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};

use crate::item::{Item, ItemsSer};
use crate::json;
use crate::map::Map;

/// The microformats of one document, in the shape of the microformats2
/// JSON: `{"items": […], "rels": {…}, "rel-urls": {…}}`.
///
/// [`parse`](crate::parse) produces it. It serializes with [`Serialize`]
/// (through `serde_json` or any other format) and reads back with
/// [`Deserialize`]; [`to_json`](Self::to_json) writes the JSON without
/// recursion, whatever the nesting depth.
///
/// # Examples
///
/// ```
/// let html = r#"<p class="h-card">Frances Berriman</p>
/// <a rel="me" href="https://fberriman.com/">site</a>"#;
/// let parsed = microdata_scraper::parse(html, Some("https://example.com/"))?;
/// let mf2 = microformats2::parse(&parsed.document(), &microformats2::Mf2Options::new());
/// assert_eq!(
///     mf2.to_json(),
///     r#"{"items":[{"type":["h-card"],"properties":{"name":["Frances Berriman"]}}],"rels":{"me":["https://fberriman.com/"]},"rel-urls":{"https://fberriman.com/":{"rels":["me"],"text":"site"}}}"#
/// );
/// let back: microformats2::Mf2Document = serde_json::from_str(&mf2.to_json())?;
/// assert_eq!(back, mf2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Mf2Document {
    /// The top-level items, in document order.
    #[serde(default)]
    pub items: Vec<Item>,
    /// For each `rel` value, the URLs of the links that carry it, in
    /// document order, each URL once.
    #[serde(default)]
    pub rels: Map<Vec<String>>,
    /// For each link URL, what the links to it say.
    #[serde(default, rename = "rel-urls")]
    pub rel_urls: Map<RelUrl>,
    /// The legacy top-level `alternates` list, only with
    /// [`Mf2Options::with_alternates`](crate::Mf2Options::with_alternates).
    #[serde(default)]
    pub alternates: Option<Vec<Alternate>>,
}

/// What the links to one URL say: an entry of `rel-urls`.
///
/// Each of `text`, `title`, `media`, `hreflang` and `type` comes from the
/// first link to the URL that has it; `rels` collects the rel values of all
/// of them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelUrl {
    /// The rel values, unique and sorted.
    pub rels: Vec<String>,
    /// The link's text content, when not empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The `title` attribute.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The `media` attribute.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub media: Option<String>,
    /// The `hreflang` attribute.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hreflang: Option<String>,
    /// The `type` attribute.
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "type")]
    pub media_type: Option<String>,
}

/// An entry of the legacy top-level `alternates` list (the older parsing
/// text: links whose `rel` has `alternate`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Alternate {
    /// The link's absolute URL.
    pub url: String,
    /// The link's other rel values, space-separated, when there are any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rel: Option<String>,
    /// The `media` attribute.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub media: Option<String>,
    /// The `hreflang` attribute.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hreflang: Option<String>,
    /// The `type` attribute.
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "type")]
    pub media_type: Option<String>,
}

impl Mf2Document {
    /// The document as compact microformats2 JSON.
    ///
    /// Written with an explicit stack: any nesting depth is fine. The
    /// output is what `serde_json::to_string` gives for documents within
    /// [`SERIALIZE_DEPTH_LIMIT`](crate::SERIALIZE_DEPTH_LIMIT).
    pub fn to_json(&self) -> String {
        json::write(self, false)
    }

    /// The document as indented microformats2 JSON (two spaces, as
    /// `serde_json::to_string_pretty` writes it).
    pub fn to_json_pretty(&self) -> String {
        json::write(self, true)
    }

    /// Every item of the document, nested ones included, in document order
    /// (each item before the items nested in it).
    pub fn all_items(&self) -> impl Iterator<Item = &Item> {
        let mut stack: Vec<&Item> = self.items.iter().rev().collect();
        std::iter::from_fn(move || {
            let item = stack.pop()?;
            let first = stack.len();
            stack.extend(item.nested());
            stack[first..].reverse();
            Some(item)
        })
    }
}

impl Serialize for Mf2Document {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("items", &ItemsSer(&self.items, 0))?;
        map.serialize_entry("rels", &MapSer(&self.rels))?;
        map.serialize_entry("rel-urls", &MapSer(&self.rel_urls))?;
        if let Some(alternates) = &self.alternates {
            map.serialize_entry("alternates", alternates)?;
        }
        map.end()
    }
}

struct MapSer<'m, V>(&'m Map<V>);

impl<V: Serialize> Serialize for MapSer<'_, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<V: Serialize> Serialize for Map<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        MapSer(self).serialize(serializer)
    }
}
