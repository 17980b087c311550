//! Every unit ability and every commander order, with forced dice. Orders
//! 2-4 start with their command check, forced to pass with 1 and 1.

use black_and_white::games::wargame::engine::data::{Order, Token};
use black_and_white::games::wargame::engine::state::*;
use black_and_white::games::wargame::engine::{Coord, Wargame};

use crate::wargame_rules::{act, activate, battle, field, fire};

const OPEN: [&str; 7] = [". . . . . . . . ."; 7];

fn kinds(events: &[Event]) -> Vec<AttackKind> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Attack { kind, .. } => Some(*kind),
            _ => None,
        })
        .collect()
}

fn rerolled(events: &[Event], order: Order) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::Rerolled { why, .. } if *why == order))
}

fn order(g: &mut Wargame, seat: usize, commander: &str, units: &[usize], number: u8) -> Vec<Event> {
    g.commanders[seat] = Some(commander.into());
    act(
        g,
        seat,
        Action::Activate {
            units: units.to_vec(),
            order: Some(number),
        },
    )
}

/// Cavalry of black next to Sirens of Vesania.
fn duel(dice: &[u8]) -> Wargame {
    battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 2))],
        &[("sirens_of_vesania", (4, 3))],
        dice,
    )
}

/// White to move: `white` at (4,3) against black regular cavalry at (4,2).
fn white_duel(white: &str, dice: &[u8]) -> Wargame {
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 2))],
        &[(white, (4, 3))],
        dice,
    );
    g.active = 1;
    g
}

#[test]
fn every_unit_ability() {
    // Fire twice: the Virgo shoots its target a second time.
    let mut g = white_duel("order_of_the_virgo", &[1, 1, 1, 1]);
    g.units[1].at = Some(Coord(4, 4));
    activate(&mut g, &[1]);
    act(&mut g, 1, Action::Shoot { unit: 1, target: 0 });
    act(&mut g, 1, Action::Shoot { unit: 1, target: 0 });
    assert!(g.activation.is_none());
    // Attack after a full move (Aquarius) where plain cavalry cannot.
    for (class, allowed) in [("order_of_the_aquarius", true), ("order_of_the_capricorn", false)] {
        let mut g = white_duel(class, &[]);
        g.units[1].at = Some(Coord(4, 6));
        activate(&mut g, &[1]);
        for to in [Coord(4, 5), Coord(4, 4), Coord(3, 3)] {
            act(&mut g, 1, Action::Move { to });
        }
        let melee = g.check_action(1, &Action::Melee { unit: 1, target: 0 });
        assert_eq!(melee.is_ok(), allowed, "{class}: {melee:?}");
    }
    // Lions brace against cavalry; the Brotherhood is exposed to shot.
    let g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 2)), ("marksmen", (2, 2))],
        &[("lions_of_vesania", (4, 3)), ("brotherhood_of_the_sword", (2, 4))],
        &[],
    );
    assert_eq!(g.defense_value(2, 0, AttackKind::Melee), 3 + 1);
    assert_eq!(g.defense_value(2, 1, AttackKind::Melee), 3);
    assert_eq!(g.defense_value(3, 1, AttackKind::Ranged), 3 - 1);
    assert_eq!(g.defense_value(3, 0, AttackKind::Melee), 3);
    // The Scorpio moves, then fires 1-3 hexes in sight without aiming.
    let mut g = white_duel("order_of_the_scorpio", &[5, 4]);
    g.units[1].at = Some(Coord(4, 5));
    activate(&mut g, &[1]);
    act(&mut g, 1, Action::Move { to: Coord(4, 4) });
    let events = fire(&mut g, 1, Coord(4, 2), Ammo::Regular);
    assert!(
        !events.iter().any(|e| matches!(e, Event::Aimed { .. })),
        "no aiming"
    );
    assert_eq!(kinds(&events), vec![AttackKind::Artillery]);
    // Mass march: one token moves every named regular infantry one hex.
    let mut g = battle(
        field(&OPEN),
        &[("regular_infantry", (1, 1)), ("regular_infantry", (5, 1))],
        &[("sirens_of_vesania", (0, 6))],
        &[],
    );
    let events = act(
        &mut g,
        0,
        Action::MassMarch {
            moves: vec![(0, Coord(1, 2)), (1, Coord(5, 2))],
        },
    );
    assert_eq!(
        (g.units[0].at, g.units[1].at),
        (Some(Coord(1, 2)), Some(Coord(5, 2)))
    );
    assert_eq!(g.used.activations, 1);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Revealed { unit: 0, .. }))
    );
    assert!(
        g.check_action(
            0,
            &Action::Activate {
                units: vec![0],
                order: None
            }
        )
        .is_err(),
        "they were activated"
    );
    // Regular infantry never attacks.
    let mut g = battle(
        field(&OPEN),
        &[("regular_infantry", (4, 2))],
        &[("sirens_of_vesania", (4, 3))],
        &[],
    );
    activate(&mut g, &[0]);
    assert!(
        g.check_action(0, &Action::Melee { unit: 0, target: 1 })
            .unwrap_err()
            .contains("no melee")
    );
    // Marksmen reach 3 hexes only without moving.
    let mut g = battle(
        field(&OPEN),
        &[("marksmen", (4, 1))],
        &[("sirens_of_vesania", (4, 4))],
        &[],
    );
    activate(&mut g, &[0]);
    assert!(g.check_action(0, &Action::Shoot { unit: 0, target: 1 }).is_ok());
    act(&mut g, 0, Action::Move { to: Coord(3, 1) });
    assert!(g.check_action(0, &Action::Shoot { unit: 0, target: 1 }).is_err());
}

