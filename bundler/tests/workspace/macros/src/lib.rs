use proc_macro::TokenStream;

/// `42`, written by a procedural macro.
#[proc_macro]
pub fn answer(_: TokenStream) -> TokenStream {
    "42".parse().expect("a literal")
}
