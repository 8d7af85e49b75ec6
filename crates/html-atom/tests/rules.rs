//! One test per rule of the "extract an Atom feed" algorithm.

use atom_syndication::Feed;
use html_atom::{AtomOptions, best_representation, to_atom, try_to_atom};
use microdata_model::{Limit, Limits};

use crate::util::{
    NOW, NOW_BEST, atom, atom_with, entry_bases, feed, options, parse_back, texts, time,
};

const URL: &str = "https://blog.example/posts?page=1#top";

fn rfc3339(s: &str) -> String {
    s.replace("-00:00", "+00:00")
}

fn only_entry(feed: &Feed) -> &atom_syndication::Entry {
    match feed.entries() {
        [entry] => entry,
        entries => panic!("{} entries", entries.len()),
    }
}

fn content(entry: &atom_syndication::Entry) -> &str {
    entry.content().and_then(|c| c.value()).unwrap_or("")
}

#[test]
fn no_article_no_feed() {
    for page in [
        "",
        "<p>text</p>",
        // Not HTML elements, or not in the document tree.
        "<svg><article/></svg>",
        "<template><article>t</article></template>",
        "<div class=article>d</div>",
    ] {
        assert_eq!(atom(page, Some(URL)), None, "{page}");
    }
    let xml = atom("<article></article>", None).unwrap();
    assert_eq!(parse_back(&xml).entries().len(), 1);
}

#[test]
fn feed_authors_icon_id_and_alternate() {
    let page = r#"<head>
<meta name=author content="Ada Lovelace">
<meta name=AUTHOR content="Charles Babbage">
<meta name=author>
<meta name=description content="not an author">
<link rel=icon href="http://[broken">
<link rel="shortcut ICON" href="/favicon.ico">
<link rel=icon href="/second.ico">
</head><article>a</article>"#;
    let xml = atom_with(
        page,
        Some(URL),
        &options().with_self_link("https://blog.example/feed.atom"),
    )
    .unwrap();
    let feed = parse_back(&xml);
    let authors: Vec<_> = feed.authors().iter().map(|p| p.name()).collect();
    assert_eq!(authors, ["Ada Lovelace", "Charles Babbage"]);
    // The first icon link whose href resolves.
    assert_eq!(feed.icon(), Some("https://blog.example/favicon.ico"));
    // The document's current address, fragment included.
    assert_eq!(feed.id(), URL);
    let links: Vec<_> = feed
        .links()
        .iter()
        .map(|l| (l.rel(), l.mime_type(), l.href()))
        .collect();
    assert_eq!(
        links,
        [
            ("self", None, "https://blog.example/feed.atom"),
            ("alternate", Some("text/html"), URL),
        ]
    );
}

#[test]
fn document_without_address() {
    let xml = atom("<article id=x>a</article><article>b</article>", None).unwrap();
    let feed = parse_back(&xml);
    assert_eq!(feed.id(), "about:blank");
    assert_eq!(feed.entries()[0].id(), "about:blank#x");
    assert!(feed.entries()[1].id().starts_with("urn:uuid:"));
    assert_eq!(entry_bases(&xml), ["about:blank", "about:blank"]);
}

