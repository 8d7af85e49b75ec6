//! `cargo xtask bench`: runs the criterion benches of the `benches` package
//! and prints a table from `target/criterion/**/new/{benchmark,estimates}.json`,
//! with each bench's overhead over the `parse` bench of its group and, for
//! the scaling bench's `<n>x` points, their time over the `1x` point.
//!
//! `cargo xtask bench --memory` runs the `memory` binary of the `benches`
//! package instead: peak memory against the parsed DOM, and the
//! `microdata` command's peak resident set size under GNU time.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde_json::Value;

use crate::metadata::Metadata;
use crate::util::{Error, Result, cargo, run as run_cmd, table};

/// Parsed command-line options.
#[derive(Debug, Default)]
pub(crate) struct Options {
    /// Criterion baseline to save the results as.
    save: Option<String>,
    /// Criterion's name filter.
    filter: Option<String>,
    /// Only this bench target (`cargo bench --bench NAME`): a filter alone
    /// still starts every target, which builds all their inputs.
    bench: Option<String>,
    /// Measure memory instead of time.
    memory: bool,
}

impl Options {
    pub(crate) fn parse(args: &[String]) -> Result<Self> {
        let mut opts = Options::default();
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            if let Some(v) = arg.strip_prefix("--save=") {
                opts.save = Some(v.to_owned());
            } else if arg == "--save" {
                let v = args
                    .next()
                    .ok_or_else(|| Error::new("--save needs a baseline name"))?;
                opts.save = Some(v.clone());
            } else if let Some(v) = arg.strip_prefix("--bench=") {
                opts.bench = Some(v.to_owned());
            } else if arg == "--bench" {
                let v = args
                    .next()
                    .ok_or_else(|| Error::new("--bench needs a bench target name"))?;
                opts.bench = Some(v.clone());
            } else if arg == "--memory" {
                opts.memory = true;
            } else if arg.starts_with('-') {
                return Err(Error::new(format!("unexpected argument `{arg}`")));
            } else if opts.filter.is_none() {
                opts.filter = Some(arg.clone());
            } else {
                return Err(Error::new(format!("unexpected argument `{arg}`")));
            }
        }
        if opts.memory && (opts.save.is_some() || opts.filter.is_some() || opts.bench.is_some()) {
            return Err(Error::new(
                "--memory takes no filter, --bench or --save: it runs no criterion bench",
            ));
        }
        Ok(opts)
    }
}

/// One finished benchmark.
#[derive(Debug, Clone, PartialEq)]
struct BenchResult {
    id: String,
    /// Nanoseconds per iteration (criterion's slope, else its mean).
    ns: f64,
    low_ns: f64,
    high_ns: f64,
    bytes: Option<u64>,
}

pub(crate) fn run(opts: &Options) -> Result<()> {
    let meta = Metadata::load()?;
    if opts.memory {
        return memory(&meta);
    }
    let started = SystemTime::now();
    let mut cmd = cargo();
    cmd.args(["bench", "-p", "benches"]);
    if let Some(name) = &opts.bench {
        cmd.args(["--bench", name]);
    }
    if opts.filter.is_some() || opts.save.is_some() {
        cmd.arg("--");
    }
    if let Some(f) = &opts.filter {
        cmd.arg(f);
    }
    if let Some(name) = &opts.save {
        cmd.args(["--save-baseline", name]);
    }
    run_cmd(&mut cmd)?;

    let dir = meta.target_directory.join("criterion");
    let mut results = Vec::new();
    for new_dir in find_new_dirs(&dir)? {
        let fresh = fs::metadata(new_dir.join("estimates.json"))
            .and_then(|m| m.modified())
            .is_ok_and(|t| t >= started);
        if !fresh {
            continue;
        }
        match read_result(&new_dir) {
            Ok(r) => results.push(r),
            Err(e) => eprintln!("bench: skipping {}: {e}", new_dir.display()),
        }
    }
    results.sort_by(|a, b| a.id.cmp(&b.id));
    if results.is_empty() {
        return Err(Error::new(format!(
            "no criterion results from this run under {}",
            dir.display()
        )));
    }
    let overheads = overheads(&results);
    let ratios = scale_ratios(&results);
    let rows: Vec<Vec<String>> = results
        .iter()
        .zip(&overheads)
        .zip(&ratios)
        .map(|((r, overhead), ratio)| {
            vec![
                r.id.clone(),
                format_ns(r.ns),
                format!("[{} .. {}]", format_ns(r.low_ns), format_ns(r.high_ns)),
                r.bytes
                    .map_or_else(|| "-".into(), |b| format!("{:.1}", mb_per_s(b, r.ns))),
                overhead.map_or_else(|| "-".into(), |o| format!("{:+.1}%", o * 100.0)),
                ratio.map_or_else(|| "-".into(), |x| format!("{x:.1}×")),
            ]
        })
        .collect();
    println!();
    print!(
        "{}",
        table(
            &["bench", "time", "95% interval", "MB/s", "vs parse", "vs 1x"],
            "lrrrrr",
            &rows
        )
    );
    println!("(MB = 10^6 bytes; time per iteration)");
    if overheads.iter().any(Option::is_some) {
        println!(
            "(vs parse: what a bench adds to the `parse` bench of its group, as a share of it: \
             (time - parse) / parse; for `*_from_dom` benches, which start from a parsed DOM, \
             time / parse)"
        );
    }
    if ratios.iter().any(Option::is_some) {
        println!(
            "(vs 1x: a `<name>/<n>x` bench's time over its `<name>/1x` bench; linear code gives \
             n, and the scaling bench's `parse` rows show what this machine gives a linear parser)"
        );
    }
    if let Some(name) = &opts.save {
        println!("saved as criterion baseline `{name}`");
    }
    Ok(())
}

