//! A game in progress, written once for every game: whose turn it is, the
//! computer opponent, the curtain between two people on one screen, the log,
//! and the way from the new-game dialog to the result screen.

mod curtain;
mod flow;

use std::marker::PhantomData;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::games::GameId;
use crate::rules::{Bot, Game, Level, Outcome, Seat, sub_seed};
use crate::screens::Screen;
use crate::settings::Settings;

pub use curtain::LiftCurtain;
pub use flow::{CoinFlip, MatchCommand, StartMatch};

/// Who sits across the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opponent {
    Computer(Level),
    /// A friend on this screen.
    Friend,
}

impl Opponent {
    pub fn label(self) -> String {
        match self {
            Opponent::Computer(level) => format!("Computer ({})", level.label()),
            Opponent::Friend => "Friend on this screen".into(),
        }
    }
}

/// The options a match was started with, kept for "Play again".
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchOptions {
    pub game: GameId,
    pub opponent: Opponent,
}

/// A game in progress. Present only while one is played or its result shown.
#[derive(Resource)]
pub struct Session<G: Game> {
    pub game: G,
    pub opponent: Opponent,
    pub seed: u64,
    /// The seat of the person at the screen (against the computer).
    pub human: Seat,
    bots: [Option<Box<dyn Bot<G>>>; 2],
    /// The seat whose private information the table may show.
    pub viewer: Seat,
    /// While `Some(seat)`, a curtain hides everything private until that
    /// player takes the screen.
    pub curtain: Option<Seat>,
    /// Seconds until the computer acts or the result screen opens.
    pub wait: f32,
    /// The table is still showing what just happened: nobody acts and the
    /// result screen waits.
    pub hold: bool,
}

impl<G: Game> Session<G> {
    pub fn new(seed: u64, opponent: Opponent) -> Self {
        Self::configured(&G::Config::default(), 0, seed, opponent)
    }

    /// A fresh game from `config`, the person at the screen in seat `human`.
    pub fn configured(config: &G::Config, human: Seat, seed: u64, opponent: Opponent) -> Self {
        Self::resume(G::configured(config, seed), human, seed, opponent)
    }

    /// A session around a game already under way (a saved battle).
    pub fn resume(game: G, human: Seat, seed: u64, opponent: Opponent) -> Self {
        let computer = |seat: Seat| match opponent {
            Opponent::Computer(level) if seat != human => {
                Some(G::bot(level, sub_seed(seed, 100 + seat as u64)))
            }
            _ => None,
        };
        let bots = [computer(0), computer(1)];
        let to_move = game.to_move().unwrap_or(human);
        let friend = opponent == Opponent::Friend;
        Session {
            game,
            opponent,
            seed,
            human,
            bots,
            viewer: if friend { to_move } else { human },
            curtain: friend.then_some(to_move),
            wait: 0.0,
            hold: false,
        }
    }

    pub fn is_human(&self, seat: Seat) -> bool {
        self.bots[seat].is_none()
    }

    /// The seat the person at the screen may act for now, if any.
    pub fn human_to_move(&self) -> Option<Seat> {
        self.game
            .to_move()
            .filter(|&s| self.is_human(s) && self.curtain.is_none() && !self.hold && s == self.viewer)
    }

    pub fn names(&self) -> [String; 2] {
        match self.opponent {
            Opponent::Computer(_) => [0, 1].map(|s| if s == self.human { "You" } else { "Computer" }.into()),
            Opponent::Friend => ["Player 1".into(), "Player 2".into()],
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
}

/// The verb for `name` as the log says it: "You go", "Computer goes".
pub fn agree(name: &str, you: &'static str, others: &'static str) -> &'static str {
    if name == "You" { you } else { others }
}

/// How the next game of `G` is set up: its config and the seat of the
/// person at the screen. Without it a game starts from the default config
/// in seat 0; it stays for "Play again".
#[derive(Resource, Debug, Clone)]
pub struct Prepared<G: Game> {
    pub config: G::Config,
    pub human: Seat,
}

/// What a game says in the log about its public events.
pub trait Narrated: Game {
    fn narrate(event: &Self::Event, names: &[String; 2]) -> Option<String>;

    /// The same with the game at hand (after the action), for games whose
    /// events name pieces by number.
    fn narrate_in(&self, event: &Self::Event, names: &[String; 2]) -> Option<String> {
        Self::narrate(event, names)
    }
}

/// The person at the screen plays an action for the seat to move.
#[derive(Message)]
pub struct Act<G: Game> {
    pub action: G::Action,
}

impl<G: Game> Act<G> {
    pub fn new(action: G::Action) -> Self {
        Act { action }
    }
}

/// An event of the game, for the table's animations and sounds.
#[derive(Message)]
pub struct Happened<G: Game> {
    pub event: G::Event,
    pub by_computer: bool,
}

/// The running log of what happened, shown beside every game, after the
/// notices (a settings file that could not be read) that outlive a game.
#[derive(Resource, Default, Debug)]
pub struct GameLog {
    pub notices: Vec<String>,
    pub lines: Vec<String>,
}

impl GameLog {
    pub fn push(&mut self, line: impl Into<String>) {
        self.lines.push(line.into());
    }

