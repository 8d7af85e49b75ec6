//! The "extract an Atom feed" algorithm, up to the data the XML holds.
//!
//! Step references quote the 2010 text (`html5-links-idioms-microdata-atom-2010.txt`).

use std::collections::{HashMap, HashSet};

use microdata_model::microsyntax::{GlobalDateTime, Time, TimeZoneOffset};
use microdata_model::serialize::{inner_html, inner_html_filtered};
use microdata_model::{Document, Element, LimitError, Limits, Node, Url, split_ascii_whitespace};
use uuid::Uuid;

use crate::datetime::{
    Instant, best_representation, instant, parse_global_2010, time_element_value,
};
use crate::options::AtomOptions;

/// "No element" in the per-element tables.
const NONE: u32 = u32::MAX;

/// A feed, ready to be written.
pub(crate) struct Feed {
    pub(crate) authors: Vec<String>,
    pub(crate) icon: Option<String>,
    pub(crate) id: String,
    pub(crate) self_link: Option<String>,
    pub(crate) alternate: String,
    pub(crate) title: String,
    pub(crate) subtitle: Option<String>,
    pub(crate) updated: String,
    pub(crate) entries: Vec<Entry>,
}

/// One `entry`.
pub(crate) struct Entry {
    pub(crate) base: String,
    pub(crate) title: String,
    pub(crate) content: String,
    pub(crate) id: String,
    pub(crate) alternate: Option<String>,
    pub(crate) published: String,
    pub(crate) updated: String,
}

/// A date as the feed writes it, with the instant it stands for.
#[derive(Clone)]
struct Stamp {
    text: String,
    at: Instant,
}

impl Stamp {
    fn best(datetime: &GlobalDateTime) -> Self {
        Stamp {
            text: best_representation(datetime),
            at: instant(datetime),
        }
    }
}

/// Midnight and no offset ("00:00Z"), for a `time` whose time is unknown.
const MIDNIGHT_NO_OFFSET: (Time, TimeZoneOffset) = (
    Time {
        hour: 0,
        minute: 0,
        second: 0,
        nanosecond: 0,
    },
    TimeZoneOffset { minutes: 0 },
);

/// Sectioning content, and the sectioning roots of the 2010 text
/// (`blockquote`, `body`, `details`, `fieldset`, `figure`, `td`): "the
/// nearest ancestor of sectioning content" of an element is its nearest
/// ancestor among these, so that a heading in a quotation or a figure does
/// not title the page or the article around it, and "is the body element"
/// can hold.
fn is_sectioning<'a, N: Node<'a>>(el: &Element<'_, 'a, N>) -> bool {
    el.is_html()
        && matches!(
            el.local_name(),
            "article"
                | "aside"
                | "nav"
                | "section"
                | "blockquote"
                | "body"
                | "details"
                | "fieldset"
                | "figure"
                | "td"
        )
}

/// The rank of an `h1`–`h6` element (1 for `h1`), else `None`.
fn heading_rank<'a, N: Node<'a>>(el: &Element<'_, 'a, N>) -> Option<u8> {
    if !el.is_html() {
        return None;
    }
    match el.local_name() {
        "h1" => Some(1),
        "h2" => Some(2),
        "h3" => Some(3),
        "h4" => Some(4),
        "h5" => Some(5),
        "h6" => Some(6),
        _ => None,
    }
}

/// Heading content: `h1`–`h6` and `hgroup`.
fn is_heading_content<'a, N: Node<'a>>(el: &Element<'_, 'a, N>) -> bool {
    heading_rank(el).is_some() || el.is("hgroup")
}

/// Facts about every element, from one pass in tree order.
struct Tables {
    /// Nearest strict ancestor that is sectioning content or a sectioning root.
    sectioning: Vec<u32>,
    /// Nearest strict ancestor `article`.
    article: Vec<u32>,
    /// One past the last descendant.
    end: Vec<u32>,
    /// The nearest ancestor-or-self with an `xml:base` attribute, usable or
    /// not: the values are resolved only where a base URI is asked for
    /// ([`Bases`]).
    base_from: Vec<u32>,
}

