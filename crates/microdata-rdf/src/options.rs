//! Conversion options.

use std::sync::Arc;

use microdata_model::Limits;

use crate::registry::Registry;

/// Which conversion to run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Mode {
    /// The HTML conversion of the W3C Microdata draft (5 April 2011,
    /// §5.2): document triples (`dc:title`, rel links, `meta name`,
    /// `cite`), `md:item` links, and predicates under
    /// `http://www.w3.org/1999/xhtml/microdata#` built from the item type
    /// and property names.
    #[default]
    Html,
    /// The W3C Interest Group Note *Microdata to RDF – Second Edition*
    /// (16 December 2014): vocabulary-based property URIs, the registry,
    /// vocabulary expansion, typed literals and `itemprop-reverse`. This is
    /// what the W3C microdata-rdf test suite checks.
    W3c,
}

/// Options for the conversion: the [`Mode`] and its settings.
///
/// # Examples
///
/// ```
/// use microdata_rdf::{Mode, RdfOptions, Registry};
///
/// let html = RdfOptions::new().with_licensed_work_equivalences(true);
/// assert_eq!(html.mode(), Mode::Html);
/// let w3c = RdfOptions::new()
///     .with_mode(Mode::W3c)
///     .with_registry(Registry::from_json(r#"{"http://example.org/": {}}"#)?);
/// assert_eq!(w3c.mode(), Mode::W3c);
/// assert_eq!(RdfOptions::default(), RdfOptions::new());
/// assert_ne!(w3c, RdfOptions::new().with_mode(Mode::W3c), "another registry");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub struct RdfOptions {
    limits: Limits,
    mode: Mode,
    registry: Option<Arc<Registry>>,
    licensed_work_equivalences: bool,
    remove_repeated_up: bool,
    strict: bool,
    /// [`RdfOptions::with_blank_node_prefix`]'s prefix.
    given_prefix: String,
    /// [`RdfOptions::with_blank_node_scope`]'s hash.
    blank_node_scope: Option<u64>,
    /// What every label starts with: the prefix, then the scope.
    blank_node_prefix: String,
}

impl RdfOptions {
    /// The defaults: [`Mode::Html`], the default registry (for
    /// [`Mode::W3c`]), no licensed-work equivalences, repeated `up` kept,
    /// lenient, [`Limits::default`].
    pub fn new() -> Self {
        RdfOptions {
            limits: Limits::default(),
            mode: Mode::default(),
            registry: None,
            licensed_work_equivalences: false,
            remove_repeated_up: false,
            strict: false,
            given_prefix: String::new(),
            blank_node_scope: None,
            blank_node_prefix: String::new(),
        }
    }

