use indexmap::IndexMap;

fn main() {
    let mut first_seen: IndexMap<&str, usize> = IndexMap::new();
    for (i, w) in "to be or not to be".split(' ').enumerate() {
        first_seen.entry(w).or_insert(i);
    }
    println!("{first_seen:?}");
    println!("{:?}", first_seen.get_index(2));
}
