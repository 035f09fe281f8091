//! The memo's table: the count of every subproblem solved, keyed by its
//! signature, in memory that never exceeds a cap.
//!
//! ```text
//! tags:  [t0 t1 t2 ...]            one u32 per slot, 0 for an empty one
//! data:  [key.. lo hi meta | key.. lo hi meta | ...]   `stride` words a slot
//! ```
//!
//! A slot holds a signature (`words` u64s), its count (a u128 as two
//! words) and a word of metadata: the ZDD node of its solutions in the low
//! half, and in the high half its *weight*, the search nodes its count
//! cost (saturated), which decides what is evicted. The tag is 32 bits of
//! the hash (never 0), so that a probe compares whole keys only where the
//! tags agree.
//!
//! Open addressing with linear probing, limited to a window of [`WINDOW`]
//! slots from a key's home: a key sits in the first slot of its window
//! that was empty when it came, and slots are never emptied (only
//! overwritten), so a lookup stops at the first empty slot. The table
//! starts small and doubles (rehashing) when three quarters of its slots
//! are used, or half and a window is full, as long as the old and the new arrays fit
//! in the cap together; past that, a full window evicts its lightest slot.
//! Eviction only forgets: a subproblem forgotten is counted again if it
//! comes back, so the count stays exact and only time is lost.
//!
//! Invariant **T1**: every key stored sits in the window of its home, and
//! every slot between its home and it is occupied.

/// How many slots a key may be placed in, from its home on: a probe
/// reads at most 128 bytes of tags, and stops at the first empty slot.
/// (With 16, windows filled up at half load, a few in a million keys.)
pub(crate) const WINDOW: usize = 32;

/// The smallest table, in slots.
const MIN_SLOTS: usize = 1 << 10;

/// A stored count: the subproblem's solutions and its ZDD node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) count: u128,
    pub(crate) zdd: u32,
}

/// See the module docs.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    /// Words in a key.
    words: usize,
    /// Words in a slot: the key, the count, the metadata.
    stride: usize,
    tags: Vec<u32>,
    data: Vec<u64>,
    /// Slots in use.
    used: usize,
    /// The most bytes the two arrays may take, while doubling too.
    cap: usize,
    /// Slots overwritten by another key.
    pub(crate) evictions: u64,
    /// The most bytes the arrays took at once.
    pub(crate) peak: usize,
}

impl Table {
    /// An empty table of keys of `words` words, within `cap` bytes (at
    /// least the smallest table, whatever `cap` says).
    pub(crate) fn new(words: usize, cap: usize) -> Table {
        let stride = words + 3;
        let mut table = Table {
            words,
            stride,
            tags: Vec::new(),
            data: Vec::new(),
            used: 0,
            cap,
            evictions: 0,
            peak: 0,
        };
        table.allocate(MIN_SLOTS);
        table
    }

    /// The bytes a table of `slots` slots takes.
    fn bytes(&self, slots: usize) -> usize {
        slots * (4 + 8 * self.stride)
    }

    /// Empty arrays of `slots` slots.
    fn allocate(&mut self, slots: usize) {
        self.tags = vec![0; slots];
        self.data = vec![0; slots * self.stride];
        self.used = 0;
        self.peak = self.peak.max(self.bytes(slots));
    }

    /// The number of slots in use.
    pub(crate) fn len(&self) -> usize {
        self.used
    }

    /// The most bytes the table may take.
    pub(crate) fn cap(&self) -> usize {
        self.cap
    }

    /// The home slot and the tag of a hash.
    #[inline]
    fn place(&self, hash: u64) -> (usize, u32) {
        let home = (hash as usize) & (self.tags.len() - 1);
        (home, (hash >> 32) as u32 | 1)
    }

    /// The count stored for `key` (whose hash is `hash`), if any.
    #[inline]
    pub(crate) fn get(&self, key: &[u64], hash: u64) -> Option<Entry> {
        debug_assert_eq!(key.len(), self.words);
        let (home, tag) = self.place(hash);
        let mask = self.tags.len() - 1;
        for k in 0..WINDOW {
            let slot = (home + k) & mask;
            let t = self.tags[slot];
            if t == 0 {
                return None;
            }
            if t == tag {
                let at = slot * self.stride;
                if self.data[at..at + self.words] == *key {
                    return Some(self.entry(at));
                }
            }
        }
        None
    }

    /// The entry of the slot whose data start at word `at`.
    fn entry(&self, at: usize) -> Entry {
        let w = self.words;
        let (lo, hi, meta) = (self.data[at + w], self.data[at + w + 1], self.data[at + w + 2]);
        Entry {
            count: u128::from(hi) << 64 | u128::from(lo),
            zdd: meta as u32,
        }
    }

