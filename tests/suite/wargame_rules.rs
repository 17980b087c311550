//! The wargame's rules, one family at a time, on small test fields with
//! forced dice; the rulebook's two worked examples exactly.

use black_and_white::games::wargame::engine::data::{Order, Token};
use black_and_white::games::wargame::engine::scenario::{Goal, ScenarioKind, Side};
use black_and_white::games::wargame::engine::state::*;
use black_and_white::games::wargame::engine::{Coord, Scenario, Wargame};
use black_and_white::rules::Game;

pub fn field(rows: &[&str]) -> Scenario {
    Scenario {
        number: 99,
        name: "Test field".into(),
        kind: ScenarioKind::Skirmish,
        about: String::new(),
        map: rows.iter().map(|r| r.to_string()).collect(),
        arrows: Vec::new(),
        black: Side {
            first_row: 0,
            goal: Goal::Points(40),
            tokens: 3,
        },
        white: Side {
            first_row: rows.len() as i32 - 1,
            goal: Goal::Points(40),
            tokens: 3,
        },
        turn_limit: 20,
        budget: 60,
        units: None,
        commanders: None,
        rulebook: None,
        tutorial: Vec::new(),
    }
}

pub const OPEN: [&str; 7] = [
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
];

/// Both armies built on their first rows, then set where the test wants
/// them; black (player 0) to move. Black's units come first in the ids.
pub fn battle(
    scenario: Scenario,
    black: &[(&str, (i32, i32))],
    white: &[(&str, (i32, i32))],
    dice: &[u8],
) -> Wargame {
    let rows = [scenario.black.first_row, scenario.white.first_row];
    let mut game = Wargame::new(
        &Setup {
            scenario,
            dice: dice.to_vec(),
        },
        1,
    );
    for (seat, list) in [black, white].into_iter().enumerate() {
        let army = list
            .iter()
            .enumerate()
            .map(|(i, (class, _))| Placement {
                class: class.to_string(),
                at: Coord(i as i32, rows[seat]),
            })
            .collect();
        game.apply(
            seat,
            Action::Build {
                commander: None,
                army,
            },
        )
        .unwrap_or_else(|e| panic!("build: {e}"));
    }
    let places = black.iter().chain(white).map(|(_, (c, r))| Coord(*c, *r));
    for (unit, at) in game.units.iter_mut().zip(places) {
        unit.at = Some(at);
    }
    game.first = 0;
    game.active = 0;
    game
}

pub fn act(game: &mut Wargame, seat: usize, action: Action) -> Vec<Event> {
    game.apply(seat, action.clone())
        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"))
}

fn refused(game: &Wargame, seat: usize, action: Action) -> String {
    let before = game.clone();
    let mut copy = game.clone();
    let e = copy
        .apply(seat, action.clone())
        .expect_err(&format!("{action:?} should be illegal"));
    assert_eq!(copy, before, "a refused action changes nothing");
    e
}

/// Artillery fire by `unit` at `at`.
pub fn fire(game: &mut Wargame, unit: usize, at: Coord, ammo: Ammo) -> Vec<Event> {
    act(game, game.active, Action::Fire { unit, at, ammo })
}

pub fn activate(game: &mut Wargame, units: &[usize]) -> Vec<Event> {
    act(
        game,
        game.active,
        Action::Activate {
            units: units.to_vec(),
            order: None,
        },
    )
}

fn attack_of(events: &[Event]) -> Vec<(AttackKind, [u8; 2], i32, i32, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Attack {
                kind,
                dice,
                attack,
                defense,
                hit,
                ..
            } => Some((*kind, *dice, *attack, *defense, *hit)),
            _ => None,
        })
        .collect()
}

#[test]
fn worked_example_melee_then_counterattack() {
    // Regular cavalry (melee 3) against Sirens of Vesania (defence 3, melee 1).
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 2))],
        &[("sirens_of_vesania", (4, 3))],
        &[5, 4, 2, 3, 5, 3],
    );
    activate(&mut g, &[0]);
    let events = act(&mut g, 0, Action::Melee { unit: 0, target: 1 });
    assert_eq!(attack_of(&events), vec![(AttackKind::Melee, [5, 4], 3, 3, true)]);
    assert_eq!(g.units[1].size, 2, "the defender reduces its size");
    assert_eq!(g.to_move(), Some(1), "the defender chooses: retreat or stand");
    let stood = act(&mut g, 1, Action::Stand { unit: 1 });
    // "If it passes the command check, it can perform counterattack": the
    // defender is asked, and may stay without striking back.
    assert!(matches!(
        g.pending.front(),
        Some(Pending::Counter { unit: 1, .. })
    ));
    let mut declined = g.clone();
    act(&mut declined, 1, Action::Stand { unit: 1 });
    assert!(declined.pending.is_empty() && declined.activation.is_none());
    assert_eq!(declined.units[0].size, 3);
    let events = [stood, act(&mut g, 1, Action::Counterattack { unit: 1 })].concat();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CommandCheck {
            dice: [2, 3],
            discipline: Some(6),
            passed: true,
            ..
        }
    )));
    // The counterattack: 5 and 3 give 2, plus melee 1: a final value of 3,
    // not over the cavalry's defence 3.
    let counter = attack_of(&events);
    assert_eq!(counter, vec![(AttackKind::Counter, [5, 3], 1, 3, false)]);
    assert_eq!(g.units[0].size, 3);
    assert!(g.activation.is_none(), "attacking ends the activation");
}

