//! Inputs of other shapes than the product listing, for the `scaling`
//! bench: each is deterministic, built in memory, and grows linearly with
//! its size parameter, so that time against size shows whether an entry
//! point is linear.
//!
//! - [`itemref_page`]: articles that pull shared blocks in through
//!   `itemref`, and long `itemref` chains (items nested 64 deep through
//!   references alone);
//! - [`deep_page`]: one element nested `depth` levels deep;
//! - [`h_feed`]: an `h-feed` of `h-entry` items, mf2 only (what the `mf2`
//!   bench uses) or mixed with classic `hentry` markup;
//! - [`Shape`]: these, the product listing and the
//!   [`blog`](crate::blog) page at a scale factor (1x, 4x, 16x).
//!
//! ```
//! use benches::shapes::{Shape, deep_page};
//!
//! let page = deep_page(2_000);
//! assert_eq!(page.microdata_items, 2);
//! let feed = Shape::Feed.generate(1);
//! assert_eq!(feed.mf2_items, 2 + 10_002 / 3 * 8);
//! ```

use std::fmt::Write as _;

/// A generated page and the items a parser finds on it.
#[derive(Debug, Clone)]
pub struct Input {
    /// The HTML document.
    pub html: String,
    /// The URL it is served from.
    pub url: &'static str,
    /// Microdata items (elements with `itemscope`), top-level and nested.
    pub microdata_items: usize,
    /// Microformats2 items, top-level, children and property values.
    pub mf2_items: usize,
}

/// The scale factors the `scaling` bench times.
pub const SCALES: [usize; 3] = [1, 4, 16];

/// The inputs of the `scaling` bench.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// [`product_listing`](crate::product_listing): the default listing
    /// (2,250 cards, 5.4 MB) at 1x.
    Listing,
    /// [`itemref_page`]: 32 units (10,624 items, 2.0 MB) at 1x.
    Itemref,
    /// [`deep_page`]: 100,000 `<span>`s deep (1.3 MB, 100 items) at 1x.
    Deep,
    /// [`h_feed`] with mixed markup: 10,002 entries (7.0 MB) at 1x.
    Feed,
    /// [`blog_page`](crate::blog::blog_page): 200 posts (1.0 MB) with
    /// every vocabulary at 1x.
    Blog,
}

impl Shape {
    /// Every shape, in the order the bench runs them.
    pub const ALL: [Shape; 5] = [
        Shape::Listing,
        Shape::Itemref,
        Shape::Deep,
        Shape::Feed,
        Shape::Blog,
    ];

    /// A short name for bench ids.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Listing => "listing",
            Shape::Itemref => "itemref",
            Shape::Deep => "deep",
            Shape::Feed => "feed",
            Shape::Blog => "blog",
        }
    }

    /// The input called `name` (see [`Shape::name`]), for command-line
    /// options.
    pub fn from_name(name: &str) -> Result<Shape, String> {
        Shape::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| format!("unknown input `{name}`"))
    }

    /// The size parameter at 1x: products, units, depth, entries or
    /// posts.
    pub fn base(self) -> usize {
        match self {
            Shape::Listing => crate::DEFAULT_PRODUCTS,
            Shape::Itemref => 32,
            Shape::Deep => 100_000,
            // A multiple of 3, so every scale holds each kind of entry
            // equally often.
            Shape::Feed => 10_002,
            Shape::Blog => crate::blog::BLOG_POSTS,
        }
    }

    /// This shape at `scale` times its 1x size.
    pub fn generate(self, scale: usize) -> Input {
        let n = self.base() * scale;
        match self {
            Shape::Listing => {
                let page = crate::product_listing(n);
                Input {
                    html: page.html,
                    url: crate::PAGE_URL,
                    microdata_items: page.items,
                    mf2_items: 0,
                }
            }
            Shape::Itemref => itemref_page(n),
            Shape::Deep => deep_page(n),
            Shape::Feed => h_feed(n, FeedMarkup::Mixed),
            Shape::Blog => {
                let blog = crate::blog::blog_page(n);
                Input {
                    html: blog.html,
                    url: crate::blog::BLOG_URL,
                    microdata_items: blog.microdata_items,
                    mf2_items: blog.mf2_items,
                }
            }
        }
    }
}

