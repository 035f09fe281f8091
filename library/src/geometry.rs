//! Cells, symmetries and placements for tiling puzzles: polyominoes in the
//! plane, polycubes in space, on boards of any shape.
//!
//! ```
//! use library::geometry::{base_placements, Board, Symmetry};
//!
//! // The L tromino, turned and flipped every way: four distinct images.
//! let tromino = [[0, 0], [1, 0], [1, 1]];
//! let bases = base_placements(&tromino, &Symmetry::<2>::all());
//! assert_eq!(bases[0], [[0, 0], [1, 0], [1, 1]]); // the piece as given comes first
//! assert_eq!(bases.len(), 4);
//!
//! // On a 2x3 board each image fits in two places.
//! let cells: Vec<[i32; 2]> = (0..2).flat_map(|x| (0..3).map(move |y| [x, y])).collect();
//! let board = Board::new(&cells);
//! assert_eq!(board.placements(&bases[0]), [vec![0, 3, 4], vec![1, 4, 5]]);
//! let all: usize = bases.iter().map(|b| board.placements(b).len()).sum();
//! assert_eq!(all, 8);
//! ```
//!
//! A cell is a point of the integer lattice, `[i32; D]`. A *shape* is a
//! list of cells; *normalized*, it is sorted, has no duplicates, and its
//! least coordinate on every axis is 0, so that two shapes are translates
//! of each other exactly when their normalized forms are equal.
//!
//! A [`Symmetry`] is a signed permutation of the axes: it maps the lattice
//! onto itself and fixes the origin. In the plane there are 8 (the 4
//! rotations of the square and their mirror images), in space 48 (the 24
//! rotations of the cube and their mirror images).
//!
//! The *base placements* of a piece are the distinct normalized images of
//! its shape ([`base_placements`]); a board places each of them at every
//! translation that keeps all its cells on the board
//! ([`Board::placements`]). Polyomino and polycube puzzles are then exact
//! cover problems: an item per cell (and one per piece), an option per
//! placement (Knuth, TAOCP 7.2.2.1, the pentomino and Soma examples), as
//! [`crate::tiling`] builds them.
//!
//! Knuth's generators `polyomino-dlx` and `polycube-dlx` list the base
//! placements in a particular order: breadth first from the given shape,
//! under two generating symmetries. [`base_placements`] takes the
//! generators as an argument, so the same function gives his order (with
//! his two generators) or the order of a full list of symmetries (with
//! [`Symmetry::all`] or [`Symmetry::rotations`]).
//!
//! Only `std`; the syntax stays within Rust 1.63 because the library is
//! bundled into submissions for old judges.

/// A cell: `D` integer coordinates.
pub type Point<const D: usize> = [i32; D];

/// A signed permutation of the `D` axes: the image of a point `p` has
/// coordinate `i` equal to `signs[i] * p[axes[i]]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry<const D: usize> {
    axes: [usize; D],
    signs: [i32; D],
}

impl<const D: usize> Symmetry<D> {
    /// The symmetry whose image of `p` has coordinate `i` equal to
    /// `signs[i] * p[axes[i]]`. For example `Symmetry::new([1, 0], [1, -1])`
    /// maps `(x, y)` to `(y, -x)`, a quarter turn.
    ///
    /// # Panics
    /// If `axes` is not a permutation of `0..D` or a sign is not 1 or -1.
    pub fn new(axes: [usize; D], signs: [i32; D]) -> Symmetry<D> {
        let mut seen = [false; D];
        for &axis in &axes {
            assert!(
                axis < D && !seen[axis],
                "axes {axes:?} are not a permutation"
            );
            seen[axis] = true;
        }
        assert!(
            signs.iter().all(|&s| s == 1 || s == -1),
            "signs {signs:?} must be 1 or -1"
        );
        Symmetry { axes, signs }
    }

    /// The symmetry that moves nothing.
    pub fn identity() -> Symmetry<D> {
        let mut axes = [0; D];
        for (i, axis) in axes.iter_mut().enumerate() {
            *axis = i;
        }
        Symmetry {
            axes,
            signs: [1; D],
        }
    }

    /// The image of `p`.
    pub fn apply(&self, p: Point<D>) -> Point<D> {
        let mut image = [0; D];
        for i in 0..D {
            image[i] = self.signs[i] * p[self.axes[i]];
        }
        image
    }

    /// Whether this symmetry is a rotation (determinant 1) rather than a
    /// mirror image of one (determinant -1).
    pub fn is_rotation(&self) -> bool {
        // The sign of the permutation is (-1)^(number of inversions).
        let mut determinant = 1;
        for i in 0..D {
            determinant *= self.signs[i];
            for j in i + 1..D {
                if self.axes[i] > self.axes[j] {
                    determinant = -determinant;
                }
            }
        }
        determinant == 1
    }

