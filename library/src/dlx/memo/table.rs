//! The memo's table: the count of every subproblem solved, keyed by its
//! signature, in memory that never exceeds a cap.
//!
//! ```text
//! data:  [meta key.. lo | meta key.. lo | ...]   `stride` words a slot
//! meta:  tag (24 bits) · weight (7) · huge (1) · hi (32)
//! huge:  [count count ...]                       counts of 2^96 and more
//! zdd:   [z z z ...]                             only while writing a ZDD
//! ```
//!
//! A slot holds a word of metadata, a signature (`words` u64s) and the
//! low word of its count. The metadata holds a *tag*, 24 bits of the hash
//! (never 0; 0 marks an empty slot), so that a probe compares whole keys
//! only where the tags agree; the slot's *weight*, the search nodes its
//! count cost as a power of two, which decides what is evicted; and the
//! count's next 32 bits. A count of 2^96 or more (dominoes on 16 × 16
//! near the root) is kept in `huge`, the slot's low word its index there,
//! and the index is reused once its slot is overwritten. Three words less
//! than a key and a u128 in full is what lets the largest counts fit:
//! the triominoes on 12 × 15 take 11 million counts of three-word keys,
//! which fit a 1 GiB cap at 40 bytes a slot and not at 48, and a table
//! over its cap forgets and counts again (1.2x the time there). The tag
//! sits in the slot rather than in an array of its own: a lookup mostly
//! reads one slot, and then one cache miss is all it costs (two arrays
//! cost two: 0.77x the time on the matchings of 30 vertices). The ZDD
//! node of each count is kept only when a ZDD is written.
//!
//! Open addressing with linear probing, limited to a window of [`WINDOW`]
//! slots from a key's home: a key sits in the first slot of its window
//! that was empty when it came, and slots are never emptied (only
//! overwritten), so a lookup stops at the first empty slot. Linear probing
//! fills a window now and then all the same, a few times in a million
//! keys below half load (random keys, any good hash); a key whose window
//! is full goes to a second window, from a second home. The table starts
//! small and doubles (rehashing) when three quarters of its slots are
//! used or a key finds both its windows full, as long as the old and the
//! new arrays fit in the cap together; past that, a key with two full
//! windows evicts the lightest of their slots. Eviction only
//! forgets: a subproblem forgotten is counted again if it comes back, so
//! the count stays exact and only time is lost.
//!
//! Invariant **T1**: every key stored sits in the window of its first
//! home, every slot between that home and it occupied; or in the window of
//! its second home, every slot of the first window and every slot between
//! the second home and it occupied.
//!
//! Invariant **T2**: `huge[i]` is a count kept by exactly one slot (whose
//! huge bit is set and whose low word is `i`) or `i` is in `free`.

/// How many slots a key may be placed in, from each home on; a probe
/// stops at the first empty slot.
pub(crate) const WINDOW: usize = 32;

/// The smallest table, in slots.
const MIN_SLOTS: usize = 1 << 10;

/// A stored count: the subproblem's solutions and its ZDD node (0 when
/// no ZDD is kept).
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
    /// Words in a slot: the metadata, the key, the count's low word.
    stride: usize,
    /// The number of slots less one (a power of two less one).
    mask: usize,
    data: Vec<u64>,
    /// The counts of 2^96 and more, by index (T2).
    huge: Vec<u128>,
    /// The indices of `huge` no slot holds.
    free: Vec<u64>,
    /// The ZDD node of each slot, if a ZDD is kept.
    zdd: Option<Vec<u32>>,
    /// Slots in use.
    used: usize,
    /// The most bytes the table may take, while doubling too.
    cap: usize,
    /// Slots overwritten by another key.
    pub(crate) evictions: u64,
    /// The most bytes the arrays took at once.
    pub(crate) peak: usize,
}

/// The metadata's fields.
const TAG: u64 = (1 << 24) - 1;
const WEIGHT_SHIFT: u32 = 24;
const HUGE: u64 = 1 << 31;
const HI_SHIFT: u32 = 32;

