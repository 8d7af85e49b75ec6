//! The Bluesday Tuesday examples of WHATWG HTML §5.3.2.2, and the 2010
//! draft's variant of the blog markup.

use microdata_ical::to_icalendar;

use crate::util::{URL, fixture, options, parse_back, prop};

/// The output with this crate's version (in PRODID) replaced, so that a
/// release does not change the snapshots.
fn snapshot(out: &str) -> String {
    out.replace(env!("CARGO_PKG_VERSION"), "[version]")
}

fn convert(name: &str, opts: &microdata_ical::IcalOptions) -> String {
    let parsed = microdata_scraper::parse(&fixture(name), Some(URL)).unwrap();
    to_icalendar(&parsed.document(), opts).unwrap()
}

/// The event both examples describe, after DTSTAMP.
fn bluesday(summary_first: bool) -> Vec<crate::util::Prop> {
    let dt = [("VALUE", "DATE-TIME")];
    let mut props = vec![
        prop("DTSTAMP", &dt, "20090501T120000Z"),
        prop("SUMMARY", &[], "Bluesday Tuesday: Money Road"),
        prop("DTSTART", &dt, "20090505T190000Z"),
        prop("DTEND", &dt, "20090505T210000Z"),
        prop("URL", &[], URL),
        prop("LOCATION", &[], "The RoadHouse"),
        prop("DESCRIPTION", &[], "via livebrum.co.uk"),
    ];
    if !summary_first {
        // In the blog markup the location comes before the URL.
        props.swap(4, 5);
    }
    props
}

#[test]
fn bluesday_tuesday_page() {
    let out = convert("bluesday-page.html", &options());
    insta::assert_snapshot!("bluesday-page", snapshot(&out));
    assert_eq!(parse_back(&out), [bluesday(true)]);
}

#[test]
fn bluesday_tuesday_blog() {
    let out = convert("bluesday-blog.html", &options());
    insta::assert_snapshot!("bluesday-blog", snapshot(&out));
    assert_eq!(parse_back(&out), [bluesday(false)]);
}

#[test]
fn bluesday_tuesday_page_with_the_blog_markup() {
    // "The same page could offer some markup ... for copy-and-pasting":
    // both items in one document give two events, in tree order.
    let page = fixture("bluesday-page.html");
    let blog = fixture("bluesday-blog.html");
    let html = page.replace("</body>", &format!("{blog}</body>"));
    let parsed = microdata_scraper::parse(&html, Some(URL)).unwrap();
    let out = to_icalendar(&parsed.document(), &options()).unwrap();
    assert_eq!(parse_back(&out), [bluesday(true), bluesday(false)]);
}

#[test]
fn bluesday_tuesday_blog_of_2010() {
    // With the 2010 draft's options: a UID from the itemid, dates from time
    // elements. The dtend time element's `content` attribute is not its
    // value ("9pm"), so DTEND is skipped, as it is with the current rules.
    let opts = options()
        .with_uid_from_itemid(true)
        .with_time_element_dates(true);
    let out = convert("bluesday-blog-2010.html", &opts);
    insta::assert_snapshot!("bluesday-blog-2010", snapshot(&out));
    let dt = [("VALUE", "DATE-TIME")];
    assert_eq!(
        parse_back(&out),
        [vec![
            prop("DTSTAMP", &dt, "20090501T120000Z"),
            prop("UID", &[], &format!("{URL}#event")),
            prop("SUMMARY", &[], "Bluesday Tuesday: Money Road"),
            prop("DTSTART", &dt, "20090505T190000Z"),
            prop("LOCATION", &[], "The RoadHouse"),
            prop("URL", &[], URL),
            prop("DESCRIPTION", &[], "via livebrum.co.uk"),
        ]]
    );
    let current = convert("bluesday-blog-2010.html", &options());
    assert_eq!(current, out.replace(&format!("UID:{URL}#event\r\n"), ""));
}

#[test]
fn dtstamp_from_a_parsed_date_is_written_in_utc() {
    // The same instant as `options()`'s SystemTime, given as a date with an
    // offset: DTSTAMP is written "in UTC" all the same.
    let moment =
        microdata_model::microsyntax::parse_global_date_time("2009-05-01T14:00+02:00").unwrap();
    let out = convert(
        "bluesday-page.html",
        &microdata_ical::IcalOptions::new().with_dtstamp(moment),
    );
    assert_eq!(out, convert("bluesday-page.html", &options()));
    assert!(out.contains("\r\nDTSTAMP;VALUE=DATE-TIME:20090501T120000Z\r\n"));
}
