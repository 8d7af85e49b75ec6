//! The vocabulary registry of the W3C Note (§3, §4, appendix D).

use std::collections::HashMap;
use std::sync::OnceLock;

use oxrdf::NamedNode;
use serde_json::Value as Json;

use crate::error::{Error, ErrorKind};
use crate::iri;

/// The default registry document, as published at `http://www.w3.org/ns/md`
/// (the W3C Note's appendix D, plus the `https://schema.org/` entry the
/// published file has today).
const DEFAULT_REGISTRY: &str = include_str!("md.json");

/// One registry entry: a vocabulary URI prefix and its property rules.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Vocabulary {
    prefix: String,
    /// Per property name, the IRIs its `subPropertyOf` and
    /// `equivalentProperty` keys name (vocabulary expansion, §4).
    properties: HashMap<String, Vec<NamedNode>>,
}

/// A vocabulary registry (W3C Note §3): URI prefixes that name
/// vocabularies, each with optional per-property expansion rules.
///
/// Items whose type starts with a registered prefix generate property URIs
/// in that vocabulary; a property with `subPropertyOf` or
/// `equivalentProperty` rules also generates a triple with each named
/// property (§4, "vocabulary expansion").
///
/// [`Registry::default`] is the W3C default registry
/// (`http://www.w3.org/ns/md`), built into the crate.
///
/// # Examples
///
/// ```
/// use microdata_rdf::Registry;
///
/// let registry = Registry::from_json(r#"{
///   "http://example.org/vocab/": {
///     "properties": {
///       "label": {"equivalentProperty": "http://www.w3.org/2000/01/rdf-schema#label"}
///     }
///   }
/// }"#)?;
/// assert_eq!(registry.vocabulary("http://example.org/vocab/Thing"), Some("http://example.org/vocab/"));
/// assert_eq!(Registry::default().vocabulary("http://schema.org/Person"), Some("http://schema.org/"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Registry {
    /// Sorted by decreasing prefix length (the order of
    /// [`prefixes`](Self::prefixes)); the trie's indices point here.
    vocabularies: Vec<Vocabulary>,
    /// The prefixes as a byte trie, so that finding an item type's
    /// vocabulary costs the length of the type, not the number of
    /// prefixes times it (a user registry may hold thousands).
    trie: PrefixTrie,
}

/// A byte trie over the registry's prefixes: each node's edges sorted by
/// byte, and the index of the vocabulary whose prefix ends there.
#[derive(Clone, PartialEq, Eq)]
struct PrefixTrie {
    nodes: Vec<TrieNode>,
}

#[derive(Clone, Default, PartialEq, Eq)]
struct TrieNode {
    edges: Vec<(u8, usize)>,
    vocabulary: Option<usize>,
}

impl PrefixTrie {
    fn new<'p>(prefixes: impl Iterator<Item = &'p str>) -> Self {
        let mut nodes = vec![TrieNode::default()];
        for (index, prefix) in prefixes.enumerate() {
            let mut at = 0usize;
            for byte in prefix.bytes() {
                at = match nodes[at].edges.binary_search_by_key(&byte, |e| e.0) {
                    Ok(e) => nodes[at].edges[e].1,
                    Err(e) => {
                        let next = nodes.len();
                        nodes[at].edges.insert(e, (byte, next));
                        nodes.push(TrieNode::default());
                        next
                    }
                };
            }
            nodes[at].vocabulary = Some(index);
        }
        PrefixTrie { nodes }
    }

    /// The vocabulary of the longest prefix of `text`, walking its bytes
    /// once (a byte prefix of a UTF-8 string is a `starts_with` match).
    fn longest_prefix_of(&self, text: &str) -> Option<usize> {
        let mut at = 0usize;
        let mut found = self.nodes[at].vocabulary;
        for byte in text.bytes() {
            let edges = &self.nodes[at].edges;
            match edges.binary_search_by_key(&byte, |e| e.0) {
                Ok(e) => at = edges[e].1,
                Err(_) => break,
            }
            found = self.nodes[at].vocabulary.or(found);
        }
        found
    }
}

impl std::fmt::Debug for PrefixTrie {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PrefixTrie({} nodes)", self.nodes.len())
    }
}

impl Registry {
    /// A registry with no vocabularies: every property URI is derived from
    /// the item type (W3C Note §3.1).
    pub fn empty() -> Self {
        Registry {
            vocabularies: Vec::new(),
            trie: PrefixTrie::new(std::iter::empty()),
        }
    }

