//! Black and White (tiles): every rule of ../shared/rules/tiles-black-and-white.txt.

use black_and_white::games::tiles::engine::{Colour, Hand, Tiles, TilesAction, TilesEvent};
use black_and_white::rules::{Game, Outcome, Protocol};

fn play(game: &mut Tiles, tile: u8) -> Vec<TilesEvent> {
    let seat = game.to_move().expect("game goes on");
    game.apply(seat, TilesAction { tile }).expect("legal")
}

/// A game whose coin flip gave `first`.
fn game_led_by(first: usize) -> Tiles {
    (0..)
        .map(Tiles::new_game)
        .find(|g| g.first() == Some(first))
        .unwrap()
}

#[test]
fn each_hand_is_five_black_and_four_white_tiles_0_to_8() {
    let game = Tiles::new_game(7);
    for seat in [0, 1] {
        let hand = game.hand(seat);
        assert_eq!(hand.tiles().collect::<Vec<_>>(), (0..=8).collect::<Vec<_>>());
        assert_eq!(hand.count(Colour::Black), 5);
        assert_eq!(hand.count(Colour::White), 4);
    }
    assert_eq!(Colour::of(0), Colour::Black);
    assert_eq!(Colour::of(7), Colour::White);
}

#[test]
fn a_coin_flip_decides_who_leads_round_one() {
    let firsts: Vec<usize> = (0..200).map(|s| Tiles::new_game(s).first().unwrap()).collect();
    let zeros = firsts.iter().filter(|&&f| f == 0).count();
    assert!((60..=140).contains(&zeros), "coin looks biased: {zeros}/200");
    for seed in 0..20 {
        let game = Tiles::new_game(seed);
        assert_eq!(
            game.first(),
            Tiles::new_game(seed).first(),
            "same seed, same flip"
        );
        assert_eq!(game.to_move(), game.first(), "the flip's winner leads round 1");
    }
}

#[test]
fn the_follower_learns_only_the_colour_of_the_led_tile() {
    let mut game = game_led_by(0);
    play(&mut game, 6);
    let follower = game.view(1);
    assert_eq!(follower.led, Some(Colour::Black));
    assert_eq!(follower.placed, None);
    let json = serde_json::to_string(&follower).unwrap();
    assert!(!json.contains("\"placed\":6"), "{json}");
    let (ask, _) = game.ask_json(1);
    assert_eq!(ask["led"], "black");
    assert_eq!(ask["role"], "follow");
    assert_eq!(ask["opponent_left"]["black"], 4, "a placed tile counts as played");
    // The leader knows its own tile.
    assert_eq!(game.view(0).placed, Some(6));
}

#[test]
fn the_higher_tile_wins_one_point_and_only_the_result_is_told() {
    let mut game = game_led_by(0);
    play(&mut game, 3);
    let events = play(&mut game, 5);
    let settled = events.iter().find_map(|e| match e {
        TilesEvent::Settled {
            winner,
            score,
            colours,
            ..
        } => Some((*winner, *score, *colours)),
        _ => None,
    });
    assert_eq!(settled, Some((Some(1), [0, 1], [Colour::White, Colour::White])));
    for event in &events {
        let json = Tiles::event_json(event)
            .map(|v| v.to_string())
            .unwrap_or_default();
        assert!(
            !json.contains("tile"),
            "the announcement holds no numbers: {json}"
        );
    }
    let message = Tiles::event_json(events.last().unwrap()).unwrap();
    assert_eq!(
        message,
        serde_json::json!({"type":"settled","round":1,"leader":0,"colours":["white","white"],"winner":1,"score":[0,1]})
    );
}

#[test]
fn the_winner_leads_the_next_round() {
    let mut game = game_led_by(0);
    play(&mut game, 2);
    play(&mut game, 4);
    assert_eq!(game.leader(), 1);
    assert_eq!(game.to_move(), Some(1));
}