    /// Starts every blank node label with `prefix` (`b0` becomes
    /// `{prefix}b0`), so that the triples of several documents written to
    /// one N-Triples or Turtle stream keep their blank nodes apart. ASCII
    /// letters, digits and `_` only (other characters are dropped, so the
    /// labels stay valid); default: none.
    ///
    /// ```
    /// let parsed = microdata_scraper::parse("<p itemscope itemtype=http://schema.org/Thing>", None)?;
    /// let options = microdata_rdf::RdfOptions::new().with_blank_node_prefix("doc2_");
    /// let nt = microdata_rdf::to_ntriples(microdata_rdf::convert(&parsed.document(), &options)?.triples());
    /// assert!(nt.contains("_:doc2_b0 <http://www.w3.org/1999/02/22-rdf-syntax-ns#type>"), "{nt}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_blank_node_prefix(mut self, prefix: &str) -> Self {
        self.given_prefix = prefix
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        self.update_blank_node_prefix();
        self
    }

    fn update_blank_node_prefix(&mut self) {
        self.blank_node_prefix.clone_from(&self.given_prefix);
        if let Some(hash) = self.blank_node_scope {
            self.blank_node_prefix.push_str(&format!("i{hash:016x}_"));
        }
    }

    /// Adds a hash of `name` to the blank node prefix (`i3fa0…_`, after any
    /// [prefix](Self::with_blank_node_prefix), whichever is given first; a
    /// second scope replaces the first), so that the triples of documents with different names
    /// (their paths or URLs) keep their blank nodes apart in one stream, and
    /// in streams joined from separate runs; the same name always gives the
    /// same labels.
    ///
    /// ```
    /// let parsed = microdata_scraper::parse("<p itemscope itemtype=http://schema.org/Thing>", None)?;
    /// let options = |name: &str| microdata_rdf::RdfOptions::new().with_blank_node_scope(name.as_bytes());
    /// let label = |name: &str| -> Result<String, Box<dyn std::error::Error>> {
    ///     let conversion = microdata_rdf::convert(&parsed.document(), &options(name))?;
    ///     Ok(conversion.triples()[0].object.to_string())
    /// };
    /// assert!(label("a.html")?.starts_with("_:i"));
    /// assert_ne!(label("a.html")?, label("b.html")?);
    /// assert_eq!(label("a.html")?, label("a.html")?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_blank_node_scope(mut self, name: &[u8]) -> Self {
        self.blank_node_scope = Some(fnv1a(name));
        self.update_blank_node_prefix();
        self
    }

    /// Caps on the conversion, for untrusted input (default:
    /// [`Limits::default`], as for the other converters; [`Limits::none`]
    /// for trusted input only):
    ///
    /// - `max_items`: item generations, an item shared through `itemref`
    ///   counting once per distinct type context it is generated in;
    /// - `max_properties`: property values generated for one item;
    /// - `max_depth`: nesting of item generations (a top-level item is at
    ///   depth 1);
    /// - `max_output_bytes`: the size of the triples generated, counted as
    ///   the lengths of their terms plus ten bytes each (about their
    ///   N-Triples size).
    ///
    /// The HTML conversion's predicates grow with the nesting of untyped
    /// items (each adds `%20` and its name to the type), so its output can
    /// grow with the square of the input: `max_output_bytes` bounds it.
    /// A conversion that reaches a limit stops with
    /// [`ErrorKind::Limit`](crate::ErrorKind::Limit).
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Chooses the conversion.
    pub fn with_mode(mut self, mode: Mode) -> Self {
        self.mode = mode;
        self
    }

    /// The registry for [`Mode::W3c`] (ignored in [`Mode::Html`]). Without
    /// this, [`Registry::default`] is used.
    pub fn with_registry(mut self, registry: Registry) -> Self {
        self.registry = Some(Arc::new(registry));
        self
    }

    /// [`Mode::Html`] only: when the document has an item whose type is
    /// `http://n.whatwg.org/work` (its first absolute type, from which this
    /// conversion builds the item's property predicates: with another type
    /// first, its properties take that type's predicates, which the
    /// equivalences do not name), also emit the four
    /// `owl:equivalentProperty` triples the 2010 HTML5 draft gives for the
    /// licensed-work vocabulary (`work` ≡ `owl:sameAs`, `title` ≡
    /// `dc:title`, `author` ≡ `cc:attributionName`, `license` ≡
    /// `xhv:license`).
    ///
    /// Their subjects are the predicates this conversion generates for
    /// those names (`http://www.w3.org/1999/xhtml/microdata#http://n.whatwg.org/work%23:title`),
    /// not the fully %-escaped spelling printed in the 2010 text
    /// (`…#http%3A%2F%2Fn.whatwg.org%2Fwork%23%3Atitle`), which the draft's
    /// own predicate algorithm never produces and would leave the
    /// equivalences unconnected.
    pub fn with_licensed_work_equivalences(mut self, yes: bool) -> Self {
        self.licensed_work_equivalences = yes;
        self
    }

    /// [`Mode::Html`] only: apply the 2010 HTML5 draft's rel-link step "If
    /// list of tokens contains more than one instance of the token `up`,
    /// then remove all such tokens" (before duplicates are coalesced). The
    /// 2011 draft dropped it, so it is off by default.
    pub fn with_remove_repeated_up(mut self, yes: bool) -> Self {
        self.remove_repeated_up = yes;
        self
    }

    /// Makes [`to_graph`](crate::to_graph) and [`triples`](crate::triples)
    /// fail with [`ErrorKind::ItemrefRecursion`](crate::ErrorKind::ItemrefRecursion)
    /// when an item is a property of itself through `itemref` (the W3C
    /// suite's negative test). Lenient (the default), the conversion breaks
    /// the cycle, goes on, and reports a [`Warning`](crate::Warning).
    pub fn with_strict(mut self, yes: bool) -> Self {
        self.strict = yes;
        self
    }

    /// The conversion chosen.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The registry [`Mode::W3c`] uses.
    pub fn registry(&self) -> &Registry {
        match &self.registry {
            Some(r) => r,
            None => Registry::shared_default(),
        }
    }

    /// Whether the licensed-work equivalences are emitted.
    pub fn licensed_work_equivalences(&self) -> bool {
        self.licensed_work_equivalences
    }

    /// Whether repeated `up` tokens are removed.
    pub fn remove_repeated_up(&self) -> bool {
        self.remove_repeated_up
    }

    /// Whether itemref recursion is an error.
    pub fn strict(&self) -> bool {
        self.strict
    }

    /// The limits.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// What every blank node label starts with: the
    /// [prefix](Self::with_blank_node_prefix), then the
    /// [scope](Self::with_blank_node_scope)'s hash.
    ///
    /// ```
    /// use microdata_rdf::RdfOptions;
    ///
    /// let a = RdfOptions::new().with_blank_node_scope(b"a.html").with_blank_node_prefix("run1_");
    /// let b = RdfOptions::new().with_blank_node_prefix("run1_").with_blank_node_scope(b"a.html");
    /// assert_eq!(a.blank_node_prefix(), b.blank_node_prefix());
    /// assert!(a.blank_node_prefix().starts_with("run1_i"));
    /// assert!(a.blank_node_prefix().ends_with('_'));
    /// ```
    pub fn blank_node_prefix(&self) -> &str {
        &self.blank_node_prefix
    }
}

impl Default for RdfOptions {
    fn default() -> Self {
        Self::new()
    }
}

/// 64-bit FNV-1a: a small, stable hash for blank node scopes.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