impl Tables {
    fn new<'a, N: Node<'a>>(doc: &Document<'a, N>) -> Self {
        let n = doc.len();
        let mut t = Tables {
            sectioning: Vec::with_capacity(n),
            article: Vec::with_capacity(n),
            end: Vec::with_capacity(n),
            base_from: Vec::with_capacity(n),
        };
        for el in doc.elements() {
            let i = el.index() as u32;
            let (sectioning, article, base_from) = match el.parent() {
                Some(p) => {
                    let p_i = p.index();
                    (
                        if is_sectioning(&p) {
                            p_i as u32
                        } else {
                            t.sectioning[p_i]
                        },
                        if p.is("article") {
                            p_i as u32
                        } else {
                            t.article[p_i]
                        },
                        t.base_from[p_i],
                    )
                }
                None => (NONE, NONE, NONE),
            };
            t.sectioning.push(sectioning);
            t.article.push(article);
            t.end.push(i + 1 + el.descendants().len() as u32);
            t.base_from.push(if xml_base_attr(el.node()).is_some() {
                i
            } else {
                base_from
            });
        }
        t
    }

    fn nearest_sectioning(&self, i: usize) -> u32 {
        self.sectioning[i]
    }
}

/// What the feed has built so far, counted against `max_output_bytes`: the
/// entries' strings and the base URIs resolved for them. A page can make
/// these grow faster than itself (every entry repeats the base URL, and
/// each relative `xml:base` holds a copy of the one it resolves against),
/// so they are counted as they are made, before memory runs out.
struct Budget {
    limits: Limits,
    used: usize,
}

impl Budget {
    fn add(&mut self, bytes: usize) -> Result<(), LimitError> {
        self.used = self.used.saturating_add(bytes);
        self.limits.check_output(self.used)
    }
}

/// Base URIs from XML Base over the document base URL, as the 2010 text
/// asks of every document ("user agents must act as if all Document
/// objects represented XML documents"): an `xml:base` attribute resolves
/// against the base URI of its parent.
///
/// Values are resolved on demand, each at most once: a page with many
/// `xml:base` attributes that no entry, bookmark or icon sits under costs
/// nothing, and one whose base URIs are asked for pays once per attribute,
/// counted in the [`Budget`].
#[derive(Default)]
struct Bases {
    /// For an element with an `xml:base` attribute whose base was asked
    /// for: the element whose URL is its base URI (itself when its value
    /// resolved, else the one its parent's base came from), or [`NONE`]
    /// for the document base URL.
    from: HashMap<u32, u32>,
    /// The URLs of the `xml:base` values that resolved.
    urls: HashMap<u32, Url>,
}