/// Articles in one unit of [`itemref_page`].
const ARTICLES_PER_UNIT: usize = 100;
/// Shared blocks in one unit, each referenced by half of its articles.
const SHARED_PER_UNIT: usize = 4;
/// Reference chains in one unit.
const CHAINS_PER_UNIT: usize = 2;
/// Items in one chain: the chain nests items this deep.
pub const CHAIN_LENGTH: usize = 64;
/// Articles that reference the head of each chain.
const CHAIN_READERS: usize = 5;

/// A news index of `units` units, each with 100 `Article` items that
/// reference, through `itemref`, two of the unit's four shared blocks (a
/// `publisher` `Organization` and a language), and two chains of
/// [`CHAIN_LENGTH`] `CreativeWork` items where each item's `itemref` names
/// the next one, so the JSON nests them 64 deep although the elements are
/// siblings. Five articles read each chain. 332 items and about 60 KB per
/// unit; the item count is exactly proportional to `units`.
pub fn itemref_page(units: usize) -> Input {
    let mut out = String::with_capacity(units * 64 * 1024 + 512);
    let mut items = 0;
    out.push_str(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>News index</title></head>\n<body>\n",
    );
    for u in 0..units {
        let _ = writeln!(out, "<section class=\"unit\" id=\"u{u}\">");
        for s in 0..SHARED_PER_UNIT {
            items += 1;
            let _ = writeln!(
                out,
                "<div id=\"u{u}-s{s}\" hidden><span itemprop=\"publisher\" itemscope itemtype=\"https://schema.org/Organization\"><span itemprop=\"name\">Publisher {u}.{s}</span> <link itemprop=\"url\" href=\"/publishers/{u}/{s}\"></span><meta itemprop=\"inLanguage\" content=\"en-{s}\"></div>"
            );
        }
        for c in 0..CHAINS_PER_UNIT {
            for j in 0..CHAIN_LENGTH {
                items += 1;
                let next = if j + 1 < CHAIN_LENGTH {
                    format!(" itemref=\"u{u}-c{c}-{}\"", j + 1)
                } else {
                    String::new()
                };
                let _ = writeln!(
                    out,
                    "<div id=\"u{u}-c{c}-{j}\" itemprop=\"isBasedOn\" itemscope itemtype=\"https://schema.org/CreativeWork\"{next}><meta itemprop=\"position\" content=\"{j}\"><a itemprop=\"url\" href=\"/works/{u}/{c}/{j}\">Part {j}</a></div>"
                );
            }
        }
        for a in 0..ARTICLES_PER_UNIT {
            items += 2;
            let s1 = a % SHARED_PER_UNIT;
            let s2 = (a + 1) % SHARED_PER_UNIT;
            let chain = if a < CHAINS_PER_UNIT * CHAIN_READERS {
                format!(" u{u}-c{}-0", a / CHAIN_READERS)
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "<article itemscope itemtype=\"https://schema.org/Article\" itemref=\"u{u}-s{s1} u{u}-s{s2}{chain}\"><h2 itemprop=\"headline\"><a itemprop=\"url\" href=\"/a/{u}/{a}\">Story {a} of section {u}</a></h2><p itemprop=\"author\" itemscope itemtype=\"https://schema.org/Person\">By <span itemprop=\"name\">Reporter {}</span></p><time itemprop=\"datePublished\" datetime=\"2024-03-{:02}\">March {}</time></article>",
                a % 13,
                a % 28 + 1,
                a % 28 + 1
            );
        }
        out.push_str("</section>\n");
    }
    out.push_str("</body>\n</html>\n");
    Input {
        html: out,
        url: "https://news.example/index",
        microdata_items: items,
        mf2_items: 0,
    }
}

/// Levels between two items on [`deep_page`].
pub const DEEP_ITEM_EVERY: usize = 1_000;

