//! What the package's bins share (the package's own library, `sol`).

/// The answer line for a list of numbers.
pub fn joined(values: &[usize]) -> String {
    values
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
