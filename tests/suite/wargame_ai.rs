//! The wargame's computer players: the planner's odds agree with the rules,
//! every level finishes every scenario with legal actions, the planner
//! (Normal) beats the greedy bot (Easy), Hard's army and its search over
//! activations thought over in slices are what it would choose at once, and
//! the search does overrule the planner and its plan is followed through
//! the activation.

use black_and_white::cli::arena;
use black_and_white::games::wargame::engine::data::Rulebook;
use black_and_white::games::wargame::engine::planner::{check_chance, hit_chance};
use black_and_white::games::wargame::engine::scenario::Scenario;
use black_and_white::games::wargame::engine::shipped::SHIPPED;
use black_and_white::games::wargame::engine::state::Setup;
use black_and_white::games::wargame::engine::{Action, Wargame, bot, judge};
use black_and_white::rules::{Bot, Game, Level};

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

/// Shipped scenario `number` (1-22).
fn shipped(number: usize) -> Setup {
    Setup {
        scenario: Scenario::parse(SHIPPED[number - 1].1).unwrap(),
        dice: Vec::new(),
    }
}

/// What Hard (seed 9) chooses for `view` thought over a slice a call, in
/// how many calls, and the bot, to ask what it thought.
fn hard_in_slices(view: &<Wargame as Game>::View) -> (Action, usize, Box<dyn Bot<Wargame>>) {
    let mut sliced = bot::bot(Level::Hard, 9);
    let mut slices = 0;
    loop {
        slices += 1;
        if let Some(action) = sliced.think(view) {
            return (action, slices, sliced);
        }
    }
}

/// Hard fields the fullest army it draws, at once: over twenty games of
/// each scenario its armies hold more blocks than Normal's (the dearest it
/// draws).
#[test]
fn hard_fields_more_blocks_than_normal_and_at_once() {
    let blocks = |level: Level, view: &<Wargame as Game>::View, seed: u64| {
        let mut bot = bot::bot(level, seed);
        match bot.think(view) {
            Some(Action::Build { army, .. }) => army.len(),
            other => panic!("{level:?} did not build at once: {other:?}"),
        }
    };
    for number in [1, 12, 17] {
        let (mut hard, mut normal) = (0, 0);
        for seed in 0..20 {
            let game = Wargame::configured(&shipped(number), 40 + seed);
            let view = game.view(game.to_move().expect("someone builds first"));
            hard += blocks(Level::Hard, &view, seed);
            normal += blocks(Level::Normal, &view, seed);
        }
        assert!(
            hard > normal,
            "scenario {number}: Hard {hard} blocks, Normal {normal}"
        );
    }
}

/// Thargaton's regular infantry never attacks: the side that must take a
/// fort from a defender fields blocks that can dislodge one, where in a
/// skirmish Hard fields the most blocks, cheap ones among them.
#[test]
fn hard_storming_a_fort_fields_blocks_that_can_strike() {
    let idle_blocks = |number: usize| {
        let mut idle = 0;
        for seed in 0..20 {
            let mut game = Wargame::configured(&shipped(number), 60 + seed);
            let mut seat = game.to_move().expect("someone builds first");
            if seat != 0 {
                let other = bot::bot(Level::Normal, seed).choose(&game.view(seat));
                game.apply(seat, other).expect("Normal builds a legal army");
                seat = game.to_move().expect("Thargaton builds next");
            }
            assert_eq!(seat, 0);
            let Some(Action::Build { army, .. }) = bot::bot(Level::Hard, seed).think(&game.view(0)) else {
                panic!("Hard did not build at once");
            };
            idle += army
                .iter()
                .filter_map(|p| Rulebook::get().unit(&p.class))
                .filter(|c| !c.fights_in_melee() && c.ranged.is_none())
                .count();
        }
        idle
    };
    let (storming, skirmish) = (idle_blocks(6), idle_blocks(1));
    assert!(
        storming * 2 < skirmish,
        "blocks that cannot strike in 20 armies: {storming} storming scenario 06, {skirmish} in the skirmish 01"
    );
}

/// Scenario `number` played by Normal on both sides until the seat to move
/// chooses its first activation of round `round`.
fn at_a_choice_of_activation(number: usize, round: u32, seed: u64) -> Wargame {
    let mut game = Wargame::configured(&shipped(number), seed);
    let mut bots = [bot::bot(Level::Normal, 1), bot::bot(Level::Normal, 2)];
    while let Some(seat) = game.to_move() {
        let choosing = game.activation.is_none() && game.pending.is_empty() && game.used.activations == 0;
        if game.round >= round && choosing && game.first().is_some() {
            return game;
        }
        let action = bots[seat].choose(&game.view(seat));
        game.apply(seat, action).expect("Normal plays legal actions");
    }
    panic!("scenario {number} ended before round {round}");
}

