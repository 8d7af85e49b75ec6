//! Vocabulary checks shared by the converters: the [`Warning`] type, a
//! small [`Checker`] for the rules the WHATWG vocabularies (§5.3) share
//! (how many properties of a name, text or URL values, value lists), and the
//! licensed-work vocabulary (`http://n.whatwg.org/work`, §5.3.3).
//!
//! The vCard (`microdata-vcard`) and vEvent (`microdata-ical`) checks build
//! on the same pieces. A warning never stops a conversion: the spec says the
//! converters may produce invalid output for invalid input.
//!
//! # Examples
//!
//! ```
//! # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
//! # use tree::{N, Row};
//! use microdata_model::Document;
//! use microdata_model::vocab::{WORK_TYPE, check_work};
//!
//! // <figure itemscope itemtype="http://n.whatwg.org/work">
//! //   <cite itemprop="title">My Pond</cite></figure>
//! let tree: &'static [Row] = &[
//!     (Some("figure"), "", &[("itemscope", ""), ("itemtype", WORK_TYPE)], &[1]),
//!     (Some("cite"), "", &[("itemprop", "title")], &[2]),
//!     (None, "My Pond", &[], &[]),
//! ];
//! let doc = Document::new(N(tree, 0));
//! let warnings = check_work(&doc);
//! assert_eq!(warnings.len(), 1);
//! assert_eq!(warnings[0].rule(), "work:work-exactly-once");
//! assert_eq!(warnings[0].element().local_name(), "figure");
//! assert_eq!(
//!     warnings[0].to_string(),
//!     "exactly one `work` property is required, found none [work:work-exactly-once] (<figure> #0)"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::fmt;

use crate::document::Document;
use crate::element::Element;
use crate::item::Item;
use crate::limits::Limits;
use crate::node::Node;
use crate::value::Value;

/// The item type of the licensed-work vocabulary (§5.3.3).
pub const WORK_TYPE: &str = "http://n.whatwg.org/work";

/// The item type of the vCard vocabulary (§5.3.1).
pub const HCARD_TYPE: &str = "http://microformats.org/profile/hcard";

/// The item type of the vEvent vocabulary (§5.3.2).
pub const VEVENT_TYPE: &str = "http://microformats.org/profile/hcalendar#vevent";

/// Whether `item` has item types, all of them `vocabulary_type`: the items
/// whose names the checks know (the vocabularies here define one type
/// each, and the names another type allows are not known).
fn typed_alone<'a, N: Node<'a>>(item: Item<'_, 'a, N>, vocabulary_type: &str) -> bool {
    !item.types().is_empty() && item.types().iter().all(|&t| t == vocabulary_type)
}

/// One place where an item breaks a rule of its vocabulary.
///
/// `rule` is a stable identifier, `<vocabulary>:<rule>` (for example
/// `hcard:fn-exactly-once`), that callers may match on; `message` says what
/// was found, for people.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::Document;
/// use microdata_model::vocab::Warning;
///
/// // <p itemscope id="me"></p>
/// let tree: &'static [Row] = &[(Some("p"), "", &[("itemscope", ""), ("id", "me")], &[])];
/// let doc = Document::new(N(tree, 0));
/// let p = doc.element_at(0).ok_or("no element")?;
/// let warning = Warning::new(p, "demo:empty-item", "the item has no properties");
/// // Displayed: the message, the rule, then the element's name, index and id.
/// assert_eq!(
///     warning.to_string(),
///     r#"the item has no properties [demo:empty-item] (<p> #0 id="me")"#
/// );
/// // Equal when the element, the rule and the message are.
/// assert_eq!(warning, Warning::new(p, "demo:empty-item", "the item has no properties"));
/// assert_ne!(warning, Warning::new(p, "demo:other", "the item has no properties"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Warning<'d, 'a, N: Node<'a>> {
    element: Element<'d, 'a, N>,
    rule: &'static str,
    message: String,
}

impl<'d, 'a, N: Node<'a>> Warning<'d, 'a, N> {
    /// A warning about `element` breaking `rule`.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::Warning;
    ///
    /// // <p itemscope></p>
    /// let tree: &'static [Row] = &[(Some("p"), "", &[("itemscope", "")], &[])];
    /// let doc = Document::new(N(tree, 0));
    /// let p = doc.element_at(0).ok_or("no element")?;
    /// let warning = Warning::new(p, "demo:empty-item", "the item has no properties");
    /// assert_eq!(warning.element(), p);
    /// assert_eq!(warning.rule(), "demo:empty-item");
    /// assert_eq!(warning.message(), "the item has no properties");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        element: Element<'d, 'a, N>,
        rule: &'static str,
        message: impl Into<String>,
    ) -> Self {
        Warning {
            element,
            rule,
            message: message.into(),
        }
    }

    /// The element the warning is about: the property element that breaks
    /// the rule, or the item's element when a property is missing.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{WORK_TYPE, check_work};
    ///
    /// // <body><figure itemscope itemtype="http://n.whatwg.org/work">
    /// //   <img itemprop="work" src="a.png"><img itemprop="work" src="b.png"></figure>
    /// // <figure itemscope itemtype="http://n.whatwg.org/work"></figure></body>
    /// let tree: &'static [Row] = &[
    ///     (Some("body"), "", &[], &[1, 4]),
    ///     (Some("figure"), "", &[("itemscope", ""), ("itemtype", WORK_TYPE)], &[2, 3]),
    ///     (Some("img"), "", &[("itemprop", "work"), ("src", "a.png")], &[]),
    ///     (Some("img"), "", &[("itemprop", "work"), ("src", "b.png")], &[]),
    ///     (Some("figure"), "", &[("itemscope", ""), ("itemtype", WORK_TYPE)], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let warnings = check_work(&doc);
    /// assert_eq!(warnings.len(), 2);
    /// // The second `work` of the first figure: the property at fault.
    /// assert_eq!(warnings[0].element().attr("src"), Some("b.png"));
    /// // The second figure has no `work`: the item's element.
    /// assert_eq!(warnings[1].element().local_name(), "figure");
    /// assert_eq!(warnings[1].element().index(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn element(&self) -> Element<'d, 'a, N> {
        self.element
    }

    /// The rule's identifier, `<vocabulary>:<rule>`.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{WORK_TYPE, check_work};
    ///
    /// // <figure itemscope itemtype="http://n.whatwg.org/work"></figure>
    /// let tree: &'static [Row] = &[
    ///     (Some("figure"), "", &[("itemscope", ""), ("itemtype", WORK_TYPE)], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let warnings = check_work(&doc);
    /// assert_eq!(warnings[0].rule(), "work:work-exactly-once");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rule(&self) -> &'static str {
        self.rule
    }

    /// What is wrong, in lowercase words.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{WORK_TYPE, check_work};
    ///
    /// // <figure itemscope itemtype="http://n.whatwg.org/work"></figure>
    /// let tree: &'static [Row] = &[
    ///     (Some("figure"), "", &[("itemscope", ""), ("itemtype", WORK_TYPE)], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let warnings = check_work(&doc);
    /// assert_eq!(warnings[0].message(), "exactly one `work` property is required, found none");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }
}