#[test]
fn feed_title_is_the_first_body_level_heading() {
    let title = |page: &str| {
        let feed = feed(page, Some(URL));
        (
            feed.title().as_str().to_owned(),
            feed.subtitle().map(|s| s.as_str().to_owned()),
        )
    };
    let t = |s: &str| (s.to_owned(), None);
    // Headings in sectioning content or sectioning roots belong to them.
    assert_eq!(
        title(
            "<title>T</title><section><h1>S</h1></section><blockquote><h1>Q</h1></blockquote>\
             <figure><h1>F</h1></figure><article><h1>A</h1></article><div><h3>Body</h3></div><h1>Later</h1>"
        ),
        t("Body")
    );
    // The heading's contents, serialized as HTML.
    assert_eq!(
        title("<h1>My <em>toys</em> &amp; <!--c-->more</h1><article>a</article>"),
        t("My <em>toys</em> &amp; <!--c-->more")
    );
    // hgroup: h1-h6 children by descending rank, then tree order; the
    // second is the subtitle.
    assert_eq!(
        title(
            "<hgroup><h2>Sub</h2><h1>Main</h1><p>x</p><h1>Other</h1></hgroup><article>a</article>"
        ),
        ("Main".to_owned(), Some("Other".to_owned()))
    );
    assert_eq!(
        title("<hgroup><h3>Three</h3><h2>Two</h2></hgroup><article>a</article>"),
        ("Two".to_owned(), Some("Three".to_owned()))
    );
    assert_eq!(
        title("<hgroup><h4>Only</h4></hgroup><article>a</article>"),
        t("Only")
    );
    // "If subheading content is not an empty list": an empty second
    // heading gives no subtitle; one with a space or a comment does.
    assert_eq!(
        title("<hgroup><h1>T</h1><h2></h2></hgroup><article>a</article>"),
        t("T")
    );
    assert_eq!(
        title("<hgroup><h1>T</h1><h2> </h2></hgroup><article>a</article>"),
        ("T".to_owned(), Some(" ".to_owned()))
    );
    assert_eq!(
        title("<hgroup><h1>T</h1><h2><!----></h2></hgroup><article>a</article>"),
        ("T".to_owned(), Some("<!---->".to_owned()))
    );
    // An hgroup without headings gives an empty title (no fallback).
    assert_eq!(
        title("<title>T</title><hgroup><p>x</p></hgroup><article>a</article>"),
        t("")
    );
    // No heading: the title element's contents; none: empty.
    assert_eq!(
        title("<title> A &amp; B &lt;3 </title><article><h1>A</h1></article>"),
        t(" A &amp; B &lt;3 ")
    );
    assert_eq!(title("<article><h1>A</h1></article>"), t(""));
}

#[test]
fn entry_title_is_the_articles_first_own_heading() {
    let title = |page: &str| {
        only_entry(&feed(page, Some(URL)))
            .title()
            .as_str()
            .to_owned()
    };
    assert_eq!(
        title(
            "<article><section><h1>S</h1></section><blockquote><h1>Q</h1></blockquote><div><h2>A <i>b</i></h2></div><h1>B</h1></article>"
        ),
        "A <i>b</i>"
    );
    assert_eq!(
        title("<article><hgroup><h3>Small</h3><h2>Big</h2><h2>Big 2</h2></hgroup></article>"),
        "Big"
    );
    assert_eq!(
        title("<article><p>none</p><article><h1>Nested</h1></article></article>"),
        ""
    );
}

#[test]
fn content_drops_nested_articles_own_header_footer_nav_and_first_heading() {
    let page = "<article><nav>N</nav><div><header>H</header></div><h2>First</h2><p>x</p><h2>Second</h2>\
<section><header>SH</header><footer>SF</footer><h1>SecH</h1><nav>SN</nav></section>\
<footer>F</footer><article>Nested<footer>NF</footer></article><aside><nav>AN</nav></aside><!-- c --></article>";
    let feed = feed(page, Some(URL));
    let entry = only_entry(&feed);
    assert_eq!(entry.title().as_str(), "First");
    assert_eq!(
        content(entry),
        "<div></div><p>x</p><h2>Second</h2>\
<section><header>SH</header><footer>SF</footer><h1>SecH</h1><nav>SN</nav></section>\
<aside><nav>AN</nav></aside><!-- c -->"
    );
}

#[test]
fn one_entry_per_outermost_article() {
    let page = "<article id=one>1<article id=inner>i</article></article><div><article id=two>2</article></div>";
    let feed = feed(page, Some(URL));
    let ids: Vec<_> = feed.entries().iter().map(|e| e.id()).collect();
    assert_eq!(
        ids,
        [
            "https://blog.example/posts?page=1#one",
            "https://blog.example/posts?page=1#two"
        ]
    );
}

#[test]
fn content_is_escaped_and_survives_a_round_trip() {
    let page = "<article><p title='\"x\" &amp; y'>a &amp; b &lt; c ]]&gt; \"q\" 'r' \u{C} &#13; \u{A0}</p>\
<script>if (a < b && c) {}</script><style>p > b {}</style></article>";
    let xml = atom(page, Some(URL)).unwrap();
    let feed = parse_back(&xml);
    let expected = "<p title=\"&quot;x&quot; &amp; y\">a &amp; b &lt; c ]]&gt; \"q\" 'r' \u{FFFD} \r &nbsp;</p>\
<script>if (a < b && c) {}</script><style>p > b {}</style>";
    assert_eq!(content(only_entry(&feed)), expected);
    assert_eq!(texts(&xml, "content"), [expected]);
}

