//! Terrain and sight, each against the rulebook's words; the line of sight
//! against a computation of its own, not the engine's.

use std::collections::BTreeSet;

use black_and_white::games::wargame::engine::board::sight_clear;
use black_and_white::games::wargame::engine::data::Terrain;
use black_and_white::games::wargame::engine::state::*;
use black_and_white::games::wargame::engine::{Coord, Wargame};
use black_and_white::rules::{Game, GameRng};
use rand::{RngExt, SeedableRng};

use crate::wargame_rules::{OPEN, act, activate, battle, field};

fn with_terrain(g: &mut Wargame, hexes: &[(i32, i32)], terrain: Terrain) {
    for &(c, r) in hexes {
        let i = g.map.index(Coord(c, r));
        g.map.terrain[i] = terrain;
    }
}

#[test]
fn a_hill_costs_the_melee_attacker_one() {
    // "If unit on the hill is being melee attacked, the attacking unit gets
    // -1 attack penalty"; a counterattack from the hill is not.
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 2))],
        &[("sirens_of_vesania", (4, 3))],
        &[],
    );
    let flat = g.attack_value(0, 1, AttackKind::Melee);
    let flat_counter = g.attack_value(1, 0, AttackKind::Counter);
    with_terrain(&mut g, &[(4, 3)], Terrain::Hill);
    assert_eq!(g.attack_value(0, 1, AttackKind::Melee), flat - 1);
    assert_eq!(g.attack_value(0, 1, AttackKind::Charge), flat - 1);
    assert_eq!(g.attack_value(1, 0, AttackKind::Counter), flat_counter);
    assert_eq!(
        g.defense_value(1, 0, AttackKind::Melee),
        3,
        "the hill is no defence bonus"
    );
}

#[test]
fn a_hill_between_blocks_sight_and_one_under_the_shooter_does_not() {
    // "Hill: ... It blocks line of sight." (4,2) to (4,4) crosses (3,3) and
    // (4,3) along their edge; a hill on both blocks, on either one does not.
    let mut g = battle(
        field(&OPEN),
        &[("line_infantry", (4, 2))],
        &[("sirens_of_vesania", (4, 4))],
        &[],
    );
    activate(&mut g, &[0]);
    let shot = Action::Shoot { unit: 0, target: 1 };
    with_terrain(&mut g, &[(4, 3)], Terrain::Hill);
    assert!(g.check(0, &shot).is_ok(), "one side of the edge is clear");
    with_terrain(&mut g, &[(3, 3)], Terrain::Hill);
    assert!(g.check(0, &shot).unwrap_err().contains("sight"));
    // Standing on hills, the ends never block.
    with_terrain(&mut g, &[(3, 3), (4, 3)], Terrain::Plain);
    with_terrain(&mut g, &[(4, 2), (4, 4)], Terrain::Hill);
    assert!(g.check(0, &shot).is_ok());
}

#[test]
fn forest_defends_except_between_two_forests() {
    // "Units located in forest have +1 defense bonus. This bonus does not
    // work if both units are located on adjacent tiles of forest."
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 2)), ("line_infantry", (4, 1))],
        &[("sirens_of_vesania", (4, 3))],
        &[],
    );
    with_terrain(&mut g, &[(4, 3)], Terrain::Forest);
    assert_eq!(g.defense_value(2, 0, AttackKind::Melee), 3 + 1);
    with_terrain(&mut g, &[(4, 2)], Terrain::Forest);
    assert_eq!(g.defense_value(2, 0, AttackKind::Melee), 3, "both in forest");
    // A ranged attack from forest two hexes off meets the bonus.
    assert_eq!(g.defense_value(2, 1, AttackKind::Ranged), 3 + 1);
}

#[test]
fn moving_through_fire_costs_a_step_for_each_burning_hex() {
    // "Units can move through the fire, but they must reduce their size by
    // one for each passing through the burning tile."
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 0))],
        &[("sirens_of_vesania", (0, 6))],
        &[],
    );
    for row in [1, 2] {
        g.tokens_at_mut(Coord(4, row)).fire = Some((1, 1));
    }
    activate(&mut g, &[0]);
    act(&mut g, 0, Action::Move { to: Coord(4, 1) });
    act(&mut g, 0, Action::Move { to: Coord(4, 2) });
    assert_eq!(g.units[0].size, 1);
    act(&mut g, 0, Action::Move { to: Coord(4, 3) });
    assert_eq!((g.units[0].size, g.units[0].at), (1, Some(Coord(4, 3))));
}

