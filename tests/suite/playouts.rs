//! Random playouts with invariants: the generic checks of rules::playout for
//! every game, then what must hold in each.

use std::collections::{BTreeSet, HashSet};

use black_and_white::games::tiles::engine::{Colour, Tiles};
use black_and_white::rules::playout::{random_playout, replays_identically};
use black_and_white::rules::{Game, Protocol, other};

#[test]
fn tiles_thousands_of_random_games_keep_every_invariant() {
    for seed in 0..3000 {
        let playout = random_playout::<Tiles>(seed, 100).unwrap_or_else(|e| panic!("{e}"));
        if seed % 10 == 0 {
            replays_identically(&playout, seed).unwrap_or_else(|e| panic!("{e}"));
        }
        let last = playout.states.last().unwrap();
        assert_eq!(playout.actions.len(), 18, "both players act in all nine rounds");
        for seat in [0, 1] {
            let played: HashSet<u8> = last.played()[seat].iter().copied().collect();
            assert_eq!(played.len(), 9, "seed {seed}: each tile played exactly once");
            let wins = last.rounds().iter().filter(|r| r.winner == Some(seat)).count() as i64;
            assert_eq!(
                playout.outcome.score[seat], wins,
                "seed {seed}: score is rounds won"
            );
        }
        for state in &playout.states {
            for seat in [0, 1] {
                check_view_holds_no_secret(state, seat);
            }
        }
    }
}

/// A seat's view holds its own tiles and, of the opponent, colours, counts
/// and results only: never an unplayed (or face-down) opponent tile.
fn check_view_holds_no_secret(state: &Tiles, seat: usize) {
    let view = state.view(seat);
    let own: Vec<u8> = state
        .hand(seat)
        .tiles()
        .filter(|&t| Some(t) != view.placed)
        .collect();
    assert_eq!(view.hand, own);
    // Every tile is in exactly one place: the hand, placed this round, or
    // played in a round of the history; the score counts the history's
    // wins; and the opponent's colours seen and left make its 5 black and
    // 4 white.
    let mut every: Vec<u8> = view.hand.iter().copied().chain(view.placed).collect();
    every.extend(view.history.iter().map(|seen| seen.mine));
    every.sort();
    assert_eq!(every, (0..9).collect::<Vec<u8>>());
    assert_eq!(view.history.len(), view.round.min(10) - 1);
    for s in [0, 1] {
        let won = view.history.iter().filter(|seen| seen.winner == Some(s)).count();
        assert_eq!(usize::from(view.score[s]), won);
    }
    let seen = |colour: Colour| {
        view.history.iter().filter(|seen| seen.theirs == colour).count()
            + usize::from(view.led == Some(colour) && view.leader != seat)
    };
    assert_eq!(
        (
            seen(Colour::Black) + view.opponent_left.black as usize,
            seen(Colour::White) + view.opponent_left.white as usize
        ),
        (5, 4)
    );
    let json = serde_json::to_value(&view).unwrap();
    let keys: BTreeSet<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
    let expected: BTreeSet<&str> = [
        "history",
        "hand",
        "led",
        "leader",
        "opponent_left",
        "placed",
        "round",
        "score",
        "seat",
        "to_move",
    ]
    .into();
    assert_eq!(keys, expected);
    let (ask, legal) = state.ask_json(seat);
    assert_eq!(legal, serde_json::json!(view.hand));
    let allowed = ["round", "role", "hand", "score", "opponent_left", "led"];
    assert!(
        ask.as_object()
            .unwrap()
            .keys()
            .all(|k| allowed.contains(&k.as_str()))
    );
}

