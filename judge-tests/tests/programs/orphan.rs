// Answers correctly but leaves a child holding stdout open: the harness must
// kill the whole process group instead of waiting for the pipe to close.
use std::io::Read;
fn main() {
    std::process::Command::new("sleep").arg("600").spawn().unwrap();
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    for line in text.lines().rev() {
        println!("{line}");
    }
}
