//! What is wrong with a scenario, and where: found while it is read or
//! checked, before the place is found in the text (`scenario_check`).

/// Where in a scenario a problem is, before it is found in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    File,
    /// A top-level field.
    Field(&'static str),
    /// A field of `black` or `white`.
    SideField(&'static str, &'static str),
    /// A map row.
    Row(usize),
    /// A hex of the map: row, then the letter's index in the row.
    Cell(usize, usize),
    /// An item of a top-level list (`arrows`, `units`, `commanders`).
    Item(&'static str, usize),
}

/// A problem with where it is in the scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flaw {
    pub place: Place,
    pub message: String,
}

impl Flaw {
    pub fn at(place: Place, message: String) -> Flaw {
        Flaw { place, message }
    }
}
