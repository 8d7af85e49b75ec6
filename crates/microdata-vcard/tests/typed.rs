//! The typed `vcard4::Vcard` (feature `typed`), built from the same data
//! as the text.

use microdata_vcard::{VcardOptions, to_vcard4};
use vcard4::parameter::{RelatedType, TelephoneType, TypeParameter};
use vcard4::property::{DateAndOrTime, DateTimeOrTextProperty, Sex, TextOrUriProperty};

use crate::util::{URL, fixture};

fn typed(html: &str) -> vcard4::Vcard {
    let parsed = microdata_scraper::parse(html, Some(URL)).unwrap();
    to_vcard4(&parsed.document(), &VcardOptions::new()).unwrap()
}

fn types(p: &Option<vcard4::parameter::Parameters>) -> Vec<TypeParameter> {
    p.as_ref().and_then(|p| p.types.clone()).unwrap_or_default()
}

#[test]
fn jack_bauer_typed() {
    let card = typed(&fixture("jack-bauer.html"));
    assert_eq!(card.source[0].value.to_string(), URL);
    assert_eq!(
        card.formatted_name[0].value,
        "\n  \n   Jack\n   Bauer\n  \n "
    );
    assert_eq!(
        card.name.as_ref().unwrap().value,
        ["Bauer", "Jack", "", "", ""]
    );
    assert!(matches!(&card.photo[0], TextOrUriProperty::Uri(u)
        if u.value.to_string() == "https://example.com/jack-bauer.jpg"));
    assert_eq!(
        card.org[0].value,
        ["Counter-Terrorist Unit", "Los Angeles Division"]
    );
    let adr = &card.address[0].value;
    assert_eq!(adr.street_address.as_deref(), Some("10201 W. Pico Blvd."));
    assert_eq!(adr.locality.as_deref(), Some("Los Angeles"));
    assert_eq!(adr.country_name.as_deref(), Some("United States"));
    assert_eq!(adr.po_box, None);
    assert_eq!(card.geo[0].value.to_string(), "geo:34.052339,-118.410623");
    assert_eq!(card.tel.len(), 3);
    let TextOrUriProperty::Text(cell) = &card.tel[1] else {
        panic!("{:?}", card.tel[1])
    };
    assert_eq!(cell.value, "+1 (310) 555 3781");
    assert_eq!(
        types(&cell.parameters),
        [TypeParameter::Telephone(TelephoneType::Cell)]
    );
    assert_eq!(card.url.len(), 2);
    assert_eq!(card.email[0].value, "j.bauer@la.ctu.gov.invalid");
    let rev: vcard4::time::OffsetDateTime = *card.rev.as_ref().unwrap().value.as_ref();
    assert_eq!(rev.unix_timestamp(), 1_216_584_000);
    assert_eq!(rev.offset().whole_hours(), 1);
    // vcard4 writes a card it can read again.
    let again = vcard4::parse(card.to_string()).unwrap();
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].formatted_name, card.formatted_name);
}

#[test]
fn typed_dates_gender_related_and_extensions() {
    let card = typed(
        r#"<div itemscope itemtype="http://microformats.org/profile/hcard">
           <b itemprop=fn>A</b><meta itemprop=bday content=1815-12-10>
           <meta itemprop=anniversary content="sometime"><meta itemprop=sex content=F>
           <meta itemprop=gender-identity content=woman><meta itemprop=kind content=individual>
           <div itemprop=related itemscope itemtype="http://microformats.org/profile/hcard">
             <a itemprop=url href=/ada>a</a><meta itemprop=rel content=friend></div>
           <meta itemprop=categories content="a,b"><meta itemprop=lang content=en>
           <a itemprop="https://schema.org/sameAs" href=/same>s</a>
           <span itemprop=geo>not a geo</span><span itemprop=url>relative</span></div>"#,
    );
    let Some(DateTimeOrTextProperty::DateTime(bday)) = &card.bday else {
        panic!("{:?}", card.bday)
    };
    let DateAndOrTime::Date(d) = &bday.value[0] else {
        panic!("{bday:?}")
    };
    assert_eq!(d.to_string(), "1815-12-10");
    assert!(
        matches!(&card.anniversary, Some(DateTimeOrTextProperty::Text(t)) if t.value == "sometime")
    );
    let gender = &card.gender.as_ref().unwrap().value;
    assert_eq!(gender.sex, Sex::Female);
    assert_eq!(gender.identity.as_deref(), Some("woman"));
    assert_eq!(card.kind.as_ref().unwrap().value.to_string(), "individual");
    let TextOrUriProperty::Uri(rel) = &card.related[0] else {
        panic!("{:?}", card.related[0])
    };
    assert_eq!(rel.value.to_string(), "https://example.com/ada");
    assert_eq!(
        types(&rel.parameters),
        [TypeParameter::Related(RelatedType::Friend)]
    );
    // The escaped comma of the text is a literal comma: one category.
    assert_eq!(card.categories[0].value, ["a,b"]);
    let ext: Vec<(String, String)> = card
        .extensions
        .iter()
        .map(|e| (e.name.clone(), format!("{:?}", e.value)))
        .collect();
    assert_eq!(ext.len(), 2);
    assert_eq!(ext[0].0, "LANG");
    assert_eq!(ext[1].0, "HTTPS://SCHEMA.ORG/SAMEAS");
    // A geo outside the vocabulary's syntax, and a URL that is not a URI,
    // are dropped.
    assert!(card.geo.is_empty());
    assert!(card.url.is_empty());
}

