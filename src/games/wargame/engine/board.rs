//! The hex board's geometry: offset coordinates as scenarios and the protocol
//! write them, hexx for the hex arithmetic, and the line of sight.

use hexx::{Hex, HexOrientation, OffsetHexMode};
use serde::{Deserialize, Serialize};

/// A hex as `(column, row)`: row 0 is black's edge of the board, rows run
/// toward white's, and odd rows sit half a hex to the right.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Coord(pub i32, pub i32);

impl Coord {
    pub fn col(self) -> i32 {
        self.0
    }

    pub fn row(self) -> i32 {
        self.1
    }

    pub fn hex(self) -> Hex {
        Hex::from_offset_coordinates([self.0, self.1], OffsetHexMode::Odd, HexOrientation::Pointy)
    }

    pub fn from_hex(hex: Hex) -> Coord {
        let [col, row] = hex.to_offset_coordinates(OffsetHexMode::Odd, HexOrientation::Pointy);
        Coord(col, row)
    }

    pub fn distance(self, other: Coord) -> u32 {
        self.hex().unsigned_distance_to(other.hex())
    }

    pub fn neighbours(self) -> [Coord; 6] {
        self.hex().all_neighbors().map(Coord::from_hex)
    }

    pub fn is_adjacent(self, other: Coord) -> bool {
        self.distance(other) == 1
    }

    /// The hexes strictly between `self` and `to` along the line from centre
    /// to centre, each as one hex or, where the line runs along an edge, the
    /// two hexes it grazes.
    pub fn between(self, to: Coord) -> Vec<Vec<Coord>> {
        let steps = self.distance(to);
        let (a, b) = (self.hex(), to.hex());
        (1..steps)
            .map(|i| {
                let t = i as f64 / steps as f64;
                let mut hexes: Vec<Coord> = [1e-6, -1e-6]
                    .into_iter()
                    .map(|nudge| Coord::from_hex(lerp_round(a, b, t, nudge)))
                    .collect();
                hexes.dedup();
                hexes
            })
            .collect()
    }

    /// The hex `steps` away in the straight line through `via`, a neighbour.
    pub fn straight(self, via: Coord, steps: i32) -> Coord {
        let step = via.hex() - self.hex();
        Coord::from_hex(self.hex() + step * steps)
    }
}

/// Written as in scenario files and messages: `(column, row)`.
impl std::fmt::Display for Coord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.0, self.1)
    }
}

/// Hexes for a message: `(1, 2), (3, 4)`, or `nowhere`.
pub fn list(hexes: &[Coord]) -> String {
    if hexes.is_empty() {
        return "nowhere".into();
    }
    hexes
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn lerp_round(a: Hex, b: Hex, t: f64, nudge: f64) -> Hex {
    let q = a.x as f64 + nudge + (b.x - a.x) as f64 * t;
    let r = a.y as f64 + nudge + (b.y - a.y) as f64 * t;
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Hex::new(rq as i32, rr as i32)
}

/// Whether the sight line from `from` to `to` is clear, given what blocks a
/// hex between them: where the line grazes an edge, one clear side is enough
/// (ruling 12).
pub fn sight_clear(from: Coord, to: Coord, blocks: impl Fn(Coord) -> bool) -> bool {
    from.between(to)
        .iter()
        .all(|options| options.iter().any(|&hex| !blocks(hex)))
}