/// A page whose body holds `depth` nested `<span>` elements (plus the
/// document's own three levels). Every [`DEEP_ITEM_EVERY`]th span starts
/// a top-level microdata item and an `h-entry` (so the mf2 entries nest
/// `depth / 1000` deep as children), and its first child is the item's
/// `name`; the innermost span holds a `description` that belongs to the
/// last item. Items: `depth / 1000` of each kind (rounded up).
///
/// `<span>`, not `<div>`: html5ever closes an open `<p>` before each
/// `<div>` start tag, and looks for that `<p>` down the whole stack of
/// open elements, so deep `<div>` nesting is quadratic in html5ever
/// itself (a known upstream issue) and would measure the HTML parser, not
/// the extraction. `<span>` takes no such scope check.
pub fn deep_page(depth: usize) -> Input {
    let mut out = String::with_capacity(depth * 14 + 512);
    let mut items = 0;
    out.push_str(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>Deep</title></head>\n<body>",
    );
    for level in 0..depth {
        if level % DEEP_ITEM_EVERY == 0 {
            items += 1;
            let _ = write!(
                out,
                "<span class=\"h-entry\" itemscope itemtype=\"https://schema.org/Thing\"><span class=\"p-name\" itemprop=\"name\">Level {level}</span>"
            );
        } else {
            out.push_str("<span>");
        }
    }
    out.push_str("<b class=\"p-summary\" itemprop=\"description\">The bottom.</b>");
    for _ in 0..depth {
        out.push_str("</span>");
    }
    out.push_str("</body>\n</html>\n");
    Input {
        html: out,
        url: "https://deep.example/",
        microdata_items: items,
        mf2_items: items,
    }
}

/// The markup of an [`h_feed`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeedMarkup {
    /// Every entry in microformats2 classes (`h-entry`, `p-name`, …).
    Mf2,
    /// Entries in turn: microformats2 only, classic microformats only
    /// (`hentry`, `entry-title`, `rel=bookmark`, `vcard`, …), and both
    /// (`h-entry hentry`, where the microformats2 classes win).
    Mixed,
}

/// The URL an [`h_feed`] is served from.
pub const FEED_URL: &str = "https://blog.example/notes/";

