//! The parsed microformats: items and their property values, in the shape
//! of the microformats2 JSON.

use serde::ser::{Error as _, SerializeMap, SerializeSeq};
use serde::{Deserialize, Serialize, Serializer};

use crate::map::Map;

/// How deep [`Serialize`] follows nested items before it gives up with an
/// error instead of overflowing the stack (the same limit `serde_json`
/// applies when reading). [`Mf2Document::to_json`](crate::Mf2Document::to_json)
/// has no limit.
pub const SERIALIZE_DEPTH_LIMIT: usize = 128;

/// One microformat: an `h-*` root (or a classic root such as `vcard`) with
/// its properties.
///
/// Items nest: as property values ([`PropertyValue::Item`], with a
/// [`value`](Item::value)) or as [`children`](Item::children). Dropping,
/// cloning, comparing and printing (`Debug`, as compact JSON) an item never
/// recurse, so arbitrarily deep trees are safe;
/// [`Serialize`] stops with an error beyond [`SERIALIZE_DEPTH_LIMIT`]
/// nested items (use [`Mf2Document::to_json`](crate::Mf2Document::to_json)
/// for untrusted input).
///
/// Because an item drops its nested items itself (without recursion), its
/// fields cannot be moved out by destructuring (`let Item { children, .. }
/// = item` does not compile): take them with [`std::mem::take`], as in
/// `let children = std::mem::take(&mut item.children);`.
///
/// # Examples
///
/// ```
/// let html = r#"<a class="h-card" href="/ada">Ada Lovelace</a>"#;
/// let parsed = microdata_scraper::parse(html, Some("https://example.com/"))?;
/// let mf2 = microformats2::parse(&parsed.document(), &microformats2::Mf2Options::new());
/// let card = &mf2.items[0];
/// assert_eq!(card.types, ["h-card"]);
/// assert_eq!(card.text("name"), Some("Ada Lovelace"));
/// assert_eq!(card.text("url"), Some("https://example.com/ada"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Deserialize)]
pub struct Item {
    /// The item types (`h-card`), unique and sorted.
    #[serde(rename = "type")]
    pub types: Vec<String>,
    /// The root element's `id` attribute, when it is not empty.
    #[serde(default)]
    pub id: Option<String>,
    /// The properties, each with its values in document order.
    #[serde(default)]
    pub properties: Map<Vec<PropertyValue>>,
    /// Nested items that are not property values.
    #[serde(default)]
    pub children: Vec<Item>,
    /// For an item that is a property value: its plain value (the nested
    /// item's `name` for `p-*`, its `url` for `u-*`, else the property's
    /// own parse).
    #[serde(default)]
    pub value: Option<ItemValue>,
    /// For an item that is an `e-*` property value: the property's HTML.
    #[serde(default)]
    pub html: Option<String>,
    /// The root element's language, with [`Mf2Options::with_lang`](crate::Mf2Options::with_lang).
    #[serde(default)]
    pub lang: Option<String>,
}

impl ItemValue {
    /// The bytes of text it holds.
    pub(crate) fn text_len(&self) -> usize {
        match self {
            ItemValue::Text(t) => t.len(),
            ItemValue::Image(i) => i.value.len() + i.alt.len(),
        }
    }
}

impl PropertyValue {
    /// The bytes of text it holds, a nested item's not included.
    pub(crate) fn text_len(&self) -> usize {
        match self {
            PropertyValue::Text(t) => t.len(),
            PropertyValue::Html(h) => h.html.len() + h.value.len(),
            PropertyValue::Image(i) => i.value.len() + i.alt.len(),
            PropertyValue::Item(_) => 0,
        }
    }
}

/// The plain `value` of an item that is a property value.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum ItemValue {
    /// A string.
    Text(String),
    /// An image URL with its alternative text.
    Image(Image),
}

