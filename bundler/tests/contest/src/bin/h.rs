//! Open sides of grid cells as bit flags (bitflags' bitflags! macro).
use bitflags::bitflags;

bitflags! {
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Walls: u8 {
        const NORTH = 1;
        const EAST = 2;
        const SOUTH = 4;
        const WEST = 8;
    }
}

fn main() {
    let cells = [
        Walls::NORTH | Walls::WEST,
        Walls::all(),
        Walls::empty(),
        Walls::EAST.union(Walls::SOUTH),
    ];
    let open: u32 = cells.iter().map(|w| 4 - w.bits().count_ones()).sum();
    let closed_north = cells.iter().filter(|w| w.contains(Walls::NORTH)).count();
    println!("{open} {closed_north} {}", (Walls::all() - Walls::EAST).bits());
}