#[test]
fn worked_example_ranged_against_forest() {
    let mut map = OPEN;
    map[4] = ". . . . f . . . .";
    // Marksmen (ranged 3) two hexes from Lions of Vesania (defence 3) in forest.
    let mut g = battle(
        field(&map),
        &[("marksmen", (4, 2))],
        &[("lions_of_vesania", (4, 4))],
        &[5, 3, 2, 2],
    );
    activate(&mut g, &[0]);
    let events = act(&mut g, 0, Action::Shoot { unit: 0, target: 1 });
    assert_eq!(attack_of(&events), vec![(AttackKind::Ranged, [5, 3], 3, 4, true)]);
    assert_eq!(g.units[1].size, 2);
    let events = act(&mut g, 1, Action::Stand { unit: 1 });
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::CommandCheck { passed: true, .. }))
    );
    assert!(
        !events.iter().any(|e| matches!(e, Event::Attack { .. })),
        "no counterattack to a ranged attack"
    );
    assert_eq!(g.units[1].at, Some(Coord(4, 4)), "it does not have to retreat");
}

#[test]
fn movement_by_type_and_terrain() {
    let map = [
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . f . s . r = .",
        ". . . . . . . . .",
        ". m . . ~ . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ];
    let mut g = battle(
        field(&map),
        &[
            ("line_infantry", (2, 1)),
            ("regular_cavalry", (4, 1)),
            ("regular_artillery", (0, 1)),
            ("light_cavalry", (6, 1)),
        ],
        &[("sirens_of_vesania", (8, 6))],
        &[],
    );
    // Infantry: two hexes, and forest makes it stop.
    activate(&mut g, &[0]);
    act(&mut g, 0, Action::Move { to: Coord(2, 2) });
    assert!(refused(&g, 0, Action::Move { to: Coord(2, 3) }).contains("stop"));
    act(&mut g, 0, Action::EndActivation);
    // Cavalry: three hexes, never into swamp; stream does not stop it.
    activate(&mut g, &[1]);
    assert!(refused(&g, 0, Action::Move { to: Coord(4, 2) }).contains("cannot enter"));
    act(&mut g, 0, Action::Move { to: Coord(5, 2) });
    act(&mut g, 0, Action::Move { to: Coord(4, 3) });
    act(&mut g, 0, Action::Move { to: Coord(4, 4) });
    assert!(refused(&g, 0, Action::Move { to: Coord(4, 5) }).contains("moved its 3"));
    act(&mut g, 0, Action::EndActivation);
    // Artillery: one hex; mountains and rivers stop everyone; light cavalry
    // crosses swamp, and a bridge crosses the river.
    activate(&mut g, &[2]);
    act(&mut g, 0, Action::Move { to: Coord(0, 2) });
    assert!(refused(&g, 0, Action::Move { to: Coord(1, 3) }).contains("moved its 1"));
    act(&mut g, 0, Action::EndTurn);
    g.active = 0;
    g.used = TurnUse::default();
    g.units[1].at = Some(Coord(1, 3));
    activate(&mut g, &[1]);
    assert!(refused(&g, 0, Action::Move { to: Coord(1, 4) }).contains("cannot enter"));
    act(&mut g, 0, Action::EndActivation);
    activate(&mut g, &[3]);
    assert!(
        refused(&g, 0, Action::Move { to: Coord(6, 2) }).contains("cannot enter"),
        "river"
    );
    act(&mut g, 0, Action::Move { to: Coord(7, 2) });
    act(&mut g, 0, Action::EndActivation);
    g.units[3].at = Some(Coord(3, 1));
    g.used = TurnUse::default();
    activate(&mut g, &[3]);
    act(&mut g, 0, Action::Move { to: Coord(4, 2) });
    assert_eq!(g.units[3].at, Some(Coord(4, 2)), "light cavalry crosses swamp");
    // Infantry stops in a stream.
    g.units[0].at = Some(Coord(3, 3));
    g.used = TurnUse::default();
    g.activation = None;
    activate(&mut g, &[0]);
    act(&mut g, 0, Action::Move { to: Coord(4, 4) });
    assert!(refused(&g, 0, Action::Move { to: Coord(4, 5) }).contains("stop"));
}

#[test]
fn a_charge_on_foot_does_not_end_in_an_abatis() {
    // The Brotherhood of the Sword charges on foot and may enter an
    // abatis; "after entering the abatis, unit ... cannot attack after this
    // move", so a charge that would end in one is no charge.
    let mut g = battle(
        field(&OPEN),
        &[("line_infantry", (0, 0))],
        &[("brotherhood_of_the_sword", (4, 5))],
        &[],
    );
    act(&mut g, 0, Action::EndTurn);
    activate(&mut g, &[1]);
    let charge = (0..9)
        .flat_map(|c| (0..7).map(move |r| Coord(c, r)))
        .find_map(|at| {
            g.units[0].at = Some(at);
            g.legal().into_iter().find(|a| matches!(a, Action::Charge { .. }))
        })
        .expect("somewhere the Brotherhood can charge");
    let Action::Charge { to, .. } = charge else {
        unreachable!()
    };
    let mut walled = g.clone();
    walled.tokens_at_mut(to).works = Some((Token::Abatis, 0));
    let into = refused(&walled, 1, charge.clone());
    assert!(into.contains("abatis"), "{into}");
    assert!(g.check(1, &charge).is_ok(), "without the abatis it charges");
}

#[test]
fn charge_is_three_straight_hexes_with_its_bonus() {
    let mut g = battle(
        field(&OPEN),
        &[("heavy_cavalry", (2, 0)), ("heavy_cavalry", (6, 1))],
        &[("sirens_of_vesania", (3, 4)), ("sirens_of_vesania", (7, 5))],
        &[6, 4],
    );
    activate(&mut g, &[0]);
    // (2,0) → (2,1)... odd rows shift: the straight line down-right.
    let to = Coord(2, 0).straight(Coord(2, 1), 3);
    assert_eq!(Coord(2, 0).distance(to), 3);
    let wrong = refused(
        &g,
        0,
        Action::Charge {
            unit: 0,
            to: Coord(2, 2),
            target: 2,
        },
    );
    assert!(wrong.contains("three hexes straight"), "{wrong}");
    let events = act(
        &mut g,
        0,
        Action::Charge {
            unit: 0,
            to,
            target: 2,
        },
    );
    let attack = attack_of(&events);
    assert_eq!(attack[0].0, AttackKind::Charge);
    assert_eq!(attack[0].2, 4 + 2, "heavy cavalry charges at +2");
    g.pending.clear();
    g.activation = None;
    // Not through forest.
    activate(&mut g, &[1]);
    let through_forest = Coord(6, 1).straight(Coord(6, 2), 3);
    let middle = Coord(6, 1).straight(Coord(6, 2), 2);
    let index = g.map.index(middle);
    g.map.terrain[index] = black_and_white::games::wargame::engine::data::Terrain::Forest;
    g.units[3].at = Some(through_forest.neighbours()[0]);
    let e = refused(
        &g,
        0,
        Action::Charge {
            unit: 1,
            to: through_forest,
            target: 3,
        },
    );
    assert!(e.contains("forest"), "{e}");
}

/// Black's cavalry at (4, 2), next to a white block, tries to leave: the
/// command check rolls 6 and 6 and fails. The game and its events.
pub fn cavalry_fails_to_leave() -> (Wargame, Vec<Event>) {
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 2)), ("regular_cavalry", (1, 2))],
        &[("sirens_of_vesania", (4, 3))],
        &[6, 6, 1, 1, 1, 2],
    );
    activate(&mut g, &[0]);
    let events = act(&mut g, 0, Action::Move { to: Coord(4, 1) });
    (g, events)
}