#[test]
fn baron_maximilian() {
    // 1 Discipline +1 without a check is in the one-order-a-turn test.
    // 2 Motivation: +1 melee.
    let mut g = duel(&[1, 1]);
    order(&mut g, 0, "baron_maximilian", &[0], 2);
    assert_eq!(g.attack_value(0, 1, AttackKind::Melee), 3 + 1);
    // 3 Finish them: a critical success takes two steps.
    let mut g = duel(&[1, 1, 3, 4]);
    order(&mut g, 0, "baron_maximilian", &[0], 3);
    act(&mut g, 0, Action::Melee { unit: 0, target: 1 });
    assert_eq!(g.units[1].size, 1);
    // 4 Dodge: cavalry takes nothing from the counterattack.
    let mut g = duel(&[1, 1, 5, 4, 1, 1, 3, 4]);
    order(&mut g, 0, "baron_maximilian", &[0], 4);
    act(&mut g, 0, Action::Melee { unit: 0, target: 1 });
    act(&mut g, 1, Action::Stand { unit: 1 });
    let events = act(&mut g, 1, Action::Counterattack { unit: 1 });
    assert_eq!(kinds(&events), vec![AttackKind::Counter]);
    assert_eq!(g.units[0].size, 3, "dodged");
}

#[test]
fn lord_alexandrus() {
    // 1 An aiming roll again.
    let mut g = battle(
        field(&OPEN),
        &[("regular_artillery", (4, 0))],
        &[("sirens_of_vesania", (4, 2))],
        &[1, 6, 1, 1],
    );
    order(&mut g, 0, "lord_alexandrus", &[0], 1);
    let events = fire(&mut g, 0, Coord(4, 2), Ammo::Regular);
    assert!(rerolled(&events, Order::AimingReroll));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Aimed {
            die: 6,
            hit: true,
            ..
        }
    )));
    // 2 Strenuous march: a fourth hex for cavalry, and no attack.
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 0))],
        &[("sirens_of_vesania", (0, 6))],
        &[1, 1],
    );
    order(&mut g, 0, "lord_alexandrus", &[0], 2);
    for row in 1..=4 {
        act(&mut g, 0, Action::Move { to: Coord(4, row) });
    }
    assert!(
        g.check_action(0, &Action::Move { to: Coord(4, 5) })
            .unwrap_err()
            .contains("moved its 4")
    );
    assert!(g.activation.as_ref().unwrap().no_attack);
    // 3 Defense: +1 against the counterattack.
    let mut g = duel(&[1, 1, 5, 4, 1, 1, 5, 3]);
    order(&mut g, 0, "lord_alexandrus", &[0], 3);
    act(&mut g, 0, Action::Melee { unit: 0, target: 1 });
    act(&mut g, 1, Action::Stand { unit: 1 });
    let events = act(&mut g, 1, Action::Counterattack { unit: 1 });
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Attack {
            kind: AttackKind::Counter,
            defense: 4,
            ..
        }
    )));
    // 4 Empty move: back or sideways first, free; leaving the enemy's area
    // of influence takes the check (passed with 1 and 2).
    let mut g = duel(&[1, 1, 1, 2]);
    order(&mut g, 0, "lord_alexandrus", &[0], 4);
    assert!(
        g.check_action(0, &Action::Sidestep { to: Coord(3, 3) })
            .unwrap_err()
            .contains("back or sideways")
    );
    act(&mut g, 0, Action::Sidestep { to: Coord(4, 1) });
    assert_eq!(g.activation.as_ref().unwrap().moved, 0);
    assert!(
        g.check_action(0, &Action::Sidestep { to: Coord(3, 1) }).is_err(),
        "once, first"
    );
}

