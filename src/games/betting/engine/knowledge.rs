//! What a betting player could know of the other side's tiles: the numbers
//! not yet shown at a showdown, of the colour each slot showed, and at the
//! slot in play what a match would risk.

use super::rules::{Betting, BettingView, SLOTS};
use crate::rules::{Colour, Knowledge, Known, Row, other};

/// The other side's tiles not yet seen at a showdown.
pub fn unseen(view: &BettingView) -> Vec<u8> {
    let them = other(view.seat);
    let shown: Vec<u8> = view
        .history
        .iter()
        .filter_map(|r| r.tiles.map(|t| t[them]))
        .collect();
    (0..SLOTS as u8).filter(|t| !shown.contains(t)).collect()
}

/// The other side's face-down tiles of `colour`, each weighed by the
/// chance that it is the one under this slot's `stack`: every assignment
/// of those tiles to this slot and to the slots of that colour they folded
/// or won by a fold (whose stacks were seen, whose tiles were not) counts,
/// each stack on its tile as likely as `chance(tile, stack)` says.
pub fn weigh_face_down(
    view: &BettingView,
    colour: Colour,
    stack: u8,
    chance: &dyn Fn(u8, u8) -> f64,
) -> Vec<(u8, f64)> {
    let them = other(view.seat);
    let face_down = of_colour(&unseen(view), colour);
    let folded: Vec<u8> = view
        .history
        .iter()
        .filter(|r| r.tiles.is_none() && r.colours[them] == colour)
        .map(|r| r.bets[them])
        .collect();
    // The folded slots' tiles among the rest, every way, weighed.
    fn assign(rest: &mut Vec<u8>, stacks: &[u8], chance: &dyn Fn(u8, u8) -> f64) -> f64 {
        let Some((&stack, later)) = stacks.split_first() else {
            return 1.0;
        };
        let mut sum = 0.0;
        for i in 0..rest.len() {
            let tile = rest.remove(i);
            sum += chance(tile, stack) * assign(rest, later, chance);
            rest.insert(i, tile);
        }
        sum
    }
    face_down
        .iter()
        .map(|&tile| {
            let mut rest: Vec<u8> = face_down.iter().copied().filter(|&t| t != tile).collect();
            (tile, chance(tile, stack) * assign(&mut rest, &folded, chance))
        })
        .collect()
}

fn of_colour(tiles: &[u8], colour: Colour) -> Vec<u8> {
    tiles
        .iter()
        .copied()
        .filter(|&t| Colour::of(t) == colour)
        .collect()
}

fn listed(tiles: &[u8]) -> String {
    tiles.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
}

impl Knowledge for Betting {
    fn knowledge(view: &BettingView) -> Vec<Known> {
        let them = other(view.seat);
        let unseen = unseen(view);
        let mut known = Vec::new();
        let folded: Vec<Row> = view
            .history
            .iter()
            .filter(|r| r.tiles.is_none())
            .map(|r| {
                let colour = r.colours[them];
                Row::text(
                    format!("Slot {} ({colour:?})", r.slot),
                    listed(&of_colour(&unseen, colour)),
                )
            })
            .collect();
        if !folded.is_empty() {
            known.push(Known {
                heading: "Their folded tiles could be".into(),
                rows: folded,
            });
        }
        if let (Some(colours), Some(mine)) = (view.colours, view.my_tile()) {
            // Each unseen tile of the colour shown is equally likely here.
            let could = of_colour(&unseen, colours[them]);
            let n = could.len().max(1) as f64;
            let beats = could.iter().filter(|&&t| mine > t).count() as f64 / n;
            let ties = could.iter().filter(|&&t| mine == t).count() as f64 / n;
            let mut rows = vec![
                Row::text(format!("Their tile ({:?})", colours[them]), listed(&could)),
                Row::chance(format!("Your {mine} wins"), beats),
            ];
            if ties > 0.0 {
                rows.push(Row::chance("Equal tiles", ties));
            }
            if let (Some(decision), Some(chips)) = (view.decision, view.chips) {
                let pot = u32::from(chips[0]) + u32::from(chips[1]) + u32::from(decision.gap);
                rows.push(Row::text(
                    "A match",
                    format!("risks {} more chips for a slot of {pot}", decision.gap),
                ));
            }
            known.push(Known {
                heading: format!("Slot {}", view.slot),
                rows,
            });
        }
        known.push(Known {
            heading: "Their tiles not yet shown".into(),
            rows: vec![Row::text(format!("{} tiles", unseen.len()), listed(&unseen))],
        });
        known
    }
}
