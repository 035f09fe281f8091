// Distances from vertex 0, and the walls of a grid: a bin of two files.
mod read;

fn main() {
    let (n, edges, rows) = read::input();
    let dist = mylib::graph::distances(n, &edges, 0);
    let shown: Vec<usize> = dist.iter().map(|d| d.unwrap_or(usize::MAX)).collect();
    println!("{}", sol::joined(&shown));
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    println!("{}", mylib::grid::walls(&rows));
}
