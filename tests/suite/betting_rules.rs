//! Betting Black and White: the rules of
//! ../shared/rules/betting-black-and-white.txt, "Our version" included.

use black_and_white::games::betting::engine::rules::check_arrangement;
use black_and_white::games::betting::engine::{
    AutoFold, Betting, BettingAction, BettingEvent, Draft, Phase, Placement, Pull, SlotOutcome, SlotResult,
    Sourcing,
};
use black_and_white::rules::GameRng;
use black_and_white::rules::{Game, Outcome, Protocol};
use rand::SeedableRng;
use serde_json::json;

use crate::support::{arrangement, betting_p0, betting_p1};

fn arranged(a: Vec<Placement>, b: Vec<Placement>) -> (Betting, Vec<BettingEvent>) {
    let mut game = Betting::new_game(7);
    let mut events = game.apply(0, BettingAction::Arrange(a)).unwrap();
    events.extend(game.apply(1, BettingAction::Arrange(b)).unwrap());
    (game, events)
}

fn settled(events: &[BettingEvent]) -> Vec<SlotResult> {
    events
        .iter()
        .filter_map(|e| match e {
            BettingEvent::Settled(r) => Some(*r),
            _ => None,
        })
        .collect()
}

fn chips_in_play(game: &Betting) -> u32 {
    let slot = game.results().len();
    let on_tiles: u32 = [0, 1]
        .iter()
        .map(|&s| game.stacks(s)[slot..].iter().map(|&c| u32::from(c)).sum::<u32>())
        .sum();
    on_tiles + game.winnings().iter().map(|&w| u32::from(w)).sum::<u32>()
}

#[test]
fn an_arrangement_is_ten_tiles_once_each_and_thirty_chips_at_least_one_per_tile() {
    assert!(check_arrangement(&betting_p0()).is_ok());
    let mut twice = betting_p0();
    twice[1].tile = 5;
    assert!(
        check_arrangement(&twice)
            .unwrap_err()
            .contains("tile 5 is already")
    );
    let mut bare = betting_p0();
    bare[0].chips = 0;
    bare[1].chips = 4;
    assert!(check_arrangement(&bare).unwrap_err().contains("at least 1"));
    let mut heavy = betting_p0();
    heavy[0].chips = 2;
    assert!(check_arrangement(&heavy).unwrap_err().contains("31, not 30"));
    assert!(
        check_arrangement(&betting_p0()[..9])
            .unwrap_err()
            .contains("ten slots")
    );
    let mut eleven = betting_p0();
    eleven[0].tile = 10;
    assert!(check_arrangement(&eleven).unwrap_err().contains("no tile 10"));
}

#[test]
fn setup_asks_player_0_then_player_1_and_shows_nothing_of_the_other() {
    let mut game = Betting::new_game(1);
    assert_eq!(game.first(), None, "betting has no coin flip");
    assert_eq!(game.to_move(), Some(0));
    assert!(game.apply(1, BettingAction::Arrange(betting_p1())).is_err());
    assert!(game.apply(0, BettingAction::Fold).unwrap_err().contains("setup"));
    game.apply(0, BettingAction::Arrange(betting_p0())).unwrap();
    assert_eq!(game.to_move(), Some(1));
    let view = game.view(1);
    assert_eq!(view.phase, Phase::Setup);
    assert!(view.mine.is_empty());
    assert_eq!(view.arranged, [true, false]);
    assert_eq!((view.colours, view.chips), (None, None));
}

