//! Nothing: this package only names the libraries of `Cargo.toml`.
