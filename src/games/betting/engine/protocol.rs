//! The betting game's shapes on the wire: the referee protocol's `ask`,
//! actions, events and reveal, and the app's whole view online.

use serde_json::{Map, Value, json};

use super::rules::*;
use crate::rules::{Game, Protocol, Seat};

impl Protocol for Betting {
    fn ask_json(&self, seat: Seat) -> (Value, Value) {
        let view = self.view(seat);
        if view.phase == Phase::Setup {
            return (
                json!({"phase": "setup", "tiles": (0..SLOTS).collect::<Vec<_>>(), "chips": CHIPS}),
                json!({"slots": SLOTS, "min_chips": 1, "total_chips": CHIPS}),
            );
        }
        let decision = view.decision.unwrap_or(Decision { gap: 0, available: 0 });
        let mine: Vec<Value> = view
            .my_later()
            .map(|(slot, own)| json!({"slot": slot, "tile": own.tile, "chips": own.chips}))
            .collect();
        (
            json!({
                "phase": "slot",
                "slot": view.slot,
                "tile": view.my_tile(),
                "colours": view.colours,
                "chips": view.chips,
                "winnings": view.winnings,
                "later": view.later,
                "mine": mine,
            }),
            json!({"decisions": ["match", "fold"], "gap": decision.gap, "available": decision.available}),
        )
    }
    fn parse_action(value: &Value) -> Result<BettingAction, String> {
        let object = value
            .as_object()
            .ok_or("an action is a JSON object such as {\"decision\":\"fold\"}")?;
        let keys =
            |names: &[&str]| object.len() == names.len() && names.iter().all(|k| object.contains_key(*k));
        if keys(&["arrangement"]) {
            let arrangement: Vec<Placement> =
                serde_json::from_value(object["arrangement"].clone()).map_err(|e| {
                    format!(
                        "an arrangement is a list of ten {{\"tile\":t,\"chips\":c}} with whole numbers: {e}"
                    )
                })?;
            return Ok(BettingAction::Arrange(arrangement));
        }
        if keys(&["timeout"]) {
            return match object["timeout"] {
                Value::Bool(true) => Ok(BettingAction::Timeout),
                _ => Err("a timeout is {\"timeout\":true}".into()),
            };
        }
        match object.get("decision").and_then(Value::as_str) {
            Some("fold") if keys(&["decision"]) => Ok(BettingAction::Fold),
            Some("match") if keys(&["decision"]) => Ok(BettingAction::Match(None)),
            Some("match") if keys(&["decision", "from_winnings", "pull"]) => parse_sourcing(object),
            Some("match") => Err(
                "an explicit match needs both from_winnings and pull (and no other keys); \
                 {\"decision\":\"match\"} alone uses the default sourcing"
                    .into(),
            ),
            Some("fold") => Err("a fold is exactly {\"decision\":\"fold\"}".into()),
            _ => Err(
                "expected {\"arrangement\":[...]}, {\"decision\":\"match\"|\"fold\"} \
                      or {\"timeout\":true}"
                    .into(),
            ),
        }
    }
    fn action_json(action: &BettingAction) -> Value {
        match action {
            BettingAction::Arrange(arrangement) => json!({ "arrangement": arrangement }),
            BettingAction::Fold => json!({"decision": "fold"}),
            BettingAction::Match(None) => json!({"decision": "match"}),
            BettingAction::Match(Some(sourcing)) => json!({
                "decision": "match",
                "from_winnings": sourcing.from_winnings,
                "pull": sourcing.pull,
            }),
            BettingAction::Timeout => json!({"timeout": true}),
        }
    }
    fn event_json(event: &BettingEvent) -> Option<Value> {
        match event {
            BettingEvent::Arranged { .. } => None,
            BettingEvent::Settled(r) => Some(json!({
                "type": "settled",
                "slot": r.slot,
                "opened": r.bets,
                "chips": r.chips,
                "colours": r.colours,
                "outcome": r.outcome,
                "folder": r.folder,
                "auto": r.auto.is_some(),
                "tiles": r.tiles,
                "winner": r.winner,
                "winnings": r.winnings,
                "later": r.later,
            })),
        }
    }
    fn reveal_json(&self) -> Value {
        json!({ "arrangements": self.placed.each_ref().map(|p| p.clone().unwrap_or_default()) })
    }
    fn read_view_wire(value: Value, _: Seat) -> Result<BettingView, String> {
        crate::rules::from_wire(value)
    }
}

fn parse_sourcing(object: &Map<String, Value>) -> Result<BettingAction, String> {
    let from_winnings: u8 = serde_json::from_value(object["from_winnings"].clone())
        .map_err(|e| format!("from_winnings is a whole number of chips: {e}"))?;
    let pull: Vec<Pull> = serde_json::from_value(object["pull"].clone())
        .map_err(|e| format!("pull is a list of {{\"slot\":t,\"chips\":n}} with whole numbers: {e}"))?;
    Ok(BettingAction::Match(Some(Sourcing { from_winnings, pull })))
}