#[test]
fn id_and_alternate_from_the_first_resolvable_bookmark() {
    let entry_id = |page: &str| {
        let feed = feed(page, Some(URL));
        let entry = only_entry(&feed);
        let alternates: Vec<_> = entry
            .links()
            .iter()
            .map(|l| (l.rel().to_owned(), l.href().to_owned()))
            .collect();
        (entry.id().to_owned(), alternates)
    };
    let bookmarked = |u: &str| (u.to_owned(), vec![("alternate".to_owned(), u.to_owned())]);
    assert_eq!(
        entry_id(
            "<article id=a><a rel=bookmark href='http://[bad'>x</a><a rel=bookmark>no href</a>\
             <a rel=tag href=/tag>t</a><link rel=bookmark href=/link>\
             <a rel='external  BookMark' href=' /2010/post '>p</a><a rel=bookmark href=/later>l</a></article>"
        ),
        bookmarked("https://blog.example/2010/post")
    );
    assert_eq!(
        entry_id("<article><map><area rel=bookmark href=/area></map></article>"),
        bookmarked("https://blog.example/area")
    );
    // "a descendant": also one inside a nested article.
    assert_eq!(
        entry_id("<article><article><a rel=bookmark href=/comment>c</a></article></article>"),
        bookmarked("https://blog.example/comment")
    );
    // Else the id attribute, on the address without its fragment.
    assert_eq!(
        entry_id("<article id='post 1'><a href=/plain>p</a></article>"),
        (
            "https://blog.example/posts?page=1#post 1".to_owned(),
            vec![]
        )
    );
}

#[test]
fn generated_ids_are_stable_and_distinct() {
    let page = "<article>a</article><article>a</article>";
    let ids = |page: &str, url: Option<&str>| -> Vec<String> {
        let feed = parse_back(&atom(page, url).unwrap());
        feed.entries().iter().map(|e| e.id().to_owned()).collect()
    };
    let first = ids(page, Some(URL));
    assert!(
        first
            .iter()
            .all(|id| id.starts_with("urn:uuid:") && id.len() == 45)
    );
    assert_ne!(first[0], first[1]);
    assert_eq!(ids(page, Some(URL)), first);
    assert_ne!(ids(page, Some("https://other.example/")), first);
    // Without an address, the text tells documents apart.
    assert_ne!(
        ids("<article>a</article>", None),
        ids("<article>b</article>", None)
    );
}

#[test]
fn a_new_post_at_the_top_does_not_take_over_an_id() {
    let ids = |page: &str| -> Vec<String> {
        let feed = parse_back(&atom(page, Some(URL)).unwrap());
        feed.entries().iter().map(|e| e.id().to_owned()).collect()
    };
    let before = ids("<article><h1>Old</h1>text</article>");
    let after = ids("<article><h1>New</h1>text</article><article><h1>Old</h1>text</article>");
    // The old post keeps its id in second place; the new one has its own.
    assert_eq!(after[1], before[0]);
    assert_ne!(after[0], before[0]);
    // The title counts: the same text under another heading is another entry.
    assert_ne!(
        ids("<article><h1>A</h1>x</article>"),
        ids("<article><h1>B</h1>x</article>")
    );
    // Three identical articles: three ids, the first as if alone.
    let same = ids("<article>a</article><article>a</article><article>a</article>");
    assert_eq!(same[0], ids("<article>a</article>")[0]);
    assert_ne!(same[1], same[2]);
    assert_ne!(same[0], same[2]);
}

fn dates(page: &str) -> (String, String, String) {
    let xml = atom(page, Some(URL)).unwrap();
    // The Atom parser accepts every date written.
    let feed = parse_back(&xml);
    only_entry(&feed);
    let get = |name| texts(&xml, name);
    (
        get("published").remove(0),
        get("updated").remove(1),
        get("updated").remove(0),
    )
}