    /// Parses a registry document in the JSON form of the W3C Note
    /// (example 1 and appendix D): an object whose keys are vocabulary URI
    /// prefixes, each mapping to an object with an optional `properties`
    /// object; each property may have `subPropertyOf` and
    /// `equivalentProperty` keys whose values are an IRI or an array of
    /// IRIs.
    ///
    /// Keys that are not absolute URLs (such as the test suite's
    /// `@comment`) are skipped, as are unknown keys inside an entry (the
    /// 2012 Note's `propertyURI` and `multipleValues`, which the 2014 Note
    /// dropped).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Registry`] when the text is not JSON, an entry or its
    /// `properties` is not an object, or an expansion target is not an IRI.
    pub fn from_json(json: &str) -> Result<Self, Error> {
        let bad = |msg: String| Error::new(ErrorKind::Registry, msg);
        let root: Json = serde_json::from_str(json)
            .map_err(|e| bad(format!("registry is not valid JSON: {e}")))?;
        let Json::Object(entries) = root else {
            return Err(bad("registry is not a JSON object".into()));
        };
        let mut vocabularies = Vec::new();
        for (prefix, entry) in entries {
            if !iri::is_absolute_url(&prefix) {
                continue;
            }
            let Json::Object(entry) = entry else {
                return Err(bad(format!("registry entry {prefix:?} is not an object")));
            };
            let mut properties = HashMap::new();
            match entry.get("properties") {
                None | Some(Json::Null) => {}
                Some(Json::Object(props)) => {
                    for (name, rules) in props {
                        let Json::Object(rules) = rules else {
                            return Err(bad(format!(
                                "registry property {name:?} of {prefix:?} is not an object"
                            )));
                        };
                        let mut targets = Vec::new();
                        for key in ["subPropertyOf", "equivalentProperty"] {
                            let values = match rules.get(key) {
                                None | Some(Json::Null) => continue,
                                Some(Json::String(s)) => vec![s.as_str()],
                                Some(Json::Array(a)) => a
                                    .iter()
                                    .map(|v| {
                                        v.as_str().ok_or_else(|| {
                                            bad(format!("{key} of {name:?} is not a string"))
                                        })
                                    })
                                    .collect::<Result<_, _>>()?,
                                Some(_) => {
                                    return Err(bad(format!(
                                        "{key} of {name:?} is not a string or an array"
                                    )));
                                }
                            };
                            for v in values {
                                let node = iri::is_absolute_url(v)
                                    .then(|| iri::named_node(v))
                                    .flatten()
                                    .ok_or_else(|| {
                                        bad(format!("{key} of {name:?} is not an IRI: {v:?}"))
                                    })?;
                                targets.push(node);
                            }
                        }
                        properties.insert(name.clone(), targets);
                    }
                }
                Some(_) => {
                    return Err(bad(format!(
                        "properties of registry entry {prefix:?} is not an object"
                    )));
                }
            }
            vocabularies.push(Vocabulary { prefix, properties });
        }
        vocabularies.sort_by(|a, b| {
            b.prefix
                .len()
                .cmp(&a.prefix.len())
                .then_with(|| a.prefix.cmp(&b.prefix))
        });
        let trie = PrefixTrie::new(vocabularies.iter().map(|v| v.prefix.as_str()));
        Ok(Registry { vocabularies, trie })
    }

    /// The registered vocabulary URI prefix that `item_type` starts with
    /// ("a character for character match of type up to the length of the
    /// URI prefix", W3C Note §6.3); the longest when several match.
    pub fn vocabulary(&self, item_type: &str) -> Option<&str> {
        self.find(item_type)
            .map(|i| self.vocabularies[i].prefix.as_str())
    }

    /// The registered vocabulary URI prefixes, longest first.
    pub fn prefixes(&self) -> impl Iterator<Item = &str> {
        self.vocabularies.iter().map(|v| v.prefix.as_str())
    }

    pub(crate) fn find(&self, item_type: &str) -> Option<usize> {
        self.trie.longest_prefix_of(item_type)
    }

    pub(crate) fn prefix_at(&self, vocab: usize) -> &str {
        &self.vocabularies[vocab].prefix
    }

    /// The `subPropertyOf` / `equivalentProperty` targets of `name` in the
    /// vocabulary at index `vocab`.
    pub(crate) fn expansions(&self, vocab: usize, name: &str) -> &[NamedNode] {
        self.vocabularies
            .get(vocab)
            .and_then(|v| v.properties.get(name))
            .map_or(&[], Vec::as_slice)
    }

    /// The built-in default registry, parsed once.
    pub(crate) fn shared_default() -> &'static Registry {
        static DEFAULT: OnceLock<Registry> = OnceLock::new();
        DEFAULT.get_or_init(|| {
            Registry::from_json(DEFAULT_REGISTRY).unwrap_or_else(|_| Registry::empty())
        })
    }
}

