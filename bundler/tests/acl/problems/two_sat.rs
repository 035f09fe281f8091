//! Practice H (Two SAT): flag i at X_i or Y_i, any two at least D apart.
use crate::twosat::TwoSat;
use std::io::Read;

pub fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut next = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().unwrap());
    let (n, d) = (next.next().unwrap() as usize, next.next().unwrap());
    let places: Vec<[i64; 2]> = (0..n)
        .map(|_| [next.next().unwrap(), next.next().unwrap()])
        .collect();
    let mut sat = TwoSat::new(n);
    for i in 0..n {
        for j in i + 1..n {
            for (a, &x) in places[i].iter().enumerate() {
                for (b, &y) in places[j].iter().enumerate() {
                    if (x - y).abs() < d {
                        // Not both: flag i at a and flag j at b.
                        sat.add_clause(i, a == 1, j, b == 1);
                    }
                }
            }
        }
    }
    if !sat.satisfiable() {
        println!("No");
        return;
    }
    println!("Yes");
    for (i, &at_y) in sat.answer().iter().enumerate() {
        println!("{}", places[i][usize::from(at_y)]);
    }
}
