//! Every example of the microdata texts that states a result.
//!
//! WHATWG HTML §5 (`whatwg-html-microdata-current.ja.txt`) unless noted.

use microdata_scraper::{ErrorKind, parse};
use serde_json::{Value as Json, json};

const PAGE: &str = "https://example.com/page";

fn json_of(html: &str) -> Json {
    let parsed = parse(html, Some(PAGE)).unwrap();
    serde_json::from_str(&parsed.to_json()).unwrap()
}

fn errors_of(html: &str) -> Vec<ErrorKind> {
    let parsed = parse(html, Some(PAGE)).unwrap();
    parsed
        .document()
        .errors()
        .iter()
        .map(|e| e.kind())
        .collect()
}

fn assert_equivalent(a: &str, b: &str) {
    assert_eq!(json_of(a), json_of(b), "\n{a}\n---\n{b}");
}

#[test]
fn two_items_with_a_name_each() {
    let html = r#"<div itemscope>
 <p>My name is <span itemprop="name">Elizabeth</span>.</p>
</div>

<div itemscope>
 <p>My name is <span itemprop="name">Daniel</span>.</p>
</div>"#;
    assert_eq!(
        json_of(html),
        json!({"items": [
            {"properties": {"name": ["Elizabeth"]}},
            {"properties": {"name": ["Daniel"]}},
        ]})
    );
    // Markup without microdata attributes does not change the model.
    assert_equivalent(
        html,
        r#"<div itemscope>
 <p>My <em>name</em> is <span itemprop="name">E<strong>liz</strong>abeth</span>.</p>
</div>

<section>
 <div itemscope>
  <aside>
   <p>My name is <span itemprop="name"><a href="/?user=daniel">Daniel</a></span>.</p>
  </aside>
 </div>
</section>"#,
    );
}

#[test]
fn three_properties() {
    let html = r#"<div itemscope>
 <p>My name is <span itemprop="name">Neil</span>.</p>
 <p>My band is called <span itemprop="band">Four Parts Water</span>.</p>
 <p>I am <span itemprop="nationality">British</span>.</p>
</div>"#;
    assert_eq!(
        json_of(html),
        json!({"items": [{"properties": {
            "name": ["Neil"], "band": ["Four Parts Water"], "nationality": ["British"]
        }}]})
    );
}

#[test]
fn url_values_data_meter_and_time() {
    assert_eq!(
        json_of(
            r#"<div itemscope><img itemprop="image" src="google-logo.png" alt="Google"></div>"#
        ),
        json!({"items": [{"properties": {"image": ["https://example.com/google-logo.png"]}}]})
    );
    assert_eq!(
        json_of(
            r#"<h1 itemscope>
 <data itemprop="product-id" value="9678AOU879">The Instigator 2000</data>
</h1>"#
        ),
        json!({"items": [{"properties": {"product-id": ["9678AOU879"]}}]})
    );
    assert_eq!(
        json_of(
            r#"<div itemscope itemtype="http://schema.org/Product">
 <span itemprop="name">Panasonic White 60L Refrigerator</span>
 <img src="panasonic-fridge-60l-white.jpg" alt="">
  <div itemprop="aggregateRating"
       itemscope itemtype="http://schema.org/AggregateRating">
   <meter itemprop="ratingValue" min=0 value=3.5 max=5>Rated 3.5/5</meter>
   (based on <span itemprop="reviewCount">11</span> customer reviews)
  </div>
</div>"#
        ),
        json!({"items": [{"type": ["http://schema.org/Product"], "properties": {
            "name": ["Panasonic White 60L Refrigerator"],
            "aggregateRating": [{"type": ["http://schema.org/AggregateRating"], "properties": {
                "ratingValue": ["3.5"], "reviewCount": ["11"]
            }}]
        }}]})
    );
    assert_eq!(
        json_of(
            r#"<div itemscope>
 I was born on <time itemprop="birthday" datetime="2009-05-10">May 10th 2009</time>.
</div>"#
        ),
        json!({"items": [{"properties": {"birthday": ["2009-05-10"]}}]})
    );
}

const AMANDA: &str = r#"<div itemscope>
 <p>Name: <span itemprop="name">Amanda</span></p>
 <p>Band: <span itemprop="band" itemscope> <span itemprop="name">Jazz Band</span> (<span itemprop="size">12</span> players)</span></p>
</div>"#;