impl Default for Registry {
    /// The W3C default registry (`http://www.w3.org/ns/md`): `http://schema.org/`
    /// and `https://schema.org/` (with `additionalType` a sub-property of
    /// `rdf:type`) and `http://microformats.org/profile/hcard`.
    fn default() -> Self {
        Registry::shared_default().clone()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_default_registry_parses() {
        let r = Registry::from_json(DEFAULT_REGISTRY).unwrap();
        let prefixes: Vec<&str> = r.prefixes().collect();
        assert_eq!(
            prefixes,
            [
                "http://microformats.org/profile/hcard",
                "https://schema.org/",
                "http://schema.org/"
            ]
        );
        let schema = r.find("http://schema.org/Person").unwrap();
        assert_eq!(
            r.expansions(schema, "additionalType")
                .iter()
                .map(NamedNode::as_str)
                .collect::<Vec<_>>(),
            ["http://www.w3.org/1999/02/22-rdf-syntax-ns#type"]
        );
        assert!(r.expansions(schema, "name").is_empty());
        assert_eq!(
            r.vocabulary("http://microformats.org/profile/hcard"),
            Some("http://microformats.org/profile/hcard")
        );
        assert_eq!(r.vocabulary("http://example.org/Thing"), None);
    }

    #[test]
    fn longest_prefix_wins_and_comments_are_skipped() {
        let r = Registry::from_json(
            r#"{"@comment": "x", "http://a/": {}, "http://a/b/": {"properties": {"p": {"subPropertyOf": ["http://x/1", "http://x/2"], "equivalentProperty": "http://x/3"}}}}"#,
        )
        .unwrap();
        assert_eq!(r.vocabulary("http://a/b/C"), Some("http://a/b/"));
        assert_eq!(r.vocabulary("http://a/C"), Some("http://a/"));
        let v = r.find("http://a/b/C").unwrap();
        assert_eq!(r.expansions(v, "p").len(), 3);
    }

    /// The trie answers what the W3C Note's character-for-character match
    /// over every prefix, longest first, answers: nested prefixes, shared
    /// stems, non-ASCII prefixes (a prefix ending inside a character of
    /// the type cannot match), the type equal to a prefix, and no match.
    #[test]
    fn the_trie_finds_what_a_scan_of_every_prefix_finds() {
        let prefixes = [
            "http://a/",
            "http://a/b",
            "http://a/b/",
            "http://a/bc/",
            "http://ab/",
            "http://é.example/",
            "http://é.example/ü/",
            "https://a/",
            "urn:x:",
            "urn:x:y:z:",
        ];
        let json = format!(
            "{{{}}}",
            prefixes
                .iter()
                .map(|p| format!("{p:?}: {{}}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let r = Registry::from_json(&json).unwrap();
        assert_eq!(r.prefixes().count(), prefixes.len());
        let scan = |ty: &str| {
            r.prefixes()
                .enumerate()
                .find(|(_, p)| ty.starts_with(p))
                .map(|(i, _)| i)
        };
        let types = [
            "http://a/",
            "http://a/T",
            "http://a/b",
            "http://a/bT",
            "http://a/b/T",
            "http://a/bc/T",
            "http://a/bcd",
            "http://ab/T",
            "http://ac/T",
            "http://é.example/T",
            "http://é.example/ü/T",
            "http://é.example/ü",
            "http://\u{e8}.example/T",
            "https://a/b/",
            "urn:x:y:",
            "urn:x:y:z:w",
            "urn:",
            "",
            "http:",
        ];
        for ty in types {
            assert_eq!(r.find(ty), scan(ty), "{ty}");
        }
        assert_eq!(r.vocabulary("http://a/b/T"), Some("http://a/b/"));
        assert_eq!(r.vocabulary("http://a/bT"), Some("http://a/b"));
        assert_eq!(
            r.vocabulary("http://é.example/üT"),
            Some("http://é.example/")
        );
        assert_eq!(r.vocabulary("urn:x:y:"), Some("urn:x:"));
        assert_eq!(r.vocabulary("http://ac/T"), None);
        assert_eq!(Registry::empty().vocabulary("http://a/"), None);
    }

    #[test]
    fn malformed_registries_are_errors() {
        for bad in [
            "not json",
            "[]",
            r#"{"http://a/": 1}"#,
            r#"{"http://a/": {"properties": []}}"#,
            r#"{"http://a/": {"properties": {"p": 1}}}"#,
            r#"{"http://a/": {"properties": {"p": {"subPropertyOf": 1}}}}"#,
            r#"{"http://a/": {"properties": {"p": {"subPropertyOf": "relative"}}}}"#,
        ] {
            let e = Registry::from_json(bad).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Registry, "{bad}");
        }
    }
}
