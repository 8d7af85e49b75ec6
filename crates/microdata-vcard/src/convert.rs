//! "Conversion to vCard" (WHATWG HTML §5.3.1.1), and the vCard 3.0 variant
//! of the 2010 draft.

use microdata_model::microsyntax::{is_valid_date_string, is_valid_global_date_and_time_string};
use microdata_model::vocab::HCARD_TYPE;
use microdata_model::{Element, Item, Node, Value};

use crate::VcardOptions;
use crate::line::{escape_into, escape_text, write};

/// One property line of a card: the name as the item gives it (written in
/// uppercase), the parameters in the order added, and the value as it goes
/// on the line (escaped).
#[derive(Clone, Debug)]
pub(crate) struct Prop<'a> {
    pub(crate) name: &'a str,
    pub(crate) params: Vec<(&'static str, String)>,
    pub(crate) value: String,
}

/// A vCard before it is written: the lines the algorithm adds, in order.
#[derive(Clone, Debug)]
pub(crate) struct Card<'a> {
    /// `"4.0"`, or `"3.0"` in legacy mode.
    pub(crate) version: &'static str,
    /// The `SOURCE` value, escaped.
    pub(crate) source: String,
    /// The `NAME` value (the title's text), escaped.
    pub(crate) name: Option<String>,
    /// The `UID` value (legacy mode: the item's global identifier), escaped.
    pub(crate) uid: Option<String>,
    /// The property lines (step 11).
    pub(crate) props: Vec<Prop<'a>>,
    /// The `GENDER` value (step 12), as the spec builds it: not escaped.
    pub(crate) gender: Option<String>,
}

impl Card<'_> {
    /// Writes the card: steps 4 to 8 (and the legacy `UID`), the property
    /// lines, step 12 and step 13.
    pub(crate) fn write_to(&self, out: &mut String) {
        write(out, "BEGIN", &[], "VCARD");
        write(out, "PROFILE", &[], "VCARD");
        write(out, "VERSION", &[], self.version);
        write(out, "SOURCE", &[], &self.source);
        if let Some(name) = &self.name {
            write(out, "NAME", &[], name);
        }
        if let Some(uid) = &self.uid {
            write(out, "UID", &[], uid);
        }
        let mut params: Vec<(&str, &str)> = Vec::new();
        for p in &self.props {
            params.clear();
            params.extend(p.params.iter().map(|(n, v)| (*n, v.as_str())));
            write(out, p.name, &params, &p.value);
        }
        if let Some(gender) = &self.gender {
            write(out, "GENDER", &[], gender);
        }
        write(out, "END", &[], "VCARD");
    }

    pub(crate) fn to_text(&self) -> String {
        let mut out = String::new();
        self.write_to(&mut out);
        out
    }
}

/// Step 1–2: the first of `items` that has the hCard type.
pub(crate) fn first_hcard<'d, 'a, N: Node<'a>>(
    mut items: impl Iterator<Item = Item<'d, 'a, N>>,
) -> Option<Item<'d, 'a, N>> {
    items.find(|i| i.has_type(HCARD_TYPE))
}

/// The first hCard item among `elements` (step 1–2 with `nodes` = the
/// elements).
pub(crate) fn first_hcard_among<'d, 'a, N: Node<'a>>(
    elements: impl IntoIterator<Item = Element<'d, 'a, N>>,
) -> Option<Item<'d, 'a, N>> {
    first_hcard(elements.into_iter().filter_map(|e| e.item()))
}

/// One card being built, with the (element, name) pairs of step 11 still to
/// visit.
struct Frame<'d, 'a, N: Node<'a>> {
    item: Item<'d, 'a, N>,
    pairs: Vec<(Element<'d, 'a, N>, &'a str)>,
    pos: usize,
    card: Card<'a>,
    sex: Option<String>,
    gender_identity: Option<String>,
    /// The property name that made this card an agent of its parent.
    agent_name: &'a str,
    /// The bytes of the names and values this card holds so far: at most
    /// what its text will take.
    bytes: usize,
}

