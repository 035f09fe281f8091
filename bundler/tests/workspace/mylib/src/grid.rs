//! Grids of characters (behind the default feature `grid`).

/// The cells of `rows` that are `#`.
pub fn walls(rows: &[&str]) -> usize {
    rows.iter().map(|r| r.bytes().filter(|&c| c == b'#').count()).sum()
}
