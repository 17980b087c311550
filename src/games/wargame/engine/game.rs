//! The wargame on the shared `Game` trait, with the referee protocol's
//! shapes (docs/wargame-protocol.md).

use crate::rules::GameRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

use super::bot;
use super::data::{Faction, Rulebook};
use super::state::{Action, Event, Phase, Setup, Wargame};
use super::view::View;
use crate::ids::GameId;
use crate::rules::{Audience, Bot, Chance, Game, Level, Outcome, Seat, strict_json, sub_seed};

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

    fn bot(level: Level, seed: u64) -> Box<dyn Bot<Self>> {
        bot::bot(level, sub_seed(seed, 7))
    }

    fn ask_json(&self, seat: Seat) -> (Value, Value) {
        let view = serde_json::to_value(self.view_for(seat)).expect("views serialize");
        let legal = if self.phase == Phase::Building {
            build_options(self, seat)
        } else {
            serde_json::to_value(self.legal()).expect("actions serialize")
        };
        (view, legal)
    }

    fn parse_action(value: &Value) -> Result<Action, String> {
        let action: Action =
            serde_json::from_value(value.clone()).map_err(|e| format!("not a wargame action: {e}"))?;
        let written = serde_json::to_value(&action).expect("actions serialize");
        strict_json::no_extra_keys(value, &written).map_err(|e| format!("not a wargame action: {e}"))?;
        Ok(action)
    }

    fn event_json(event: &Event) -> Option<Value> {
        let mut value = serde_json::to_value(event).expect("events serialize");
        value
            .as_object_mut()
            .expect("events are objects")
            .insert("type".into(), json!("event"));
        Some(value)
    }

    fn data_fingerprint() -> Option<String> {
        Some(Rulebook::get().fingerprint())
    }

    /// The battle as the seat sees it (`View::seen`), from which the seat's
    /// view is built again: the table reads `seen`, which the protocol's
    /// view leaves out.
    fn view_wire(view: &View) -> Value {
        serde_json::to_value(&view.seen).expect("games serialize")
    }

    fn read_view_wire(value: Value, seat: Seat) -> Result<View, String> {
        let seen: Wargame = crate::rules::from_wire(value)?;
        Ok(seen.view_for(seat))
    }

    fn reveal_json(&self) -> Value {
        let units: Vec<Value> = self
            .units
            .iter()
            .map(|u| json!({"id": u.id, "owner": u.owner, "class": u.class, "size": u.size, "at": u.at}))
            .collect();
        json!({"units": units, "commanders": self.commanders, "reason": self.reason})
    }
}

/// During building `legal` describes the choices instead of listing every
/// army: the budget, the classes, the commanders and the first row.
fn build_options(game: &Wargame, seat: Seat) -> Value {
    let book = Rulebook::get();
    let faction = Faction::of_seat(seat);
    let classes: Vec<Value> = book
        .units
        .iter()
        .filter(|u| u.faction == faction && game.scenario.allows_unit(&u.id))
        .map(|u| json!({"class": u.id, "kind": u.kind, "cost": u.cost, "size": u.size}))
        .collect();
    let commanders: Vec<&str> = book
        .commanders
        .iter()
        .filter(|c| c.faction == faction && game.scenario.allows_commander(&c.id))
        .map(|c| c.id.as_str())
        .collect();
    let hexes: Vec<_> = game.map.row(game.scenario.side(seat).first_row).collect();
    json!({
        "build": {
            "budget": game.scenario.budget,
            "classes": classes,
            "commanders": commanders,
            "hexes": hexes,
            "most_of_a_class": book.army.most_of_a_class,
            "most_blocks": book.army.most_blocks,
        }
    })
}
