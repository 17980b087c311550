//! The second read of the engine against the rulebook (issue 41): each
//! departure it found, with the passage the engine now follows and forced
//! dice, and the reveals of fight rule 3 that had no test.

use black_and_white::games::wargame::engine::Coord;
use black_and_white::games::wargame::engine::data::{Rulebook, Token};
use black_and_white::games::wargame::engine::scenario::Goal;
use black_and_white::games::wargame::engine::shipped::shipped;
use black_and_white::games::wargame::engine::state::*;
use black_and_white::rules::Game;

use crate::wargame_departures::{checks, order, refusal, revealed};
use crate::wargame_rules::{OPEN, act, activate, battle, field, fire};

#[test]
fn the_empty_move_is_measured_from_the_units_own_side() {
    // "Empty move: a unit before its activation can move one hex back or
    // sideways": back is toward the unit's own side, even where the enemy's
    // first row lies mid-board.
    let mut scenario = field(&OPEN);
    scenario.white.first_row = 3;
    let mut g = battle(
        scenario,
        &[("regular_cavalry", (4, 4))],
        &[("sirens_of_vesania", (0, 3))],
        &[1, 1],
    );
    order(&mut g, 0, "lord_alexandrus", &[0], 4);
    assert!(refusal(&g, 0, Action::Sidestep { to: Coord(4, 5) }).contains("not forward"));
    assert!(
        g.check(0, &Action::Sidestep { to: Coord(3, 4) }).is_ok(),
        "sideways"
    );
    assert!(g.check(0, &Action::Sidestep { to: Coord(4, 3) }).is_ok(), "back");
}

#[test]
fn a_marker_laid_this_turn_does_not_help_this_turn() {
    // "If in the next turn player will aim at the exact same place, he or
    // she adds 1 to the die roll": the Guardians' second shot in the same
    // turn aims without the marker its first shot laid.
    let need = Rulebook::get().aim_need(3).expect("3 hexes is in range");
    let mut g = battle(
        field(&OPEN),
        &[("regular_infantry", (4, 3))],
        &[("guardians_of_the_surculus", (4, 6))],
        &[1, need - 1],
    );
    act(&mut g, 0, Action::EndTurn);
    activate(&mut g, &[1]);
    fire(&mut g, 1, Coord(4, 3), Ammo::Regular);
    assert_eq!(g.tokens_at(Coord(4, 3)).markers, [0, 1], "the first aim missed");
    let events = fire(&mut g, 1, Coord(4, 3), Ammo::Regular);
    let aimed: Vec<(u8, u8, bool)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Aimed {
                die, markers, hit, ..
            } => Some((*die, *markers, *hit)),
            _ => None,
        })
        .collect();
    assert_eq!(
        aimed,
        vec![(need - 1, 0, false)],
        "this turn's marker does not count"
    );
    assert_eq!(g.tokens_at(Coord(4, 3)).markers, [0, 2]);
}

#[test]
fn a_mass_march_keeps_the_hex_limits_on_what_happens() {
    // "on one hex can be a maximum of: 3 infantry units": the march is
    // checked as if every unit moved; the first fails its check to leave
    // and stays, so the last one finds no room and stays too.
    let mut g = battle(
        field(&OPEN),
        &[
            ("regular_infantry", (4, 2)),
            ("line_infantry", (4, 2)),
            ("regular_infantry", (3, 2)),
            ("regular_infantry", (3, 1)),
        ],
        &[("sirens_of_vesania", (4, 3))],
        &[6, 6],
    );
    let events = act(
        &mut g,
        0,
        Action::MassMarch {
            moves: vec![(0, Coord(4, 1)), (2, Coord(4, 2)), (3, Coord(4, 2))],
        },
    );
    assert_eq!(checks(&events), vec![(CheckFor::Leave, false)]);
    let at: Vec<Option<Coord>> = g.units[..4].iter().map(|u| u.at).collect();
    assert_eq!(
        at,
        vec![
            Some(Coord(4, 2)),
            Some(Coord(4, 2)),
            Some(Coord(4, 2)),
            Some(Coord(3, 1))
        ]
    );
    assert!(events.contains(&Event::MarchHalted {
        unit: 3,
        at: Coord(4, 2)
    }));
}

#[test]
fn power_surge_lets_artillery_fire_after_its_move() {
    // "Power surge: unit can attack after making a full move", and
    // "Artillery fire is a special kind of attack".
    let surge = |number: u8| {
        let mut g = battle(
            field(&OPEN),
            &[("regular_artillery", (4, 0))],
            &[("sirens_of_vesania", (4, 4))],
            &[1, 1],
        );
        order(&mut g, 0, "vlad_kristofferson", &[0], number);
        act(&mut g, 0, Action::Move { to: Coord(4, 1) });
        g
    };
    let shot = Action::Fire {
        unit: 0,
        at: Coord(4, 4),
        ammo: Ammo::Regular,
    };
    assert!(surge(4).check(0, &shot).is_ok(), "under Power surge");
    assert!(
        refusal(&surge(3), 0, shot).contains("moved"),
        "under another order"
    );
}

