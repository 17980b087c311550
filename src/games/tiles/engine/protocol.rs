//! The tiles game's shapes on the wire: the referee protocol's `ask`,
//! actions, events and reveal, and the app's whole view online.

use serde_json::{Value, json};

use super::rules::{Tiles, TilesAction, TilesEvent, TilesView};
use crate::rules::{Game, Protocol, Seat};

impl Protocol for Tiles {
    fn ask_json(&self, seat: Seat) -> (Value, Value) {
        let view = self.view(seat);
        let mut v = json!({
            "round": view.round,
            "role": if view.leader == seat { "lead" } else { "follow" },
            "hand": view.hand,
            "score": view.score,
            "opponent_left": view.opponent_left,
        });
        if let Some(led) = view.led.filter(|_| view.leader != seat) {
            v["led"] = json!(led);
        }
        let legal = json!(view.hand);
        (v, legal)
    }
    fn parse_action(value: &Value) -> Result<TilesAction, String> {
        serde_json::from_value(value.clone())
            .map_err(|e| format!("expected an action {{\"tile\":n}} with n from 0 to 8: {e}"))
    }
    fn event_json(event: &TilesEvent) -> Option<Value> {
        match event {
            TilesEvent::Placed { .. } => None,
            TilesEvent::Settled {
                round,
                leader,
                colours,
                winner,
                score,
            } => Some(json!({
                "type": "settled",
                "round": round,
                "leader": leader,
                "colours": colours,
                "winner": winner,
                "score": score,
            })),
        }
    }
    fn reveal_json(&self) -> Value {
        json!({ "played": self.played() })
    }
    fn read_view_wire(value: Value, _: Seat) -> Result<TilesView, String> {
        crate::rules::from_wire(value)
    }
}