#[test]
fn bidding_thousands_of_random_games_keep_every_invariant() {
    use black_and_white::games::bidding::engine::{Bidding, lamps};
    for seed in 0..3000 {
        let playout = random_playout::<Bidding>(seed, 100).unwrap_or_else(|e| panic!("{e}"));
        if seed % 10 == 0 {
            replays_identically(&playout, seed).unwrap_or_else(|e| panic!("{e}"));
        }
        assert_eq!(playout.actions.len(), 18, "both players bid in all nine rounds");
        for state in &playout.states {
            let spent: [u32; 2] = [0, 1].map(|s| state.bids()[s].iter().map(|&b| u32::from(b)).sum());
            for seat in [0, 1] {
                assert_eq!(
                    u32::from(state.pools()[seat]) + spent[seat],
                    99,
                    "seed {seed}: spent bids"
                );
                let view = state.view(seat);
                assert_eq!(
                    view.lamps,
                    state.pools().map(lamps),
                    "seed {seed}: lamps match the pools"
                );
                let (ask, legal) = state.ask_json(seat);
                let keys: BTreeSet<&str> = ask.as_object().unwrap().keys().map(String::as_str).collect();
                let allowed: BTreeSet<&str> = ["round", "role", "pool", "lamps", "wins", "card"].into();
                assert!(keys.is_subset(&allowed), "seed {seed}: {keys:?}");
                assert_eq!(legal["max"], ask["pool"]);
                assert_eq!(ask["pool"], view.pool);
            }
        }
        let last = playout.states.last().unwrap();
        let wins = [0, 1].map(|s| last.rounds().iter().filter(|r| r.winner == Some(s)).count() as i64);
        assert_eq!(playout.outcome.score, wins, "seed {seed}: score is rounds won");
    }
}

#[test]
fn betting_thousands_of_random_games_keep_every_invariant() {
    use black_and_white::games::betting::engine::{Betting, Phase, SlotOutcome};
    for seed in 0..3000 {
        let playout = random_playout::<Betting>(seed, 100).unwrap_or_else(|e| panic!("{e}"));
        if seed % 10 == 0 {
            replays_identically(&playout, seed).unwrap_or_else(|e| panic!("{e}"));
        }
        for state in &playout.states {
            let current = state.results().len();
            let mut in_play: u32 = state.winnings().iter().map(|&w| u32::from(w)).sum();
            if state.phase() != Phase::Setup {
                for seat in [0, 1] {
                    let stacks = &state.stacks(seat)[current..];
                    assert!(
                        stacks.iter().all(|&c| c >= 1),
                        "seed {seed}: every tile keeps a chip"
                    );
                    in_play += stacks.iter().map(|&c| u32::from(c)).sum::<u32>();
                }
                assert_eq!(in_play, 60, "seed {seed}: 60 chips in play");
            }
            for seat in [0, 1] {
                check_betting_view(state, seat);
            }
        }
        let last = playout.states.last().unwrap();
        assert_eq!(last.results().len(), 10);
        assert_eq!(playout.outcome.score.iter().sum::<i64>(), 60, "seed {seed}");
        assert_eq!(playout.outcome.score, last.winnings().map(i64::from));
        for r in last.results() {
            assert_eq!(r.tiles.is_some(), r.outcome == SlotOutcome::Showdown);
        }
    }
}

