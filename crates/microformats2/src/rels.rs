//! "parse a hyperlink element for rel microformats": `rels` and `rel-urls`
//! (and the legacy `alternates`).

use std::collections::{HashMap, HashSet};

use microdata_model::{Document, Node, split_ascii_whitespace};

use crate::document::{Alternate, Mf2Document, RelUrl};
use crate::map::Map;
use crate::options::Mf2Options;
use crate::resolve::Resolver;

/// Fills `out.rels`, `out.rel_urls` and, with the option, `out.alternates`
/// from the `links` (the indices of the HTML `a`, `area` and `link`
/// elements of `doc`, in document order) that have a `rel` and an `href`.
pub(crate) fn parse<'a, N: Node<'a>>(
    doc: &Document<'a, N>,
    links: impl Iterator<Item = usize>,
    resolver: &Resolver<'_>,
    options: &Mf2Options,
    out: &mut Mf2Document,
    within: &dyn Fn(usize) -> bool,
) {
    let mut rel_index: HashMap<String, usize> = HashMap::new();
    // (rel, URL) pairs written, the URL by its place in `rel_urls`.
    let mut seen: HashSet<(usize, usize)> = HashSet::new();
    let mut url_index: HashMap<String, usize> = HashMap::new();
    // The slot of each `href` text met: links repeating one resolve it
    // once (each resolved URL is as long as the base URL can make it).
    let mut href_slot: HashMap<&'a str, usize> = HashMap::new();
    let mut alternates = Vec::new();
    for e in links.filter_map(|i| doc.element_at(i)) {
        let (mut rel, mut href) = (None, None);
        for a in e.node().attrs() {
            match a.name {
                "rel" if a.prefix.is_none() => rel = Some(a.value),
                "href" if a.prefix.is_none() => href = Some(a.value),
                _ => {}
            }
        }
        let (Some(rel), Some(href)) = (rel, href) else {
            continue;
        };
        let mut tokens: Vec<&str> = split_ascii_whitespace(rel).collect();
        if tokens.is_empty() {
            continue;
        }
        // Each rel value repeats the URL: a long URL with many values, or a
        // long base URL under many links, makes an output quadratic in the
        // page. What is written is counted toward `max_output_bytes`.
        if !within(0) {
            break;
        }
        let attr = |name: &str| e.attr(name).map(str::to_owned);

        // rel-urls: every link's rels; each of `text`, `title`, `media`,
        // `hreflang`, `type` from the first link to the URL that has it
        // ("if there is no key ... in rel_urls[url] and the element has").
        let entries = out.rel_urls.entries_mut();
        let slot = match href_slot.get(href) {
            Some(&slot) => slot,
            None => {
                let url = resolver.resolve(href);
                let slot = match url_index.get(&url) {
                    Some(&slot) => slot,
                    None => {
                        within(url.len());
                        entries.push((url.clone(), RelUrl::default()));
                        url_index.insert(url, entries.len() - 1);
                        entries.len() - 1
                    }
                };
                href_slot.insert(href, slot);
                slot
            }
        };
        if let Some((_, info)) = entries.get_mut(slot) {
            info.rels.extend(tokens.iter().map(|t| (*t).to_owned()));
            if info.text.is_none() {
                let text = e.text_content();
                info.text = (!text.is_empty()).then(|| text.to_owned());
            }
            for (field, name) in [
                (&mut info.title, "title"),
                (&mut info.media, "media"),
                (&mut info.hreflang, "hreflang"),
                (&mut info.media_type, "type"),
            ] {
                if field.is_none() {
                    *field = attr(name);
                }
            }
        }

        if options.alternates && tokens.contains(&"alternate") {
            // "the set of rel values ... except alternate": each once.
            let mut kept = HashSet::new();
            tokens.retain(|t| *t != "alternate" && kept.insert(*t));
            alternates.push(Alternate {
                url: url_at(&out.rel_urls, slot),
                rel: (!tokens.is_empty()).then(|| tokens.join(" ")),
                media: attr("media"),
                hreflang: attr("hreflang"),
                media_type: attr("type"),
            });
            continue;
        }
        // rels: each URL once per rel value.
        let rels = out.rels.entries_mut();
        for token in tokens {
            let r = *rel_index.entry(token.to_owned()).or_insert_with(|| {
                rels.push((token.to_owned(), Vec::new()));
                rels.len() - 1
            });
            if seen.insert((r, slot)) {
                // Read from `rel_urls` only when written: a copy per link
                // would cost the URL's length for every repeat.
                let url = url_at(&out.rel_urls, slot);
                if !within(url.len()) {
                    break;
                }
                if let Some((_, urls)) = rels.get_mut(r) {
                    urls.push(url);
                }
            }
        }
    }
    for info in out.rel_urls.values_mut() {
        info.rels.sort_unstable();
        info.rels.dedup();
    }
    if options.alternates {
        out.alternates = Some(alternates);
    }
}

/// The URL of `rel_urls` entry `slot`.
fn url_at(rel_urls: &Map<RelUrl>, slot: usize) -> String {
    rel_urls
        .entries()
        .get(slot)
        .map_or_else(String::new, |(url, _)| url.clone())
}