impl Table {
    /// An empty table of keys of `words` words, within `cap` bytes (at
    /// least the smallest table, whatever `cap` says), keeping ZDD nodes
    /// if `zdd`.
    pub(crate) fn new(words: usize, cap: usize, zdd: bool) -> Table {
        let mut table = Table {
            words,
            stride: words + 2,
            mask: 0,
            data: Vec::new(),
            huge: Vec::new(),
            free: Vec::new(),
            zdd: if zdd { Some(Vec::new()) } else { None },
            used: 0,
            cap,
            evictions: 0,
            peak: 0,
        };
        table.allocate(MIN_SLOTS);
        table
    }

    /// The number of slots.
    fn slots(&self) -> usize {
        self.mask + 1
    }

    /// The bytes a table of `slots` slots takes, huge counts included.
    fn bytes(&self, slots: usize) -> usize {
        let zdd = if self.zdd.is_some() { 4 } else { 0 };
        slots * (zdd + 8 * self.stride) + 16 * self.huge.len()
    }

    /// Empty arrays of `slots` slots.
    fn allocate(&mut self, slots: usize) {
        self.mask = slots - 1;
        self.data = vec![0; slots * self.stride];
        if let Some(zdd) = &mut self.zdd {
            *zdd = vec![0; slots];
        }
        self.used = 0;
        self.peak = self.peak.max(self.bytes(slots));
    }