/// A view holds the player's own tiles and stacks, and of the opponent only
/// the current slot's colour and stack, the total on later slots, and the
/// tiles turned over at showdowns.
fn check_betting_view(state: &black_and_white::games::betting::engine::Betting, seat: usize) {
    use black_and_white::games::betting::engine::Phase;
    let view = state.view(seat);
    let json = serde_json::to_value(&view).unwrap();
    let keys: BTreeSet<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
    let expected: BTreeSet<&str> = [
        "arranged", "chips", "colours", "decision", "history", "later", "mine", "phase", "seat", "slot",
        "to_move", "winnings",
    ]
    .into();
    assert_eq!(keys, expected);
    match state.arrangement(seat) {
        Some(own) => {
            let tiles: Vec<u8> = view.mine.iter().map(|s| s.tile).collect();
            assert_eq!(tiles, own.iter().map(|p| p.tile).collect::<Vec<_>>());
            assert_eq!(
                view.mine.iter().map(|s| s.chips).collect::<Vec<_>>(),
                state.stacks(seat)
            );
        }
        None => assert!(view.mine.is_empty()),
    }
    if view.phase == Phase::Slots {
        let current = view.slot - 1;
        let theirs = state.stacks(other(seat));
        assert_eq!(view.later[other(seat)], theirs[current + 1..].iter().sum::<u8>());
        assert_eq!(view.chips.unwrap()[other(seat)], theirs[current]);
    }
    // The settled slots in order, each conserving the sixty chips between
    // the winnings and the later slots, the last one's winnings the view's.
    for (i, seen) in view.history.iter().enumerate() {
        assert_eq!(seen.slot, i + 1);
        let total: u32 = seen
            .winnings
            .iter()
            .chain(&seen.later)
            .map(|&c| u32::from(c))
            .sum();
        assert_eq!(total, 60, "slot {}: {seen:?}", seen.slot);
        assert_eq!(
            seen.tiles.is_some(),
            seen.outcome == black_and_white::games::betting::engine::SlotOutcome::Showdown
        );
    }
    if let Some(last) = view.history.last() {
        assert_eq!(view.winnings, last.winnings);
    }
    let (ask, _) = state.ask_json(seat);
    let allowed = [
        "phase", "tiles", "chips", "slot", "tile", "colours", "winnings", "later", "mine",
    ];
    assert!(
        ask.as_object()
            .unwrap()
            .keys()
            .all(|k| allowed.contains(&k.as_str()))
    );
    if let Some(mine) = ask.get("mine") {
        for entry in mine.as_array().unwrap() {
            assert!(
                entry["slot"].as_u64().unwrap() as usize > view.slot,
                "only later slots"
            );
        }
    }
}

#[test]
fn wargame_random_games_of_every_scenario_end_and_keep_classes_hidden() {
    use black_and_white::games::wargame::engine::Wargame;
    use black_and_white::games::wargame::engine::scenario::Scenario;
    use black_and_white::games::wargame::engine::shipped::SHIPPED;
    use black_and_white::games::wargame::engine::state::{Phase, Setup};
    use black_and_white::rules::playout::random_playout_with;

    for (file, text) in SHIPPED {
        let scenario = Scenario::parse(text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let limit = scenario.turn_limit;
        let setup = Setup {
            scenario,
            dice: Vec::new(),
        };
        // WARGAME_PLAYOUTS=N plays N games a scenario for a longer hunt.
        let games = std::env::var("WARGAME_PLAYOUTS")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(4);
        for seed in 0..games {
            let playout = random_playout_with::<Wargame>(&setup, seed, 20_000)
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            if seed == 0 {
                replays_identically(&playout, seed).unwrap_or_else(|e| panic!("{file}: {e}"));
            }
            let last = playout.states.last().unwrap();
            let reason = last.reason.clone().unwrap_or_default();
            assert!(!reason.is_empty(), "{file} seed {seed}: ended without a reason");
            assert!(
                last.round <= limit + 1,
                "{file} seed {seed}: played past the turn limit"
            );
            for state in &playout.states {
                if let Some(seat) = state.to_move() {
                    assert!(
                        !state.legal_actions().is_empty(),
                        "{file} seed {seed}: a dead end"
                    );
                    let _ = seat;
                }
                for seat in [0, 1] {
                    let view = state.view(seat);
                    for u in &view.units {
                        let unit = &state.units[u.id];
                        if unit.owner != seat && !unit.known[seat] {
                            assert_eq!(
                                (&u.class, u.size),
                                (&None, None),
                                "{file} seed {seed}: a hidden class shows"
                            );
                        }
                        assert!(
                            state.phase != Phase::Building || unit.owner == seat,
                            "{file}: the enemy army shows while building"
                        );
                    }
                    // The classes the scenario allows are public; the rest must not name a hidden one.
                    let mut public = serde_json::to_value(&view).unwrap();
                    public.as_object_mut().unwrap().remove("units_allowed");
                    let json = public.to_string();
                    for unit in state.units.iter().filter(|u| u.owner != seat && !u.known[seat]) {
                        // The class may show for another block of the same class that is known.
                        let shown = state
                            .units
                            .iter()
                            .any(|o| (o.owner == seat || o.known[seat]) && o.class == unit.class);
                        assert!(
                            shown || !json.contains(&unit.class),
                            "{file} seed {seed}: class text leaks"
                        );
                    }
                }
            }
        }
    }
}
