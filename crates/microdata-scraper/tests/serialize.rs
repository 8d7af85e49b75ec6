//! `microdata_model::serialize` on real HTML: the HTML fragment
//! serialization algorithm, checked against stated outputs and against
//! html5ever's own serializer (which `scraper` uses for `inner_html`).

#![allow(clippy::unwrap_used)]

use microdata_scraper::serialize::{
    inner_html, inner_html_filtered, outer_html, outer_html_filtered,
};
use microdata_scraper::{Node, ScraperNode, parse_html};
use scraper::{ElementRef, Html, Selector};

/// The first element matching `selector`.
fn select<'a>(html: &'a Html, selector: &str) -> ElementRef<'a> {
    let selector = Selector::parse(selector).unwrap();
    html.select(&selector).next().unwrap()
}

fn body_inner(source: &str) -> String {
    let html = parse_html(source);
    inner_html(ScraperNode::from(select(&html, "body")))
}

#[test]
fn text_escaping() {
    assert_eq!(
        body_inner("a &amp; b &lt; c &gt; d&nbsp;e \" '"),
        "a &amp; b &lt; c &gt; d&nbsp;e \" '"
    );
}

#[test]
fn attribute_escaping() {
    assert_eq!(
        body_inner(r#"<p title='a &amp; "b" <c> d&nbsp;e &#39;f&#39;' lang=en>x</p>"#),
        // Attributes come in the adapter's order (scraper sorts them by name).
        r#"<p lang="en" title="a &amp; &quot;b&quot; &lt;c&gt; d&nbsp;e 'f'">x</p>"#
    );
}

#[test]
fn void_elements() {
    assert_eq!(
        body_inner("<p>a<br>b<img src=x.png alt=''><input disabled><wbr></p><hr/>"),
        r#"<p>a<br>b<img alt="" src="x.png"><input disabled=""><wbr></p><hr>"#
    );
}

#[test]
fn raw_text_elements() {
    let html = parse_html(
        "<head><style>a > b { content: '&' }</style><script>if (a < b && c) {}</script></head>\
         <body><xmp><b>&amp;</b></xmp><noembed><i></noembed><noframes><u></noframes>\
         <iframe><x></iframe><noscript><b>&amp;</b></noscript><plaintext><p>&</p>",
    );
    let root = ScraperNode::from(html.root_element());
    assert_eq!(
        inner_html(root),
        "<head><style>a > b { content: '&' }</style><script>if (a < b && c) {}</script></head>\
         <body><xmp><b>&amp;</b></xmp><noembed><i></noembed><noframes><u></noframes>\
         <iframe><x></iframe><noscript><b>&amp;</b></noscript><plaintext><p>&</p></plaintext></body>"
    );
    // `plaintext` swallows the rest of the document as literal text.
    assert_eq!(
        inner_html(ScraperNode::from(select(&html, "plaintext"))),
        "<p>&</p>"
    );
}

#[test]
fn comments_are_kept() {
    assert_eq!(
        body_inner("<p>a<!-- b & <c> -->d</p><!---->"),
        "<p>a<!-- b & <c> -->d</p><!---->"
    );
}

#[test]
fn template_contents_are_serialized() {
    assert_eq!(
        body_inner("<p>x</p><template id=t><p>in <b>template</b></p><!--c--></template>"),
        r#"<p>x</p><template id="t"><p>in <b>template</b></p><!--c--></template>"#
    );
}

#[test]
fn foreign_elements_keep_their_names() {
    assert_eq!(
        body_inner(
            r#"<svg viewBox="0 0 1 1"><foreignObject><p>x</p></foreignObject><circle r=1 /></svg><math><mi>x</mi></math>"#
        ),
        // The parser adjusts SVG names (`viewBox`, `foreignObject`); they are
        // written as stored.
        r#"<svg viewBox="0 0 1 1"><foreignObject><p>x</p></foreignObject><circle r="1"></circle></svg><math><mi>x</mi></math>"#
    );
}

#[test]
fn outer_html_of_elements_text_and_comments() {
    let html = parse_html("<div id=d>1 &lt; 2<!--c--></div>");
    let div = ScraperNode::from(select(&html, "div"));
    assert_eq!(outer_html(div), r#"<div id="d">1 &lt; 2<!--c--></div>"#);
    let children: Vec<_> = div.children().collect();
    assert_eq!(outer_html(children[0]), "1 &lt; 2");
    assert_eq!(outer_html(children[1]), "<!--c-->");
    assert_eq!(children[1].comment(), Some("c"));
    assert_eq!(children[0].comment(), None);
}

#[test]
fn filtered_serialization_drops_subtrees() {
    let html = parse_html(
        "<article><header><h1>T</h1></header><h2>Sub</h2><p>Body <b>bold</b></p>\
         <article><p>nested</p></article><footer>f</footer></article>",
    );
    let article = ScraperNode::from(select(&html, "article"));
    let mut first_heading = true;
    let html_without = inner_html_filtered(article, |e| match e.local_name() {
        Some("article" | "header" | "footer" | "nav") => true,
        Some("h2") if first_heading => {
            first_heading = false;
            true
        }
        _ => false,
    });
    assert_eq!(html_without, "<p>Body <b>bold</b></p>");
    assert_eq!(
        outer_html_filtered(article, |e| e.local_name() == Some("article")),
        "<article><header><h1>T</h1></header><h2>Sub</h2><p>Body <b>bold</b></p><footer>f</footer></article>"
    );
}

/// Our serializer and html5ever's agree (html5ever implements the same
/// algorithm with scripting disabled by default).
#[test]
fn agrees_with_html5ever() {
    let cases = [
        "<p class=a>x &amp; y</p>",
        "<table><tr><td>1<td>2</table>",
        "<ul><li>a<li>b</ul><dl><dt>t<dd>d</dl>",
        "<pre>\n\nx</pre><textarea>\na&lt;</textarea><listing>\nl</listing>",
        "<select><option selected>o</select><button disabled>b</button>",
        "<a href='?a=1&b=\"2\"'>q</a><img alt='&nbsp;<>'>",
        "<p>\u{A0}&nbsp;</p><div title=\u{A0}>\u{A0}</div>",
        "<svg><title>t</title><desc><b>d</b></desc></svg>",
        "<style>&lt;</style><script>'</script>'</script><title>a &amp; b</title>",
        "<table><caption>c</caption><colgroup><col span=2></colgroup><tbody><tr><th>h</table>",
        "<p>unclosed <b>bold <i>both</b> italic</i>",
        "<audio controls><source src=a.ogg><track kind=subtitles></audio><embed src=e>",
        "<!-- lone comment --><p>&#x1F600; &copy;</p>",
        "<noscript><p>n</p></noscript><iframe>&amp;<b></iframe>",
    ];
    for case in cases {
        let html = parse_html(case);
        let root = html.root_element();
        assert_eq!(
            inner_html(ScraperNode::from(root)),
            root.inner_html(),
            "{case}"
        );
        assert_eq!(outer_html(ScraperNode::from(root)), root.html(), "{case}");
    }
}

/// A deep tree serializes without overflowing the stack (the explicit-stack
/// walk), here through a real parse.
#[test]
fn deep_nesting() {
    const DEPTH: usize = 5_000;
    let source = format!("{}x{}", "<div>".repeat(DEPTH), "</div>".repeat(DEPTH));
    assert_eq!(body_inner(&source), source);
}
