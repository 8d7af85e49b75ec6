//! Time against input size: each input of `benches::shapes::Shape` (the
//! product listing, an `itemref`-heavy page, a page 100,000 `<span>`s deep,
//! a mixed classic/mf2 `h-feed`, the blog) at 1x, 4x and 16x its base
//! size, through every entry point on a DOM parsed once outside the timed
//! loop:
//!
//! - `microdata_json`: indexing the document and writing the
//!   `application/microdata+json` within the default limits,
//!   `document(&dom, url).try_to_json_with(JsonOptions::new(), Limits::default())`;
//! - `mf2_json`: indexing, microformats2 parsing and its JSON,
//!   `microformats2::parse(&document(&dom, url), &options).to_json()`;
//! - `rdf_ntriples`, `vcard`, `ical`, `atom`: indexing and the conversion
//!   as the entry-point matrix runs it (`benches::entry::EntryPoint`).
//!
//! and, as the reference they are held against, `parse`: scraper's own
//! parse of the same input (`parse_html`, dropping the DOM), a linear
//! workload whose ratio shows what the machine's memory hierarchy does to
//! a linear algorithm at these sizes.
//!
//! Linear code takes 16x the time at 16x the size; `cargo xtask bench`
//! prints each point's ratio to its 1x point and BENCHMARKS.md records
//! them. The samples are few and short, but the 16x conversions take
//! seconds each (RDF on the listing): the whole bench runs in about
//! eight minutes. `cargo xtask bench --bench scaling scaling/blog/`
//! times one input (every input is still generated, parsed and checked
//! first).
//!
//! Run with `cargo bench -p benches --bench scaling`.

use std::hint::black_box;
use std::time::Duration;

use benches::entry::EntryPoint;
use benches::shapes::{SCALES, Shape};
use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};
use microdata_scraper::json::JsonOptions;
use microdata_scraper::{Limits, Url, document, parse_html};
use microformats2::Mf2Options;

fn scaling(c: &mut Criterion) {
    let options = Mf2Options::new();
    for shape in Shape::ALL {
        let mut group = c.benchmark_group(format!("scaling/{}", shape.name()));
        group
            .sample_size(10)
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(1));
        for scale in SCALES {
            // One input and its DOM alive at a time: the 16x DOMs are large.
            let input = shape.generate(scale);
            let url = Url::parse(input.url).expect("generated URLs are absolute");
            let dom = parse_html(&input.html);

            // Guard the input: the entry points see every item.
            let doc = document(&dom, Some(url.clone()));
            assert_eq!(doc.all_items().count(), input.microdata_items);
            assert!(
                doc.try_to_json_with(JsonOptions::new(), Limits::default())
                    .is_ok(),
                "{} {scale}x within the default limits",
                shape.name()
            );
            drop(doc);

            let size = format!("{scale}x");
            group.throughput(Throughput::Bytes(input.html.len() as u64));
            group.bench_with_input(BenchmarkId::new("parse", &size), &input.html, |b, html| {
                b.iter(|| black_box(parse_html(black_box(html))));
            });
            group.bench_with_input(BenchmarkId::new("microdata_json", &size), &dom, |b, dom| {
                b.iter(|| {
                    black_box(
                        document(black_box(dom), Some(url.clone()))
                            .try_to_json_with(JsonOptions::new(), Limits::default()),
                    )
                });
            });
            group.bench_with_input(BenchmarkId::new("mf2_json", &size), &dom, |b, dom| {
                b.iter(|| {
                    let doc = document(black_box(dom), Some(url.clone()));
                    black_box(microformats2::parse(&doc, &options).to_json())
                });
            });
            // The other conversions, as the entry-point matrix runs them.
            let others = EntryPoint::ALL
                .into_iter()
                .filter(|e| !EntryPoint::SCALED_FIRST.contains(e));
            for entry in others {
                group.bench_with_input(BenchmarkId::new(entry.name(), &size), &dom, |b, dom| {
                    b.iter(|| black_box(entry.convert(black_box(dom), &url)));
                });
            }
        }
        group.finish();
    }
}

criterion_group!(benches, scaling);
criterion_main!(benches);