#[test]
fn nested_item_and_its_itemref_equivalent() {
    let expected = json!({"items": [{"properties": {
        "name": ["Amanda"],
        "band": [{"properties": {"name": ["Jazz Band"], "size": ["12"]}}]
    }}]});
    assert_eq!(json_of(AMANDA), expected);
    let with_itemref = r#"<div itemscope id="amanda" itemref="a b"></div>
<p id="a">Name: <span itemprop="name">Amanda</span></p>
<div id="b" itemprop="band" itemscope itemref="c"></div>
<div id="c">
 <p>Band: <span itemprop="name">Jazz Band</span></p>
 <p>Size: <span itemprop="size">12</span> players</p>
</div>"#;
    assert_eq!(json_of(with_itemref), expected);
    assert_eq!(errors_of(with_itemref), []);
    // Only the outer item is top-level.
    let parsed = parse(AMANDA, None).unwrap();
    let doc = parsed.document();
    assert_eq!(doc.items().count(), 1);
    assert_eq!(doc.all_items().count(), 2);
}

#[test]
fn multiple_values_and_multiple_names() {
    assert_eq!(
        json_of(
            r#"<div itemscope>
 <p>Flavors in my favorite ice cream:</p>
 <ul>
  <li itemprop="flavor">Lemon sorbet</li>
  <li itemprop="flavor">Apricot sorbet</li>
 </ul>
</div>"#
        ),
        json!({"items": [{"properties": {"flavor": ["Lemon sorbet", "Apricot sorbet"]}}]})
    );
    assert_eq!(
        json_of(
            r#"<div itemscope><span itemprop="favorite-color favorite-fruit">orange</span></div>"#
        ),
        json!({"items": [{"properties": {"favorite-color": ["orange"], "favorite-fruit": ["orange"]}}]})
    );
}

#[test]
fn the_castle() {
    let a = r#"<figure>
 <img src="castle.jpeg">
 <figcaption><span itemscope><span itemprop="name">The Castle</span></span> (1986)</figcaption>
</figure>"#;
    let b = r#"<span itemscope><meta itemprop="name" content="The Castle"></span>
<figure>
 <img src="castle.jpeg">
 <figcaption>The Castle (1986)</figcaption>
</figure>"#;
    assert_equivalent(a, b);
    assert_eq!(
        json_of(a),
        json!({"items": [{"properties": {"name": ["The Castle"]}}]})
    );
}

/// §5.1.3's first Hedral: "the item has three properties, a "name"
/// ("Hedral"), a "desc" ("Hedral is...") and an "img" ("hedral.jpeg")".
#[test]
fn typed_item_with_three_properties() {
    let html = r#"<section itemscope itemtype="https://example.org/animals#cat">
 <h1 itemprop="name">Hedral</h1>
 <p itemprop="desc">Hedral is a male american domestic
 shorthair, with a fluffy black fur with white paws and belly.</p>
 <img itemprop="img" src="hedral.jpeg" alt="" title="Hedral, age 18 months">
</section>"#;
    assert_eq!(
        json_of(html),
        json!({"items": [{"type": ["https://example.org/animals#cat"], "properties": {
            "name": ["Hedral"],
            "desc": ["Hedral is a male american domestic\n shorthair, with a fluffy black fur with white paws and belly."],
            "img": ["https://example.com/hedral.jpeg"],
        }}]})
    );
    let parsed = parse(html, Some(PAGE)).unwrap();
    let doc = parsed.document();
    let cat = doc.items().next().unwrap();
    assert_eq!(cat.names(), ["name", "desc", "img"]);
    assert!(doc.errors().is_empty());
}

#[test]
fn typed_items_and_url_property_names() {
    let html = r#"<section itemscope itemtype="https://example.org/animals#cat">
 <h1 itemprop="name https://example.com/fn">Hedral</h1>
 <p itemprop="desc">Hedral is a male american domestic
 shorthair, with a fluffy <span
 itemprop="https://example.com/color">black</span> fur with <span
 itemprop="https://example.com/color">white</span> paws and belly.</p>
 <img itemprop="img" src="hedral.jpeg" alt="" title="Hedral, age 18 months">
</section>"#;
    assert_eq!(
        json_of(html),
        json!({"items": [{"type": ["https://example.org/animals#cat"], "properties": {
            "name": ["Hedral"],
            "https://example.com/fn": ["Hedral"],
            "desc": ["Hedral is a male american domestic\n shorthair, with a fluffy black fur with white paws and belly."],
            "https://example.com/color": ["black", "white"],
            "img": ["https://example.com/hedral.jpeg"],
        }}]})
    );
    let parsed = parse(html, Some(PAGE)).unwrap();
    let doc = parsed.document();
    let cat = doc
        .items_of_type("https://example.org/animals#cat")
        .next()
        .unwrap();
    assert_eq!(
        cat.names(),
        [
            "name",
            "https://example.com/fn",
            "desc",
            "https://example.com/color",
            "img"
        ]
    );
    assert_eq!(
        doc.items_of_type("https://example.org/animals#dog").count(),
        0
    );
    assert_eq!(doc.items_of_type("  ").count(), 1);
}

