//! `serde::Serialize` for items (feature `serde`): the same object shape as
//! the WHATWG JSON conversion, `"ERROR"` for an item met again through a
//! cycle included.
//!
//! Serde serializes nested values through nested calls, so nesting depth is
//! capped at [`MAX_DEPTH`] items: deeper documents give a serialization
//! error rather than a stack overflow. The JSON conversion (the `json`
//! module) writes any depth with `to_json`, and its `try_` forms stop at
//! [`Limits::max_depth`](crate::Limits::max_depth).
//!
//! Microdata errors serialize too, owned ([`OwnedMicrodataError`]), so that
//! a report of items and errors can be one serde value (or one snapshot):
//! `{"kind": "UnownedProperty", "warning": false, "message": …, "element":
//! 0, "local_name": "p", "id": null, "detail": null, "item": null}`, the
//! kind as its variant name, `item` the index of the item element of a
//! `RepeatedElement` error.
//!
//! ```
//! # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
//! # use tree::{N, Row};
//! use microdata_model::Document;
//!
//! // <p itemprop=name></p>: a property of no item.
//! let tree: &'static [Row] = &[(Some("p"), "", &[("itemprop", "name")], &[])];
//! let doc = Document::new(N(tree, 0));
//! let error = doc.errors()[0].to_owned();
//! let json = serde_json::to_value(&error)?;
//! assert_eq!(json["kind"], "UnownedProperty");
//! assert_eq!(json["local_name"], "p");
//! assert_eq!(json["message"], error.to_string());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! No other limit applies here: the number of item objects and the size of
//! the output are not counted. Items that refer to each other's blocks
//! through `itemref` repeat them, so a page of a few kilobytes can ask for
//! an output that doubles with each level of sharing. For untrusted pages,
//! write the JSON with
//! [`Document::try_to_json_with`](crate::Document::try_to_json_with), which
//! counts both.

use std::cell::RefCell;

use serde::ser::{Error as _, SerializeMap, SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};

use crate::error::{ErrorKind, OwnedMicrodataError};
use crate::item::{Grouping, Item};
use crate::node::Node;
use crate::value::Value;

/// The deepest nesting of items that `Serialize` accepts.
pub const MAX_DEPTH: usize = 256;

impl<'a, N: Node<'a>> Serialize for Item<'_, 'a, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let path = RefCell::new(Vec::new());
        WithMemory {
            item: *self,
            path: &path,
        }
        .serialize(serializer)
    }
}

/// The variant's name (`"UnownedProperty"`).
impl Serialize for ErrorKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&format_args!("{self:?}"))
    }
}

/// `kind`, `warning`, `message` (the `Display` text), `element` (its index
/// in tree order), `local_name`, `id`, `detail` and `item`.
impl Serialize for OwnedMicrodataError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("MicrodataError", 8)?;
        s.serialize_field("kind", &self.kind())?;
        s.serialize_field("warning", &self.kind().is_warning())?;
        s.serialize_field("message", &format_args!("{self}"))?;
        s.serialize_field("element", &self.element())?;
        s.serialize_field("local_name", self.local_name())?;
        s.serialize_field("id", &self.id())?;
        s.serialize_field("detail", &self.detail())?;
        s.serialize_field("item", &self.item())?;
        s.end()
    }
}

/// An item together with the items on the path to it (the algorithm's
/// `memory`).
struct WithMemory<'p, 'd, 'a, N: Node<'a>> {
    item: Item<'d, 'a, N>,
    path: &'p RefCell<Vec<usize>>,
}

impl<'a, N: Node<'a>> Serialize for WithMemory<'_, '_, 'a, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.path.borrow().len() >= MAX_DEPTH {
            return Err(S::Error::custom(format!(
                "items nested more than {MAX_DEPTH} deep; use microdata_model::json for such documents"
            )));
        }
        self.path.borrow_mut().push(self.item.index());
        let result = self.write(serializer);
        self.path.borrow_mut().pop();
        result
    }
}

impl<'a, N: Node<'a>> WithMemory<'_, '_, 'a, N> {
    fn write<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let item = self.item;
        let mut map = serializer.serialize_map(None)?;
        if !item.types().is_empty() {
            map.serialize_entry("type", item.types())?;
        }
        if let Some(id) = item.id() {
            map.serialize_entry("id", id.as_str())?;
        }
        let (mut names, mut entries) = (Vec::new(), Vec::new());
        item.group_values(&mut Grouping::default(), &mut names, &mut entries);
        map.serialize_entry(
            "properties",
            &Groups {
                item,
                names: &names,
                entries: &entries,
                path: self.path,
            },
        )?;
        map.end()
    }
}

struct Groups<'g, 'p, 'd, 'a, N: Node<'a>> {
    item: Item<'d, 'a, N>,
    /// Per group, its name (an index into the document's names).
    names: &'g [u32],
    /// (group, property), each name's values one run.
    entries: &'g [(u32, u32)],
    path: &'p RefCell<Vec<usize>>,
}