#[test]
fn leaving_a_hostile_area_of_influence_takes_a_command_check() {
    let (mut g, events) = cavalry_fails_to_leave();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CommandCheck {
            dice: [6, 6],
            passed: false,
            check: CheckFor::Leave,
            ..
        }
    )));
    assert_eq!(g.units[0].at, Some(Coord(4, 2)), "failed: it stays");
    assert!(refused(&g, 0, Action::Move { to: Coord(3, 2) }).contains("command check"));
    // It may still attack.
    assert!(g.check(0, &Action::Melee { unit: 0, target: 2 }).is_ok());
    act(&mut g, 0, Action::EndActivation);
    g.units[1].at = Some(Coord(3, 3));
    activate(&mut g, &[1]);
    let events = act(&mut g, 0, Action::Move { to: Coord(2, 3) });
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CommandCheck {
            dice: [1, 1],
            passed: true,
            ..
        }
    )));
    assert_eq!(g.units[1].at, Some(Coord(2, 3)));
}

#[test]
fn line_of_sight_and_ranged_range() {
    let mut map = OPEN;
    map[3] = ". . . . f . . . .";
    let mut g = battle(
        field(&map),
        &[
            ("marksmen", (4, 2)),
            ("line_infantry", (0, 2)),
            ("marksmen", (7, 1)),
        ],
        &[
            ("sirens_of_vesania", (4, 4)),
            ("sirens_of_vesania", (0, 3)),
            ("sirens_of_vesania", (7, 4)),
        ],
        &[],
    );
    // (4,2) to (4,4) passes the forest at (4,3) or (3,3)... the line grazes
    // an edge: one clear side is enough (ruling 12).
    assert_eq!(Coord(4, 2).between(Coord(4, 4)).len(), 1);
    activate(&mut g, &[0]);
    let straight_through = g.in_sight(Coord(4, 2), Coord(4, 4));
    let options = &Coord(4, 2).between(Coord(4, 4))[0];
    assert_eq!(straight_through, options.iter().any(|&h| !g.blocks_sight(h)));
    // Exactly 2 hexes (3 for marksmen that did not move).
    assert!(refused(&g, 0, Action::Shoot { unit: 0, target: 4 }).contains("exactly 2"));
    act(&mut g, 0, Action::EndActivation);
    // A unit in between blocks sight.
    g.units[1].at = Some(Coord(6, 2));
    g.units[0].at = Some(Coord(6, 0));
    g.units[5].at = Some(Coord(6, 4));
    g.used = TurnUse::default();
    activate(&mut g, &[0]);
    let e = refused(&g, 0, Action::Shoot { unit: 0, target: 5 });
    assert!(e.contains("exactly 2") || e.contains("sight"), "{e}");
    // Marksmen reach 3 hexes when they did not move.
    g.units[1].at = Some(Coord(0, 0));
    let d = Coord(6, 0).distance(Coord(6, 4));
    assert_eq!(d, 4);
    g.units[5].at = Some(Coord(6, 3));
    assert!(g.check(0, &Action::Shoot { unit: 0, target: 5 }).is_ok());
}