/// Equal when about the same element, for the same rule, with the same
/// message.
impl<'a, N: Node<'a>> PartialEq for Warning<'_, 'a, N> {
    fn eq(&self, other: &Self) -> bool {
        self.element == other.element && self.rule == other.rule && self.message == other.message
    }
}

impl<'a, N: Node<'a>> Eq for Warning<'_, 'a, N> {}

impl<'a, N: Node<'a>> Clone for Warning<'_, 'a, N> {
    fn clone(&self) -> Self {
        Warning {
            element: self.element,
            rule: self.rule,
            message: self.message.clone(),
        }
    }
}

impl<'a, N: Node<'a>> fmt::Debug for Warning<'_, 'a, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Warning")
            .field("element", &self.element)
            .field("rule", &self.rule)
            .field("message", &self.message)
            .finish()
    }
}

impl<'a, N: Node<'a>> fmt::Display for Warning<'_, 'a, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} [{}] (<{}> #{}",
            self.message,
            self.rule,
            self.element.local_name(),
            self.element.index()
        )?;
        if let Some(id) = self.element.attr("id") {
            write!(f, " id={id:?}")?;
        }
        f.write_str(")")
    }
}

/// The properties of one item grouped by property name, each group in tree
/// order: one pass over [`Item::properties`], then O(1) lookups.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::Document;
/// use microdata_model::vocab::PropertyMap;
///
/// // <p itemscope><b itemprop="name nick">Ada</b><i itemprop="name">Lovelace</i></p>
/// let tree: &'static [Row] = &[
///     (Some("p"), "", &[("itemscope", "")], &[1, 3]),
///     (Some("b"), "", &[("itemprop", "name nick")], &[2]),
///     (None, "Ada", &[], &[]),
///     (Some("i"), "", &[("itemprop", "name")], &[4]),
///     (None, "Lovelace", &[], &[]),
/// ];
/// let doc = Document::new(N(tree, 0));
/// let map = PropertyMap::new(doc.items().next().ok_or("no item")?);
/// // An element with two names is in both groups.
/// assert_eq!(map.count("name"), 2);
/// assert_eq!(map.get("nick")[0].local_name(), "b");
/// assert_eq!(map.count("email"), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct PropertyMap<'d, 'a, N: Node<'a>> {
    item: Item<'d, 'a, N>,
    by_name: HashMap<&'a str, Vec<Element<'d, 'a, N>>>,
    /// The property elements read.
    read: usize,
}

/// The item and the names found, with how many elements each.
impl<'a, N: Node<'a>> std::fmt::Debug for PropertyMap<'_, 'a, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut names: Vec<(&str, usize)> =
            self.by_name.iter().map(|(n, v)| (*n, v.len())).collect();
        names.sort_unstable();
        f.debug_struct("PropertyMap")
            .field("item", &self.item.element())
            .field("names", &names)
            .finish_non_exhaustive()
    }
}

impl<'d, 'a, N: Node<'a>> PropertyMap<'d, 'a, N> {
    /// Groups the properties of `item` by name.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::PropertyMap;
    ///
    /// // <p itemscope><b itemprop="n">1</b><b itemprop="n">2</b></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1, 3]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[2]),
    ///     (None, "1", &[], &[]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[4]),
    ///     (None, "2", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let item = doc.items().next().ok_or("no item")?;
    /// let map = PropertyMap::new(item);
    /// assert_eq!(map.count("n"), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(item: Item<'d, 'a, N>) -> Self {
        let mut by_name: HashMap<&'a str, Vec<Element<'d, 'a, N>>> = HashMap::new();
        let mut read = 0;
        for p in item.properties() {
            read += 1;
            for name in p.property_names() {
                by_name.entry(name).or_default().push(p);
            }
        }
        PropertyMap {
            item,
            by_name,
            read,
        }
    }

    /// The item.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::PropertyMap;
    ///
    /// // <p itemscope><b itemprop="n">1</b><b itemprop="n">2</b></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1, 3]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[2]),
    ///     (None, "1", &[], &[]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[4]),
    ///     (None, "2", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let item = doc.items().next().ok_or("no item")?;
    /// let map = PropertyMap::new(item);
    /// assert_eq!(map.item(), item);
    /// assert_eq!(map.item().element().local_name(), "p");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn item(&self) -> Item<'d, 'a, N> {
        self.item
    }

    /// The properties named `name`, in tree order.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::PropertyMap;
    ///
    /// // <p itemscope><b itemprop="n">1</b><b itemprop="n">2</b></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1, 3]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[2]),
    ///     (None, "1", &[], &[]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[4]),
    ///     (None, "2", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let item = doc.items().next().ok_or("no item")?;
    /// let map = PropertyMap::new(item);
    /// let texts: Vec<&str> = map.get("n").iter().map(|p| p.text_content()).collect();
    /// assert_eq!(texts, ["1", "2"]);
    /// assert!(map.get("m").is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get(&self, name: &str) -> &[Element<'d, 'a, N>] {
        self.by_name.get(name).map_or(&[], Vec::as_slice)
    }

    /// The number of properties named `name`.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::PropertyMap;
    ///
    /// // <p itemscope><b itemprop="n">1</b><b itemprop="n">2</b></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1, 3]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[2]),
    ///     (None, "1", &[], &[]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[4]),
    ///     (None, "2", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let item = doc.items().next().ok_or("no item")?;
    /// let map = PropertyMap::new(item);
    /// assert_eq!(map.count("n"), 2);
    /// assert_eq!(map.count("m"), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self, name: &str) -> usize {
        self.get(name).len()
    }
}

/// Collects [`Warning`]s for the rules the WHATWG vocabularies share.
///
/// Each method checks one rule for one property name of one item (given as
/// a [`PropertyMap`]) and records a warning per violation.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::Document;
/// use microdata_model::vocab::{Checker, PropertyMap};
///
/// // <p itemscope><b itemprop="kind">robot</b><b itemprop="kind">org</b></p>
/// let tree: &'static [Row] = &[
///     (Some("p"), "", &[("itemscope", "")], &[1, 3]),
///     (Some("b"), "", &[("itemprop", "kind")], &[2]),
///     (None, "robot", &[], &[]),
///     (Some("b"), "", &[("itemprop", "kind")], &[4]),
///     (None, "org", &[], &[]),
/// ];
/// let doc = Document::new(N(tree, 0));
/// let item = doc.items().next().ok_or("no item")?;
/// let map = PropertyMap::new(item);
/// assert_eq!(map.count("kind"), 2);
///
/// let mut checker = Checker::new();
/// checker.at_most_one(&map, "kind", "demo:kind-at-most-once");
/// checker.one_of(&map, "kind", &["individual", "org"], "demo:kind-value");
/// let warnings = checker.into_warnings();
/// let rules: Vec<&str> = warnings.iter().map(|w| w.rule()).collect();
/// assert_eq!(rules, ["demo:kind-at-most-once", "demo:kind-value"]);
/// assert_eq!(warnings[1].message(), "`kind` must be one of individual, org, found \"robot\"");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Checker<'d, 'a, N: Node<'a>> {
    warnings: Vec<Warning<'d, 'a, N>>,
    /// The warnings recorded, to drop repeats: (element, rule, message).
    seen: std::collections::HashSet<(usize, &'static str, String)>,
    /// The property values [`Checker::map`] may read in all.
    max_reads: usize,
    /// The property values [`Checker::map`] has read.
    reads: usize,
    /// Whether [`Checker::map`] ran out of reads.
    stopped: bool,
}

