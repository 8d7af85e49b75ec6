//! The vEvent vocabulary checks.

use microdata_ical::check;

use crate::util::{URL, events_sharing_a_block, fixture};

fn rules(html: &str) -> Vec<String> {
    let parsed = microdata_scraper::parse(html, Some(URL)).unwrap();
    let doc = parsed.document();
    check(&doc).iter().map(|w| w.rule().to_owned()).collect()
}

/// A vEvent with a valid `dtstart`, plus `body`.
fn vevent(body: &str) -> String {
    format!(
        r#"<div itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">
           <time itemprop=dtstart datetime="2009-05-05T19:00:00Z">7pm</time>{body}</div>"#
    )
}

#[test]
fn spec_examples_are_clean() {
    for name in ["bluesday-page.html", "bluesday-blog.html"] {
        assert_eq!(rules(&fixture(name)), Vec::<String>::new(), "{name}");
    }
}

/// The 2010 vocabulary supported global identifiers; the current one,
/// which `check` follows, does not.
#[test]
fn the_2010_blog_breaks_current_rules() {
    let parsed = microdata_scraper::parse(&fixture("bluesday-blog-2010.html"), Some(URL)).unwrap();
    let doc = parsed.document();
    let shown: Vec<String> = check(&doc).iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        [
            "the vEvent vocabulary does not support global identifiers: `itemid` is not allowed \
          [vevent:global-identifier] (<div> #3)",
            "`dtend` must be a valid global date and time string, found \"9pm\" \
          [vevent:dtend-value] (<time> #7)"
        ]
    );
}

/// "The item types must all be defined to use the same vocabulary"
/// (§5.2.2): the vEvent vocabulary has one type, so a second type of any
/// kind breaks the rule (an hCard and a vEvent in one item, say). The
/// names the other type allows are not known, so no name is judged.
#[test]
fn a_second_item_type() {
    let html = r#"<div itemscope itemtype="http://microformats.org/profile/hcalendar#vevent http://microformats.org/profile/hcard">
        <time itemprop=dtstart datetime="2009-05-05">x</time><b itemprop=fn>A</b></div>"#;
    assert_eq!(rules(html), ["vevent:other-type"]);
    let repeated = r#"<div itemscope itemtype="http://microformats.org/profile/hcalendar#vevent http://microformats.org/profile/hcalendar#vevent">
        <time itemprop=dtstart datetime="2009-05-05">x</time></div>"#;
    assert_eq!(rules(repeated), Vec::<String>::new());
}