    /// Stores `entry` for `key` (not in the table), which cost `weight`
    /// search nodes: in an empty slot of its window, after doubling the
    /// table if it is crowded and may grow, else over the lightest slot.
    pub(crate) fn insert(&mut self, key: &[u64], hash: u64, entry: Entry, weight: u64) {
        debug_assert!(self.get(key, hash).is_none());
        let slots = self.tags.len();
        if 4 * (self.used + 1) > 3 * slots && self.may_double() {
            self.double();
        }
        let slot = match self.empty_slot(hash) {
            Some(slot) => slot,
            // A full window in a table at most half full is bad luck:
            // evicting one slot costs less than twice the memory.
            None if 2 * self.used >= slots && self.may_double() => {
                self.double();
                return self.insert(key, hash, entry, weight);
            }
            None => {
                self.evictions += 1;
                self.used -= 1;
                self.lightest_slot(hash)
            }
        };
        let meta = weight.min(u64::from(u32::MAX)) << 32 | u64::from(entry.zdd);
        self.write(slot, key, self.place(hash).1, [entry.count as u64, (entry.count >> 64) as u64, meta]);
    }

    /// Fills slot `slot`.
    fn write(&mut self, slot: usize, key: &[u64], tag: u32, value: [u64; 3]) {
        let at = slot * self.stride;
        self.data[at..at + self.words].copy_from_slice(key);
        self.data[at + self.words..at + self.stride].copy_from_slice(&value);
        self.tags[slot] = tag;
        self.used += 1;
    }

    /// The first empty slot of the window of `hash`.
    fn empty_slot(&self, hash: u64) -> Option<usize> {
        let (home, _) = self.place(hash);
        let mask = self.tags.len() - 1;
        (0..WINDOW)
            .map(|k| (home + k) & mask)
            .find(|&slot| self.tags[slot] == 0)
    }

    /// The slot of least weight in the (full) window of `hash`, the first
    /// on ties.
    fn lightest_slot(&self, hash: u64) -> usize {
        let (home, _) = self.place(hash);
        let mask = self.tags.len() - 1;
        let weight = |slot: usize| self.data[slot * self.stride + self.stride - 1] >> 32;
        (0..WINDOW)
            .map(|k| (home + k) & mask)
            .min_by_key(|&slot| weight(slot))
            .expect("a window has slots")
    }

    /// Whether the table may double: the old arrays and the new ones
    /// together fit in the cap.
    fn may_double(&self) -> bool {
        let slots = self.tags.len();
        self.bytes(slots) + self.bytes(2 * slots) <= self.cap
    }

    /// Doubles the table, keeping every entry (T1 holds again: each key
    /// is placed anew from its home, in the order the old table held
    /// them).
    fn double(&mut self) {
        let tags = std::mem::take(&mut self.tags);
        let data = std::mem::take(&mut self.data);
        self.peak = self.peak.max(self.bytes(tags.len()) + self.bytes(2 * tags.len()));
        self.allocate(2 * tags.len());
        let w = self.words;
        for (slot, &tag) in tags.iter().enumerate() {
            if tag == 0 {
                continue;
            }
            let at = slot * self.stride;
            let key = &data[at..at + w];
            let hash = hash(key);
            let value = [data[at + w], data[at + w + 1], data[at + w + 2]];
            match self.empty_slot(hash) {
                Some(new) => self.write(new, key, tag, value),
                // A window can be full only in a table too small to
                // double into without crowding: forget that one.
                None => self.evictions += 1,
            }
        }
    }
}

/// The hash of a key: each word folded in by a multiply and a rotation,
/// then mixed (SplitMix64's finalizer), so that the home slot (low bits)
/// and the tag (high bits) both depend on every bit.
#[inline]
pub(crate) fn hash(key: &[u64]) -> u64 {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
    for &w in key {
        h = (h ^ w).wrapping_mul(0xbf58_476d_1ce4_e5b9).rotate_left(29);
    }
    h ^= h >> 31;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 29)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(count: u128) -> Entry {
        Entry { count, zdd: count as u32 }
    }

    #[test]
    fn stores_and_finds_counts_past_u64() {
        let mut table = Table::new(2, 1 << 30);
        let big = u128::MAX - 5;
        for k in 0..10_000u64 {
            let key = [k, !k];
            table.insert(&key, hash(&key), entry(big - u128::from(k)), k);
        }
        assert_eq!(table.len(), 10_000);
        assert_eq!(table.evictions, 0);
        for k in 0..10_000u64 {
            let key = [k, !k];
            assert_eq!(table.get(&key, hash(&key)), Some(entry(big - u128::from(k))));
        }
        assert_eq!(table.get(&[7, 7], hash(&[7, 7])), None);
    }

    #[test]
    fn a_capped_table_evicts_and_stays_within_its_cap() {
        // Room for at most 4 096 slots of 6 words and a tag.
        let cap = 4096 * (4 + 8 * 6) * 3 / 2;
        let mut table = Table::new(3, cap);
        for k in 0..100_000u64 {
            let key = [k, k * 3, k * 7];
            table.insert(&key, hash(&key), entry(u128::from(k)), k % 17);
        }
        assert!(table.peak <= cap, "{} > {cap}", table.peak);
        assert!(table.evictions > 0);
        assert_eq!(table.len() as u64 + table.evictions, 100_000);
        // What is left is right.
        let mut kept = 0;
        for k in 0..100_000u64 {
            let key = [k, k * 3, k * 7];
            if let Some(e) = table.get(&key, hash(&key)) {
                assert_eq!(e, entry(u128::from(k)));
                kept += 1;
            }
        }
        assert_eq!(kept, table.len());
    }
}
