//! The pieces of running procedural macros that need no rustc: imports
//! dropped, declarations read, dep-info matched, errors sorted.

use super::probe::{is_builtin_derive, macro_errors, names_root};
use super::*;
use quote::ToTokens;

fn krate(root: &str) -> ProcMacroCrate {
    ProcMacroCrate {
        name: "shapes".into(),
        package: "shapes 0.1.0".into(),
        root_file: PathBuf::from(root),
    }
}

#[test]
fn imports_of_the_macro_crate_and_of_the_macros_run_go() {
    let mut file: syn::File = syn::parse_quote! {
        use proconio::{derive_readable, fastout, input};
        pub use proconio_derive::*;
        extern crate proconio_derive;
        use std::io::Write;
        use crate::fastout::helper;
        mod inner { use proconio_derive::fastout; use super::x; }
    };
    let ours = ["proconio_derive"];
    let externs = ["proconio", "proconio_derive"];
    let ran = ["fastout", "derive_readable"];
    drop_imports(&mut file.items, &|path: &[String]| {
        let first = path[0].as_str();
        let last = path.last().map(String::as_str).unwrap_or_default();
        ours.contains(&first) || (externs.contains(&first) && ran.contains(&last))
    });
    let text = file.to_token_stream().to_string();
    assert_eq!(
        text,
        "use proconio :: { input } ; use std :: io :: Write ; \
         use crate :: fastout :: helper ; mod inner { use super :: x ; }"
    );
}

#[test]
fn a_derives_declaration_gives_its_name_and_helpers() {
    let f: syn::ItemFn = syn::parse_quote! {
        #[proc_macro_derive(Describe, attributes(describe, skip))]
        pub fn describe(item: TokenStream) -> TokenStream { item }
    };
    assert_eq!(
        derive_declaration(&f.attrs[0]),
        Some(("Describe".into(), vec!["describe".into(), "skip".into()]))
    );
    let bare: syn::ItemFn = syn::parse_quote! {
        #[proc_macro_derive(Plain)]
        pub fn plain(item: TokenStream) -> TokenStream { item }
    };
    assert_eq!(
        derive_declaration(&bare.attrs[0]),
        Some(("Plain".into(), vec![]))
    );
}

#[test]
fn dep_info_names_a_member_relatively_and_a_registry_crate_absolutely() {
    let member = krate("/home/u/pkg/shapes/src/lib.rs");
    assert!(names_root(
        "/t/libshapes-1.so: shapes/src/lib.rs\n",
        &member
    ));
    assert!(!names_root(
        "/t/libshapes-1.so: other/src/lib.rs\n",
        &member
    ));
    let registry = krate("/c/registry/shapes-0.2.0/src/lib.rs");
    assert!(names_root(
        "/t/libshapes-2.so: /c/registry/shapes-0.2.0/src/lib.rs /c/registry/shapes-0.2.0/src/a.rs\n",
        &registry
    ));
    // Another version of the crate is not this one.
    assert!(!names_root(
        "/t/libshapes-3.so: /c/registry/shapes-0.1.0/src/lib.rs\n",
        &registry
    ));
    assert!(!names_root("", &registry));
}

#[test]
fn names_the_probe_cannot_resolve_are_not_the_macros_errors() {
    let line = |message: &str, code: &str| {
        serde_json::json!({
            "level": "error", "message": message,
            "code": if code.is_empty() { serde_json::Value::Null } else { serde_json::json!({"code": code}) },
            "rendered": format!("error: {message}\n"),
        })
        .to_string()
    };
    let resolving = [
        line("cannot find macro `input` in this scope", ""),
        line("failed to resolve: could not find `proconio`", "E0433"),
        line("aborting due to 2 previous errors", ""),
    ]
    .join("\n");
    assert_eq!(macro_errors(resolving.as_bytes()), None);
    let real = format!(
        "{resolving}\n{}",
        line("Closures cannot contain `println!`", "")
    );
    let said = macro_errors(real.as_bytes()).expect("the macro's own error");
    assert!(
        said.ends_with("error: Closures cannot contain `println!`"),
        "{said}"
    );
}

#[test]
fn only_the_impls_rustcs_own_derives_write_are_left_out() {
    let derived: Item = syn::parse_quote! {
        #[automatically_derived]
        impl ::core::fmt::Debug for P { }
    };
    let theirs: Item = syn::parse_quote! {
        impl ::proconio::source::Readable for P { }
    };
    let marked_theirs: Item = syn::parse_quote! {
        #[automatically_derived]
        impl ::serde::Serialize for P { }
    };
    // thiserror's derive marks its `Display` so, in core's path.
    let theirs_in_core: Item = syn::parse_quote! {
        #[automatically_derived]
        impl ::core::fmt::Display for P { }
    };
    assert!(is_builtin_derive(&derived));
    assert!(!is_builtin_derive(&theirs));
    assert!(!is_builtin_derive(&marked_theirs));
    assert!(!is_builtin_derive(&theirs_in_core));
}

#[test]
fn helpers_leave_the_item_its_fields_and_its_variants() {
    let mut item: Item = syn::parse_quote! {
        #[describe(name = "p")]
        #[derive(Debug)]
        enum E { #[describe(skip)] A { #[describe] x: u8, #[doc = "kept"] y: u8 }, B }
    };
    strip_helpers(&mut item, &["describe".to_string()].into_iter().collect());
    assert_eq!(
        item.to_token_stream().to_string(),
        "# [derive (Debug)] enum E { A { x : u8 , # [doc = \"kept\"] y : u8 } , B }"
    );
}