#[test]
fn published_from_the_first_pubdate_of_the_article() {
    let published = |page: &str| dates(page).0;
    assert_eq!(
        published("<article><time pubdate datetime='2010-08-04T10:30+02:00'>x</time></article>"),
        "2010-08-04T10:30:00+02:00"
    );
    assert_eq!(
        published(
            "<article><time pubdate=pubdate datetime='2010-08-04T10:30:15.5Z'>x</time></article>"
        ),
        "2010-08-04T10:30:15.5-00:00"
    );
    // The 2010 best representation's own zero offset reads back.
    assert_eq!(
        published("<article><time pubdate datetime='2010-08-04T10:30:00-00:00'>x</time></article>"),
        "2010-08-04T10:30:00-00:00"
    );
    // The text when there is no datetime attribute.
    assert_eq!(
        published("<article><header><time pubdate> 2010-08-04 </time></header></article>"),
        "2010-08-04T00:00:00-00:00"
    );
    // A local date and time: the date, at midnight with no offset.
    assert_eq!(
        published("<article><time pubdate datetime='2010-08-04T10:30'>x</time></article>"),
        "2010-08-04T00:00:00-00:00"
    );
    // Not pubdate, or in a nested article: not this article's.
    assert_eq!(
        published(
            "<article><time datetime=2001-01-01>x</time><article><time pubdate datetime=2002-02-02>x</time></article>\
             <time pubdate datetime=2003-03-03>x</time></article>"
        ),
        "2003-03-03T00:00:00-00:00"
    );
    // The first such element's date is unknown: no publication date (a
    // later valid one is not used), so "now".
    assert_eq!(
        published(
            "<article><time pubdate>August 4th</time><time pubdate datetime=2010-08-04>x</time></article>"
        ),
        NOW_BEST
    );
    assert_eq!(
        published("<article><time pubdate datetime=10:30>x</time></article>"),
        NOW_BEST
    );
}

#[test]
fn updated_from_the_newest_ins_or_del() {
    let page = "<article><time pubdate datetime=2010-08-01>x</time>\
<ins datetime='2010-08-05T10:00:00Z'>a</ins>\
<del datetime='2010-08-06T09:00:00+10:00'>b</del>\
<ins datetime='2010-08-09'>date only: ignored</ins>\
<del datetime='soon'>c</del>\
<ins datetime='2010-08-05T11:00:00+02:00'>d</ins></article>";
    let (published, updated, feed_updated) = dates(page);
    assert_eq!(published, "2010-08-01T00:00:00-00:00");
    // The attribute's value as written (the newest instant: 23:00Z).
    assert_eq!(updated, "2010-08-06T09:00:00+10:00");
    assert_eq!(feed_updated, updated);
    // ins/del in removed parts do not count.
    let page = "<article><header><ins datetime='2011-01-01T00:00:00Z'>h</ins></header>\
<h1><del datetime='2011-01-01T00:00:00Z'>t</del></h1>\
<article><ins datetime='2011-01-01T00:00:00Z'>n</ins></article>\
<ins datetime='2010-01-01T00:00:00Z'>kept</ins></article>";
    assert_eq!(dates(page).1, "2010-01-01T00:00:00Z");
}

#[test]
fn publication_and_update_dates_fall_back_on_each_other_then_now() {
    // Update only: publication takes it.
    let (p, u, f) = dates("<article><ins datetime='2010-08-05T10:00:00Z'>a</ins></article>");
    assert_eq!(
        (p.as_str(), u.as_str(), f.as_str()),
        (
            "2010-08-05T10:00:00Z",
            "2010-08-05T10:00:00Z",
            "2010-08-05T10:00:00Z"
        )
    );
    // Publication only: update takes it.
    let (p, u, _) = dates("<article><time pubdate datetime=2010-08-04>x</time></article>");
    assert_eq!(
        (p.as_str(), u.as_str()),
        ("2010-08-04T00:00:00-00:00", "2010-08-04T00:00:00-00:00")
    );
    // Neither: the moment of extraction.
    let (p, u, f) = dates("<article>x</article>");
    assert_eq!(
        (p.as_str(), u.as_str(), f.as_str()),
        (NOW_BEST, NOW_BEST, NOW_BEST)
    );
}

#[test]
fn feed_updated_is_the_newest_entry_date_else_modified_else_now() {
    let page = "<article><time pubdate datetime='2010-08-04T10:00Z'>a</time></article>\
<article><time pubdate datetime='2010-08-04T12:30+01:00'>b</time></article>\
<article>no date</article>";
    let xml = atom(page, Some(URL)).unwrap();
    let feed = parse_back(&xml);
    assert_eq!(texts(&xml, "updated")[0], "2010-08-04T12:30:00+01:00");
    assert_eq!(feed.updated().to_rfc3339(), "2010-08-04T12:30:00+01:00");
    // Entries without dates get "now", but that is not a global update date:
    // the source's modification time is used, if known.
    let modified = time("2010-07-01T08:00:00-05:00");
    let xml = atom_with(
        "<article>a</article><article>b</article>",
        Some(URL),
        &options().with_modified(modified),
    )
    .unwrap();
    let updated = texts(&xml, "updated");
    assert_eq!(updated, ["2010-07-01T08:00:00-05:00", NOW_BEST, NOW_BEST]);
    assert_eq!(best_representation(&modified), updated[0]);
    let feed = parse_back(&xml);
    assert_eq!(feed.updated().to_rfc3339(), "2010-07-01T08:00:00-05:00");
    assert_eq!(feed.entries()[0].updated().to_rfc3339(), rfc3339(NOW_BEST));
}

