//! Where the engine once departed from the rulebook's text, each with the
//! passage it now follows and forced dice (docs/wargame-rulings.md).

use black_and_white::games::wargame::engine::data::{Order, Terrain};
use black_and_white::games::wargame::engine::state::*;
use black_and_white::games::wargame::engine::{Coord, Wargame};
use black_and_white::rules::Game;

use crate::wargame_rules::{OPEN, act, activate, battle, field, fire};

pub fn order(g: &mut Wargame, seat: usize, commander: &str, units: &[usize], number: u8) -> Vec<Event> {
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

pub fn refusal(g: &Wargame, seat: usize, action: Action) -> String {
    g.check(seat, &action)
        .expect_err(&format!("{action:?} should be illegal"))
}

pub fn revealed(events: &[Event]) -> Vec<usize> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Revealed { unit, .. } => Some(*unit),
            _ => None,
        })
        .collect()
}

/// The command checks taken, once each (each is told to both seats, the
/// owner's line with the discipline).
pub fn checks(events: &[Event]) -> Vec<(CheckFor, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::CommandCheck {
                check,
                passed,
                discipline: Some(_),
                ..
            } => Some((*check, *passed)),
            _ => None,
        })
        .collect()
}

#[test]
fn berserk_is_two_melee_attacks_by_one_unit() {
    // "Berserk: an infantry unit can perform two melee attacks"; in a squad
    // "one unit in this squad can attack".
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 2)), ("regular_cavalry", (5, 2))],
        &[("sirens_of_vesania", (4, 3)), ("sirens_of_vesania", (4, 3))],
        &[1, 1, 2, 2, 2, 2],
    );
    g.active = 1;
    order(&mut g, 1, "cardinal_rafael", &[2, 3], 2);
    act(&mut g, 1, Action::Melee { unit: 2, target: 0 });
    let other = refusal(&g, 1, Action::Melee { unit: 3, target: 1 });
    assert!(other.contains("only it attacks again"), "{other}");
    act(&mut g, 1, Action::Melee { unit: 2, target: 1 });
    assert!(
        g.activation.is_none(),
        "two melee attacks, then the activation ends"
    );

    // The Order of the Virgo under Berserk: two melee attacks, not two
    // shots after a move, and no melee after a shot.
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 1))],
        &[("order_of_the_virgo", (4, 4))],
        &[1, 1, 2, 2],
    );
    g.active = 1;
    order(&mut g, 1, "cardinal_rafael", &[1], 2);
    act(&mut g, 1, Action::Move { to: Coord(4, 3) });
    act(&mut g, 1, Action::Shoot { unit: 1, target: 0 });
    let again = refusal(&g, 1, Action::Shoot { unit: 1, target: 0 });
    assert!(again.contains("not a second shot"), "{again}");
    g.units[0].at = Some(Coord(4, 2));
    let melee = refusal(&g, 1, Action::Melee { unit: 1, target: 0 });
    assert!(melee.contains("made its attack"), "{melee}");
}

#[test]
fn the_second_activation_may_use_an_ability_the_first_did_not() {
    // Inquisitor Dominic 1: "player can use special abilities of activated
    // unit only once". The Virgo moved in its first activation; in the
    // second it stands and fires twice. Shots at 2,2 and 3,3 both miss.
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 2))],
        &[("order_of_the_virgo", (4, 5))],
        &[2, 2, 3, 3],
    );
    g.active = 1;
    activate(&mut g, &[1]);
    act(&mut g, 1, Action::Move { to: Coord(4, 4) });
    act(&mut g, 1, Action::EndActivation);
    order(&mut g, 1, "inquisitor_dominic", &[1], 1);
    act(&mut g, 1, Action::Shoot { unit: 1, target: 0 });
    act(&mut g, 1, Action::Shoot { unit: 1, target: 0 });
    assert!(g.activation.is_none(), "both shots taken");

    // Fired twice in the first activation: once only in the second.
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 2))],
        &[("order_of_the_virgo", (4, 4))],
        &[2, 2, 3, 3, 4, 4],
    );
    g.active = 1;
    activate(&mut g, &[1]);
    act(&mut g, 1, Action::Shoot { unit: 1, target: 0 });
    act(&mut g, 1, Action::Shoot { unit: 1, target: 0 });
    order(&mut g, 1, "inquisitor_dominic", &[1], 1);
    act(&mut g, 1, Action::Shoot { unit: 1, target: 0 });
    assert!(g.activation.is_none(), "one shot: the ability was used");
}