    pub fn notice(&mut self, line: impl Into<String>) {
        self.notices.push(line.into());
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((flow::plugin, curtain::plugin));
}

/// Where the person's actions are applied, for systems that must see the
/// game just before (a game's undo).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ApplyActions;

/// Systems that drive a session of `G`, whichever game it is.
pub struct SessionPlugin<G>(PhantomData<G>);

impl<G> Default for SessionPlugin<G> {
    fn default() -> Self {
        SessionPlugin(PhantomData)
    }
}

impl<G: Game + Narrated> Plugin for SessionPlugin<G> {
    fn build(&self, app: &mut App) {
        app.add_message::<Act<G>>()
            .add_message::<Happened<G>>()
            .add_systems(
                Update,
                (
                    flow::start_match::<G>,
                    (
                        curtain::lift_curtain::<G>,
                        apply_human_actions::<G>.in_set(ApplyActions),
                        drive_computer::<G>,
                        finish::<G>,
                    )
                        .chain()
                        .run_if(resource_exists::<Session<G>>.and_then(in_state(Screen::Playing)))
                        .run_if(in_state(crate::menus::Menu::None)),
                )
                    .chain()
                    .in_set(crate::AppSystems::Update),
            )
            .add_systems(OnEnter(Screen::Title), flow::end_session::<G>)
            .add_systems(OnEnter(Screen::GameList), flow::end_session::<G>);
    }
}

fn apply_human_actions<G: Game + Narrated>(
    mut session: ResMut<Session<G>>,
    mut acts: MessageReader<Act<G>>,
    mut happened: MessageWriter<Happened<G>>,
    mut log: ResMut<GameLog>,
    settings: Res<Settings>,
) {
    for act in acts.read() {
        let Some(seat) = session.human_to_move() else {
            continue;
        };
        match session.game.apply(seat, act.action.clone()) {
            Ok(events) => after_action(
                &mut session,
                seat,
                events,
                false,
                &mut happened,
                &mut log,
                &settings,
            ),
            Err(reason) => log.push(format!("Not allowed: {reason}")),
        }
    }
}

fn drive_computer<G: Game + Narrated>(
    mut session: ResMut<Session<G>>,
    time: Res<Time>,
    mut happened: MessageWriter<Happened<G>>,
    mut log: ResMut<GameLog>,
    settings: Res<Settings>,
) {
    let Some(seat) = session.game.to_move() else {
        return;
    };
    if session.is_human(seat) || session.hold {
        return;
    }
    session.wait -= time.delta_secs();
    if session.wait > 0.0 {
        return;
    }
    let view = session.game.view(seat);
    let session = &mut *session;
    let bot = session.bots[seat].as_mut().expect("a computer seat has a bot");
    let action = bot.choose(&view);
    match session.game.apply(seat, action) {
        Ok(events) => after_action(session, seat, events, true, &mut happened, &mut log, &settings),
        Err(reason) => {
            error!("the computer chose an illegal action: {reason}");
            log.push("The computer could not find a legal move.");
        }
    }
}

fn after_action<G: Game + Narrated>(
    session: &mut Session<G>,
    seat: Seat,
    events: Vec<G::Event>,
    by_computer: bool,
    happened: &mut MessageWriter<Happened<G>>,
    log: &mut GameLog,
    settings: &Settings,
) {
    let names = session.names();
    for event in events {
        if let Some(line) = session.game.narrate_in(&event, &names) {
            log.push(line);
        }
        happened.write(Happened { event, by_computer });
    }
    session.wait = settings.pause_seconds();
    if let Some(next) = session.game.to_move()
        && session.opponent == Opponent::Friend
        && next != seat
    {
        session.curtain = Some(next);
    }
}

fn finish<G: Game + Narrated>(
    mut commands: Commands,
    mut session: ResMut<Session<G>>,
    time: Res<Time>,
    mut next: ResMut<NextState<Screen>>,
    mut log: ResMut<GameLog>,
) {
    let Some(outcome) = session.outcome().filter(|_| !session.hold) else {
        return;
    };
    session.wait -= time.delta_secs();
    if session.wait > 0.0 {
        return;
    }
    let result = MatchResult::new(session.names(), outcome);
    log.push(format!("Game over: {}", result.headline));
    commands.insert_resource(result);
    session.curtain = None;
    next.set(Screen::Result);
}

/// How the last game ended, for the result screen.
#[derive(Resource, Debug, Clone)]
pub struct MatchResult {
    pub names: [String; 2],
    pub outcome: Outcome,
    pub headline: String,
}

impl MatchResult {
    pub fn new(names: [String; 2], outcome: Outcome) -> Self {
        let [a, b] = outcome.score;
        let headline = match outcome.winner {
            Some(w) => {
                let verb = agree(&names[w], "win", "wins");
                format!(
                    "{} {verb} {}–{}.",
                    names[w],
                    outcome.score[w],
                    outcome.score[1 - w]
                )
            }
            None => format!("A drawn game, {a}–{b}."),
        };
        MatchResult {
            names,
            outcome,
            headline,
        }
    }
}