impl Bases {
    /// The base URI of element `i`.
    fn of<'d, 'a, N: Node<'a>>(
        &'d mut self,
        doc: &'d Document<'a, N>,
        tables: &Tables,
        budget: &mut Budget,
        i: usize,
    ) -> Result<&'d Url, LimitError> {
        let from = self.resolve(doc, tables, budget, tables.base_from[i])?;
        Ok(self.url(doc, from))
    }

    fn url<'d, 'a, N: Node<'a>>(&'d self, doc: &'d Document<'a, N>, from: u32) -> &'d Url {
        match from {
            NONE => doc.effective_base_url(),
            b => self
                .urls
                .get(&b)
                .unwrap_or_else(|| doc.effective_base_url()),
        }
    }

    /// Where the base URI of element `b` (which has an `xml:base`
    /// attribute, or is [`NONE`]) comes from. The chain of `xml:base`
    /// ancestors not yet resolved is walked up in a loop, then resolved
    /// outermost first.
    fn resolve<'a, N: Node<'a>>(
        &mut self,
        doc: &Document<'a, N>,
        tables: &Tables,
        budget: &mut Budget,
        b: u32,
    ) -> Result<u32, LimitError> {
        let mut chain = Vec::new();
        let mut cur = b;
        let mut above = NONE;
        while cur != NONE {
            if let Some(&from) = self.from.get(&cur) {
                above = from;
                break;
            }
            chain.push(cur);
            cur = doc
                .element_at(cur as usize)
                .and_then(|e| e.parent())
                .map_or(NONE, |p| tables.base_from[p.index()]);
        }
        for &c in chain.iter().rev() {
            let value = doc
                .element_at(c as usize)
                .and_then(|e| xml_base_attr(e.node()));
            let parsed = value.and_then(|value| {
                doc.url_options()
                    .base_url(Some(self.url(doc, above)))
                    .parse(value)
                    .ok()
            });
            // A value that does not resolve leaves the parent's base URI.
            if let Some(url) = parsed {
                budget.add(url.as_str().len())?;
                self.urls.insert(c, url);
                above = c;
            }
            self.from.insert(c, above);
        }
        Ok(above)
    }

    /// "Resolves relative to" element `i`: its URL attribute value (spaces
    /// stripped) against the element's base URI.
    fn resolve_at<'a, N: Node<'a>>(
        &mut self,
        doc: &Document<'a, N>,
        tables: &Tables,
        budget: &mut Budget,
        i: usize,
        value: &str,
    ) -> Result<Option<Url>, LimitError> {
        let base = self.of(doc, tables, budget, i)?;
        Ok(doc
            .url_options()
            .base_url(Some(base))
            .parse(value.trim_matches(is_space))
            .ok())
    }
}

/// The value of an element's `xml:base` attribute: in the XML namespace as
/// an adapter may report it, or, as the HTML parser stores it, an
/// attribute literally named `xml:base`.
fn xml_base_attr<'a, N: Node<'a>>(node: N) -> Option<&'a str> {
    node.attrs()
        .find(|a| {
            (a.prefix == Some("xml") && a.name == "base")
                || (a.prefix.is_none() && a.name == "xml:base")
        })
        .map(|a| a.value)
}

/// The heading content to use for a heading element: the element itself
/// for `h1`–`h6`; for an `hgroup`, its `h1`–`h6` children "sorted first by
/// descending rank and then in tree order", first and second.
fn heading_entries<'d, 'a, N: Node<'a>>(
    heading: Element<'d, 'a, N>,
) -> (Option<Element<'d, 'a, N>>, Option<Element<'d, 'a, N>>) {
    if !heading.is("hgroup") {
        return (Some(heading), None);
    }
    let mut headings: Vec<(u8, Element<'d, 'a, N>)> = heading
        .children()
        .filter_map(|c| heading_rank(&c).map(|r| (r, c)))
        .collect();
    // A stable sort keeps tree order within a rank.
    headings.sort_by_key(|&(rank, _)| rank);
    let mut it = headings.into_iter().map(|(_, e)| e);
    (it.next(), it.next())
}