    /// Every symmetry of the `D`-cube: 8 for the square, 48 for the cube.
    /// The identity comes first; then permutations in lexicographic order,
    /// each with its signs in binary counting order (`+` before `-`, the
    /// last axis fastest).
    pub fn all() -> Vec<Symmetry<D>> {
        let mut all = Vec::new();
        // Counting in base D visits the D-tuples of axes in lexicographic
        // order; the permutations among them are the symmetries' axes.
        for code in 0..D.pow(D as u32) {
            let mut axes = [0; D];
            let mut rest = code;
            for axis in axes.iter_mut().rev() {
                *axis = rest % D;
                rest /= D;
            }
            if !(0..D).all(|a| axes.contains(&a)) {
                continue;
            }
            for bits in 0..1usize << D {
                let mut signs = [1; D];
                for (i, sign) in signs.iter_mut().enumerate() {
                    if bits >> (D - 1 - i) & 1 == 1 {
                        *sign = -1;
                    }
                }
                all.push(Symmetry { axes, signs });
            }
        }
        all
    }

    /// The rotations among [`Symmetry::all`], in the same order: 4 for the
    /// square, 24 for the cube.
    pub fn rotations() -> Vec<Symmetry<D>> {
        Symmetry::all()
            .into_iter()
            .filter(|s| s.is_rotation())
            .collect()
    }
}

/// `cells` translated so that the least coordinate on every axis is 0,
/// sorted, without duplicates. The empty shape stays empty.
pub fn normalize<const D: usize>(cells: &[Point<D>]) -> Vec<Point<D>> {
    let (low, _) = bounds(cells.iter().copied());
    let mut shape: Vec<Point<D>> = cells
        .iter()
        .map(|&p| translate(p, low.map(|x| -x)))
        .collect();
    shape.sort_unstable();
    shape.dedup();
    shape
}

/// [`normalize`] for cells that carry a label: the translation depends on
/// the points only; the result is sorted by point, then label, and a cell
/// is dropped only if both its point and its label repeat another's.
fn normalize_labelled<const D: usize, L: Ord + Copy>(
    cells: &[(Point<D>, L)],
) -> Vec<(Point<D>, L)> {
    let (low, _) = bounds(cells.iter().map(|&(p, _)| p));
    let mut shape: Vec<(Point<D>, L)> = cells
        .iter()
        .map(|&(p, label)| (translate(p, low.map(|x| -x)), label))
        .collect();
    shape.sort_unstable();
    shape.dedup();
    shape
}

/// The least and the greatest coordinate on each axis (zeros if there is
/// no point).
fn bounds<const D: usize>(mut points: impl Iterator<Item = Point<D>>) -> (Point<D>, Point<D>) {
    let first = match points.next() {
        Some(p) => p,
        None => return ([0; D], [0; D]),
    };
    let (mut low, mut high) = (first, first);
    for p in points {
        for i in 0..D {
            low[i] = low[i].min(p[i]);
            high[i] = high[i].max(p[i]);
        }
    }
    (low, high)
}

/// The base placements of a piece: the distinct normalized images of
/// `shape` under the group that `generators` generate.
///
/// The order is breadth first, as in Knuth's `polyomino-dlx`: the
/// normalized shape comes first; then, for each image found so far in
/// turn, its image under each generator in turn, kept if it is new. With
/// every element of a group as `generators` (say [`Symmetry::all`]) this
/// is simply the distinct images in that list's order.
pub fn base_placements<const D: usize>(
    shape: &[Point<D>],
    generators: &[Symmetry<D>],
) -> Vec<Vec<Point<D>>> {
    images(normalize(shape), generators, |base, symmetry| {
        let moved: Vec<Point<D>> = base.iter().map(|&p| symmetry.apply(p)).collect();
        normalize(&moved)
    })
}

/// [`base_placements`] for cells that carry a label (Knuth's suffixes,
/// say): each label stays with its cell; images are translated by their
/// points only, sorted by point and then label, and equal when both
/// match.
pub fn labelled_base_placements<const D: usize, L: Ord + Copy>(
    shape: &[(Point<D>, L)],
    generators: &[Symmetry<D>],
) -> Vec<Vec<(Point<D>, L)>> {
    images(normalize_labelled(shape), generators, |base, symmetry| {
        let moved: Vec<(Point<D>, L)> = base
            .iter()
            .map(|&(p, label)| (symmetry.apply(p), label))
            .collect();
        normalize_labelled(&moved)
    })
}