#[test]
fn clock_and_modification_time_also_take_a_system_time() {
    // `with_now` and `with_modified` take a SystemTime as well, such as a
    // file's `Metadata::modified`: the same instants give the same feed.
    let page = "<article>a</article><article>b</article>";
    let modified = time("2010-07-01T13:00:00Z");
    let by_date = atom_with(page, Some(URL), &options().with_modified(modified)).unwrap();
    let by_clock = atom_with(
        page,
        Some(URL),
        &AtomOptions::new()
            .with_now(time(NOW).to_system_time())
            .with_modified(modified.to_system_time()),
    )
    .unwrap();
    assert_eq!(by_clock, by_date);
    assert_eq!(texts(&by_clock, "updated")[0], "2010-07-01T13:00:00-00:00");
}

#[test]
fn xml_base_is_the_articles_base_uri() {
    let page = r#"<head><base href="https://cdn.example/base/"></head>
<article>a</article>
<div xml:base="sub/"><section xml:base="../other/"><article>b</article></section>
<article xml:base="https://elsewhere.example/x/">c</article></div>
<div xml:base="http://[bad"><article>d</article></div>"#;
    let xml = atom(page, Some(URL)).unwrap();
    parse_back(&xml);
    assert_eq!(
        entry_bases(&xml),
        [
            "https://cdn.example/base/",
            "https://cdn.example/base/other/",
            "https://elsewhere.example/x/",
            "https://cdn.example/base/",
        ]
    );
}

#[test]
fn an_unusable_xml_base_passes_its_parents_base_uri_to_every_descendant() {
    // The second article's `xml:base` resolves against the base URI the
    // unusable `http://[bad` left: its parent's, `sub/`.
    let page = r#"<head><base href="https://cdn.example/base/"></head>
<div xml:base="sub/"><div xml:base="http://[bad"><article>a</article>
<article xml:base="x/">b</article></div></div><article xml:base="y/">c</article>"#;
    let xml = atom(page, Some(URL)).unwrap();
    assert_eq!(
        entry_bases(&xml),
        [
            "https://cdn.example/base/sub/",
            "https://cdn.example/base/sub/x/",
            "https://cdn.example/base/y/",
        ]
    );
}

#[test]
fn max_output_bytes_bounds_the_feed() {
    let long = "x".repeat(2000);
    let page = format!(
        "<base href='https://blog.example/{long}/'><article><h1>One</h1><a rel=bookmark href=one>1</a></article>\
         <article id=two>Two &amp; more</article>"
    );
    let parsed = microdata_scraper::parse(&page, Some(URL)).unwrap();
    let doc = parsed.document();
    let limited = |max| options().with_limits(Limits::none().with_max_output_bytes(max));
    let full = try_to_atom(&doc, &options()).unwrap().unwrap();
    assert_eq!(to_atom(&doc, &options()).as_deref(), Some(&*full));
    assert_eq!(
        try_to_atom(&doc, &limited(full.len())).unwrap().as_deref(),
        Some(&*full)
    );
    // One byte less fails, as the feed is written or before.
    let err = try_to_atom(&doc, &limited(full.len() - 1)).unwrap_err();
    assert_eq!(err.limit(), Limit::OutputBytes);
    assert_eq!(to_atom(&doc, &limited(full.len() - 1)), None);
    // The two bases and the bookmark alone pass a limit of 6000 bytes:
    // building stops before the XML is written.
    let err = try_to_atom(&doc, &limited(6000)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "more than 6000 bytes of output (limit max_output_bytes)"
    );
    // A page without articles has no feed whatever the limit.
    let none = microdata_scraper::parse("<p>x</p>", None).unwrap();
    assert_eq!(try_to_atom(&none.document(), &limited(0)), Ok(None));
}