/// A blog's notes page: an `h-feed` with its author `h-card` and
/// `entries` entries, each with a name, a permalink, a date in the
/// value-class pattern (or an `abbr` title for classic entries), an
/// author `h-card` with a photo, `e-content` with relative links,
/// categories and (microformats2 entries) an in-reply-to `h-cite`. About
/// 700 bytes per entry. Microformats2 items: 2 for the feed and its
/// author, plus 3 per microformats2 entry and 2 per classic one.
pub fn h_feed(entries: usize, markup: FeedMarkup) -> Input {
    let mut html = String::with_capacity(entries * 800 + 512);
    let mut items = 2;
    html.push_str(
        "<!doctype html><html lang=\"en\"><head><title>Notes</title>\
         <link rel=\"alternate\" type=\"application/atom+xml\" href=\"/feed.atom\">\
         <link rel=\"me\" href=\"https://social.example/@ada\"></head><body>\
         <main class=\"h-feed\"><h1 class=\"p-name\">Notes</h1>\
         <a class=\"p-author h-card\" href=\"/\">Ada</a>\n",
    );
    for i in 0..entries {
        let day = i % 28 + 1;
        let hour = i % 12 + 1;
        let t = i % 17;
        let kind = match markup {
            FeedMarkup::Mf2 => 0,
            FeedMarkup::Mixed => i % 3,
        };
        if kind == 1 {
            items += 2;
            let _ = write!(
                html,
                r#"<div class="hentry" id="n{i}">
  <h2 class="entry-title"><a rel="bookmark" href="/notes/{i}">Note number {i}</a></h2>
  <p><abbr class="published" title="2024-02-{day:02}T{h24:02}:30:00">Feb {day}</abbr></p>
  <address class="author vcard"><img class="photo" src="/ada.jpg" alt=""><a class="url fn" href="/">Ada Lovelace</a></address>
  <div class="entry-content"><p>Entry {i} talks about <a href="../topics/{t}">topic {t}</a> and
    <em>engines</em> &amp; numbers.</p><img src="img/{i}.png" alt="figure {i}"></div>
  <p>Tags: <a rel="tag" href="/tags/t{t}">t{t}</a> <span class="category">misc</span></p>
</div>
"#,
                h24 = hour + 12
            );
            continue;
        }
        items += 3;
        // `both` adds the classic classes next to the mf2 ones.
        let both = kind == 2;
        let _ = write!(
            html,
            r#"<article class="h-entry{}" id="n{i}">
  <h2><a class="p-name u-url{}" href="/notes/{i}">Note number {i}</a></h2>
  <p class="dt-published"><time class="value" datetime="2024-02-{day:02}">Feb {day}</time> at <span class="value">{hour}:30pm</span></p>
  <a class="p-author h-card{}" href="/"><img class="u-photo" src="/ada.jpg" alt="">Ada Lovelace</a>
  <div class="e-content{}"><p>Entry {i} talks about <a href="../topics/{t}">topic {t}</a> and
    <em>engines</em> &amp; numbers.</p><img src="img/{i}.png" alt="figure {i}"></div>
  <p>Tags: <a class="p-category" href="/tags/t{t}">t{t}</a> <span class="p-category">misc</span></p>
  <div class="u-in-reply-to h-cite"><a class="u-url p-name" href="https://other.example/{i}">A reply</a></div>
</article>
"#,
            if both { " hentry" } else { "" },
            if both { " entry-title" } else { "" },
            if both { " author vcard" } else { "" },
            if both { " entry-content" } else { "" },
        );
    }
    html.push_str("</main></body></html>");
    Input {
        html,
        url: FEED_URL,
        microdata_items: 0,
        mf2_items: items,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
pub(crate) mod tests {
    use super::*;

    /// Microformats2 items in `doc`: top-level, children and property
    /// values, counted with an explicit stack.
    pub(crate) fn count_mf2(doc: &microformats2::Mf2Document) -> usize {
        let mut stack: Vec<&microformats2::Item> = doc.items.iter().collect();
        let mut n = 0;
        while let Some(item) = stack.pop() {
            n += 1;
            stack.extend(item.children.iter());
            for (_, values) in item.properties.iter() {
                for v in values {
                    if let microformats2::PropertyValue::Item(i) = v {
                        stack.push(i);
                    }
                }
            }
        }
        n
    }

    /// What the parsers find: (microdata items, mf2 items, JSON size).
    fn parsed_counts(input: &Input) -> (usize, usize, usize) {
        let parsed = microdata_scraper::parse(&input.html, Some(input.url)).unwrap();
        let doc = parsed.document();
        let json = doc
            .try_to_json_with(
                microdata_scraper::json::JsonOptions::new(),
                microdata_scraper::Limits::default(),
            )
            .unwrap();
        let mf2 = microformats2::parse(&doc, &microformats2::Mf2Options::new());
        (doc.all_items().count(), count_mf2(&mf2), json.len())
    }

    #[test]
    fn generators_are_deterministic() {
        for shape in Shape::ALL {
            let (a, b) = (shape.generate(1), shape.generate(1));
            assert_eq!(a.html, b.html, "{shape:?}");
            assert_eq!(
                (a.microdata_items, a.mf2_items),
                (b.microdata_items, b.mf2_items)
            );
        }
    }

    /// 4x the input holds 4x the items: exactly for the new shapes, within
    /// 2.5 % for the listing (its cards draw a random number of offers).
    #[test]
    fn item_counts_scale() {
        for shape in Shape::ALL {
            let one = shape.generate(1);
            let four = shape.generate(4);
            let size = four.html.len() as f64 / one.html.len() as f64;
            assert!((3.9..4.1).contains(&size), "{shape:?}: size ×{size}");
            match shape {
                Shape::Listing => {
                    let r = four.microdata_items as f64 / one.microdata_items as f64;
                    assert!((3.9..4.1).contains(&r), "listing items ×{r}");
                    assert_eq!(one.mf2_items, 0);
                }
                Shape::Itemref => {
                    assert_eq!(one.microdata_items, 32 * 332);
                    assert_eq!(four.microdata_items, 4 * one.microdata_items);
                }
                Shape::Deep => {
                    assert_eq!(one.microdata_items, 100);
                    assert_eq!(four.microdata_items, 400);
                    assert_eq!(four.mf2_items, 400);
                }
                Shape::Feed => {
                    // The feed and its author are there once at any scale.
                    assert_eq!(one.mf2_items, 2 + 3_334 * 8);
                    assert_eq!(four.mf2_items - 2, 4 * (one.mf2_items - 2));
                }
                Shape::Blog => {
                    // Page chrome: 8 microdata and 4 mf2 items at any scale.
                    assert_eq!(four.microdata_items - 8, 4 * (one.microdata_items - 8));
                    assert_eq!(four.mf2_items - 4, 4 * (one.mf2_items - 4));
                }
            }
        }
    }

    /// The counts the generators report are what the parsers find, and
    /// the parsed counts scale too (small sizes: debug builds parse slowly).
    #[test]
    fn counts_match_parsers() {
        let blog = |posts| {
            let b = crate::blog::blog_page(posts);
            Input {
                html: b.html,
                url: crate::blog::BLOG_URL,
                microdata_items: b.microdata_items,
                mf2_items: b.mf2_items,
            }
        };
        // (1x, 4x, fixed microdata items, fixed mf2 items)
        let small = [
            (itemref_page(2), itemref_page(8), 0, 0),
            (deep_page(3_000), deep_page(12_000), 0, 0),
            // The feed and its author are there once at any size.
            (
                h_feed(30, FeedMarkup::Mixed),
                h_feed(120, FeedMarkup::Mixed),
                0,
                2,
            ),
            // The blog's chrome: site, search, blog, the sidebar card.
            (blog(20), blog(80), 8, 4),
        ];
        for (one, four, fixed_md, fixed_mf2) in small {
            let (md1, mf1, json1) = parsed_counts(&one);
            let (md4, mf4, json4) = parsed_counts(&four);
            assert_eq!((md1, mf1), (one.microdata_items, one.mf2_items));
            assert_eq!((md4, mf4), (four.microdata_items, four.mf2_items));
            assert_eq!(
                (md4 - fixed_md, mf4 - fixed_mf2),
                (4 * (md1 - fixed_md), 4 * (mf1 - fixed_mf2))
            );
            // The deep page's JSON is too small for its fixed part to vanish.
            if md1 > 100 {
                let r = json4 as f64 / json1 as f64;
                assert!((3.9..4.1).contains(&r), "JSON ×{r}");
            }
        }
    }

    /// An itemref chain nests its items in the JSON, 64 deep.
    #[test]
    fn itemref_chain_nests() {
        let page = itemref_page(1);
        let parsed = microdata_scraper::parse(&page.html, Some(page.url)).unwrap();
        let doc = parsed.document();
        let articles: Vec<_> = doc.items().collect();
        assert_eq!(articles.len(), ARTICLES_PER_UNIT);
        let first = articles[0];
        assert_eq!(
            first.get("publisher").unwrap().as_item().unwrap().types(),
            ["https://schema.org/Organization"]
        );
        let mut depth = 0;
        let mut work = first.get("isBasedOn").and_then(|v| v.as_item());
        while let Some(w) = work {
            assert_eq!(
                w.get("position").unwrap().as_str(),
                Some(&*depth.to_string())
            );
            depth += 1;
            work = w.get("isBasedOn").and_then(|v| v.as_item());
        }
        assert_eq!(depth, CHAIN_LENGTH);
        // Articles past the chain readers have no chain.
        assert!(articles[10].get("isBasedOn").is_none());
    }

    /// The deep page's last item gets the innermost description.
    #[test]
    fn deep_page_bottom() {
        let page = deep_page(2_500);
        let parsed = microdata_scraper::parse(&page.html, Some(page.url)).unwrap();
        let doc = parsed.document();
        let items: Vec<_> = doc.items().collect();
        assert_eq!(items.len(), 3);
        assert_eq!(items[2].get("name").unwrap().as_str(), Some("Level 2000"));
        assert_eq!(
            items[2].get("description").unwrap().as_str(),
            Some("The bottom.")
        );
        assert!(items[0].get("description").is_none());
    }

    /// Classic entries are found through the backcompat rules, next to the
    /// microformats2 ones.
    #[test]
    fn mixed_feed_entries() {
        let page = h_feed(3, FeedMarkup::Mixed);
        let parsed = microdata_scraper::parse(&page.html, Some(page.url)).unwrap();
        let mf2 = microformats2::parse(&parsed.document(), &microformats2::Mf2Options::new());
        let feed = &mf2.items[0];
        assert_eq!(feed.types, ["h-feed"]);
        assert_eq!(feed.children.len(), 3);
        for entry in &feed.children {
            assert_eq!(entry.types, ["h-entry"]);
            let name = entry.properties.get("name").unwrap();
            assert!(
                matches!(&name[0], microformats2::PropertyValue::Text(t) if t.starts_with("Note number"))
            );
        }
    }
}
