//! "parse a hyperlink element for rel microformats": `rels` and `rel-urls`
//! (and the legacy `alternates`).

use std::collections::{HashMap, HashSet};

use microdata_model::{Document, Node, split_ascii_whitespace};

use crate::document::{Alternate, Mf2Document, RelUrl};
use crate::options::Options;
use crate::resolve::Resolver;

/// Fills `out.rels`, `out.rel_urls` and, with the option, `out.alternates`
/// from the `links` (the indices of the HTML `a`, `area` and `link`
/// elements of `doc`, in document order) that have a `rel` and an `href`.
pub(crate) fn parse<'a, N: Node<'a>>(
    doc: &Document<'a, N>,
    links: impl Iterator<Item = usize>,
    resolver: &Resolver,
    options: &Options,
    out: &mut Mf2Document,
) {
    let mut rel_index: HashMap<String, usize> = HashMap::new();
    let mut seen: HashSet<(usize, String)> = HashSet::new();
    let mut url_index: HashMap<String, usize> = HashMap::new();
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
        let url = resolver.resolve(href);
        let attr = |name: &str| e.attr(name).map(str::to_owned);

        // rel-urls: the first link's attributes, every link's rels.
        let entries = out.rel_urls.entries_mut();
        let slot = match url_index.get(&url) {
            Some(&i) => i,
            None => {
                let text = e.text_content();
                entries.push((
                    url.clone(),
                    RelUrl {
                        rels: Vec::new(),
                        text: (!text.is_empty()).then(|| text.to_owned()),
                        title: attr("title"),
                        media: attr("media"),
                        hreflang: attr("hreflang"),
                        media_type: attr("type"),
                    },
                ));
                url_index.insert(url.clone(), entries.len() - 1);
                entries.len() - 1
            }
        };
        if let Some((_, info)) = entries.get_mut(slot) {
            info.rels.extend(tokens.iter().map(|t| (*t).to_owned()));
        }

        if options.alternates && tokens.contains(&"alternate") {
            tokens.retain(|t| *t != "alternate");
            tokens.dedup();
            alternates.push(Alternate {
                url,
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
            if seen.insert((r, url.clone())) {
                if let Some((_, urls)) = rels.get_mut(r) {
                    urls.push(url.clone());
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
