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
//! The feed is `benches::shapes::h_feed` with microformats2 markup only.
//!
//! Run with `cargo bench -p benches --bench mf2`.

use std::hint::black_box;
use std::time::Duration;

use benches::shapes::{FEED_URL, FeedMarkup, h_feed};
use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use microdata_scraper::{Url, document, parse_html};
use microformats2::Mf2Options;

const ENTRIES: usize = 10_000;

fn mf2(c: &mut Criterion) {
    let html = h_feed(ENTRIES, FeedMarkup::Mf2).html;
    let url = Url::parse(FEED_URL).expect("FEED_URL is absolute");
    let dom = parse_html(&html);
    let options = Mf2Options::new();

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
