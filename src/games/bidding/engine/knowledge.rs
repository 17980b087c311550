//! What a bidder could know of the other side's pool: every pool the
//! cards, lamps and results seen so far allow, round by round.

use std::collections::BTreeSet;

use super::rules::{Bidding, BiddingView, Card, POOL, lamps};
use crate::rules::{Knowledge, Known, Row, Shows, other};

/// The other side's possible pools after each settled round (index 0:
/// before the first), each as the set of values the seat's view allows.
pub fn their_pools(view: &BiddingView) -> Vec<BTreeSet<u8>> {
    let them = other(view.seat);
    let mut pools = vec![BTreeSet::from([POOL])];
    for round in &view.history {
        let before = pools.last().expect("starts with one");
        let mut after = BTreeSet::new();
        for &pool in before {
            for bid in 0..=pool {
                let fits_result = match round.winner {
                    None => bid == round.mine,
                    Some(w) if w == view.seat => bid < round.mine,
                    Some(_) => bid > round.mine,
                };
                let left = pool - bid;
                if Card::of(bid) == round.their_card && fits_result && lamps(left) == round.lamps[them] {
                    after.insert(left);
                }
            }
        }
        pools.push(after);
    }
    pools
}

fn range(pools: &BTreeSet<u8>) -> Shows {
    Shows::Range {
        low: pools.first().copied().unwrap_or(0).into(),
        high: pools.last().copied().unwrap_or(0).into(),
        of: POOL.into(),
    }
}

impl Knowledge for Bidding {
    fn knowledge(view: &BiddingView) -> Vec<Known> {
        let pools = their_pools(view);
        let now = pools.last().expect("starts with one");
        let mut rows: Vec<Row> = pools
            .iter()
            .enumerate()
            .map(|(round, p)| Row {
                label: if round == 0 {
                    "Start".into()
                } else {
                    format!("Round {round}")
                },
                shows: range(p),
            })
            .collect();
        rows.push(Row::text("Now", format!("{} pools possible", now.len())));
        let mut known = vec![Known {
            heading: "The other side's pool after each round".into(),
            rows,
        }];
        if let (Some(card), true) = (view.card, view.to_move == Some(view.seat)) {
            let most = now.last().copied().unwrap_or(0);
            let bids = match card {
                Card::Black => format!("0 to {}", most.min(9)),
                Card::White => format!("10 to {most}"),
            };
            known.push(Known {
                heading: "Their sealed bid".into(),
                rows: vec![Row::text(format!("{card:?} card"), bids)],
            });
        }
        known
    }
}