#[test]
fn a_draw_scores_nothing_and_the_same_player_leads_again() {
    let mut game = game_led_by(1);
    play(&mut game, 4);
    play(&mut game, 4);
    assert_eq!(game.score(), [0, 0]);
    assert_eq!(game.leader(), 1);
    assert_eq!(game.to_move(), Some(1));
    assert_eq!(game.rounds()[0].winner, None);
}

#[test]
fn played_tiles_are_out_for_good() {
    let mut game = game_led_by(0);
    play(&mut game, 8);
    play(&mut game, 0);
    assert!(!game.hand(0).contains(8));
    assert!(!game.hand(1).contains(0));
    let leader = game.to_move().unwrap();
    let spent = if leader == 0 { 8 } else { 0 };
    let before = game.clone();
    assert!(game.apply(leader, TilesAction { tile: spent }).is_err());
    assert_eq!(game, before, "an illegal action changes nothing");
    assert!(
        game.apply(leader, TilesAction { tile: 9 }).is_err(),
        "there is no tile 9"
    );
}

#[test]
fn only_the_player_to_move_may_play() {
    let mut game = game_led_by(0);
    let before = game.clone();
    assert!(game.apply(1, TilesAction { tile: 3 }).is_err());
    assert_eq!(game, before);
}

#[test]
fn all_nine_rounds_are_played_even_when_the_game_is_decided() {
    let mut game = game_led_by(0);
    // Player 0 leads 8, 7, 6, 5, 4 and player 1 answers one lower: 5-0 after five rounds.
    for lead in [8, 7, 6, 5, 4] {
        play(&mut game, lead);
        play(&mut game, lead - 1);
    }
    assert_eq!(game.score(), [5, 0]);
    assert!(game.to_move().is_some(), "the game goes on after it is decided");
    while let Some(seat) = game.to_move() {
        let legal = game.legal_actions();
        game.apply(seat, legal[0]).unwrap();
    }
    assert_eq!(game.rounds().len(), 9);
    assert_eq!(game.played()[0].len(), 9);
    assert_eq!(game.outcome().unwrap().winner, Some(0));
}

#[test]
fn a_tied_score_is_a_drawn_game() {
    let mut game = game_led_by(0);
    // Both play the same tile every round: nine draws, 0-0.
    for tile in 0..9 {
        play(&mut game, tile);
        play(&mut game, tile);
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: None,
            score: [0, 0]
        })
    );
}

#[test]
fn the_end_reveals_both_sequences_round_by_round() {
    let mut game = game_led_by(1);
    let leads = [8, 7, 6, 5, 4, 3, 2, 1, 0];
    for tile in leads {
        // Player 1 leads and wins with the high tiles while player 0 throws low.
        let leader = game.to_move().unwrap();
        if leader == 1 {
            play(&mut game, tile);
            play(&mut game, 8 - tile);
        } else {
            play(&mut game, 8 - tile);
            play(&mut game, tile);
        }
    }
    // Player 1 led 8 down to 0 and player 0 answered 0 up to 8, each round
    // in order, as the moves above played them.
    assert_eq!(
        game.reveal_json(),
        serde_json::json!({ "played": [[0, 1, 2, 3, 4, 5, 6, 7, 8], [8, 7, 6, 5, 4, 3, 2, 1, 0]] })
    );
    let outcome = game.outcome().unwrap();
    assert_eq!(
        outcome.score[0] + outcome.score[1],
        game.rounds().iter().filter(|r| r.winner.is_some()).count() as i64
    );
}

#[test]
fn the_colour_counter_counts_the_opponents_tiles_left() {
    let mut game = game_led_by(0);
    play(&mut game, 1);
    play(&mut game, 2);
    let view = game.view(0);
    assert_eq!((view.opponent_left.black, view.opponent_left.white), (4, 4));
    let view = game.view(1);
    assert_eq!((view.opponent_left.black, view.opponent_left.white), (5, 3));
    assert_eq!(Hand::FULL.len(), 9);
}
