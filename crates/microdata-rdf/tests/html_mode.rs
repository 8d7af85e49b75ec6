//! The default conversion: W3C Microdata draft of 5 April 2011, §5.2.

use microdata_rdf::{RdfOptions, WarningKind};

use crate::util::{assert_cycle_in_either_order, assert_isomorphic, convert, graph, turtle};

const URL: &str = "http://example.com/page.html";

fn html_graph(html: &str) -> oxrdf::Graph {
    graph(html, URL, &RdfOptions::new())
}

/// §5.2.1, first example: the FRBR books. The document is in English (the
/// expected literals are `@en`); the expected graph also has the `md:item`
/// link from the document that step 6.2 generates (the example leaves it
/// out).
#[test]
fn spec_example_frbr_books() {
    let html = r#"<!DOCTYPE html><html lang="en"><body>
<dl itemscope
    itemtype="http://purl.org/vocab/frbr/core#Work"
    itemid="http://books.example.com/works/45U8QJGZSQKDH8N">
 <dt>Title</dt>
 <dd><cite itemprop="http://purl.org/dc/terms/title">Just a Geek</cite></dd>
 <dt>By</dt>
 <dd><span itemprop="http://purl.org/dc/elements/1.1/creator">Wil Wheaton</span></dd>
 <dt>Format</dt>
 <dd itemprop="http://purl.org/vocab/frbr/core#realization"
     itemscope
     itemtype="http://purl.org/vocab/frbr/core#Expression"
     itemid="http://books.example.com/products/9780596007683.BOOK">
  <link itemprop="http://purl.org/dc/terms/type" href="http://books.example.com/product-types/BOOK">
  Print
 </dd>
 <dd itemprop="http://purl.org/vocab/frbr/core#realization"
     itemscope
     itemtype="http://purl.org/vocab/frbr/core#Expression"
     itemid="http://books.example.com/products/9780596802189.EBOOK">
  <link itemprop="http://purl.org/dc/terms/type" href="http://books.example.com/product-types/EBOOK">
  Ebook
 </dd>
</dl>"#;
    let expected = r#"
@prefix dct: <http://purl.org/dc/terms/> .
 @prefix dce: <http://purl.org/dc/elements/1.1/> .
 @prefix frbr: <http://purl.org/vocab/frbr/core#> .

<http://books.example.com/works/45U8QJGZSQKDH8N> a frbr:Work ;
     dce:creator "Wil Wheaton"@en ;
     dct:title "Just a Geek"@en ;
     frbr:realization <http://books.example.com/products/9780596007683.BOOK>,
         <http://books.example.com/products/9780596802189.EBOOK> .

<http://books.example.com/products/9780596007683.BOOK> a frbr:Expression ;
     dct:type <http://books.example.com/product-types/BOOK> .

<http://books.example.com/products/9780596802189.EBOOK> a frbr:Expression ;
     dct:type <http://books.example.com/product-types/EBOOK> .

<> <http://www.w3.org/1999/xhtml/microdata#item> <http://books.example.com/works/45U8QJGZSQKDH8N> .
"#;
    assert_isomorphic(&html_graph(html), &turtle(expected, URL));
}

/// §5.2.1, second example: Princeton and Trekkie share an address item. The
/// Turtle is the draft's, with the two missing `;` after `hcard:n _:n0a`
/// and `hcard:n _:n1a` restored. The shared item is one subject, and its
/// triple "expressed twice" is one triple of the graph.
#[test]
fn spec_example_shared_address() {
    let html = r#"<p>
 Both
 <span itemscope itemtype="http://microformats.org/profile/hcard" itemref="home"><span itemprop="fn"
 ><span itemprop="n" itemscope><span itemprop="given-name">Princeton</span></span></span></span>
 and
 <span itemscope itemtype="http://microformats.org/profile/hcard" itemref="home"><span itemprop="fn"
 ><span itemprop="n" itemscope><span itemprop="given-name">Trekkie</span></span></span></span>
 live at
 <span id="home" itemprop="adr" itemscope><span itemprop="street-address">Avenue Q</span>.</span>
</p>"#;
    let expected = r#"
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix dct: <http://purl.org/dc/terms/> .
@prefix hcard: <http://www.w3.org/1999/xhtml/microdata#http://microformats.org/profile/hcard%23:> .

<> <http://www.w3.org/1999/xhtml/microdata#item> _:n0 ;
   <http://www.w3.org/1999/xhtml/microdata#item> _:n1 .
_:n0  rdf:type <http://microformats.org/profile/hcard> ;
      hcard:fn "Princeton" ;
      hcard:n _:n0a ;
      hcard:adr _:n2 .
_:n0a hcard:n%20given-name "Princeton" .
_:n1  rdf:type <http://microformats.org/profile/hcard> ;
      hcard:fn "Trekkie" ;
      hcard:n _:n1a ;
      hcard:adr _:n2 .
_:n1a hcard:n%20given-name "Trekkie" .
_:n2  hcard:adr%20street-address "Avenue Q" ;
      hcard:adr%20street-address "Avenue Q" .
"#;
    let conversion = convert(html, URL, &RdfOptions::new());
    assert_isomorphic(&conversion.to_graph(), &turtle(expected, URL));
    assert!(
        conversion.warnings().is_empty(),
        "{:?}",
        conversion.warnings()
    );
    // No repeated triple in the list either.
    assert_eq!(conversion.triples().len(), conversion.to_graph().len());
}

