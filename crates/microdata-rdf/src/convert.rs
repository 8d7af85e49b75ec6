//! The two conversions, on one explicit-stack walk of the item graph.

// foldhash: the maps are read once or more per property, and SipHash was
// 6 % of the RDF conversion of a large page.
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use microdata_model::{
    Document, Element, Item, LimitError, Limits, Node, Properties, Value, split_ascii_whitespace,
};
use oxrdf::vocab::rdf;
use oxrdf::{BlankNode, Literal, NamedNode, NamedOrBlankNode, Term, Triple};

use crate::error::{Warning, WarningKind};
use crate::iri::{self, escape_ifragment, escape_ifragment_chars, is_absolute_url};
use crate::options::{Mode, RdfOptions};
use crate::registry::Registry;
use crate::rfc3986;
use crate::xsd;

/// `http://www.w3.org/1999/xhtml/microdata#`, the 2011 draft's predicate base.
pub(crate) const MD: &str = "http://www.w3.org/1999/xhtml/microdata#";
/// `http://www.w3.org/1999/xhtml/vocab#`, the rel and meta predicate base.
pub(crate) const XHV: &str = "http://www.w3.org/1999/xhtml/vocab#";
/// `http://purl.org/dc/terms/`.
pub(crate) const DC: &str = "http://purl.org/dc/terms/";
/// `http://www.w3.org/2002/07/owl#`.
pub(crate) const OWL: &str = "http://www.w3.org/2002/07/owl#";
/// The licensed-work item type of the 2010 draft.
const WORK: &str = "http://n.whatwg.org/work";

/// Where the element index table says "no item".
const NO_ITEM: u32 = u32::MAX;

/// The result of a conversion: the triples, in the order generated with
/// duplicates removed, and the warnings.
///
/// `Debug` shows each triple as its N-Triples line (without the final
/// ` .`) and each warning as its message, which is what a snapshot test
/// wants to read.
///
/// ```
/// let parsed = microdata_scraper::parse("<p itemscope itemtype=http://schema.org/Thing>", None)?;
/// let conversion = microdata_rdf::convert(&parsed.document(), &microdata_rdf::RdfOptions::new())?;
/// assert_eq!(
///     format!("{conversion:?}"),
///     "Conversion { triples: [\
///      \"<about:blank> <http://www.w3.org/1999/xhtml/microdata#item> _:b0\", \
///      \"_:b0 <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://schema.org/Thing>\"], \
///      warnings: [] }"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Conversion {
    triples: Vec<Triple>,
    warnings: Vec<Warning>,
}

impl std::fmt::Debug for Conversion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let triples: Vec<String> = self.triples.iter().map(Triple::to_string).collect();
        let warnings: Vec<String> = self.warnings.iter().map(Warning::to_string).collect();
        f.debug_struct("Conversion")
            .field("triples", &triples)
            .field("warnings", &warnings)
            .finish()
    }
}

impl Conversion {
    /// The triples, in the order the algorithm generates them (document
    /// triples, then each top-level item depth first), each once.
    pub fn triples(&self) -> &[Triple] {
        &self.triples
    }

    /// The triples, by value.
    pub fn into_triples(self) -> Vec<Triple> {
        self.triples
    }

    /// The triples as an `oxrdf` [`Graph`](oxrdf::Graph).
    pub fn to_graph(&self) -> oxrdf::Graph {
        self.triples.iter().collect()
    }

    /// The problems met, in the order met.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// Whether an item was found to be a property of itself through
    /// `itemref`.
    pub fn has_itemref_recursion(&self) -> bool {
        self.warnings
            .iter()
            .any(|w| w.kind() == WarningKind::ItemrefRecursion)
    }
}

/// The type context of one item's generation.
#[derive(Clone, PartialEq, Eq, Hash)]
enum TypeKey {
    /// The 2011 draft: the `type` string after steps 3–5 (empty for none).
    Html(String),
    /// The Note: the item's type (own or inherited), if any.
    W3c(Option<String>),
}

/// The vocabulary of an item in W3C mode (§6.3 steps 5–7).
struct Vocab {
    /// The registry entry, when the type matched one.
    registered: Option<usize>,
    /// The vocabulary URI with the separator already added: property URIs
    /// are `base` + canonicalized name.
    base: String,
}

/// A type context and what it determines.
struct Context {
    key: TypeKey,
    /// W3C mode with a type: the vocabulary.
    vocab: Option<Vocab>,
}

/// One item being generated.
struct Frame<'d, 'a, N: Node<'a>> {
    item: Item<'d, 'a, N>,
    subject: NamedOrBlankNode,
    /// The type context, an index into `Converter::contexts`.
    ctx: u32,
    props: Properties<'d, 'a, N>,
    /// The property element whose names are being walked, and the next name.
    current: Option<(Element<'d, 'a, N>, Vec<&'a str>, usize)>,
    /// W3C mode: the reverse property elements (appendix A), walked after
    /// the properties; `None` until reached.
    reverse: Option<(Vec<u32>, usize)>,
    /// Property values generated for this item so far (for the limits).
    values: usize,
    /// This item's stack depth before this frame (0: none), restored when
    /// the frame is popped.
    prev_depth: u32,
    /// The depth of the nearest frame at or below this one whose context
    /// did not grow from its parent's (HTML mode: an untyped item under a
    /// typed one takes the parent's type plus the property name).
    floor: u32,
}

/// Whether an (item, context) pair's generation is under way or finished.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Generation {
    Active,
    Done,
}

/// Why [`Converter::enter`] starts no generation.
enum Skipped {
    /// Done before in this context, or a limit was reached.
    Repeat,
    /// The item is its own ancestor in this walk (a cycle through
    /// `itemref`): not walked again.
    Cycle,
}

