//! What several test files share: measuring Hard against a made-up player,
//! and betting arrangements whose play is worked out by hand.

use black_and_white::cli::arena;
use black_and_white::games::betting::engine::Placement;
use black_and_white::rules::{Bot, Level, Playable};

/// Hard's score rate over `games` against players made by `make`, seats
/// alternating, every action checked legal.
pub fn hard_against<G: Playable>(make: impl FnMut(u64) -> Box<dyn Bot<G>>, games: usize) -> f64 {
    level_against(Level::Hard, make, games)
}

/// `level`'s score rate over `games` against players made by `make`, as
/// `hard_against`.
pub fn level_against<G: Playable>(
    level: Level,
    mut make: impl FnMut(u64) -> Box<dyn Bot<G>>,
    games: usize,
) -> f64 {
    arena::play_bots::<G>(
        &G::Config::default(),
        |player, seed| {
            if player == 0 {
                G::bot(level, seed)
            } else {
                make(seed)
            }
        },
        games,
        0,
    )
    .rate
}

pub fn arrangement(slots: &[(u8, u8)]) -> Vec<Placement> {
    slots
        .iter()
        .map(|&(tile, chips)| Placement { tile, chips })
        .collect()
}

/// Player 0 of a betting game that player 0 wins slot 1 of with a default
/// match; slots 2-6 settle by themselves and player 1 is asked at slot 7.
pub fn betting_p0() -> Vec<Placement> {
    arrangement(&[
        (5, 1),
        (0, 3),
        (1, 3),
        (2, 3),
        (3, 3),
        (4, 3),
        (6, 3),
        (7, 3),
        (8, 4),
        (9, 4),
    ])
}

/// Player 1 of that game.
pub fn betting_p1() -> Vec<Placement> {
    arrangement(&[
        (4, 6),
        (0, 3),
        (1, 3),
        (2, 3),
        (3, 3),
        (5, 3),
        (6, 2),
        (7, 3),
        (8, 2),
        (9, 2),
    ])
}