/// One value of a property.
///
/// # Examples
///
/// ```
/// use microformats2::PropertyValue;
///
/// let html = r#"<div class="h-entry"><img class="u-photo" src="/a.png" alt="A">
///   <div class="e-content"><b>Hi</b></div><a class="p-author h-card" href="/">Me</a></div>"#;
/// let parsed = microdata_scraper::parse(html, Some("https://example.com/"))?;
/// let mf2 = microformats2::parse(&parsed.document(), &microformats2::Mf2Options::new());
/// let entry = &mf2.items[0];
/// match &entry.get("photo")[0] {
///     PropertyValue::Image(image) => assert_eq!(image.alt, "A"),
///     other => panic!("not an image: {other:?}"),
/// }
/// assert_eq!(entry.get("content")[0].as_html().map(|h| h.html.as_str()), Some("<b>Hi</b>"));
/// assert_eq!(entry.get("author")[0].as_item().map(|i| i.types.clone()), Some(vec!["h-card".into()]));
/// assert_eq!(entry.text("author"), Some("Me"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum PropertyValue {
    /// A string: `p-*`, `dt-*` and most `u-*` values.
    Text(String),
    /// A nested microformat.
    Item(Box<Item>),
    /// An `e-*` value.
    Html(Html),
    /// A `u-*` value from an `img` with an `alt` attribute.
    Image(Image),
}

/// An image URL with its alternative text: `{"value": url, "alt": text}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Image {
    /// The absolute URL.
    pub value: String,
    /// The `alt` attribute, as written.
    pub alt: String,
}

/// An `e-*` value: `{"html": …, "value": …}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Html {
    /// The element's inner HTML, trimmed, with relative URLs made absolute.
    pub html: String,
    /// The element's text.
    pub value: String,
    /// The element's language, with [`Mf2Options::with_lang`](crate::Mf2Options::with_lang).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
}

impl Item {
    /// An item with the given types and nothing else.
    pub fn new(types: Vec<String>) -> Self {
        Item {
            types,
            id: None,
            properties: Map::new(),
            children: Vec::new(),
            value: None,
            html: None,
            lang: None,
        }
    }

    /// Whether the item has the type `t`.
    pub fn has_type(&self, t: &str) -> bool {
        self.types.iter().any(|x| x == t)
    }

    /// The values of property `name` (empty when absent).
    pub fn get(&self, name: &str) -> &[PropertyValue] {
        self.properties.get(name).map_or(&[], Vec::as_slice)
    }

    /// The first value of property `name` as plain text: a string, an
    /// image's URL, an `e-*` value's text or a nested item's `value`.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.get(name).first().and_then(PropertyValue::as_text)
    }

    /// Whether the item or any item nested in it (property values and
    /// children) satisfies `f`; walks without recursion.
    pub fn any_nested(&self, mut f: impl FnMut(&Item) -> bool) -> bool {
        let mut stack = vec![self];
        while let Some(item) = stack.pop() {
            if f(item) {
                return true;
            }
            stack.extend(item.nested());
        }
        false
    }

    /// The items directly nested in this one: property values, then children.
    pub fn nested(&self) -> impl Iterator<Item = &Item> {
        self.properties
            .values()
            .flat_map(|values| values.iter())
            .filter_map(PropertyValue::as_item)
            .chain(self.children.iter())
    }

    /// Moves every directly nested item out onto `stack`, leaving this item
    /// shallow.
    fn take_nested(&mut self, stack: &mut Vec<Item>) {
        stack.append(&mut self.children);
        for values in self.properties.values_mut() {
            for v in values.iter_mut() {
                if let PropertyValue::Item(inner) = v {
                    stack.push(std::mem::replace(&mut **inner, Item::new(Vec::new())));
                }
            }
        }
    }

    fn has_nested(&self) -> bool {
        !self.children.is_empty()
            || self
                .properties
                .values()
                .any(|values| values.iter().any(|v| matches!(v, PropertyValue::Item(_))))
    }

    /// The item objects in this item (itself, its children and item values,
    /// at any depth) and the bytes of the text they hold: what a copy adds.
    /// Iterative, like `clone`.
    pub(crate) fn size(&self) -> (usize, usize) {
        let (mut items, mut bytes) = (0usize, 0usize);
        let mut stack = vec![self];
        while let Some(item) = stack.pop() {
            items += 1;
            bytes += item.types.iter().map(String::len).sum::<usize>();
            bytes += item.id.as_ref().map_or(0, String::len);
            bytes += item.value.as_ref().map_or(0, ItemValue::text_len);
            bytes += item.html.as_ref().map_or(0, String::len);
            bytes += item.lang.as_ref().map_or(0, String::len);
            for (name, values) in item.properties.entries() {
                bytes += name.len();
                for v in values {
                    if let PropertyValue::Item(nested) = v {
                        stack.push(nested);
                    }
                    bytes += v.text_len();
                }
            }
            stack.extend(&item.children);
        }
        (items, bytes)
    }

    /// A copy without the nested items: children empty, item values replaced
    /// by empty placeholders.
    fn shallow_clone(&self) -> Item {
        Item {
            types: self.types.clone(),
            id: self.id.clone(),
            properties: Map::from_distinct(
                self.properties
                    .iter()
                    .map(|(k, values)| {
                        let values = values
                            .iter()
                            .map(|v| match v {
                                PropertyValue::Item(_) => {
                                    PropertyValue::Item(Box::new(Item::new(Vec::new())))
                                }
                                PropertyValue::Text(s) => PropertyValue::Text(s.clone()),
                                PropertyValue::Html(h) => PropertyValue::Html(h.clone()),
                                PropertyValue::Image(i) => PropertyValue::Image(i.clone()),
                            })
                            .collect();
                        (k.to_owned(), values)
                    })
                    .collect(),
            ),
            children: Vec::with_capacity(self.children.len()),
            value: self.value.clone(),
            html: self.html.clone(),
            lang: self.lang.clone(),
        }
    }
}