#[test]
fn book_with_global_identifier() {
    let html = r#"<dl itemscope
    itemtype="https://vocab.example.net/book"
    itemid="urn:isbn:0-330-34032-8">
 <dt>Title
 <dd itemprop="title">The Reality Dysfunction
 <dt>Author
 <dd itemprop="author">Peter F. Hamilton
 <dt>Publication date
 <dd><time itemprop="pubdate" datetime="1996-01-26">26 January 1996</time>
</dl>"#;
    assert_eq!(
        json_of(html),
        json!({"items": [{"type": ["https://vocab.example.net/book"], "id": "urn:isbn:0-330-34032-8", "properties": {
            "title": ["The Reality Dysfunction\n "],
            "author": ["Peter F. Hamilton\n "],
            "pubdate": ["1996-01-26"],
        }}]})
    );
    assert_eq!(errors_of(html), []);
}

#[test]
fn property_order_equivalences() {
    let base = r#"<div itemscope>
 <p itemprop="a">1</p>
 <p itemprop="a">2</p>
 <p itemprop="b">test</p>
</div>"#;
    for other in [
        r#"<div itemscope>
 <p itemprop="b">test</p>
 <p itemprop="a">1</p>
 <p itemprop="a">2</p>
</div>"#,
        r#"<div itemscope>
 <p itemprop="a">1</p>
 <p itemprop="b">test</p>
 <p itemprop="a">2</p>
</div>"#,
        r#"<div id="x">
 <p itemprop="a">1</p>
</div>
<div itemscope itemref="x">
 <p itemprop="b">test</p>
 <p itemprop="a">2</p>
</div>"#,
    ] {
        let (a, b) = (json_of(base), json_of(other));
        // Names are unordered; the values of one name keep their order.
        assert_eq!(a["items"][0]["properties"]["a"], json!(["1", "2"]));
        assert_eq!(a, b, "{other}");
    }
}

/// The 2011 draft's last equivalent form (§3.3; the 2010 draft's §5.1.2
/// has the same) puts the `itemref` target *after* the item. Its own
/// algorithm ("sort results in tree order", 2011 §3.5 step 6) then gives
/// "a" the values "2", "1", not the "1", "2" of the forms it calls
/// equivalent: the example contradicts the algorithm. The current text
/// moved `<div id="x">` first (tested above). We follow the algorithm.
#[test]
fn old_drafts_itemref_example_follows_tree_order() {
    let html = r#"<div itemscope itemref="x">
 <p itemprop="b">test</p>
 <p itemprop="a">2</p>
</div>
<div id="x">
 <p itemprop="a">1</p>
</div>"#;
    assert_eq!(
        json_of(html),
        json!({"items": [{"properties": {"b": ["test"], "a": ["2", "1"]}}]})
    );
}