#[test]
fn vlad_kristofferson() {
    // 1 A critical failure rolled again.
    let mut g = duel(&[2, 2, 5, 4]);
    order(&mut g, 0, "vlad_kristofferson", &[0], 1);
    let events = act(&mut g, 0, Action::Melee { unit: 0, target: 1 });
    assert!(rerolled(&events, Order::CriticalFailureReroll));
    assert_eq!(g.units[1].size, 2);
    // 2 For the Queen! The attacker gives itself up; the target loses a step.
    let mut g = battle(
        field(&OPEN),
        &[("line_infantry", (4, 2)), ("regular_infantry", (8, 0))],
        &[("sirens_of_vesania", (4, 3)), ("sirens_of_vesania", (0, 6))],
        &[1, 1],
    );
    order(&mut g, 0, "vlad_kristofferson", &[0], 2);
    act(&mut g, 0, Action::Melee { unit: 0, target: 2 });
    assert_eq!((g.units[0].at, g.units[2].size), (None, 2));
    assert_eq!(g.score, [0, 3], "the enemy scores the fallen unit");
    // "successfully attack": the target answers as any unit hit does, and
    // failing its check (6 and 6) it must retreat.
    assert!(matches!(g.pending.front(), Some(Pending::Hit { unit: 2, .. })));
    g.dice = Dice::new(0, &[6, 6]);
    act(&mut g, 1, Action::Stand { unit: 2 });
    assert!(matches!(
        g.pending.front(),
        Some(Pending::MustRetreat { unit: 2 })
    ));
    // 3 Recon: black alone learns the class, and the activation ends.
    let mut g = battle(
        field(&OPEN),
        &[("marksmen", (4, 1))],
        &[("sirens_of_vesania", (4, 3))],
        &[1, 1],
    );
    order(&mut g, 0, "vlad_kristofferson", &[0], 3);
    let events = act(&mut g, 0, Action::Inspect { target: 1 });
    // A special action reveals the unit taking it; the class it saw stays
    // with black.
    let revealed: Vec<usize> = events
        .iter()
        .filter_map(|e| match e {
            Event::Revealed { unit, .. } => Some(*unit),
            _ => None,
        })
        .collect();
    assert_eq!(revealed, vec![0]);
    assert_eq!(g.view_for(0).units[1].class.as_deref(), Some("sirens_of_vesania"));
    assert_eq!(g.view_for(1).units[1].class.as_deref(), Some("sirens_of_vesania"));
    assert_eq!(g.view_for(1).units[0].class.as_deref(), Some("marksmen"));
    assert!(g.activation.is_none());
    // 4 Power surge: attack after a full move.
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (0, 2))],
        &[("sirens_of_vesania", (4, 2))],
        &[1, 1],
    );
    order(&mut g, 0, "vlad_kristofferson", &[0], 4);
    for to in [Coord(1, 2), Coord(2, 2), Coord(3, 2)] {
        act(&mut g, 0, Action::Move { to });
    }
    assert!(g.check_action(0, &Action::Melee { unit: 0, target: 1 }).is_ok());
}