/// The warnings so far and how much was read.
impl<'a, N: Node<'a>> std::fmt::Debug for Checker<'_, 'a, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checker")
            .field("warnings", &self.warnings.len())
            .field("reads", &self.reads)
            .field("stopped", &self.stopped)
            .finish_non_exhaustive()
    }
}

impl<'a, N: Node<'a>> Default for Checker<'_, 'a, N> {
    fn default() -> Self {
        Checker {
            warnings: Vec::new(),
            seen: std::collections::HashSet::new(),
            max_reads: usize::MAX,
            reads: 0,
            stopped: false,
        }
    }
}

impl<'d, 'a, N: Node<'a>> Checker<'d, 'a, N> {
    /// An empty checker.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{Checker, PropertyMap};
    ///
    /// // <p itemscope><b itemprop="n">1</b></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[2]),
    ///     (None, "1", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let map = PropertyMap::new(doc.items().next().ok_or("no item")?);
    /// let mut checker = Checker::new();
    /// checker.exactly_one(&map, "n", "demo:n-exactly-once");
    /// assert!(checker.into_warnings().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// A checker whose [`map`](Checker::map) reads at most
    /// [`limits.max_reads()`](Limits::max_reads) property values in all,
    /// the limit the conversions that read without writing also keep to.
    ///
    /// A check reads each item's properties, and items that share a block
    /// through `itemref` read it once each: 20,000 events sharing one block
    /// of 20,000 properties (a page of a megabyte or two) would be read 400
    /// million times. (Their repeated warnings are given once: see
    /// [`push`](Checker::push).)
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::{Document, Limits};
    /// use microdata_model::vocab::Checker;
    ///
    /// // <p itemscope><b itemprop="n">1</b><b itemprop="n">2</b></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1, 3]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[2]),
    ///     (None, "1", &[], &[]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[4]),
    ///     (None, "2", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let item = doc.items().next().ok_or("no item")?;
    /// let mut checker = Checker::with_limits(&Limits::default().with_max_reads(3));
    /// assert!(checker.map(item).is_some()); // two reads
    /// assert!(checker.map(item).is_none()); // four: more than three
    /// let warning = &checker.into_warnings()[0];
    /// assert_eq!(warning.rule(), "vocab:check-stopped");
    /// assert!(warning.message().contains("read more than 3 property values"));
    ///
    /// let mut one = Checker::with_limits(&Limits::default().with_max_reads(1));
    /// assert!(one.map(item).is_none());
    /// assert!(one.into_warnings()[0].message().contains("read more than 1 property value "));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_limits(limits: &Limits) -> Self {
        Checker {
            max_reads: limits.max_reads(),
            ..Self::default()
        }
    }

    /// The [`PropertyMap`] of `item`, its properties counted against the
    /// reads the checker allows (none are counted by [`Checker::new`]).
    /// `None` once they are used up: the first time, with a warning
    /// (rule `vocab:check-stopped`) on `item`'s element saying that it
    /// and the items after it are not checked. Checks stop there.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::Checker;
    ///
    /// // <p itemscope><b itemprop="n">1</b></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[2]),
    ///     (None, "1", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let item = doc.items().next().ok_or("no item")?;
    /// let mut checker = Checker::new();
    /// assert_eq!(checker.map(item).ok_or("stopped")?.count("n"), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn map(&mut self, item: Item<'d, 'a, N>) -> Option<PropertyMap<'d, 'a, N>> {
        if self.stopped {
            return None;
        }
        let map = PropertyMap::new(item);
        self.reads = self.reads.saturating_add(map.read);
        if self.reads <= self.max_reads {
            return Some(map);
        }
        self.stopped = true;
        self.push(
            item.element(),
            "vocab:check-stopped",
            format!(
                "checking stopped at this item: the checks read more than {} property {} \
                 (limit max_reads; items that share properties through `itemref` read them \
                 once each); this item and the ones after it are not checked",
                self.max_reads,
                if self.max_reads == 1 {
                    "value"
                } else {
                    "values"
                }
            ),
        );
        None
    }

    /// Records a warning, unless the same one (element, rule and message)
    /// is already recorded: items that share a property through `itemref`
    /// check it once each, and would repeat its warnings.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{Checker, PropertyMap};
    ///
    /// // <p itemscope></p>
    /// let tree: &'static [Row] = &[(Some("p"), "", &[("itemscope", "")], &[])];
    /// let doc = Document::new(N(tree, 0));
    /// let item = doc.items().next().ok_or("no item")?;
    /// let map = PropertyMap::new(item);
    /// let mut checker = Checker::new();
    /// // A rule of your own: a `name` or a `nick` is required.
    /// if map.count("name") + map.count("nick") == 0 {
    ///     checker.push(item.element(), "demo:named", "a `name` or a `nick` is required");
    /// }
    /// let warnings = checker.into_warnings();
    /// assert_eq!(warnings[0].rule(), "demo:named");
    /// assert_eq!(warnings[0].element(), item.element());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push(
        &mut self,
        element: Element<'d, 'a, N>,
        rule: &'static str,
        message: impl Into<String>,
    ) {
        let message = message.into();
        if self.seen.insert((element.index(), rule, message.clone())) {
            self.warnings.push(Warning::new(element, rule, message));
        }
    }

    /// "Exactly one property with the name `name` must be present": a
    /// warning on the item's element when there is none, on each extra one
    /// otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{Checker, PropertyMap};
    ///
    /// // <p itemscope><b itemprop="n">1</b><b itemprop="n">2</b></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1, 3]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[2]),
    ///     (None, "1", &[], &[]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[4]),
    ///     (None, "2", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let map = PropertyMap::new(doc.items().next().ok_or("no item")?);
    /// let mut checker = Checker::new();
    /// checker.exactly_one(&map, "n", "demo:n-exactly-once");
    /// checker.exactly_one(&map, "m", "demo:m-exactly-once");
    /// let warnings = checker.into_warnings();
    /// // One `n` too many: on the second <b>.
    /// assert_eq!(warnings[0].element().text_content(), "2");
    /// assert_eq!(
    ///     warnings[0].message(),
    ///     "exactly one `n` property is allowed, this is number 2 of 2"
    /// );
    /// // No `m` at all: on the item's <p>.
    /// assert_eq!(warnings[1].element().local_name(), "p");
    /// assert_eq!(warnings[1].message(), "exactly one `m` property is required, found none");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn exactly_one(&mut self, map: &PropertyMap<'d, 'a, N>, name: &str, rule: &'static str) {
        let props = map.get(name);
        if props.is_empty() {
            self.push(
                map.item().element(),
                rule,
                format!("exactly one `{name}` property is required, found none"),
            );
        }
        self.extra(props, name, rule, "exactly one");
    }

    /// "A single property with the name `name` may be present": a warning
    /// on each property after the first.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{Checker, PropertyMap};
    ///
    /// // <p itemscope><b itemprop="n">1</b><b itemprop="n">2</b><b itemprop="n">3</b></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1, 3, 5]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[2]),
    ///     (None, "1", &[], &[]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[4]),
    ///     (None, "2", &[], &[]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[6]),
    ///     (None, "3", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let map = PropertyMap::new(doc.items().next().ok_or("no item")?);
    /// let mut checker = Checker::new();
    /// checker.at_most_one(&map, "n", "demo:n-at-most-once");
    /// checker.at_most_one(&map, "m", "demo:m-at-most-once"); // none is fine
    /// let warnings = checker.into_warnings();
    /// let messages: Vec<&str> = warnings.iter().map(|w| w.message()).collect();
    /// assert_eq!(messages, [
    ///     "at most one `n` property is allowed, this is number 2 of 3",
    ///     "at most one `n` property is allowed, this is number 3 of 3",
    /// ]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn at_most_one(&mut self, map: &PropertyMap<'d, 'a, N>, name: &str, rule: &'static str) {
        self.extra(map.get(name), name, rule, "at most one");
    }

    fn extra(
        &mut self,
        props: &[Element<'d, 'a, N>],
        name: &str,
        rule: &'static str,
        allowed: &str,
    ) {
        for (i, &p) in props.iter().enumerate().skip(1) {
            self.push(
                p,
                rule,
                format!(
                    "{allowed} `{name}` property is allowed, this is number {} of {}",
                    i + 1,
                    props.len()
                ),
            );
        }
    }

    /// "The value must be an absolute URL": each property named `name` must
    /// be a URL property element (that is not an item) whose URL resolved.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{Checker, PropertyMap};
    ///
    /// // <p itemscope><a itemprop="u" href="/about">About</a><img itemprop="u">
    /// //   <span itemprop="u">https://example.com/</span></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1, 3, 4]),
    ///     (Some("a"), "", &[("itemprop", "u"), ("href", "/about")], &[2]),
    ///     (None, "About", &[], &[]),
    ///     (Some("img"), "", &[("itemprop", "u")], &[]),
    ///     (Some("span"), "", &[("itemprop", "u")], &[5]),
    ///     (None, "https://example.com/", &[], &[]),
    /// ];
    /// let doc = Document::with_url(N(tree, 0), "https://example.com/".parse()?);
    /// let map = PropertyMap::new(doc.items().next().ok_or("no item")?);
    /// let mut checker = Checker::new();
    /// checker.absolute_urls(&map, "u", "demo:u-url");
    /// let warnings = checker.into_warnings();
    /// // The <a> resolves to https://example.com/about. The <img> has no `src`,
    /// // and the <span>'s value is text, even though it looks like a URL.
    /// assert_eq!(warnings.len(), 2);
    /// assert_eq!(warnings[0].message(), "`u` must be an absolute URL, but <img> has no `src` attribute");
    /// assert_eq!(warnings[1].element().local_name(), "span");
    /// assert!(warnings[1].message().ends_with("found <span>"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn absolute_urls(&mut self, map: &PropertyMap<'d, 'a, N>, name: &str, rule: &'static str) {
        for &p in map.get(name) {
            match p.property_value() {
                Value::Url { url, .. } if !url.is_empty() => {}
                Value::Url { .. } => {
                    // A URL property element always has its URL attribute's
                    // name; the value is empty when the attribute is missing
                    // or does not resolve against the document's base URL.
                    let attr = p.url_attribute().unwrap_or("href");
                    let message = match p.attr(attr) {
                        None => format!(
                            "`{name}` must be an absolute URL, but <{}> has no `{attr}` attribute",
                            p.local_name()
                        ),
                        Some(raw) => format!(
                            "`{name}` must be an absolute URL, but `{attr}` ({raw:?}) does not \
                             resolve to one"
                        ),
                    };
                    self.push(p, rule, message);
                }
                Value::Item(_) => self.push(
                    p,
                    rule,
                    format!("`{name}` must be an absolute URL, found an item"),
                ),
                Value::Text(_) => self.push(
                    p,
                    rule,
                    format!(
                        "`{name}` must be an absolute URL given by a URL property element \
                         (a, area, audio, embed, iframe, img, link, object, source, track, \
                         video), found <{}>",
                        p.local_name()
                    ),
                ),
            }
        }
    }

    /// "The value must be text": each property named `name` must be neither
    /// an item nor a URL property element.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{Checker, PropertyMap};
    ///
    /// // <p itemscope><b itemprop="t">hi</b><a itemprop="t" href="https://example.com/">x</a>
    /// //   <span itemprop="t" itemscope></span></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1, 3, 5]),
    ///     (Some("b"), "", &[("itemprop", "t")], &[2]),
    ///     (None, "hi", &[], &[]),
    ///     (Some("a"), "", &[("itemprop", "t"), ("href", "https://example.com/")], &[4]),
    ///     (None, "x", &[], &[]),
    ///     (Some("span"), "", &[("itemprop", "t"), ("itemscope", "")], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let map = PropertyMap::new(doc.items().next().ok_or("no item")?);
    /// let mut checker = Checker::new();
    /// checker.texts(&map, "t", "demo:t-text");
    /// let warnings = checker.into_warnings();
    /// let messages: Vec<&str> = warnings.iter().map(|w| w.message()).collect();
    /// assert_eq!(messages, [
    ///     "`t` must be text, found a URL (<a> is a URL property element)",
    ///     "`t` must be text, found an item",
    /// ]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn texts(&mut self, map: &PropertyMap<'d, 'a, N>, name: &str, rule: &'static str) {
        for &p in map.get(name) {
            match p.property_value() {
                Value::Text(_) => {}
                Value::Item(_) => {
                    self.push(p, rule, format!("`{name}` must be text, found an item"));
                }
                Value::Url { .. } => self.push(
                    p,
                    rule,
                    format!(
                        "`{name}` must be text, found a URL (<{}> is a URL property element)",
                        p.local_name()
                    ),
                ),
            }
        }
    }

    /// "The value must be either text or an item": each property named
    /// `name` must not be a URL property element.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{Checker, PropertyMap};
    ///
    /// // <p itemscope><b itemprop="t">hi</b><span itemprop="t" itemscope></span>
    /// //   <img itemprop="t" src="https://example.com/a.png"></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1, 3, 4]),
    ///     (Some("b"), "", &[("itemprop", "t")], &[2]),
    ///     (None, "hi", &[], &[]),
    ///     (Some("span"), "", &[("itemprop", "t"), ("itemscope", "")], &[]),
    ///     (Some("img"), "", &[("itemprop", "t"), ("src", "https://example.com/a.png")], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let map = PropertyMap::new(doc.items().next().ok_or("no item")?);
    /// let mut checker = Checker::new();
    /// checker.texts_or_items(&map, "t", "demo:t-value");
    /// let warnings = checker.into_warnings();
    /// assert_eq!(warnings.len(), 1);
    /// assert_eq!(warnings[0].element().local_name(), "img");
    /// assert_eq!(
    ///     warnings[0].message(),
    ///     "`t` must be text or an item, found a URL (<img> is a URL property element)"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn texts_or_items(&mut self, map: &PropertyMap<'d, 'a, N>, name: &str, rule: &'static str) {
        for &p in map.get(name) {
            if let Value::Url { .. } = p.property_value() {
                self.push(
                    p,
                    rule,
                    format!(
                        "`{name}` must be text or an item, found a URL (<{}> is a URL property element)",
                        p.local_name()
                    ),
                );
            }
        }
    }

    /// "This vocabulary does not support global identifiers for items",
    /// and `itemid` "must not be specified on elements with an itemscope
    /// attribute whose itemtype attribute specifies a vocabulary that does
    /// not support global identifiers for items": a warning on an item of
    /// such a `vocabulary` (a type name, for the message) with `itemid`.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::Checker;
    ///
    /// // <p itemscope itemtype="https://example.com/Pet" itemid="urn:pet:1"></p>
    /// const PET: &str = "https://example.com/Pet";
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", ""), ("itemtype", PET), ("itemid", "urn:pet:1")], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let item = doc.items().next().ok_or("no item")?;
    /// let mut checker = Checker::new();
    /// checker.no_global_identifier(item, "Pet", "demo:global-identifier");
    /// let warnings = checker.into_warnings();
    /// assert_eq!(warnings[0].element(), item.element());
    /// assert_eq!(
    ///     warnings[0].message(),
    ///     "the Pet vocabulary does not support global identifiers: `itemid` is not allowed"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn no_global_identifier(
        &mut self,
        item: Item<'d, 'a, N>,
        vocabulary: &str,
        rule: &'static str,
    ) {
        let element = item.element();
        if element.attr("itemid").is_some() {
            self.push(
                element,
                rule,
                format!("the {vocabulary} vocabulary does not support global identifiers: `itemid` is not allowed"),
            );
        }
    }

    /// An item's types "must all be defined to use the same vocabulary"
    /// (§5.2.2): the vocabularies checked here each define one type, so an
    /// item of `vocabulary_type` with any other type breaks that rule. One
    /// warning on the item's element, naming the other types.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{Checker, HCARD_TYPE};
    ///
    /// // <p itemscope itemtype="http://microformats.org/profile/hcard https://schema.org/Person">
    /// const TYPES: &str = "http://microformats.org/profile/hcard https://schema.org/Person";
    /// let tree: &'static [Row] = &[(Some("p"), "", &[("itemscope", ""), ("itemtype", TYPES)], &[])];
    /// let doc = Document::new(N(tree, 0));
    /// let mut checker = Checker::new();
    /// checker.one_vocabulary(doc.items().next().ok_or("no item")?, HCARD_TYPE, "vCard", "hcard:other-type");
    /// let warnings = checker.into_warnings();
    /// assert_eq!(
    ///     warnings[0].message(),
    ///     "the vCard vocabulary has one item type, http://microformats.org/profile/hcard: \
    ///      an item's types must all use one vocabulary, and `https://schema.org/Person` \
    ///      is not of it"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn one_vocabulary(
        &mut self,
        item: Item<'d, 'a, N>,
        vocabulary_type: &str,
        vocabulary: &str,
        rule: &'static str,
    ) {
        let others: Vec<String> = item
            .types()
            .iter()
            .filter(|&&t| t != vocabulary_type)
            .map(|t| format!("`{t}`"))
            .collect();
        if others.is_empty() {
            return;
        }
        let (list, verb) = match others.len() {
            1 => (others.join(""), "is"),
            _ => (others.join(", "), "are"),
        };
        self.push(
            item.element(),
            rule,
            format!(
                "the {vocabulary} vocabulary has one item type, {vocabulary_type}: an item's \
                 types must all use one vocabulary, and {list} {verb} not of it"
            ),
        );
    }

    /// Each `itemprop` token of a typed item must be "a defined property
    /// name allowed in this situation according to the specification that
    /// defines the relevant types for the item" or an absolute URL: a
    /// warning on the first property with each other name. Only for an
    /// item whose types are all `vocabulary_type` (the vocabularies checked
    /// here define one type each), since the names another type allows
    /// are not known here.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{Checker, PropertyMap};
    ///
    /// // <p itemscope itemtype="https://example.com/Pet"><b itemprop="name">Rex</b>
    /// //   <i itemprop="nick">R</i><i itemprop="https://example.com/colour">brown</i></p>
    /// const PET: &str = "https://example.com/Pet";
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", ""), ("itemtype", PET)], &[1, 3, 5]),
    ///     (Some("b"), "", &[("itemprop", "name")], &[2]),
    ///     (None, "Rex", &[], &[]),
    ///     (Some("i"), "", &[("itemprop", "nick")], &[4]),
    ///     (None, "R", &[], &[]),
    ///     (Some("i"), "", &[("itemprop", "https://example.com/colour")], &[6]),
    ///     (None, "brown", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let map = PropertyMap::new(doc.items().next().ok_or("no item")?);
    /// let mut checker = Checker::new();
    /// checker.defined_names(&map, PET, |name| name == "name", "demo:undefined-property");
    /// let warnings = checker.into_warnings();
    /// // `name` is defined and the URL name is allowed; `nick` is neither.
    /// assert_eq!(warnings.len(), 1);
    /// assert_eq!(
    ///     warnings[0].message(),
    ///     "`nick` is not a property of https://example.com/Pet items (nor an absolute URL)"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn defined_names(
        &mut self,
        map: &PropertyMap<'d, 'a, N>,
        vocabulary_type: &str,
        defined: impl Fn(&str) -> bool,
        rule: &'static str,
    ) {
        let item = map.item();
        // Its own types are the relevant ones: an item without types is
        // checked as the value of its parent's property, if at all
        // (`defined_names_of_value`).
        if !typed_alone(item, vocabulary_type) {
            return;
        }
        self.undefined_names(map, defined, rule, |name| {
            format!("`{name}` is not a property of {vocabulary_type} items (nor an absolute URL)")
        });
    }

    /// [`defined_names`](Self::defined_names) for an item without item
    /// types that is the value of a `property` property of `parent`. Its
    /// relevant types are `parent`'s ("the relevant types of the item for
    /// which it is a property's value", §5.2.2), so each of its names must
    /// be one the vocabulary defines for `property` items (the parts of an
    /// hCard's `n`, say), or an absolute URL. Only when `parent`'s types
    /// are all `vocabulary_type`, as for `defined_names`; an item with
    /// types of its own is left to its own vocabulary.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{Checker, PropertyMap};
    ///
    /// // <p itemscope itemtype="https://example.com/Pet">
    /// //   <span itemprop="owner" itemscope><b itemprop="name">Ada</b><i itemprop="age">36</i></span></p>
    /// const PET: &str = "https://example.com/Pet";
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", ""), ("itemtype", PET)], &[1]),
    ///     (Some("span"), "", &[("itemprop", "owner"), ("itemscope", "")], &[2, 4]),
    ///     (Some("b"), "", &[("itemprop", "name")], &[3]),
    ///     (None, "Ada", &[], &[]),
    ///     (Some("i"), "", &[("itemprop", "age")], &[5]),
    ///     (None, "36", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let pet = doc.items().next().ok_or("no item")?;
    /// let owner = pet.get("owner").and_then(|v| v.as_item()).ok_or("no owner")?;
    /// let mut checker = Checker::new();
    /// checker.defined_names_of_value(
    ///     pet,
    ///     "owner",
    ///     &PropertyMap::new(owner),
    ///     PET,
    ///     |name| name == "name",
    ///     "demo:undefined-property",
    /// );
    /// let warnings = checker.into_warnings();
    /// assert_eq!(warnings.len(), 1);
    /// assert_eq!(
    ///     warnings[0].message(),
    ///     "`age` is not a property of the `owner` items of https://example.com/Pet (nor an absolute URL)"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn defined_names_of_value(
        &mut self,
        parent: Item<'d, 'a, N>,
        property: &str,
        map: &PropertyMap<'d, 'a, N>,
        vocabulary_type: &str,
        defined: impl Fn(&str) -> bool,
        rule: &'static str,
    ) {
        if !typed_alone(parent, vocabulary_type) || !map.item().types().is_empty() {
            return;
        }
        self.undefined_names(map, defined, rule, |name| {
            format!(
                "`{name}` is not a property of the `{property}` items of {vocabulary_type} (nor an absolute URL)"
            )
        });
    }

    /// A warning on the first property of each name of `map`'s item that
    /// `defined` rejects and that is no absolute URL.
    fn undefined_names(
        &mut self,
        map: &PropertyMap<'d, 'a, N>,
        defined: impl Fn(&str) -> bool,
        rule: &'static str,
        message: impl Fn(&str) -> String,
    ) {
        for name in map.item().names() {
            // An absolute URL has a `:`; most names have none to parse.
            if defined(name) || (name.contains(':') && url::Url::parse(name).is_ok()) {
                continue;
            }
            if let Some(&p) = map.get(name).first() {
                self.push(p, rule, message(name));
            }
        }
    }

    /// "The value must be an item": each property named `name` must have
    /// `itemscope`.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{Checker, PropertyMap};
    ///
    /// // <p itemscope><div itemprop="owner" itemscope></div><span itemprop="owner">Ada</span></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1, 2]),
    ///     (Some("div"), "", &[("itemprop", "owner"), ("itemscope", "")], &[]),
    ///     (Some("span"), "", &[("itemprop", "owner")], &[3]),
    ///     (None, "Ada", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let map = PropertyMap::new(doc.items().next().ok_or("no item")?);
    /// let mut checker = Checker::new();
    /// checker.items(&map, "owner", "demo:owner-item");
    /// let warnings = checker.into_warnings();
    /// assert_eq!(warnings.len(), 1);
    /// assert_eq!(warnings[0].element().local_name(), "span");
    /// assert_eq!(warnings[0].message(), "`owner` must be an item");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn items(&mut self, map: &PropertyMap<'d, 'a, N>, name: &str, rule: &'static str) {
        for &p in map.get(name) {
            if !p.is_item() {
                self.push(p, rule, format!("`{name}` must be an item"));
            }
        }
    }

    /// Each text value of the properties named `name` must equal one of
    /// `allowed`, compared case-sensitively. Items and URLs are left to
    /// [`texts`](Self::texts).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{Checker, PropertyMap};
    ///
    /// // <p itemscope><b itemprop="kind">org</b><b itemprop="kind">robot</b></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1, 3]),
    ///     (Some("b"), "", &[("itemprop", "kind")], &[2]),
    ///     (None, "org", &[], &[]),
    ///     (Some("b"), "", &[("itemprop", "kind")], &[4]),
    ///     (None, "robot", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let map = PropertyMap::new(doc.items().next().ok_or("no item")?);
    /// let mut checker = Checker::new();
    /// checker.one_of(&map, "kind", &["individual", "org"], "demo:kind-value");
    /// let warnings = checker.into_warnings();
    /// assert_eq!(warnings.len(), 1);
    /// assert_eq!(warnings[0].element().text_content(), "robot");
    /// assert_eq!(warnings[0].message(), "`kind` must be one of individual, org, found \"robot\"");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn one_of(
        &mut self,
        map: &PropertyMap<'d, 'a, N>,
        name: &str,
        allowed: &[&str],
        rule: &'static str,
    ) {
        for &p in map.get(name) {
            if let Value::Text(t) = p.property_value() {
                if !allowed.contains(&t.as_ref()) {
                    self.push(
                        p,
                        rule,
                        format!(
                            "`{name}` must be one of {}, found {:?}",
                            allowed.join(", "),
                            t.as_ref()
                        ),
                    );
                }
            }
        }
    }

    /// Each text value of the properties named `name` must satisfy `valid`;
    /// `what` names the syntax in the message ("a valid date string").
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{Checker, PropertyMap, is_valid_geo};
    ///
    /// // <p itemscope><b itemprop="geo">34.05;-118.41</b><b itemprop="geo">34.05, -118.41</b></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1, 3]),
    ///     (Some("b"), "", &[("itemprop", "geo")], &[2]),
    ///     (None, "34.05;-118.41", &[], &[]),
    ///     (Some("b"), "", &[("itemprop", "geo")], &[4]),
    ///     (None, "34.05, -118.41", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let map = PropertyMap::new(doc.items().next().ok_or("no item")?);
    /// let mut checker = Checker::new();
    /// checker.syntax(&map, "geo", is_valid_geo, "a valid geo string", "demo:geo-syntax");
    /// let warnings = checker.into_warnings();
    /// assert_eq!(warnings.len(), 1);
    /// assert_eq!(
    ///     warnings[0].message(),
    ///     "`geo` must be a valid geo string, found \"34.05, -118.41\""
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn syntax(
        &mut self,
        map: &PropertyMap<'d, 'a, N>,
        name: &str,
        valid: impl Fn(&str) -> bool,
        what: &str,
        rule: &'static str,
    ) {
        for &p in map.get(name) {
            if let Value::Text(t) = p.property_value() {
                if !valid(&t) {
                    self.push(
                        p,
                        rule,
                        format!("`{name}` must be {what}, found {:?}", t.as_ref()),
                    );
                }
            }
        }
    }

    /// Property names that a vCard or iCalendar content line cannot carry
    /// (see [`is_content_line_name`]), and `begin` and `end`, whose lines
    /// open or close a component: a warning on the first property with
    /// each such name, in the order the names are first used. The
    /// conversions write such a name as it is, as the algorithms say, and
    /// the output is then not valid `format` (`"vCard"`, `"iCalendar"`).
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{Checker, PropertyMap};
    ///
    /// // <p itemscope><b itemprop="fn">Ada</b><b itemprop="given_name">Ada</b>
    /// //   <b itemprop="end">1852</b></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1, 3, 5]),
    ///     (Some("b"), "", &[("itemprop", "fn")], &[2]),
    ///     (None, "Ada", &[], &[]),
    ///     (Some("b"), "", &[("itemprop", "given_name")], &[4]),
    ///     (None, "Ada", &[], &[]),
    ///     (Some("b"), "", &[("itemprop", "end")], &[6]),
    ///     (None, "1852", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let map = PropertyMap::new(doc.items().next().ok_or("no item")?);
    /// let mut checker = Checker::new();
    /// checker.line_names(&map, "vCard", "demo:line-name");
    /// let warnings = checker.into_warnings();
    /// assert_eq!(warnings.len(), 2);
    /// assert_eq!(
    ///     warnings[0].message(),
    ///     "`given_name` is not a valid vCard property name (letters, digits and hyphens): \
    ///      the line written for it is not valid vCard"
    /// );
    /// assert_eq!(
    ///     warnings[1].message(),
    ///     "`end` is written as an `END:` line, which readers of vCard \
    ///      take for the start or end of a component"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn line_names(&mut self, map: &PropertyMap<'d, 'a, N>, format: &str, rule: &'static str) {
        for name in map.item().names() {
            let message = if !is_content_line_name(name) {
                format!(
                    "`{name}` is not a valid {format} property name (letters, digits and hyphens): \
                     the line written for it is not valid {format}"
                )
            } else if name.eq_ignore_ascii_case("begin") || name.eq_ignore_ascii_case("end") {
                let line = name.to_ascii_uppercase();
                let article = if line == "END" { "an" } else { "a" };
                format!(
                    "`{name}` is written as {article} `{line}:` line, which readers of {format} \
                     take for the start or end of a component"
                )
            } else {
                continue;
            };
            if let Some(&p) = map.get(name).first() {
                self.push(p, rule, message);
            }
        }
    }

    /// The warnings collected, in the order recorded.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::Document;
    /// use microdata_model::vocab::{Checker, PropertyMap};
    ///
    /// // <p itemscope><b itemprop="n">1</b><b itemprop="n">2</b></p>
    /// let tree: &'static [Row] = &[
    ///     (Some("p"), "", &[("itemscope", "")], &[1, 3]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[2]),
    ///     (None, "1", &[], &[]),
    ///     (Some("b"), "", &[("itemprop", "n")], &[4]),
    ///     (None, "2", &[], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let map = PropertyMap::new(doc.items().next().ok_or("no item")?);
    /// let mut checker = Checker::new();
    /// checker.exactly_one(&map, "m", "demo:m-exactly-once");
    /// checker.at_most_one(&map, "n", "demo:n-at-most-once");
    /// let warnings = checker.into_warnings();
    /// let rules: Vec<&str> = warnings.iter().map(|w| w.rule()).collect();
    /// assert_eq!(rules, ["demo:m-exactly-once", "demo:n-at-most-once"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_warnings(self) -> Vec<Warning<'d, 'a, N>> {
        self.warnings
    }

    /// Runs `check` on the [`PropertyMap`] of every item of `doc` with the
    /// item type `ty`, in tree order, until the reads run out (see
    /// [`map`](Checker::map)); then the warnings.
    ///
    /// # Examples
    ///
    /// ```
    /// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
    /// # use tree::{N, Row};
    /// use microdata_model::{Document, Limits};
    /// use microdata_model::vocab::Checker;
    ///
    /// // <div><p itemscope itemtype="https://example.com/Pet"></p>
    /// //      <p itemscope itemtype="https://example.com/Pet"></p></div>
    /// let tree: &'static [Row] = &[
    ///     (Some("div"), "", &[], &[1, 2]),
    ///     (Some("p"), "", &[("itemscope", ""), ("itemtype", "https://example.com/Pet")], &[]),
    ///     (Some("p"), "", &[("itemscope", ""), ("itemtype", "https://example.com/Pet")], &[]),
    /// ];
    /// let doc = Document::new(N(tree, 0));
    /// let warnings = Checker::with_limits(&Limits::default()).check_type(
    ///     &doc,
    ///     "https://example.com/Pet",
    ///     |c, map| c.exactly_one(map, "name", "pet:name-exactly-once"),
    /// );
    /// assert_eq!(warnings.len(), 2);
    /// ```
    pub fn check_type(
        mut self,
        doc: &'d Document<'a, N>,
        ty: &str,
        mut check: impl FnMut(&mut Self, &PropertyMap<'d, 'a, N>),
    ) -> Vec<Warning<'d, 'a, N>> {
        for item in doc.all_items().filter(|i| i.has_type(ty)) {
            let Some(map) = self.map(item) else { break };
            check(&mut self, &map);
        }
        self.into_warnings()
    }
}

