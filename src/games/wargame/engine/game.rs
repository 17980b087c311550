//! The wargame on the shared `Game` trait, with the referee protocol's
//! shapes (docs/wargame-protocol.md).

use crate::rules::GameRng;
use rand::{RngExt, SeedableRng};

use super::state::{Action, Event, Phase, Setup, Wargame};
use super::view::View;
use crate::ids::GameId;
use crate::rules::{Audience, Chance, Game, Outcome, Seat};

impl Game for Wargame {
    type Action = Action;
    type View = View;
    type Event = Event;
    type Config = Setup;
    const ID: GameId = GameId::Wargame;

    fn start(setup: &Setup, seed: u64, chance: Chance) -> Self {
        Wargame::with_chance(setup, seed, chance)
    }

    fn chance(&mut self) -> &mut Chance {
        &mut self.chance
    }

    /// Rolled once both armies stand (ruling 3): `None` while building.
    fn first(&self) -> Option<Seat> {
        (self.phase != Phase::Building).then_some(self.first)
    }

    fn to_move(&self) -> Option<Seat> {
        self.whose_move()
    }

    fn view(&self, seat: Seat) -> View {
        self.view_for(seat)
    }

    /// Every block identified to both sides: the board shows every class.
    fn uncovered(&self, seat: Seat) -> View {
        let mut open = self.clone();
        for unit in &mut open.units {
            unit.known = [true, true];
        }
        open.view_for(seat)
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.legal()
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<(), String> {
        self.check_action(seat, action)
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, String> {
        self.check_action(seat, &action)?;
        Ok(self.perform(seat, action))
    }

    fn round(&self) -> u32 {
        match self.phase {
            Phase::Building => 0,
            _ => self.round,
        }
    }

    fn standing(&self) -> [i64; 2] {
        self.score.map(i64::from)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn audience(event: &Event) -> Audience {
        match event {
            Event::ArmyBuilt { to: Some(seat), .. }
            | Event::CommandCheck { to: Some(seat), .. }
            | Event::Activated { to: Some(seat), .. }
            | Event::Attack { to: Some(seat), .. }
            | Event::Rerolled { to: Some(seat), .. } => Audience::Only(*seat),
            _ => Audience::Public,
        }
    }

    fn random_action(&self, rng: &mut GameRng) -> Action {
        let seat = self
            .whose_move()
            .expect("random actions only while the game runs");
        if self.phase == Phase::Building {
            let mut own = GameRng::seed_from_u64(rng.random());
            return self.random_army(seat, &mut own);
        }
        let legal = self.legal();
        legal[rng.random_range(0..legal.len())].clone()
    }

    fn data_fingerprint(config: &Setup) -> Result<Option<String>, String> {
        match &config.scenario.rulebook {
            Some(name) if super::rulebooks::named(name).is_none() => Err(format!(
                "the battle was played on the rulebook `{name}`, which this game has not read: put {}/{name}.ron in your scenarios folder",
                super::rulebooks::FOLDER
            )),
            _ => Ok(Some(config.scenario.book().fingerprint())),
        }
    }
}
