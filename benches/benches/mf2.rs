//! microformats2 parsing on a generated `h-feed` of 10,000 `h-entry` items
//! (~7 MB: names, permalinks, dates with the value-class pattern, author
//! `h-card`s with photos, `e-content` with relative links, categories, a
//! nested reply), timed in three ways:
//!
//! - `parse_and_json`: HTML parsing, indexing, microformats2 parsing and the
//!   JSON, what the `microdata --format mf2` command costs per page;
//! - `json_from_dom`: indexing, microformats2 parsing and the JSON on a DOM
//!   parsed once outside the timed loop (compare with the `microdata`
//!   bench's `json_from_dom`);
//! - `parse_from_index`: microformats2 parsing alone, on a document indexed
//!   once.
//!
//! Run with `cargo bench -p benches --bench mf2`.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use microdata_scraper::{Url, document, parse_html};
use microformats2::Options;

const ENTRIES: usize = 10_000;
const FEED_URL: &str = "https://blog.example/notes/";

/// A deterministic feed page with `entries` entries.
fn feed(entries: usize) -> String {
    let mut html = String::from(
        "<!doctype html><html lang=\"en\"><head><title>Notes</title>\
         <link rel=\"alternate\" type=\"application/atom+xml\" href=\"/feed.atom\">\
         <link rel=\"me\" href=\"https://social.example/@ada\"></head><body>\
         <main class=\"h-feed\"><h1 class=\"p-name\">Notes</h1>\
         <a class=\"p-author h-card\" href=\"/\">Ada</a>\n",
    );
    for i in 0..entries {
        let day = i % 28 + 1;
        let hour = i % 12 + 1;
        let _ = write!(
            html,
            r#"<article class="h-entry" id="n{i}">
  <h2><a class="p-name u-url" href="/notes/{i}">Note number {i}</a></h2>
  <p class="dt-published"><time class="value" datetime="2024-02-{day:02}">Feb {day}</time> at <span class="value">{hour}:30pm</span></p>
  <a class="p-author h-card" href="/"><img class="u-photo" src="/ada.jpg" alt="">Ada Lovelace</a>
  <div class="e-content"><p>Entry {i} talks about <a href="../topics/{t}">topic {t}</a> and
    <em>engines</em> &amp; numbers.</p><img src="img/{i}.png" alt="figure {i}"></div>
  <p>Tags: <a class="p-category" href="/tags/t{t}">t{t}</a> <span class="p-category">misc</span></p>
  <div class="u-in-reply-to h-cite"><a class="u-url p-name" href="https://other.example/{i}">A reply</a></div>
</article>
"#,
            t = i % 17
        );
    }
    html.push_str("</main></body></html>");
    html
}

fn mf2(c: &mut Criterion) {
    let html = feed(ENTRIES);
    let url = Url::parse(FEED_URL).expect("FEED_URL is absolute");
    let dom = parse_html(&html);
    let options = Options::new();

    let mut group = c.benchmark_group("mf2");
    group
        .throughput(Throughput::Bytes(html.len() as u64))
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));

    group.bench_function("parse_and_json", |b| {
        b.iter(|| {
            let dom = parse_html(black_box(&html));
            let doc = document(&dom, Some(url.clone()));
            black_box(microformats2::parse(&doc, &options).to_json())
        });
    });
    group.bench_function("json_from_dom", |b| {
        b.iter(|| {
            let doc = document(black_box(&dom), Some(url.clone()));
            black_box(microformats2::parse(&doc, &options).to_json())
        });
    });
    let indexed = document(&dom, Some(url.clone()));
    group.bench_function("parse_from_index", |b| {
        b.iter(|| {
            black_box(
                microformats2::parse(black_box(&indexed), &options)
                    .items
                    .len(),
            )
        });
    });
    group.finish();

    // Guard the input: the feed really holds the entries.
    let out = microformats2::parse(&indexed, &options);
    assert_eq!(out.items[0].children.len(), ENTRIES);
}

criterion_group!(benches, mf2);
criterion_main!(benches);
