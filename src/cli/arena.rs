//! Measures strength: N games between two players (computer levels or
//! members of a game's population) with seats alternating, reported as A's
//! score rate with a 95% confidence interval; and the round-robin of them
//! all.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::games::registry::ForGame;
use crate::games::wargame::engine::Wargame;
use crate::population::{ForPopulation, Population, Tunable};
use crate::replay::{About, Player, Replay};
use crate::rules::{Bot, Configure, Level, Match, Playable, sub_seed};

/// The arena between two computer levels, for any game: the wargame's
/// set-up from its scenario.
pub struct Levels {
    pub levels: [Level; 2],
    pub scenario: Option<String>,
    pub games: usize,
    pub seed: u64,
    /// Where to keep the replays of the games A lost (`--losses`).
    pub losses: Option<PathBuf>,
}

impl ForGame for Levels {
    type Output = Result<ArenaReport, String>;

    fn run<G: Playable>(self) -> Self::Output {
        let config = G::configure(self.scenario.as_deref(), Vec::new())?;
        let [a, b] = self.levels;
        let contenders = [Contender::Level(a), Contender::Level(b)];
        Ok(play_bots_keeping::<G>(
            &config,
            |player, seed| G::bot(self.levels[player], seed),
            self.games,
            self.seed,
            losses_kept_in(self.losses.as_deref(), &contenders),
        ))
    }
}

/// The arena where either side is a member of a card game's population.
pub struct Contenders {
    pub contenders: [Contender; 2],
    pub games: usize,
    pub seed: u64,
    /// Where to keep the replays of the games A lost (`--losses`).
    pub losses: Option<PathBuf>,
}

impl ForPopulation for Contenders {
    type Output = Result<ArenaReport, String>;

    fn run<G: Tunable>(self) -> Self::Output {
        play_contenders::<G>(
            &G::Config::default(),
            &self.contenders,
            self.games,
            self.seed,
            self.losses.as_deref(),
        )
    }
}

/// The arena of the wargame where either side is a member of its
/// population, on `scenario`; the games A lost kept in `losses`.
pub fn arena_wargame(
    contenders: &[Contender; 2],
    scenario: Option<&str>,
    games: usize,
    seed: u64,
    losses: Option<&Path>,
) -> Result<ArenaReport, String> {
    let config = Wargame::configure(scenario, Vec::new())?;
    play_contenders::<Wargame>(&config, contenders, games, seed, losses)
}

/// The round-robin of a card game's levels and population.
pub struct RoundRobin {
    pub games: usize,
    pub seed: u64,
}

impl ForPopulation for RoundRobin {
    type Output = String;

    fn run<G: Tunable>(self) -> String {
        round_robin::<G>(self.games, self.seed)
    }
}

/// A player in the arena: a computer level or a member of the game's
/// population, by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Contender {
    Level(Level),
    Member(String),
}

impl Contender {
    /// A level's name, or else a member's (checked against the game when
    /// the arena runs).
    pub fn parse(text: &str) -> Contender {
        Level::parse(text).map_or_else(|_| Contender::Member(text.into()), Contender::Level)
    }

    pub fn label(&self) -> String {
        match self {
            Contender::Level(level) => level.label().into(),
            Contender::Member(name) => name.clone(),
        }
    }

    /// What makes this player's bot for a game from its seed.
    pub fn maker<G: Population>(&self) -> Result<fn(u64) -> Box<dyn Bot<G>>, String> {
        match self {
            Contender::Level(Level::Random) => Ok(|seed| G::bot(Level::Random, seed)),
            Contender::Level(Level::Easy) => Ok(|seed| G::bot(Level::Easy, seed)),
            Contender::Level(Level::Normal) => Ok(|seed| G::bot(Level::Normal, seed)),
            Contender::Level(Level::Hard) => Ok(|seed| G::bot(Level::Hard, seed)),
            Contender::Member(name) => G::member(name).map(|m| m.make).ok_or_else(|| {
                let names: Vec<_> = G::members().iter().map(|m| m.name).collect();
                format!(
                    "unknown player `{name}` for {}: expected random, easy, normal, hard{}",
                    G::ID.id(),
                    if names.is_empty() {
                        String::new()
                    } else {
                        format!(" or one of its population: {}", names.join(", "))
                    }
                )
            }),
        }
    }
}

