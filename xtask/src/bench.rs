//! `cargo xtask bench`: runs the criterion benches of the `benches` package
//! and prints a table from `target/criterion/**/new/{benchmark,estimates}.json`.

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
            } else if arg.starts_with('-') {
                return Err(Error::new(format!("unexpected argument `{arg}`")));
            } else if opts.filter.is_none() {
                opts.filter = Some(arg.clone());
            } else {
                return Err(Error::new(format!("unexpected argument `{arg}`")));
            }
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
    let started = SystemTime::now();
    let mut cmd = cargo();
    cmd.args(["bench", "-p", "benches"]);
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
    let rows: Vec<Vec<String>> = results
        .iter()
        .map(|r| {
            vec![
                r.id.clone(),
                format_ns(r.ns),
                format!("[{} .. {}]", format_ns(r.low_ns), format_ns(r.high_ns)),
                r.bytes
                    .map_or_else(|| "-".into(), |b| format!("{:.1}", mb_per_s(b, r.ns))),
            ]
        })
        .collect();
    println!();
    print!(
        "{}",
        table(&["bench", "time", "95% interval", "MB/s"], "lrrr", &rows)
    );
    println!("(MB = 10^6 bytes; time per iteration)");
    if let Some(name) = &opts.save {
        println!("saved as criterion baseline `{name}`");
    }
    Ok(())
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
        assert!(Options::parse(&["--save".into()]).is_err());
        assert!(Options::parse(&["--bogus".into()]).is_err());
    }
}
