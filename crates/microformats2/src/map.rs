//! A small insertion-ordered string map, the shape of the JSON objects the
//! parser writes (`properties`, `rels`, `rel-urls`).

use std::collections::HashMap;
use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

/// An insertion-ordered map from strings to values.
///
/// microformats2 JSON objects have no meaningful key order, but keeping the
/// order in which the parser met each key (tree order) makes output stable
/// and readable. Lookups are linear scans: these maps are small, and the
/// parser keeps its own index while building them. Building a map from an
/// iterator or deserializing one takes time linear in its entries, however
/// many there are.
///
/// # Examples
///
/// ```
/// use microformats2::Map;
///
/// let mut map = Map::new();
/// map.insert("name".to_owned(), 1);
/// map.insert("url".to_owned(), 2);
/// assert_eq!(map.get("url"), Some(&2));
/// assert_eq!(map.keys().collect::<Vec<_>>(), ["name", "url"]);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Map<V> {
    entries: Vec<(String, V)>,
}

impl<V> Default for Map<V> {
    fn default() -> Self {
        Map {
            entries: Vec::new(),
        }
    }
}

impl<V: fmt::Debug> fmt::Debug for Map<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.entries.iter().map(|(k, v)| (k, v)))
            .finish()
    }
}

impl<V> Map<V> {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// The value for `key`, if any.
    pub fn get(&self, key: &str) -> Option<&V> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The value for `key`, mutably.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut V> {
        self.entries
            .iter_mut()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    /// Whether the map has `key`.
    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// Sets `key` to `value`, keeping the key's position when it was
    /// already present; returns the old value.
    pub fn insert(&mut self, key: String, value: V) -> Option<V> {
        match self.get_mut(&key) {
            Some(slot) => Some(std::mem::replace(slot, value)),
            None => {
                self.entries.push((key, value));
                None
            }
        }
    }

    /// Removes `key`, returning its value.
    pub fn remove(&mut self, key: &str) -> Option<V> {
        let i = self.entries.iter().position(|(k, _)| k == key)?;
        Some(self.entries.remove(i).1)
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the map is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries in insertion order.
    pub fn iter(
        &self,
    ) -> impl ExactSizeIterator<Item = (&str, &V)> + DoubleEndedIterator + std::iter::FusedIterator + Clone
    {
        self.entries.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The entries in insertion order, values mutable.
    pub fn iter_mut(&mut self) -> impl ExactSizeIterator<Item = (&str, &mut V)> {
        self.entries.iter_mut().map(|(k, v)| (k.as_str(), v))
    }

    /// The keys in insertion order.
    pub fn keys(
        &self,
    ) -> impl ExactSizeIterator<Item = &str> + DoubleEndedIterator + std::iter::FusedIterator + Clone
    {
        self.entries.iter().map(|(k, _)| k.as_str())
    }

    /// The values in insertion order.
    pub fn values(&self) -> impl ExactSizeIterator<Item = &V> {
        self.entries.iter().map(|(_, v)| v)
    }

    /// The values in insertion order, mutable.
    pub fn values_mut(&mut self) -> impl ExactSizeIterator<Item = &mut V> {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    /// Builds a map from entries whose keys are known to be distinct.
    pub(crate) fn from_distinct(entries: Vec<(String, V)>) -> Self {
        Map { entries }
    }

    pub(crate) fn entries(&self) -> &[(String, V)] {
        &self.entries
    }

    pub(crate) fn entries_mut(&mut self) -> &mut Vec<(String, V)> {
        &mut self.entries
    }
}

/// Builds a map entry by entry, as [`Map::insert`] would, in time linear in
/// the number of entries: past a few entries, the keys met so far are
/// looked up in a hash index instead of scanned.
struct Builder<V> {
    entries: Vec<(String, V)>,
    index: HashMap<String, usize>,
}

impl<V> Builder<V> {
    /// Entries scanned before the index is built.
    const SCAN: usize = 16;

    fn new() -> Self {
        Builder {
            entries: Vec::new(),
            index: HashMap::new(),
        }
    }

    fn insert(&mut self, key: String, value: V) {
        let found = if self.entries.len() <= Self::SCAN {
            self.entries.iter().position(|(k, _)| *k == key)
        } else {
            if self.index.is_empty() {
                self.index = (self.entries.iter().enumerate())
                    .map(|(i, (k, _))| (k.clone(), i))
                    .collect();
            }
            self.index.get(&key).copied()
        };
        match found.and_then(|i| self.entries.get_mut(i)) {
            Some(slot) => slot.1 = value,
            None => {
                if !self.index.is_empty() {
                    self.index.insert(key.clone(), self.entries.len());
                }
                self.entries.push((key, value));
            }
        }
    }

    fn finish(self) -> Map<V> {
        Map {
            entries: self.entries,
        }
    }
}

impl<V> FromIterator<(String, V)> for Map<V> {
    /// Entries in iteration order; a repeated key keeps its first
    /// position and takes the last value, as [`Map::insert`] does.
    fn from_iter<I: IntoIterator<Item = (String, V)>>(iter: I) -> Self {
        let mut map = Builder::new();
        for (k, v) in iter {
            map.insert(k, v);
        }
        map.finish()
    }
}

impl<V> IntoIterator for Map<V> {
    type Item = (String, V);
    type IntoIter = std::vec::IntoIter<(String, V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

impl<'m, V> IntoIterator for &'m Map<V> {
    type Item = (&'m str, &'m V);
    type IntoIter =
        std::iter::Map<std::slice::Iter<'m, (String, V)>, fn(&'m (String, V)) -> (&'m str, &'m V)>;

    fn into_iter(self) -> Self::IntoIter {
        fn pair<V>((k, v): &(String, V)) -> (&str, &V) {
            (k.as_str(), v)
        }
        self.entries.iter().map(pair)
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Map<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MapVisitor<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for MapVisitor<V> {
            type Value = Map<V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
                let mut map = Builder::new();
                while let Some((k, v)) = access.next_entry::<String, V>()? {
                    map.insert(k, v);
                }
                Ok(map.finish())
            }
        }
        deserializer.deserialize_map(MapVisitor(std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_keeps_first_position_and_replaces_value() {
        let mut map = Map::new();
        map.insert("a".to_owned(), 1);
        map.insert("b".to_owned(), 2);
        assert_eq!(map.insert("a".to_owned(), 3), Some(1));
        assert_eq!(map.iter().collect::<Vec<_>>(), [("a", &3), ("b", &2)]);
        assert_eq!(map.remove("a"), Some(3));
        assert_eq!(map.len(), 1);
    }

    #[test]
    fn deserializes_in_document_order() {
        let map: Map<u8> = serde_json::from_str(r#"{"z":1,"a":2,"m":3}"#).unwrap_or_default();
        assert_eq!(map.keys().collect::<Vec<_>>(), ["z", "a", "m"]);
    }

    /// 100,000 distinct keys, then each key again: deserialized in linear
    /// time, first positions kept, last values taken.
    #[test]
    fn deserializes_100_000_keys() {
        let n = 100_000;
        let mut json = String::from("{");
        for round in 0..2 {
            for i in 0..n {
                json.push_str(&format!(r#""k{i}":{},"#, round * n + i));
            }
        }
        json.pop();
        json.push('}');
        let map: Map<usize> = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(map.len(), n);
        assert!(
            map.iter()
                .enumerate()
                .all(|(i, (k, v))| k == format!("k{i}") && *v == n + i)
        );
    }

    proptest::proptest! {
        /// Building from an iterator is a sequence of inserts, on either
        /// side of the switch to the hash index.
        #[test]
        fn collect_agrees_with_insert(
            pairs in proptest::collection::vec(("[a-z]{1,2}", proptest::num::u8::ANY), 0..64),
        ) {
            let mut expected = Map::new();
            for (k, v) in pairs.clone() {
                expected.insert(k, v);
            }
            let collected: Map<u8> = pairs.into_iter().collect();
            proptest::prop_assert_eq!(collected, expected);
        }
    }
}