/// `first` and its distinct images under `generators`, breadth first (see
/// [`base_placements`]).
fn images<const D: usize, T: PartialEq>(
    first: T,
    generators: &[Symmetry<D>],
    image: impl Fn(&T, &Symmetry<D>) -> T,
) -> Vec<T> {
    let mut all = vec![first];
    let mut next = 0;
    while next < all.len() {
        for symmetry in generators {
            let new = image(&all[next], symmetry);
            if !all.contains(&new) {
                all.push(new);
            }
        }
        next += 1;
    }
    all
}

/// A board: a finite set of cells, of any shape, numbered in sorted order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board<const D: usize> {
    /// Sorted, without duplicates.
    cells: Vec<Point<D>>,
    /// The least and greatest coordinate on each axis (zeros if empty).
    low: Point<D>,
    high: Point<D>,
}

impl<const D: usize> Board<D> {
    /// The board made of `cells` (duplicates count once).
    pub fn new(cells: &[Point<D>]) -> Board<D> {
        let mut cells = cells.to_vec();
        cells.sort_unstable();
        cells.dedup();
        let (low, high) = bounds(cells.iter().copied());
        Board { cells, low, high }
    }

    /// The cells in sorted (lexicographic) order: cell `k` of the board is
    /// `cells()[k]`.
    pub fn cells(&self) -> &[Point<D>] {
        &self.cells
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the board has no cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The number of cell `p`, or `None` if `p` is not on the board.
    pub fn index(&self, p: Point<D>) -> Option<usize> {
        self.cells.binary_search(&p).ok()
    }

    /// Whether `p` is a cell of the board.
    pub fn contains(&self, p: Point<D>) -> bool {
        self.index(p).is_some()
    }

    /// Every translation `d` that moves all of `shape` onto the board, in
    /// lexicographic order of `d` (the order of Knuth's generators). The
    /// empty shape has none.
    pub fn offsets(&self, shape: &[Point<D>]) -> Vec<Point<D>> {
        let fits = |d: &Point<D>| shape.iter().all(|&p| self.contains(translate(p, *d)));
        self.shifts(shape).into_iter().filter(fits).collect()
    }

    /// For each of [`Board::offsets`], the numbers of the cells that the
    /// translated `shape` covers, in the order of `shape`'s cells.
    pub fn placements(&self, shape: &[Point<D>]) -> Vec<Vec<usize>> {
        // One search per cell: a translation fits when every cell has a number.
        let cells = |d| shape.iter().map(|&p| self.index(translate(p, d))).collect();
        self.shifts(shape).into_iter().filter_map(cells).collect()
    }

    /// Every translation `d` that moves the bounding box of `shape` into
    /// the board's, in lexicographic order; none for the empty shape.
    fn shifts(&self, shape: &[Point<D>]) -> Vec<Point<D>> {
        let mut shifts = Vec::new();
        if shape.is_empty() {
            return shifts;
        }
        // d ranges over [board low - shape low, board high - shape high]
        // (an empty board's bounds are zeros, and it contains no cell).
        let (mut from, mut to) = bounds(shape.iter().copied());
        for i in 0..D {
            from[i] = self.low[i] - from[i];
            to[i] = self.high[i] - to[i];
            if from[i] > to[i] {
                return shifts;
            }
        }
        let mut d = from;
        loop {
            shifts.push(d);
            // Odometer step, the last axis fastest.
            let mut i = D;
            loop {
                if i == 0 {
                    return shifts;
                }
                i -= 1;
                if d[i] < to[i] {
                    d[i] += 1;
                    break;
                }
                d[i] = from[i];
            }
        }
    }
}

/// `p` translated by `d`.
pub fn translate<const D: usize>(p: Point<D>, d: Point<D>) -> Point<D> {
    let mut q = p;
    for i in 0..D {
        q[i] += d[i];
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The twelve pentominoes, one shape each (rows, columns).
    const PENTOMINOES: [(char, [[i32; 2]; 5]); 12] = [
        ('F', [[0, 1], [0, 2], [1, 0], [1, 1], [2, 1]]),
        ('I', [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]]),
        ('L', [[0, 0], [1, 0], [2, 0], [3, 0], [3, 1]]),
        ('N', [[0, 0], [0, 1], [1, 1], [1, 2], [1, 3]]),
        ('P', [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0]]),
        ('T', [[0, 0], [0, 1], [0, 2], [1, 1], [2, 1]]),
        ('U', [[0, 0], [0, 2], [1, 0], [1, 1], [1, 2]]),
        ('V', [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]]),
        ('W', [[0, 0], [1, 0], [1, 1], [2, 1], [2, 2]]),
        ('X', [[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]]),
        ('Y', [[0, 1], [1, 0], [1, 1], [2, 1], [3, 1]]),
        ('Z', [[0, 0], [0, 1], [1, 1], [2, 1], [2, 2]]),
    ];

    fn compose<const D: usize>(a: &Symmetry<D>, b: &Symmetry<D>) -> Symmetry<D> {
        // (a after b) maps e_j to a(b(e_j)); read it off the unit vectors.
        let mut axes = [0; D];
        let mut signs = [1; D];
        for j in 0..D {
            let mut unit = [0; D];
            unit[j] = 1;
            let image = a.apply(b.apply(unit));
            let i = image.iter().position(|&c| c != 0).unwrap();
            axes[i] = j;
            signs[i] = image[i];
        }
        Symmetry::new(axes, signs)
    }

    #[test]
    fn counts_of_symmetries_and_rotations() {
        assert_eq!(Symmetry::<2>::all().len(), 8);
        assert_eq!(Symmetry::<2>::rotations().len(), 4);
        assert_eq!(Symmetry::<3>::all().len(), 48);
        assert_eq!(Symmetry::<3>::rotations().len(), 24);
        for d2 in Symmetry::<2>::all() {
            assert_eq!(Symmetry::<2>::all().iter().filter(|&&s| s == d2).count(), 1);
        }
        assert_eq!(Symmetry::<3>::all()[0], Symmetry::identity());
        assert_eq!(Symmetry::<3>::rotations()[0], Symmetry::identity());
    }

    #[test]
    fn rotations_form_a_group_and_keep_orientation() {
        let rotations = Symmetry::<3>::rotations();
        for a in &rotations {
            for b in &rotations {
                assert!(rotations.contains(&compose(a, b)));
            }
        }
        // A quarter turn about z keeps handedness: e_x, e_y, e_z go to a
        // right-handed triple.
        let turn = Symmetry::new([1, 0, 2], [1, -1, 1]);
        assert!(turn.is_rotation());
        assert_eq!(turn.apply([1, 2, 3]), [2, -1, 3]);
        assert!(!Symmetry::new([1, 0, 2], [1, 1, 1]).is_rotation());
        assert!(!Symmetry::new([0, 1], [1, -1]).is_rotation());
    }

    #[test]
    #[should_panic(expected = "not a permutation")]
    fn new_rejects_a_repeated_axis() {
        let _ = Symmetry::new([0, 0], [1, 1]);
    }

    #[test]
    fn normalize_translates_sorts_and_dedups() {
        assert_eq!(
            normalize(&[[3, 5], [2, 7], [3, 5], [2, 6]]),
            [[0, 1], [0, 2], [1, 0]]
        );
        assert_eq!(normalize::<3>(&[]), Vec::<[i32; 3]>::new());
        assert_eq!(
            normalize_labelled(&[([1, 1], 2), ([1, 1], 0), ([2, 1], 0), ([1, 1], 2)]),
            [([0, 0], 0), ([0, 0], 2), ([1, 0], 0)]
        );
    }

    #[test]
    fn pentominoes_have_63_base_placements_and_2056_on_6x10() {
        let expected = [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4];
        let cells: Vec<[i32; 2]> = (0..6).flat_map(|x| (0..10).map(move |y| [x, y])).collect();
        let board = Board::new(&cells);
        let mut placements = 0;
        for ((name, shape), count) in PENTOMINOES.iter().zip(expected) {
            let bases = base_placements(shape, &Symmetry::all());
            assert_eq!(bases.len(), count, "{name}");
            // Rotations only: a piece with a mirror symmetry keeps all its
            // images, the others lose half.
            let turned = base_placements(shape, &Symmetry::rotations()).len();
            assert!(turned == count || 2 * turned == count, "{name}");
            placements += bases
                .iter()
                .map(|b| board.placements(b).len())
                .sum::<usize>();
        }
        // The number of options of the 6x10 pentomino problem.
        assert_eq!(placements, 2056);
    }

    #[test]
    fn two_generators_reach_every_image() {
        // Knuth's generators: a quarter turn and a transposition in the
        // plane; a quarter turn about z and a cycle of the axes in space.
        let plane = [
            Symmetry::new([1, 0], [1, -1]),
            Symmetry::new([1, 0], [1, 1]),
        ];
        for (_, shape) in PENTOMINOES {
            let mut by_generators = base_placements(&shape, &plane);
            let mut by_group = base_placements(&shape, &Symmetry::all());
            assert_eq!(by_generators[0], by_group[0]);
            by_generators.sort();
            by_group.sort();
            assert_eq!(by_generators, by_group);
        }
        let space = [
            Symmetry::new([1, 0, 2], [1, -1, 1]),
            Symmetry::new([1, 2, 0], [1, 1, 1]),
        ];
        // The L tetracube: no rotation fixes it, and its mirror image is
        // one of its rotations (turn it over).
        let l = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [2, 1, 0]];
        assert_eq!(base_placements(&l, &space).len(), 24);
        assert_eq!(base_placements(&l, &Symmetry::all()).len(), 24);
        // A screw (Soma's A): a half turn fixes it, a mirror does not.
        let screw = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]];
        assert_eq!(base_placements(&screw, &space).len(), 12);
        assert_eq!(base_placements(&screw, &Symmetry::rotations()).len(), 12);
        assert_eq!(base_placements(&screw, &Symmetry::all()).len(), 24);
        // The straight tricube: 3 directions.
        assert_eq!(
            base_placements(&[[0, 0, 0], [0, 0, 1], [0, 0, 2]], &space).len(),
            3
        );
    }

    #[test]
    fn breadth_first_order_follows_the_generators() {
        // The L tromino under a quarter turn (x, y) -> (y, -x), then a
        // transposition (x, y) -> (y, x).
        let plane = [
            Symmetry::new([1, 0], [1, -1]),
            Symmetry::new([1, 0], [1, 1]),
        ];
        let bases = base_placements(&[[5, 5], [6, 5], [6, 6]], &plane);
        assert_eq!(
            bases,
            [
                vec![[0, 0], [1, 0], [1, 1]],
                vec![[0, 0], [0, 1], [1, 0]], // turned
                vec![[0, 0], [0, 1], [1, 1]], // transposed
                vec![[0, 1], [1, 0], [1, 1]], // turned twice
            ]
        );
    }

    #[test]
    fn labels_travel_with_their_cells() {
        // A domino with a mark on one end: four images, not two.
        let marked = [([0, 0], 0), ([0, 1], 0), ([0, 1], 1)];
        let bases = labelled_base_placements(&marked, &Symmetry::<2>::all());
        assert_eq!(bases.len(), 4);
        assert!(bases.contains(&vec![([0, 0], 0), ([0, 0], 1), ([1, 0], 0)]));
    }

    #[test]
    fn boards_of_any_shape() {
        // A triangle of rows 0..4, row r with columns 0..=r (P4205's shape).
        let cells: Vec<[i32; 2]> = (0..4).flat_map(|r| (0..=r).map(move |c| [r, c])).collect();
        let board = Board::new(&cells);
        assert_eq!(board.len(), 10);
        assert_eq!(board.index([2, 1]), Some(4));
        assert_eq!(board.index([1, 2]), None);
        // A vertical domino fits below every cell of rows 0..3.
        assert_eq!(board.offsets(&[[0, 0], [1, 0]]).len(), 6);
        // A horizontal one fits in rows 1..4 wherever a cell has a right neighbour.
        assert_eq!(
            board.placements(&[[0, 0], [0, 1]]),
            [
                vec![1, 2],
                vec![3, 4],
                vec![4, 5],
                vec![6, 7],
                vec![7, 8],
                vec![8, 9]
            ]
        );
        // Offsets need not be positive, shapes need not be normalized.
        assert_eq!(board.offsets(&[[5, 5]]).first(), Some(&[-5, -5]));
        assert!(board.offsets(&[]).is_empty());
        assert!(Board::<2>::new(&[]).offsets(&[[0, 0]]).is_empty());
        // Too big for the board.
        assert!(board.offsets(&[[0, 0], [0, 4]]).is_empty());
    }

    #[test]
    fn the_cube_of_side_3() {
        // UVa 197's box: cell (p, r, c) is number 9p + 3r + c.
        let cells: Vec<[i32; 3]> = (0..27).map(|k| [k / 9, k / 3 % 3, k % 3]).collect();
        let board = Board::new(&cells);
        for (k, &p) in cells.iter().enumerate() {
            assert_eq!(board.index(p), Some(k));
        }
        // The V tricube has 12 orientations, each fitting 2x2x3 = 12 ways.
        let v = [[0, 0, 0], [0, 0, 1], [0, 1, 0]];
        let bases = base_placements(&v, &Symmetry::rotations());
        assert_eq!(bases.len(), 12);
        let total: usize = bases.iter().map(|b| board.placements(b).len()).sum();
        assert_eq!(total, 144);
    }
}
