//! Microdata extraction on a generated ~5 MB product-listing page
//! (`benches::default_listing`, ~20,000 items), timed in three ways:
//!
//! - `parse`: HTML parsing alone (`microdata_scraper::parse_html`);
//! - `parse_and_json`: parsing plus the `application/microdata+json`
//!   conversion, what `microdata_scraper::parse(..)?.to_json()` costs;
//! - `json_from_dom`: the microdata part alone (indexing the document and
//!   writing the JSON) on a DOM parsed once outside the timed loop;
//! - `index_from_dom`: indexing alone (`Document` construction and a walk
//!   over every item), to split `json_from_dom` into index and JSON.
//!
//! Run with `cargo xtask bench` (or `cargo bench -p benches`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use microdata_scraper::{Url, document, parse_html};

fn microdata(c: &mut Criterion) {
    let page = benches::default_listing();
    let url = Url::parse(benches::PAGE_URL).expect("PAGE_URL is absolute");
    let dom = parse_html(&page.html);

    let mut group = c.benchmark_group("microdata");
    group
        .throughput(Throughput::Bytes(page.html.len() as u64))
        // Each iteration takes tens of milliseconds: few, flat samples keep
        // a run short.
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));

    group.bench_function("parse", |b| {
        b.iter(|| black_box(parse_html(black_box(&page.html))));
    });
    group.bench_function("parse_and_json", |b| {
        b.iter(|| {
            let dom = parse_html(black_box(&page.html));
            black_box(document(&dom, Some(url.clone())).to_json())
        });
    });
    group.bench_function("json_from_dom", |b| {
        b.iter(|| black_box(document(black_box(&dom), Some(url.clone())).to_json()));
    });
    group.bench_function("index_from_dom", |b| {
        b.iter(|| {
            let doc = document(black_box(&dom), Some(url.clone()));
            black_box(doc.all_items().count())
        });
    });
    group.finish();
}

criterion_group!(benches, microdata);
criterion_main!(benches);