/// Whether `name` can be the name of a vCard or iCalendar content line:
/// one or more ASCII letters, digits and hyphens (`iana-token` and
/// `x-name`, RFC 6350 §3.3 and RFC 5545 §3.1).
///
/// # Examples
///
/// ```
/// use microdata_model::vocab::is_content_line_name;
/// assert!(is_content_line_name("fn"));
/// assert!(is_content_line_name("X-ABC-1"));
/// assert!(!is_content_line_name("http://schema.org/name"));
/// assert!(!is_content_line_name("given_name"));
/// ```
pub fn is_content_line_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// Whether `s` matches the `geo` syntax the vCard and vEvent vocabularies
/// share: `[+-]?DIGITS(.DIGITS)?;[+-]?DIGITS(.DIGITS)?` (latitude, then
/// longitude).
///
/// # Examples
///
/// ```
/// use microdata_model::vocab::is_valid_geo;
/// assert!(is_valid_geo("34.052339;-118.410623"));
/// assert!(!is_valid_geo("34.052339,-118.410623"));
/// ```
pub fn is_valid_geo(s: &str) -> bool {
    fn number(s: &str) -> bool {
        let s = s.strip_prefix(['+', '-']).unwrap_or(s);
        let (int, frac) = match s.split_once('.') {
            Some((i, f)) => (i, Some(f)),
            None => (s, None),
        };
        let digits = |d: &str| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit());
        digits(int) && frac.is_none_or(digits)
    }
    match s.split_once(';') {
        Some((lat, lon)) => number(lat) && number(lon),
        None => false,
    }
}

