//! The closing line of a `dlx` run: written by the run, read back by
//! `dlx sum`, so its format has this one owner.
//!
//! ```text
//! [part: K/N  ]solutions: N  nodes: N  updates: N  [cleansings: N  ][memos: N  ]seconds: S
//! ```
//!
//! `memos: N` says that the memo counted (Knuth's DLX6: nodes and updates
//! are then its); solutions go up to 2^128 - 1.
//!
//! `dlx sum` writes the same line with `parts: N  ` (the parts of one
//! split) or `runs: N  ` (any runs) in front instead of `part: K/N  `.

use std::fmt;

use library::dlx::Stats;

/// What comes before `solutions:`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lead {
    /// A whole search.
    #[default]
    Whole,
    /// Part K (1-based) of N of `dlx split`.
    Part(usize, usize),
    /// A sum of the N parts of one split.
    Parts(usize),
    /// A sum of N runs.
    Runs(usize),
}

/// One closing line's numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Closing {
    pub lead: Lead,
    pub solutions: u128,
    pub stats: Stats,
    /// Whether cleansings are counted (DLX2's and DLX3's statistics).
    pub cleansings: bool,
    /// The counts the memo stored, if it counted.
    pub memos: Option<u64>,
    pub seconds: f64,
}

impl fmt::Display for Closing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.lead {
            Lead::Whole => {}
            Lead::Part(k, n) => write!(f, "part: {k}/{n}  ")?,
            Lead::Parts(n) => write!(f, "parts: {n}  ")?,
            Lead::Runs(n) => write!(f, "runs: {n}  ")?,
        }
        write!(
            f,
            "solutions: {}  nodes: {}  updates: {}  ",
            self.solutions, self.stats.nodes, self.stats.updates
        )?;
        if self.cleansings {
            write!(f, "cleansings: {}  ", self.stats.cleansings)?;
        }
        if let Some(memos) = self.memos {
            write!(f, "memos: {memos}  ")?;
        }
        write!(f, "seconds: {:.3}", self.seconds)
    }
}

impl Closing {
    /// The closing line of a run (of a whole search or of a part) in
    /// `line`; `None` if the line is not one (it starts neither with
    /// `part: ` nor with `solutions: `), `Some(Err(()))` if it starts like
    /// one but is not.
    pub fn parse(line: &str) -> Option<Result<Closing, ()>> {
        let line = line.trim();
        if !(line.starts_with("part: ") || line.starts_with("solutions: ")) {
            return None;
        }
        Some(Closing::parse_words(line))
    }

    fn parse_words(line: &str) -> Result<Closing, ()> {
        let words: Vec<&str> = line.split_whitespace().collect();
        if !words.len().is_multiple_of(2) {
            return Err(());
        }
        let mut closing = Closing::default();
        let mut seen = Vec::new();
        for pair in words.chunks(2) {
            let (key, value) = (pair[0], pair[1]);
            if seen.contains(&key) {
                return Err(());
            }
            seen.push(key);
            let number = || value.parse::<u64>().map_err(|_| ());
            match key {
                "part:" if seen.len() == 1 => closing.lead = part(value).ok_or(())?,
                "solutions:" => closing.solutions = value.parse().map_err(|_| ())?,
                "nodes:" => closing.stats.nodes = number()?,
                "updates:" => closing.stats.updates = number()?,
                "cleansings:" => {
                    closing.stats.cleansings = number()?;
                    closing.cleansings = true;
                }
                "memos:" => closing.memos = Some(number()?),
                "seconds:" => closing.seconds = value.parse().map_err(|_| ())?,
                _ => return Err(()),
            }
        }
        let complete = ["solutions:", "nodes:", "updates:", "seconds:"]
            .iter()
            .all(|k| seen.contains(k));
        if complete {
            Ok(closing)
        } else {
            Err(())
        }
    }

    /// Adds `other`'s numbers to these.
    pub fn add(&mut self, other: &Closing) {
        self.solutions += other.solutions;
        self.memos = match (self.memos, other.memos) {
            (None, None) => None,
            (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
        };
        self.stats.nodes += other.stats.nodes;
        self.stats.updates += other.stats.updates;
        self.stats.cleansings += other.stats.cleansings;
        self.cleansings |= other.cleansings;
        self.seconds += other.seconds;
    }
}

/// `K/N` with `1 <= K <= N`.
fn part(value: &str) -> Option<Lead> {
    let (k, n) = value.split_once('/')?;
    let (k, n) = (k.parse().ok()?, n.parse().ok()?);
    (1..=n).contains(&k).then_some(Lead::Part(k, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_written_reads_back() {
        let closing = Closing {
            lead: Lead::Part(3, 8),
            solutions: 5,
            stats: Stats {
                nodes: 10,
                updates: 200,
                cleansings: 7,
            },
            cleansings: true,
            memos: None,
            seconds: 0.25,
        };
        let line = closing.to_string();
        assert_eq!(
            line,
            "part: 3/8  solutions: 5  nodes: 10  updates: 200  cleansings: 7  seconds: 0.250"
        );
        assert_eq!(Closing::parse(&line), Some(Ok(closing)));
        let plain = "solutions: 92  nodes: 975  updates: 16126  seconds: 0.000";
        let read = Closing::parse(plain).unwrap().unwrap();
        assert_eq!((read.lead, read.cleansings), (Lead::Whole, false));
        assert_eq!(read.to_string(), plain);
        // Past u64, by memo.
        let memo =
            "solutions: 92109458286284989468604  nodes: 3  updates: 4  memos: 2  seconds: 0.100";
        let read = Closing::parse(memo).unwrap().unwrap();
        assert_eq!(
            (read.solutions, read.memos),
            (92109458286284989468604, Some(2))
        );
        assert_eq!(read.to_string(), memo);
    }

    #[test]
    fn lines_that_only_look_like_one_are_not() {
        assert_eq!(Closing::parse("r1 c1"), None);
        assert_eq!(Closing::parse("parts: 2  solutions: 1"), None);
        for bad in [
            "solutions: 3  nodes: x  updates: 1  seconds: 0",
            "part: 1/2  solutions: 3  nodes: 4",
            "part: 3/2  solutions: 3  nodes: 4  updates: 1  seconds: 0",
            "solutions: 3  part: 1/2  nodes: 4  updates: 1  seconds: 0",
            "solutions: 3  solutions: 3  nodes: 4  updates: 1  seconds: 0",
            "solutions: 3  nodes: 4  updates: 1  seconds:",
        ] {
            assert_eq!(Closing::parse(bad), Some(Err(())), "{bad}");
        }
    }
}