#[test]
fn inquisitor_dominic() {
    // 1 One unit activated twice a turn (not artillery).
    let mut g = white_duel("sirens_of_vesania", &[]);
    g.units[1].at = Some(Coord(4, 5));
    activate(&mut g, &[1]);
    act(&mut g, 1, Action::Move { to: Coord(4, 4) });
    act(&mut g, 1, Action::EndActivation);
    order(&mut g, 1, "inquisitor_dominic", &[1], 1);
    assert!(g.activation.as_ref().unwrap().second);
    act(&mut g, 1, Action::EndActivation);
    assert!(
        g.check_action(
            1,
            &Action::Activate {
                units: vec![1],
                order: Some(1)
            }
        )
        .is_err(),
        "once a turn"
    );
    // 2 Restoring strength.
    let mut g = white_duel("sirens_of_vesania", &[1, 1]);
    g.units[1].size = 1;
    order(&mut g, 1, "inquisitor_dominic", &[1], 2);
    act(&mut g, 1, Action::Restore { unit: 1 });
    assert_eq!(g.units[1].size, 2);
    // 3 Pursuit: follow the retreating target and attack again.
    let mut g = white_duel("brotherhood_of_the_sword", &[1, 1, 5, 4, 5, 4]);
    order(&mut g, 1, "inquisitor_dominic", &[1], 3);
    act(&mut g, 1, Action::Melee { unit: 1, target: 0 });
    let away = g.retreat_hexes(0)[0];
    act(&mut g, 0, Action::Retreat { unit: 0, to: away });
    let mut walled = g.clone();
    let events = act(&mut g, 1, Action::Pursue);
    assert_eq!(g.units[1].at, Some(Coord(4, 2)));
    assert_eq!(kinds(&events), vec![AttackKind::Melee]);
    // Into an abatis it follows, but strikes no blow.
    walled.tokens_at_mut(Coord(4, 2)).works = Some((Token::Abatis, 0));
    let events = act(&mut walled, 1, Action::Pursue);
    assert_eq!(walled.units[1].at, Some(Coord(4, 2)));
    assert!(kinds(&events).is_empty(), "{events:?}");
    // 4 Tactical retreat after the attack.
    let mut g = white_duel("brotherhood_of_the_sword", &[1, 1, 1, 1]);
    order(&mut g, 1, "inquisitor_dominic", &[1], 4);
    act(&mut g, 1, Action::Melee { unit: 1, target: 0 });
    let back = g.retreat_hexes(1)[0];
    act(&mut g, 1, Action::Withdraw { to: back });
    assert_eq!(g.units[1].at, Some(back));
}

