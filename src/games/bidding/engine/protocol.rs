//! The bidding game's shapes on the wire: the referee protocol's `ask`,
//! actions, events and reveal, and the app's whole view online.

use serde_json::{Value, json};

use super::rules::*;
use crate::rules::{Game, Protocol, Seat};

impl Protocol for Bidding {
    fn ask_json(&self, seat: Seat) -> (Value, Value) {
        let view = self.view(seat);
        let mut v = json!({
            "round": view.round,
            "role": if view.first == seat { "first" } else { "second" },
            "pool": view.pool,
            "lamps": view.lamps,
            "wins": view.wins,
        });
        if let Some(card) = view.card {
            v["card"] = json!(card);
        }
        (v, json!({"min": 0, "max": view.pool}))
    }
    fn parse_action(value: &Value) -> Result<BiddingAction, String> {
        serde_json::from_value(value.clone())
            .map_err(|e| format!("expected an action {{\"bid\":n}} with n a whole number from 0 to 99: {e}"))
    }
    fn event_json(event: &BiddingEvent) -> Option<Value> {
        match event {
            BiddingEvent::Sealed { .. } => None,
            BiddingEvent::Settled {
                round,
                first,
                cards,
                lamps,
                winner,
                wins,
            } => Some(json!({
                "type": "settled",
                "round": round,
                "first": first,
                "cards": cards,
                "lamps": lamps,
                "winner": winner,
                "wins": wins,
            })),
        }
    }
    fn reveal_json(&self) -> Value {
        json!({ "bids": self.bids() })
    }
    fn read_view_wire(value: Value, _: Seat) -> Result<BiddingView, String> {
        crate::rules::from_wire(value)
    }
}
