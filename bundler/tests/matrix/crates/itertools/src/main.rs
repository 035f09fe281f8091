use itertools::Itertools;

fn main() {
    let words = ["pear", "fig", "apple", "fig", "kiwi"];
    println!("{}", words.iter().sorted().dedup().join(","));
    for (k, group) in &words.iter().chunk_by(|w| w.len()) {
        println!("{k}: {}", group.count());
    }
    println!("{:?}", (1..=4).combinations(2).filter(|c| c.iter().sum::<i32>() % 2 == 1).collect_vec());
}