/// The arena between two contenders, or why one of them is unknown; the
/// games A lost kept in `losses`.
pub fn play_contenders<G: Population>(
    config: &G::Config,
    contenders: &[Contender; 2],
    games: usize,
    seed: u64,
    losses: Option<&Path>,
) -> Result<ArenaReport, String> {
    let makers = [contenders[0].maker::<G>()?, contenders[1].maker::<G>()?];
    Ok(play_bots_keeping::<G>(
        config,
        |player, seed| makers[player](seed),
        games,
        seed,
        losses_kept_in(losses, contenders),
    ))
}

/// What `--losses DIR` does with a game A lost: its replay, named by the
/// game's number, in DIR (players named as the arena names them), so that
/// `black-and-white replay` or the game's Replays can show how it was lost.
/// A file that cannot be written is said on stderr; the arena goes on.
fn losses_kept_in<'a, G: Playable>(
    dir: Option<&'a Path>,
    contenders: &'a [Contender; 2],
) -> impl FnMut(usize, usize, &Match<G>) + 'a {
    move |game, a_seat, played| {
        let Some(dir) = dir else { return };
        let players = [0, 1].map(|seat| {
            let contender = &contenders[usize::from(seat != a_seat)];
            Player {
                name: contender.label(),
                computer: match contender {
                    Contender::Level(level) => Some(*level),
                    Contender::Member(_) => None,
                },
            }
        });
        let Some(replay) = Replay::of(played, About::now(players)) else {
            return;
        };
        let path = dir.join(format!("lost-{game:04}.jsonl"));
        if let Err(e) = std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, replay.to_text())) {
            eprintln!("black-and-white arena: could not keep {}: {e}", path.display());
        }
    }
}

/// Every pair of Easy, Normal, Hard and the population's members over
/// `games` games each, as a Markdown table of the row's score rate against
/// the column, with each row's slowest move.
pub fn round_robin<G: Population>(games: usize, seed: u64) -> String {
    let mut players: Vec<(String, fn(u64) -> Box<dyn Bot<G>>)> = Level::PLAYABLE
        .iter()
        .map(|&level| {
            let contender = Contender::Level(level);
            (contender.label(), contender.maker::<G>().expect("levels exist"))
        })
        .collect();
    // A member Hard was never tuned on is marked, its column read apart.
    players.extend(G::members().into_iter().map(|m| {
        let mark = if m.held_out { "*" } else { "" };
        (format!("{}{mark}", m.name), m.make)
    }));
    let n = players.len();
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect();
    let config = G::Config::default();
    // One thread a core, each taking the next pair, so that a move's time
    // is measured on a core of its own.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let done: std::sync::Mutex<Vec<Option<ArenaReport>>> =
        std::sync::Mutex::new(pairs.iter().map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..cores.min(pairs.len()) {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    let Some(&(i, j)) = pairs.get(k) else { break };
                    let makers = [players[i].1, players[j].1];
                    let report = play_bots::<G>(&config, |p, s| makers[p](s), games, seed);
                    done.lock().expect("no thread panics holding it")[k] = Some(report);
                }
            });
        }
    });
    let reports: Vec<ArenaReport> = done
        .into_inner()
        .expect("no thread panics holding it")
        .into_iter()
        .map(|r| r.expect("every pair played"))
        .collect();
    let mut rate = vec![vec![None; n]; n];
    let mut slowest = vec![Duration::ZERO; n];
    for (&(i, j), report) in pairs.iter().zip(&reports) {
        rate[i][j] = Some(report.rate);
        rate[j][i] = Some(1.0 - report.rate);
        slowest[i] = slowest[i].max(report.slowest_each[0]);
        slowest[j] = slowest[j].max(report.slowest_each[1]);
    }
    let names: Vec<&str> = players.iter().map(|(name, _)| name.as_str()).collect();
    let mut table = format!(
        "{} round-robin, {games} games a pair, seats alternating, seed {seed}: the row's score rate against the column\n\n| | {} | mean | slowest move |\n|---|{}---|---|\n",
        G::ID.id(),
        names.join(" | "),
        "---|".repeat(n)
    );
    for i in 0..n {
        let cells: Vec<String> = rate[i]
            .iter()
            .map(|r| r.map_or("–".into(), |r| format!("{r:.3}")))
            .collect();
        let mean = rate[i].iter().flatten().sum::<f64>() / (n - 1) as f64;
        table += &format!(
            "| {} | {} | {mean:.3} | {:.1} ms |\n",
            names[i],
            cells.join(" | "),
            slowest[i].as_secs_f64() * 1000.0
        );
    }
    if G::members().iter().any(|m| m.held_out) {
        table += "\n\\* held out: written after Hard was tuned, and never tuned against.\n";
    }
    table
}

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
    /// The slowest decision of A, and of B.
    pub slowest_each: [Duration; 2],
}