impl Drop for Item {
    fn drop(&mut self) {
        if !self.has_nested() {
            return;
        }
        // Flatten the tree onto a heap stack so that dropping a deep tree
        // does not recurse: each popped item is shallow when it drops.
        let mut stack = Vec::new();
        self.take_nested(&mut stack);
        while let Some(mut item) = stack.pop() {
            item.take_nested(&mut stack);
        }
    }
}

impl Clone for Item {
    fn clone(&self) -> Self {
        enum Slot {
            Root,
            Child,
            Value(usize, usize),
        }
        struct Frame<'i> {
            src: &'i Item,
            dst: Item,
            slot: Slot,
            child: usize,
            prop: usize,
            value: usize,
        }
        fn frame(src: &Item, slot: Slot) -> Frame<'_> {
            Frame {
                dst: src.shallow_clone(),
                src,
                slot,
                child: 0,
                prop: 0,
                value: 0,
            }
        }
        let mut stack = vec![frame(self, Slot::Root)];
        loop {
            let Some(top) = stack.last_mut() else {
                return Item::new(Vec::new());
            };
            // The next nested item to copy: children first, then values.
            if let Some(child) = top.src.children.get(top.child) {
                top.child += 1;
                stack.push(frame(child, Slot::Child));
                continue;
            }
            let mut next = None;
            let entries = top.src.properties.entries();
            while let Some((_, values)) = entries.get(top.prop) {
                while let Some(v) = values.get(top.value) {
                    top.value += 1;
                    if let PropertyValue::Item(inner) = v {
                        next = Some((&**inner, Slot::Value(top.prop, top.value - 1)));
                        break;
                    }
                }
                if next.is_some() {
                    break;
                }
                top.prop += 1;
                top.value = 0;
            }
            if let Some((inner, slot)) = next {
                stack.push(frame(inner, slot));
                continue;
            }
            let Some(done) = stack.pop() else {
                return Item::new(Vec::new());
            };
            let Some(parent) = stack.last_mut() else {
                return done.dst;
            };
            match done.slot {
                Slot::Child => parent.dst.children.push(done.dst),
                Slot::Value(p, v) => {
                    if let Some(slot) = parent.dst.properties.entries_mut().get_mut(p) {
                        if let Some(value) = slot.1.get_mut(v) {
                            *value = PropertyValue::Item(Box::new(done.dst));
                        }
                    }
                }
                Slot::Root => return done.dst,
            }
        }
    }
}

impl Clone for PropertyValue {
    fn clone(&self) -> Self {
        match self {
            PropertyValue::Text(s) => PropertyValue::Text(s.clone()),
            PropertyValue::Item(item) => PropertyValue::Item(Box::new(Item::clone(item))),
            PropertyValue::Html(h) => PropertyValue::Html(h.clone()),
            PropertyValue::Image(i) => PropertyValue::Image(i.clone()),
        }
    }
}