#[test]
fn title_with_and_without_language() {
    let g = html_graph(r#"<html lang="en-GB"><title>Cats &amp; dogs</title>"#);
    assert_isomorphic(
        &g,
        &turtle(
            r#"<> <http://purl.org/dc/terms/title> "Cats & dogs"@en-gb ."#,
            URL,
        ),
    );
    // Only the title element's child text nodes count; an unknown language
    // (lang="") gives a plain literal.
    let g = html_graph(r#"<html lang="fr"><title lang="">Chats</title>"#);
    assert_isomorphic(
        &g,
        &turtle(r#"<> <http://purl.org/dc/terms/title> "Chats" ."#, URL),
    );
}

#[test]
fn rel_links_lowercase_coalesce_and_combine() {
    let html = r#"
<link rel="STYLESHEET Alternate stylesheet" href="/alt.css">
<a rel="License license http://example.org/rel#Custom ex:Other" href="lic.html">x</a>
<area rel="next" href="page2.html">
<a rel="foo|bar a%20b" href="x">x</a>
<a rel="up up index" href="/">up</a>
<a rel="nofollow">no href</a>
<a href="/no-rel">no rel</a>
<a rel="next" href="http://[bad">unresolvable</a>
"#;
    let expected = r#"
@prefix xhv: <http://www.w3.org/1999/xhtml/vocab#> .
<> xhv:ALTERNATE-STYLESHEET </alt.css> ;
   xhv:license <lic.html> ;
   <http://example.org/rel#Custom> <lic.html> ;
   <ex:Other> <lic.html> ;
   xhv:next <page2.html> ;
   <http://www.w3.org/1999/xhtml/vocab#foo%7Cbar> <x> ;
   <http://www.w3.org/1999/xhtml/vocab#a%2520b> <x> ;
   xhv:up </> ;
   xhv:index </> .
"#;
    assert_isomorphic(&html_graph(html), &turtle(expected, URL));
}

#[test]
fn repeated_up_is_removed_as_the_2010_draft_says_when_asked() {
    let html = r#"<a rel="index up up" href="/">Main</a><a rel="up" href="../">Parent</a>"#;
    let kept = html_graph(html);
    assert_isomorphic(
        &kept,
        &turtle(
            "@prefix xhv: <http://www.w3.org/1999/xhtml/vocab#> .
             <> xhv:index </> ; xhv:up </>, <../> .",
            URL,
        ),
    );
    let removed = graph(html, URL, &RdfOptions::new().with_remove_repeated_up(true));
    assert_isomorphic(
        &removed,
        &turtle(
            "@prefix xhv: <http://www.w3.org/1999/xhtml/vocab#> .
             <> xhv:index </> ; xhv:up <../> .",
            URL,
        ),
    );
}

#[test]
fn meta_name_both_branches_and_cite() {
    let html = r#"<html lang="en"><head>
<meta name="Description" content="A page">
<meta name="100%" content="full">
<meta name="http://purl.org/dc/terms/creator" content="Ada" lang="">
<meta name="dc:creator" content="dc: is a scheme, so this is an absolute URL">
<meta name="1dc:x" content="skipped: a colon but not an absolute URL">
<meta name="generator">
<meta content="no name">
</head><body>
<blockquote cite="/source.html">quote</blockquote>
<q cite="http://example.org/q">q</q>
<q>no cite</q>
</body></html>"#;
    let expected = r#"
<> <http://www.w3.org/1999/xhtml/vocab#description> "A page"@en ;
   <http://www.w3.org/1999/xhtml/vocab#100%25> "full"@en ;
   <http://purl.org/dc/terms/creator> "Ada" ;
   <dc:creator> "dc: is a scheme, so this is an absolute URL"@en ;
   <http://purl.org/dc/terms/source> </source.html>, <http://example.org/q> .
"#;
    assert_isomorphic(&html_graph(html), &turtle(expected, URL));
}

#[test]
fn untyped_items_only_have_absolute_url_properties() {
    let html = r#"<div itemscope lang="de">
  <span itemprop="name">Skipped: no type</span>
  <span itemprop="http://schema.org/name">Kept</span>
  <a itemprop="http://schema.org/url" href="/x">x</a>
</div>"#;
    let expected = r#"
<> <http://www.w3.org/1999/xhtml/microdata#item> _:a .
_:a <http://schema.org/name> "Kept"@de ;
    <http://schema.org/url> </x> .
"#;
    assert_isomorphic(&html_graph(html), &turtle(expected, URL));
}

/// A name with a colon that is not an absolute URL has no predicate (step
/// 6.1.5), but its item value is still generated (step 6.1.3); only the
/// link to it is missing. A name of an untyped item that is not an
/// absolute URL is skipped whole (step 6.1.1 aborts first).
#[test]
fn a_name_without_a_predicate_still_generates_its_item() {
    let html = r#"<div itemscope itemtype="http://ex.org/T">
  <div itemprop="1:a" itemscope itemtype="http://ex.org/U"><span itemprop="n">x</span></div>
  <div itemprop=":b" itemscope><span itemprop="n">y</span></div>
  <span itemprop="2:c">not an item</span>
</div>
<div itemscope><div itemprop="d" itemscope itemtype="http://ex.org/V">
  <span itemprop="n">z</span></div></div>"#;
    let expected = r#"
<> <http://www.w3.org/1999/xhtml/microdata#item> _:t, _:w .
_:t a <http://ex.org/T> .
_:u a <http://ex.org/U> ;
    <http://www.w3.org/1999/xhtml/microdata#http://ex.org/U%23:n> "x" .
_:b <http://www.w3.org/1999/xhtml/microdata#http://ex.org/T%23::b%20n> "y" .
"#;
    assert_isomorphic(&html_graph(html), &turtle(expected, URL));
}

/// The 2011 draft assumed one item type: with several, `rdf:type` is
/// generated for each absolute one and predicates are built from the first.
#[test]
fn several_item_types() {
    let html = r#"<div itemscope itemtype="http://a.example/T relative http://b.example/U">
  <span itemprop="p">v</span></div>"#;
    let expected = r#"
<> <http://www.w3.org/1999/xhtml/microdata#item> _:a .
_:a a <http://a.example/T>, <http://b.example/U> ;
    <http://www.w3.org/1999/xhtml/microdata#http://a.example/T%23:p> "v" .
"#;
    assert_isomorphic(&html_graph(html), &turtle(expected, URL));
}

#[test]
fn fallback_types_and_names_nest_and_escape() {
    let html = r#"<div itemscope itemtype="http://example.org/vocab#Person" itemid="/people/ada">
  <div itemprop="knows friend" itemscope>
    <span itemprop="name">Bob</span>
    <div itemprop="pet" itemscope><span itemprop="species">cat</span></div>
  </div>
  <span itemprop="odd%20name|x">y</span>
</div>"#;
    // Type "http://example.org/vocab#Person" gets ":" after its "#"; the
    // nested item's type is that plus "%20" and each fallback name. A name's
    // own "%" is escaped (step 6.1.5.3); only the last step keeps existing
    // %-escapes, so "odd%20name" cannot pass for the fallback name "odd name".
    let md = "http://www.w3.org/1999/xhtml/microdata#http://example.org/vocab%23Person:";
    let expected = format!(
        r#"
<> <http://www.w3.org/1999/xhtml/microdata#item> </people/ada> .
</people/ada> a <http://example.org/vocab#Person> ;
    <{md}knows> _:bob ;
    <{md}friend> _:bob ;
    <{md}odd%2520name%7Cx> "y" .
_:bob <{md}knows%20name> "Bob" ;
      <{md}friend%20name> "Bob" ;
      <{md}knows%20pet> _:pet ;
      <{md}friend%20pet> _:pet .
_:pet <{md}knows%20pet%20species> "cat" ;
      <{md}friend%20pet%20species> "cat" .
"#
    );
    assert_isomorphic(&html_graph(html), &turtle(&expected, URL));
}

#[test]
fn url_property_elements_are_iris_and_other_values_literals() {
    let html = r#"<div itemscope itemtype="http://schema.org/Thing" lang="en">
  <img itemprop="image" src="a b.png">
  <meta itemprop="m" content="meta value">
  <time itemprop="t" datetime="2011-06-28">June</time>
  <data itemprop="d" value="1">one</data>
  <a itemprop="missing">no href</a>
</div>"#;
    let md = "http://www.w3.org/1999/xhtml/microdata#http://schema.org/Thing%23:";
    let expected = format!(
        r#"
<> <http://www.w3.org/1999/xhtml/microdata#item> _:a .
_:a a <http://schema.org/Thing> ;
    <{md}image> <a%20b.png> ;
    <{md}m> "meta value"@en ;
    <{md}t> "2011-06-28"@en ;
    <{md}d> "1"@en .
"#
    );
    let conversion = convert(html, URL, &RdfOptions::new());
    assert_isomorphic(&conversion.to_graph(), &turtle(&expected, URL));
    let kinds: Vec<WarningKind> = conversion.warnings().iter().map(|w| w.kind()).collect();
    assert_eq!(kinds, [WarningKind::UnresolvableUrl]);
}

#[test]
fn licensed_work_equivalences_as_an_option() {
    let html = r#"<figure itemscope itemtype="http://n.whatwg.org/work">
 <img itemprop="work" src="mypond.jpeg">
 <figcaption><p><cite itemprop="title">My Pond</cite></p>
 <p><small>Licensed under the <a itemprop="license" href="http://creativecommons.org/licenses/by-sa/3.0/us/">Creative
 Commons Attribution-Share Alike 3.0 United States License</a> and the <a itemprop="license"
 href="http://www.opensource.org/licenses/mit-license.php">MIT license</a>.</small></p></figcaption>
</figure>"#;
    let work = r#"
@prefix work: <http://www.w3.org/1999/xhtml/microdata#http://n.whatwg.org/work%23:> .
<> <http://www.w3.org/1999/xhtml/microdata#item> _:w .
_:w a <http://n.whatwg.org/work> ;
    work:work <mypond.jpeg> ;
    work:title "My Pond" ;
    work:license <http://creativecommons.org/licenses/by-sa/3.0/us/>,
                 <http://www.opensource.org/licenses/mit-license.php> .
"#;
    assert_isomorphic(&html_graph(html), &turtle(work, URL));
    let equivalences = r#"
@prefix owl: <http://www.w3.org/2002/07/owl#> .
work:work owl:equivalentProperty owl:sameAs .
work:title owl:equivalentProperty <http://purl.org/dc/terms/title> .
work:author owl:equivalentProperty <http://creativecommons.org/ns#attributionName> .
work:license owl:equivalentProperty <http://www.w3.org/1999/xhtml/vocab#license> .
"#;
    let with = graph(
        html,
        URL,
        &RdfOptions::new().with_licensed_work_equivalences(true),
    );
    assert_isomorphic(&with, &turtle(&format!("{work}{equivalences}"), URL));
    // No work item, no equivalences.
    let other = graph(
        r#"<p itemscope itemtype="http://example.org/T"></p>"#,
        URL,
        &RdfOptions::new().with_licensed_work_equivalences(true),
    );
    assert_eq!(other.len(), 2);
}

#[test]
fn typed_itemref_cycle_is_reported_and_terminates() {
    let html = r#"<div itemscope itemtype="http://example.org/A" id="a" itemref="b">
  <span itemprop="name">A</span></div>
<div id="b" itemprop="next" itemscope itemtype="http://example.org/B" itemref="c"></div>
<div id="c" itemprop="back" itemscope itemtype="http://example.org/C" itemref="b"></div>"#;
    let conversion = convert(html, URL, &RdfOptions::new());
    assert!(conversion.has_itemref_recursion());
    let strict = microdata_scraper::parse(html, Some(URL)).unwrap();
    let err = microdata_rdf::to_graph(&strict.document(), &RdfOptions::new().with_strict(true))
        .unwrap_err();
    assert_eq!(err.kind(), microdata_rdf::ErrorKind::ItemrefRecursion);
}

/// The typed root of the cycle tests below, and the untyped item `x`
/// that it and the tests' `y` refer to.
const CYCLE_ROOT: &str = r#"<div itemscope itemtype="http://ex.org/T" itemref="x y"></div>"#;
const CYCLE_X: &str =
    r#"<div itemprop="a" itemscope id="x" itemref="y"><span itemprop="v">1</span></div>"#;

/// The triples both cycle tests expect: the root's, and `x`'s in the
/// root's context.
const CYCLE_HEAD: &str = r#"@prefix md: <http://www.w3.org/1999/xhtml/microdata#> .
<> md:item _:r .
_:r a <http://ex.org/T> ;
  <http://www.w3.org/1999/xhtml/microdata#http://ex.org/T%23:a> _:x ;
  <http://www.w3.org/1999/xhtml/microdata#http://ex.org/T%23:b> _:y .
_:x <http://www.w3.org/1999/xhtml/microdata#http://ex.org/T%23:a%20v> "1" ;
  <http://www.w3.org/1999/xhtml/microdata#http://ex.org/T%23:a%20b> _:y ."#;

/// A cycle stops where an item comes back in the context it is being
/// generated in, whichever item of the cycle the walk meets first, so the
/// same items in another document order give the same graph. Here `x`,
/// untyped, is a property of the `T` item and of the `U` item `y`: it is
/// generated in both contexts (`T#:a`, `U#:a`), though `y` is reached
/// through `x` when `x` comes first.
#[test]
fn cycles_give_the_same_graph_in_any_document_order() {
    let y = r#"<div itemprop="b" itemscope itemtype="http://ex.org/U" id="y" itemref="x"></div>"#;
    let expected = turtle(
        &format!(
            r#"{CYCLE_HEAD}
_:x <http://www.w3.org/1999/xhtml/microdata#http://ex.org/U%23:a%20v> "1" ;
  <http://www.w3.org/1999/xhtml/microdata#http://ex.org/U%23:a%20b> _:y .
_:y a <http://ex.org/U> ;
  <http://www.w3.org/1999/xhtml/microdata#http://ex.org/U%23:a> _:x .
"#
        ),
        URL,
    );
    assert_cycle_in_either_order([CYCLE_ROOT, CYCLE_X, y], URL, &RdfOptions::new(), &expected);
}

/// Untyped items under a typed one take a context that grows with each
/// property name (`T#:a%20b%20a…`), so a cycle of them never comes back
/// to one context: it stops where an untyped item comes back, in either
/// document order alike.
#[test]
fn untyped_cycles_stop_where_an_item_comes_back() {
    let y = r#"<div itemprop="b" itemscope id="y" itemref="x"></div>"#;
    let expected = turtle(
        &format!(
            r#"{CYCLE_HEAD}
_:x <http://www.w3.org/1999/xhtml/microdata#http://ex.org/T%23:b%20a%20v> "1" ;
  <http://www.w3.org/1999/xhtml/microdata#http://ex.org/T%23:b%20a%20b> _:y .
_:y <http://www.w3.org/1999/xhtml/microdata#http://ex.org/T%23:b%20a> _:x ;
  <http://www.w3.org/1999/xhtml/microdata#http://ex.org/T%23:a%20b%20a> _:x .
"#
        ),
        URL,
    );
    assert_cycle_in_either_order([CYCLE_ROOT, CYCLE_X, y], URL, &RdfOptions::new(), &expected);
}

#[test]
fn documents_without_url_use_about_blank() {
    let parsed = microdata_scraper::parse("<title>t</title>", None).unwrap();
    let g = microdata_rdf::to_graph(&parsed.document(), &RdfOptions::new()).unwrap();
    assert_eq!(
        microdata_rdf::to_ntriples(&g),
        "<about:blank> <http://purl.org/dc/terms/title> \"t\" .\n"
    );
}

#[test]
fn invalid_language_tags_fall_back_to_plain_literals_once_warned() {
    let html = r#"<div lang="en_US" itemscope itemtype="http://example.org/T">
  <span itemprop="a">1</span><span itemprop="b">2</span></div>"#;
    let conversion = convert(html, URL, &RdfOptions::new());
    let kinds: Vec<WarningKind> = conversion.warnings().iter().map(|w| w.kind()).collect();
    assert_eq!(kinds, [WarningKind::InvalidLanguageTag]);
    assert!(
        conversion
            .triples()
            .iter()
            .all(|t| !matches!(&t.object, oxrdf::Term::Literal(l) if l.language().is_some()))
    );
}