pub fn play<G: Playable>(config: &G::Config, a: Level, b: Level, games: usize, seed: u64) -> ArenaReport {
    play_bots::<G>(config, |player, seed| G::bot([a, b][player], seed), games, seed)
}

/// The arena for any two players: `make(0, seed)` makes A, `make(1, seed)`
/// makes B, afresh for every game.
pub fn play_bots<G: Playable>(
    config: &G::Config,
    make: impl FnMut(usize, u64) -> Box<dyn Bot<G>>,
    games: usize,
    seed: u64,
) -> ArenaReport {
    play_bots_keeping(config, make, games, seed, |_, _, _| {})
}

/// `play_bots`, handing `lost` each game A lost: its number, A's seat and
/// the match.
pub fn play_bots_keeping<G: Playable>(
    config: &G::Config,
    mut make: impl FnMut(usize, u64) -> Box<dyn Bot<G>>,
    games: usize,
    seed: u64,
    mut lost: impl FnMut(usize, usize, &Match<G>),
) -> ArenaReport {
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut seat_wins = [0, 0];
    let mut slowest_each = [Duration::ZERO; 2];
    for i in 0..games {
        let game_seed = sub_seed(seed, i as u64);
        // A sits in seat 0 in even games and seat 1 in odd ones.
        let a_seat = i % 2;
        let mut bots = [0, 1].map(|s| make(usize::from(s != a_seat), sub_seed(game_seed, 100 + s as u64)));
        let mut played = Match::<G>::new(config, game_seed);
        while let Some(seat) = played.game().to_move() {
            let started = Instant::now();
            let action = bots[seat].choose(&played.game().view(seat));
            let player = usize::from(seat != a_seat);
            slowest_each[player] = slowest_each[player].max(started.elapsed());
            played.apply(seat, action).expect("bots play legal actions");
        }
        let outcome = played.game().outcome().expect("finished");
        if let Some(winner) = outcome.winner {
            seat_wins[winner] += 1;
        }
        match outcome.points_for(a_seat) {
            1.0 => wins += 1,
            0.5 => draws += 1,
            _ => {
                losses += 1;
                lost(i, a_seat, &played);
            }
        }
    }
    ArenaReport::from_counts([wins, draws, losses], seat_wins, slowest_each)
}

impl ArenaReport {
    /// The report of games won, drawn and lost by A (`counts`), with the
    /// seats' wins and each player's slowest move.
    fn from_counts(counts: [usize; 3], seat_wins: [usize; 2], slowest_each: [Duration; 2]) -> ArenaReport {
        let [wins, draws, losses] = counts;
        let games = wins + draws + losses;
        let n = games.max(1) as f64;
        let rate = (wins as f64 + 0.5 * draws as f64) / n;
        let squares = wins as f64 * (1.0 - rate).powi(2)
            + draws as f64 * (0.5 - rate).powi(2)
            + losses as f64 * rate.powi(2);
        let variance = squares / (n - 1.0).max(1.0);
        ArenaReport {
            games,
            wins,
            draws,
            losses,
            rate,
            margin: 1.96 * (variance / n).sqrt(),
            seat_wins,
            slowest_move: slowest_each[0].max(slowest_each[1]),
            slowest_each,
        }
    }

    /// One report of several runs' games, as if played in one.
    pub fn combined(parts: &[ArenaReport]) -> ArenaReport {
        let sum = |f: fn(&ArenaReport) -> usize| parts.iter().map(f).sum::<usize>();
        let slowest = |p: usize| parts.iter().map(|r| r.slowest_each[p]).max().unwrap_or_default();
        ArenaReport::from_counts(
            [sum(|r| r.wins), sum(|r| r.draws), sum(|r| r.losses)],
            [sum(|r| r.seat_wins[0]), sum(|r| r.seat_wins[1])],
            [slowest(0), slowest(1)],
        )
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
