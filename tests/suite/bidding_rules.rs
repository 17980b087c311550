//! Black and White II (bidding): the rules of
//! ../shared/rules/bidding-black-and-white-ii.txt, "Our version" included.

use black_and_white::games::bidding::engine::{
    Bidding, BiddingAction, BiddingEvent, Card, lamp_range, lamps,
};
use black_and_white::rules::{Game, Outcome, Protocol};

fn bid(game: &mut Bidding, points: u8) -> Vec<BiddingEvent> {
    let seat = game.to_move().expect("game goes on");
    game.apply(seat, BiddingAction { bid: points }).expect("legal")
}

fn first_bidder(first: usize) -> Bidding {
    (0..)
        .map(Bidding::new_game)
        .find(|g| g.first() == Some(first))
        .unwrap()
}

#[test]
fn lamps_follow_the_table_and_the_last_goes_out_at_zero() {
    let table = [
        (0, 0),
        (1, 1),
        (19, 1),
        (20, 2),
        (39, 2),
        (40, 3),
        (59, 3),
        (60, 4),
        (79, 4),
        (80, 5),
        (99, 5),
    ];
    for (pool, lit) in table {
        assert_eq!(lamps(pool), lit, "{pool} points");
    }
    assert_eq!(lamp_range(5), (80, 99));
    assert_eq!(lamp_range(1), (1, 19));
    assert_eq!(lamp_range(0), (0, 0));
}

#[test]
fn a_bid_of_ten_or_more_shows_white_and_nine_or_less_black() {
    assert_eq!(Card::of(9), Card::Black);
    assert_eq!(Card::of(0), Card::Black);
    assert_eq!(Card::of(10), Card::White);
    let mut game = first_bidder(0);
    bid(&mut game, 10);
    assert_eq!(game.view(1).card, Some(Card::White));
    assert_eq!(game.view(0).card, None);
    let (ask, legal) = game.ask_json(1);
    assert_eq!(ask["card"], "white");
    assert_eq!(ask["role"], "second");
    assert_eq!(legal, serde_json::json!({"min": 0, "max": 99}));
}

#[test]
fn lamps_change_when_the_round_is_settled_not_when_the_first_bid_is_sealed() {
    let mut game = first_bidder(0);
    bid(&mut game, 30);
    assert_eq!(game.view(1).lamps, [5, 5], "the sealed bid does not dim a lamp");
    assert_eq!(
        game.view(0).pool,
        69,
        "the bidder sees its own pool after its bid"
    );
    let events = bid(&mut game, 5);
    let lamps_after = events.iter().find_map(|e| match e {
        BiddingEvent::Settled { lamps, .. } => Some(*lamps),
        _ => None,
    });
    assert_eq!(lamps_after, Some([4, 5]));
    assert_eq!(game.view(1).lamps, [4, 5]);
}

#[test]
fn the_higher_bid_wins_both_are_spent_and_the_winner_bids_first_next() {
    let mut game = first_bidder(1);
    bid(&mut game, 20);
    bid(&mut game, 25);
    assert_eq!(game.pools(), [74, 79]);
    assert_eq!(game.wins(), [1, 0]);
    assert_eq!(game.to_move(), Some(0));
}

#[test]
fn a_draw_wins_nothing_and_the_first_bidder_bids_first_again() {
    let mut game = first_bidder(1);
    bid(&mut game, 7);
    bid(&mut game, 7);
    assert_eq!(game.wins(), [0, 0]);
    assert_eq!(game.to_move(), Some(1));
    assert_eq!(game.pools(), [92, 92]);
}

#[test]
fn a_bid_above_the_pool_is_refused_and_changes_nothing() {
    let mut game = first_bidder(0);
    bid(&mut game, 99);
    bid(&mut game, 0);
    let before = game.clone();
    assert!(
        game.apply(0, BiddingAction { bid: 1 }).is_err(),
        "an empty pool bids 0"
    );
    assert_eq!(game, before);
    assert!(game.apply(0, BiddingAction { bid: 0 }).is_ok());
}

#[test]
fn nine_rounds_always_and_a_tie_in_rounds_won_is_a_draw() {
    let mut game = first_bidder(0);
    for _ in 0..9 {
        bid(&mut game, 0);
        bid(&mut game, 0);
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: None,
            score: [0, 0]
        })
    );
    assert_eq!(
        game.reveal_json(),
        serde_json::json!({"bids": [vec![0; 9], vec![0; 9]]})
    );
}

#[test]
fn the_settled_message_shows_both_cards() {
    let mut game = first_bidder(0);
    bid(&mut game, 12);
    let events = bid(&mut game, 3);
    let message = Bidding::event_json(events.last().unwrap()).unwrap();
    assert_eq!(
        message,
        serde_json::json!({"type":"settled","round":1,"first":0,"cards":["white","black"],"lamps":[5,5],"winner":0,"wins":[1,0]})
    );
}