#[test]
fn a_critical_failure_on_artillery_damage_is_rolled_again() {
    // Vlad Kristofferson 1: "in the event of critical failure, you can
    // reroll the dice once": artillery's damage roll too. The aim (4 at
    // range 3) hits; damage 3,3 fails critically, the reroll 5,2 hits.
    let mut g = battle(
        field(&OPEN),
        &[("regular_artillery", (4, 0))],
        &[("sirens_of_vesania", (4, 3))],
        &[4, 3, 3, 5, 2],
    );
    order(&mut g, 0, "vlad_kristofferson", &[0], 1);
    let events = fire(&mut g, 0, Coord(4, 3), Ammo::Regular);
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::Rerolled {
                why: Order::CriticalFailureReroll,
                ..
            }
        )),
        "{events:?}"
    );
    assert_eq!(g.units[1].size, 2);
}

#[test]
fn special_actions_reveal_the_unit_that_takes_them() {
    // "Only during the attack or special action player reveals the unit".
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 2))],
        &[("sirens_of_vesania", (4, 3))],
        &[1, 1, 1, 1],
    );
    g.active = 1;
    let events = [
        order(&mut g, 1, "cardinal_rafael", &[1], 4),
        act(&mut g, 1, Action::Cripple { target: 0 }),
    ]
    .concat();
    assert_eq!(revealed(&events), vec![1]);
    assert_eq!(g.view_for(0).units[1].class.as_deref(), Some("sirens_of_vesania"));

    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 2))],
        &[("sirens_of_vesania", (4, 5))],
        &[1, 1],
    );
    g.active = 1;
    g.units[1].size = 2;
    order(&mut g, 1, "inquisitor_dominic", &[1], 2);
    assert_eq!(revealed(&act(&mut g, 1, Action::Restore { unit: 1 })), vec![1]);
}

#[test]
fn the_empty_move_takes_the_check_stops_in_forest_and_knows_the_map() {
    // "If a unit is located in hostile area of influence and wants to leave
    // it, it has to pass command check" (failed here with 6 and 6).
    let duel = |dice: &[u8]| {
        battle(
            field(&OPEN),
            &[("regular_cavalry", (4, 2))],
            &[("sirens_of_vesania", (4, 3))],
            dice,
        )
    };
    let mut g = duel(&[1, 1, 6, 6]);
    order(&mut g, 0, "lord_alexandrus", &[0], 4);
    let events = act(&mut g, 0, Action::Sidestep { to: Coord(4, 1) });
    assert_eq!(checks(&events), vec![(CheckFor::Leave, false)]);
    assert_eq!(g.units[0].at, Some(Coord(4, 2)), "it stays");
    assert!(refusal(&g, 0, Action::Move { to: Coord(4, 1) }).contains("command check"));
    assert!(
        g.check(0, &Action::Melee { unit: 0, target: 1 }).is_ok(),
        "it may still attack"
    );

    // "After entering the forest, unit must stop."
    let mut g = duel(&[1, 1, 1, 2]);
    let i = g.map.index(Coord(4, 1));
    g.map.terrain[i] = Terrain::Forest;
    order(&mut g, 0, "lord_alexandrus", &[0], 4);
    act(&mut g, 0, Action::Sidestep { to: Coord(4, 1) });
    assert!(refusal(&g, 0, Action::Move { to: Coord(4, 0) }).contains("stop"));

    // "Back" is away from the enemy's first row, wherever the scenario puts
    // it: here black starts on the bottom row and white on the top one.
    let mut scenario = field(&OPEN);
    std::mem::swap(&mut scenario.black.first_row, &mut scenario.white.first_row);
    let mut g = battle(
        scenario,
        &[("regular_cavalry", (4, 3))],
        &[("sirens_of_vesania", (0, 0))],
        &[1, 1],
    );
    order(&mut g, 0, "lord_alexandrus", &[0], 4);
    assert!(refusal(&g, 0, Action::Sidestep { to: Coord(4, 2) }).contains("back or sideways"));
    assert!(g.check(0, &Action::Sidestep { to: Coord(4, 4) }).is_ok());
}

