//! The "extract an Atom feed" algorithm, up to the data the XML holds.
//!
//! Step references quote the 2010 text (`html5-links-idioms-microdata-atom-2010.txt`).

use std::collections::{HashMap, HashSet};

use microdata_model::microsyntax::{GlobalDateTime, Time, TimeZoneOffset};
use microdata_model::serialize::{inner_html, inner_html_filtered};
use microdata_model::{Document, Element, Node, Url, split_ascii_whitespace};
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
    /// Base URIs set by `xml:base` attributes, by element.
    xml_base: HashMap<u32, Url>,
    /// The nearest ancestor-or-self with a usable `xml:base`.
    base_from: Vec<u32>,
}

impl Tables {
    fn new<'a, N: Node<'a>>(doc: &Document<'a, N>) -> Self {
        let n = doc.len();
        let mut t = Tables {
            sectioning: Vec::with_capacity(n),
            article: Vec::with_capacity(n),
            end: Vec::with_capacity(n),
            xml_base: HashMap::new(),
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
            // XML Base: an `xml:base` attribute resolves against the base
            // URI of the parent (ultimately the document base URL).
            let own = xml_base_attr(el.node()).and_then(|value| {
                let parent_base = match base_from {
                    NONE => Some(doc.effective_base_url()),
                    b => t.xml_base.get(&b),
                };
                doc.url_options().base_url(parent_base).parse(value).ok()
            });
            match own {
                Some(url) => {
                    t.xml_base.insert(i, url);
                    t.base_from.push(i);
                }
                None => t.base_from.push(base_from),
            }
        }
        t
    }

    fn nearest_sectioning(&self, i: usize) -> u32 {
        self.sectioning[i]
    }

    /// The base URI of element `i` (XML Base over the document base URL,
    /// as the 2010 text asks of every document: "user agents must act as
    /// if all Document objects represented XML documents").
    fn base_of<'d, 'a, N: Node<'a>>(&'d self, doc: &'d Document<'a, N>, i: usize) -> &'d Url {
        match self.base_from[i] {
            NONE => doc.effective_base_url(),
            // An element's own `xml:base` is recorded only when it parsed.
            b => self
                .xml_base
                .get(&b)
                .unwrap_or_else(|| doc.effective_base_url()),
        }
    }

    /// "Resolves relative to" element `i`: its URL attribute value (spaces
    /// stripped) against the element's base URI.
    fn resolve_at<'a, N: Node<'a>>(
        &self,
        doc: &Document<'a, N>,
        i: usize,
        value: &str,
    ) -> Option<Url> {
        doc.url_options()
            .base_url(Some(self.base_of(doc, i)))
            .parse(value.trim_matches(is_space))
            .ok()
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
pub(crate) fn extract<'a, N: Node<'a>>(
    doc: &Document<'a, N>,
    options: &AtomOptions,
) -> Option<Feed> {
    // "If the Document source does not contain any article elements, then
    // return nothing and abort these steps."
    if !doc.elements().any(|e| e.is("article")) {
        return None;
    }
    let now = Stamp::best(&options.now_or_clock());
    let tables = Tables::new(doc);
    let address = doc.effective_url().as_str();

    // "For each meta element with a name attribute and a content attribute
    // and whose name attribute's value is author": an author with that name.
    let authors = doc
        .elements()
        .filter(|e| {
            e.is("meta")
                && e.attr("name")
                    .is_some_and(|n| n.eq_ignore_ascii_case("author"))
        })
        .filter_map(|e| e.attr("content").map(str::to_owned))
        .collect();

    // "If there is a link element whose rel attribute's value includes the
    // keyword icon, and that element also has an href attribute whose value
    // successfully resolves": the first such.
    let icon = doc
        .elements()
        .filter(|e| {
            e.is("link")
                && e.attr("rel").is_some_and(|rel| {
                    split_ascii_whitespace(rel).any(|k| k.eq_ignore_ascii_case("icon"))
                })
        })
        .find_map(|e| {
            e.attr("href")
                .and_then(|h| tables.resolve_at(doc, e.index(), h))
        })
        .map(String::from);

    // The feed's title and subtitle: "the first element of heading content
    // whose nearest ancestor of sectioning content is the body element".
    let body = doc.elements().find(|e| e.is("body"));
    let heading = body.and_then(|body| {
        body.descendants().find(|e| {
            is_heading_content(e) && tables.nearest_sectioning(e.index()) == body.index() as u32
        })
    });
    let (title, subtitle) = match heading {
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
            (
                first.map(|h| inner_html(h.node())).unwrap_or_default(),
                second.map(|h| inner_html(h.node())),
            )
        }
    };

    let mut global_update: Option<Stamp> = None;
    let mut entries = Vec::new();
    // Name-based ids handed out so far, with how often each name came up.
    let mut seen_ids: HashMap<Uuid, usize> = HashMap::new();
    // "For each article element article that does not have an ancestor
    // article element".
    for article in doc.elements() {
        if !article.is("article") || tables.article[article.index()] != NONE {
            continue;
        }
        let (entry, update) = extract_entry(doc, &tables, article, address, &mut seen_ids, &now);
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

    Some(Feed {
        authors,
        icon,
        id: address.to_owned(),
        self_link: options.self_link().map(str::to_owned),
        alternate: address.to_owned(),
        title,
        subtitle,
        updated,
        entries,
    })
}

fn is_space(c: char) -> bool {
    microdata_model::is_ascii_whitespace(c)
}

/// One entry; also returns its update date (the feed's global update date
/// follows the entries' real update dates, not the "now" fallback).
fn extract_entry<'a, N: Node<'a>>(
    doc: &Document<'a, N>,
    tables: &Tables,
    article: Element<'_, 'a, N>,
    address: &str,
    seen_ids: &mut HashMap<Uuid, usize>,
    now: &Stamp,
) -> (Entry, Option<Stamp>) {
    let a = article.index();
    let end = tables.end[a] as usize;
    let a32 = a as u32;

    // "Set the xml:base attribute of E to the base URI of the element
    // article, as defined by the XML Base specification, with the base URI
    // of the document entity being defined as the document base URL".
    let base = tables.base_of(doc, a).as_str().to_owned();

    // "Let heading be the first element of heading content whose nearest
    // ancestor of sectioning content is article".
    let heading = (a + 1..end)
        .filter_map(|i| doc.element_at(i))
        .find(|e| is_heading_content(e) && tables.nearest_sectioning(e.index()) == a32);
    let title = heading
        .and_then(|h| heading_entries(h).0)
        .map(|h| inner_html(h.node()))
        .unwrap_or_default();

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

    // "Establish the value of id and has-alternate from the first of the
    // following to apply":
    let bookmark = (a + 1..end)
        .filter_map(|i| doc.element_at(i))
        .find_map(|e| {
            // "If article has a descendant a or area element with an href
            // attribute that successfully resolves relative to that descendant
            // and a rel attribute whose value includes the bookmark keyword"
            if !(e.is("a") || e.is("area")) {
                return None;
            }
            let rel = e.attr("rel")?;
            if !split_ascii_whitespace(rel).any(|k| k.eq_ignore_ascii_case("bookmark")) {
                return None;
            }
            tables.resolve_at(doc, e.index(), e.attr("href")?)
        });
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
        let seen = seen_ids.entry(uuid).or_insert(0);
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

    (
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
    )
}