#[test]
fn the_lower_bettor_is_asked_and_a_default_match_takes_winnings_then_the_latest_tiles() {
    let (mut game, events) = arranged(betting_p0(), betting_p1());
    assert!(settled(&events).is_empty());
    assert_eq!(game.to_move(), Some(0), "1 chip against 6: player 0 decides");
    let view = game.view(0);
    let decision = view.decision.unwrap();
    assert_eq!((decision.gap, decision.available), (5, 20));
    assert_eq!(view.chips, Some([1, 6]));
    assert_eq!(view.later, [29, 24]);
    assert!(game.view(1).decision.is_none());

    let events = game.apply(0, BettingAction::Match(None)).unwrap();
    let results = settled(&events);
    // No winnings yet: 3 chips off slot 10 (4 → 1), then 2 off slot 9.
    assert_eq!(game.stacks(0)[8..], [2, 1]);
    assert_eq!(results[0].chips, [6, 6]);
    assert_eq!(results[0].bets, [1, 6]);
    assert_eq!(results[0].tiles, Some([5, 4]));
    assert_eq!(results[0].winner, Some(0));
    assert_eq!(results[0].winnings, [12, 0]);
    assert_eq!(results[0].matched, Some((0, 0)));
    // Slots 2-5: equal stacks, equal tiles: each takes their own back.
    for r in &results[1..5] {
        assert_eq!(r.outcome, SlotOutcome::Showdown);
        assert_eq!(r.winner, None);
    }
    assert_eq!(results[4].winnings, [24, 12]);
    // Slot 6: equal stacks, 4 against 5: the higher takes both.
    assert_eq!(results[5].tiles, Some([4, 5]));
    assert_eq!(results[5].winnings, [24, 18]);
    assert_eq!(results.len(), 6);
    assert_eq!(game.to_move(), Some(1), "slot 7: 3 against 2");
    assert_eq!(chips_in_play(&game), 60);

    // Winnings first: player 1 has 18, the gap is 1.
    let mut winnings_first = game.clone();
    winnings_first.apply(1, BettingAction::Match(None)).unwrap();
    assert_eq!(winnings_first.results()[6].matched, Some((1, 1)));
    assert_eq!(winnings_first.stacks(1)[7..], [3, 2, 2], "later tiles untouched");
}

#[test]
fn an_explicit_match_names_where_every_chip_comes_from() {
    let (mut game, _) = arranged(betting_p0(), betting_p1());
    game.apply(0, BettingAction::Match(None)).unwrap();
    let explicit = |from_winnings, pull: &[(usize, u8)]| {
        BettingAction::Match(Some(Sourcing {
            from_winnings,
            pull: pull.iter().map(|&(slot, chips)| Pull { slot, chips }).collect(),
        }))
    };
    let error = |action| game.check(1, &action).unwrap_err();
    assert!(error(explicit(0, &[(7, 1)])).contains("later slots (8 to 10)"));
    assert!(error(explicit(0, &[(10, 2)])).contains("keep at least 1"));
    assert!(error(explicit(0, &[(8, 1), (8, 1)])).contains("twice"));
    assert!(error(explicit(0, &[(8, 2)])).contains("exactly the gap of 1"));
    assert!(error(explicit(0, &[])).contains("exactly the gap of 1"));
    assert!(error(explicit(0, &[(8, 1), (9, 0)])).contains("no chips"));
    let before = game.clone();
    assert!(game.apply(1, explicit(19, &[])).is_err());
    assert_eq!(game, before, "an illegal action changes nothing");

    game.apply(1, explicit(0, &[(8, 1)])).unwrap();
    assert_eq!(game.stacks(1)[7], 2, "one chip pulled off slot 8");
    let slot7 = game.results()[6];
    assert_eq!(slot7.chips, [3, 3]);
    assert_eq!(slot7.tiles, Some([6, 6]));
    assert_eq!(slot7.winner, None, "equal numbers: each takes their own back");
    assert_eq!(chips_in_play(&game), 60);
}

