// Panics: exit code 101 and a message on stderr.
fn main() {
    let words: Vec<&str> = Vec::new();
    if words.is_empty() {
        panic!("boom: nothing to reverse");
    }
}
