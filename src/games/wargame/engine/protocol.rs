//! The wargame game's shapes on the wire: the referee protocol's `ask`,
//! actions, events and reveal, and the app's whole view online.

use serde_json::{Value, json};

use super::data::Faction;
use super::state::{Action, Event, Phase, Wargame};
use super::view::View;
use crate::rules::{Protocol, Seat, strict_json};

impl Protocol for Wargame {
    fn ask_json(&self, seat: Seat) -> (Value, Value) {
        let mut view = serde_json::to_value(self.view_for(seat)).expect("views serialize");
        // The tutorial's steps are for a person at the app's table.
        view.as_object_mut().expect("views are objects").remove("lessons");
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
    fn reveal_json(&self) -> Value {
        let units: Vec<Value> = self
            .units
            .iter()
            .map(|u| json!({"id": u.id, "owner": u.owner, "class": u.class, "size": u.size, "at": u.at}))
            .collect();
        json!({"units": units, "commanders": self.commanders, "reason": self.reason})
    }
    /// The view whole (serde's shape), from which the table rebuilds the
    /// battle.
    fn read_view_wire(value: Value, seat: Seat) -> Result<View, String> {
        let view: View = crate::rules::from_wire(value)?;
        if view.player != seat {
            return Err(format!(
                "the view is player {}'s, not player {seat}'s",
                view.player
            ));
        }
        Ok(view)
    }
}

/// During building `legal` describes the choices instead of listing every
/// army: the budget, the classes, the commanders and the first row.
fn build_options(game: &Wargame, seat: Seat) -> Value {
    let book = game.scenario.book();
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