#[test]
fn a_fold_hands_over_the_slot_and_keeps_both_tiles_hidden_until_the_end() {
    let (mut game, _) = arranged(betting_p0(), betting_p1());
    game.apply(0, BettingAction::Match(None)).unwrap();
    let events = game.apply(1, BettingAction::Fold).unwrap();
    let fold = settled(&events)[0];
    assert_eq!(fold.outcome, SlotOutcome::Fold);
    assert_eq!((fold.folder, fold.auto, fold.tiles), (Some(1), None, None));
    assert_eq!(fold.winner, Some(0));
    assert_eq!(fold.winnings, [24 + 5, 18]);
    for seat in [0, 1] {
        let view = game.view(seat);
        assert_eq!(view.history[6].tiles, None);
        let text = serde_json::to_string(&game.ask_json(seat)).unwrap();
        assert!(!text.contains("\"tiles\""));
    }
    assert_eq!(
        Betting::event_json(&events[0]).unwrap()["tiles"],
        serde_json::Value::Null
    );
    // Slots 8 and 9 are equal; slot 10: 1 against 2, player 0 decides.
    assert_eq!(game.to_move(), Some(0));
    assert_eq!(game.view(0).slot, 10);
    game.apply(0, BettingAction::Match(None)).unwrap();
    assert_eq!(game.phase(), Phase::Over);
    assert_eq!(chips_in_play(&game), 60);
    let reveal = game.reveal_json();
    assert_eq!(
        reveal["arrangements"][0][9],
        json!({"tile": 9, "chips": 4}),
        "as placed"
    );
    assert_eq!(reveal["arrangements"][1][6], json!({"tile": 6, "chips": 2}));
}

#[test]
fn more_chips_wins_and_equal_chips_is_a_draw() {
    let same = arrangement(&[
        (0, 3),
        (1, 3),
        (2, 3),
        (3, 3),
        (4, 3),
        (5, 3),
        (6, 3),
        (7, 3),
        (8, 3),
        (9, 3),
    ]);
    let (game, events) = arranged(same.clone(), same.clone());
    assert_eq!(settled(&events).len(), 10, "ten equal stacks: no decision at all");
    assert_eq!(game.to_move(), None);
    assert_eq!(game.outcome(), Some(Outcome::by_score([30, 30])));
    assert_eq!(game.outcome().unwrap().winner, None);

    // Player 1's tiles are one higher everywhere but the last slot.
    let higher: Vec<Placement> = same
        .iter()
        .map(|p| Placement {
            tile: (p.tile + 1) % 10,
            chips: 3,
        })
        .collect();
    let (game, _) = arranged(same, higher);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.score, [6, 54], "30 + 3 × (1 - 9) and 30 + 3 × (9 - 1)");
    assert_eq!(outcome.winner, Some(1));
}

#[test]
fn a_clock_that_runs_out_folds_or_arranges_at_random() {
    let (mut game, _) = arranged(betting_p0(), betting_p1());
    let events = game.apply(0, BettingAction::Timeout).unwrap();
    let fold = settled(&events)[0];
    assert_eq!((fold.folder, fold.auto), (Some(0), Some(AutoFold::OutOfTime)));
    assert_eq!(Betting::event_json(&events[0]).unwrap()["auto"], json!(true));

    let random = |seed| {
        let mut game = Betting::new_game(seed);
        game.apply(0, BettingAction::Timeout).unwrap();
        game.arrangement(0).unwrap().to_vec()
    };
    assert!(check_arrangement(&random(3)).is_ok());
    assert_eq!(random(3), random(3), "the same seed, the same arrangement");
    assert_ne!(random(3), random(4));
}

