//! The words of a description: radix-62 coordinates and the sets in
//! brackets they make cells of, how lines split into words, and how a bad
//! part is quoted in a message.

use library::geometry::Point;

/// The lines of a description, without their line ends (`\n` or `\r\n`).
pub(super) fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(|raw| raw.strip_suffix('\r').unwrap_or(raw))
}

/// The item name of a cell: its coordinates in radix 62, then `suffix`.
pub(super) fn cell_name<const D: usize>(p: Point<D>, suffix: &str) -> String {
    let mut name: String = p.iter().map(|&c| encode(c as u32)).collect();
    name.push_str(suffix);
    name
}

/// Calls `f` with every point whose coordinate `i` is in `sets[i]`, in
/// lexicographic order.
pub(super) fn product<const D: usize>(
    sets: &[u64; D],
    axis: usize,
    point: &mut Point<D>,
    f: &mut dyn FnMut(Point<D>),
) {
    if axis == D {
        f(*point);
        return;
    }
    for value in 0..62 {
        if sets[axis] >> value & 1 == 1 {
            point[axis] = value;
            product(sets, axis + 1, point, f);
        }
    }
}

/// Reads one coordinate at `bytes[at]`: a digit or a bracketed set. Returns
/// the set as bits and the position after it, or the offset of the
/// trouble and what it is.
pub(super) fn digit_set(bytes: &[u8], at: usize) -> Result<(u64, usize), (usize, String)> {
    if bytes[at] == b'[' {
        return bracketed_set(bytes, at);
    }
    match decode(bytes[at]) {
        Some(v) => Ok((1 << v, at + 1)),
        None => Err((
            at,
            format!(
                "expected a coordinate (0-9, a-z, A-Z or [...]), found `{}`",
                shown(bytes, at)
            ),
        )),
    }
}

/// [`digit_set`] for the set in brackets that starts at `bytes[at]`.
fn bracketed_set(bytes: &[u8], at: usize) -> Result<(u64, usize), (usize, String)> {
    // Knuth's grammar: digits, and ranges d-e with d <= e; a range ends a
    // run, so `[1-2-3]` and `[3--5]` are errors while `[7-z32-4]` is fine.
    let mut bits = 0u64;
    let mut last: Option<u32> = None; // a digit that may start a range
    let mut from: Option<u32> = None; // the start of a range after `-`
    let mut i = at + 1;
    loop {
        let c = match bytes.get(i) {
            Some(&c) => c,
            None => return Err((at, "no `]` closes this `[`".to_string())),
        };
        if c == b']' {
            return Ok((bits, i + 1));
        }
        if c == b'-' {
            match last {
                Some(v) if bytes.get(i + 1) != Some(&b']') => {
                    from = Some(v);
                    last = None;
                }
                _ => return Err((i, "a `-` must stand between two digits".to_string())),
            }
        } else {
            let v = match decode(c) {
                Some(v) => v,
                None => return Err((i, format!("`{}` is not a digit", shown(bytes, i)))),
            };
            match from {
                Some(start) => {
                    if v < start {
                        return Err((
                            i,
                            format!("the range {}-{} decreases", encode(start), encode(v)),
                        ));
                    }
                    bits |= (2u64 << v) - (1u64 << start);
                    from = None;
                    last = None;
                }
                None => {
                    bits |= 1 << v;
                    last = Some(v);
                }
            }
        }
        i += 1;
    }
}

/// The value of a radix-62 digit.
pub(super) fn decode(c: u8) -> Option<u32> {
    match c {
        b'0'..=b'9' => Some(u32::from(c - b'0')),
        b'a'..=b'z' => Some(u32::from(c - b'a') + 10),
        b'A'..=b'Z' => Some(u32::from(c - b'A') + 36),
        _ => None,
    }
}

/// The radix-62 digit of `v < 62`.
pub(super) fn encode(v: u32) -> char {
    let c = match v {
        0..=9 => b'0' + v as u8,
        10..=35 => b'a' + (v - 10) as u8,
        _ => b'A' + (v - 36) as u8,
    };
    char::from(c)
}

/// Whether `text` is a multiplicity DLX solvers read: `n` or `m:n`,
/// decimal, at most 7 characters (Knuth's buffer).
pub(super) fn is_multiplicity(text: &str) -> bool {
    let decimal = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let parts: Vec<&str> = text.split(':').collect();
    text.len() <= 7 && parts.len() <= 2 && parts.iter().all(|s| decimal(s))
}

/// The space-separated words of a line, with their byte offsets.
pub(super) fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split(' ')
        .scan(0, |at, word| {
            let start = *at;
            *at += word.len() + 1;
            Some((start, word))
        })
        .filter(|(_, word)| !word.is_empty())
}

/// The 1-based character column of byte `at` of `line`.
pub(super) fn column_of(line: &str, at: usize) -> usize {
    line.get(..at).map_or(at, |head| head.chars().count()) + 1
}

/// The length in bytes of the first character of `text` (0 if empty).
pub(super) fn first_char_len(text: &str) -> usize {
    text.chars().next().map_or(0, char::len_utf8)
}

/// The character at byte `at`, for messages.
pub(super) fn shown(bytes: &[u8], at: usize) -> String {
    String::from_utf8_lossy(&bytes[at..])
        .chars()
        .next()
        .map_or(String::new(), String::from)
}

/// `text`, cut to 20 characters for a message.
pub(super) fn brief(text: &str) -> String {
    if text.chars().count() <= 20 {
        text.to_string()
    } else {
        let head: String = text.chars().take(19).collect();
        format!("{head}…")
    }
}