impl<'d, 'a, N: Node<'a>> Frame<'d, 'a, N> {
    fn new(item: Item<'d, 'a, N>, options: &VcardOptions, agent_name: &'a str) -> Self {
        let doc = item.document();
        let legacy = options.legacy_v3();
        // Step 11: "for each element element that is a property of the item
        // node: for each name name in element's property names".
        let mut pairs = Vec::new();
        for el in item.properties() {
            for name in el.property_names() {
                pairs.push((el, name));
            }
        }
        let card = Card {
            version: if legacy { "3.0" } else { "4.0" },
            // Step 7: the document's URL ("about:blank" when it has none).
            source: escape_text(doc.effective_url().as_str()),
            // Step 8.
            name: doc.title().map(|t| escape_text(t.text_content())),
            // 2010 draft: "If node has a global identifier, add a vCard line
            // with the type UID".
            uid: if legacy {
                item.id().map(|id| escape_text(id.as_str()))
            } else {
                None
            },
            props: Vec::new(),
            gender: None,
        };
        let bytes = card.source.len()
            + card.name.as_ref().map_or(0, String::len)
            + card.uid.as_ref().map_or(0, String::len);
        Frame {
            item,
            pairs,
            pos: 0,
            card,
            sex: None,
            gender_identity: None,
            agent_name,
            bytes,
        }
    }

    /// Adds a line to the card, within `max_properties`.
    fn push(
        &mut self,
        prop: Prop<'a>,
        limits: microdata_model::Limits,
    ) -> Result<(), microdata_model::LimitError> {
        limits.check_properties(self.card.props.len() + 1)?;
        let params: usize = prop.params.iter().map(|(n, v)| n.len() + v.len()).sum();
        self.bytes = self
            .bytes
            .saturating_add(prop.name.len() + params + prop.value.len());
        self.card.props.push(prop);
        Ok(())
    }

    fn finish(mut self) -> Card<'a> {
        // Step 12.
        let sex = self.sex.unwrap_or_default();
        let identity = self.gender_identity.unwrap_or_default();
        if !sex.is_empty() || !identity.is_empty() {
            self.card.gender = Some(format!("{sex};{identity}"));
        }
        self.card
    }
}

/// Runs the conversion for `item` (the `node` of step 2), within the
/// options' limits: the cards written (`max_items`: this one and each
/// nested legacy agent), the lines of any one card (`max_properties`) and
/// the bytes of names and values held by the cards being built
/// (`max_output_bytes`, checked as each line is added; the written text is
/// checked again by [`to_text_within`]). A nested card's text goes into
/// its parent's line, escaped, when it is done, so what is held only grows
/// and never exceeds the final text: the running check refuses no card
/// that fits, and bounds the memory. The lines of `n`, `adr` and `org` gather their
/// sub-item's values, so many such properties sharing one large sub-item
/// through `itemref` ask for a card quadratic in the page's size.
pub(crate) fn build<'d, 'a, N: Node<'a>>(
    item: Item<'d, 'a, N>,
    options: &VcardOptions,
) -> Result<Card<'a>, microdata_model::LimitError> {
    let legacy = options.legacy_v3();
    let limits = options.limits();
    // Cards written: this one, then each nested agent card.
    let mut cards = 1usize;
    limits.check_items(cards)?;
    let mut root = Frame::new(item, options, "");
    // Property values read: each card's, and those of the sub-items its
    // lines gather from, once per scan.
    let mut reads = root.pairs.len();
    limits.check_reads(reads)?;
    limits.check_output(root.bytes)?;
    // Legacy `agent` cards being built, innermost last: an explicit stack,
    // since each must be finished before the line that holds it is written.
    let mut nested: Vec<Frame<'d, 'a, N>> = Vec::new();
    loop {
        let top = nested.last_mut().unwrap_or(&mut root);
        let Some(&(element, name)) = top.pairs.get(top.pos) else {
            let Some(done) = nested.pop() else {
                return Ok(root.finish());
            };
            let agent_name = done.agent_name;
            let text = done.finish().to_text();
            cards += 1;
            limits.check_items(cards)?;
            // 2010: "Let value be the result of escaping the vCard text
            // string obtained from extracting a vCard from the element that
            // represents subitem. Add a parameter named VALUE whose value is
            // VCARD."
            let parent = nested.last_mut().unwrap_or(&mut root);
            parent.push(
                Prop {
                    name: agent_name,
                    params: vec![("VALUE", "VCARD".to_owned())],
                    value: escape_text(&text),
                },
                limits,
            )?;
            limits.check_output(held(&root, &nested))?;
            continue;
        };
        top.pos += 1;
        let value = element.property_value();
        if legacy && name == "agent" {
            if let Value::Item(sub) = &value {
                if sub.has_type(HCARD_TYPE) {
                    // An agent that is already being converted (an itemref
                    // cycle) would never finish: it is left out, and the
                    // cycle is a microdata error of the page. Each level
                    // escapes the text of the one inside it again,
                    // doubling its backslashes, so the output grows
                    // exponentially with the depth: `max_depth` (the root
                    // card is at depth 1) and `max_output_bytes` stop a
                    // deep chain, with an error, never by leaving agents
                    // out.
                    let cyclic = root.item == *sub || nested.iter().any(|f| f.item == *sub);
                    if !cyclic {
                        limits.check_depth(nested.len() + 2)?;
                        let frame = Frame::new(*sub, options, name);
                        reads = reads.saturating_add(frame.pairs.len());
                        limits.check_reads(reads)?;
                        nested.push(frame);
                        limits.check_output(held(&root, &nested))?;
                    }
                    continue;
                }
            }
        }
        if let Value::Item(sub) = &value {
            reads = reads.saturating_add(sub_reads(*sub, name));
            limits.check_reads(reads)?;
        }
        if let Some(prop) = property(top, element, name, value, legacy) {
            top.push(prop, limits)?;
            limits.check_output(held(&root, &nested))?;
        }
    }
}

