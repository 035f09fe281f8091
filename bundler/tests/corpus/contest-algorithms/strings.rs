// String processing. By hand: "aba" ends in "ababa" at positions 2 and 4;
// the suffixes of "banana" in order start at 5 3 1 0 4 2; the longest
// palindrome centred in "abacaba" is the whole word, 7.
use contest_algorithms::string_proc::{palindromes, Matcher, SuffixArray};

fn main() {
    let matcher = Matcher::new(b"aba");
    let ends: Vec<usize> = matcher
        .kmp_match(b"ababa".iter().copied())
        .iter()
        .enumerate()
        .filter(|&(_, &len)| len == 3)
        .map(|(i, _)| i)
        .collect();
    println!("{ends:?}");
    let suffixes = SuffixArray::new(b"banana".iter().copied());
    println!("{:?}", suffixes.sfx);
    println!("{:?}", palindromes(b"abacaba").iter().max());
}