/// Runs the algorithm; `None` when the document has no `article` element.
///
/// # Errors
///
/// [`Limit::OutputBytes`](microdata_model::Limit::OutputBytes) when the
/// feed's strings, with the base URIs resolved for them, pass the options'
/// `max_output_bytes`.
pub(crate) fn extract<'a, N: Node<'a>>(
    doc: &Document<'a, N>,
    options: &AtomOptions,
) -> Result<Option<Feed>, LimitError> {
    // "If the Document source does not contain any article elements, then
    // return nothing and abort these steps."
    if !doc.elements().any(|e| e.is("article")) {
        return Ok(None);
    }
    let now = Stamp::best(&options.now_or_clock());
    let tables = Tables::new(doc);
    let mut bases = Bases::default();
    let mut budget = Budget {
        limits: options.limits(),
        used: 0,
    };
    let address = doc.effective_url().as_str();

    // "For each meta element with a name attribute and a content attribute
    // and whose name attribute's value is author": an author with that name.
    let authors: Vec<String> = doc
        .elements()
        .filter(|e| {
            e.is("meta")
                && e.attr("name")
                    .is_some_and(|n| n.eq_ignore_ascii_case("author"))
        })
        .filter_map(|e| e.attr("content").map(str::to_owned))
        .collect();
    budget.add(authors.iter().map(String::len).sum())?;

    // "If there is a link element whose rel attribute's value includes the
    // keyword icon, and that element also has an href attribute whose value
    // successfully resolves": the first such.
    let mut icon = None;
    for e in doc.elements() {
        let is_icon = e.is("link")
            && e.attr("rel").is_some_and(|rel| {
                split_ascii_whitespace(rel).any(|k| k.eq_ignore_ascii_case("icon"))
            });
        if let (true, Some(href)) = (is_icon, e.attr("href")) {
            if let Some(url) = bases.resolve_at(doc, &tables, &mut budget, e.index(), href)? {
                budget.add(url.as_str().len())?;
                icon = Some(String::from(url));
                break;
            }
        }
    }

    // The feed's title and subtitle: "the first element of heading content
    // whose nearest ancestor of sectioning content is the body element".
    let body = doc.elements().find(|e| e.is("body"));
    let heading = body.and_then(|body| {
        body.descendants().find(|e| {
            is_heading_content(e) && tables.nearest_sectioning(e.index()) == body.index() as u32
        })
    });
    let (title, subtitle): (String, Option<String>) = match heading {
        // "If heading is null: Let heading content be the descendants of the
        // title element, if there is one, or an empty list otherwise."
        None => (
            doc.title()
                .map(|t| inner_html(t.node()))
                .unwrap_or_default(),
            None,
        ),
        Some(heading) => {
            let (first, second) = heading_entries(heading);
            // "If subheading content is not an empty list": the second
            // heading's descendants, none when it has no child node.
            let second = second.filter(|h| h.node().children().next().is_some());
            (
                first.map(|h| inner_html(h.node())).unwrap_or_default(),
                second.map(|h| inner_html(h.node())),
            )
        }
    };

    budget.add(2 * address.len() + title.len() + subtitle.as_ref().map_or(0, String::len))?;
    let mut global_update: Option<Stamp> = None;
    let mut entries = Vec::new();
    let mut seen_ids: HashMap<Uuid, usize> = HashMap::new();
    // "For each article element article that does not have an ancestor
    // article element".
    for article in doc.elements() {
        if !article.is("article") || tables.article[article.index()] != NONE {
            continue;
        }
        let mut cx = EntryContext {
            doc,
            tables: &tables,
            bases: &mut bases,
            budget: &mut budget,
            address,
            seen_ids: &mut seen_ids,
            now: &now,
        };
        let (entry, update) = extract_entry(&mut cx, article)?;
        // "If update date has a value, and global update date has no value or
        // is less recent than update date, then let global update date have
        // the value of update date."
        if let Some(update) = update {
            if global_update.as_ref().is_none_or(|g| g.at < update.at) {
                global_update = Some(update);
            }
        }
        entries.push(entry);
    }

    // "If global update date has no value, then let it have a value that is
    // a valid global date and time string representing the global date and
    // time of the date and time of the Document's source file's last
    // modification, if it is known, or else of the moment that this
    // algorithm was invoked."
    let updated = match global_update {
        Some(g) => g.text,
        None => options
            .modified()
            .map_or_else(|| now.text.clone(), |m| best_representation(&m)),
    };

    Ok(Some(Feed {
        authors,
        icon,
        id: address.to_owned(),
        self_link: options.self_link().map(str::to_owned),
        alternate: address.to_owned(),
        title,
        subtitle,
        updated,
        entries,
    }))
}

fn is_space(c: char) -> bool {
    microdata_model::is_ascii_whitespace(c)
}