#[test]
fn typed_none_without_hcard() {
    let parsed = microdata_scraper::parse("<p itemscope>", None).unwrap();
    assert!(to_vcard4(&parsed.document(), &VcardOptions::new()).is_none());
}

/// Text values of the properties that take a URI or text (here TEL and
/// KEY) say `VALUE=text`: readers then keep them text. vcard4 tries any
/// other value as a URI, and its URI parser panics on text such as
/// `2008-07-20T21:00:00+01:00`, whose part before the colon is no scheme.
#[test]
fn text_values_of_uri_or_text_properties_say_so() {
    let card = typed(
        r#"<div itemscope itemtype="http://microformats.org/profile/hcard">
           <b itemprop=fn>A</b><span itemprop=tel>2008-07-20T21:00:00+01:00</span>
           <a itemprop=tel href="tel:+1-555-0100">call</a>
           <span itemprop=key>0x1: abc</span></div>"#,
    );
    let printed = card.to_string();
    let lines: Vec<&str> = printed
        .split("\r\n")
        .filter(|l| l.starts_with("TEL") || l.starts_with("KEY"))
        .collect();
    assert_eq!(
        lines,
        [
            "TEL;VALUE=text:2008-07-20T21:00:00+01:00",
            "TEL:tel:+1-555-0100",
            "KEY;VALUE=text:0x1: abc",
        ]
    );
    let again = vcard4::parse(&printed).unwrap();
    assert!(matches!(&again[0].tel[0], TextOrUriProperty::Text(t)
        if t.value == "2008-07-20T21:00:00+01:00"));
    assert!(matches!(&again[0].tel[1], TextOrUriProperty::Uri(u)
        if u.value.to_string() == "tel:+1-555-0100"));
    assert!(matches!(&again[0].key[0], TextOrUriProperty::Text(t) if t.value == "0x1: abc"));
}

/// A text `BDAY` or `ANNIVERSARY` says `VALUE=text` (RFC 6350 §6.2.5):
/// without it vcard4 reads its own output back as a date and fails. A CR
/// in the gender identity (which the text does not escape) is an LF, so the
/// printed card stays one card and reads back.
#[test]
fn printed_text_dates_and_gender_read_back() {
    let card = typed(
        r#"<div itemscope itemtype="http://microformats.org/profile/hcard">
           <b itemprop=fn>A</b><meta itemprop=bday content="March 1st">
           <meta itemprop=anniversary content="sometime"><meta itemprop=sex content=F>
           <meta itemprop=gender-identity content="one&#13;two&#13;&#10;three"></div>"#,
    );
    let printed = card.to_string();
    let lines: Vec<&str> = printed
        .split("\r\n")
        .filter(|l| ["BDAY", "ANNIVERSARY"].iter().any(|n| l.starts_with(n)))
        .collect();
    assert_eq!(
        lines,
        [
            "BDAY;VALUE=text:March 1st",
            "ANNIVERSARY;VALUE=text:sometime"
        ]
    );
    assert!(!printed.replace("\r\n", "").contains('\r'), "{printed:?}");
    let again = vcard4::parse(&printed).unwrap();
    assert_eq!(again.len(), 1);
    assert!(
        matches!(&again[0].bday, Some(DateTimeOrTextProperty::Text(t))
        if t.value == "March 1st")
    );
    assert!(
        matches!(&again[0].anniversary, Some(DateTimeOrTextProperty::Text(t))
        if t.value == "sometime")
    );
    let gender = &again[0].gender.as_ref().unwrap().value;
    assert_eq!(gender.identity.as_deref(), Some("one\ntwo\nthree"));
}

/// The typed conversion stops at the same limits as the text, and says
/// which: a card quadratic in the page (many `adr` lines sharing one large
/// address) stops at the reads, the properties cap at the lines.
#[test]
fn typed_card_reports_the_limit_the_text_reaches() {
    use microdata_vcard::{Limit, Limits, try_to_vcard, try_to_vcard4};
    let mut quadratic =
        String::from(r#"<div itemscope itemtype="http://microformats.org/profile/hcard">"#);
    quadratic.push_str(&"<b itemprop=adr itemscope itemref=street></b>".repeat(3_000));
    quadratic.push_str("</div><div id=street>");
    quadratic.push_str(&"<i itemprop=street-address>x</i>".repeat(3_000));
    quadratic.push_str("</div>");
    let parsed = microdata_scraper::parse(&quadratic, Some(URL)).unwrap();
    let doc = parsed.document();
    for (limits, limit) in [
        (Limits::default(), Limit::Reads),
        (Limits::none().with_max_properties(10), Limit::Properties),
    ] {
        let options = VcardOptions::new().with_limits(limits);
        assert_eq!(try_to_vcard(&doc, &options).unwrap_err().limit(), limit);
        assert_eq!(try_to_vcard4(&doc, &options).unwrap_err().limit(), limit);
        assert!(to_vcard4(&doc, &options).is_none());
    }
    let small = microdata_scraper::parse(&fixture("jack-bauer.html"), Some(URL)).unwrap();
    let card = try_to_vcard4(&small.document(), &VcardOptions::new()).unwrap();
    assert_eq!(card, to_vcard4(&small.document(), &VcardOptions::new()));
    let none = microdata_scraper::parse("<p>no card</p>", Some(URL)).unwrap();
    assert_eq!(
        try_to_vcard4(&none.document(), &VcardOptions::new()),
        Ok(None)
    );
}
