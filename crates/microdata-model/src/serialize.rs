//! HTML fragment serialization over the [`Node`](crate::Node) trait.