#[test]
fn ranged_attacks_not_from_a_hostile_area_except_line_infantry() {
    let mut g = battle(
        field(&OPEN),
        &[("marksmen", (2, 2)), ("line_infantry", (6, 2))],
        &[
            ("sirens_of_vesania", (2, 3)),
            ("sirens_of_vesania", (2, 4)),
            ("lions_of_vesania", (6, 3)),
            ("lions_of_vesania", (6, 4)),
        ],
        &[],
    );
    g.units[4].at = Some(Coord(5, 4));
    g.units[5].at = Some(Coord(5, 2));
    g.units[3].at = Some(Coord(3, 4));
    activate(&mut g, &[0]);
    assert!(refused(&g, 0, Action::Shoot { unit: 0, target: 3 }).contains("hostile area"));
    act(&mut g, 0, Action::EndActivation);
    activate(&mut g, &[1]);
    assert!(
        g.check(0, &Action::Shoot { unit: 1, target: 4 }).is_ok(),
        "line infantry volleys"
    );
}

#[test]
fn artillery_aims_by_range_marks_misses_and_rolls_damage_once() {
    let mut g = battle(
        field(&OPEN),
        &[("regular_artillery", (4, 0))],
        &[("sirens_of_vesania", (4, 3)), ("sirens_of_vesania", (0, 6))],
        // Range 3 needs 4: a 3 misses; next turn 3 + 1 marker hits; one
        // damage roll 5,2 (a 7: critical success) for every unit.
        &[3, 3, 5, 2],
    );
    g.units[2].at = Some(Coord(4, 3));
    activate(&mut g, &[0]);
    let events = fire(&mut g, 0, Coord(4, 3), Ammo::Regular);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Aimed {
            die: 3,
            need: 4,
            hit: false,
            markers: 0,
            ..
        }
    )));
    assert_eq!(g.tokens_at(Coord(4, 3)).markers, [1, 0]);
    act(&mut g, 0, Action::EndTurn);
    act(&mut g, 1, Action::EndTurn);
    activate(&mut g, &[0]);
    let events = fire(&mut g, 0, Coord(4, 3), Ammo::Regular);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Aimed {
            die: 3,
            markers: 1,
            hit: true,
            ..
        }
    )));
    assert_eq!(
        g.tokens_at(Coord(4, 3)).markers,
        [0, 0],
        "a hit clears the markers"
    );
    let rolls: Vec<[u8; 2]> = attack_of(&events).iter().map(|a| a.1).collect();
    assert_eq!(rolls, vec![[5, 2], [5, 2]], "one roll for both units");
    assert_eq!((g.units[1].size, g.units[2].size), (2, 2));
    // Range limits: 2 to 4.
    g.pending.clear();
    g.activation = None;
    g.used = TurnUse::default();
    g.units[1].at = Some(Coord(4, 1));
    activate(&mut g, &[0]);
    assert!(
        refused(
            &g,
            0,
            Action::Fire {
                unit: 0,
                at: Coord(4, 1),
                ammo: Ammo::Regular
            }
        )
        .contains("2 to 4")
    );
}

#[test]
fn incendiary_and_smoke_ammunition() {
    let mut g = battle(
        field(&OPEN),
        &[("special_artillery", (4, 0)), ("marksmen", (2, 1))],
        &[("sirens_of_vesania", (4, 3)), ("sirens_of_vesania", (6, 6))],
        // Aim 5 hits; the Sirens' fire check 6,6 fails: one step.
        &[5, 6, 6, 6],
    );
    activate(&mut g, &[0]);
    let events = fire(&mut g, 0, Coord(4, 3), Ammo::Incendiary);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::TokenPlaced {
            token: Token::Fire,
            ..
        }
    )));
    assert_eq!(g.units[2].size, 2, "failed the check on fire: one step");
    // At the end of the turn, units on fire lose another step.
    act(&mut g, 0, Action::EndTurn);
    assert_eq!(g.units[2].size, 1);
    act(&mut g, 1, Action::EndTurn);
    // Smoke: aim anywhere, even an empty hex; nobody shoots into it.
    activate(&mut g, &[0]);
    fire(&mut g, 0, Coord(2, 3), Ammo::Smoke);
    assert!(g.smoky(Coord(2, 3)));
    g.units[3].at = Some(Coord(2, 3));
    activate(&mut g, &[1]);
    assert!(refused(&g, 0, Action::Shoot { unit: 1, target: 3 }).contains("smoke"));
    // Regular artillery has no special ammunition.
    let mut h = battle(
        field(&OPEN),
        &[("regular_artillery", (4, 0))],
        &[("sirens_of_vesania", (4, 3))],
        &[],
    );
    activate(&mut h, &[0]);
    assert!(
        refused(
            &h,
            0,
            Action::Fire {
                unit: 0,
                at: Coord(4, 3),
                ammo: Ammo::Smoke
            }
        )
        .contains("only regular")
    );
}

