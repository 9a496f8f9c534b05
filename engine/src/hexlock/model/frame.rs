//! The frame around the playing area and the bolthole inside it.
//!
//! A lock of size `N` plays on the hexagon of cells within `N` steps of the centre. The frame is
//! the ring just outside it: fixed, never moving, resisting every push. The bolthole is the
//! north-east corner cell of the playing area and its two neighbours along the rim; the lock is
//! open when no piece covers any of those three cells.

use crate::hex::{Dir, Hex};

/// The smallest size a lock may have.
pub const MIN_SIZE: i32 = 3;
/// The largest size a lock may have (Intricacy's cap).
pub const MAX_SIZE: i32 = 11;

/// Whether a size is allowed.
pub fn size_in_range(size: i32) -> bool {
    (MIN_SIZE..=MAX_SIZE).contains(&size)
}

/// Whether a cell lies in the playing area of a lock of `size`.
pub fn in_area(size: i32, cell: Hex) -> bool {
    cell.length() <= size
}

/// Whether a cell belongs to the frame (the ring just outside the playing area).
pub fn in_frame(size: i32, cell: Hex) -> bool {
    cell.length() == size + 1
}

/// The three bolthole cells: the north-east corner and its neighbours along the rim.
pub fn bolthole(size: i32) -> [Hex; 3] {
    let corner = Dir::NE.offset() * size;
    [corner.neighbour(Dir::W), corner, corner.neighbour(Dir::SE)]
}

/// Whether a cell is one of the bolthole's.
pub fn in_bolthole(size: i32, cell: Hex) -> bool {
    bolthole(size).contains(&cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bolthole_is_the_north_east_corner_and_its_rim_neighbours() {
        for size in MIN_SIZE..=MAX_SIZE {
            let cells = bolthole(size);
            assert!(cells.iter().all(|&c| c.length() == size), "on the rim");
            assert!(cells.iter().all(|c| c.q > 0 && c.r < 0), "top right");
            assert!(cells.contains(&Hex::new(size, -size)));
        }
        assert_eq!(
            bolthole(3),
            [Hex::new(2, -3), Hex::new(3, -3), Hex::new(3, -2)]
        );
    }

    #[test]
    fn frame_is_the_ring_outside_the_area() {
        assert!(in_area(3, Hex::new(3, 0)));
        assert!(!in_area(3, Hex::new(4, 0)));
        assert!(in_frame(3, Hex::new(4, 0)));
        assert!(!in_frame(3, Hex::new(5, 0)));
    }

    #[test]
    fn sizes_three_to_eleven_are_allowed() {
        assert!(!size_in_range(2));
        assert!(size_in_range(3));
        assert!(size_in_range(11));
        assert!(!size_in_range(12));
    }
}
