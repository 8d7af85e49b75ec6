//! Microdata to RDF on the generated ~5 MB product-listing page
//! (`benches::default_listing`, ~19,000 items), with the DOM parsed once
//! outside the timed loop:
//!
//! - `html_triples` / `w3c_triples`: the conversion alone
//!   (`microdata_rdf::convert`) in each mode, on a document indexed once;
//!   throughput in triples;
//! - `w3c_from_dom`: indexing the document plus the W3C conversion;
//! - `w3c_ntriples` / `w3c_turtle`: the W3C conversion plus writing
//!   N-Triples or Turtle (sorting included).
//!
//! The triple counts are printed once, so triples per second can be read
//! from the `thrpt` lines. Run with `cargo bench -p benches --bench rdf`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use microdata_rdf::{Mode, RdfOptions};
use microdata_scraper::{Limits, Url, document, parse_html};

fn rdf(c: &mut Criterion) {
    let page = benches::default_listing();
    let url = Url::parse(benches::PAGE_URL).expect("PAGE_URL is absolute");
    let dom = parse_html(&page.html);
    let html = RdfOptions::new().with_limits(Limits::none());
    let w3c = html.clone().with_mode(Mode::W3c);
    let doc = document(&dom, Some(url.clone()));
    let count = |options: &RdfOptions| {
        let conversion = microdata_rdf::convert(&doc, options).expect("no limits set");
        conversion.triples().len() as u64
    };
    let (html_triples, w3c_triples) = (count(&html), count(&w3c));
    println!(
        "rdf: {} bytes, {} items, {html_triples} triples (html mode), {w3c_triples} triples (w3c mode)",
        page.html.len(),
        page.items
    );

    let mut group = c.benchmark_group("rdf");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));

    group.throughput(Throughput::Elements(html_triples));
    group.bench_function("html_triples", |b| {
        b.iter(|| black_box(microdata_rdf::convert(black_box(&doc), &html)));
    });
    group.throughput(Throughput::Elements(w3c_triples));
    group.bench_function("w3c_triples", |b| {
        b.iter(|| black_box(microdata_rdf::convert(black_box(&doc), &w3c)));
    });
    group.bench_function("w3c_from_dom", |b| {
        b.iter(|| {
            let doc = document(black_box(&dom), Some(url.clone()));
            black_box(microdata_rdf::convert(&doc, &w3c))
        });
    });
    group.bench_function("w3c_ntriples", |b| {
        b.iter(|| {
            let conversion = microdata_rdf::convert(black_box(&doc), &w3c).expect("no limits set");
            black_box(microdata_rdf::to_ntriples(conversion.triples()))
        });
    });
    group.bench_function("w3c_turtle", |b| {
        b.iter(|| {
            let conversion = microdata_rdf::convert(black_box(&doc), &w3c).expect("no limits set");
            black_box(microdata_rdf::to_turtle(conversion.triples()))
        });
    });
    group.finish();
}

criterion_group!(benches, rdf);
criterion_main!(benches);
