fn main() {
    println!("cargo:rustc-env=BUILT_VERSION=1");
}