#[test]
fn cardinal_rafael() {
    // 1 See the class of an enemy in your area of influence, privately.
    let mut g = white_duel("sirens_of_vesania", &[]);
    order(&mut g, 1, "cardinal_rafael", &[1], 1);
    let events = act(&mut g, 1, Action::Inspect { target: 0 });
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::Revealed { unit: 0, .. }))
    );
    assert_eq!(g.units[0].known, [true, true]);
    assert!(
        g.activation.is_some(),
        "the special order does not end the activation"
    );
    // 2 Berserk: infantry attacks twice.
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 2)), ("regular_cavalry", (5, 2))],
        &[("brotherhood_of_the_sword", (4, 3))],
        &[1, 1, 2, 2, 2, 2],
    );
    g.active = 1;
    order(&mut g, 1, "cardinal_rafael", &[2], 2);
    act(&mut g, 1, Action::Melee { unit: 2, target: 0 });
    act(&mut g, 1, Action::Melee { unit: 2, target: 1 });
    assert!(g.activation.is_none(), "two attacks, then the activation ends");
    // 3 Dodge for Vesania's cavalry too.
    let mut g = battle(
        field(&OPEN),
        &[("line_infantry", (4, 2))],
        &[("order_of_the_capricorn", (4, 3))],
        &[1, 1, 5, 4, 1, 1, 3, 4],
    );
    g.active = 1;
    order(&mut g, 1, "cardinal_rafael", &[1], 3);
    act(&mut g, 1, Action::Melee { unit: 1, target: 0 });
    act(&mut g, 0, Action::Stand { unit: 0 });
    act(&mut g, 0, Action::Counterattack { unit: 0 });
    assert_eq!(g.units[1].size, 3);
    // 4 Crippling: no activation in the enemy's next turn.
    let mut g = white_duel("sirens_of_vesania", &[1, 1, 6, 6]);
    order(&mut g, 1, "cardinal_rafael", &[1], 4);
    act(&mut g, 1, Action::Cripple { target: 0 });
    assert!(g.units[0].crippled);
    act(&mut g, 1, Action::EndTurn);
    assert!(
        g.check_action(
            0,
            &Action::Activate {
                units: vec![0],
                order: None
            }
        )
        .unwrap_err()
        .contains("crippled")
    );
    act(&mut g, 0, Action::EndTurn);
    assert!(!g.units[0].crippled, "for one turn");
}

#[test]
fn sister_anastasia() {
    // 1 A ranged attack rolled again; 3 Steady aim +1.
    let mut g = battle(
        field(&OPEN),
        &[("line_infantry", (4, 2))],
        &[("order_of_the_virgo", (4, 4))],
        &[1, 2, 6, 4],
    );
    g.active = 1;
    order(&mut g, 1, "sister_anastasia", &[1], 1);
    let events = act(&mut g, 1, Action::Shoot { unit: 1, target: 0 });
    assert!(rerolled(&events, Order::RangedReroll));
    assert_eq!(g.units[0].size, 2);
    let mut g = battle(
        field(&OPEN),
        &[("line_infantry", (4, 2))],
        &[("order_of_the_virgo", (4, 4))],
        &[1, 1],
    );
    g.active = 1;
    order(&mut g, 1, "sister_anastasia", &[1], 3);
    assert_eq!(g.attack_value(1, 0, AttackKind::Ranged), 2 + 1);
    // 2 Till death: one more blow before falling to the counterattack.
    let mut g = white_duel("sirens_of_vesania", &[1, 1, 3, 4, 1, 1, 3, 4, 3, 4]);
    g.units[1].size = 1;
    order(&mut g, 1, "sister_anastasia", &[1], 2);
    act(&mut g, 1, Action::Melee { unit: 1, target: 0 });
    act(&mut g, 0, Action::Stand { unit: 0 });
    let events = act(&mut g, 0, Action::Counterattack { unit: 0 });
    assert_eq!(kinds(&events), vec![AttackKind::Counter, AttackKind::Melee]);
    assert_eq!(g.units[1].at, None);
    assert_eq!(g.units[0].size, 1);
    // 4 Fear: a failed check means a retreat.
    let mut g = white_duel("sirens_of_vesania", &[1, 1, 6, 6]);
    order(&mut g, 1, "sister_anastasia", &[1], 4);
    act(&mut g, 1, Action::Frighten { target: 0 });
    assert!(matches!(
        g.pending.front(),
        Some(Pending::MustRetreat { unit: 0 })
    ));
    let away = g.retreat_hexes(0)[0];
    act(&mut g, 0, Action::Retreat { unit: 0, to: away });
    assert_eq!(g.whose_move(), Some(1));
    assert!(g.activation.is_none());
}

