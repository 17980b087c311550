//! What a commander could know of the enemy's hidden blocks: for each type,
//! the classes a block of it can still be, from the classes the scenario
//! allows, the blocks already revealed and the army's budget.

use super::data::{Rulebook, UnitCard, UnitType};
use super::state::Wargame;
use super::view::View;
use crate::rules::{Knowledge, Known, Row, other};

/// The classes a hidden enemy block of `kind` can still be.
pub fn could_be<'a>(view: &View, kind: UnitType, book: &'a Rulebook) -> Vec<&'a UnitCard> {
    let them = other(view.player);
    let faction = view.sides[them].faction;
    let enemy = || view.units.iter().filter(|u| u.owner == them);
    let card = |id: &str| book.units.iter().find(|c| c.id == id);
    let revealed_cost: u32 = enemy()
        .filter_map(|u| u.class.as_deref().and_then(card))
        .map(|c| c.cost)
        .sum();
    let cheapest = |kind: UnitType| {
        book.units
            .iter()
            .filter(|c| c.faction == faction && c.kind == kind)
            .map(|c| c.cost)
            .min()
            .unwrap_or(0)
    };
    // Every other hidden block costs at least the cheapest of its type.
    let others: u32 = enemy()
        .filter(|u| u.class.is_none())
        .map(|u| cheapest(u.kind))
        .sum::<u32>()
        - cheapest(kind);
    book.units
        .iter()
        .filter(|c| c.faction == faction && c.kind == kind)
        .filter(|c| {
            view.units_allowed
                .as_ref()
                .is_none_or(|allowed| allowed.contains(&c.id))
        })
        .filter(|c| enemy().filter(|u| u.class.as_deref() == Some(&c.id)).count() < book.army.most_of_a_class)
        .filter(|c| revealed_cost + others + c.cost <= view.budget)
        .collect()
}

impl Knowledge for Wargame {
    fn knowledge(view: &View) -> Vec<Known> {
        let book = view.book();
        let them = other(view.player);
        let rows: Vec<Row> = [UnitType::Infantry, UnitType::Cavalry, UnitType::Artillery]
            .into_iter()
            .filter_map(|kind| {
                let hidden = view
                    .units
                    .iter()
                    .filter(|u| u.owner == them && u.kind == kind && u.class.is_none())
                    .count();
                (hidden > 0).then(|| {
                    let names: Vec<&str> = could_be(view, kind, book)
                        .iter()
                        .map(|c| c.name.as_str())
                        .collect();
                    Row::text(format!("{hidden} hidden {kind:?}"), names.join(", "))
                })
            })
            .collect();
        let revealed = view
            .units
            .iter()
            .filter(|u| u.owner == them && u.class.is_some())
            .count();
        let mut known = vec![Known {
            heading: "The enemy's hidden blocks could be".into(),
            rows: if rows.is_empty() {
                vec![Row::text("None hidden", "every enemy block is known")]
            } else {
                rows
            },
        }];
        known.push(Known {
            heading: "Known".into(),
            rows: vec![
                Row::text("Revealed blocks", revealed.to_string()),
                Row::text("Budget", view.budget.to_string()),
            ],
        });
        known
    }
}