#[test]
fn who_begins_is_rolled_after_building() {
    // "Playing the Game: Each player rolls a die" comes after the armies
    // stand: nobody builds knowing who moves first.
    let mut g = Wargame::new(&Setup::default(), 5);
    assert_eq!(g.first(), None);
    assert_eq!(g.view(0).first, None);
    for seat in 0..2 {
        let army = g.random_army(seat, &mut rand::SeedableRng::seed_from_u64(seat as u64));
        let events = g.apply(seat, army).expect("a random army is legal");
        if seat == 1 {
            let first = events.iter().find_map(|e| match e {
                Event::BattleBegins { first, .. } => Some(*first),
                _ => None,
            });
            assert_eq!(first, g.first());
        }
    }
    assert_eq!(g.view(1).first, g.first());
    assert_eq!(g.whose_move(), g.first());
}

#[test]
fn a_charge_may_start_in_an_area_of_influence_after_the_check() {
    // The text asks only for the command check to leave an area of
    // influence; a charge is a move like any other.
    let to = Coord(2, 0).straight(Coord(2, 1), 3);
    let setup = |dice: &[u8]| {
        let mut g = battle(
            field(&OPEN),
            &[("heavy_cavalry", (2, 0))],
            &[("sirens_of_vesania", (3, 0)), ("sirens_of_vesania", (0, 6))],
            dice,
        );
        g.units[2].at = Some(
            to.neighbours()
                .into_iter()
                .find(|n| n.distance(Coord(2, 0)) == 4)
                .unwrap(),
        );
        activate(&mut g, &[0]);
        g
    };
    let charge = Action::Charge {
        unit: 0,
        to,
        target: 2,
    };
    let mut g = setup(&[1, 1, 6, 4]);
    let events = act(&mut g, 0, charge.clone());
    assert_eq!(checks(&events), vec![(CheckFor::Leave, true)]);
    assert_eq!(g.units[0].at, Some(to));
    // Failing (6, 6), it stays, and may still fight the enemy beside it.
    let mut g = setup(&[6, 6]);
    act(&mut g, 0, charge);
    assert_eq!(g.units[0].at, Some(Coord(2, 0)));
    assert!(g.check(0, &Action::Melee { unit: 0, target: 1 }).is_ok());
}

#[test]
fn aiming_markers_help_in_the_next_turn_only() {
    // "If in the next turn player will aim at the exact same place, he or
    // she adds 1 to the die roll for every token lying on this hex."
    let mut g = battle(
        field(&OPEN),
        &[("regular_artillery", (4, 0))],
        &[("sirens_of_vesania", (4, 3))],
        &[3],
    );
    activate(&mut g, &[0]);
    fire(&mut g, 0, Coord(4, 3), Ammo::Regular);
    assert_eq!(g.tokens_at(Coord(4, 3)).markers, [1, 0]);
    act(&mut g, 0, Action::EndTurn);
    assert_eq!(g.tokens_at(Coord(4, 3)).markers, [1, 0], "kept for the next turn");
    act(&mut g, 1, Action::EndTurn);
    // Black's next turn passes without aiming there: the marker goes.
    let events = act(&mut g, 0, Action::EndTurn);
    assert_eq!(g.tokens_at(Coord(4, 3)).markers, [0, 0]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::MarkersCleared { player: 0, .. }))
    );
}

