//! `bundler`: see [`bundler::cli`] (`bundler --help`).

fn main() -> std::process::ExitCode {
    bundler::cli::main(std::env::args_os())
}