#[test]
fn forts_hold_except_against_a_critical_success() {
    let mut map = OPEN;
    map[3] = ". . . . F . . . .";
    // A hit (5,4 against defence 3+2: no; 6,2: 3+4 > 5), a failed check: held.
    let mut g = battle(
        field(&map),
        &[("heavy_cavalry", (4, 2))],
        &[("sirens_of_vesania", (4, 3))],
        &[6, 2, 6, 6],
    );
    assert_eq!(g.defense_value(1, 0, AttackKind::Melee), 3 + 2);
    activate(&mut g, &[0]);
    act(&mut g, 0, Action::Melee { unit: 0, target: 1 });
    let events = act(&mut g, 1, Action::Stand { unit: 1 });
    assert!(events.iter().any(|e| matches!(e, Event::Held { unit: 1 })));
    assert_eq!(g.units[1].at, Some(Coord(4, 3)));
    // A critical success and a failed check: out it goes.
    let mut g = battle(
        field(&map),
        &[("heavy_cavalry", (4, 2))],
        &[("sirens_of_vesania", (4, 3))],
        &[1, 6, 6, 6],
    );
    activate(&mut g, &[0]);
    act(&mut g, 0, Action::Melee { unit: 0, target: 1 });
    act(&mut g, 1, Action::Stand { unit: 1 });
    assert!(matches!(
        g.pending.front(),
        Some(Pending::MustRetreat { unit: 1 })
    ));
}

#[test]
fn a_bunker_shields_and_steadies_its_infantry() {
    let mut map = OPEN;
    map[2] = ". . . . B . . . .";
    let g = battle(
        field(&map),
        &[("marksmen", (4, 2)), ("regular_cavalry", (0, 0))],
        &[("sirens_of_vesania", (4, 4)), ("order_of_the_capricorn", (4, 3))],
        &[],
    );
    assert_eq!(g.defense_value(0, 2, AttackKind::Ranged), 2 + 1);
    assert_eq!(g.attack_value(0, 2, AttackKind::Ranged), 3 + 1);
    assert!(g.holds(0));
    assert!(!g.may_enter(&g.units[1], Coord(4, 2)), "infantry only");
}

#[test]
fn passing_through_friends_within_the_limits() {
    let mut g = battle(
        field(&OPEN),
        &[
            ("regular_cavalry", (4, 1)),
            ("line_infantry", (4, 2)),
            ("line_infantry", (2, 2)),
            ("marksmen", (2, 2)),
            ("engineers", (2, 2)),
        ],
        &[("sirens_of_vesania", (0, 6))],
        &[],
    );
    activate(&mut g, &[0]);
    act(&mut g, 0, Action::Move { to: Coord(4, 2) });
    act(&mut g, 0, Action::Move { to: Coord(4, 3) });
    act(&mut g, 0, Action::EndActivation);
    g.units[0].at = Some(Coord(2, 1));
    g.used = TurnUse::default();
    activate(&mut g, &[0]);
    assert!(
        g.check_action(0, &Action::Move { to: Coord(2, 2) })
            .unwrap_err()
            .contains("unit limits")
    );
}

#[test]
fn sight_is_blocked_by_forest_and_by_units_between() {
    let mut map = OPEN;
    map[3] = ". . . f . . . . .";
    let mut g = battle(
        field(&map),
        &[("marksmen", (2, 3)), ("line_infantry", (0, 0))],
        &[("sirens_of_vesania", (4, 3))],
        &[],
    );
    assert!(!g.in_sight(Coord(2, 3), Coord(4, 3)), "forest between");
    let between = g.map.index(Coord(3, 3));
    g.map.terrain[between] = black_and_white::games::wargame::engine::data::Terrain::Plain;
    assert!(g.in_sight(Coord(2, 3), Coord(4, 3)));
    g.units[1].at = Some(Coord(3, 3));
    assert!(
        !g.in_sight(Coord(2, 3), Coord(4, 3)),
        "a unit between, even a friend"
    );
    activate(&mut g, &[0]);
    assert!(
        g.check_action(0, &Action::Shoot { unit: 0, target: 2 })
            .unwrap_err()
            .contains("sight")
    );
}