/// For each result, in order, its overhead over the `parse` bench of its
/// group (the id up to its last `/`), as a fraction of the parse time:
/// `(time - parse) / parse` for benches that include the parsing, `time /
/// parse` for those whose entry name ends in `_from_dom` (they start from a
/// DOM parsed outside the timed loop). `None` for the `parse` benches
/// themselves and where the group has none.
fn overheads(results: &[BenchResult]) -> Vec<Option<f64>> {
    let parse_ns = |group: &str| {
        results
            .iter()
            .find(|r| r.id.strip_suffix("/parse") == Some(group))
            .map(|r| r.ns)
            .filter(|ns| *ns > 0.0)
    };
    results
        .iter()
        .map(|r| {
            let (group, entry) = r.id.rsplit_once('/')?;
            if entry == "parse" {
                return None;
            }
            let parse = parse_ns(group)?;
            Some(if entry.ends_with("_from_dom") {
                r.ns / parse
            } else {
                (r.ns - parse) / parse
            })
        })
        .collect()
}

/// For each result, in order, its time over the `1x` point of its series
/// when its id ends in `/<n>x` with `n` above 1 (the scaling bench's
/// points: `scaling/<input>/<entry>/<n>x`), else `None`.
fn scale_ratios(results: &[BenchResult]) -> Vec<Option<f64>> {
    results
        .iter()
        .map(|r| {
            let (series, point) = r.id.rsplit_once('/')?;
            let scale: u32 = point.strip_suffix('x')?.parse().ok()?;
            if scale <= 1 {
                return None;
            }
            let base = results
                .iter()
                .find(|b| b.id.strip_suffix("/1x") == Some(series))?;
            (base.ns > 0.0).then(|| r.ns / base.ns)
        })
        .collect()
}

/// `cargo xtask bench --memory`: the `memory` binary over every input and
/// entry point, then over a large input with the `microdata` command under
/// GNU time when `/usr/bin/time` is there.
fn memory(meta: &Metadata) -> Result<()> {
    let time = Path::new("/usr/bin/time");
    let mut cmd = cargo();
    cmd.args(["run", "--release", "-p", "benches", "--bin", "memory"]);
    if time.is_file() {
        run_cmd(cargo().args(["build", "--release", "-p", "microdata-cli"]))?;
        let cli = meta.target_directory.join("release").join("microdata");
        cmd.arg("--").arg("--rss").arg(cli);
    } else {
        println!(
            "bench: /usr/bin/time not found (apt-get install -y time): no peak RSS of the command"
        );
    }
    run_cmd(&mut cmd)
}

/// Every `new` directory below `dir` (criterion's latest results).
fn find_new_dirs(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    if !dir.is_dir() {
        return Ok(out);
    }
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d)? {
            let entry = entry?;
            if !entry.file_type()?.is_dir() {
                continue;
            }
            let path = entry.path();
            if entry.file_name() == "new" {
                if path.join("benchmark.json").is_file() {
                    out.push(path);
                }
            } else if entry.file_name() != "report" {
                stack.push(path);
            }
        }
    }
    Ok(out)
}

fn read_result(new_dir: &Path) -> Result<BenchResult> {
    let read = |name: &str| -> Result<Value> {
        let text = fs::read_to_string(new_dir.join(name))?;
        serde_json::from_str(&text).map_err(|e| Error::new(format!("{name}: {e}")))
    };
    parse_result(&read("benchmark.json")?, &read("estimates.json")?)
}

fn parse_result(benchmark: &Value, estimates: &Value) -> Result<BenchResult> {
    let id = benchmark["full_id"]
        .as_str()
        .ok_or_else(|| Error::new("benchmark.json has no full_id"))?
        .to_owned();
    // Criterion reports the slope when it has one (linear sampling), else
    // the mean.
    let estimate = if estimates["slope"].is_object() {
        &estimates["slope"]
    } else {
        &estimates["mean"]
    };
    let number = |v: &Value| {
        v.as_f64()
            .ok_or_else(|| Error::new("estimates.json has no point estimate"))
    };
    let ns = number(&estimate["point_estimate"])?;
    let low_ns = number(&estimate["confidence_interval"]["lower_bound"]).unwrap_or(ns);
    let high_ns = number(&estimate["confidence_interval"]["upper_bound"]).unwrap_or(ns);
    let t = &benchmark["throughput"];
    let bytes = t["Bytes"].as_u64().or_else(|| t["BytesDecimal"].as_u64());
    Ok(BenchResult {
        id,
        ns,
        low_ns,
        high_ns,
        bytes,
    })
}

