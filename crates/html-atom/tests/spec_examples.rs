//! The examples of the idioms section (main content, blog post) and of the
//! bookmark keyword, run through the extraction.

use crate::util::{NOW_BEST, atom, entry_bases, feed, parse_back};

const BLOG_POST: &str = r#"<!DOCTYPE HTML>
<html>
 <head>
  <title> The Boy Blog: My Toys </title>
 </head>
 <body>
  <header>
   <h1>The Boy Blog</h1>
  </header>
  <nav>
   <p><a href="/">Home</a></p>
   <p><a href="/contact">Contact</a></p>
  </nav>
  <article>
   <header>
    <h1>My toys</h1>
    <p>Published <time pubdate datetime="2010-08-04">August 4th</time></p>
   </header>
   <p>I really like my chained book and my telephone. I'm not such a fan of my big ball.</p>
   <p>Another toy I like is my mirror.</p>
  </article>
  <footer>
   <p>© copyright 2010 by the boy</p>
  </footer>
 </body>
</html>"#;

const BLOG_URL: &str = "https://boy.example/2010/08/toys";

#[test]
fn blog_post() {
    let xml = atom(BLOG_POST, Some(BLOG_URL)).unwrap();
    let feed = parse_back(&xml);
    // The page's first heading whose nearest sectioning ancestor is body:
    // the h1 of the page header.
    assert_eq!(feed.title().as_str(), "The Boy Blog");
    assert!(feed.subtitle().is_none());
    assert_eq!(feed.id(), BLOG_URL);
    let links: Vec<_> = feed
        .links()
        .iter()
        .map(|l| (l.rel(), l.mime_type(), l.href()))
        .collect();
    assert_eq!(links, [("alternate", Some("text/html"), BLOG_URL)]);
    assert!(feed.authors().is_empty() && feed.icon().is_none());

    let [entry] = feed.entries() else {
        panic!("one entry")
    };
    assert_eq!(entry.title().as_str(), "My toys");
    let content = entry.content().unwrap();
    assert_eq!(content.content_type(), Some("html"));
    // The article without its header (which held the heading and the date).
    assert_eq!(
        content.value().unwrap().trim(),
        "<p>I really like my chained book and my telephone. I'm not such a fan of my big ball.</p>\n   \
         <p>Another toy I like is my mirror.</p>"
    );
    // No bookmark, no id: a generated, undereferenceable id, no alternate.
    assert!(entry.id().starts_with("urn:uuid:"), "{}", entry.id());
    assert!(entry.links().is_empty());
    // `time pubdate` with a date only: midnight, no offset; the update date
    // falls back to it, and the feed's date is the newest entry's.
    assert_eq!(
        entry.published().unwrap().to_rfc3339(),
        "2010-08-04T00:00:00+00:00"
    );
    assert_eq!(entry.updated().to_rfc3339(), "2010-08-04T00:00:00+00:00");
    assert_eq!(feed.updated().to_rfc3339(), "2010-08-04T00:00:00+00:00");
    assert_eq!(entry_bases(&xml), [BLOG_URL]);
    // Reproducible, ids included.
    assert_eq!(atom(BLOG_POST, Some(BLOG_URL)).unwrap(), xml);
    insta::assert_snapshot!(xml);
}

#[test]
fn main_content_without_articles_gives_no_feed() {
    // The same page with the main content left implicit, as a section, and
    // as a div: no article elements, "return nothing".
    let implicit = r#"<!DOCTYPE HTML><html><head><title> My Toys </title></head><body>
  <header><h1>My toys</h1></header>
  <nav><p><a href="/">Home</a></p><p><a href="/contact">Contact</a></p></nav>
  <p>I really like my chained book and my telephone. I'm not such a fan of my big ball.</p>
  <p>Another toy I like is my mirror.</p>
  <footer><p>© copyright 2010 by the boy</p></footer></body></html>"#;
    let chapter = r#"<!DOCTYPE HTML><html><head><title> Chapter 2: My Toys — The Book of the Boy </title></head><body>
  <header><h1>Chapter 2: My Toys</h1></header>
  <nav><p><a href="/">Front Page</a></p><p><a href="/toc">Table of Contents</a></p>
  <p><a href="/c1">Chapter 1</a> — <a href="/c3">Chapter 3</a></p></nav>
  <section><p>I really like my chained book and my telephone. I'm not such a fan of my big ball.</p>
  <p>Another toy I like is my mirror.</p></section>
  <footer><p>© copyright 2010 by the boy</p></footer></body></html>"#;
    let div = r#"<!DOCTYPE HTML><html><head><title> My Toys </title>
  <style> body > div { background: navy; color: yellow; } </style></head><body>
  <header><h1>My toys</h1></header>
  <nav><p><a href="/">Home</a></p><p><a href="/contact">Contact</a></p></nav>
  <div><p>I really like my chained book and my telephone. I'm not such a fan of my big ball.</p>
  <p>Another toy I like is my mirror.</p></div>
  <footer><p>© copyright 2010 by the boy</p></footer></body></html>"#;
    for page in [implicit, chapter, div] {
        assert_eq!(atom(page, Some(BLOG_URL)), None);
    }
}

#[test]
fn permalinks_example() {
    let page = r#"<body>
 <h1>Example of permalinks</h1>
 <div id="a">
  <h2>First example</h2>
  <p><a href="a.html" rel="bookmark">This</a> permalink applies to
  only the content from the first H2 to the second H2. The DIV isn't
  exactly that section, but it roughly corresponds to it.</p>
 </div>
 <h2>Second example</h2>
 <article id="b">
  <p><a href="b.html" rel="bookmark">This</a> permalink applies to
  the outer ARTICLE element (which could be, e.g., a blog post).</p>
  <article id="c">
   <p><a href="c.html" rel="bookmark">This</a> permalink applies to
   the inner ARTICLE element (which could be, e.g., a blog comment).</p>
  </article>
 </article>
</body>"#;
    let feed = feed(page, Some("https://example.com/spec/permalinks.html"));
    assert_eq!(feed.title().as_str(), "Example of permalinks");
    // One entry: only the outer article is outermost.
    let [entry] = feed.entries() else {
        panic!("one entry")
    };
    // The first bookmark link gives the id and the alternate link.
    assert_eq!(entry.id(), "https://example.com/spec/b.html");
    let links: Vec<_> = entry.links().iter().map(|l| (l.rel(), l.href())).collect();
    assert_eq!(links, [("alternate", "https://example.com/spec/b.html")]);
    // No heading in the article: an empty title.
    assert_eq!(entry.title().as_str(), "");
    // The nested article (the comment) is not part of the content.
    let content = entry.content().unwrap().value().unwrap();
    assert!(
        content.contains("b.html") && !content.contains("c.html"),
        "{content}"
    );
    // No dates at all: both are the moment of extraction, and the feed,
    // without a modification time, too.
    let now = chrono_now();
    assert_eq!(entry.published().unwrap().to_rfc3339(), now);
    assert_eq!(entry.updated().to_rfc3339(), now);
    assert_eq!(feed.updated().to_rfc3339(), now);
}

/// `NOW_BEST` as chrono writes it.
fn chrono_now() -> String {
    NOW_BEST.replace("-00:00", "+00:00")
}
