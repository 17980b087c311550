//! "Try 100 games": the computer's Normal level plays the scenario against
//! itself, a slice at a time so that the editor stays responsive (in the
//! browser too, where there are no threads), and white's score rate is
//! reported with its 95% interval, so a modder sees at once if a side is
//! favoured.

use bevy::platform::time::Instant;
use std::time::Duration;

use crate::games::wargame::engine::scenario::Scenario;
use crate::games::wargame::engine::state::{Setup, Wargame};
use crate::rules::{Bot, Bots, Game, Level, sub_seed};

/// Actions after which a game is stopped and counted as drawn: far more
/// than any battle within its turn limit takes.
const MOST_ACTIONS: u32 = 20_000;

/// One game being played.
struct Battle {
    game: Wargame,
    bots: [Box<dyn Bot<Wargame>>; 2],
    actions: u32,
}

/// Games of the scenario between two Normal players.
pub struct Trial {
    setup: Setup,
    seed: u64,
    pub games: u32,
    pub played: u32,
    /// White's points (a win 1, a draw 0.5) and their squares.
    white: f64,
    squares: f64,
    battle: Option<Battle>,
}

impl Trial {
    pub fn new(scenario: &Scenario, games: u32, seed: u64) -> Trial {
        Trial {
            setup: Setup::with_commanders(scenario, scenario.commanders_by_default()),
            seed,
            games,
            played: 0,
            white: 0.0,
            squares: 0.0,
            battle: None,
        }
    }

    pub fn done(&self) -> bool {
        self.played >= self.games
    }

    /// Plays on for about `budget`, a decision at a time.
    pub fn work(&mut self, budget: Duration) {
        let start = Instant::now();
        while !self.done() && start.elapsed() < budget {
            let seed = sub_seed(self.seed, u64::from(self.played));
            let battle = self.battle.get_or_insert_with(|| Battle {
                game: Wargame::configured(&self.setup, seed),
                bots: [
                    Wargame::bot(Level::Normal, sub_seed(seed, 1)),
                    Wargame::bot(Level::Normal, sub_seed(seed, 2)),
                ],
                actions: 0,
            });
            let finished = match battle.game.to_move() {
                Some(seat) if battle.actions < MOST_ACTIONS => {
                    let view = battle.game.view(seat);
                    if let Some(action) = battle.bots[seat].think(&view) {
                        // The computer's choice is legal; if the rules
                        // refused it the game could not go on.
                        if battle.game.apply(seat, action).is_err() {
                            battle.actions = MOST_ACTIONS;
                        }
                        battle.actions += 1;
                    }
                    None
                }
                _ => Some(battle.game.outcome().map_or(0.5, |o| o.points_for(1))),
            };
            if let Some(points) = finished {
                self.white += points;
                self.squares += points * points;
                self.played += 1;
                self.battle = None;
            }
        }
    }

    /// White's score rate and the half width of its 95% interval, once a
    /// game is played.
    pub fn white_score(&self) -> Option<(f64, f64)> {
        if self.played == 0 {
            return None;
        }
        let n = f64::from(self.played);
        let rate = self.white / n;
        let variance = (self.squares / n - rate * rate).max(0.0);
        Some((rate, 1.96 * (variance / n).sqrt()))
    }
}
