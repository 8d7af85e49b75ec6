//! The W3C Note *Microdata to RDF – Second Edition*: its examples with a
//! stated result, and cases the W3C suite does not cover.

use microdata_rdf::{Mode, RdfOptions, Registry, WarningKind};

use crate::util::{assert_cycle_in_either_order, assert_isomorphic, convert, graph, turtle};

fn w3c() -> RdfOptions {
    RdfOptions::new().with_mode(Mode::W3c)
}

fn w3c_graph(html: &str, url: &str) -> oxrdf::Graph {
    graph(html, url, &w3c())
}

/// Example 2: with the registry entry `http://microformats.org/profile/hcard`
/// (in the default registry), the names become `hcard#n` and
/// `hcard#given-name`.
#[test]
fn note_example_2_hcard_property_uris() {
    let html = r#"<span itemscope itemtype="http://microformats.org/profile/hcard">
 <span itemprop="n" itemscope>
 <span itemprop="given-name">
 Princeton
 </span>
 </span>
</span>"#;
    let expected = r#"
@prefix hcard: <http://microformats.org/profile/hcard#> .
[ a <http://microformats.org/profile/hcard> ;
  hcard:n [ hcard:given-name "\n Princeton\n " ] ] .
"#;
    assert_isomorphic(
        &w3c_graph(html, "http://example.com/"),
        &turtle(expected, "http://example.com/"),
    );
}

