//! The wargame's population (issue 42): four players written apart from
//! the levels, each in a style of its own and with its own simple army
//! choice. They read the rules (the legal actions, the board, the goals)
//! and nothing of the levels' planner or search, and none knows a unit's
//! numbers beyond its type: each weighs an action by a few rules of thumb.
//!
//! - greedy: attacks whatever it can reach, else walks to the nearest enemy.
//! - rusher: fields the most horse it can and runs for its goal (forts,
//!   arrows, or the enemy's first row), fighting only what stands beside it.
//! - turtle: fields the most foot, holds its forts or its first row, digs
//!   in, and strikes only what comes next to it.
//! - gunner: fields the most artillery and shooters, keeps two or three
//!   hexes from the enemy and fires.

use rand::{RngExt, SeedableRng};

use super::{Member, Population};
use crate::games::wargame::engine::board::Coord;
use crate::games::wargame::engine::data::{Rulebook, UnitType};
use crate::games::wargame::engine::scenario::Goal;
use crate::games::wargame::engine::state::{Phase, Unit};
use crate::games::wargame::engine::view::View;
use crate::games::wargame::engine::{Action, Wargame};
use crate::rules::{Bot, GameRng, Seat};

impl Population for Wargame {
    fn members() -> Vec<Member<Wargame>> {
        vec![
            Member {
                name: "greedy",
                about: "the fullest of its armies; attacks whatever it can reach, else walks to the nearest enemy",
                held_out: true,
                make: |seed| Box::new(Styled::new(Style::Greedy, seed)),
            },
            Member {
                name: "rusher",
                about: "the most horse it can field; runs for its goal and fights only what stands beside it",
                held_out: true,
                make: |seed| Box::new(Styled::new(Style::Rusher, seed)),
            },
            Member {
                name: "turtle",
                about: "the most foot it can field; holds its forts or first row, digs in, strikes what comes near",
                held_out: true,
                make: |seed| Box::new(Styled::new(Style::Turtle, seed)),
            },
            Member {
                name: "gunner",
                about: "the most artillery and shooters it can field; keeps two or three hexes off and fires",
                held_out: true,
                make: |seed| Box::new(Styled::new(Style::Gunner, seed)),
            },
        ]
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    Greedy,
    Rusher,
    Turtle,
    Gunner,
}

/// How many random armies a member draws to choose its own from.
const ARMIES: usize = 24;

struct Styled {
    style: Style,
    rng: GameRng,
}

impl Styled {
    fn new(style: Style, seed: u64) -> Styled {
        Styled {
            style,
            rng: GameRng::seed_from_u64(seed),
        }
    }

    /// What an army is worth to this style: the blocks of the kinds it
    /// likes, then its size.
    fn army_worth(&self, army: &Action) -> (usize, usize) {
        let Action::Build { army, .. } = army else {
            return (0, 0);
        };
        let book = Rulebook::get();
        let liked = army
            .iter()
            .filter_map(|p| book.unit(&p.class))
            .filter(|card| match self.style {
                Style::Greedy => true,
                Style::Rusher => card.kind == UnitType::Cavalry,
                Style::Turtle => card.kind == UnitType::Infantry,
                Style::Gunner => card.kind == UnitType::Artillery || card.ranged.is_some(),
            })
            .count();
        (liked, army.len())
    }

    /// The hexes its units make for.
    fn targets(&self, game: &Wargame, seat: Seat) -> Vec<Coord> {
        let enemies: Vec<Coord> = enemies(game, seat).filter_map(|u| u.at).collect();
        let goal = match game.scenario.side(seat).goal {
            Goal::Forts(_) => game.map.forts(),
            Goal::Lead(_) => game.scenario.arrows.clone(),
            Goal::Points(_) => Vec::new(),
        };
        let found = match self.style {
            Style::Greedy | Style::Gunner => enemies.clone(),
            Style::Rusher if goal.is_empty() => {
                game.map.row(game.scenario.side(1 - seat).first_row).collect()
            }
            Style::Rusher => goal,
            Style::Turtle => {
                let forts = game.map.forts();
                if forts.is_empty() {
                    game.map.row(game.scenario.side(seat).first_row).collect()
                } else {
                    forts
                }
            }
        };
        if found.is_empty() { enemies } else { found }
    }

    /// How good it is for this style to stand on `at`.
    fn standing(&self, game: &Wargame, seat: Seat, at: Coord, targets: &[Coord]) -> f64 {
        let to_target = nearest(at, targets);
        match self.style {
            Style::Gunner => {
                let to_enemy = nearest(at, &enemies(game, seat).filter_map(|u| u.at).collect::<Vec<_>>());
                -(to_enemy - 2.5).abs()
            }
            _ => -to_target,
        }
    }

    fn score(&self, game: &Wargame, seat: Seat, action: &Action, targets: &[Coord]) -> f64 {
        let (attack, fire) = match self.style {
            Style::Greedy => (10.0, 10.0),
            Style::Rusher => (4.0, 4.0),
            Style::Turtle => (8.0, 9.0),
            Style::Gunner => (5.0, 12.0),
        };
        match action {
            Action::Melee { .. } | Action::Charge { .. } => attack,
            Action::Shoot { .. } | Action::Fire { .. } => fire,
            Action::Dig { .. } if self.style == Style::Turtle => 6.0,
            Action::Dig { .. } => 1.0,
            Action::Stand { .. } => 2.0,
            Action::Retreat { .. } => 1.0,
            Action::Counterattack { .. } => 3.0,
            Action::Activate { units, order: None } => {
                let at = game.units[units[0]].at.expect("an active unit stands somewhere");
                5.0 + units.len() as f64 * 0.2 + 0.1 * self.standing(game, seat, at, targets)
            }
            Action::Move { to } => {
                let Some(active) = game.activation.as_ref() else {
                    return 0.5;
                };
                let gain =
                    self.standing(game, seat, *to, targets) - self.standing(game, seat, active.at, targets);
                let into_fire = if game.tokens_at(*to).fire.is_some() {
                    5.0
                } else {
                    0.0
                };
                3.0 + 2.0 * gain - into_fire
            }
            Action::EndActivation => 2.5,
            Action::EndTurn => 0.0,
            _ => 0.5,
        }
    }
}

impl Bot<Wargame> for Styled {
    fn choose(&mut self, view: &View) -> Action {
        let game = Wargame::from_view(view);
        let seat = view.player;
        if game.phase == Phase::Building {
            let armies: Vec<Action> = (0..ARMIES)
                .map(|_| game.random_army(seat, &mut self.rng))
                .collect();
            let best = armies
                .iter()
                .enumerate()
                .max_by_key(|(i, a)| (self.army_worth(a), usize::MAX - i))
                .map_or(0, |(i, _)| i);
            return armies[best].clone();
        }
        let targets = self.targets(&game, seat);
        let mut best = (f64::MIN, Action::EndTurn);
        for action in game.legal() {
            let score = self.score(&game, seat, &action, &targets) + self.rng.random::<f64>() * 0.1;
            if score > best.0 {
                best = (score, action);
            }
        }
        best.1
    }
}

fn enemies(game: &Wargame, seat: Seat) -> impl Iterator<Item = &Unit> {
    game.alive().filter(move |u| u.owner != seat)
}

fn nearest(at: Coord, targets: &[Coord]) -> f64 {
    targets.iter().map(|&t| at.distance(t)).min().unwrap_or(0) as f64
}