impl PartialEq for Item {
    /// Compares two item trees with an explicit stack: no recursion.
    fn eq(&self, other: &Self) -> bool {
        let mut stack = vec![(self, other)];
        while let Some((a, b)) = stack.pop() {
            let same_fields = a.types == b.types
                && a.id == b.id
                && a.value == b.value
                && a.html == b.html
                && a.lang == b.lang
                && a.children.len() == b.children.len()
                && a.properties.len() == b.properties.len();
            if !same_fields {
                return false;
            }
            stack.extend(a.children.iter().zip(&b.children));
            for ((ka, va), (kb, vb)) in a.properties.iter().zip(b.properties.iter()) {
                if ka != kb || va.len() != vb.len() {
                    return false;
                }
                for (x, y) in va.iter().zip(vb) {
                    match (x, y) {
                        (PropertyValue::Item(x), PropertyValue::Item(y)) => stack.push((x, y)),
                        (PropertyValue::Text(x), PropertyValue::Text(y)) if x == y => {}
                        (PropertyValue::Html(x), PropertyValue::Html(y)) if x == y => {}
                        (PropertyValue::Image(x), PropertyValue::Image(y)) if x == y => {}
                        _ => return false,
                    }
                }
            }
        }
        true
    }
}

impl Eq for Item {}

impl PartialEq for PropertyValue {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (PropertyValue::Item(x), PropertyValue::Item(y)) => x == y,
            (PropertyValue::Text(x), PropertyValue::Text(y)) => x == y,
            (PropertyValue::Html(x), PropertyValue::Html(y)) => x == y,
            (PropertyValue::Image(x), PropertyValue::Image(y)) => x == y,
            _ => false,
        }
    }
}

impl Eq for PropertyValue {}

impl std::fmt::Debug for Item {
    /// The item as compact microformats2 JSON, written without recursion.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Item({})", crate::json::write_item(self))
    }
}

impl PropertyValue {
    /// The value as plain text: a string, an image's URL, an `e-*` value's
    /// text, or a nested item's `value`.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            PropertyValue::Text(s) => Some(s),
            PropertyValue::Image(i) => Some(&i.value),
            PropertyValue::Html(h) => Some(&h.value),
            PropertyValue::Item(item) => item.value.as_ref().map(ItemValue::as_str),
        }
    }

    /// The nested item, if the value is one.
    pub fn as_item(&self) -> Option<&Item> {
        match self {
            PropertyValue::Item(item) => Some(item),
            _ => None,
        }
    }

    /// The `e-*` value, if the value is one.
    pub fn as_html(&self) -> Option<&Html> {
        match self {
            PropertyValue::Html(h) => Some(h),
            _ => None,
        }
    }

    /// The image value, if the value is one.
    pub fn as_image(&self) -> Option<&Image> {
        match self {
            PropertyValue::Image(i) => Some(i),
            _ => None,
        }
    }
}

impl ItemValue {
    /// The text, or the image URL.
    pub fn as_str(&self) -> &str {
        match self {
            ItemValue::Text(s) => s,
            ItemValue::Image(i) => &i.value,
        }
    }
}

impl From<ItemValue> for PropertyValue {
    fn from(v: ItemValue) -> Self {
        match v {
            ItemValue::Text(s) => PropertyValue::Text(s),
            ItemValue::Image(i) => PropertyValue::Image(i),
        }
    }
}

// Serialization: written by hand to carry the nesting depth.

impl Serialize for Item {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ItemSer(self, 0).serialize(serializer)
    }
}

impl Serialize for PropertyValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ValueSer(self, 0).serialize(serializer)
    }
}

impl Serialize for ItemValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            ItemValue::Text(s) => serializer.serialize_str(s),
            ItemValue::Image(i) => i.serialize(serializer),
        }
    }
}

/// An item at nesting depth `.1`.
pub(crate) struct ItemSer<'i>(pub(crate) &'i Item, pub(crate) usize);
struct ValueSer<'i>(&'i PropertyValue, usize);
struct PropertiesSer<'i>(&'i Map<Vec<PropertyValue>>, usize);
struct ValuesSer<'i>(&'i [PropertyValue], usize);
pub(crate) struct ItemsSer<'i>(pub(crate) &'i [Item], pub(crate) usize);