#[test]
fn railway_products_with_multiple_types() {
    let html = r#"<dl itemscope itemtype="https://md.example.com/loco
                        https://md.example.com/lighting">
 <dt>Name:
 <dd itemprop="name">Tank Locomotive (DB 80)
 <dt>Product code:
 <dd itemprop="product-code">33041
 <dt>Scale:
 <dd itemprop="scale">HO
 <dt>Digital:
 <dd itemprop="digital">Delta
</dl>
<dl itemscope itemtype="https://md.example.com/track
                       https://md.example.com/lighting">
 <dt>Name:
 <dd itemprop="name">Turnout Lantern Kit
 <dt>Product code:
 <dd itemprop="product-code">74470
 <dt>Purpose:
 <dd>For retrofitting 2 <span itemprop="track-type">C</span> Track
 turnouts. <meta itemprop="scale" content="HO">
</dl>
<dl itemscope itemtype="https://md.example.com/passengers">
 <dt>Name:
 <dd itemprop="name">Express Train Passenger Car (DB Am 203)
 <dt>Product code:
 <dd itemprop="product-code">8710
 <dt>Scale:
 <dd itemprop="scale">Z
</dl>"#;
    let j = json_of(html);
    assert_eq!(
        j["items"][0]["type"],
        json!([
            "https://md.example.com/loco",
            "https://md.example.com/lighting"
        ])
    );
    assert_eq!(j["items"][0]["properties"]["digital"], json!(["Delta\n"]));
    assert_eq!(
        j["items"][1]["type"],
        json!([
            "https://md.example.com/track",
            "https://md.example.com/lighting"
        ])
    );
    assert_eq!(j["items"][1]["properties"]["track-type"], json!(["C"]));
    assert_eq!(j["items"][1]["properties"]["scale"], json!(["HO"]));
    assert_eq!(
        j["items"][2]["type"],
        json!(["https://md.example.com/passengers"])
    );
    let parsed = parse(html, None).unwrap();
    let doc = parsed.document();
    let lighting: Vec<_> = doc
        .items_of_type("https://md.example.com/lighting")
        .map(|i| {
            i.get("product-code")
                .unwrap()
                .as_str()
                .unwrap()
                .trim()
                .to_owned()
        })
        .collect();
    assert_eq!(lighting, ["33041", "74470"]);
    assert_eq!(
        doc.items_of_type("https://md.example.com/passengers https://md.example.com/loco")
            .count(),
        2
    );
}

#[test]
fn licence_gallery_shares_one_statement() {
    let html = r#"<!DOCTYPE HTML>
<html lang="en">
 <head>
  <title>Photo gallery</title>
 </head>
 <body>
  <h1>My photos</h1>
  <figure itemscope itemtype="http://n.whatwg.org/work" itemref="licenses">
   <img itemprop="work" src="images/house.jpeg" alt="A white house, boarded up, sits in a forest.">
   <figcaption itemprop="title">The house I found.</figcaption>
  </figure>
  <figure itemscope itemtype="http://n.whatwg.org/work" itemref="licenses">
   <img itemprop="work" src="images/mailbox.jpeg" alt="Outside the house is a mailbox. It has a leaflet inside.">
   <figcaption itemprop="title">The mailbox.</figcaption>
  </figure>
  <footer>
   <p id="licenses">All images licensed under the <a itemprop="license"
   href="http://www.opensource.org/licenses/mit-license.php">MIT
   license</a>.</p>
  </footer>
 </body>
</html>"#;
    let parsed = parse(html, Some("https://example.com/gallery/")).unwrap();
    let j: Json = serde_json::from_str(&parsed.to_json()).unwrap();
    let work = |n: &str, title: &str| {
        json!({"type": ["http://n.whatwg.org/work"], "properties": {
            "work": [format!("https://example.com/gallery/images/{n}.jpeg")],
            "title": [title],
            "license": ["http://www.opensource.org/licenses/mit-license.php"],
        }})
    };
    assert_eq!(
        j,
        json!({"items": [work("house", "The house I found."), work("mailbox", "The mailbox.")]})
    );
    assert!(parsed.document().errors().is_empty());
}

/// §5.3.3.1: "My Pond", licensed under two licences at once.
#[test]
fn my_pond_under_two_licences() {
    let html = r#"<figure itemscope itemtype="http://n.whatwg.org/work">
 <img itemprop="work" src="mypond.jpeg">
 <figcaption>
  <p><cite itemprop="title">My Pond</cite></p>
  <p><small>Licensed under the <a itemprop="license"
  href="https://creativecommons.org/licenses/by-sa/4.0/">Creative
  Commons Attribution-Share Alike 4.0 International License</a>
  and the <a itemprop="license"
  href="http://www.opensource.org/licenses/mit-license.php">MIT
  license</a>.</small>
 </figcaption>
</figure>"#;
    assert_eq!(
        json_of(html),
        json!({"items": [{"type": ["http://n.whatwg.org/work"], "properties": {
            "work": ["https://example.com/mypond.jpeg"],
            "title": ["My Pond"],
            "license": [
                "https://creativecommons.org/licenses/by-sa/4.0/",
                "http://www.opensource.org/licenses/mit-license.php",
            ],
        }}]})
    );
    assert!(errors_of(html).is_empty());
}