/// Checks every item of type `http://n.whatwg.org/work` against the
/// licensed-work vocabulary (§5.3.3): exactly one `work` (an absolute URL),
/// at most one `title`, `author` an hCard item or text, `license` absolute
/// URLs, and on an item typed work alone no other property names than
/// these four and absolute URLs (`work:undefined-property`); an item of
/// this type has no other type (`work:other-type`: an item's types must all
/// use one vocabulary).
///
/// Warnings come item by item, in tree order.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::Document;
/// use microdata_model::vocab::{WORK_TYPE, check_work};
///
/// // <figure itemscope itemtype="http://n.whatwg.org/work">
/// //   <img itemprop="work" src="https://example.com/mypond.jpeg">
/// //   <span itemprop="license">MIT</span></figure>
/// let tree: &'static [Row] = &[
///     (Some("figure"), "", &[("itemscope", ""), ("itemtype", WORK_TYPE)], &[1, 2]),
///     (Some("img"), "", &[("itemprop", "work"), ("src", "https://example.com/mypond.jpeg")], &[]),
///     (Some("span"), "", &[("itemprop", "license")], &[3]),
///     (None, "MIT", &[], &[]),
/// ];
/// let doc = Document::new(N(tree, 0));
/// let rules: Vec<&str> = check_work(&doc).iter().map(|w| w.rule()).collect();
/// assert_eq!(rules, ["work:license-url"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_work<'d, 'a, N: Node<'a>>(doc: &'d Document<'a, N>) -> Vec<Warning<'d, 'a, N>> {
    check_work_within(doc, &Limits::default())
}

