//! The wargame's computer players: the planner's odds agree with the rules,
//! every level finishes every scenario with legal actions, the planner
//! (Normal) beats the greedy bot (Easy), and Hard's army thought over in
//! slices is the one it would choose at once.

use black_and_white::cli::arena;
use black_and_white::games::wargame::planner::{check_chance, hit_chance};
use black_and_white::games::wargame::scenario::{SHIPPED, Scenario};
use black_and_white::games::wargame::state::Setup;
use black_and_white::games::wargame::{Action, Wargame, bot, judge};
use black_and_white::rules::{Game, Level};

#[test]
fn the_planners_odds_are_the_rules_odds() {
    for margin in -6..4 {
        let hits = (1..=6)
            .flat_map(|a| (1..=6).map(move |b| [a, b]))
            .filter(|&dice| judge(dice, margin, 0).hit)
            .count();
        assert_eq!(hit_chance(margin), hits as f64 / 36.0, "margin {margin}");
    }
    assert_eq!(check_chance(7), 21.0 / 36.0);
    assert_eq!(check_chance(12), 1.0);
}

#[test]
fn every_level_plays_every_scenario_to_its_end() {
    for (file, text) in SHIPPED {
        let setup = Setup {
            scenario: Scenario::parse(text).unwrap(),
            dice: Vec::new(),
        };
        let report = arena::play::<Wargame>(&setup, Level::Normal, Level::Easy, 2, 7);
        assert_eq!(report.games, 2, "{file}");
    }
}

#[test]
fn normal_beats_easy() {
    let setup = Setup::default();
    let report = arena::play::<Wargame>(&setup, Level::Normal, Level::Easy, 100, 0);
    assert!(
        report.rate >= 0.55,
        "Normal against Easy on the first tutorial: {report}"
    );
}

#[test]
fn hards_army_thought_over_in_slices_is_the_one_it_chooses_at_once() {
    for number in [1, 12, 21] {
        let setup = Setup {
            scenario: Scenario::parse(SHIPPED[number - 1].1).unwrap(),
            dice: Vec::new(),
        };
        let game = Wargame::configured(&setup, 40 + number as u64);
        let seat = game.to_move().expect("someone builds first");
        let view = game.view(seat);
        let mut slices = 0;
        let mut sliced = bot::bot(Level::Hard, 9);
        let thought = loop {
            slices += 1;
            if let Some(action) = sliced.think(&view) {
                break action;
            }
        };
        assert!(slices > 10, "scenario {number}: the army in {slices} slices");
        assert!(matches!(thought, Action::Build { .. }), "{thought:?}");
        assert_eq!(
            bot::bot(Level::Hard, 9).choose(&view),
            thought,
            "scenario {number}"
        );
        // Normal builds at once.
        assert!(bot::bot(Level::Normal, 9).think(&view).is_some());
    }
}