#[test]
fn dtstart_exactly_once() {
    let none = r#"<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent"></p>"#;
    assert_eq!(rules(none), ["vevent:dtstart-exactly-once"]);
    let twice = vevent(r#"<meta itemprop=dtstart content=2009-05-06>"#);
    assert_eq!(rules(&twice), ["vevent:dtstart-exactly-once"]);
}

#[test]
fn single_valued_properties() {
    let html = vevent(
        r#"<b itemprop=summary>a</b><b itemprop=summary>b</b>
           <b itemprop=location>a</b><b itemprop=location>b</b>
           <meta itemprop=sequence content=1><meta itemprop=sequence content=2>
           <b itemprop=comment>any number</b><b itemprop=comment>of comments</b>"#,
    );
    assert_eq!(rules(&html), ["vevent:single-valued"; 3]);
}

#[test]
fn dtend_and_duration_together() {
    let html = vevent(
        r#"<meta itemprop=dtend content="2009-05-05T21:00:00Z"><meta itemprop=duration content=PT2H>"#,
    );
    assert_eq!(rules(&html), ["vevent:dtend-with-duration"; 2]);
}

#[test]
fn duration_syntax() {
    for ok in ["P1W", "PT2H", "P1DT2H30M", "PT90M", "PT1M30S", "P2D"] {
        let html = vevent(&format!("<meta itemprop=duration content={ok}>"));
        assert_eq!(rules(&html), Vec::<String>::new(), "{ok}");
    }
    for bad in ["PT1H30S", "P1WT1H", "2h", "P", "PT", "P1.5D", "-PT1H"] {
        let html = vevent(&format!("<meta itemprop=duration content={bad}>"));
        assert_eq!(rules(&html), ["vevent:duration-value"], "{bad}");
    }
}

#[test]
fn value_lists() {
    let html = vevent(
        r#"<meta itemprop=class content=PUBLIC><meta itemprop=status content=postponed>
           <meta itemprop=transp content=busy>"#,
    );
    assert_eq!(
        rules(&html),
        [
            "vevent:class-value",
            "vevent:status-value",
            "vevent:transp-value"
        ]
    );
    let ok = vevent(
        r#"<meta itemprop=class content=confidential><meta itemprop=status content=cancelled>
           <meta itemprop=transp content=transparent>"#,
    );
    assert_eq!(rules(&ok), Vec::<String>::new());
}

#[test]
fn geo_and_urls() {
    let html = vevent(
        r#"<meta itemprop=geo content="52.48,-1.89"><span itemprop=url>http://example.com/</span>
           <a itemprop=attach href=/doc.pdf>doc</a><span itemprop=attach itemscope></span>"#,
    );
    assert_eq!(
        rules(&html),
        ["vevent:url-value", "vevent:url-value", "vevent:geo-syntax"]
    );
}

#[test]
fn date_values() {
    let html = vevent(
        r#"<meta itemprop=exdate content="2009-05-12"><meta itemprop=exdate content="May 12">
           <meta itemprop=created content="2009-04-01"><meta itemprop=last-modified content="2009-04-01T10:00Z">
           <meta itemprop=rdate content="2009-05-19T19:00Z/PT2H"><meta itemprop=rdate content="2009-05-19T19:00">
           <meta itemprop=sequence content="-1">"#,
    );
    assert_eq!(
        rules(&html),
        [
            "vevent:exdate-value",
            "vevent:rdate-value",
            "vevent:created-value",
            "vevent:sequence-value"
        ]
    );
    let bad_start = r#"<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">
        <meta itemprop=dtstart content="2009-05-05T19:00"></p>"#;
    assert_eq!(rules(bad_start), ["vevent:dtstart-value"]);
}

#[test]
fn dtend_follows_dtstart() {
    let event = |start: &str, end: &str| {
        format!(
            r#"<p itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">
               <meta itemprop=dtstart content="{start}"><meta itemprop=dtend content="{end}"></p>"#
        )
    };
    let clean: Vec<String> = Vec::new();
    assert_eq!(rules(&event("2009-05-05", "2009-05-06")), clean);
    assert_eq!(
        rules(&event("2009-05-05T19:00Z", "2009-05-05T21:00+01:00")),
        clean
    );
    assert_eq!(
        rules(&event("2009-05-05T19:00Z", "2009-05-05T18:00-00:30")),
        ["vevent:dtend-after-dtstart"]
    );
    assert_eq!(
        rules(&event("2009-05-05T19:00Z", "2009-05-05T21:00+02:00")),
        ["vevent:dtend-after-dtstart"]
    );
    assert_eq!(
        rules(&event("2009-05-05T19:00Z", "2009-05-05T21:00+01:59")),
        clean
    );
    assert_eq!(
        rules(&event("2009-05-05", "2009-05-05")),
        ["vevent:dtend-after-dtstart"]
    );
    // A date start wants a date end, a date-time start a global date-time.
    assert_eq!(
        rules(&event("2009-05-05", "2009-05-06T10:00Z")),
        ["vevent:dtend-value"]
    );
    assert_eq!(
        rules(&event("2009-05-05T19:00Z", "2009-05-06")),
        ["vevent:dtend-value"]
    );
}

#[test]
fn text_values() {
    let html = vevent(
        r#"<a itemprop=summary href=/s>s</a><div itemprop=location itemscope></div>
           <a itemprop=dtend href="2009-05-05T21:00:00Z">x</a>"#,
    );
    assert_eq!(rules(&html), ["vevent:text-value"; 3]);
}

#[test]
fn names_a_line_cannot_carry() {
    let parsed = microdata_scraper::parse(
        &vevent(
            r#"<b itemprop="x-room">4</b><b itemprop="schema:name summary">Talk</b>
               <b itemprop="End">soon</b>"#,
        ),
        Some(URL),
    )
    .unwrap();
    let doc = parsed.document();
    let shown: Vec<(String, String)> = check(&doc)
        .iter()
        .map(|w| (w.rule().to_owned(), w.message().to_owned()))
        .collect();
    let undefined = |name: &str| {
        (
            "vevent:undefined-property".to_owned(),
            format!(
                "`{name}` is not a property of {} items (nor an absolute URL)",
                microdata_ical::VEVENT_TYPE
            ),
        )
    };
    assert_eq!(
        shown,
        [
            // Not vEvent's names (`schema:name` parses as an absolute URL).
            undefined("x-room"),
            undefined("End"),
            (
                "vevent:line-name".to_owned(),
                "`schema:name` is not a valid iCalendar property name (letters, digits and hyphens): \
                 the line written for it is not valid iCalendar"
                    .to_owned()
            ),
            // A valid name, but its line closes the component.
            (
                "vevent:line-name".to_owned(),
                "`End` is written as an `END:` line, which readers of iCalendar take for the start \
                 or end of a component"
                    .to_owned()
            )
        ]
    );
}

/// Events that share one block through `itemref` each check it: a
/// warning about one of its properties is given once, not once per event,
/// and the check stops, saying where, past `max_reads` property values
/// read (each event reads the whole block).
#[test]
fn shared_blocks_are_reported_once_and_the_reads_are_bounded() {
    use microdata_model::Limits;
    let html = events_sharing_a_block(40, &"<i itemprop=dtstart>x</i>".repeat(3));
    let parsed = microdata_scraper::parse(&html, Some(URL)).unwrap();
    let doc = parsed.document();
    let rules = |max_reads| -> Vec<String> {
        let limits = Limits::default().with_max_reads(max_reads);
        microdata_ical::check_within(&doc, &limits)
            .iter()
            .map(|w| w.rule().to_owned())
            .collect()
    };
    let count = |rules: &[String], rule: &str| rules.iter().filter(|r| *r == rule).count();
    // 40 events, three bad dates: each warning once; 120 reads.
    let all = rules(120);
    assert_eq!(all, rules(usize::MAX));
    assert_eq!(
        all,
        check(&doc)
            .iter()
            .map(|w| w.rule().to_owned())
            .collect::<Vec<_>>()
    );
    assert_eq!(count(&all, "vevent:dtstart-exactly-once"), 2);
    assert_eq!(count(&all, "vevent:dtstart-value"), 3);
    assert_eq!(count(&all, "vocab:check-stopped"), 0);
    // One read short: stopped at the last event, once, after the
    // warnings so far.
    let short = rules(119);
    assert_eq!(
        short.last().map(String::as_str),
        Some("vocab:check-stopped")
    );
    assert_eq!(count(&short, "vocab:check-stopped"), 1);
    assert_eq!(short.len(), all.len() + 1);
    let parsed_stop = microdata_ical::check_within(&doc, &Limits::default().with_max_reads(119));
    assert_eq!(
        parsed_stop.last().unwrap().element(),
        doc.items().nth(39).unwrap().element()
    );
}