/// [`check_work`] reading at most
/// [`limits.max_reads()`](Limits::max_reads) property values (see
/// [`Checker::with_limits`]); past that, the warnings so far and a
/// `vocab:check-stopped` warning.
///
/// # Examples
///
/// ```
/// # mod tree { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/doctest/tree.rs")); }
/// # use tree::{N, Row};
/// use microdata_model::{Document, Limits};
/// use microdata_model::vocab::check_work_within;
///
/// // <p itemscope itemtype="http://n.whatwg.org/work"><span itemprop="title">T</span></p>
/// let tree: &'static [Row] = &[
///     (Some("p"), "", &[("itemscope", ""), ("itemtype", "http://n.whatwg.org/work")], &[1]),
///     (Some("span"), "", &[("itemprop", "title")], &[2]),
///     (None, "T", &[], &[]),
/// ];
/// let doc = Document::new(N(tree, 0));
/// let rules = |max| -> Vec<&str> {
///     let limits = Limits::default().with_max_reads(max);
///     check_work_within(&doc, &limits).iter().map(|w| w.rule()).collect()
/// };
/// assert_eq!(rules(1), ["work:work-exactly-once"]);
/// assert_eq!(rules(0), ["vocab:check-stopped"]);
/// ```
pub fn check_work_within<'d, 'a, N: Node<'a>>(
    doc: &'d Document<'a, N>,
    limits: &Limits,
) -> Vec<Warning<'d, 'a, N>> {
    Checker::with_limits(limits).check_type(doc, WORK_TYPE, |c, map| {
        c.one_vocabulary(map.item(), WORK_TYPE, "licensing works", "work:other-type");
        c.defined_names(
            map,
            WORK_TYPE,
            |name| matches!(name, "work" | "title" | "author" | "license"),
            "work:undefined-property",
        );
        c.exactly_one(map, "work", "work:work-exactly-once");
        c.absolute_urls(map, "work", "work:work-url");
        c.at_most_one(map, "title", "work:title-at-most-once");
        for &p in map.get("author") {
            match p.property_value() {
                Value::Text(_) => {}
                Value::Item(sub) if sub.has_type(HCARD_TYPE) => {}
                Value::Item(_) => c.push(
                    p,
                    "work:author-value",
                    format!("`author` must be text or an item of type {HCARD_TYPE}"),
                ),
                Value::Url { .. } => c.push(
                    p,
                    "work:author-value",
                    format!(
                        "`author` must be text or an item of type {HCARD_TYPE}, found a URL \
                         (<{}> is a URL property element)",
                        p.local_name()
                    ),
                ),
            }
        }
        c.absolute_urls(map, "license", "work:license-url");
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::Tree;

    /// The messages of the warnings in `c`, in order.
    fn messages<'a, N: Node<'a>>(c: Checker<'_, 'a, N>) -> Vec<String> {
        c.into_warnings()
            .iter()
            .map(|w| w.message().to_owned())
            .collect()
    }

    #[test]
    fn defined_names_skips_untyped_and_other_typed_items() {
        let mut t = Tree::new();
        for attrs in [
            &[("itemscope", "")][..],
            &[("itemscope", ""), ("itemtype", "https://example.com/Other")],
            &[("itemscope", ""), ("itemtype", "https://example.com/Pet")],
        ] {
            let item = t.el(0, "p", attrs);
            let b = t.el(item, "b", &[("itemprop", "nick")]);
            t.text(b, "R");
        }
        let doc = Document::new(t.root());
        let mut c = Checker::new();
        for item in doc.all_items() {
            let map = PropertyMap::new(item);
            c.defined_names(
                &map,
                "https://example.com/Pet",
                |n| n == "name",
                "demo:names",
            );
        }
        assert_eq!(
            messages(c),
            ["`nick` is not a property of https://example.com/Pet items (nor an absolute URL)"]
        );
    }

    #[test]
    fn absolute_urls_says_why_a_url_is_missing() {
        let mut t = Tree::new();
        let item = t.el(0, "p", &[("itemscope", "")]);
        t.el(item, "img", &[("itemprop", "u")]);
        t.el(item, "a", &[("itemprop", "u"), ("href", "/about")]);
        t.el(
            item,
            "object",
            &[("itemprop", "u"), ("data", "http://[bad")],
        );
        let check = |doc: &Document<'_, _>| {
            let mut c = Checker::new();
            c.absolute_urls(
                &PropertyMap::new(doc.items().next().unwrap()),
                "u",
                "demo:u",
            );
            messages(c)
        };
        assert_eq!(
            check(&Document::with_url(
                t.root(),
                "https://example.com/".parse().unwrap()
            )),
            [
                "`u` must be an absolute URL, but <img> has no `src` attribute",
                "`u` must be an absolute URL, but `data` (\"http://[bad\") does not resolve to one",
            ]
        );
        // Without a document URL, a relative URL resolves to nothing.
        assert_eq!(
            check(&Document::new(t.root()))[1],
            "`u` must be an absolute URL, but `href` (\"/about\") does not resolve to one"
        );
    }

    #[test]
    fn geo_syntax() {
        for ok in [
            "34.052339;-118.410623",
            "+1;-2",
            "0;0",
            "1.5;2",
            "-0.000001;+180.0",
        ] {
            assert!(is_valid_geo(ok), "{ok}");
        }
        for bad in [
            "", ";", "1;", ";1", "1.;2", ".5;2", "1;2;3", "1,2", "a;b", "1 ;2", "+-1;2", "1;2.",
        ] {
            assert!(!is_valid_geo(bad), "{bad}");
        }
    }
}
