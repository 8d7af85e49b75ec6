//! The robustness checks: property tests over generated documents,
//! adversarial documents with known results, hostile URLs and bytes, the
//! conversion limits, and the replay of the inputs fuzzing found.
#![allow(clippy::unwrap_used)]

mod adversarial;
mod generate;
mod hostile;
mod limits;
mod properties;
mod regressions;