impl Serialize for ItemSer<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (item, depth) = (self.0, self.1);
        if depth > SERIALIZE_DEPTH_LIMIT {
            return Err(S::Error::custom(format_args!(
                "items nested more than {SERIALIZE_DEPTH_LIMIT} deep: use Mf2Document::to_json"
            )));
        }
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("type", &item.types)?;
        map.serialize_entry("properties", &PropertiesSer(&item.properties, depth))?;
        if let Some(id) = &item.id {
            map.serialize_entry("id", id)?;
        }
        if !item.children.is_empty() {
            map.serialize_entry("children", &ItemsSer(&item.children, depth + 1))?;
        }
        if let Some(value) = &item.value {
            map.serialize_entry("value", value)?;
        }
        if let Some(html) = &item.html {
            map.serialize_entry("html", html)?;
        }
        if let Some(lang) = &item.lang {
            map.serialize_entry("lang", lang)?;
        }
        map.end()
    }
}

impl Serialize for ItemsSer<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for item in self.0 {
            seq.serialize_element(&ItemSer(item, self.1))?;
        }
        seq.end()
    }
}

impl Serialize for PropertiesSer<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, values) in self.0 {
            map.serialize_entry(name, &ValuesSer(values, self.1))?;
        }
        map.end()
    }
}

impl Serialize for ValuesSer<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for v in self.0 {
            seq.serialize_element(&ValueSer(v, self.1))?;
        }
        seq.end()
    }
}

impl Serialize for ValueSer<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            PropertyValue::Text(s) => serializer.serialize_str(s),
            PropertyValue::Item(item) => ItemSer(item, self.1 + 1).serialize(serializer),
            PropertyValue::Html(h) => h.serialize(serializer),
            PropertyValue::Image(i) => i.serialize(serializer),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A chain of `depth` items, each the only child of the previous one.
    fn chain(depth: usize) -> Item {
        let mut item = Item::new(vec!["h-x".into()]);
        for i in 0..depth {
            let mut outer = Item::new(vec!["h-x".into()]);
            if i % 2 == 0 {
                outer.children.push(item);
            } else {
                outer
                    .properties
                    .insert("p".into(), vec![PropertyValue::Item(Box::new(item))]);
            }
            item = outer;
        }
        item
    }

    fn depth(item: &Item) -> usize {
        let mut d = 0;
        let mut cur = Some(item);
        while let Some(i) = cur {
            d += 1;
            cur = i.nested().next();
        }
        d
    }

    #[test]
    fn deep_trees_clone_and_drop_without_recursion() {
        let item = chain(200_000);
        let copy = item.clone();
        assert_eq!(depth(&copy), 200_001);
        drop(item);
        drop(copy);
    }

    #[test]
    fn deep_trees_compare_and_print_without_recursion() {
        let a = chain(200_000);
        let b = a.clone();
        assert_eq!(a, b);
        let mut c = chain(200_000);
        c.id = Some("x".into());
        assert_ne!(a, c);
        let printed = format!("{a:?}");
        assert!(printed.starts_with(r#"Item({"type":["h-x"],"properties":{"p":[{"type""#));
    }

    #[test]
    fn clone_keeps_value_positions() {
        let mut item = Item::new(vec!["h-a".into()]);
        let mut inner = Item::new(vec!["h-b".into()]);
        inner.value = Some(ItemValue::Text("v".into()));
        item.properties.insert(
            "x".into(),
            vec![
                PropertyValue::Text("t".into()),
                PropertyValue::Item(Box::new(inner)),
            ],
        );
        item.children.push(Item::new(vec!["h-c".into()]));
        assert_eq!(item.clone(), item);
    }

    #[test]
    fn serialize_stops_at_the_depth_limit() {
        let shallow = chain(SERIALIZE_DEPTH_LIMIT);
        assert!(serde_json::to_string(&shallow).is_ok());
        let deep = chain(SERIALIZE_DEPTH_LIMIT + 2);
        let err = serde_json::to_string(&deep).unwrap_err();
        assert!(err.to_string().contains("to_json"), "{err}");
    }

    #[test]
    fn values_deserialize_by_shape() {
        let json = r#"["a", {"value":"u","alt":"t"}, {"html":"<b>x</b>","value":"x"},
            {"type":["h-card"],"properties":{"name":["n"]},"value":"n"}]"#;
        let values: Vec<PropertyValue> = serde_json::from_str(json).unwrap();
        assert_eq!(values[0], PropertyValue::Text("a".into()));
        assert_eq!(values[1].as_image().unwrap().alt, "t");
        assert_eq!(values[2].as_html().unwrap().value, "x");
        let item = values[3].as_item().unwrap();
        assert_eq!(item.text("name"), Some("n"));
        assert_eq!(values[3].as_text(), Some("n"));
    }
}