#[test]
fn hards_search_thought_over_in_slices_is_the_one_it_chooses_at_once() {
    for (number, seed) in [(12, 3), (21, 4), (5, 5)] {
        let game = at_a_choice_of_activation(number, 3, seed);
        let seat = game.to_move().expect("a seat chooses");
        let view = game.view(seat);
        let (thought, slices, sliced) = hard_in_slices(&view);
        assert!(slices > 2, "scenario {number}: the search in {slices} slices");
        assert_eq!(
            bot::bot(Level::Hard, 9).choose(&view),
            thought,
            "scenario {number}"
        );
        let reasoning = sliced.thought().expect("the search says what it weighed");
        assert!(reasoning.belief.contains("played out"), "{reasoning:?}");
        assert!(reasoning.options.len() >= 2, "{reasoning:?}");
        // Normal decides at once.
        assert!(bot::bot(Level::Normal, 9).think(&view).is_some());
    }
}

#[test]
fn hards_search_overrules_the_planner_where_its_playouts_say_so() {
    let mut differs = 0;
    let mut choices = 0;
    for seed in 0..6 {
        let game = at_a_choice_of_activation(12, 2 + seed as u32 % 3, seed);
        let seat = game.to_move().expect("a seat chooses");
        let view = game.view(seat);
        let hard = bot::bot(Level::Hard, seed).choose(&view);
        let normal = bot::bot(Level::Normal, seed).choose(&view);
        assert!(game.check(seat, &hard).is_ok(), "{hard:?}");
        choices += 1;
        differs += usize::from(hard != normal);
    }
    assert!(
        differs > 0,
        "Hard chose as the planner in all {choices} positions: its search decided nothing"
    );
}

#[test]
fn hard_follows_the_plan_its_search_chose_through_the_activation() {
    let mut followed = 0;
    for seed in 0..4 {
        let mut game = at_a_choice_of_activation(12, 2 + seed as u32 % 3, seed);
        let seat = game.to_move().expect("a seat chooses");
        let mut hard = bot::bot(Level::Hard, seed);
        let activate = hard.choose(&game.view(seat));
        assert!(
            matches!(activate, Action::Activate { .. } | Action::EndTurn),
            "{activate:?}"
        );
        game.apply(seat, activate).expect("Hard activates legally");
        // Its steps until the activation ends (or a decision interrupts it).
        while game.activation.is_some() && game.pending.is_empty() && game.to_move() == Some(seat) {
            let step = hard.choose(&game.view(seat));
            let why = hard.thought().expect("Hard says why").belief;
            followed += usize::from(why.contains("plan its search chose"));
            game.apply(seat, step)
                .expect("Hard's plan is followed with legal actions");
        }
    }
    assert!(
        followed > 0,
        "Hard's steps within its activations never followed the plan it searched"
    );
}

/// The wargame's population (issue 42): each member plays legal battles to
/// their end through the arena, by name, on a scenario of each type, and
/// each fields the army its style says: from the same draw of armies (the
/// same seed), the rusher's holds the most horse, the turtle's the most
/// foot, the gunner's the most artillery and shooters.
#[test]
fn the_wargame_population_plays_to_the_end_and_fields_its_own_armies() {
    use black_and_white::cli::Contender;
    use black_and_white::games::wargame::engine::data::{Rulebook, UnitCard, UnitType};
    use black_and_white::population::Population;
    let easy = Contender::Level(Level::Easy);
    let names = ["greedy", "rusher", "turtle", "gunner"];
    for (name, scenario) in names.into_iter().zip(["1", "6", "12", "17"]) {
        let member = Contender::Member(name.into());
        let report = arena::arena_wargame(&[member, easy.clone()], Some(scenario), 2, 3, None)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(report.wins + report.draws + report.losses, 2, "{name}");
    }
    let view = Wargame::configured(&shipped(1), 4).view(0);
    let count = |name: &str, liked: fn(&UnitCard) -> bool| {
        let mut bot = (Wargame::member(name).expect("a member").make)(11);
        let Action::Build { army, .. } = bot.choose(&view) else {
            panic!("{name} did not build first");
        };
        army.iter()
            .filter_map(|p| Rulebook::get().unit(&p.class))
            .filter(|card| liked(card))
            .count()
    };
    let styles: [(&str, fn(&UnitCard) -> bool); 3] = [
        ("rusher", |c| c.kind == UnitType::Cavalry),
        ("turtle", |c| c.kind == UnitType::Infantry),
        ("gunner", |c| c.kind == UnitType::Artillery || c.ranged.is_some()),
    ];
    for (name, liked) in styles {
        let own = count(name, liked);
        for other in names {
            assert!(
                own >= count(other, liked),
                "{name} fields fewer of its kind than {other}"
            );
        }
        assert!(own > 0, "{name} fields none of its kind");
    }
}

/// Every player plans on a game rebuilt from its view; the rebuilt game
/// must know how many trenches and abatis each side has laid, or it offers
/// a dig the rules refuse once a side has laid its most (the turtle found
/// it: the arena stopped on "each side lays at most 4 trenches and
/// abatis").
#[test]
fn a_game_rebuilt_from_a_view_knows_the_works_each_side_laid() {
    let mut game = Wargame::configured(&shipped(1), 4);
    game.works_laid = [4, 1];
    for seat in [0, 1] {
        assert_eq!(Wargame::from_view(&game.view(seat)).works_laid, [4, 1]);
    }
}