#[test]
fn the_guardians_fire_twice_even_when_the_first_aim_misses() {
    // "it can fire at enemy unit twice": a first shot whose aim missed
    // still leaves the second, at the same target.
    let mut g = battle(
        field(&OPEN),
        &[("regular_infantry", (4, 2))],
        &[("guardians_of_the_surculus", (4, 5))],
        &[1, 6, 6, 1, 1, 1],
    );
    act(&mut g, 0, Action::EndTurn);
    activate(&mut g, &[1]);
    let events = fire(&mut g, 1, Coord(4, 2), Ammo::Regular);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Aimed { hit: false, .. })),
        "{events:?}"
    );
    let events = fire(&mut g, 1, Coord(4, 2), Ammo::Regular);
    assert!(
        events.iter().any(|e| matches!(e, Event::Aimed { hit: true, .. })),
        "the second shot: {events:?}"
    );
    // Hit: black stands (2d6 = 2 passes) and stays on the hex.
    act(&mut g, 0, Action::Stand { unit: 0 });
    assert_eq!(g.units[0].at, Some(Coord(4, 2)));
    let third = refused(
        &g,
        1,
        Action::Fire {
            unit: 1,
            at: Coord(4, 2),
            ammo: Ammo::Regular,
        },
    );
    assert!(
        third.contains("attack") || third.contains("activat"),
        "twice, not three times: {third}"
    );
}

#[test]
fn trench_and_abatis() {
    let mut g = battle(
        field(&OPEN),
        &[
            ("engineers", (4, 2)),
            ("regular_cavalry", (2, 2)),
            ("line_infantry", (5, 1)),
        ],
        &[("sirens_of_vesania", (0, 6))],
        &[],
    );
    activate(&mut g, &[0]);
    act(
        &mut g,
        0,
        Action::Dig {
            unit: 0,
            works: Works::Trench,
        },
    );
    assert_eq!(g.tokens_at(Coord(4, 2)).works.map(|w| w.0), Some(Token::Trench));
    assert_eq!(
        g.units[0].known,
        [true, true],
        "a special action reveals the class"
    );
    // Trench: infantry only, +1 defence, holds.
    g.units[3].at = Some(Coord(4, 3));
    assert_eq!(g.defense_value(0, 3, AttackKind::Melee), 3 + 1);
    assert!(g.holds(0));
    activate(&mut g, &[1]);
    act(&mut g, 0, Action::Move { to: Coord(3, 2) });
    assert!(refused(&g, 0, Action::Move { to: Coord(4, 2) }).contains("cannot enter"));
    act(&mut g, 0, Action::EndTurn);
    act(&mut g, 1, Action::EndTurn);
    // Abatis: infantry entering stops and cannot attack.
    g.units[0].at = Some(Coord(4, 4));
    activate(&mut g, &[0]);
    act(
        &mut g,
        0,
        Action::Dig {
            unit: 0,
            works: Works::Abatis,
        },
    );
    activate(&mut g, &[2]);
    g.units[2].at = Some(Coord(4, 3));
    g.activation.as_mut().unwrap().at = Coord(4, 3);
    g.units[3].at = Some(Coord(4, 5));
    g.units[0].at = Some(Coord(1, 1));
    act(&mut g, 0, Action::Move { to: Coord(4, 4) });
    assert!(refused(&g, 0, Action::Move { to: Coord(4, 5) }).contains("stop"));
    assert!(refused(&g, 0, Action::Melee { unit: 2, target: 3 }).contains("no attack"));
}

#[test]
fn critical_success_and_failure() {
    use black_and_white::games::wargame::engine::judge;
    assert!(!judge([6, 6], 20, 0).hit, "doubles always miss");
    assert!(judge([1, 6], 0, 20).hit, "a sum of 7 always hits");
    assert!(judge([3, 4], 0, 20).hit);
    assert!(judge([5, 4], 3, 3).hit);
    assert!(!judge([5, 3], 1, 3).hit);
    assert_eq!(judge([2, 5], 0, 0).critical, Some(Critical::Success));
    assert_eq!(judge([2, 2], 9, 0).critical, Some(Critical::Failure));
}