/// The property values [`property`] reads to make a line of `sub`: each
/// part it gathers scans the sub-item's properties once.
fn sub_reads<'a, N: Node<'a>>(sub: Item<'_, 'a, N>, name: &str) -> usize {
    let scans = match name {
        "n" => 5,
        // Three collected parts, four first ones, and `type`.
        "adr" => 8,
        // `org`: organization-name and the units; others (`related`
        // included): value and type.
        _ => 2,
    };
    scans * sub.properties().len()
}

/// The bytes held by the card being built and its nested cards in progress.
fn held<'a, N: Node<'a>>(root: &Frame<'_, 'a, N>, nested: &[Frame<'_, 'a, N>]) -> usize {
    nested
        .iter()
        .fold(root.bytes, |held, f| held.saturating_add(f.bytes))
}

/// [`Card::to_text`], checked against the options' `max_output_bytes`.
pub(crate) fn to_text_within(
    card: &Card<'_>,
    options: &VcardOptions,
) -> Result<String, microdata_model::LimitError> {
    let text = card.to_text();
    options.limits().check_output(text.len())?;
    Ok(text)
}

/// Step 11.2–11.3 for one (element, name) pair that is not a legacy agent:
/// the line to add, if any (`sex` and `gender-identity` are kept in the
/// frame for step 12 instead).
fn property<'d, 'a, N: Node<'a>>(
    frame: &mut Frame<'d, 'a, N>,
    element: Element<'d, 'a, N>,
    name: &'a str,
    value: Value<'d, 'a, N>,
    legacy: bool,
) -> Option<Prop<'a>> {
    let mut params: Vec<(&'static str, String)> = Vec::new();
    let line_value = match value {
        Value::Item(sub) => match name {
            "n" => n_value(sub),
            "adr" => {
                let v = adr_value(sub);
                if let Some(t) = alphanumeric_first(sub, "type") {
                    params.push(("TYPE", t));
                }
                v
            }
            "org" => org_value(sub),
            // Current text only: "If the property's value is an item
            // subitem with the item type hcard and name is related".
            "related" if !legacy && sub.has_type(HCARD_TYPE) => {
                let mut v = String::new();
                // "The value of the first such property": a `url` whose
                // element is also an item has an item, not text, for a
                // value, which the step cannot escape; it does not count.
                if let Some(url) = sub
                    .named("url")
                    .find(|p| p.is_url_property_element() && !p.is_item())
                {
                    escape_into(&mut v, url.property_value().as_str().unwrap_or(""), true);
                    params.push(("VALUE", "URI".to_owned()));
                }
                if let Some(rel) = alphanumeric_first(sub, "rel") {
                    params.push(("RELATION", rel));
                }
                v
            }
            // "If the property's value is an item and name is none of the
            // above".
            _ => {
                let v = collect_first(sub, "value");
                if let Some(t) = alphanumeric_first(sub, "type") {
                    params.push(("TYPE", t));
                }
                v
            }
        },
        // Current text only: sex and gender-identity make no line of their
        // own; the first of each goes into GENDER (step 12).
        v if !legacy && name == "sex" => {
            if frame.sex.is_none() {
                let sex = v.as_str().unwrap_or("");
                frame.bytes = frame.bytes.saturating_add(sex.len());
                frame.sex = Some(sex.to_owned());
            }
            return None;
        }
        v if !legacy && name == "gender-identity" => {
            if frame.gender_identity.is_none() {
                let identity = v.as_str().unwrap_or("");
                frame.bytes = frame.bytes.saturating_add(identity.len());
                frame.gender_identity = Some(identity.to_owned());
            }
            return None;
        }
        // "Otherwise (the property's value is not an item)".
        v => {
            let raw = v.as_str().unwrap_or("");
            if element.is_url_property_element() {
                params.push(("VALUE", "URI".to_owned()));
            } else if legacy {
                // 2010: "if element is a time element and the value is a
                // valid date string ... a valid global date and time string".
                if element.is_html() && element.local_name() == "time" {
                    if is_valid_date_string(raw) {
                        params.push(("VALUE", "DATE".to_owned()));
                    } else if is_valid_global_date_and_time_string(raw) {
                        params.push(("VALUE", "DATE-TIME".to_owned()));
                    }
                }
            } else if matches!(name, "bday" | "anniversary") && is_valid_date_string(raw) {
                params.push(("VALUE", "DATE".to_owned()));
            } else if name == "rev" && is_valid_global_date_and_time_string(raw) {
                params.push(("VALUE", "DATE-TIME".to_owned()));
            }
            // Substeps 5–9: "Unless name is geo, prefix every ; ...".
            let mut out = String::with_capacity(raw.len());
            escape_into(&mut out, raw, name != "geo");
            out
        }
    };
    Some(Prop {
        name,
        params,
        value: line_value,
    })
}

