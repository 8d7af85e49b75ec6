//! A real-looking blog page with every vocabulary the workspace converts,
//! for the `entry_points` bench and the memory measurement: a year
//! archive of a small group blog that shows each post in full.
//!
//! [`blog_page`] writes, around `posts` posts:
//!
//! - a head with `meta name=author`, rel links (`alternate` feeds,
//!   `license`, `author`, `me`, `webmention`, `icon`, `canonical`), inline
//!   style;
//! - a schema.org `WebSite` with a `SearchAction`, and the posts in a
//!   schema.org `Blog` that is also the page's `h-feed` (with its
//!   `p-author h-card`);
//! - each post an `<article>` (an Atom entry for `html-atom`: a heading, a
//!   bookmark link, `time pubdate`, now and then an `ins` update) that is a
//!   `BlogPosting` (`headline`, `url`, `datePublished`, an author `Person`,
//!   an `ImageObject`, `articleBody`, `keywords`, zero to three `Comment`s
//!   with their `Person`) and an mf2 `h-entry` with a `p-author h-card`,
//!   `u-photo`, `e-content`, categories and `h-cite` comments; every
//!   fourth post in classic markup instead (`hentry`, `entry-title`,
//!   `rel=bookmark`, `published`, `author vcard`, `entry-content`,
//!   `rel=tag`);
//! - after each post's text, an author box that is an item of the WHATWG
//!   vCard vocabulary (`http://microformats.org/profile/hcard`: `fn`, `n`,
//!   `photo`, `url`, `email`, `note`) and an `h-card` (`vcard` in classic
//!   posts);
//! - in every fifth post an event that is an item of the vEvent vocabulary
//!   (`http://microformats.org/profile/hcalendar#vevent`: `summary`,
//!   `dtstart`, `dtend`, `location`, `url`, `description`, `categories`)
//!   and an `h-event vevent` (`vevent` alone in classic posts);
//! - in every fourth post (another one) a photo that is an item of the
//!   licensing vocabulary (`http://n.whatwg.org/work`: `work`, `title`,
//!   `author`, `license`, with `rel=license`);
//! - links in the text with `rel=nofollow`, `rel="nofollow ugc"` and
//!   `rel=external`;
//! - a sidebar with the blog owner's full hCard (`n`, `nickname`, `photo`,
//!   `bday`, `email`, `tel`, `adr`, `org`, `title`, `url`, `note`,
//!   `categories`) that is also an `h-card vcard`, a blogroll with XFN
//!   rel values (`friend met`, `acquaintance`, `colleague`, `me`) and a
//!   footer with `rel=license`, `rel=prev` and `rel=next`.
//!
//! Which posts carry what depends on the post's number alone (the random
//! draws pick words only), so every count grows exactly with `posts` for
//! multiples of 20 posts. [`BLOG_POSTS`] posts make a page of about 1 MB.
//!
//! ```
//! let blog = benches::blog::blog_page(20);
//! assert_eq!(blog.posts, 20);
//! assert_eq!(blog.hcards, 21);
//! assert!(blog.html.contains("http://n.whatwg.org/work"));
//! ```

use std::fmt::Write as _;

use crate::Rng;

/// The URL the blog page is served from.
pub const BLOG_URL: &str = "https://fieldnotes.example/archive/";

/// Posts on the page at 1x: about 1 MB.
pub const BLOG_POSTS: usize = 200;

/// A generated blog page and what it holds.
#[derive(Debug, Clone)]
pub struct Blog {
    /// The HTML document.
    pub html: String,
    /// Posts: outermost `<article>`s, so also the Atom feed's entries.
    pub posts: usize,
    /// Comments (nested `<article>`s), over all posts.
    pub comments: usize,
    /// Microdata items (elements with `itemscope`), top-level and nested.
    pub microdata_items: usize,
    /// Microformats2 items, top-level, children and property values.
    pub mf2_items: usize,
    /// Microdata items of type `http://microformats.org/profile/hcard`
    /// (all top-level): the vCards.
    pub hcards: usize,
    /// Microdata items of type
    /// `http://microformats.org/profile/hcalendar#vevent`: the `VEVENT`s.
    pub vevents: usize,
    /// Microdata items of type `http://n.whatwg.org/work`.
    pub works: usize,
}