impl<'a, N: Node<'a>> Serialize for Groups<'_, '_, '_, 'a, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let doc = self.item.document();
        let mut map = serializer.serialize_map(Some(self.names.len()))?;
        for run in self.entries.chunk_by(|a, b| a.0 == b.0) {
            map.serialize_entry(
                doc.names[self.names[run[0].0 as usize] as usize],
                &Values {
                    item: self.item,
                    entries: run,
                    path: self.path,
                },
            )?;
        }
        map.end()
    }
}

struct Values<'g, 'p, 'd, 'a, N: Node<'a>> {
    item: Item<'d, 'a, N>,
    entries: &'g [(u32, u32)],
    path: &'p RefCell<Vec<usize>>,
}

impl<'a, N: Node<'a>> Serialize for Values<'_, '_, '_, 'a, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let doc = self.item.document();
        let mut seq = serializer.serialize_seq(Some(self.entries.len()))?;
        for &(_, p) in self.entries {
            let el = crate::Element::new(doc, doc.props[p as usize].element);
            match el.property_value() {
                Value::Item(child) if self.path.borrow().contains(&child.index()) => {
                    seq.serialize_element("ERROR")?
                }
                Value::Item(child) => seq.serialize_element(&WithMemory {
                    item: child,
                    path: self.path,
                })?,
                Value::Url { url, .. } => seq.serialize_element(&url)?,
                Value::Text(t) => seq.serialize_element(&t)?,
            }
        }
        seq.end()
    }
}

#[cfg(all(test, feature = "json"))]
mod tests {
    #![allow(clippy::unwrap_used)]
    use crate::Document;
    use crate::tests::Tree;

    #[test]
    fn owned_errors_serialize_every_field() {
        let mut t = Tree::new();
        t.el(0, "p", &[("itemscope", ""), ("itemref", "gone")]);
        t.el(0, "b", &[("id", "x"), ("itemprop", "n")]);
        t.el(
            0,
            "i",
            &[("itemscope", ""), ("id", "self"), ("itemref", "self")],
        );
        let doc = Document::new(t.root());
        let errors: Vec<_> = doc.errors().iter().map(|e| e.to_owned()).collect();
        let json = serde_json::to_value(&errors).unwrap();
        let expected: Vec<serde_json::Value> = errors
            .iter()
            .map(|e| {
                serde_json::json!({
                    "kind": format!("{:?}", e.kind()),
                    "warning": e.kind().is_warning(),
                    "message": e.to_string(),
                    "element": e.element(),
                    "local_name": e.local_name(),
                    "id": e.id(),
                    "detail": e.detail(),
                    "item": e.item(),
                })
            })
            .collect();
        assert_eq!(json, serde_json::Value::from(expected));
        assert_eq!(json[0]["kind"], "MissingItemrefTarget");
        assert_eq!(json[0]["detail"], "gone");
        // The item reaching itself through `itemref` names itself.
        assert_eq!(json[1]["kind"], "RepeatedElement");
        assert_eq!(json[1]["item"], 2);
        assert_eq!(json[2]["kind"], "UnownedProperty");
        assert_eq!(json[2]["id"], "x");
        assert_eq!(json[2]["local_name"], "b");
        assert_eq!(json[2]["item"], serde_json::Value::Null);
    }

    #[test]
    fn serialize_matches_the_json_conversion() {
        let mut t = Tree::new();
        let top = t.el(
            0,
            "div",
            &[
                ("itemscope", ""),
                ("itemtype", "http://t/ http://u/"),
                ("itemref", "a"),
            ],
        );
        let p = t.el(top, "p", &[("itemprop", "n m")]);
        // A repeated token counts once; `k` comes after `n` and `m`.
        let q = t.el(top, "i", &[("itemprop", "k n k")]);
        t.text(q, "w");
        t.text(p, "v");
        t.el(
            0,
            "div",
            &[
                ("id", "a"),
                ("itemprop", "x"),
                ("itemscope", ""),
                ("itemref", "b"),
            ],
        );
        t.el(
            0,
            "div",
            &[
                ("id", "b"),
                ("itemprop", "y"),
                ("itemscope", ""),
                ("itemref", "a"),
            ],
        );
        let doc = Document::new(t.root());
        let items: Vec<_> = doc.items().collect();
        let via_serde = format!(r#"{{"items":{}}}"#, serde_json::to_string(&items).unwrap());
        assert_eq!(via_serde, doc.to_json());
    }

    #[test]
    fn too_deep_is_an_error_not_an_overflow() {
        let mut t = Tree::new();
        let mut parent = t.el(0, "div", &[("itemscope", "")]);
        for _ in 0..super::MAX_DEPTH + 5 {
            parent = t.el(parent, "div", &[("itemscope", ""), ("itemprop", "c")]);
        }
        let doc = Document::new(t.root());
        let err = serde_json::to_string(&doc.items().next().unwrap()).unwrap_err();
        assert!(
            err.to_string().contains("nested more than 256 deep"),
            "{err}"
        );
    }
}