#[test]
fn faction_bonuses_for_infantry_together() {
    let g = battle(
        field(&OPEN),
        &[
            ("line_infantry", (2, 2)),
            ("marksmen", (2, 2)),
            ("engineers", (2, 2)),
        ],
        &[("lions_of_vesania", (2, 3)), ("sirens_of_vesania", (2, 3))],
        &[],
    );
    // Thargaton: +1 melee defence and +1 discipline per other infantry.
    assert_eq!(g.defense_value(0, 3, AttackKind::Melee), 3 + 2);
    assert_eq!(g.defense_value(0, 3, AttackKind::Ranged), 3);
    assert_eq!(g.discipline(0), 7 + 2);
    // Vesania: +1 melee attack per other infantry.
    assert_eq!(g.attack_value(3, 0, AttackKind::Melee), 2 + 1);
    assert_eq!(g.discipline(3), 8);
}

#[test]
fn unit_limits_squads_and_passing_friends() {
    let mut g = battle(
        field(&OPEN),
        &[
            ("line_infantry", (2, 2)),
            ("marksmen", (2, 2)),
            ("regular_cavalry", (3, 2)),
            ("regular_cavalry", (3, 2)),
            ("regular_artillery", (5, 2)),
        ],
        &[("sirens_of_vesania", (0, 6))],
        &[],
    );
    // A squad moves together.
    activate(&mut g, &[0, 1]);
    act(&mut g, 0, Action::Move { to: Coord(2, 3) });
    assert_eq!(
        (g.units[0].at, g.units[1].at),
        (Some(Coord(2, 3)), Some(Coord(2, 3)))
    );
    act(&mut g, 0, Action::EndActivation);
    // Two cavalry and one more cavalry is too many; one artillery alone.
    assert!(
        refused(
            &g,
            0,
            Action::Activate {
                units: vec![2, 4],
                order: None
            }
        )
        .contains("one type on one hex")
    );
    activate(&mut g, &[2]);
    assert!(refused(&g, 0, Action::Move { to: Coord(2, 3) }).contains("unit limits"));
    act(&mut g, 0, Action::Move { to: Coord(4, 2) });
    act(&mut g, 0, Action::EndActivation);
    assert!(
        refused(
            &g,
            0,
            Action::Activate {
                units: vec![2],
                order: None
            }
        )
        .contains("activated this turn")
    );
    activate(&mut g, &[4]);
    act(&mut g, 0, Action::EndActivation);
    assert_eq!(g.to_move(), Some(1), "three special tokens used: the turn passes");
}

#[test]
fn one_artillery_activation_and_one_order_a_turn() {
    let mut g = battle(
        field(&OPEN),
        &[
            ("regular_artillery", (2, 1)),
            ("special_artillery", (4, 1)),
            ("line_infantry", (6, 1)),
            ("line_infantry", (7, 1)),
        ],
        &[("sirens_of_vesania", (0, 6))],
        &[1, 1, 1, 1],
    );
    g.commanders[0] = Some("baron_maximilian".into());
    activate(&mut g, &[0]);
    act(&mut g, 0, Action::EndActivation);
    assert!(
        refused(
            &g,
            0,
            Action::Activate {
                units: vec![1],
                order: None
            }
        )
        .contains("one artillery")
    );
    // Order 2 takes a check and uses the turn's order; order 1 is free.
    let events = act(
        &mut g,
        0,
        Action::Activate {
            units: vec![2],
            order: Some(2),
        },
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CommandCheck {
            check: CheckFor::Order,
            ..
        }
    )));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::OrderGiven {
            order: Order::Motivation,
            effective: true,
            ..
        }
    )));
    act(&mut g, 0, Action::EndActivation);
    assert!(
        refused(
            &g,
            0,
            Action::Activate {
                units: vec![3],
                order: Some(3)
            }
        )
        .contains("one commander order")
    );
    let events = act(
        &mut g,
        0,
        Action::Activate {
            units: vec![3],
            order: Some(1),
        },
    );
    assert!(
        !events.iter().any(|e| matches!(e, Event::CommandCheck { .. })),
        "order 1 needs no check"
    );
    assert_eq!(g.discipline(3), 7 + 1);
}

#[test]
fn retreat_leaves_every_area_of_influence_or_costs_a_step() {
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 2)), ("regular_cavalry", (0, 0))],
        &[("sirens_of_vesania", (4, 3))],
        &[5, 4, 6, 6, 5, 4],
    );
    activate(&mut g, &[0]);
    act(&mut g, 0, Action::Melee { unit: 0, target: 2 });
    let hexes = g.retreat_hexes(2);
    assert!(!hexes.is_empty());
    for h in &hexes {
        assert!(!h.is_adjacent(Coord(4, 2)), "out of the attacker's area");
    }
    assert!(
        refused(
            &g,
            1,
            Action::Retreat {
                unit: 2,
                to: Coord(3, 3)
            }
        )
        .contains("cannot retreat")
    );
    // Stand, fail the check (6,6): must retreat.
    act(&mut g, 1, Action::Stand { unit: 2 });
    assert!(matches!(
        g.pending.front(),
        Some(Pending::MustRetreat { unit: 2 })
    ));
    assert!(refused(&g, 1, Action::Stand { unit: 2 }).contains("must retreat"));
    act(
        &mut g,
        1,
        Action::Retreat {
            unit: 2,
            to: hexes[0],
        },
    );
    assert_eq!(g.units[2].at, Some(hexes[0]));
    // Surrounded: no hex to retreat to costs a step instead.
    let mut h = battle(
        field(&OPEN),
        &[
            ("regular_cavalry", (4, 2)),
            ("regular_cavalry", (3, 4)),
            ("regular_cavalry", (5, 4)),
        ],
        &[("sirens_of_vesania", (4, 3))],
        &[5, 4, 6, 6],
    );
    h.units[1].at = Some(Coord(3, 4));
    h.units[2].at = Some(Coord(5, 4));
    activate(&mut h, &[0]);
    act(&mut h, 0, Action::Melee { unit: 0, target: 3 });
    assert!(h.retreat_hexes(3).is_empty());
    act(&mut h, 1, Action::Stand { unit: 3 });
    assert_eq!(h.units[3].size, 1, "hit, then no retreat possible: one more step");
}

