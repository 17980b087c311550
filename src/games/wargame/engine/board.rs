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

    /// What stands between `self` and `to` on the line from centre to
    /// centre, in order: each hex whose inside the line crosses, alone, and
    /// each pair of hexes whose shared edge the line runs along, together
    /// (ruling 12). A line may cross more hexes than the distance: where it
    /// passes a corner it clips the hexes on both sides of it.
    pub fn between(self, to: Coord) -> Vec<Vec<Coord>> {
        let steps = self.distance(to);
        let (a, b) = (self.centre(), to.centre());
        let mut found: Vec<(f64, Vec<Coord>)> = Vec::new();
        let near = |h: Coord| h != self && h != to && h.distance(self) <= steps && h.distance(to) <= steps;
        let rows = self.row().min(to.row()) - 1..=self.row().max(to.row()) + 1;
        let cols = self.col().min(to.col()) - 1..=self.col().max(to.col()) + 1;
        for row in rows {
            for col in cols.clone() {
                let hex = Coord(col, row);
                if !near(hex) {
                    continue;
                }
                let Some((t_in, t_out)) = hex.clip(a, b) else {
                    continue;
                };
                let mid = lerp(a, b, (t_in + t_out) / 2.0);
                let entry = match hex.edge_under(mid) {
                    None => vec![hex],
                    Some(other) => {
                        let mut pair = vec![hex, other];
                        pair.sort();
                        pair
                    }
                };
                if !found.iter().any(|(_, e)| *e == entry) {
                    found.push((t_in, entry));
                }
            }
        }
        found.sort_by(|x, y| x.0.total_cmp(&y.0).then_with(|| x.1.cmp(&y.1)));
        found.into_iter().map(|(_, e)| e).collect()
    }

    /// The centre, in hex sizes (corner to centre 1), pointy side up.
    fn centre(self) -> [f64; 2] {
        let shift = if self.1.rem_euclid(2) == 1 { 0.5 } else { 0.0 };
        [SQRT_3 * (self.0 as f64 + shift), 1.5 * self.1 as f64]
    }

    fn corners(self) -> [[f64; 2]; 6] {
        let [x, y] = self.centre();
        std::array::from_fn(|k| {
            let angle = (30.0 + 60.0 * k as f64).to_radians();
            [x + angle.cos(), y + angle.sin()]
        })
    }

    /// Where the segment from `a` to `b` lies in this hex, as fractions of
    /// its length, if over more than a point (Cyrus-Beck clipping).
    fn clip(self, a: [f64; 2], b: [f64; 2]) -> Option<(f64, f64)> {
        let corners = self.corners();
        let centre = self.centre();
        let d = [b[0] - a[0], b[1] - a[1]];
        let (mut t_in, mut t_out) = (0.0f64, 1.0f64);
        for k in 0..6 {
            let (p, q) = (corners[k], corners[(k + 1) % 6]);
            // The edge's normal, turned to point out of the hex.
            let mut n = [q[1] - p[1], p[0] - q[0]];
            if n[0] * (centre[0] - p[0]) + n[1] * (centre[1] - p[1]) > 0.0 {
                n = [-n[0], -n[1]];
            }
            let outside = n[0] * (a[0] - p[0]) + n[1] * (a[1] - p[1]);
            let towards = n[0] * d[0] + n[1] * d[1];
            if towards.abs() < EPSILON {
                if outside > EPSILON {
                    return None;
                }
                continue;
            }
            let t = -outside / towards;
            if towards < 0.0 {
                t_in = t_in.max(t);
            } else {
                t_out = t_out.min(t);
            }
        }
        (t_out - t_in > EPSILON).then_some((t_in, t_out))
    }

    /// The neighbour across the edge of this hex that `point` lies on.
    fn edge_under(self, point: [f64; 2]) -> Option<Coord> {
        let corners = self.corners();
        (0..6).find_map(|k| {
            let (p, q) = (corners[k], corners[(k + 1) % 6]);
            let e = [q[0] - p[0], q[1] - p[1]];
            let off = (e[0] * (point[1] - p[1]) - e[1] * (point[0] - p[0])).abs() / e[0].hypot(e[1]);
            (off < EPSILON).then(|| {
                let [x, y] = self.centre();
                // The neighbour's centre mirrors ours in the edge's middle.
                let beyond = [p[0] + q[0] - x, p[1] + q[1] - y];
                self.neighbours()
                    .into_iter()
                    .min_by(|m, n| {
                        let dist = |c: Coord| {
                            let [cx, cy] = c.centre();
                            (cx - beyond[0]).hypot(cy - beyond[1])
                        };
                        dist(*m).total_cmp(&dist(*n))
                    })
                    .expect("six neighbours")
            })
        })
    }

    /// The hex `steps` away in the straight line through `via`, a neighbour.
    pub fn straight(self, via: Coord, steps: i32) -> Coord {
        let step = via.hex() - self.hex();
        Coord::from_hex(self.hex() + step * steps)
    }
}

impl Coord {
    /// As scenario files write it, `(column, row)`: for messages to a
    /// modder about their file.
    pub fn pair(self) -> String {
        format!("({}, {})", self.0, self.1)
    }
}

/// Named as the board's edges label it, for players: the column's letter
/// (A from column 0, then AA after Z) and the row's number from 1, `C7`.
impl std::fmt::Display for Coord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", column_letters(self.0), self.1 + 1)
    }
}

/// The hexes a line of text names as the board's edge does ("C7", "AB12"),
/// in order: a log line's places, to ring on the board.
pub fn named_in(text: &str) -> Vec<Coord> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter_map(|word| {
            let digits = word.find(|c: char| c.is_ascii_digit())?;
            let (letters, number) = word.split_at(digits);
            if letters.is_empty() || !letters.bytes().all(|b| b.is_ascii_uppercase()) {
                return None;
            }
            let row: i32 = number.parse().ok()?;
            let column = letters.bytes().fold(0i32, |n, b| {
                n.saturating_mul(26).saturating_add(i32::from(b - b'A') + 1)
            }) - 1;
            (row >= 1).then_some(Coord(column, row - 1))
        })
        .collect()
}

/// A column's name on the board's edge: A to Z, then AA, AB...
pub fn column_letters(column: i32) -> String {
    let mut n = column.max(0) as u32;
    let mut letters = Vec::new();
    loop {
        letters.push(char::from(b'A' + (n % 26) as u8));
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    letters.iter().rev().collect()
}

/// Hexes for a message: `C7, D8`, or `nowhere`.
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

const SQRT_3: f64 = 1.732_050_807_568_877_2;
/// Far below any length on the board, far above rounding.
const EPSILON: f64 = 1e-9;

fn lerp(a: [f64; 2], b: [f64; 2], t: f64) -> [f64; 2] {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
}

/// Whether the sight line from `from` to `to` is clear, given what blocks a
/// hex between them: where the line grazes an edge, one clear side is enough
/// (ruling 12).
pub fn sight_clear(from: Coord, to: Coord, blocks: impl Fn(Coord) -> bool) -> bool {
    from.between(to)
        .iter()
        .all(|options| options.iter().any(|&hex| !blocks(hex)))
}