#[test]
fn a_mass_march_lets_a_unit_in_an_area_of_influence_take_the_check() {
    // "A player can move all his regular infantry units 1 hex"; one in an
    // enemy's area of influence must pass the check to leave (6, 6 fails).
    let march = |dice: &[u8]| {
        let mut g = battle(
            field(&OPEN),
            &[("regular_infantry", (4, 2)), ("regular_infantry", (7, 2))],
            &[("sirens_of_vesania", (4, 3))],
            dice,
        );
        let events = act(
            &mut g,
            0,
            Action::MassMarch {
                moves: vec![(0, Coord(4, 1)), (1, Coord(7, 1))],
            },
        );
        (g, events)
    };
    let (g, events) = march(&[1, 2]);
    assert_eq!(checks(&events), vec![(CheckFor::Leave, true)]);
    assert_eq!(
        (g.units[0].at, g.units[1].at),
        (Some(Coord(4, 1)), Some(Coord(7, 1)))
    );
    let (g, _) = march(&[6, 6]);
    assert_eq!(
        (g.units[0].at, g.units[1].at),
        (Some(Coord(4, 2)), Some(Coord(7, 1)))
    );
}

#[test]
fn a_shot_from_among_its_like_shows_the_hex_and_the_card_not_the_block() {
    // Fight rule 3: "If ranged attack is performed from hex with more than
    // one unit, the attacking player does not show which unit is shooting.
    // He or she just shows the hex from which attack is performed, and then
    // reveals appropriate unit card." Two line infantry share (4,2); one of
    // them is activated and shoots (5 and 3: a hit).
    let mut g = battle(
        field(&OPEN),
        &[("line_infantry", (4, 2)), ("line_infantry", (4, 2))],
        &[("sirens_of_vesania", (4, 4))],
        &[5, 3],
    );
    let white_sees = |events: &[Event]| -> Vec<Event> {
        events
            .iter()
            .filter(|e| Wargame::audience(e).includes(1))
            .cloned()
            .collect()
    };
    let activated = activate(&mut g, &[1]);
    assert!(white_sees(&activated).iter().all(|e| match e {
        Event::Activated { units, .. } => units.is_empty(),
        _ => true,
    }));
    assert!(g.view(1).activation.unwrap().units.is_empty());
    let shot = act(&mut g, 0, Action::Shoot { unit: 1, target: 2 });
    let seen = white_sees(&shot);
    assert!(seen.contains(&Event::ShotFrom {
        at: Coord(4, 2),
        class: "line_infantry".into()
    }));
    assert!(!revealed(&seen).contains(&1), "{seen:?}");
    let attacks: Vec<Option<usize>> = seen
        .iter()
        .filter_map(|e| match e {
            Event::Attack { attacker, .. } => Some(*attacker),
            _ => None,
        })
        .collect();
    assert_eq!(attacks, vec![None]);
    let json = serde_json::to_string(&seen).unwrap();
    assert!(!json.contains("\"attacker\":1"), "{json}");
    // White answers the hit without learning which block shot.
    assert_eq!(g.whose_move(), Some(1));
    assert!(matches!(
        g.view(1).decision,
        Some(Pending::Hit { attacker: None, .. })
    ));
    assert_eq!(g.view(1).units[1].class, None);
    // Black, of course, knows.
    assert!(matches!(
        g.view(0).decision,
        Some(Pending::Hit {
            attacker: Some(1),
            ..
        })
    ));

    // A block seen moving is named: its shot reveals it.
    let mut g = battle(
        field(&OPEN),
        &[("line_infantry", (4, 1)), ("line_infantry", (4, 2))],
        &[("sirens_of_vesania", (4, 4))],
        &[5, 3],
    );
    activate(&mut g, &[0]);
    act(&mut g, 0, Action::Move { to: Coord(4, 2) });
    let shot = act(&mut g, 0, Action::Shoot { unit: 0, target: 2 });
    assert_eq!(revealed(&shot), vec![0, 2], "the shooter, then its target");
}