/// Authors of the group blog: display name, given name, family name,
/// handle.
const AUTHORS: &[(&str, &str, &str, &str)] = &[
    ("Charlotte Example", "Charlotte", "Example", "charlotte"),
    ("Dev Patel", "Dev", "Patel", "dev"),
    ("Mina Okafor", "Mina", "Okafor", "mina"),
    ("Tomás Ruiz", "Tomás", "Ruiz", "tomas"),
];
const TITLES: &[&str] = &[
    "Notes on {}",
    "What I learned from {}",
    "A weekend of {}",
    "{}, revisited",
    "Getting started with {}",
    "Why I still like {}",
    "Small lessons from {}",
    "{}: a field report",
    "Three mistakes with {}",
    "The quiet joy of {}",
];
const TOPICS: &[&str] = &[
    "sourdough",
    "the Severn Way",
    "Rust lifetimes",
    "bike maintenance",
    "allotment beans",
    "HTML microdata",
    "film cameras",
    "fermenting kimchi",
    "the Cotswold Way",
    "static site generators",
    "wild swimming",
    "birdsong recordings",
    "mechanical keyboards",
    "wood-fired ovens",
    "map reading",
    "community radio",
];
const SENTENCES: &[&str] = &[
    "It started, as these things do, with a borrowed book and a free Saturday.",
    "The first attempt went badly &amp; the second one only slightly better.",
    "I kept notes in a paper notebook, which turned out to matter more than the tools.",
    "Most of the advice online assumes a bigger kitchen, garden or budget than mine.",
    "The trick, as far as I can tell, is to change <em>one</em> thing at a time.",
    "By the third week the routine felt less like a chore and more like a habit.",
    "A neighbour pointed out what I had missed, which was humbling and useful.",
    "There is a whole community around this, friendly and very opinionated.",
    "I measured everything for a month; the numbers were less tidy than I hoped.",
    "The weather did not help, but it rarely does in this part of the country.",
    "If you try it, start small: the cost of a mistake grows with the batch.",
    "My setup is deliberately boring, and boring has served me well so far.",
    "Some of it is written up in <code>notes.md</code>, rough as it is.",
    "Looking back, the slow parts were the ones I enjoyed the most.",
    "None of this is new, but writing it down helped me see the pattern.",
    "The best results came on the days I planned the least.",
    "I will come back to this in the spring, when the light is better.",
    "Thanks to everyone who sent corrections after the last post.",
];
const LINK_SITES: &[(&str, &str)] = &[
    ("wiki.example", "the wiki page"),
    ("forum.example", "a long forum thread"),
    ("library.example", "the library's guide"),
    ("maps.example", "the route map"),
    ("shop.example", "the shop I bought it from"),
    ("news.example", "a local news story"),
];
const TAGS: &[&str] = &[
    "outdoors", "food", "software", "making", "walking", "garden", "photo", "radio", "bikes",
    "notes",
];
const READERS: &[&str] = &[
    "Ada",
    "Grace",
    "Linus",
    "Margaret",
    "Alan",
    "Hedy",
    "Katherine",
    "Dennis",
    "Barbara",
    "Ken",
];
const COMMENTS: &[&str] = &[
    "Great write-up, thank you! I had the same problem last year.",
    "Have you tried doing it the other way round? It worked for me.",
    "Lovely photos. Where exactly was the second one taken?",
    "This is the post I needed a month ago &amp; did not find.",
    "Bookmarked. Looking forward to the follow-up in the spring.",
    "Small correction: the bridge reopened in March.",
];
const EVENTS: &[&str] = &[
    "Bristol Makers Meetup",
    "Sourdough Swap",
    "Web Craft Evening",
    "Allotment Open Day",
    "Film Photography Walk",
];
const VENUES: &[&str] = &[
    "The Old Library, Bristol",
    "Community Hall, Stroud",
    "The Watershed, Bristol",
    "St Werburghs City Farm",
    "Ashton Court Mansion",
];
const PHOTOGRAPHERS: &[&str] = &["Jo Hale", "Sam Ortiz", "Priya Rao", "Olu Ade"];
const LICENSES: &[(&str, &str)] = &[
    ("https://creativecommons.org/licenses/by/4.0/", "CC BY 4.0"),
    (
        "https://creativecommons.org/licenses/by-sa/4.0/",
        "CC BY-SA 4.0",
    ),
    (
        "https://creativecommons.org/publicdomain/zero/1.0/",
        "CC0 1.0",
    ),
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Days from 1970-01-01 to the first post, 2008-01-01.
const FIRST_DAY: u64 = 13_879;

/// Year, month (1–12) and day of `days` after 1970-01-01 (the proleptic
/// Gregorian calendar, H. Hinnant's `civil_from_days`).
fn civil(days: u64) -> (u64, usize, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    (year, month as usize, day)
}

/// A date as `2008-01-01` and as `1 January 2008`.
fn date(days: u64) -> (String, String) {
    let (y, m, d) = civil(days);
    let name = MONTHS.get(m - 1).copied().unwrap_or_default();
    (format!("{y}-{m:02}-{d:02}"), format!("{d} {name} {y}"))
}

/// `text` as a URL path segment: ASCII letters and digits, `-` between.
fn slugify(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if c == 'á' {
            s.push('a');
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
    }
    s.trim_end_matches('-').to_owned()
}

/// What one post carries, from its number alone.
#[derive(Debug, Clone, Copy)]
struct PostKind {
    /// Classic microformats (`hentry`) instead of microformats2.
    classic: bool,
    /// A vEvent item and `h-event`.
    event: bool,
    /// A licensed work.
    work: bool,
    /// Comments, 0 to 3.
    comments: usize,
    /// An `ins` update in the text (Atom `updated`).
    update: bool,
}

impl PostKind {
    /// Every kind of post comes back every 20 posts.
    fn of(i: usize) -> Self {
        PostKind {
            classic: i % 4 == 3,
            event: i % 5 == 2,
            work: i % 4 == 1,
            comments: (i * 3 + i / 5) % 4,
            update: i % 10 == 6,
        }
    }
}

struct Writer {
    out: String,
    rng: Rng,
    microdata_items: usize,
    mf2_items: usize,
    hcards: usize,
    vevents: usize,
    works: usize,
    comments: usize,
}

/// `write!` into the page; writing to a `String` cannot fail.
macro_rules! w {
    ($g:expr, $($arg:tt)*) => {
        let _ = write!($g.out, $($arg)*);
    };
}

/// A blog archive page with `posts` posts. The same `posts` always gives
/// the same bytes, and the first `posts` posts of a longer page are the
/// same posts.
pub fn blog_page(posts: usize) -> Blog {
    let mut g = Writer {
        out: String::with_capacity(posts * 5_200 + 32 * 1024),
        rng: Rng(0xB106_F00D_5EED_0001),
        microdata_items: 0,
        mf2_items: 0,
        hcards: 0,
        vevents: 0,
        works: 0,
        comments: 0,
    };
    g.head();
    g.site_header();
    g.feed_start();
    for i in 0..posts {
        g.post(i);
    }
    g.out.push_str("</main>\n");
    g.sidebar();
    g.footer();
    Blog {
        html: g.out,
        posts,
        comments: g.comments,
        microdata_items: g.microdata_items,
        mf2_items: g.mf2_items,
        hcards: g.hcards,
        vevents: g.vevents,
        works: g.works,
    }
}

impl Writer {
    /// `itemscope` (counted) with its type, or untyped for `""`.
    fn scope(&mut self, ty: &str) -> String {
        self.microdata_items += 1;
        match ty {
            "" => "itemscope".to_owned(),
            _ if ty.starts_with("http") => format!("itemscope itemtype=\"{ty}\""),
            _ => format!("itemscope itemtype=\"https://schema.org/{ty}\""),
        }
    }

    /// An hCard item's `itemscope` (counted as an hCard too).
    fn hcard_scope(&mut self) -> String {
        self.hcards += 1;
        self.scope("http://microformats.org/profile/hcard")
    }

    fn head(&mut self) {
        self.out.push_str(
            r#"<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Archive – Field Notes</title>
<meta name="author" content="Charlotte Example">
<meta name="description" content="Every post on Field Notes: walking, cooking, small software and the odd meetup, by Charlotte Example and friends.">
<meta name="generator" content="Eleventy v2.0.1">
<link rel="canonical" href="https://fieldnotes.example/archive/">
<link rel="alternate" type="application/atom+xml" title="Field Notes (Atom)" href="/feed.atom">
<link rel="alternate" type="application/feed+json" title="Field Notes (JSON Feed)" href="/feed.json">
<link rel="license" href="https://creativecommons.org/licenses/by/4.0/">
<link rel="author" href="/about/">
<link rel="me" href="https://social.example/@charlotte">
<link rel="me" href="https://code.example/charlotte">
<link rel="webmention" href="https://webmention.example/fieldnotes.example/webmention">
<link rel="pingback" href="https://webmention.example/fieldnotes.example/xmlrpc">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/css/site.4c1e9a.css">
<style>
"#,
        );
        for (i, part) in [
            "header", "post", "meta", "bio", "event", "work", "comment", "tag", "sidebar", "footer",
        ]
        .iter()
        .enumerate()
        {
            w!(
                self,
                ".{part}{{margin:{}rem 0;padding:{}rem;border-radius:{}px}}\n.{part} a{{color:#{:06x};text-decoration-thickness:1px}}\n",
                1 + i % 3,
                i % 2,
                2 + i,
                0x20_40_80 + i * 0x0A_0B_0C
            );
        }
        self.out.push_str("</style>\n</head>\n");
    }

    fn site_header(&mut self) {
        let site = self.scope("WebSite");
        let action = self.scope("SearchAction");
        w!(
            self,
            r##"<body class="archive">
<a class="skip-link" href="#posts">Skip to the posts</a>
<header class="site-header" {site}>
<a class="site-title" itemprop="url" href="/" rel="home"><span itemprop="name">Field Notes</span></a>
<form class="search" action="/search" role="search" itemprop="potentialAction" {action}><meta itemprop="target" content="https://fieldnotes.example/search?q={{q}}"><input itemprop="query-input" type="search" name="q" required placeholder="Search the notes"><button>Search</button></form>
<nav class="site-nav"><a href="/">Home</a> <a href="/archive/" aria-current="page">Archive</a> <a href="/tags/">Tags</a> <a href="/about/" rel="author">About</a> <a href="/feed.atom" rel="alternate" type="application/atom+xml">Feed</a></nav>
</header>
<div class="layout">
"##
        );
    }

    fn feed_start(&mut self) {
        // The h-feed and its author.
        self.mf2_items += 2;
        let blog = self.scope("Blog");
        w!(
            self,
            r#"<main class="h-feed" id="posts" {blog}>
<h1 class="p-name" itemprop="name">Field Notes: the archive</h1>
<p class="p-summary" itemprop="description">Every post, oldest first, by <a class="p-author h-card" href="/about/">Charlotte Example</a> and friends.</p>
"#
        );
    }

    fn post(&mut self, i: usize) {
        let kind = PostKind::of(i);
        let (author, given, family, handle) = AUTHORS[i % AUTHORS.len()];
        let topic = self.rng.pick(TOPICS);
        let title = self.rng.pick(TITLES).replace("{}", topic);
        let title = capitalise(&title);
        let day = FIRST_DAY + 2 * i as u64;
        let (iso, human) = date(day);
        let year = &iso[..4];
        let month = &iso[5..7];
        let slug = format!("{}-{i}", slugify(&title));
        let path = format!("/{year}/{month}/{slug}/");
        let hour = 7 + i % 12;
        let minute = (i * 7) % 60;

        // The post: BlogPosting, h-entry or hentry.
        self.mf2_items += 1;
        let posting = self.scope("BlogPosting");
        let (entry, name, published, content, tag) = if kind.classic {
            ("hentry", "entry-title", "", "entry-content", "")
        } else {
            (
                "h-entry",
                "p-name",
                "dt-published",
                "e-content",
                "p-category",
            )
        };
        w!(
            self,
            "<article class=\"post {entry}\" id=\"{slug}\" itemprop=\"blogPost\" {posting}>\n<header class=\"post-header\">\n<h2 class=\"{name}\" itemprop=\"headline\"><a{} rel=\"bookmark\" itemprop=\"url\" href=\"{path}\">{title}</a></h2>\n",
            if kind.classic { "" } else { " class=\"u-url\"" }
        );
        // The date and the author.
        self.mf2_items += 1;
        let person = self.scope("Person");
        if kind.classic {
            w!(
                self,
                "<p class=\"post-meta\"><abbr class=\"published\" title=\"{iso}T{hour:02}:{minute:02}:00+00:00\"><time itemprop=\"datePublished\" datetime=\"{iso}T{hour:02}:{minute:02}:00+00:00\" pubdate>{human}</time></abbr> · by <span class=\"author vcard\" itemprop=\"author\" {person}><a class=\"url fn\" rel=\"author\" itemprop=\"url\" href=\"/authors/{handle}/\"><span itemprop=\"name\">{author}</span></a></span></p>\n"
            );
        } else {
            w!(
                self,
                "<p class=\"post-meta\"><time class=\"{published}\" itemprop=\"datePublished\" datetime=\"{iso}T{hour:02}:{minute:02}:00+00:00\" pubdate>{human}</time> · by <a class=\"p-author h-card\" rel=\"author\" itemprop=\"author\" {person} href=\"/authors/{handle}/\"><span itemprop=\"name\">{author}</span></a></p>\n"
            );
        }
        self.out.push_str("</header>\n");

        // The lead image.
        let image = self.scope("ImageObject");
        w!(
            self,
            "<figure class=\"post-image\" itemprop=\"image\" {image}><img{} itemprop=\"contentUrl\" src=\"/img/{year}/{slug}.jpg\" alt=\"A photo for “{title}”\" width=\"1200\" height=\"675\" loading=\"lazy\"><figcaption itemprop=\"caption\">{topic}, {human}.</figcaption></figure>\n",
            if kind.classic {
                ""
            } else {
                " class=\"u-photo\""
            }
        );

        // The text.
        w!(self, "<div class=\"{content}\" itemprop=\"articleBody\">\n");
        let paragraphs = 3 + i % 2;
        for p in 0..paragraphs {
            self.out.push_str("<p>");
            for s in 0..3 {
                let sentence = self.rng.pick(SENTENCES);
                self.out.push_str(sentence);
                self.out.push(' ');
                if s == 1 {
                    let (site, text) = LINK_SITES[(i + p) % LINK_SITES.len()];
                    let rel = match (i + p) % 3 {
                        0 => " rel=\"nofollow\"",
                        1 => " rel=\"external\"",
                        _ => "",
                    };
                    w!(
                        self,
                        "See <a href=\"https://{site}/{}/{i}\"{rel}>{text}</a>. ",
                        slugify(topic)
                    );
                }
            }
            if p == 0 && i > 0 {
                w!(
                    self,
                    "(More in <a href=\"../{}/\">the previous post</a>.)",
                    i - 1
                );
            }
            self.out.push_str("</p>\n");
        }
        if kind.work {
            self.work(i, &slug, topic);
        }
        if kind.update {
            let (later, later_human) = date(day + 30);
            w!(
                self,
                "<p><ins datetime=\"{later}T12:00:00Z\">Update, {later_human}: a reader pointed me at a better way; see the comments.</ins></p>\n"
            );
        }
        self.out.push_str("</div>\n");
        if kind.event {
            self.event(i, day, kind.classic);
        }

        // Tags and the author box.
        let first = i % TAGS.len();
        self.out
            .push_str("<footer class=\"post-footer\">\n<p>Filed under ");
        for (k, t) in [first, (first + 3) % TAGS.len()].iter().enumerate() {
            let t = TAGS[*t];
            if k > 0 {
                self.out.push_str(", ");
            }
            w!(
                self,
                "<a{} rel=\"tag\" href=\"/tags/{t}/\"><span itemprop=\"keywords\">{t}</span></a>",
                if kind.classic {
                    String::new()
                } else {
                    format!(" class=\"{tag}\"")
                }
            );
        }
        self.out.push_str(".</p>\n");
        self.author_box(author, given, family, handle, kind.classic);
        self.out.push_str("</footer>\n");

        // Comments.
        if kind.comments > 0 {
            w!(
                self,
                "<section class=\"comments\" id=\"{slug}-comments\">\n<h3>{} comment{}</h3>\n",
                kind.comments,
                if kind.comments == 1 { "" } else { "s" }
            );
            for j in 0..kind.comments {
                self.comment(&slug, day, j, kind.classic);
            }
            self.out.push_str("</section>\n");
        }
        self.out.push_str("</article>\n");
    }

    /// A photo under a licence: a `http://n.whatwg.org/work` item.
    fn work(&mut self, i: usize, slug: &str, topic: &str) {
        self.works += 1;
        let work = self.scope("http://n.whatwg.org/work");
        let photographer = self.rng.pick(PHOTOGRAPHERS);
        let (license, license_name) = LICENSES[i % LICENSES.len()];
        w!(
            self,
            "<figure class=\"work\" {work}><img itemprop=\"work\" src=\"/photos/{slug}.jpg\" alt=\"{topic}, photographed by {photographer}\" width=\"800\" height=\"600\" loading=\"lazy\"><figcaption><cite itemprop=\"title\">{}</cite> by <span itemprop=\"author\">{photographer}</span>, <a itemprop=\"license\" rel=\"license\" href=\"{license}\">{license_name}</a></figcaption></figure>\n",
            capitalise(topic)
        );
    }

    /// A meetup: a vEvent item, an `h-event vevent` (`vevent` alone in a
    /// classic post).
    fn event(&mut self, i: usize, day: u64, classic: bool) {
        self.vevents += 1;
        self.mf2_items += 1;
        let event = self.scope("http://microformats.org/profile/hcalendar#vevent");
        let name = self.rng.pick(EVENTS);
        let venue = self.rng.pick(VENUES);
        let (start, human) = date(day + 10);
        let (root, summary, dtstart, dtend, location, url, description) = if classic {
            (
                "vevent",
                "summary",
                "dtstart",
                "dtend",
                "location",
                "url",
                "description",
            )
        } else {
            (
                "h-event vevent",
                "p-name summary",
                "dt-start dtstart",
                "dt-end dtend",
                "p-location location",
                "u-url url",
                "p-summary description",
            )
        };
        w!(
            self,
            "<div class=\"event {root}\" {event}>\n<p>Come along: <strong class=\"{summary}\" itemprop=\"summary\">{name}</strong>, <time class=\"{dtstart}\" itemprop=\"dtstart\" datetime=\"{start}T18:30:00Z\">{human}, 6:30pm</time> to <time class=\"{dtend}\" itemprop=\"dtend\" datetime=\"{start}T21:00:00Z\">9pm</time>, at <span class=\"{location}\" itemprop=\"location\">{venue}</span>. <a class=\"{url}\" itemprop=\"url\" href=\"https://events.example/e/{i}\">Details and free tickets</a>.</p>\n<p class=\"{description}\" itemprop=\"description\">An evening of short talks and tea; beginners very welcome.</p>\n<meta itemprop=\"categories\" content=\"meetup\"></div>\n"
        );
    }

    /// The author box under a post: an hCard item and an `h-card` (a
    /// `vcard` in a classic post), a child of the entry in mf2.
    fn author_box(&mut self, author: &str, given: &str, family: &str, handle: &str, classic: bool) {
        self.mf2_items += 1;
        let card = self.hcard_scope();
        let n = self.scope("");
        let (root, name, photo, email, note) = if classic {
            ("vcard", "url fn", "photo", "email", "note")
        } else {
            (
                "h-card vcard",
                "p-name u-url fn url",
                "u-photo photo",
                "u-email email",
                "p-note note",
            )
        };
        w!(
            self,
            "<div class=\"author-bio {root}\" {card}><img class=\"{photo}\" itemprop=\"photo\" src=\"/authors/{handle}.jpg\" alt=\"\" width=\"64\" height=\"64\">\n<p><a class=\"{name}\" itemprop=\"url\" rel=\"author\" href=\"/authors/{handle}/\"><span itemprop=\"fn\">{author}</span></a><span itemprop=\"n\" {n}><meta itemprop=\"given-name\" content=\"{given}\"><meta itemprop=\"family-name\" content=\"{family}\"></span> <span class=\"{note}\" itemprop=\"note\">writes about walking, food and small software from Bristol.</span></p>\n<p><a class=\"{email}\" href=\"mailto:{handle}@fieldnotes.example\"><span itemprop=\"email\">{handle}@fieldnotes.example</span></a> · <a itemprop=\"url\" href=\"https://social.example/@{handle}\">@{handle}@social.example</a></p></div>\n"
        );
    }

    /// A reader's comment: a schema.org `Comment` with its `Person`, an
    /// `h-cite` with its `h-card` (in a classic post, only the author's
    /// `vcard` is a microformat: a child of the `hentry`).
    fn comment(&mut self, slug: &str, day: u64, j: usize, classic: bool) {
        self.comments += 1;
        self.mf2_items += if classic { 1 } else { 2 };
        let comment = self.scope("Comment");
        let person = self.scope("Person");
        let reader = self.rng.pick(READERS);
        let text = self.rng.pick(COMMENTS);
        let (iso, human) = date(day + 1 + j as u64);
        let lower = reader.to_ascii_lowercase();
        let (cite, card, name, published, content) = if classic {
            ("comment", "vcard", "url fn", "", "")
        } else {
            (
                "comment p-comment h-cite",
                "p-author h-card",
                "p-name u-url",
                " class=\"dt-published\"",
                " class=\"p-content\"",
            )
        };
        w!(
            self,
            "<article class=\"{cite}\" id=\"{slug}-c{j}\" itemprop=\"comment\" {comment}>\n<footer><span class=\"{card}\" itemprop=\"author\" {person}><img{} src=\"https://avatars.example/{lower}.png\" alt=\"\" width=\"32\" height=\"32\"> <a class=\"{name}\" itemprop=\"url\" rel=\"nofollow ugc\" href=\"https://{lower}.example/\"><span itemprop=\"name\">{reader}</span></a></span> on <a href=\"#{slug}-c{j}\"><time{published} itemprop=\"dateCreated\" datetime=\"{iso}T20:{:02}:00Z\">{human}</time></a></footer>\n<p{content} itemprop=\"text\">{text}</p>\n</article>\n",
            if classic {
                " class=\"photo\""
            } else {
                " class=\"u-photo\""
            },
            (j * 13) % 60
        );
    }

    /// The owner's full hCard, the blogroll and links elsewhere.
    fn sidebar(&mut self) {
        self.mf2_items += 1;
        let card = self.hcard_scope();
        let n = self.scope("");
        let tel = self.scope("");
        let adr = self.scope("");
        let org = self.scope("");
        w!(
            self,
            r#"<aside class="sidebar">
<section id="about" class="h-card vcard" {card}>
<h2>About</h2>
<img class="u-photo photo" itemprop="photo" src="/charlotte.jpg" alt="Charlotte on the Severn Way" width="160" height="160">
<p><a class="p-name u-url fn url" itemprop="url" rel="me" href="https://fieldnotes.example/"><span itemprop="fn">Charlotte Example</span></a> (<span class="p-nickname nickname" itemprop="nickname">Charlie</span>)<span itemprop="n" {n}><meta itemprop="honorific-prefix" content="Dr"><meta itemprop="given-name" content="Charlotte"><meta itemprop="additional-name" content="Anne"><meta itemprop="family-name" content="Example"></span>,
<span class="p-job-title title" itemprop="title">software engineer</span> at <span class="p-org org" itemprop="org" {org}><span itemprop="organization-name">Example Co-operative</span></span>.</p>
<p class="p-note note" itemprop="note">I write about walking, bread and the small software that keeps this site running. Comments and corrections welcome.</p>
<p>Born <time class="dt-bday bday" itemprop="bday" datetime="1984-04-12">12 April 1984</time>. Based in
<span class="p-adr h-adr adr" itemprop="adr" {adr}><meta itemprop="type" content="home"><span class="p-locality locality" itemprop="locality">Bristol</span>, <span class="p-region region" itemprop="region">England</span>, <span class="p-country-name country-name" itemprop="country-name">United Kingdom</span></span>.</p>
<p><a class="u-email email" href="mailto:charlotte@fieldnotes.example"><span itemprop="email">charlotte@fieldnotes.example</span></a> · <span itemprop="tel" {tel}><meta itemprop="type" content="cell"><span class="p-tel tel" itemprop="value">+44 7700 900123</span></span></p>
<p>Interests: <span class="p-category category" itemprop="categories">walking</span>, <span class="p-category category" itemprop="categories">baking</span>, <span class="p-category category" itemprop="categories">the web</span>.</p>
</section>
<section class="elsewhere"><h2>Elsewhere</h2><ul>
<li><a rel="me" href="https://social.example/@charlotte">Mastodon</a></li>
<li><a rel="me" href="https://code.example/charlotte">Code</a></li>
<li><a rel="me nofollow" href="https://photos.example/charlotte">Photos</a></li>
</ul></section>
<section class="blogroll"><h2>Blogroll</h2><ul>
"#
        );
        // `h-adr` inside the card is a property value: one more mf2 item.
        self.mf2_items += 1;
        let xfn = [
            "friend met",
            "acquaintance",
            "colleague met",
            "friend",
            "met",
            "neighbor",
            "muse",
            "co-worker",
        ];
        for (k, rel) in xfn.iter().enumerate() {
            let name = READERS[k % READERS.len()];
            w!(
                self,
                "<li><a rel=\"{rel}\" href=\"https://{}.example/\">{name}'s blog</a></li>\n",
                name.to_ascii_lowercase()
            );
        }
        self.out.push_str("</ul></section>\n</aside>\n");
    }

    fn footer(&mut self) {
        self.out.push_str(
            r#"</div>
<footer class="site-footer">
<nav class="pagination"><a rel="prev" href="/archive/page/2/">Older</a> · <a rel="next" href="/archive/page/0/">Newer</a></nav>
<p>Text and photos by the authors, under <a rel="license" href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a> unless a caption says otherwise. <a href="/privacy/" rel="privacy-policy">Privacy</a> · <a href="/feed.atom" rel="alternate" type="application/atom+xml">Atom feed</a> · <a href="https://webring.example/prev" rel="external nofollow">← webring →</a></p>
</footer>
<script type="module" src="/js/comments.6d2f.js"></script>
</body>
</html>
"#,
        );
    }
}

/// `text` with its first letter in upper case.
fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use microdata_scraper::vocab::{HCARD_TYPE, VEVENT_TYPE, WORK_TYPE};

    #[test]
    fn dates() {
        assert_eq!(date(FIRST_DAY).0, "2008-01-01");
        assert_eq!(date(FIRST_DAY + 59).0, "2008-02-29");
        assert_eq!(date(FIRST_DAY + 60).1, "1 March 2008");
        assert_eq!(date(0).0, "1970-01-01");
        assert_eq!(date(19_723).0, "2024-01-01");
    }

    #[test]
    fn helpers() {
        assert_eq!(
            slugify("Tomás Ruiz: a field report"),
            "tomas-ruiz-a-field-report"
        );
        assert_eq!(
            capitalise("the Severn Way, revisited"),
            "The Severn Way, revisited"
        );
    }

    #[test]
    fn deterministic() {
        let (a, b) = (blog_page(40), blog_page(40));
        assert!(a.html == b.html);
        // A longer page starts with the same posts.
        let c = blog_page(41);
        let cut = a.html.rfind("</article>").unwrap();
        assert!(a.html[..cut] == c.html[..cut]);
    }

    /// The default page is about 1 MB.
    #[test]
    fn default_size() {
        let blog = blog_page(BLOG_POSTS);
        // Pinned: the figures in BENCHMARKS.md are for this exact page.
        assert_eq!(
            (blog.html.len(), blog.microdata_items, blog.mf2_items),
            (917_644, 1_578, 1_064)
        );
        assert_eq!(
            (blog.comments, blog.hcards, blog.vevents, blog.works),
            (240, 201, 40, 50)
        );
        let kb = blog.html.len() / 1_000;
        assert!((700..1_200).contains(&kb), "{kb} KB");
        assert_eq!(blog.html.matches("itemscope").count(), blog.microdata_items);
        assert_eq!(
            blog.html.matches("<article class=\"post ").count(),
            blog.posts
        );
    }

    /// Every count grows exactly with the posts (in steps of 20).
    #[test]
    fn counts_scale() {
        let (one, four) = (blog_page(40), blog_page(160));
        // Fixed: WebSite, SearchAction, Blog; the sidebar card with n, tel,
        // adr and org.
        let fixed_md = 3 + 5;
        assert_eq!(
            four.microdata_items - fixed_md,
            4 * (one.microdata_items - fixed_md)
        );
        // Fixed: the h-feed, its author, the sidebar h-card and its h-adr.
        assert_eq!(four.mf2_items - 4, 4 * (one.mf2_items - 4));
        assert_eq!(four.hcards - 1, 4 * (one.hcards - 1));
        assert_eq!(
            (four.vevents, four.works, four.comments),
            (4 * one.vevents, 4 * one.works, 4 * one.comments)
        );
        assert_eq!((one.hcards, one.vevents, one.works), (41, 8, 10));
    }

    /// The counts the generator reports are what every converter finds,
    /// and the page breaks no vocabulary's rules.
    #[test]
    fn counts_match_converters() {
        let blog = blog_page(20);
        let parsed = microdata_scraper::parse(&blog.html, Some(BLOG_URL)).unwrap();
        let doc = parsed.document();
        assert_eq!(doc.all_items().count(), blog.microdata_items);
        let of_type = |ty: &str| doc.all_items().filter(|i| i.has_type(ty)).count();
        assert_eq!(of_type(HCARD_TYPE), blog.hcards);
        assert_eq!(of_type(VEVENT_TYPE), blog.vevents);
        assert_eq!(of_type(WORK_TYPE), blog.works);
        assert_eq!(of_type("https://schema.org/Comment"), blog.comments);
        // Top-level: WebSite, Blog, the cards, events and works.
        assert_eq!(
            doc.items().count(),
            2 + blog.hcards + blog.vevents + blog.works
        );
        let blog_item = doc.items_of_type("https://schema.org/Blog").next().unwrap();
        assert_eq!(blog_item.values("blogPost").count(), blog.posts);

        // Vocabulary checks: no warnings.
        let warnings: Vec<String> = microdata_vcard::check(&doc)
            .iter()
            .chain(microdata_ical::check(&doc).iter())
            .chain(microdata_scraper::vocab::check_work(&doc).iter())
            .map(|w| format!("{}: {}", w.rule(), w.message()))
            .collect();
        assert!(warnings.is_empty(), "{warnings:#?}");

        // Microformats2: the feed with one child per post, and the rels.
        let mf2 = microformats2::parse(&doc, &microformats2::Mf2Options::new());
        assert_eq!(crate::shapes::tests::count_mf2(&mf2), blog.mf2_items);
        let feed = &mf2.items[0];
        assert_eq!(feed.types, ["h-feed"]);
        assert_eq!(feed.children.len(), blog.posts);
        assert!(feed.children.iter().all(|e| e.types == ["h-entry"]));
        for rel in [
            "license",
            "author",
            "me",
            "alternate",
            "nofollow",
            "tag",
            "bookmark",
            "ugc",
            "friend",
            "external",
            "prev",
            "next",
        ] {
            assert!(mf2.rels.get(rel).is_some(), "rel={rel}");
        }

        // vCard: one card per hCard item.
        let cards = doc
            .all_items()
            .filter(|i| i.has_type(HCARD_TYPE))
            .filter_map(|i| {
                microdata_vcard::to_vcard_from([i.element()], &microdata_vcard::VcardOptions::new())
            })
            .count();
        assert_eq!(cards, blog.hcards);
        // iCalendar: one VEVENT per vEvent item.
        let ics = microdata_ical::to_icalendar(&doc, &microdata_ical::IcalOptions::new()).unwrap();
        assert_eq!(ics.matches("BEGIN:VEVENT").count(), blog.vevents);
        // Atom: one entry per post.
        let atom = html_atom::to_atom(&doc, &html_atom::AtomOptions::new()).unwrap();
        assert_eq!(atom.matches("<entry").count(), blog.posts);
        // RDF: something for every item.
        let rdf = microdata_rdf::convert(
            &doc,
            &microdata_rdf::RdfOptions::new().with_mode(microdata_rdf::Mode::W3c),
        )
        .unwrap();
        assert!(rdf.triples().len() > blog.microdata_items * 2);
    }
}
