//! The parts of `cargo metadata --no-deps` that xtask needs.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::util::{Error, Result, cargo, describe};

/// One workspace package.
#[derive(Debug, Clone)]
pub(crate) struct Package {
    pub(crate) name: String,
    pub(crate) version: String,
    /// The directory holding its Cargo.toml.
    pub(crate) dir: PathBuf,
    /// `[features]`, as cargo reports them.
    pub(crate) features: BTreeMap<String, Vec<String>>,
    /// Names of optional dependencies.
    pub(crate) optional_deps: BTreeSet<String>,
}

/// The workspace as `cargo metadata` sees it.
#[derive(Debug)]
pub(crate) struct Metadata {
    pub(crate) packages: Vec<Package>,
    pub(crate) target_directory: PathBuf,
}

impl Metadata {
    pub(crate) fn load() -> Result<Self> {
        let mut cmd = cargo();
        cmd.args(["metadata", "--format-version", "1", "--no-deps"]);
        let output = cmd
            .output()
            .map_err(|e| Error::new(format!("cannot run `{}`: {e}", describe(&cmd))))?;
        if !output.status.success() {
            return Err(Error::new(format!(
                "`{}` failed ({}):\n{}",
                describe(&cmd),
                output.status,
                String::from_utf8_lossy(&output.stderr)
            )));
        }
        let json: Value = serde_json::from_slice(&output.stdout)
            .map_err(|e| Error::new(format!("cannot read cargo metadata: {e}")))?;
        Self::from_json(&json)
    }

    fn from_json(json: &Value) -> Result<Self> {
        let bad = || Error::new("unexpected cargo metadata shape");
        let target_directory = json["target_directory"]
            .as_str()
            .map(PathBuf::from)
            .ok_or_else(bad)?;
        let mut packages = Vec::new();
        for p in json["packages"].as_array().ok_or_else(bad)? {
            let name = p["name"].as_str().ok_or_else(bad)?.to_owned();
            let version = p["version"].as_str().ok_or_else(bad)?.to_owned();
            let manifest = p["manifest_path"].as_str().ok_or_else(bad)?;
            let dir = Path::new(manifest).parent().ok_or_else(bad)?.to_path_buf();
            let mut features = BTreeMap::new();
            if let Some(map) = p["features"].as_object() {
                for (k, v) in map {
                    let list = v
                        .as_array()
                        .map(|a| {
                            a.iter()
                                .filter_map(|s| s.as_str().map(str::to_owned))
                                .collect()
                        })
                        .unwrap_or_default();
                    features.insert(k.clone(), list);
                }
            }
            let mut optional_deps = BTreeSet::new();
            for d in p["dependencies"].as_array().into_iter().flatten() {
                if d["optional"].as_bool() == Some(true) {
                    let dep_name = d["rename"].as_str().or(d["name"].as_str());
                    if let Some(n) = dep_name {
                        optional_deps.insert(n.to_owned());
                    }
                }
            }
            packages.push(Package {
                name,
                version,
                dir,
                features,
                optional_deps,
            });
        }
        Ok(Metadata {
            packages,
            target_directory,
        })
    }

    /// The publishable crates: packages under `<root>/crates/`, sorted by
    /// name.
    pub(crate) fn crates(&self, root: &Path) -> Vec<&Package> {
        let crates_dir = root.join("crates");
        let mut v: Vec<&Package> = self
            .packages
            .iter()
            .filter(|p| p.dir.starts_with(&crates_dir))
            .collect();
        v.sort_by(|a, b| a.name.cmp(&b.name));
        v
    }

    /// The other workspace members (xtask, benches, test helpers), sorted by
    /// name.
    pub(crate) fn unpublished(&self, root: &Path) -> Vec<&Package> {
        let crates_dir = root.join("crates");
        let mut v: Vec<&Package> = self
            .packages
            .iter()
            .filter(|p| !p.dir.starts_with(&crates_dir))
            .collect();
        v.sort_by(|a, b| a.name.cmp(&b.name));
        v
    }
}