/// What to do next in a frame.
enum Step<'d, 'a, N: Node<'a>> {
    Forward(Element<'d, 'a, N>, &'a str),
    Reverse(Element<'d, 'a, N>, &'a str),
    Done,
}

pub(crate) struct Converter<'o, 'd, 'a, N: Node<'a>> {
    doc: &'d Document<'a, N>,
    options: &'o RdfOptions,
    registry: &'o Registry,
    triples: Vec<Triple>,
    warnings: Vec<Warning>,
    /// The item/subject memory, by item index.
    memory: Vec<Option<NamedOrBlankNode>>,
    /// The depth of each item's topmost frame on the stack (0: none).
    depth: Vec<u32>,
    /// The distinct type contexts met, and their indices.
    contexts: Vec<Context>,
    context_ids: HashMap<TypeKey, u32>,
    /// (item, context) pairs generated or being generated: generating
    /// them again would repeat the same triples, so shared items are walked
    /// once per distinct context, and a cycle stops where an item comes
    /// back in the context it is being generated in.
    generated: HashMap<(u32, u32), Generation>,
    /// Predicates by (context, name); `None` when no triple is generated.
    predicates: HashMap<(u32, &'a str), Option<NamedNode>>,
    /// Item type tokens: their IRI when they are absolute URLs.
    types: HashMap<&'a str, Option<NamedNode>>,
    next_blank: u64,
    /// W3C mode: the document base without fragment, plus `#`.
    base_fragment: String,
    /// Language tags already checked: the normalized tag, or `None` if
    /// invalid.
    langs: HashMap<&'a str, Option<String>>,
    /// The last `lang` looked up, by address: literals of one element's
    /// subtree share its attribute, and hashing a long tag for each of them
    /// made the conversion quadratic.
    last_lang: Option<(&'a str, Option<String>)>,
    /// W3C mode: elements with `itemprop-reverse`, grouped by the item
    /// whose subtree they are in (`NO_ITEM` for none), in tree order.
    reverse_by_scope: HashMap<u32, Vec<u32>>,
    limits: Limits,
    /// Item generations so far (repeats through `itemref` included).
    items_written: usize,
    /// Approximate N-Triples size of the triples so far.
    output_bytes: usize,
    /// The limit reached, which stops the conversion.
    stopped: Option<LimitError>,
    /// The document's rel-link triples written: the tokens, by `href` text.
    rels_written: HashMap<&'a str, HashSet<String>>,
}

impl<'o, 'd, 'a, N: Node<'a>> Converter<'o, 'd, 'a, N> {
    pub(crate) fn new(doc: &'d Document<'a, N>, options: &'o RdfOptions) -> Self {
        let items = doc.all_items().len();
        let mut base = doc.effective_base_url().clone();
        base.set_fragment(None);
        let base_fragment = format!("{base}#");
        Converter {
            doc,
            options,
            registry: options.registry(),
            triples: Vec::new(),
            warnings: Vec::new(),
            memory: vec![None; items],
            depth: vec![0; items],
            contexts: Vec::new(),
            context_ids: HashMap::new(),
            generated: HashMap::new(),
            predicates: HashMap::new(),
            types: HashMap::new(),
            next_blank: 0,
            base_fragment,
            langs: HashMap::new(),
            last_lang: None,
            reverse_by_scope: HashMap::new(),
            limits: options.limits(),
            items_written: 0,
            output_bytes: 0,
            stopped: None,
            rels_written: HashMap::new(),
        }
    }

    /// Records a limit check; `false` (and the conversion stops) when it
    /// failed.
    fn within(&mut self, check: Result<(), LimitError>) -> bool {
        match check {
            Ok(()) => self.stopped.is_none(),
            Err(e) => {
                self.stopped.get_or_insert(e);
                false
            }
        }
    }

    pub(crate) fn run(mut self) -> Result<Conversion, LimitError> {
        match self.options.mode() {
            Mode::Html => {
                let doc_iri = self.document_iri();
                self.document_triples(&doc_iri);
                let md_item = NamedNode::new_unchecked(format!("{MD}item"));
                for item in self.doc.items() {
                    if self.stopped.is_some() {
                        break;
                    }
                    // §5.2 step 6: generate the triples for the item, then
                    // link it from the document.
                    let subject = self.subject(item);
                    self.emit(doc_iri.clone().into(), md_item.clone(), subject.into());
                    self.generate(item, None);
                }
                if self.options.licensed_work_equivalences() {
                    self.licensed_work_equivalences();
                }
            }
            Mode::W3c => {
                self.index_reverse_properties();
                for item in self.doc.items() {
                    if self.stopped.is_some() {
                        break;
                    }
                    self.generate(item, None);
                }
            }
        }
        if let Some(e) = self.stopped {
            return Err(e);
        }
        Ok(Conversion {
            triples: dedup(self.triples),
            warnings: self.warnings,
        })
    }

    fn warn(&mut self, kind: WarningKind, element: usize, detail: Option<String>) {
        let name = self.doc.element_at(element).map_or("", |e| e.local_name());
        self.warnings
            .push(Warning::new(kind, element, name, detail));
    }

    fn emit(&mut self, s: NamedOrBlankNode, p: NamedNode, o: Term) {
        let object_len = match &o {
            Term::NamedNode(n) => n.as_str().len(),
            Term::BlankNode(b) => b.as_str().len(),
            Term::Literal(l) => l.value().len() + l.language().map_or(0, str::len),
            #[allow(unreachable_patterns)]
            _ => 0,
        };
        let subject_len = match &s {
            NamedOrBlankNode::NamedNode(n) => n.as_str().len(),
            NamedOrBlankNode::BlankNode(b) => b.as_str().len(),
            #[allow(unreachable_patterns)]
            _ => 0,
        };
        self.output_bytes += subject_len + p.as_str().len() + object_len + 10;
        let check = self.limits.check_output(self.output_bytes);
        if self.within(check) {
            self.triples.push(Triple::new(s, p, o));
        }
    }

    /// "The document's current address" (`about:blank` without a URL).
    fn document_iri(&mut self) -> NamedNode {
        iri::named_node(self.doc.effective_url().as_str())
            .unwrap_or_else(|| NamedNode::new_unchecked("about:blank"))
    }

    /// An absolute URL as an IRI, or a warning.
    fn iri_or_warn(&mut self, url: &str, element: usize) -> Option<NamedNode> {
        let node = iri::named_node(url);
        if node.is_none() {
            self.warn(WarningKind::InvalidIri, element, Some(url.to_owned()));
        }
        node
    }

    /// How a URL the WHATWG parser resolved to `parsed` is written: as
    /// parsed (the Note's "URI reference created from element.itemValue"),
    /// with one exception in W3C mode, which its test suite asks for: a URL
    /// whose author left out the `/` of an empty path (`http://www.janedoe.com`,
    /// `sdo_eg_md_1` and `sdo_eg_md_3`) keeps that spelling, found by
    /// resolving the raw attribute value by RFC 3986 (see [`rfc3986`]).
    /// Case, default ports and percent-encoding are the parser's, so one
    /// resource has one IRI however a page spells it.
    fn spell_url(&self, parsed: String, raw: Option<&str>) -> String {
        let (Mode::W3c, Some(raw), true) = (self.options.mode(), raw, parsed.ends_with('/')) else {
            return parsed;
        };
        let spelled = rfc3986::resolve(self.doc.effective_base_url().as_str(), raw);
        let slashless = parsed.strip_suffix('/') == Some(spelled.as_str());
        if slashless { spelled } else { parsed }
    }

    /// A plain literal "with the language information set from the
    /// language of the element, if it is not unknown".
    fn literal(&mut self, value: &str, element: Element<'d, 'a, N>) -> Literal {
        let lang = match element.lang() {
            Some(l) if !l.is_empty() => l,
            _ => return Literal::new_simple_literal(value),
        };
        let checked = match &self.last_lang {
            Some((last, checked)) if std::ptr::eq(*last, lang) => checked.clone(),
            _ => self.check_lang(lang, element.index()),
        };
        match checked {
            Some(tag) => Literal::new_language_tagged_literal_unchecked(value, tag),
            None => Literal::new_simple_literal(value),
        }
    }

    /// `lang` as a language tag, normalized, or `None` (with a warning, once
    /// per tag) when it is not one; remembered, and as the last one met.
    fn check_lang(&mut self, lang: &'a str, element: usize) -> Option<String> {
        let checked = match self.langs.get(lang) {
            Some(checked) => checked.clone(),
            None => {
                let checked = Literal::new_language_tagged_literal("", lang)
                    .ok()
                    .and_then(|l| l.language().map(str::to_owned));
                if checked.is_none() {
                    self.warn(
                        WarningKind::InvalidLanguageTag,
                        element,
                        Some(lang.to_owned()),
                    );
                }
                self.langs.insert(lang, checked.clone());
                checked
            }
        };
        self.last_lang = Some((lang, checked.clone()));
        checked
    }

    /// Steps 1–2 of "generate the triples": the subject from memory, else
    /// the global identifier, else a new blank node; remembered.
    fn subject(&mut self, item: Item<'d, 'a, N>) -> NamedOrBlankNode {
        if let Some(s) = &self.memory[item.index()] {
            return s.clone();
        }
        let from_id = match item.id() {
            Some(id) => {
                let id = self.spell_url(id.as_str().to_owned(), item.element().attr("itemid"));
                self.iri_or_warn(&id, item.element().index())
            }
            None => None,
        };
        let subject: NamedOrBlankNode = match from_id {
            Some(iri) => iri.into(),
            None => {
                let label = format!("{}b{}", self.options.blank_node_prefix(), self.next_blank);
                self.next_blank += 1;
                BlankNode::new_unchecked(label).into()
            }
        };
        self.memory[item.index()] = Some(subject.clone());
        subject
    }

    /// The item's first item type that is an absolute URL. The 2011 draft
    /// assumed one type; the model allows several, and both conversions
    /// emit `rdf:type` for each and build predicates from this one.
    fn first_type(&mut self, item: Item<'d, 'a, N>) -> Option<&'a str> {
        item.types()
            .iter()
            .copied()
            .find(|t| self.type_iri(t, item.element().index()).is_some())
    }

    /// The IRI of an item type token, if it is an absolute URL (cached).
    fn type_iri(&mut self, ty: &'a str, element: usize) -> Option<NamedNode> {
        if let Some(iri) = self.types.get(ty) {
            return iri.clone();
        }
        let iri = if is_absolute_url(ty) {
            self.iri_or_warn(ty, element)
        } else {
            None
        };
        self.types.insert(ty, iri.clone());
        iri
    }

    /// Generates the triples for `root` and everything it reaches, with an
    /// explicit stack. `parent` is the parent context: in HTML mode the
    /// fallback type and name, in W3C mode the current type.
    fn generate(&mut self, root: Item<'d, 'a, N>, parent: Option<(u32, &str)>) {
        let mut stack: Vec<Frame<'d, 'a, N>> = Vec::new();
        if let Ok(frame) = self.enter(root, parent, 1, 0) {
            stack.push(frame);
        }
        while let Some(frame) = stack.last_mut() {
            if self.stopped.is_some() {
                return;
            }
            let step = self.next_step(frame);
            let (element, name, reverse) = match step {
                Step::Done => {
                    let index = frame.item.index();
                    self.generated
                        .insert((index as u32, frame.ctx), Generation::Done);
                    self.depth[index] = frame.prev_depth;
                    stack.pop();
                    continue;
                }
                Step::Forward(e, n) => (e, n, false),
                Step::Reverse(e, n) => (e, n, true),
            };
            let subject = frame.subject.clone();
            let ctx = frame.ctx;
            let floor = frame.floor;
            let predicate = self.predicate(ctx, name);
            // No predicate: step 6.1.1 aborts the name's substeps (no type
            // and not an absolute URL), but a name that only fails step
            // 6.1.5 (`1:a`, an unparsable URL) still has its item value
            // generated by step 6.1.3, with only the linking triple left
            // out.
            if predicate.is_none() && (!element.is_item() || self.aborts(ctx, name)) {
                continue;
            }
            frame.values += 1;
            let check = self.limits.check_properties(frame.values);
            if !self.within(check) {
                return;
            }
            let expansions: Vec<NamedNode> = match (&self.contexts[ctx as usize].vocab, reverse) {
                (
                    Some(Vocab {
                        registered: Some(v),
                        ..
                    }),
                    false,
                ) if predicate.is_some() => self.registry.expansions(*v, name).to_vec(),
                _ => Vec::new(),
            };
            let value: Term = match element.property_value() {
                Value::Item(child) => {
                    let child_subject = self.subject(child);
                    let depth = stack.len() + 1;
                    match self.enter(child, Some((ctx, name)), depth, floor) {
                        Ok(child_frame) => stack.push(child_frame),
                        Err(Skipped::Repeat) => {}
                        Err(Skipped::Cycle) => self.warn(
                            WarningKind::ItemrefRecursion,
                            child.element().index(),
                            element
                                .attr("itemref")
                                .or(child.element().attr("id"))
                                .map(str::to_owned),
                        ),
                    }
                    child_subject.into()
                }
                Value::Url {
                    url,
                    element: local_name,
                } => {
                    if url.is_empty() {
                        self.warn(WarningKind::UnresolvableUrl, element.index(), None);
                        continue;
                    }
                    let attr = match local_name {
                        "a" | "area" | "link" => "href",
                        "object" => "data",
                        _ => "src",
                    };
                    let url = self.spell_url(url, element.attr(attr));
                    match self.iri_or_warn(&url, element.index()) {
                        Some(iri) => iri.into(),
                        None => continue,
                    }
                }
                Value::Text(text) => {
                    if reverse {
                        self.warn(
                            WarningKind::ReverseLiteral,
                            element.index(),
                            Some(name.to_owned()),
                        );
                        continue;
                    }
                    match self.options.mode() {
                        Mode::Html => self.literal(&text, element).into(),
                        Mode::W3c => self.typed_literal(&text, element).into(),
                    }
                }
            };
            let Some(predicate) = predicate else {
                continue;
            };
            if reverse {
                // Appendix A: the value is the subject.
                if let Term::NamedNode(n) = &value {
                    self.emit(n.clone().into(), predicate, subject.into());
                } else if let Term::BlankNode(b) = &value {
                    self.emit(b.clone().into(), predicate, subject.into());
                }
                continue;
            }
            for equiv in expansions {
                self.emit(subject.clone(), equiv, value.clone());
            }
            self.emit(subject, predicate, value);
        }
    }

    /// Starts generating `item` in the given parent context (`floor`: the
    /// parent frame's): memory, `rdf:type` triples, the type and
    /// vocabulary.
    ///
    /// Neither draft stops on cycles: an item that is its own property
    /// would be generated forever. Here an item is generated once per
    /// distinct context, so a cycle stops where an item comes back in the
    /// context it is being generated in, whichever item of the cycle the
    /// walk met first: the triples do not depend on the order of the
    /// document. In HTML mode an untyped item under a typed one has a
    /// context that grows with every property name (`T#:a%20b%20a…`), so a
    /// cycle of untyped items never comes back to the same context: it
    /// stops where an untyped item comes back while its context has only
    /// grown since (no typed item in between).
    fn enter(
        &mut self,
        item: Item<'d, 'a, N>,
        parent: Option<(u32, &str)>,
        depth: usize,
        floor: u32,
    ) -> Result<Frame<'d, 'a, N>, Skipped> {
        let subject = self.subject(item);
        let own = self.first_type(item);
        // HTML mode steps 5–6: the fallback type grows from a non-empty
        // parent type by the property name.
        let grows = self.options.mode() == Mode::Html
            && own.is_none()
            && parent.is_some_and(|(ctx, _)| {
                !matches!(&self.contexts[ctx as usize].key, TypeKey::Html(ty) if ty.is_empty())
            });
        let ctx = match (self.options.mode(), own, parent) {
            // §6.3 step 4: without a type of its own, the item is in the
            // current type's context, the parent's (not hashed again: a long
            // type over many untyped items made this quadratic).
            (Mode::W3c, None, Some((ctx, _))) => ctx,
            (mode, _, _) => {
                let parent = parent.map(|(ctx, name)| (&self.contexts[ctx as usize].key, name));
                let key = match mode {
                    Mode::Html => TypeKey::Html(html_type(own, parent)),
                    Mode::W3c => TypeKey::W3c(own.map(str::to_owned)),
                };
                self.context(key)
            }
        };
        let key = (item.index() as u32, ctx);
        match self.generated.get(&key) {
            Some(Generation::Active) => return Err(Skipped::Cycle),
            Some(Generation::Done) => return Err(Skipped::Repeat),
            None => {}
        }
        let prev_depth = self.depth[item.index()];
        if grows && prev_depth > floor {
            return Err(Skipped::Cycle);
        }
        self.generated.insert(key, Generation::Active);
        self.items_written += 1;
        let checks = self
            .limits
            .check_items(self.items_written)
            .and_then(|()| self.limits.check_depth(depth));
        if !self.within(checks) {
            return Err(Skipped::Repeat);
        }
        // Step 3/4: rdf:type for each type that is an absolute URL.
        for &t in item.types() {
            if let Some(iri) = self.type_iri(t, item.element().index()) {
                self.emit(subject.clone(), rdf::TYPE.into_owned(), iri.into());
            }
        }
        // A stack deeper than `u32::MAX` frames could not be held in memory.
        let depth = u32::try_from(depth).unwrap_or(u32::MAX);
        self.depth[item.index()] = depth;
        Ok(Frame {
            item,
            subject,
            ctx,
            props: item.properties(),
            current: None,
            reverse: None,
            values: 0,
            prev_depth,
            floor: if grows { floor } else { depth },
        })
    }

    /// The index of the context for `key`, interned.
    fn context(&mut self, key: TypeKey) -> u32 {
        if let Some(&id) = self.context_ids.get(&key) {
            return id;
        }
        let vocab = match &key {
            TypeKey::W3c(Some(ty)) => Some(self.vocab(ty)),
            _ => None,
        };
        let id = self.contexts.len() as u32;
        self.context_ids.insert(key.clone(), id);
        self.contexts.push(Context { key, vocab });
        id
    }

    /// The vocabulary for type `ty` (W3C Note §6.3 steps 5–7): the
    /// registry's matching prefix, else the type with everything after its
    /// fragment's `#` or its last `/` removed (§3.1). Then the separator of
    /// §6.4 step 3: `#` unless the vocabulary ends with `#` or `/`.
    fn vocab(&self, ty: &str) -> Vocab {
        let (registered, mut base) = match self.registry.find(ty) {
            Some(i) => (Some(i), self.registry.prefix_at(i).to_owned()),
            None => (None, derive_vocabulary(ty).to_owned()),
        };
        if !base.ends_with('#') && !base.ends_with('/') {
            base.push('#');
        }
        Vocab { registered, base }
    }

    /// The next (element, name) of the frame, forward properties first.
    fn next_step(&mut self, frame: &mut Frame<'d, 'a, N>) -> Step<'d, 'a, N> {
        loop {
            if let Some((element, names, pos)) = &mut frame.current {
                if let Some(&name) = names.get(*pos) {
                    *pos += 1;
                    return if frame.reverse.is_some() {
                        Step::Reverse(*element, name)
                    } else {
                        Step::Forward(*element, name)
                    };
                }
                frame.current = None;
            }
            if frame.reverse.is_none() {
                if let Some(element) = frame.props.next() {
                    frame.current = Some((element, element.property_names(), 0));
                    continue;
                }
                if self.options.mode() != Mode::W3c {
                    return Step::Done;
                }
                frame.reverse = Some((self.reverse_properties(frame.item), 0));
            }
            let Some((list, pos)) = &mut frame.reverse else {
                return Step::Done;
            };
            let Some(&idx) = list.get(*pos) else {
                return Step::Done;
            };
            *pos += 1;
            let Some(element) = self.doc.element_at(idx as usize) else {
                continue;
            };
            let names = reverse_names(element);
            frame.current = Some((element, names, 0));
        }
    }

    /// The predicate for `name` in context `ctx`, or `None` when the
    /// algorithm generates no triple for it (cached).
    /// HTML mode, step 6.1.1: "If type is the empty string and name is not
    /// an absolute URL, then abort these substeps."
    fn aborts(&self, ctx: u32, name: &str) -> bool {
        matches!(&self.contexts[ctx as usize].key, TypeKey::Html(ty) if ty.is_empty())
            && !is_absolute_url(name)
    }

    fn predicate(&mut self, ctx: u32, name: &'a str) -> Option<NamedNode> {
        if let Some(p) = self.predicates.get(&(ctx, name)) {
            return p.clone();
        }
        let absolute = is_absolute_url(name);
        let context = &self.contexts[ctx as usize];
        let predicate = match &context.key {
            TypeKey::Html(ty) => {
                // Step 6.1.1: no type and not an absolute URL: abort.
                if absolute {
                    iri::named_node(name)
                } else if ty.is_empty() || name.contains(':') {
                    None
                } else {
                    Some(html_predicate(ty, name))
                }
            }
            TypeKey::W3c(_) => {
                // §6.4 "Generate Predicate URI".
                if absolute {
                    iri::named_node(name)
                } else {
                    let base = match &context.vocab {
                        Some(v) => v.base.as_str(),
                        None => self.base_fragment.as_str(),
                    };
                    // Step 3 appends "the canonicalized fragment value of
                    // name", which escapes only controls and non-characters
                    // (§6.1): `a#b` after `http://schema.org/` stays a
                    // fragment. What would leave no valid IRI is escaped as
                    // everywhere: a second `#`, `|`, a space...
                    iri::named_node(&iri::fix_iri(&format!("{base}{name}")))
                }
            }
        };
        self.predicates.insert((ctx, name), predicate.clone());
        predicate
    }

    /// A W3C-mode literal (§6.1 "property value"): typed for `data`,
    /// `meter` and `time` values of the right lexical form, plain for
    /// `data`/`meter` otherwise, language-tagged for the rest.
    fn typed_literal(&mut self, text: &str, element: Element<'d, 'a, N>) -> Literal {
        let datatype = match element.local_name() {
            _ if !element.is_html() => None,
            "data" | "meter" => match xsd::number_datatype(text) {
                Some(dt) => Some(dt),
                None => return Literal::new_simple_literal(text),
            },
            "time" => xsd::time_datatype(text),
            _ => None,
        };
        match datatype {
            Some(dt) => Literal::new_typed_literal(
                text,
                NamedNode::new_unchecked(format!("{}{dt}", xsd::XSD)),
            ),
            None => self.literal(text, element),
        }
    }

    /// §5.2 steps 1–4 of the 2011 draft: title, rel links, `meta`, `cite`.
    fn document_triples(&mut self, doc_iri: &NamedNode) {
        let doc = self.doc;
        let subject: NamedOrBlankNode = doc_iri.clone().into();
        if let Some(title) = doc.title() {
            let text = title.child_text_content();
            let lit = self.literal(&text, title);
            self.emit(
                subject.clone(),
                NamedNode::new_unchecked(format!("{DC}title")),
                lit.into(),
            );
        }
        for el in doc.elements() {
            if !el.is_html() {
                continue;
            }
            match el.local_name() {
                "a" | "area" | "link" => self.rel_triples(&subject, el),
                "meta" => {
                    let (Some(name), Some(content)) = (el.attr("name"), el.attr("content")) else {
                        continue;
                    };
                    let predicate = if !name.contains(':') {
                        let lower = name.to_ascii_lowercase();
                        Some(NamedNode::new_unchecked(format!(
                            "{XHV}{}",
                            escape_ifragment_chars(&lower)
                        )))
                    } else if is_absolute_url(name) {
                        self.iri_or_warn(name, el.index())
                    } else {
                        None
                    };
                    if let Some(p) = predicate {
                        let lit = self.literal(content, el);
                        self.emit(subject.clone(), p, lit.into());
                    }
                }
                "blockquote" | "q" => {
                    let Some(cite) = el.attr("cite").and_then(|c| doc.resolve_url(c)) else {
                        continue;
                    };
                    if let Some(o) = self.iri_or_warn(cite.as_str(), el.index()) {
                        self.emit(
                            subject.clone(),
                            NamedNode::new_unchecked(format!("{DC}source")),
                            o.into(),
                        );
                    }
                }
                _ => {}
            }
        }
    }

    /// §5.2 step 2 for one `a`, `area` or `link` element.
    fn rel_triples(&mut self, subject: &NamedOrBlankNode, el: Element<'d, 'a, N>) {
        let (Some(rel), Some(href)) = (el.attr("rel"), el.attr("href")) else {
            return;
        };
        // Substeps 4–5: split, lowercase the tokens without a colon.
        let mut tokens: Vec<String> = split_ascii_whitespace(rel)
            .map(|t| {
                if t.contains(':') {
                    t.to_owned()
                } else {
                    t.to_ascii_lowercase()
                }
            })
            .collect();
        // The 2010 draft's extra substep, before coalescing.
        if self.options.remove_repeated_up() && tokens.iter().filter(|t| *t == "up").count() > 1 {
            tokens.retain(|t| t != "up");
        }
        // Substep 6: coalesce duplicates (first occurrence kept).
        let mut seen = HashSet::new();
        tokens.retain(|t| seen.insert(t.clone()));
        // Substep 7: alternate + stylesheet become ALTERNATE-STYLESHEET.
        let alt = tokens.iter().position(|t| t == "alternate");
        let style = tokens.iter().position(|t| t == "stylesheet");
        if let (Some(a), Some(s)) = (alt, style) {
            let at = a.min(s);
            tokens[at] = "ALTERNATE-STYLESHEET".to_owned();
            let other = a.max(s);
            tokens.remove(other);
        }
        // Substep 8 makes a predicate of a token without a colon or of an
        // absolute URL. Without one, no triple comes of the link: the URL
        // is not resolved (a long base URL under many such links made this
        // quadratic) nor checked.
        if !tokens
            .iter()
            .any(|t| !t.contains(':') || is_absolute_url(t))
        {
            return;
        }
        // The subject is always the document: a (href, token) pair written
        // before would give the same triple again. Links repeating one
        // `href` are not resolved again (each resolved URL is as long as the
        // base URL can make it, and copied into every triple).
        if let Some(written) = self.rels_written.get(href) {
            tokens.retain(|t| !written.contains(t.as_str()));
        }
        if tokens.is_empty() {
            return;
        }
        let Some(target) = self.doc.resolve_url(href) else {
            return;
        };
        let Some(object) = self.iri_or_warn(target.as_str(), el.index()) else {
            return;
        };
        // Substep 8.
        for token in &tokens {
            let predicate = if !token.contains(':') {
                Some(NamedNode::new_unchecked(format!(
                    "{XHV}{}",
                    escape_ifragment_chars(token)
                )))
            } else if is_absolute_url(token) {
                self.iri_or_warn(token, el.index())
            } else {
                None
            };
            if let Some(p) = predicate {
                self.emit(subject.clone(), p, object.clone().into());
                self.rels_written
                    .entry(href)
                    .or_default()
                    .insert(token.clone());
            }
        }
    }

    /// The 2010 draft's `owl:equivalentProperty` triples for the
    /// licensed-work vocabulary, with this conversion's predicates.
    fn licensed_work_equivalences(&mut self) {
        let items: Vec<Item<'d, 'a, N>> = self.doc.all_items().collect();
        if !items.into_iter().any(|i| self.first_type(i) == Some(WORK)) {
            return;
        }
        let ty = html_type(Some(WORK), None);
        let equivalent = NamedNode::new_unchecked(format!("{OWL}equivalentProperty"));
        for (name, target) in [
            ("work", format!("{OWL}sameAs")),
            ("title", format!("{DC}title")),
            (
                "author",
                "http://creativecommons.org/ns#attributionName".to_owned(),
            ),
            ("license", format!("{XHV}license")),
        ] {
            let p = html_predicate(&ty, name);
            self.emit(
                p.into(),
                equivalent.clone(),
                NamedNode::new_unchecked(target).into(),
            );
        }
    }

    /// Indexes the `itemprop-reverse` elements (W3C mode, appendix A).
    fn index_reverse_properties(&mut self) {
        for el in self.doc.elements() {
            let has_names = el
                .attr("itemprop-reverse")
                .is_some_and(|v| split_ascii_whitespace(v).next().is_some());
            if !(el.is_html() && has_names) {
                continue;
            }
            let scope = el.scope().map_or(NO_ITEM, |i| i.index() as u32);
            self.reverse_by_scope
                .entry(scope)
                .or_default()
                .push(el.index() as u32);
        }
    }

    /// "The reverse properties of an item": the `itemprop-reverse` elements
    /// that "find the properties of an item" would reach, in tree order.
    fn reverse_properties(&self, item: Item<'d, 'a, N>) -> Vec<u32> {
        if self.reverse_by_scope.is_empty() {
            return Vec::new();
        }
        let root = item.element().index() as u32;
        let own = item.index() as u32;
        let group_len = |scope: u32| self.reverse_by_scope.get(&scope).map_or(0, Vec::len);
        // The lists to merge, as ranges of the reverse elements of one
        // scope: the item's own, and each `itemref` target's. Merging
        // ranges (not their contents) keeps repeated tokens and nested
        // targets from costing their lists' lengths again.
        let mut ranges: Vec<(u32, usize, usize)> = vec![(own, 0, group_len(own))];
        for r in item.itemref_targets() {
            let ri = r.index() as u32;
            let scope = r.scope().map_or(NO_ITEM, |i| i.index() as u32);
            let Some(group) = self.reverse_by_scope.get(&scope) else {
                continue;
            };
            if r.is_item() {
                // The crawl stops at an item: only the element itself.
                if let Ok(at) = group.binary_search(&ri) {
                    ranges.push((scope, at, at + 1));
                }
                continue;
            }
            let end = ri + 1 + r.descendants().len() as u32;
            let lo = group.partition_point(|&x| x < ri);
            let hi = group.partition_point(|&x| x < end);
            ranges.push((scope, lo, hi));
        }
        if ranges.len() == 1 {
            return self.reverse_by_scope.get(&own).cloned().unwrap_or_default();
        }
        ranges.sort_unstable();
        let mut list: Vec<u32> = Vec::new();
        let mut copied: Option<(u32, usize)> = None;
        for (scope, lo, hi) in ranges {
            let from = match copied {
                Some((s, end)) if s == scope => lo.max(end),
                _ => lo,
            };
            if from < hi {
                if let Some(group) = self.reverse_by_scope.get(&scope) {
                    list.extend_from_slice(&group[from..hi]);
                }
                copied = Some((scope, hi));
            }
        }
        // Each (scope, position) was copied once: only tree order is left
        // to restore, and the root, in memory from the start, to drop.
        list.sort_unstable();
        list.retain(|&e| e != root);
        list
    }
}

/// The names of an element's `itemprop-reverse`, duplicates dropped.
fn reverse_names<'d, 'a, N: Node<'a>>(element: Element<'d, 'a, N>) -> Vec<&'a str> {
    let mut names: Vec<&'a str> = Vec::new();
    for n in split_ascii_whitespace(element.attr("itemprop-reverse").unwrap_or("")) {
        if !names.contains(&n) {
            names.push(n);
        }
    }
    names
}

/// Steps 3–5 of the 2011 draft's "generate the triples for an item": the
/// `type` string predicates are built from.
fn html_type(own: Option<&str>, parent: Option<(&TypeKey, &str)>) -> String {
    let mut ty = String::new();
    if let Some(t) = own {
        ty.push_str(t);
        add_hash_colon(&mut ty);
    } else if let Some((TypeKey::Html(fallback), name)) = parent {
        if !fallback.is_empty() {
            ty.push_str(fallback);
            add_hash_colon(&mut ty);
            if !ty.ends_with(':') {
                ty.push_str("%20");
            }
            // Step 5: "with any characters in fallback name that are not
            // valid in the <ifragment> production ... being %-escaped".
            ty.push_str(&escape_ifragment_chars(name));
        }
    }
    ty
}

/// "If type does not contain a `#`, append a `#`. If type does not have a
/// `:` after its `#`, append a `:`."
fn add_hash_colon(ty: &mut String) {
    match ty.find('#') {
        None => ty.push_str("#:"),
        Some(h) if !ty[h + 1..].contains(':') => ty.push(':'),
        Some(_) => {}
    }
}

/// Step 6.1.5 for a name with no colon: `md#` + escaped (type + `%20` +
/// escaped name), the last escaping without double-escaping.
fn html_predicate(ty: &str, name: &str) -> NamedNode {
    let mut s = String::with_capacity(ty.len() + name.len() + 3);
    s.push_str(ty);
    if !s.ends_with(':') {
        s.push_str("%20");
    }
    // Step 3 escapes the name, `%` included; only step 4 keeps existing
    // %-escapes (the `%20` above, and a type's own).
    s.push_str(&escape_ifragment_chars(name));
    // Every character not valid in an ifragment is escaped and the type is
    // an absolute URL, so the result is a valid IRI.
    NamedNode::new_unchecked(format!("{MD}{}", escape_ifragment(&s)))
}

/// The vocabulary URI derived from a type with no registry entry (W3C Note
/// §6.3: "removing everything following the last SOLIDUS ... or NUMBER
/// SIGN ... from the path component of type"): strip the fragment content,
/// or, without a fragment, the last path segment (and any query). The
/// slashes of `//authority` are not the path's: `http://example.org` has
/// an empty path and is its own vocabulary.
fn derive_vocabulary(ty: &str) -> &str {
    if let Some(h) = ty.find('#') {
        return &ty[..=h];
    }
    let without_query = ty.find('?').map_or(ty, |q| &ty[..q]);
    // Where the path starts: after `scheme://authority`, if there is one.
    let path_start = without_query.find("://").map_or(0, |i| {
        let authority = i + 3;
        without_query[authority..]
            .find('/')
            .map_or(without_query.len(), |j| authority + j)
    });
    match without_query.rfind('/') {
        Some(s) if s >= path_start => &without_query[..=s],
        _ => without_query,
    }
}

/// Removes repeated triples, keeping the first of each (expected linear).
fn dedup(triples: Vec<Triple>) -> Vec<Triple> {
    let mut keep = vec![true; triples.len()];
    {
        let mut seen: HashSet<&Triple> = HashSet::with_capacity(triples.len());
        for (i, t) in triples.iter().enumerate() {
            if !seen.insert(t) {
                keep[i] = false;
            }
        }
    }
    if keep.iter().all(|&k| k) {
        return triples;
    }
    triples
        .into_iter()
        .zip(keep)
        .filter_map(|(t, k)| k.then_some(t))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_types_follow_steps_3_to_5() {
        assert_eq!(
            html_type(Some("http://microformats.org/profile/hcard"), None),
            "http://microformats.org/profile/hcard#:"
        );
        assert_eq!(html_type(Some("http://a/b#c"), None), "http://a/b#c:");
        assert_eq!(html_type(Some("http://a/b#c:d"), None), "http://a/b#c:d");
        let parent = TypeKey::Html("http://microformats.org/profile/hcard#:".into());
        assert_eq!(
            html_type(None, Some((&parent, "n"))),
            "http://microformats.org/profile/hcard#:n"
        );
        let nested = TypeKey::Html("http://microformats.org/profile/hcard#:n".into());
        assert_eq!(
            html_type(None, Some((&nested, "x y"))),
            "http://microformats.org/profile/hcard#:n%20x%20y"
        );
        let none = TypeKey::Html(String::new());
        assert_eq!(html_type(None, Some((&none, "n"))), "");
        assert_eq!(html_type(None, None), "");
    }

    #[test]
    fn html_predicates_escape_the_hash_once() {
        assert_eq!(
            html_predicate(
                "http://microformats.org/profile/hcard#:adr",
                "street-address"
            )
            .as_str(),
            "http://www.w3.org/1999/xhtml/microdata#http://microformats.org/profile/hcard%23:adr%20street-address"
        );
        assert_eq!(
            html_predicate("http://n.whatwg.org/work#:", "title").as_str(),
            "http://www.w3.org/1999/xhtml/microdata#http://n.whatwg.org/work%23:title"
        );
        // The draft's own example: s "http://example.com/a#:q%20r" gives
        // "...a%23:q%20r" (the `%20` joining fallback name and name stays).
        let nested = html_type(
            None,
            Some((&TypeKey::Html("http://example.com/a#:".into()), "q")),
        );
        assert_eq!(
            html_predicate(&nested, "r").as_str(),
            "http://www.w3.org/1999/xhtml/microdata#http://example.com/a%23:q%20r"
        );
        // A `%` in a name is escaped (step 3), so `a%20b` written as one
        // name is not the nested fallback name `a b`; a type's own
        // %-escapes are kept (step 4).
        let t = "http://a.example/T%7E#:";
        assert_eq!(
            html_predicate(t, "a%20b").as_str(),
            "http://www.w3.org/1999/xhtml/microdata#http://a.example/T%7E%23:a%2520b"
        );
        let a = html_type(None, Some((&TypeKey::Html(t.into()), "a")));
        assert_eq!(
            html_predicate(&a, "b").as_str(),
            "http://www.w3.org/1999/xhtml/microdata#http://a.example/T%7E%23:a%20b"
        );
        let odd = html_type(None, Some((&TypeKey::Html(t.into()), "100%")));
        assert_eq!(odd, "http://a.example/T%7E#:100%25");
    }

    #[test]
    fn vocabularies_are_derived_from_types() {
        assert_eq!(
            derive_vocabulary("http://schema.org/Person"),
            "http://schema.org/"
        );
        assert_eq!(derive_vocabulary("http://foo#bar"), "http://foo#");
        assert_eq!(derive_vocabulary("http://foo/bar"), "http://foo/");
        assert_eq!(derive_vocabulary("http://a/b#c/d"), "http://a/b#");
        assert_eq!(derive_vocabulary("http://a/b/c?x=1/2"), "http://a/b/");
        assert_eq!(derive_vocabulary("urn:isbn:1"), "urn:isbn:1");
        // No path: nothing to strip (the `//` belong to the authority).
        assert_eq!(
            derive_vocabulary("http://example.org"),
            "http://example.org"
        );
        assert_eq!(
            derive_vocabulary("http://example.org?q=1/2"),
            "http://example.org"
        );
        assert_eq!(
            derive_vocabulary("http://example.org/"),
            "http://example.org/"
        );
        assert_eq!(derive_vocabulary("tag:a/b"), "tag:a/");
    }
}
