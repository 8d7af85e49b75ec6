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

/// `xmlns` on `svg` and `math` sits in the XMLNS namespace with an empty
/// prefix; its serialized name is `xmlns` ("serializing HTML fragments":
/// "If the attribute is in the XMLNS namespace and the attribute's local
/// name is `xmlns`"), as inline SVG icons carry it.
#[test]
fn xmlns_attributes_keep_their_names() {
    let source = r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="#i"/></svg><math xmlns="http://www.w3.org/1998/Math/MathML"></math>"##;
    let expected = r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="#i"></use></svg><math xmlns="http://www.w3.org/1998/Math/MathML"></math>"##;
    assert_eq!(body_inner(source), expected);
    let html = parse_html(source);
    let body = select(&html, "body");
    assert_eq!(body.inner_html(), expected);
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

/// The first element named `name` under `node`, in tree order.
fn find<'a>(node: ScraperNode<'a>, name: &str) -> ScraperNode<'a> {
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if n.local_name() == Some(name) {
            return n;
        }
        let mut children: Vec<_> = n.children().collect();
        children.reverse();
        stack.extend(children);
    }
    panic!("no <{name}>")
}

/// From a [`Parsed`] document, attributes serialize in source order, as
/// the algorithm's "for each attribute that the element has" walks the
/// attribute list; `scraper`'s tree keeps them sorted by name.
#[test]
fn attributes_in_source_order() {
    let source = "<p title=t lang=en class=c>x</p><img src=a.png alt=''>\
                  <svg viewBox='0 0 1 1' xlink:href=h><a xml:lang=fr href=z></a></svg>";
    let parsed = microdata_scraper::parse(source, None).unwrap();
    assert_eq!(
        inner_html(find(parsed.document().root(), "body")),
        r#"<p title="t" lang="en" class="c">x</p><img src="a.png" alt=""><svg viewBox="0 0 1 1" xlink:href="h"><a xml:lang="fr" href="z"></a></svg>"#
    );
    // The tree of `parse_html` alone knows only `scraper`'s order.
    assert_eq!(
        body_inner(source),
        r#"<p class="c" lang="en" title="t">x</p><img alt="" src="a.png"><svg viewBox="0 0 1 1" xlink:href="h"><a href="z" xml:lang="fr"></a></svg>"#
    );
}

/// A second `<html>` or `<body>` start tag adds the attributes its element
/// lacks at the end of the list ("in body" insertion mode).
#[test]
fn attributes_added_by_a_second_start_tag_come_last() {
    let parsed = microdata_scraper::parse(
        "<html lang=en dir=ltr><body z=1 b=2>x<body c=3 z=9 a=0><html id=h lang=fr>",
        None,
    )
    .unwrap();
    let root = parsed.document().root();
    assert_eq!(
        outer_html(find(root, "body")),
        r#"<body z="1" b="2" c="3" a="0">x</body>"#
    );
    assert!(
        outer_html(find(root, "html")).starts_with(r#"<html lang="en" dir="ltr" id="h">"#),
        "{}",
        outer_html(find(root, "html"))
    );
}

/// The adoption agency algorithm's clones of a formatting element keep its
/// attributes in source order.
#[test]
fn cloned_formatting_elements_keep_the_order() {
    let parsed = microdata_scraper::parse("<b title=t class=c>1<p>2</b>3", None).unwrap();
    assert_eq!(
        inner_html(find(parsed.document().root(), "body")),
        r#"<b title="t" class="c">1</b><p><b title="t" class="c">2</b>3</p>"#
    );
}