#[test]
fn svg_itemscope_is_not_an_item() {
    let html = r#"<p itemscope></p> <!-- this is an item (with no properties and no type) -->
<svg itemscope></svg> <!-- this is not -->"#;
    assert_eq!(json_of(html), json!({"items": [{"properties": {}}]}));
}

/// The JSON example of §5.4.1, byte for byte in the shortest serialization.
#[test]
fn blog_posting_json() {
    let html = r##"<!DOCTYPE HTML>
<html lang="en">
<title>My Blog</title>
<article itemscope itemtype="http://schema.org/BlogPosting">
 <header>
  <h1 itemprop="headline">Progress report</h1>
  <p><time itemprop="datePublished" datetime="2013-08-29">today</time></p>
  <link itemprop="url" href="?comments=0">
 </header>
 <p>All in all, he's doing well with his swim lessons. The biggest thing was he had trouble
 putting his head in, but we got it down.</p>
 <section>
  <h1>Comments</h1>
  <article itemprop="comment" itemscope itemtype="http://schema.org/UserComments" id="c1">
   <link itemprop="url" href="#c1">
   <footer>
    <p>Posted by: <span itemprop="creator" itemscope itemtype="http://schema.org/Person">
     <span itemprop="name">Greg</span>
    </span></p>
    <p><time itemprop="commentTime" datetime="2013-08-29">15 minutes ago</time></p>
   </footer>
   <p>Ha!</p>
  </article>
  <article itemprop="comment" itemscope itemtype="http://schema.org/UserComments" id="c2">
   <link itemprop="url" href="#c2">
   <footer>
    <p>Posted by: <span itemprop="creator" itemscope itemtype="http://schema.org/Person">
     <span itemprop="name">Charlotte</span>
    </span></p>
    <p><time itemprop="commentTime" datetime="2013-08-29">5 minutes ago</time></p>
   </footer>
   <p>When you say "we got it down"...</p>
  </article>
 </section>
</article>"##;
    let parsed = parse(html, Some("https://blog.example.com/progress-report")).unwrap();
    let expected = concat!(
        r#"{"items":[{"type":["http://schema.org/BlogPosting"],"properties":{"#,
        r#""headline":["Progress report"],"datePublished":["2013-08-29"],"#,
        r#""url":["https://blog.example.com/progress-report?comments=0"],"comment":["#,
        r#"{"type":["http://schema.org/UserComments"],"properties":{"url":["https://blog.example.com/progress-report#c1"],"#,
        r#""creator":[{"type":["http://schema.org/Person"],"properties":{"name":["Greg"]}}],"commentTime":["2013-08-29"]}},"#,
        r#"{"type":["http://schema.org/UserComments"],"properties":{"url":["https://blog.example.com/progress-report#c2"],"#,
        r#""creator":[{"type":["http://schema.org/Person"],"properties":{"name":["Charlotte"]}}],"commentTime":["2013-08-29"]}}"#,
        r#"]}}]}"#
    );
    assert_eq!(parsed.to_json(), expected);
    insta::assert_snapshot!(
        parsed
            .document()
            .to_json_with(microdata_scraper::json::JsonOptions::new().with_pretty(true))
    );
}

/// The DOM API examples of the 2011 W3C draft §4.
#[test]
fn dom_api() {
    let html = r#"<section itemscope itemtype="http://example.org/animals#cat">
 <h1 itemprop="name">Hedral</h1>
 <p itemprop="desc">Hedral is a male american domestic shorthair.</p>
 <img itemprop="img" src="hedral.jpeg" alt="" title="Hedral, age 18 months">
 <meta itemprop="age" content="18m">
</section>"#;
    let parsed = parse(html, Some("http://example.org/")).unwrap();
    let doc = parsed.document();
    let cat = doc
        .items_of_type("http://example.org/animals#cat")
        .next()
        .unwrap();
    assert_eq!(cat.properties().len(), 4);
    assert_eq!(cat.names(), ["name", "desc", "img", "age"]);
    let names: Vec<_> = cat
        .values("name")
        .map(|v| v.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(names, ["Hedral"]);
    assert_eq!(
        cat.get("img").unwrap().as_url(),
        Some("http://example.org/hedral.jpeg")
    );
    assert_eq!(cat.get("age").unwrap().as_text(), Some("18m"));
    // itemValue: None without itemprop, the item for itemscope elements.
    assert!(cat.element().item_value().is_none());
    let h1 = cat.named("name").next().unwrap();
    assert_eq!(h1.item_value().unwrap().as_str(), Some("Hedral"));
}