#[test]
fn destruction_scores_the_cost_and_points_win() {
    let mut s = field(&OPEN);
    s.black.goal = Goal::Points(2);
    let mut g = battle(
        s,
        &[("heavy_cavalry", (4, 2))],
        &[("sirens_of_vesania", (4, 3)), ("sirens_of_vesania", (0, 6))],
        &[1, 6],
    );
    g.units[1].size = 1;
    activate(&mut g, &[0]);
    let events = act(&mut g, 0, Action::Melee { unit: 0, target: 1 });
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Destroyed { points: 2, to: 0, .. }))
    );
    assert_eq!(g.score, [2, 0]);
    assert_eq!(g.outcome().unwrap().winner, Some(0));
    assert_eq!(g.to_move(), None);
}

/// A fort in the middle for black to take within two rounds; white defends.
fn fort_to_take() -> Scenario {
    let mut map = OPEN;
    map[3] = ". . . . F . . . .";
    let mut s = field(&map);
    s.black.goal = Goal::Forts(1);
    s.white.goal = Goal::Points(15);
    s.turn_limit = 2;
    s
}

#[test]
fn forts_arrows_and_the_turn_limit() {
    let s = fort_to_take();
    let mut g = battle(
        s.clone(),
        &[("line_infantry", (4, 2))],
        &[("sirens_of_vesania", (0, 6))],
        &[],
    );
    activate(&mut g, &[0]);
    act(&mut g, 0, Action::Move { to: Coord(4, 3) });
    act(&mut g, 0, Action::EndTurn);
    assert!(
        g.outcome().is_none(),
        "held at the beginning of the turn, not at once"
    );
    act(&mut g, 1, Action::EndTurn);
    assert_eq!(
        g.outcome().unwrap().winner,
        Some(0),
        "the fort is held at the start of black's turn"
    );
    // Nobody takes it: the turn limit passes and the defender wins.
    let mut g = battle(
        s,
        &[("line_infantry", (4, 2))],
        &[("sirens_of_vesania", (0, 6))],
        &[],
    );
    for _ in 0..2 {
        act(&mut g, 0, Action::EndTurn);
        act(&mut g, 1, Action::EndTurn);
    }
    assert_eq!(g.outcome().unwrap().winner, Some(1));
    assert!(g.reason.as_deref().unwrap().contains("turn limit"));
    // Taken in the attacker's last turn: it counts ("capture it within 10
    // or 12 turns"), though no turn of black's begins after it.
    let mut last = fort_to_take();
    let mut g = battle(
        last.clone(),
        &[("line_infantry", (4, 2))],
        &[("sirens_of_vesania", (0, 6))],
        &[],
    );
    act(&mut g, 0, Action::EndTurn);
    act(&mut g, 1, Action::EndTurn);
    activate(&mut g, &[0]);
    act(&mut g, 0, Action::Move { to: Coord(4, 3) });
    act(&mut g, 0, Action::EndTurn);
    assert!(g.outcome().is_none(), "white still has its last turn");
    act(&mut g, 1, Action::EndTurn);
    assert_eq!(g.outcome().unwrap().winner, Some(0), "{:?}", g.reason);
    assert!(g.reason.as_deref().unwrap().contains("forts held"));
    // Retaken before the limit passes: it does not.
    last.turn_limit = 1;
    let mut g = battle(
        last,
        &[("line_infantry", (4, 2))],
        &[("sirens_of_vesania", (4, 4))],
        &[],
    );
    activate(&mut g, &[0]);
    act(&mut g, 0, Action::Move { to: Coord(4, 3) });
    act(&mut g, 0, Action::EndTurn);
    g.units[0].at = Some(Coord(4, 2));
    g.units[1].at = Some(Coord(4, 3));
    act(&mut g, 1, Action::EndTurn);
    assert_eq!(g.outcome().unwrap().winner, Some(1));
    // Arrows: three units on them at the start of the turn.
    let mut s = field(&OPEN);
    s.arrows = vec![Coord(4, 5), Coord(5, 5)];
    s.black.goal = Goal::Lead(3);
    let mut g = battle(
        s,
        &[
            ("line_infantry", (4, 5)),
            ("marksmen", (4, 5)),
            ("line_infantry", (5, 5)),
        ],
        &[("sirens_of_vesania", (0, 6))],
        &[],
    );
    act(&mut g, 0, Action::EndTurn);
    act(&mut g, 1, Action::EndTurn);
    assert_eq!(g.outcome().unwrap().winner, Some(0));
}