    /// The number of slots in use.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.used
    }

    /// The most bytes the table may take.
    pub(crate) fn cap(&self) -> usize {
        self.cap
    }

    /// The tag of a hash.
    #[inline]
    fn tag(hash: u64) -> u64 {
        (hash >> 40) | 1
    }

    /// The first slot of window `which` (0 or 1) of a hash.
    #[inline]
    fn home(&self, hash: u64, which: usize) -> usize {
        let bits = if which == 0 { hash } else { hash >> 28 };
        (bits as usize) & self.mask
    }

    /// The count stored for `key` (whose hash is `hash`), if any.
    #[inline]
    pub(crate) fn get(&self, key: &[u64], hash: u64) -> Option<Entry> {
        debug_assert_eq!(key.len(), self.words);
        let tag = Table::tag(hash);
        for which in 0..2 {
            let home = self.home(hash, which);
            for k in 0..WINDOW {
                let slot = (home + k) & self.mask;
                let at = slot * self.stride;
                let t = self.data[at] & TAG;
                if t == 0 {
                    return None;
                }
                let stored = &self.data[at + 1..at + 1 + self.words];
                if t == tag && stored.iter().zip(key).all(|(a, b)| a == b) {
                    return Some(self.entry(slot));
                }
            }
        }
        None
    }

    /// Asks the processor to fetch the home slot of `hash` into its cache,
    /// where a lookup will soon look: the lookups of a node's children
    /// then wait for memory together rather than one after another.
    #[inline]
    pub(crate) fn prefetch(&self, hash: u64) {
        let at = ((hash as usize) & self.mask) * self.stride;
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `at` is in bounds, and a prefetch has no effect but
        // on the cache.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            // Two lines: a key found past its home slot (most are at half
            // load) mostly sits in the next (0.87x the time on the
            // matchings of 34 vertices, against one line).
            let home = self.data.as_ptr().add(at) as *const i8;
            _mm_prefetch::<_MM_HINT_T0>(home);
            _mm_prefetch::<_MM_HINT_T0>(home.wrapping_add(64));
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = at;
    }

    /// The entry of slot `slot`.
    fn entry(&self, slot: usize) -> Entry {
        let at = slot * self.stride;
        let (meta, lo) = (self.data[at], self.data[at + self.stride - 1]);
        let count = if meta & HUGE != 0 {
            self.huge[lo as usize]
        } else {
            u128::from(meta >> HI_SHIFT) << 64 | u128::from(lo)
        };
        Entry {
            count,
            zdd: self.zdd.as_ref().map_or(0, |zdd| zdd[slot]),
        }
    }

    /// Stores `entry` for `key` (not in the table), which cost `weight`
    /// search nodes: in an empty slot of its windows, after doubling the
    /// table if it is crowded and may grow, else over the lightest slot.
    pub(crate) fn insert(&mut self, key: &[u64], hash: u64, entry: Entry, weight: u64) {
        debug_assert!(self.get(key, hash).is_none());
        if 4 * (self.used + 1) > 3 * self.slots() && self.may_double() {
            self.double();
        }
        let slot = match self.empty_slot(hash) {
            Some(slot) => slot,
            None if self.may_double() => {
                self.double();
                return self.insert(key, hash, entry, weight);
            }
            None => {
                self.evictions += 1;
                let slot = self.lightest_slot(hash);
                self.forget(slot);
                slot
            }
        };
        // The weight as a power of two: eviction only compares them.
        let class = u64::from(64 - weight.leading_zeros());
        let mut meta = class << WEIGHT_SHIFT | Table::tag(hash);
        let lo = if entry.count >> 96 == 0 {
            meta |= ((entry.count >> 64) as u64) << HI_SHIFT;
            entry.count as u64
        } else {
            meta |= HUGE;
            match self.free.pop() {
                Some(i) => {
                    self.huge[i as usize] = entry.count;
                    i
                }
                None => {
                    self.huge.push(entry.count);
                    self.peak = self.peak.max(self.bytes(self.slots()));
                    self.huge.len() as u64 - 1
                }
            }
        };
        self.write(slot, meta, key, lo, entry.zdd);
    }

    /// Empties slot `slot` (in use), freeing its huge count if it has one.
    fn forget(&mut self, slot: usize) {
        let at = slot * self.stride;
        if self.data[at] & HUGE != 0 {
            self.free.push(self.data[at + self.stride - 1]);
        }
        self.data[at] = 0;
        self.used -= 1;
    }

    /// Fills slot `slot`.
    fn write(&mut self, slot: usize, meta: u64, key: &[u64], lo: u64, zdd: u32) {
        let at = slot * self.stride;
        self.data[at] = meta;
        self.data[at + 1..at + 1 + self.words].copy_from_slice(key);
        self.data[at + self.stride - 1] = lo;
        if let Some(z) = &mut self.zdd {
            z[slot] = zdd;
        }
        self.used += 1;
    }

    /// The slots of the windows of `hash`, in the order they are tried.
    fn windows(&self, hash: u64) -> impl Iterator<Item = usize> + '_ {
        (0..2).flat_map(move |which| {
            let home = self.home(hash, which);
            (0..WINDOW).map(move |k| (home + k) & self.mask)
        })
    }

    /// The first empty slot of the windows of `hash`.
    fn empty_slot(&self, hash: u64) -> Option<usize> {
        self.windows(hash)
            .find(|&slot| self.data[slot * self.stride] == 0)
    }

    /// The slot of least weight in the (full) windows of `hash`, the
    /// first on ties.
    fn lightest_slot(&self, hash: u64) -> usize {
        self.windows(hash)
            .min_by_key(|&slot| self.data[slot * self.stride] >> WEIGHT_SHIFT & 0x7f)
            .expect("a window has slots")
    }

    /// Whether the table may double: the old arrays and the new ones
    /// together fit in the cap.
    fn may_double(&self) -> bool {
        let slots = self.slots();
        self.bytes(slots) + self.bytes(2 * slots) <= self.cap
    }

    /// Doubles the table, keeping every entry (T1 holds again: each key
    /// is placed anew from its home, in the order the old table held
    /// them; T2 too, a slot's words moving whole).
    fn double(&mut self) {
        let slots = self.slots();
        let data = std::mem::take(&mut self.data);
        let zdd = self.zdd.take();
        self.peak = self.peak.max(self.bytes(slots) + self.bytes(2 * slots));
        self.zdd = zdd.as_ref().map(|_| Vec::new());
        self.allocate(2 * slots);
        let (w, lo) = (self.words, self.stride - 1);
        for (slot, old) in data.chunks_exact(self.stride).enumerate() {
            if old[0] == 0 {
                continue;
            }
            let key = &old[1..1 + w];
            match self.empty_slot(hash(key)) {
                Some(new) => {
                    let z = zdd.as_ref().map_or(0, |z| z[slot]);
                    self.write(new, old[0], key, old[lo], z);
                }
                // Two full windows in a table a quarter less full than
                // before, by bad luck: forget that one.
                None => {
                    self.evictions += 1;
                    if old[0] & HUGE != 0 {
                        self.free.push(old[lo]);
                    }
                }
            }
        }
    }
}