fn mb_per_s(bytes: u64, ns: f64) -> f64 {
    if ns <= 0.0 {
        return 0.0;
    }
    bytes as f64 / (ns / 1e9) / 1e6
}

fn format_ns(ns: f64) -> String {
    if ns >= 1e9 {
        format!("{:.3} s", ns / 1e9)
    } else if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{ns:.1} ns")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_criterion_files() {
        let benchmark = serde_json::json!({
            "group_id": "microdata", "function_id": "parse", "value_str": null,
            "throughput": {"Bytes": 5_000_000}, "full_id": "microdata/parse",
            "directory_name": "microdata/parse", "title": "microdata/parse"
        });
        let estimates = serde_json::json!({
            "mean": {"confidence_interval": {"confidence_level": 0.95,
                "lower_bound": 95_000_000.0, "upper_bound": 105_000_000.0},
                "point_estimate": 100_000_000.0, "standard_error": 1.0},
            "slope": null
        });
        let r = parse_result(&benchmark, &estimates).unwrap();
        assert_eq!(r.id, "microdata/parse");
        assert_eq!(r.bytes, Some(5_000_000));
        assert_eq!(format_ns(r.ns), "100.00 ms");
        assert_eq!(format!("{:.1}", mb_per_s(5_000_000, r.ns)), "50.0");
        assert_eq!(format_ns(r.low_ns), "95.00 ms");
    }

    #[test]
    fn options() {
        let o = Options::parse(&["--save".into(), "main".into(), "parse".into()]).unwrap();
        assert_eq!(o.save.as_deref(), Some("main"));
        assert_eq!(o.filter.as_deref(), Some("parse"));
        assert!(!o.memory);
        assert!(Options::parse(&["--save".into()]).is_err());
        assert!(Options::parse(&["--bogus".into()]).is_err());
        assert!(Options::parse(&["--memory".into()]).unwrap().memory);
        assert!(Options::parse(&["--memory".into(), "entry/".into()]).is_err());
        let o = Options::parse(&["--bench".into(), "entry_points".into()]).unwrap();
        assert_eq!(o.bench.as_deref(), Some("entry_points"));
        assert_eq!(o.filter, None);
        assert!(
            Options::parse(&["--bench=scaling".into()])
                .unwrap()
                .bench
                .is_some()
        );
    }

    fn result(id: &str, ms: f64) -> BenchResult {
        BenchResult {
            id: id.to_owned(),
            ns: ms * 1e6,
            low_ns: ms * 1e6,
            high_ns: ms * 1e6,
            bytes: Some(1_000_000),
        }
    }

    /// Overheads over the group's `parse`: including the parse, or from a
    /// parsed DOM; nothing for `parse` itself nor for groups without one.
    #[test]
    fn overhead_over_parse() {
        let results = [
            result("entry/blog/mf2_json", 12.5),
            result("entry/blog/parse", 10.0),
            result("entry/blog/vcard", 9.5),
            result("entry/listing/microdata_json", 115.0),
            result("entry/listing/parse", 100.0),
            result("microdata/json_from_dom", 22.0),
            result("microdata/parse", 100.0),
            result("scaling/deep/mf2_json/1x", 5.0),
            result("parse", 1.0),
        ];
        let got: Vec<Option<String>> = overheads(&results)
            .iter()
            .map(|o| o.map(|o| format!("{:+.1}%", o * 100.0)))
            .collect();
        let want = [
            Some("+25.0%"),
            None,
            // Noise can make a cheap entry point faster than parsing alone.
            Some("-5.0%"),
            Some("+15.0%"),
            None,
            Some("+22.0%"),
            None,
            None,
            None,
        ];
        let want: Vec<Option<String>> = want.iter().map(|w| w.map(str::to_owned)).collect();
        assert_eq!(got, want);
    }

    /// Ratios to the series' 1x point: only for `<n>x` points above 1 whose
    /// series has a 1x point, whatever the order of the results.
    #[test]
    fn ratio_to_1x() {
        let results = [
            result("scaling/deep/mf2_json/16x", 90.0),
            result("scaling/deep/mf2_json/1x", 5.0),
            result("scaling/deep/mf2_json/4x", 20.0),
            result("scaling/deep/parse/4x", 7.0),
            result("scaling/feed/parse/16x", 1.0),
            result("scaling/feed/parse/1x", 0.0),
            result("scaling/blog/parse/4x", 1.0),
            result("microdata/parse", 100.0),
            result("other/x", 1.0),
        ];
        let got: Vec<Option<String>> = scale_ratios(&results)
            .iter()
            .map(|x| x.map(|x| format!("{x:.1}")))
            .collect();
        let want = [
            Some("18.0"),
            None,
            Some("4.0"),
            None,
            None,
            None,
            None,
            None,
            None,
        ];
        let want: Vec<Option<String>> = want.iter().map(|w| w.map(str::to_owned)).collect();
        assert_eq!(got, want);
    }
}
