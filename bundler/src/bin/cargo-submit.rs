//! `cargo submit`: the bundler as a cargo subcommand. Cargo runs it as
//! `cargo-submit submit ARGS`; the subcommand's own name is dropped.

fn main() -> std::process::ExitCode {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "submit") {
        args.remove(1);
    }
    bundler::cli::main(args)
}