#[test]
fn the_iron_order_charges_at_plus_one() {
    // "The Iron Order – This unit can perform charge with +1 modifier."
    let mut g = battle(
        field(&OPEN),
        &[("line_infantry", (0, 6))],
        &[("the_iron_order", (2, 0))],
        &[6, 4],
    );
    g.active = 1;
    g.units[0].at = Some(Coord(2, 0).straight(Coord(2, 1), 4));
    activate(&mut g, &[1]);
    let to = Coord(2, 0).straight(Coord(2, 1), 3);
    let events = act(
        &mut g,
        1,
        Action::Charge {
            unit: 1,
            to,
            target: 0,
        },
    );
    let attack = events.iter().find_map(|e| match e {
        Event::Attack { kind, attack, .. } => Some((*kind, *attack)),
        _ => None,
    });
    assert_eq!(attack, Some((AttackKind::Charge, 4 + 1)));
}

#[test]
fn a_stream_stops_infantry_and_artillery_but_not_cavalry() {
    // "Stream: infantry and artillery entering this tile must stop."
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 0)), ("line_infantry", (6, 0))],
        &[("sirens_of_vesania", (0, 6))],
        &[],
    );
    with_terrain(&mut g, &[(4, 1), (6, 1)], Terrain::Stream);
    activate(&mut g, &[0]);
    act(&mut g, 0, Action::Move { to: Coord(4, 1) });
    act(&mut g, 0, Action::Move { to: Coord(4, 2) });
    assert_eq!(g.units[0].at, Some(Coord(4, 2)), "cavalry rides on through");
    act(&mut g, 0, Action::EndActivation);
    activate(&mut g, &[1]);
    act(&mut g, 0, Action::Move { to: Coord(6, 1) });
    assert!(
        g.check(0, &Action::Move { to: Coord(6, 2) })
            .unwrap_err()
            .contains("stop")
    );
}

/// A hex's centre, pointy side up, odd rows half a hex to the right.
fn centre(c: Coord) -> (f64, f64) {
    let shift = if c.1.rem_euclid(2) == 1 { 0.5 } else { 0.0 };
    (3f64.sqrt() * (c.0 as f64 + shift), 1.5 * c.1 as f64)
}

/// Sight by walking the line from centre to centre in small steps: each
/// point lies in the hex whose centre is nearest (hexes are the Voronoi cells
/// of their centres); on a border it lies in all the nearest. A point in an
/// end hex is clear; any other point is blocked when every hex it lies in
/// blocks.
fn sight_by_walking(from: Coord, to: Coord, blocks: &BTreeSet<Coord>, cells: &[Coord]) -> bool {
    let (a, b) = (centre(from), centre(to));
    let samples = 400 * from.distance(to) as usize;
    (1..samples).all(|k| {
        let t = k as f64 / samples as f64;
        let p = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        let d = |c: &Coord| {
            let q = centre(*c);
            (q.0 - p.0).hypot(q.1 - p.1)
        };
        let nearest = cells.iter().map(d).fold(f64::INFINITY, f64::min);
        let here: Vec<&Coord> = cells.iter().filter(|c| d(c) - nearest < 1e-7).collect();
        here.iter().any(|c| **c == from || **c == to) || !here.iter().all(|c| blocks.contains(c))
    })
}

#[test]
fn line_of_sight_agrees_with_walking_the_line() {
    // Ruling 12 from first principles, on random boards of blocking hexes:
    // every pair of hexes up to 5 apart.
    let cells: Vec<Coord> = (-1..10)
        .flat_map(|c| (-1..11).map(move |r| Coord(c, r)))
        .collect();
    let board: Vec<Coord> = (0..9).flat_map(|c| (0..10).map(move |r| Coord(c, r))).collect();
    let mut rng = GameRng::seed_from_u64(12);
    let (mut pairs, mut blocked) = (0, 0);
    for _ in 0..3 {
        let blocks: BTreeSet<Coord> = board.iter().copied().filter(|_| rng.random_bool(0.3)).collect();
        for &from in board.iter().filter(|c| c.0 % 3 == 1 && c.1 % 3 == 1) {
            for &to in board.iter().filter(|&&c| c != from && from.distance(c) <= 5) {
                let engine = sight_clear(from, to, |c| blocks.contains(&c));
                let walked = sight_by_walking(from, to, &blocks, &cells);
                assert_eq!(engine, walked, "{from} to {to} with {blocks:?}");
                pairs += 1;
                blocked += usize::from(!engine);
            }
        }
    }
    assert!(pairs > 1000 && blocked > pairs / 5 && blocked < pairs * 4 / 5);
}