impl Package {
    /// Everything a feature selection switches on (feature names, `dep:`
    /// entries and `dep/feature` entries), to tell selections apart.
    fn closure(&self, start: impl IntoIterator<Item = String>) -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<String> = start.into_iter().collect();
        while let Some(f) = stack.pop() {
            if !seen.insert(f.clone()) {
                continue;
            }
            if let Some((dep, _)) = f.split_once('/') {
                // `dep/feat` turns on an optional `dep`; `dep?/feat` does not.
                if self.optional_deps.contains(dep) {
                    stack.push(format!("dep:{dep}"));
                }
            } else if let Some(children) = self.features.get(&f) {
                stack.extend(children.iter().cloned());
            } else if !f.starts_with("dep:") && self.optional_deps.contains(&f) {
                // Implicit feature of an optional dependency.
                stack.push(format!("dep:{f}"));
            }
        }
        seen.remove("default");
        seen
    }

    /// The distinct feature selections to lint: default, then
    /// `--no-default-features`, then `--all-features`, each left out when it
    /// switches on exactly what an earlier one does.
    pub(crate) fn feature_variants(&self) -> Vec<FeatureVariant> {
        let default = self.closure(["default".to_owned()]);
        let none = BTreeSet::new();
        let all = self.closure(
            self.features
                .keys()
                .cloned()
                .chain(self.optional_deps.iter().map(|d| format!("dep:{d}"))),
        );
        let mut out: Vec<(FeatureVariant, BTreeSet<String>)> = Vec::new();
        for (variant, set) in [
            (FeatureVariant::Default, default),
            (FeatureVariant::NoDefault, none),
            (FeatureVariant::All, all),
        ] {
            if !out.iter().any(|(_, s)| *s == set) {
                out.push((variant, set));
            }
        }
        out.into_iter().map(|(v, _)| v).collect()
    }
}

/// A feature selection passed to cargo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FeatureVariant {
    Default,
    NoDefault,
    All,
}

impl FeatureVariant {
    /// The cargo flag, if any.
    pub(crate) fn flag(self) -> Option<&'static str> {
        match self {
            FeatureVariant::Default => None,
            FeatureVariant::NoDefault => Some("--no-default-features"),
            FeatureVariant::All => Some("--all-features"),
        }
    }

    pub(crate) fn label(self) -> &'static str {
        match self {
            FeatureVariant::Default => "default features",
            FeatureVariant::NoDefault => "no default features",
            FeatureVariant::All => "all features",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn package(features: &[(&str, &[&str])], optional: &[&str]) -> Package {
        Package {
            name: "p".into(),
            version: "0.1.0".into(),
            dir: PathBuf::from("/p"),
            features: features
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.iter().map(|s| (*s).to_owned()).collect()))
                .collect(),
            optional_deps: optional.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    #[test]
    fn no_features_lints_once() {
        let p = package(&[], &[]);
        assert_eq!(p.feature_variants(), [FeatureVariant::Default]);
    }

    #[test]
    fn default_and_extra_feature_lints_three_times() {
        let p = package(
            &[
                ("default", &["json"]),
                ("json", &["dep:serde_json"]),
                ("serde", &["dep:serde"]),
            ],
            &["serde", "serde_json"],
        );
        assert_eq!(
            p.feature_variants(),
            [
                FeatureVariant::Default,
                FeatureVariant::NoDefault,
                FeatureVariant::All
            ]
        );
    }

    #[test]
    fn empty_default_is_no_default() {
        let p = package(&[("default", &[]), ("serde", &["dep:serde"])], &["serde"]);
        assert_eq!(
            p.feature_variants(),
            [FeatureVariant::Default, FeatureVariant::All]
        );
    }

    #[test]
    fn default_enabling_everything_is_all() {
        let p = package(&[("default", &["json"]), ("json", &["other/json"])], &[]);
        assert_eq!(
            p.feature_variants(),
            [FeatureVariant::Default, FeatureVariant::NoDefault]
        );
    }

    #[test]
    fn optional_dependency_without_feature_counts_for_all() {
        let p = package(&[], &["serde"]);
        assert_eq!(
            p.feature_variants(),
            [FeatureVariant::Default, FeatureVariant::All]
        );
    }

    #[test]
    fn reads_cargo_metadata_json() {
        let json: Value = serde_json::json!({
            "target_directory": "/w/target",
            "packages": [{
                "name": "microdata-model",
                "version": "0.1.0",
                "manifest_path": "/w/crates/microdata-model/Cargo.toml",
                "features": {"default": ["json"], "json": ["dep:serde_json"]},
                "dependencies": [
                    {"name": "serde_json", "rename": null, "optional": true},
                    {"name": "url", "rename": null, "optional": false}
                ]
            }, {
                "name": "xtask",
                "version": "0.0.0",
                "manifest_path": "/w/xtask/Cargo.toml",
                "features": {},
                "dependencies": []
            }]
        });
        let m = Metadata::from_json(&json).unwrap();
        assert_eq!(m.target_directory, PathBuf::from("/w/target"));
        let crates = m.crates(Path::new("/w"));
        assert_eq!(crates.len(), 1);
        assert_eq!(crates[0].name, "microdata-model");
        assert_eq!(crates[0].version, "0.1.0");
        assert_eq!(crates[0].dir, PathBuf::from("/w/crates/microdata-model"));
        assert!(crates[0].optional_deps.contains("serde_json"));
        let others = m.unpublished(Path::new("/w"));
        assert_eq!(others.len(), 1);
        assert_eq!(others[0].name, "xtask");
    }
}
