//! The entry-point matrix: every input of `benches::shapes::Shape` at 1x
//! (the 5.4 MB product listing, the `itemref`-heavy page, the page
//! 100,000 `<span>`s deep, the mixed classic/mf2 `h-feed`, the blog page
//! with every vocabulary) through every entry point of
//! `benches::entry::EntryPoint`, each timed with the HTML parsing
//! included:
//!
//! - `entry/<input>/parse`: `parse_html` alone (and dropping the DOM);
//! - `entry/<input>/<entry>`: parsing, then indexing, converting and
//!   writing the output: `microdata_json`, `mf2_json`, `rdf_ntriples`
//!   (W3C mode), `vcard` (every hCard item), `ical`, `atom`.
//!
//! Throughput is in bytes of input HTML. `cargo xtask bench entry/` prints
//! the table with each entry point's overhead over `parse` of the same
//! input. The samples are few and short: the whole matrix (35 benches)
//! runs in about three minutes.
//!
//! Run with `cargo xtask bench entry/` (or `cargo bench -p benches --bench
//! entry_points`).

use std::hint::black_box;
use std::time::Duration;

use benches::entry::EntryPoint;
use benches::shapes::Shape;
use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use microdata_scraper::{Url, parse_html};

fn entry_points(c: &mut Criterion) {
    for shape in Shape::ALL {
        let input = shape.generate(1);
        let url = Url::parse(input.url).expect("generated URLs are absolute");

        // Guard the input and print what each entry point writes, so the
        // times can be read against the output sizes.
        let dom = parse_html(&input.html);
        let mut sizes = Vec::new();
        for entry in EntryPoint::ALL {
            let out = entry.convert(&dom, &url).map_or(0, |s| s.len());
            sizes.push(format!("{} {out}", entry.name()));
        }
        drop(dom);
        println!(
            "entry/{}: {} bytes in; bytes out: {}",
            shape.name(),
            input.html.len(),
            sizes.join(", ")
        );

        let mut group = c.benchmark_group(format!("entry/{}", shape.name()));
        group
            .throughput(Throughput::Bytes(input.html.len() as u64))
            .sample_size(10)
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(1));
        for entry in EntryPoint::ALL {
            group.bench_function(entry.name(), |b| {
                b.iter(|| {
                    let dom = parse_html(black_box(&input.html));
                    black_box(entry.convert(&dom, &url))
                });
            });
        }
        group.finish();
    }
}

criterion_group!(benches, entry_points);
criterion_main!(benches);