/// "n": family-name;given-name;additional-name;honorific-prefix;honorific-suffix,
/// the first of each.
fn n_value<'a, N: Node<'a>>(sub: Item<'_, 'a, N>) -> String {
    let mut v = String::new();
    for (i, part) in [
        "family-name",
        "given-name",
        "additional-name",
        "honorific-prefix",
        "honorific-suffix",
    ]
    .into_iter()
    .enumerate()
    {
        if i > 0 {
            v.push(';');
        }
        v.push_str(&collect_first(sub, part));
    }
    v
}

/// "adr": post-office-box, extended-address and street-address collected
/// (comma-separated), then the first locality, region, postal-code and
/// country-name.
fn adr_value<'a, N: Node<'a>>(sub: Item<'_, 'a, N>) -> String {
    let mut v = String::new();
    for part in ["post-office-box", "extended-address", "street-address"] {
        v.push_str(&collect_all(sub, part));
        v.push(';');
    }
    for (i, part) in ["locality", "region", "postal-code", "country-name"]
        .into_iter()
        .enumerate()
    {
        if i > 0 {
            v.push(';');
        }
        v.push_str(&collect_first(sub, part));
    }
    v
}

/// "org": the first organization-name, then `;` and each
/// organization-unit that is not an item.
fn org_value<'a, N: Node<'a>>(sub: Item<'_, 'a, N>) -> String {
    let mut v = collect_first(sub, "organization-name");
    for unit in sub.values("organization-unit") {
        if let Some(s) = unit.as_str() {
            v.push(';');
            escape_into(&mut v, s, true);
        }
    }
    v
}

/// "Collecting vCard subproperties named subname in subitem": the values
/// that are not items, escaped, joined with `,`.
fn collect_all<'a, N: Node<'a>>(sub: Item<'_, 'a, N>, subname: &str) -> String {
    let mut v = String::new();
    let mut first = true;
    for value in sub.values(subname) {
        let Some(s) = value.as_str() else { continue };
        if !first {
            v.push(',');
        }
        first = false;
        escape_into(&mut v, s, true);
    }
    v
}

/// "Collecting the first vCard subproperty named subname in subitem": the
/// first such property's value escaped, or the empty string when there is
/// none or it is an item.
fn collect_first<'a, N: Node<'a>>(sub: Item<'_, 'a, N>, subname: &str) -> String {
    match sub.get(subname) {
        Some(v) => v.as_str().map(escape_text).unwrap_or_default(),
        None => String::new(),
    }
}

/// The value of the first property named `name` of `sub`, when it is not an
/// item and "consists only of ASCII alphanumerics" (the empty string does).
fn alphanumeric_first<'a, N: Node<'a>>(sub: Item<'_, 'a, N>, name: &str) -> Option<String> {
    let v = sub.get(name)?;
    let s = v.as_str()?;
    s.bytes()
        .all(|b| b.is_ascii_alphanumeric())
        .then(|| s.to_owned())
}