/// The hash of a key: each word folded in by a multiply and a rotation,
/// then mixed (MurmurHash3's finalizer), so that the home slot (low bits)
/// and the tag (high bits) both depend on every bit.
#[inline]
pub(crate) fn hash(key: &[u64]) -> u64 {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
    for &w in key {
        h = (h ^ w).wrapping_mul(0xbf58_476d_1ce4_e5b9).rotate_left(29);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(count: u128) -> Entry {
        Entry {
            count,
            zdd: count as u32,
        }
    }

    #[test]
    fn stores_and_finds_counts_past_u64() {
        let mut table = Table::new(2, 1 << 30, true);
        let big = u128::MAX - 5;
        for k in 0..10_000u64 {
            let key = [k, !k];
            table.insert(&key, hash(&key), entry(big - u128::from(k)), k);
        }
        assert_eq!(table.len(), 10_000);
        assert_eq!(table.evictions, 0);
        for k in 0..10_000u64 {
            let key = [k, !k];
            assert_eq!(
                table.get(&key, hash(&key)),
                Some(entry(big - u128::from(k)))
            );
        }
        assert_eq!(table.get(&[7, 7], hash(&[7, 7])), None);
    }

    #[test]
    fn a_capped_table_evicts_and_stays_within_its_cap() {
        // Room for at most 4 096 slots of 5 words and a ZDD node.
        let cap = 4096 * (4 + 8 * 5) * 3 / 2;
        let mut table = Table::new(3, cap, true);
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

    #[test]
    fn counts_of_every_width_come_back_whole() {
        let mut table = Table::new(1, 1 << 30, false);
        let counts = [
            0,
            1,
            u128::from(u64::MAX),
            1 << 64,
            (1 << 96) - 1,
            1 << 96,
            u128::MAX,
        ];
        for (k, &count) in counts.iter().enumerate() {
            let key = [k as u64];
            table.insert(&key, hash(&key), entry(count), u64::MAX);
        }
        for (k, &count) in counts.iter().enumerate() {
            let key = [k as u64];
            assert_eq!(table.get(&key, hash(&key)).map(|e| e.count), Some(count));
        }
        assert_eq!(table.huge.len(), 2);
    }

    #[test]
    fn huge_counts_evicted_free_their_place() {
        // A table that cannot grow past its first size: every key past
        // its slots evicts one, and the huge counts' places are reused.
        let mut table = Table::new(1, 0, false);
        for k in 0..100_000u64 {
            let key = [k];
            let count = u128::MAX - u128::from(k % 3);
            table.insert(&key, hash(&key), entry(count), k % 5);
        }
        assert!(table.evictions > 0);
        assert!(table.huge.len() <= table.slots());
        // T2: every huge count is a slot's or free, never both.
        let mut owner = vec![0; table.huge.len()];
        for slot in 0..table.slots() {
            let at = slot * table.stride;
            if table.data[at] & HUGE != 0 {
                owner[table.data[at + table.stride - 1] as usize] += 1;
            }
        }
        for &i in &table.free {
            owner[i as usize] += 1;
        }
        assert!(owner.iter().all(|&n| n == 1), "{owner:?}");
        for k in 0..100_000u64 {
            let key = [k];
            if let Some(e) = table.get(&key, hash(&key)) {
                assert_eq!(e.count, u128::MAX - u128::from(k % 3));
            }
        }
    }

    #[test]
    fn a_slot_holds_its_key_and_two_words() {
        // The triominoes on 12 x 15 keep 11.2 million counts of three-word
        // keys: 2^24 slots of 40 bytes, doubled from 2^23, fit 1 GiB.
        let table = Table::new(3, 1 << 30, false);
        assert_eq!(table.bytes(1 << 24), 40 << 24);
        assert!(table.bytes(1 << 23) + table.bytes(1 << 24) <= 1 << 30);
        assert_eq!(Table::new(1, 1 << 30, false).bytes(1), 24);
    }
}