/// Ruling 35, the limits that are ours: a skirmish at its limit goes to
/// more victory points, equal points are a draw, and behind enemy lines
/// the side that has not led its units in loses, as a defense attacker.
#[test]
fn the_turn_limit_gives_skirmishes_to_points_and_behind_the_lines_to_the_defender() {
    let play_out = |s: Scenario, score: [u32; 2]| {
        let mut g = battle(
            s,
            &[("line_infantry", (4, 2))],
            &[("sirens_of_vesania", (0, 6))],
            &[],
        );
        g.score = score;
        act(&mut g, 0, Action::EndTurn);
        assert!(g.outcome().is_none(), "white has its turn of the last round");
        act(&mut g, 1, Action::EndTurn);
        let outcome = g.outcome().expect("the limit ends the battle");
        (outcome.winner, g.reason.clone().unwrap())
    };
    let mut skirmish = field(&OPEN);
    skirmish.turn_limit = 1;
    let (winner, reason) = play_out(skirmish.clone(), [3, 5]);
    assert_eq!(winner, Some(1));
    assert!(reason.contains("more victory points"), "{reason}");
    assert_eq!(play_out(skirmish.clone(), [4, 4]).0, None, "equal points: a draw");

    let mut behind = skirmish;
    behind.arrows = vec![Coord(4, 5)];
    behind.black.goal = Goal::Lead(3);
    behind.white.goal = Goal::Points(15);
    // Even ahead on points, the side that must lead its units in loses.
    let (winner, reason) = play_out(behind, [9, 2]);
    assert_eq!(winner, Some(1));
    assert!(reason.contains("the defender held"), "{reason}");
}

#[test]
fn army_building_budget_first_row_and_faction() {
    let mut s = field(&OPEN);
    s.budget = 10;
    let g = Wargame::new(
        &Setup {
            scenario: s,
            dice: vec![],
        },
        5,
    );
    let build = |army: &[(&str, (i32, i32))], commander: Option<&str>| Action::Build {
        commander: commander.map(String::from),
        army: army
            .iter()
            .map(|(c, (x, y))| Placement {
                class: c.to_string(),
                at: Coord(*x, *y),
            })
            .collect(),
    };
    assert!(
        refused(
            &g,
            0,
            build(
                &[
                    ("heavy_cavalry", (0, 0)),
                    ("heavy_cavalry", (1, 0)),
                    ("marksmen", (2, 0))
                ],
                None
            )
        )
        .contains("budget")
    );
    assert!(refused(&g, 0, build(&[("marksmen", (0, 1))], None)).contains("first row"));
    assert!(refused(&g, 0, build(&[("sirens_of_vesania", (0, 0))], None)).contains("Vesania"));
    assert!(refused(&g, 0, build(&[("marksmen", (0, 0))], Some("cardinal_rafael"))).contains("Vesania"));
    assert!(refused(&g, 0, build(&[("regular_infantry", (0, 0)); 4], None)).contains("at most 3"));
    assert!(refused(&g, 1, build(&[("sirens_of_vesania", (0, 6))], None)).contains("player 0"));
    let mut g = g;
    act(
        &mut g,
        0,
        build(
            &[("marksmen", (0, 0)), ("engineers", (0, 0))],
            Some("lord_alexandrus"),
        ),
    );
    // A scenario may limit the classes and the commanders.
    let mut limited = field(&OPEN);
    limited.units = Some(vec!["marksmen".into(), "sirens_of_vesania".into()]);
    limited.commanders = Some(Vec::new());
    let h = Wargame::new(
        &Setup {
            scenario: limited,
            dice: vec![],
        },
        5,
    );
    assert!(refused(&h, 0, build(&[("engineers", (0, 0))], None)).contains("does not allow"));
    assert!(refused(&h, 0, build(&[("marksmen", (0, 0))], Some("lord_alexandrus"))).contains("without"));
    assert!(h.check(0, &build(&[("marksmen", (0, 0))], None)).is_ok());
    // White builds without seeing black's army or commander.
    let view = g.view(1);
    assert!(view.units.is_empty());
    assert_eq!(view.sides[0].commander, None);
}

#[test]
fn views_hide_classes_until_an_attack_reveals_them() {
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 2))],
        &[("sirens_of_vesania", (4, 3))],
        &[5, 4, 2, 2, 1, 1],
    );
    let enemy = |g: &Wargame, seat: usize| g.view(seat).units.into_iter().find(|u| u.owner != seat).unwrap();
    assert_eq!(enemy(&g, 0).class, None);
    assert_eq!(enemy(&g, 0).size, None);
    assert_eq!(enemy(&g, 1).class, None);
    activate(&mut g, &[0]);
    act(&mut g, 0, Action::Move { to: Coord(3, 2) });
    assert_eq!(enemy(&g, 1).class, None, "moving reveals nothing");
    act(&mut g, 0, Action::Melee { unit: 0, target: 1 });
    assert_eq!(enemy(&g, 1).class.as_deref(), Some("regular_cavalry"));
    assert_eq!(enemy(&g, 0).class.as_deref(), Some("sirens_of_vesania"));
}