/// What every entry reads from the feed, and the state the entries share.
struct EntryContext<'c, 'd, 'a, N: Node<'a>> {
    doc: &'d Document<'a, N>,
    tables: &'c Tables,
    bases: &'c mut Bases,
    budget: &'c mut Budget,
    address: &'d str,
    /// Name-based ids handed out so far, with how often each name came up.
    seen_ids: &'c mut HashMap<Uuid, usize>,
    now: &'c Stamp,
}

/// One entry; also returns its update date (the feed's global update date
/// follows the entries' real update dates, not the "now" fallback).
fn extract_entry<'a, N: Node<'a>>(
    cx: &mut EntryContext<'_, '_, 'a, N>,
    article: Element<'_, 'a, N>,
) -> Result<(Entry, Option<Stamp>), LimitError> {
    let (doc, tables, address, now) = (cx.doc, cx.tables, cx.address, cx.now);
    let a = article.index();
    let end = tables.end[a] as usize;
    let a32 = a as u32;

    // "Set the xml:base attribute of E to the base URI of the element
    // article, as defined by the XML Base specification, with the base URI
    // of the document entity being defined as the document base URL".
    let base = cx.bases.of(doc, tables, cx.budget, a)?.as_str().to_owned();
    cx.budget.add(base.len())?;

    // "Let heading be the first element of heading content whose nearest
    // ancestor of sectioning content is article".
    let heading = (a + 1..end)
        .filter_map(|i| doc.element_at(i))
        .find(|e| is_heading_content(e) && tables.nearest_sectioning(e.index()) == a32);
    let title = heading
        .and_then(|h| heading_entries(h).0)
        .map(|h| inner_html(h.node()))
        .unwrap_or_default();
    cx.budget.add(title.len())?;

    // "Remove from the subtree rooted at cloned article any article elements
    // other than the cloned article itself, any header, footer, or nav
    // elements whose nearest ancestor of sectioning content is the cloned
    // article, and the first element of heading content whose nearest
    // ancestor of sectioning content is the cloned article, if any."
    // Removal is not done on a clone: the removed subtrees are collected and
    // the serializer leaves them out. The same walk finds the `ins`/`del`
    // elements that remain.
    let mut removed: HashSet<N> = HashSet::new();
    let mut newest_edit: Option<(Instant, &'a str)> = None;
    let mut i = a + 1;
    while i < end {
        let Some(e) = doc.element_at(i) else { break };
        let remove = e.is("article")
            || (matches!(e.local_name(), "header" | "footer" | "nav")
                && e.is_html()
                && tables.nearest_sectioning(i) == a32)
            || heading.is_some_and(|h| h.index() == i);
        if remove {
            removed.insert(e.node());
            i = tables.end[i] as usize;
            continue;
        }
        // "If cloned article contains any ins or del elements with datetime
        // attributes whose values parse as global date and time strings
        // without errors, then let update date be the value of the datetime
        // attribute that parses to the newest global date and time." Values
        // that are just dates do not parse as global dates and times.
        if e.is("ins") || e.is("del") {
            if let Some(value) = e.attr("datetime") {
                if let Some(parsed) = parse_global_2010(value) {
                    let at = instant(&parsed);
                    if newest_edit.is_none_or(|(newest, _)| newest < at) {
                        newest_edit = Some((at, value));
                    }
                }
            }
        }
        i += 1;
    }
    let mut update = newest_edit.map(|(at, value)| Stamp {
        text: value.to_owned(),
        at,
    });

    // "the result of running the HTML fragment serialization algorithm on
    // cloned article".
    let content = inner_html_filtered(article.node(), |n| removed.contains(&n));
    cx.budget.add(content.len())?;

    // "Establish the value of id and has-alternate from the first of the
    // following to apply":
    let mut bookmark = None;
    for e in (a + 1..end).filter_map(|i| doc.element_at(i)) {
        // "If article has a descendant a or area element with an href
        // attribute that successfully resolves relative to that descendant
        // and a rel attribute whose value includes the bookmark keyword"
        let is_bookmark = (e.is("a") || e.is("area"))
            && e.attr("rel").is_some_and(|rel| {
                split_ascii_whitespace(rel).any(|k| k.eq_ignore_ascii_case("bookmark"))
            });
        if let (true, Some(href)) = (is_bookmark, e.attr("href")) {
            bookmark = cx
                .bases
                .resolve_at(doc, tables, cx.budget, e.index(), href)?;
            if bookmark.is_some() {
                break;
            }
        }
    }
    let (id, alternate) = if let Some(url) = bookmark {
        // "Let id be the absolute URL resulting from resolving the value of
        // the href attribute of the first such a or area element. Let
        // has-alternate be true."
        (url.to_string(), Some(url.to_string()))
    } else if let Some(element_id) = article.attr("id") {
        // "If article has an id attribute: Let id be the document's current
        // address, with the fragment identifier (if any) removed, followed by
        // a U+0023 NUMBER SIGN character (#), followed by the value of the
        // article element's id attribute. Let has-alternate be false."
        let without_fragment = address.split_once('#').map_or(address, |(a, _)| a);
        (format!("{without_fragment}#{element_id}"), None)
    } else {
        // "Otherwise: Let id be a user-agent-defined undereferenceable yet
        // globally unique valid absolute URL." A name-based (v5) UUID of the
        // document address and the entry's title and content: the same
        // entry gets the same id on every run, and another article never
        // takes it over (an id from the article's position would pass from
        // one post to the next as a page gains new posts at the top).
        // Articles whose title and content are the same also count their
        // occurrences, so that ids stay unique within the feed.
        let mut name = format!("{address}\0{title}\0{content}");
        let mut uuid = Uuid::new_v5(&Uuid::NAMESPACE_URL, name.as_bytes());
        let seen = cx.seen_ids.entry(uuid).or_insert(0);
        if *seen > 0 {
            name.push_str(&format!("\0{seen}"));
            *seen += 1;
            uuid = Uuid::new_v5(&Uuid::NAMESPACE_URL, name.as_bytes());
        } else {
            *seen = 1;
        }
        (uuid.urn().to_string(), None)
    };

    // "If article has a time element descendant that has a pubdate attribute
    // and whose nearest ancestor article element is article, and the first
    // such element's date is not unknown": the publication date.
    let mut published = (a + 1..end)
        .filter_map(|i| doc.element_at(i))
        .find(|e| e.is("time") && e.attr("pubdate").is_some() && tables.article[e.index()] == a32)
        .and_then(|e| time_element_value(e.attr("datetime"), e.text_content()))
        .map(|value| {
            // "Let datetime be a global date and time whose date component is
            // the date of e. If e's time and time-zone offset are not unknown,
            // then let datetime's time and time-zone offset components be the
            // time and time-zone offset of e. Otherwise, let them be midnight
            // and no offset respectively."
            let (time, offset) = value.time.unwrap_or(MIDNIGHT_NO_OFFSET);
            Stamp::best(&GlobalDateTime {
                date: value.date,
                time,
                offset,
            })
        });

    // "If update date has no value but publication date does, then let update
    // date have the value of publication date. Otherwise, if publication date
    // has no value but update date does, then let publication date have the
    // value of update date."
    match (&published, &update) {
        (Some(p), None) => update = Some(p.clone()),
        (None, Some(u)) => published = Some(u.clone()),
        _ => {}
    }
    let entry_update = update.clone();
    // "If publication date and update date both still have no value, then
    // let them both value a value that is a valid global date and time
    // string representing the global date and time of the moment that this
    // algorithm was invoked."
    let published = published.unwrap_or_else(|| now.clone());
    let updated = update.unwrap_or_else(|| now.clone());
    cx.budget.add(
        id.len()
            + alternate.as_ref().map_or(0, String::len)
            + published.text.len()
            + updated.text.len(),
    )?;

    Ok((
        Entry {
            base,
            title,
            content,
            id,
            alternate,
            published: published.text,
            updated: updated.text,
        },
        entry_update,
    ))
}
