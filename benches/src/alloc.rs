//! A counting allocator for the `memory` binary: it wraps
//! [`std::alloc::System`] and keeps, in two atomics, the bytes currently
//! allocated and the highest value that count has reached.
//!
//! Install it with `#[global_allocator]`; [`CountingAlloc::reset_peak`]
//! starts a measurement, [`CountingAlloc::current`] and
//! [`CountingAlloc::peak`] read it. The counts are the sizes the program
//! asked for (`Layout::size`), not what the system allocator rounds them up
//! to or keeps as free lists, so they measure the program's live data; the
//! resident set size, which the `memory` binary also reads for the
//! `microdata` command, includes the rest. A `realloc` counts as its change
//! in size: the momentary copy of a block that moves is not counted.
//!
//! This module is the only unsafe code of the workspace's benches:
//! implementing [`GlobalAlloc`] is `unsafe` by definition. Each method
//! forwards to `System` with its caller's guarantees and only counts.
//!
//! ```
//! use benches::alloc::CountingAlloc;
//!
//! static COUNTER: CountingAlloc = CountingAlloc::new();
//! assert_eq!((COUNTER.current(), COUNTER.peak()), (0, 0));
//! ```

// Implementing `GlobalAlloc` takes unsafe code; the package denies it
// everywhere else (see benches/Cargo.toml).
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// [`System`], counting live bytes and their peak.
#[derive(Debug, Default)]
pub struct CountingAlloc {
    current: AtomicUsize,
    peak: AtomicUsize,
}

impl CountingAlloc {
    /// A counter at zero.
    pub const fn new() -> Self {
        CountingAlloc {
            current: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
        }
    }

    /// Bytes allocated and not yet freed.
    pub fn current(&self) -> usize {
        self.current.load(Ordering::SeqCst)
    }

    /// The highest [`current`](Self::current) since the last
    /// [`reset_peak`](Self::reset_peak).
    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::SeqCst)
    }

    /// Starts a new measurement: the peak becomes the current count, which
    /// is returned (the baseline to subtract).
    pub fn reset_peak(&self) -> usize {
        let now = self.current();
        self.peak.store(now, Ordering::SeqCst);
        now
    }

    fn grow(&self, bytes: usize) {
        let now = self.current.fetch_add(bytes, Ordering::SeqCst) + bytes;
        self.peak.fetch_max(now, Ordering::SeqCst);
    }

    fn shrink(&self, bytes: usize) {
        self.current.fetch_sub(bytes, Ordering::SeqCst);
    }
}

// SAFETY: every method forwards to `System` with the arguments it was
// given, so `System`'s guarantees hold; the counting touches no memory of
// the caller's.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            self.grow(layout.size());
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller upholds `GlobalAlloc::alloc_zeroed`'s contract.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            self.grow(layout.size());
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller upholds `GlobalAlloc::dealloc`'s contract; the
        // block came from `System` through this allocator.
        unsafe { System.dealloc(ptr, layout) };
        self.shrink(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller upholds `GlobalAlloc::realloc`'s contract; the
        // block came from `System` through this allocator.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            let old = layout.size();
            if new_size >= old {
                self.grow(new_size - old);
            } else {
                self.shrink(old - new_size);
            }
        }
        new
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Allocations, growth, shrinking and frees move the count; the peak
    /// keeps the highest value until it is reset.
    #[test]
    fn counts_live_bytes_and_peak() {
        let a = CountingAlloc::new();
        let small = Layout::from_size_align(100, 8).unwrap();
        let big = Layout::from_size_align(10_000, 16).unwrap();
        // SAFETY: the layouts have non-zero sizes; each block is freed once
        // with the layout (and size) it has at that moment.
        unsafe {
            let p = a.alloc(small);
            let q = a.alloc_zeroed(big);
            assert!(!p.is_null() && !q.is_null());
            assert_eq!(*q.add(9_999), 0);
            assert_eq!((a.current(), a.peak()), (10_100, 10_100));

            a.dealloc(q, big);
            assert_eq!((a.current(), a.peak()), (100, 10_100));
            assert_eq!(a.reset_peak(), 100);
            assert_eq!(a.peak(), 100);

            let p = a.realloc(p, small, 1_000);
            assert!(!p.is_null());
            assert_eq!((a.current(), a.peak()), (1_000, 1_000));
            let grown = Layout::from_size_align(1_000, 8).unwrap();
            let p = a.realloc(p, grown, 10);
            assert_eq!((a.current(), a.peak()), (10, 1_000));
            a.dealloc(p, Layout::from_size_align(10, 8).unwrap());
        }
        assert_eq!((a.current(), a.peak()), (0, 1_000));
    }

    /// Threads count into the same totals.
    #[test]
    fn counts_across_threads() {
        let a = CountingAlloc::new();
        let layout = Layout::from_size_align(64, 8).unwrap();
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..1_000 {
                        // SAFETY: a non-zero size; freed with its layout.
                        unsafe {
                            let p = a.alloc(layout);
                            assert!(!p.is_null());
                            a.dealloc(p, layout);
                        }
                    }
                });
            }
        });
        assert_eq!(a.current(), 0);
        assert!((64..=4 * 64).contains(&a.peak()), "{}", a.peak());
    }
}
