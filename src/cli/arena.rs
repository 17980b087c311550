//! Measures strength: N games between two levels with seats alternating,
//! reported as A's score rate with a 95% confidence interval.

use std::time::{Duration, Instant};

use crate::rules::{Bot, Game, Level, sub_seed};

pub struct ArenaReport {
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// A's mean result, a win 1 and a draw 0.5.
    pub rate: f64,
    /// Half the width of the 95% interval around `rate`.
    pub margin: f64,
    /// Games won by the player in seat 0 and in seat 1, whoever played it.
    pub seat_wins: [usize; 2],
    /// The slowest single decision of A or B.
    pub slowest_move: Duration,
}

pub fn play<G: Game>(config: &G::Config, a: Level, b: Level, games: usize, seed: u64) -> ArenaReport {
    play_bots::<G>(config, |player, seed| G::bot([a, b][player], seed), games, seed)
}

/// The arena for any two players: `make(0, seed)` makes A, `make(1, seed)`
/// makes B, afresh for every game.
pub fn play_bots<G: Game>(
    config: &G::Config,
    mut make: impl FnMut(usize, u64) -> Box<dyn Bot<G>>,
    games: usize,
    seed: u64,
) -> ArenaReport {
    let mut results = Vec::with_capacity(games);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut seat_wins = [0, 0];
    let mut slowest_move = Duration::ZERO;
    for i in 0..games {
        let game_seed = sub_seed(seed, i as u64);
        // A sits in seat 0 in even games and seat 1 in odd ones.
        let a_seat = i % 2;
        let mut bots = [0, 1].map(|s| make(usize::from(s != a_seat), sub_seed(game_seed, 100 + s as u64)));
        let mut game = G::configured(config, game_seed);
        while let Some(seat) = game.to_move() {
            let started = Instant::now();
            let action = bots[seat].choose(&game.view(seat));
            slowest_move = slowest_move.max(started.elapsed());
            game.apply(seat, action).expect("bots play legal actions");
        }
        let outcome = game.outcome().expect("finished");
        if let Some(winner) = outcome.winner {
            seat_wins[winner] += 1;
        }
        let points = outcome.points_for(a_seat);
        match points {
            1.0 => wins += 1,
            0.5 => draws += 1,
            _ => losses += 1,
        }
        results.push(points);
    }
    let n = results.len().max(1) as f64;
    let rate = results.iter().sum::<f64>() / n;
    let variance = results.iter().map(|r| (r - rate).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    ArenaReport {
        games,
        seat_wins,
        wins,
        draws,
        losses,
        rate,
        margin: 1.96 * (variance / n).sqrt(),
        slowest_move,
    }
}

impl std::fmt::Display for ArenaReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "games {}  A wins {}  draws {}  losses {}  score rate {:.3}  95% CI [{:.3}, {:.3}]  slowest move {:.1} ms\nby seat: player 0 won {}, player 1 won {}",
            self.games,
            self.wins,
            self.draws,
            self.losses,
            self.rate,
            self.rate - self.margin,
            self.rate + self.margin,
            self.slowest_move.as_secs_f64() * 1000.0,
            self.seat_wins[0],
            self.seat_wins[1]
        )
    }
}