#[test]
fn xml_base_values_no_entry_needs_are_not_resolved() {
    // A thousand relative `xml:base` values under a 2 kB base URL would
    // hold 2 MB of URLs if each were resolved; no article, bookmark or
    // icon is under them, so the feed fits a limit of a few kilobytes.
    let long = "x".repeat(2000);
    let unused = "<b xml:base=a>b</b>".repeat(1000);
    let page = format!("<base href='https://blog.example/{long}/'>{unused}<article>a</article>");
    let xml = atom(&page, Some(URL)).unwrap();
    let parsed = microdata_scraper::parse(&page, Some(URL)).unwrap();
    let fits = options().with_limits(Limits::none().with_max_output_bytes(xml.len()));
    assert_eq!(try_to_atom(&parsed.document(), &fits).unwrap(), Some(xml));
    // Nested ones that an entry sits under are resolved once each, and
    // counted: with 200 of them a 2 kB URL is held 200 times.
    let nested = format!(
        "<base href='https://blog.example/{long}/'>{}<article>a</article><article>b</article>",
        "<div xml:base=a/>".repeat(200)
    );
    let parsed = microdata_scraper::parse(&nested, Some(URL)).unwrap();
    let doc = parsed.document();
    let bases = entry_bases(&try_to_atom(&doc, &options()).unwrap().unwrap());
    assert_eq!(bases.len(), 2);
    assert_eq!(bases[0], bases[1]);
    assert!(
        bases[0].ends_with(&format!("{}/", "/a".repeat(200))),
        "{}",
        bases[0]
    );
    let small = options().with_limits(Limits::none().with_max_output_bytes(200 * 2000));
    assert!(try_to_atom(&doc, &small).is_err());
}

#[test]
fn bookmarks_and_icons_resolve_against_their_elements_base_uri() {
    // "an href attribute that successfully resolves relative to that
    // descendant": the descendant's base URI follows `xml:base`, as the
    // entry's own `xml:base` does.
    let page = r#"<html xml:base="https://static.example/"><head>
<link rel=icon href=favicon.png></head><body>
<div xml:base="sub/"><article xml:base="deeper/"><a rel=bookmark href="post">x</a></article></div>
<article><a rel=bookmark href="plain">y</a></article></body></html>"#;
    let xml = atom(page, Some(URL)).unwrap();
    let feed = parse_back(&xml);
    assert_eq!(feed.icon(), Some("https://static.example/favicon.png"));
    let ids: Vec<&str> = feed.entries().iter().map(|e| e.id()).collect();
    assert_eq!(
        ids,
        [
            "https://static.example/sub/deeper/post",
            "https://static.example/plain"
        ]
    );
    assert_eq!(
        entry_bases(&xml),
        [
            "https://static.example/sub/deeper/",
            "https://static.example/"
        ]
    );
    // Each alternate link is the bookmark, resolved the same way.
    assert_eq!(
        feed.entries()[0].links()[0].href(),
        "https://static.example/sub/deeper/post"
    );
}

#[test]
fn clock_defaults_to_the_system_time() {
    let xml = atom_with("<article>a</article>", Some(URL), &AtomOptions::new()).unwrap();
    let feed = parse_back(&xml);
    // A date after this test was written, in the best representation.
    assert!(feed.updated().timestamp() > 1_700_000_000);
    assert!(texts(&xml, "updated")[0].ends_with("-00:00"));
}

#[test]
fn compact_output_holds_the_same_feed() {
    let page = "<title>T</title><article><h1>A</h1><p>x</p></article>";
    let indented = atom(page, Some(URL)).unwrap();
    let compact = atom_with(page, Some(URL), &options().with_indent(false)).unwrap();
    assert!(compact.lines().count() <= 2, "{compact}");
    assert!(indented.lines().count() > 10);
    assert_eq!(parse_back(&compact), parse_back(&indented));
    // Empty titles stay empty when indented.
    let xml = atom("<article>x</article>", Some(URL)).unwrap();
    assert_eq!(texts(&xml, "title"), ["", ""]);
    assert_eq!(parse_back(&xml).title().as_str(), "");
}

#[test]
fn deep_nesting_does_not_overflow() {
    const DEPTH: usize = 100_000;
    let page = format!(
        "<article><h1>Deep</h1>{}x{}</article>",
        "<span>".repeat(DEPTH),
        "</span>".repeat(DEPTH)
    );
    let feed = feed(&page, Some(URL));
    let entry = only_entry(&feed);
    assert_eq!(entry.title().as_str(), "Deep");
    assert_eq!(content(entry).len(), DEPTH * "<span></span>".len() + 1);
}