/// Example 3: `http://schema.org/name`, also for the type
/// `http://schema.org/Person/Teacher`.
#[test]
fn note_example_3_schema_org() {
    for ty in [
        "http://schema.org/Person",
        "http://schema.org/Person/Teacher",
    ] {
        let html = format!(r#"<div itemscope itemtype="{ty}"><h2 itemprop="name">Jeni</h2></div>"#);
        let expected = format!(r#"[ a <{ty}> ; <http://schema.org/name> "Jeni" ] ."#);
        assert_isomorphic(
            &w3c_graph(&html, "http://example.com/"),
            &turtle(&expected, "http://example.com/"),
        );
    }
}

/// Example 4: no registry entry, so the vocabulary is the type without its
/// last path segment.
#[test]
fn note_example_4_derived_vocabulary() {
    let html = r#"<div itemscope itemtype="http://example.org/Book">
 <h2 itemprop="title">Just a Geek</h2>
</div>"#;
    let expected =
        r#"[ a <http://example.org/Book> ; <http://example.org/title> "Just a Geek" ] ."#;
    assert_isomorphic(
        &w3c_graph(html, "http://example.com/"),
        &turtle(expected, "http://example.com/"),
    );
}

/// Example 5: no type anywhere: the document base with the name as
/// fragment, for the nested item too.
#[test]
fn note_example_5_untyped_items_use_the_document_base() {
    let html = r#"<div itemscope>
<p itemscope itemprop='bar'>
 <span itemprop='baz'>Baz</span>
</p>
</div>"#;
    let expected = r#"[ <http://example/author#bar> [ <http://example/author#baz> "Baz" ] ] ."#;
    assert_isomorphic(
        &w3c_graph(html, "http://example/author"),
        &turtle(expected, "http://example/author"),
    );
}

/// §6.3's note on the property URI rule: "if there is a document base of
/// http://example.org/doc and an itemprop of 'title', a URI will be
/// constructed to be http://example.org/doc#title".
#[test]
fn untyped_title_is_the_document_base_with_a_fragment() {
    let html = r#"<div itemscope><span itemprop="title">T</span></div>"#;
    let expected = r#"[ <http://example.org/doc#title> "T" ] ."#;
    assert_isomorphic(
        &w3c_graph(html, "http://example.org/doc"),
        &turtle(expected, "http://example.org/doc"),
    );
}

/// Examples 7 and 8: `additionalType` is a sub-property of `rdf:type` in the
/// default registry, so the expansion adds `foaf:Person` as a type (example
/// 9, without its `rdfa:usesVocabulary` triple, which the 2014 algorithm
/// (§6.3) does not generate and the W3C suite does not expect).
#[test]
fn note_examples_7_to_9_vocabulary_expansion() {
    let html = r#"<div itemscope itemtype="http://schema.org/Person">
 <link itemprop="additionalType" href="http://xmlns.com/foaf/0.1/Person"/>
 <a itemprop="email http://xmlns.com/foaf/0.1/mbox" href="mailto:mail@gmail.com">
 mail@gmail.com
 </a>
</div>"#;
    let expected = r#"
@prefix foaf: <http://xmlns.com/foaf/0.1/> .
@prefix schema: <http://schema.org/> .
[ a schema:Person, foaf:Person;
 schema:additionalType foaf:Person;
 schema:email <mailto:mail@gmail.com>;
 foaf:mbox <mailto:mail@gmail.com>
] .
"#;
    assert_isomorphic(
        &w3c_graph(html, "http://example.com/"),
        &turtle(expected, "http://example.com/"),
    );
    // With an empty registry there is no expansion.
    let plain = graph(
        html,
        "http://example.com/",
        &w3c().with_registry(Registry::empty()),
    );
    assert_eq!(plain.len(), 4);
}

/// Examples 10 and 11: `itemprop-reverse`.
#[test]
fn note_examples_10_and_11_reverse_property() {
    let html = r#"<div itemscope itemtype="http://schema.org/Person">
 <span itemprop="name">William Shakespeare</span>
 <link itemprop-reverse="creator" href="http://www.freebase.com/m/0yq9mqd">
</div>"#;
    let expected = r#"
@prefix schema: <http://schema.org/> .
<http://www.freebase.com/m/0yq9mqd> schema:creator [
 a schema:Person;
 schema:name "William Shakespeare"
] .
"#;
    assert_isomorphic(
        &w3c_graph(html, "http://example.com/"),
        &turtle(expected, "http://example.com/"),
    );
}

/// Examples 12 and 13 (FRBR), with a registry entry for
/// `http://purl.org/vocab/frbr/core#` as the example assumes, and without
/// the `rdfa:usesVocabulary` triple (see above).
#[test]
fn note_examples_12_and_13_frbr() {
    let html = r#"<dl itemscope
 itemtype="http://purl.org/vocab/frbr/core#Work"
 itemid="http://books.example.com/works/45U8QJGZSQKDH8N"
 lang="en">
 <dt>Title</dt>
 <dd><cite itemprop="http://purl.org/dc/terms/title">Just a Geek</cite></dd>
 <dt>By</dt>
 <dd><span itemprop="http://purl.org/dc/terms/creator">Wil Wheaton</span></dd>
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
@prefix dc: <http://purl.org/dc/terms/> .
@prefix frbr: <http://purl.org/vocab/frbr/core#> .

<http://books.example.com/works/45U8QJGZSQKDH8N> a frbr:Work ;
 dc:creator "Wil Wheaton"@en ;
 dc:title "Just a Geek"@en ;
 frbr:realization <http://books.example.com/products/9780596007683.BOOK>,
 <http://books.example.com/products/9780596802189.EBOOK> .

<http://books.example.com/products/9780596007683.BOOK> a frbr:Expression ;
 dc:type <http://books.example.com/product-types/BOOK> .

<http://books.example.com/products/9780596802189.EBOOK> a frbr:Expression ;
 dc:type <http://books.example.com/product-types/EBOOK> .
"#;
    let registry = Registry::from_json(r#"{"http://purl.org/vocab/frbr/core#": {}}"#).unwrap();
    let g = graph(html, "http://example.com/", &w3c().with_registry(registry));
    assert_isomorphic(&g, &turtle(expected, "http://example.com/"));
}

/// Examples 14 and 15: two people share one address item, which is one
/// resource.
#[test]
fn note_examples_14_and_15_shared_address() {
    let html = r#"<p>
 Both
 <span itemscope itemtype="http://microformats.org/profile/hcard" itemref="home">
 <span itemprop="fn"
 ><span itemprop="n" itemscope
 ><span itemprop="given-name">Princeton</span></span></span>
 </span>
 and
 <span itemscope itemtype="http://microformats.org/profile/hcard" itemref="home">
 <span itemprop="fn"
 ><span itemprop="n" itemscope
 ><span itemprop="given-name">Trekkie</span></span></span>
 </span>
 live at
 <span id="home" itemprop="adr" itemscope>
 <span itemprop="street-address">Avenue Q</span>.
 </span>
</p>"#;
    let expected = r#"
@prefix hcard: <http://microformats.org/profile/hcard#> .
[ a <http://microformats.org/profile/hcard>;
 hcard:fn "Princeton";
 hcard:n [ hcard:given-name "Princeton" ];
 hcard:adr _:a
] .
[ a <http://microformats.org/profile/hcard>;
 hcard:fn "Trekkie";
 hcard:n [ hcard:given-name "Trekkie" ];
 hcard:adr _:a
] .

_:a hcard:street-address "Avenue Q" .
"#;
    assert_isomorphic(
        &w3c_graph(html, "http://example.com/"),
        &turtle(expected, "http://example.com/"),
    );
}

/// Examples 16 and 17: a playlist, `additionalType` relating the recordings
/// to the Music Ontology. (The example's `"AC/DC";;` is read as
/// `"AC/DC";`, and `schema:byArtist "Lynard Skynard" "AC/DC"` as the two
/// values it lists.)
#[test]
fn note_examples_16_and_17_playlist() {
    let html = r#"<div itemscope itemtype="http://schema.org/MusicPlaylist">
 <span itemprop="name">Classic Rock Playlist</span>
 <meta itemprop="numTracks" content="2"/>
 <p>Including works by
 <span itemprop="byArtist">Lynard Skynard</span> and
 <span itemprop="byArtist">AC/DC</span></p>.

 <div itemprop="tracks" itemscope itemtype="http://schema.org/MusicRecording">
 <link itemprop="additionalType" href="http://purl.org/ontology/mo/MusicalManifestation"/>
 1.<span itemprop="name">Sweet Home Alabama</span> -
 <span itemprop="byArtist">Lynard Skynard</span>
 <link href="sweet-home-alabama" itemprop="url" />
 </div>

 <div itemprop="tracks" itemscope itemtype="http://schema.org/MusicRecording">
 <link itemprop="additionalType" href="http://purl.org/ontology/mo/MusicalManifestation"/>
 2.<span itemprop="name">Shook you all Night Long</span> -
 <span itemprop="byArtist">AC/DC</span>
 <link href="shook-you-all-night-long" itemprop="url" />
 </div>
</div>"#;
    let expected = r#"
@prefix mo: <http://purl.org/ontology/mo/> .
@prefix schema: <http://schema.org/> .

[ a schema:MusicPlaylist;
 schema:name "Classic Rock Playlist";
 schema:byArtist "Lynard Skynard", "AC/DC";
 schema:numTracks "2";
 schema:tracks [
 a schema:MusicRecording, mo:MusicalManifestation;
 schema:additionalType mo:MusicalManifestation;
 schema:byArtist "Lynard Skynard";
 schema:name "Sweet Home Alabama";
 schema:url <sweet-home-alabama>
 ], [
 a schema:MusicRecording, mo:MusicalManifestation;
 schema:additionalType mo:MusicalManifestation;
 schema:byArtist "AC/DC";
 schema:name "Shook you all Night Long";
 schema:url <shook-you-all-night-long>
 ]
] .
"#;
    let base = "http://example.com/playlist/";
    assert_isomorphic(&w3c_graph(html, base), &turtle(expected, base));
}

#[test]
fn typed_values_and_languages() {
    let html = r#"<div itemscope itemtype="http://schema.org/Thing" lang="en">
  <time itemprop="d">2011-06-28</time>
  <time itemprop="t" datetime="12:30:00">noon</time>
  <time itemprop="ym" datetime="2011-06">June</time>
  <time itemprop="y" datetime="2011">2011</time>
  <time itemprop="dur" datetime="PT4M5S">4:05</time>
  <time itemprop="html-only" datetime="12:30">not an xsd:time</time>
  <data itemprop="n" value="-3">x</data>
  <meter itemprop="f" value="0.5e3">x</meter>
  <data itemprop="s" value="three">x</data>
  <meta itemprop="m" content="3">
  <span itemprop="text" lang="fr">Bonjour</span>
</div>"#;
    let expected = r#"
@prefix schema: <http://schema.org/> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
[ a schema:Thing ;
  schema:d "2011-06-28"^^xsd:date ;
  schema:t "12:30:00"^^xsd:time ;
  schema:ym "2011-06"^^xsd:gYearMonth ;
  schema:y "2011"^^xsd:gYear ;
  schema:dur "PT4M5S"^^xsd:duration ;
  schema:html-only "12:30"@en ;
  schema:n "-3"^^xsd:integer ;
  schema:f "0.5e3"^^xsd:double ;
  schema:s "three" ;
  schema:m "3"@en ;
  schema:text "Bonjour"@fr ] .
"#;
    assert_isomorphic(
        &w3c_graph(html, "http://example.com/"),
        &turtle(expected, "http://example.com/"),
    );
}

#[test]
fn caller_supplied_registry_changes_property_uris_and_expands() {
    let registry = Registry::from_json(
        r#"{"http://example.org/vocab": {"properties": {"label": {"equivalentProperty": ["http://www.w3.org/2000/01/rdf-schema#label", "http://purl.org/dc/terms/title"]}}}}"#,
    )
    .unwrap();
    let html = r#"<div itemscope itemtype="http://example.org/vocab/Thing"><span itemprop="label">L</span></div>"#;
    // "http://example.org/vocab" does not end with / or #: a # is added.
    let expected = r#"
[ a <http://example.org/vocab/Thing> ;
  <http://example.org/vocab#label> "L" ;
  <http://www.w3.org/2000/01/rdf-schema#label> "L" ;
  <http://purl.org/dc/terms/title> "L" ] .
"#;
    let g = graph(html, "http://example.com/", &w3c().with_registry(registry));
    assert_isomorphic(&g, &turtle(expected, "http://example.com/"));
}

#[test]
fn the_negative_test_is_reported_not_looped_on() {
    let html = r#"<div itemscope>
  <div id="ref">
    <div itemprop="name">friend1</div>
    <div itemprop="friend" itemscope>
      <div itemprop="name">friend2</div>
      <div itemprop="friend" itemscope itemref="ref"></div>
    </div>
  </div>
</div>"#;
    let conversion = convert(html, "http://example.com/", &w3c());
    let kinds: Vec<WarningKind> = conversion.warnings().iter().map(|w| w.kind()).collect();
    assert_eq!(kinds, [WarningKind::ItemrefRecursion]);
    // The loop is closed by a link to the subject already generated.
    let expected = r#"
@prefix : <http://example.com/#> .
[ :name "friend1" ; :friend _:f2 ] .
_:f2 :name "friend2" ; :friend _:f3 .
_:f3 :name "friend1" ; :friend _:f2 .
"#;
    assert_isomorphic(
        &conversion.to_graph(),
        &turtle(expected, "http://example.com/"),
    );
}

/// An untyped item takes the type of the item it is a property of, so `x`,
/// a property of the `T` item and of the `U` item `y`, is generated in both
/// vocabularies, in either document order (when `x` comes first, `y` is
/// reached through it).
#[test]
fn cycles_give_the_same_graph_in_any_document_order() {
    let root = r#"<div itemscope itemtype="http://t.example/T" itemref="x y"></div>"#;
    let x = r#"<div itemprop="a" itemscope id="x" itemref="y"><span itemprop="v">1</span></div>"#;
    let y =
        r#"<div itemprop="b" itemscope itemtype="http://u.example/U" id="y" itemref="x"></div>"#;
    let expected = turtle(
        r#"@prefix t: <http://t.example/> .
@prefix u: <http://u.example/> .
_:r a t:T ; t:a _:x ; t:b _:y .
_:x t:v "1" ; t:b _:y ; u:v "1" ; u:b _:y .
_:y a u:U ; u:a _:x .
"#,
        "http://example.com/",
    );
    assert_cycle_in_either_order([root, x, y], "http://example.com/", &w3c(), &expected);
}

#[test]
fn reverse_properties_through_itemref() {
    let html = r#"<div itemscope itemtype="http://schema.org/Person" itemref="r"></div>
<link id="r" itemprop-reverse="author" href="http://example.com/book">"#;
    let expected = r#"<http://example.com/book> <http://schema.org/author> [ a <http://schema.org/Person> ] ."#;
    assert_isomorphic(
        &w3c_graph(html, "http://example.com/"),
        &turtle(expected, "http://example.com/"),
    );
}

/// URL values keep the author's spelling, resolved by RFC 3986 (as the
/// suite's `sdo_eg_md_1` expects `<http://www.janedoe.com>`), unless WHATWG
/// parsing reads the spelling differently or it is not a clean IRI.
#[test]
fn url_values_keep_the_authors_spelling_when_it_means_the_same_url() {
    let html = r#"<div itemscope itemtype="http://schema.org/Thing">
  <a itemprop="a" href="http://www.janedoe.com">kept</a>
  <a itemprop="b" href="../up/./x">resolved</a>
  <a itemprop="c" href="http:\\example.com\foo">backslashes: parsed form</a>
  <a itemprop="d" href="a b">space: parsed form</a>
</div>"#;
    let expected = r#"
@prefix schema: <http://schema.org/> .
[ a schema:Thing ;
  schema:a <http://www.janedoe.com> ;
  schema:b <http://example.com/up/x> ;
  schema:c <http://example.com/foo> ;
  schema:d <http://example.com/dir/a%20b> ] .
"#;
    let base = "http://example.com/dir/page";
    assert_isomorphic(&w3c_graph(html, base), &turtle(expected, base));
    // The HTML conversion always writes the parsed form.
    let html_mode = graph(html, base, &RdfOptions::new());
    assert!(
        html_mode
            .iter()
            .any(|t| t.object.to_string() == "<http://www.janedoe.com/>")
    );
}

/// §6.3: the vocabulary is the type with everything after the last `/` of
/// its *path* removed; `http://example.org` has an empty path (its `//`
/// belong to the authority), so it is its own vocabulary and §6.4 joins
/// names with `#`.
#[test]
fn a_type_without_a_path_is_its_own_vocabulary() {
    let html =
        r#"<div itemscope itemtype="http://example.org"><span itemprop="name">N</span></div>"#;
    let expected = r#"[ a <http://example.org> ; <http://example.org#name> "N" ] ."#;
    assert_isomorphic(
        &w3c_graph(html, "http://ex.test/"),
        &turtle(expected, "http://ex.test/"),
    );
}

/// URL values and item identifiers are "created from element.itemValue",
/// the URL as parsed: case, default port and percent-encoding normalized.
/// Only a `/` left out of an empty path keeps the author's spelling, as
/// the suite's `sdo_eg_md_1` expects.
#[test]
fn urls_are_the_parsed_item_values_but_for_an_empty_paths_slash() {
    let html = r#"<div itemscope itemtype="http://schema.org/Thing" itemid="HTTP://Example.COM:80/p">
      <a itemprop="url" href="http://www.janedoe.com">a</a>
      <a itemprop="sameAs" href="/é?q=1">b</a>
      <a itemprop="image" href="HTTP://Example.COM:80">c</a></div>"#;
    let expected = r#"<http://example.com/p> a <http://schema.org/Thing> ;
      <http://schema.org/url> <http://www.janedoe.com> ;
      <http://schema.org/sameAs> <http://ex.test/%C3%A9?q=1> ;
      <http://schema.org/image> <http://example.com/> ."#;
    assert_isomorphic(
        &w3c_graph(html, "http://ex.test/"),
        &turtle(expected, "http://ex.test/"),
    );
}

/// §6.4 step 3 appends "the canonicalized fragment value of name", and
/// canonicalizing escapes only controls and non-characters (§6.1): after a
/// vocabulary ending in `/`, a `#` in a name starts the IRI's fragment.
/// Characters no IRI may hold there are still escaped: a second `#`, the
/// `#` of a name after a vocabulary ending in `#`, a `|`.
#[test]
fn names_are_appended_as_canonicalized_fragments() {
    let html = r##"<div itemscope itemtype="http://schema.org/Thing">
      <span itemprop="a#b">1</span><span itemprop="c#d#e">2</span><span itemprop="f|g">3</span></div>
      <div itemscope itemtype="http://microformats.org/profile/hcard"><span itemprop="x#y">4</span></div>"##;
    let expected = r#"[ a <http://schema.org/Thing> ;
        <http://schema.org/a#b> "1" ;
        <http://schema.org/c#d%23e> "2" ;
        <http://schema.org/f%7Cg> "3" ] .
      [ a <http://microformats.org/profile/hcard> ;
        <http://microformats.org/profile/hcard#x%23y> "4" ] ."#;
    assert_isomorphic(
        &w3c_graph(html, "http://ex.test/"),
        &turtle(expected, "http://ex.test/"),
    );
}