#[test]
fn a_player_who_cannot_cover_the_gap_folds_automatically() {
    // Player 1 matches slot 1 off its later tiles and slot 2 from its
    // winnings; player 0, with 6 spare chips left, cannot answer 17.
    let (mut game, _) = arranged(
        arrangement(&[
            (0, 5),
            (1, 11),
            (2, 1),
            (3, 2),
            (4, 2),
            (5, 2),
            (6, 2),
            (7, 2),
            (8, 2),
            (9, 1),
        ]),
        arrangement(&[
            (9, 1),
            (8, 1),
            (7, 17),
            (0, 1),
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
            (5, 2),
            (6, 4),
        ]),
    );
    assert_eq!(game.to_move(), Some(1));
    game.apply(1, BettingAction::Match(None)).unwrap();
    assert_eq!(game.results()[0].winnings, [0, 10]);
    assert_eq!(game.view(1).decision.unwrap().available, 26);
    let events = game.apply(1, BettingAction::Match(None)).unwrap();
    let results = settled(&events);
    assert_eq!(results[0].matched, Some((1, 10)), "winnings first");
    let forced = results[1];
    assert_eq!(forced.slot, 3);
    assert_eq!(
        (forced.folder, forced.auto),
        (Some(0), Some(AutoFold::CannotCover))
    );
    assert_eq!(forced.winnings, [0, 22 + 18]);
    assert_eq!(Betting::event_json(&events[1]).unwrap()["auto"], json!(true));
    assert_eq!(chips_in_play(&game), 60);
}

#[test]
fn a_draft_board_fills_its_gaps_at_random_and_says_what_is_missing() {
    let mut rng = GameRng::seed_from_u64(5);
    let untouched = Draft::default();
    assert!(untouched.is_untouched());
    assert_eq!(untouched.arrangement().unwrap_err(), "Place 10 more tiles");
    assert!(check_arrangement(&untouched.complete(&mut rng)).is_ok());

    let mut draft = Draft::default();
    draft.place(9, 0);
    draft.place(0, 4);
    draft.place(9, 4);
    assert_eq!(
        draft.tiles[0],
        Some(0),
        "placing a tile on a full slot swaps them"
    );
    assert_eq!(draft.tiles[4], Some(9));
    for _ in 0..25 {
        draft.add_chip(4);
    }
    let filled = draft.complete(&mut rng);
    assert!(check_arrangement(&filled).is_ok());
    assert_eq!((filled[0].tile, filled[4].tile), (0, 9));
    assert_eq!(
        filled[4].chips, 21,
        "25 chips on one tile give 4 back so every tile has one"
    );

    let mut full = Draft::default();
    for t in 0..10 {
        full.place(t, t as usize);
        full.add_chip(t as usize);
    }
    assert_eq!(full.arrangement().unwrap_err(), "20 chips left to place");
    for _ in 0..25 {
        full.add_chip(9);
    }
    assert_eq!(full.chips_left(), 0);
    assert_eq!(full.chips[9], 21, "no more chips than 30");
    assert_eq!(full.arrangement().unwrap()[9], Placement { tile: 9, chips: 21 });
}

#[test]
fn protocol_actions_are_read_strictly() {
    let ok = |v| Betting::parse_action(&v).unwrap();
    let err = |v| Betting::parse_action(&v).unwrap_err();
    assert_eq!(ok(json!({"decision": "fold"})), BettingAction::Fold);
    assert_eq!(ok(json!({"decision": "match"})), BettingAction::Match(None));
    assert_eq!(ok(json!({"timeout": true})), BettingAction::Timeout);
    assert_eq!(
        ok(json!({"decision": "match", "from_winnings": 2, "pull": [{"slot": 9, "chips": 1}]})),
        BettingAction::Match(Some(Sourcing {
            from_winnings: 2,
            pull: vec![Pull { slot: 9, chips: 1 }]
        }))
    );
    assert!(err(json!({"timeout": false})).contains("timeout"));
    assert!(err(json!({"decision": "match", "pull": []})).contains("both"));
    assert!(err(json!({"decision": "fold", "extra": 1})).contains("exactly"));
    assert!(err(json!({"decision": "match", "from_winnings": 1.0, "pull": []})).contains("whole"));
    assert!(err(json!({"arrangement": [{"tile": 1, "chips": 3, "x": 0}]})).contains("arrangement"));
    assert!(err(json!({"bid": 3})).contains("expected"));
}