#[test]
fn a_step_inside_the_same_area_of_influence_takes_no_check() {
    // "Every unit has its own area of influence. All adjacent hexes are
    // incorporated into it. If a unit is located in hostile area of
    // influence and wants to leave it, it has to pass command check."
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 2))],
        &[("sirens_of_vesania", (4, 3))],
        &[6, 6],
    );
    activate(&mut g, &[0]);
    let inside = act(&mut g, 0, Action::Move { to: Coord(5, 2) });
    assert_eq!(checks(&inside), vec![], "(5, 2) is still next to the sirens");
    assert_eq!(g.units[0].at, Some(Coord(5, 2)));
    let out = act(&mut g, 0, Action::Move { to: Coord(6, 2) });
    assert_eq!(
        checks(&out),
        vec![(CheckFor::Leave, false)],
        "leaving takes the check"
    );
    assert_eq!(g.units[0].at, Some(Coord(5, 2)));
}

#[test]
fn a_unit_that_fires_twice_shoots_before_its_second_shot() {
    // "it can fire at enemy unit twice": a melee first leaves no second
    // shot, even at a target that fell back to range.
    let mut g = battle(
        field(&OPEN),
        &[("regular_infantry", (4, 2))],
        &[("order_of_the_virgo", (4, 3))],
        &[3, 4],
    );
    act(&mut g, 0, Action::EndTurn);
    activate(&mut g, &[1]);
    act(&mut g, 1, Action::Melee { unit: 1, target: 0 });
    act(
        &mut g,
        0,
        Action::Retreat {
            unit: 0,
            to: Coord(4, 1),
        },
    );
    assert_eq!(g.units[0].at.map(|at| at.distance(Coord(4, 3))), Some(2));
    assert!(refusal(&g, 1, Action::Shoot { unit: 1, target: 0 }).contains("follows a shot"));
}

#[test]
fn the_advancing_side_wins_as_its_units_arrive() {
    // "If he or she gets 15 before enemy gets to their positions, the
    // defending player wins": the race ends when they get there.
    let mut scenario = field(&OPEN);
    scenario.black.goal = Goal::Lead(1);
    scenario.white.goal = Goal::Points(15);
    scenario.arrows = vec![Coord(4, 5)];
    let mut g = battle(
        scenario,
        &[("regular_cavalry", (4, 4))],
        &[("sirens_of_vesania", (0, 6))],
        &[],
    );
    activate(&mut g, &[0]);
    act(&mut g, 0, Action::Move { to: Coord(4, 5) });
    assert_eq!(g.outcome().map(|o| o.winner), Some(Some(0)), "won on arrival");
    assert_eq!(g.to_move(), None);
}

#[test]
fn tutorials_allow_commanders_and_say_why_they_limit_classes() {
    // "They are played just like skirmish scenarios": commanders are
    // allowed (the dialog leaves them out by default); the first tutorial's
    // short list of classes is a teaching choice it says in its own text.
    for number in [21, 22] {
        let scenario = shipped(number).unwrap();
        assert_eq!(scenario.commanders, None, "scenario {number}");
        assert!(
            Setup::with_commanders(&scenario, true)
                .scenario
                .commanders
                .is_none()
        );
        assert_eq!(
            Setup::with_commanders(&scenario, false).scenario.commanders,
            Some(Vec::new())
        );
    }
    let first = shipped(21).unwrap();
    assert!(first.units.is_some());
    assert!(first.about.contains("teaching choice"), "{}", first.about);
    assert!(first.tutorial[0].say.contains("line troops and horse only"));
}

#[test]
fn fear_and_clearing_an_abatis_reveal_the_acting_unit() {
    // Fight rule 3: "Only during the attack or special action player
    // reveals the unit".
    let mut g = battle(
        field(&OPEN),
        &[("regular_cavalry", (4, 2))],
        &[("sirens_of_vesania", (4, 3))],
        &[1, 1, 1, 1],
    );
    g.active = 1;
    let events = [
        order(&mut g, 1, "sister_anastasia", &[1], 4),
        act(&mut g, 1, Action::Frighten { target: 0 }),
    ]
    .concat();
    assert_eq!(revealed(&events), vec![1]);
    assert_eq!(g.view_for(0).units[1].class.as_deref(), Some("sirens_of_vesania"));

    let mut g = battle(
        field(&OPEN),
        &[("line_infantry", (4, 2))],
        &[("sirens_of_vesania", (4, 5))],
        &[],
    );
    g.tokens_at_mut(Coord(4, 2)).works = Some((Token::Abatis, 1));
    activate(&mut g, &[0]);
    assert_eq!(
        revealed(&act(&mut g, 0, Action::ClearAbatis { unit: 0 })),
        vec![0]
    );
    assert_eq!(g.view_for(1).units[0].class.as_deref(), Some("line_infantry"));
}
