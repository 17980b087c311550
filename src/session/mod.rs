//! A game in progress, written once for every game: whose turn it is, the
//! computer opponent, the curtain between two people on one screen, the log,
//! and the way from the new-game dialog to the result screen.

mod autoplay;
mod curtain;
mod flow;
mod launch;
mod remote;
mod shown;
mod watch;

use std::marker::PhantomData;
use std::time::Duration;

use bevy::platform::time::Instant;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::ids::GameId;
use crate::replay::{About, Player, Replay, Shelf};
use crate::rules::{Audience, Bot, Level, Outcome, Playable, Seat, sub_seed};
use crate::screens::{InGame, Screen};
use crate::settings::Settings;

use crate::rules::Match;
pub use crate::rules::MatchRecord;
pub use autoplay::Autoplay;
pub use curtain::{LiftCurtain, ScreenTaken};
pub use flow::{CoinFlip, MatchCommand, StartMatch};
pub use launch::Launch;
pub use remote::{Remote, Seen, TableLine};
pub use shown::{Reveal, Shown};
pub use watch::{Eyes, OpenReplay, WatchCommand, Watching};

/// Where the game is held: here, with every secret, or on the server.
enum Played<G: Playable> {
    Here(Match<G>),
    Away(Box<Remote<G>>),
}

/// The computer seat that is to move, if any: what a "thinking" line and
/// the screenshot's wait read without knowing which game is played.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ComputerToMove(pub Option<Seat>);

/// Who sits across the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opponent {
    Computer(Level),
    /// A friend on this screen.
    Friend,
    /// Somebody (or the server's computer) at another screen, through the
    /// online server.
    Online,
}

impl Opponent {
    pub fn label(self) -> String {
        match self {
            Opponent::Computer(level) => format!("Computer ({})", level.label()),
            Opponent::Friend => "Friend on this screen".into(),
            Opponent::Online => "an opponent online".into(),
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
/// The match inside is private to this module: drivers act through it and
/// everything else reads the `Shown` it gives each seat.
#[derive(Resource)]
pub struct Session<G: Playable> {
    played: Played<G>,
    pub opponent: Opponent,
    /// The seat of the person at the screen (against the computer).
    pub human: Seat,
    bots: [Option<Box<dyn Bot<G>>>; 2],
    /// The seat whose private information the table may show.
    viewer: Seat,
    /// While `Some(seat)`, a curtain hides everything private until that
    /// player takes the screen.
    curtain: Option<Seat>,
    /// Seconds until the computer acts or the result screen opens.
    wait: f32,
    /// The table is still showing what just happened: nobody acts and the
    /// result screen waits.
    hold: bool,
    /// Counts the changes a seat can see, so that `Shown` is rebuilt only
    /// when one happened.
    version: u64,
    /// A replay being watched: its whole record. Nobody acts; the
    /// position moves through it.
    watched: Option<MatchRecord<G>>,
    /// The names a replay recorded, in place of "You" and "Computer".
    recorded_names: Option<[String; 2]>,
    /// Watching a replay with everything uncovered.
    everything: bool,
}

impl<G: Playable> Session<G> {
    pub fn new(seed: u64, opponent: Opponent) -> Self {
        Self::configured(&G::Config::default(), 0, seed, opponent)
    }

    /// A fresh game from `config`, the person at the screen in seat `human`.
    pub fn configured(config: &G::Config, human: Seat, seed: u64, opponent: Opponent) -> Self {
        Self::around(Played::Here(Match::new(config, seed)), human, opponent)
    }

    /// A game played again from its record (a saved battle); an action that
    /// is not legal any more is refused with its step.
    pub fn resumed(record: &MatchRecord<G>, human: Seat, opponent: Opponent) -> Result<Self, String> {
        let played = Match::from_record(record).map_err(|e| e.to_string())?;
        Ok(Self::around(Played::Here(played), human, opponent))
    }

    /// The game at the seat `line` names, held by the online server.
    pub fn online(line: &TableLine<G>) -> Self {
        let remote = Played::Away(Box::new(Remote::new(line)));
        Self::around(remote, line.seen.seat, Opponent::Online)
    }

    /// The record as it stands, to be kept (a saved battle); `None` for a
    /// game the server holds.
    pub fn record(&self) -> Option<MatchRecord<G>> {
        self.here().map(Match::record)
    }

    /// The match, when it is held here.
    fn here(&self) -> Option<&Match<G>> {
        match &self.played {
            Played::Here(played) => Some(played),
            Played::Away(_) => None,
        }
    }

    /// The seat's side of a game the server holds, while it runs there.
    pub fn remote(&mut self) -> Option<&mut Remote<G>> {
        match &mut self.played {
            Played::Here(_) => None,
            Played::Away(remote) => Some(remote),
        }
    }

    /// Whether the game is played through the online server.
    pub fn is_online(&self) -> bool {
        self.opponent == Opponent::Online
    }

    /// Takes in a `table` line from the server: the seat's new view, and
    /// the events of the last action told to the tables and the log. At
    /// the end the record it carries becomes the match, held here.
    pub fn take_line(
        &mut self,
        line: TableLine<G>,
        happened: &mut MessageWriter<Happened<G>>,
        log: &mut GameLog,
        settings: &Settings,
    ) -> Result<(), String>
    where
        G: Narrated,
    {
        let names = self.names();
        let Played::Away(remote) = &mut self.played else {
            return Err("this game is not played online".into());
        };
        if line.seen.seat != remote.seen.seat {
            return Err(format!("the server sent player {}'s table", line.seen.seat));
        }
        remote.update(&line);
        happened.write_batch(narrated::<G>(&line.seen.view, &names, line.events, false, log));
        if let Some(finished) = line.finished {
            self.played = Played::Here(finished);
        }
        self.version += 1;
        self.wait = settings.pause_seconds();
        Ok(())
    }

    fn around(played: Played<G>, human: Seat, opponent: Opponent) -> Self {
        // A computer opponent plays a game held here: its seed is the match's.
        let computer = |seat: Seat| match (&played, opponent) {
            (Played::Here(played), Opponent::Computer(level)) if seat != human => {
                Some(G::bot(level, sub_seed(played.seed(), 100 + seat as u64)))
            }
            _ => None,
        };
        let bots = [computer(0), computer(1)];
        let to_move = match &played {
            Played::Here(played) => played.game().to_move(),
            Played::Away(remote) => remote.seen.to_move,
        }
        .unwrap_or(human);
        let friend = opponent == Opponent::Friend;
        Session {
            played,
            opponent,
            human,
            bots,
            viewer: if friend { to_move } else { human },
            curtain: friend.then_some(to_move),
            wait: 0.0,
            hold: false,
            version: 0,
            watched: None,
            recorded_names: None,
            everything: false,
        }
    }

    /// Whether this is a replay being watched.
    pub fn is_replay(&self) -> bool {
        self.watched.is_some()
    }

    pub fn is_human(&self, seat: Seat) -> bool {
        self.bots[seat].is_none()
    }

    /// Whose action the game waits for.
    pub fn to_move(&self) -> Option<Seat> {
        match &self.played {
            Played::Here(played) => played.game().to_move(),
            Played::Away(remote) => remote.seen.to_move,
        }
    }

    /// The seat the person at the screen may act for now, if any.
    pub fn human_to_move(&self) -> Option<Seat> {
        let sent = matches!(&self.played, Played::Away(remote) if remote.sent);
        self.to_move().filter(|&s| {
            self.is_human(s)
                && self.curtain.is_none()
                && !self.hold
                && s == self.viewer
                && self.watched.is_none()
                && !sent
        })
    }

    pub fn names(&self) -> [String; 2] {
        if let Some(names) = &self.recorded_names {
            return names.clone();
        }
        match self.opponent {
            Opponent::Friend => ["Player 1".into(), "Player 2".into()],
            Opponent::Computer(_) | Opponent::Online => {
                let across = if self.is_online() { "Opponent" } else { "Computer" };
                [0, 1].map(|s| if s == self.human { "You" } else { across }.into())
            }
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match &self.played {
            Played::Here(played) => played.game().outcome(),
            Played::Away(remote) => remote.seen.outcome,
        }
    }

    /// The log's line for the coin flip: "Coin flip: You go first."
    pub fn coin_flip(&self) -> Option<String> {
        let name = &self.names()[self.first()?];
        Some(format!("Coin flip: {name} {} first.", agree(name, "go", "goes")))
    }

    /// The coin flip's result, public from the start.
    pub fn first(&self) -> Option<Seat> {
        match &self.played {
            Played::Here(played) => played.game().first(),
            Played::Away(remote) => remote.seen.first,
        }
    }

    pub fn viewer(&self) -> Seat {
        self.viewer
    }

    /// What the seat at the screen sees now (for the systems that settle a
    /// frame's actions before `Shown` is rebuilt).
    pub fn view(&self) -> G::View {
        match &self.played {
            Played::Here(played) => played.game().view(self.viewer),
            Played::Away(remote) => remote.seen.view.clone(),
        }
    }

    pub fn curtain(&self) -> Option<Seat> {
        self.curtain
    }

    pub fn hold(&self) -> bool {
        self.hold
    }

    /// Keeps the table still (a result on screen): nobody acts meanwhile.
    pub fn set_hold(&mut self, hold: bool) {
        if self.hold != hold {
            self.hold = hold;
            self.version += 1;
        }
    }

    /// Puts the curtain down before `seat`, or takes it away (`None`)
    /// without changing whose eyes the table has.
    pub fn set_curtain(&mut self, curtain: Option<Seat>) {
        if self.curtain != curtain {
            self.curtain = curtain;
            self.version += 1;
        }
    }

    /// How many actions the record holds.
    pub fn steps(&self) -> usize {
        match &self.played {
            Played::Here(played) => played.steps().len(),
            Played::Away(remote) => remote.seen.steps,
        }
    }

    /// The seed that replays the game, once it is over; while it runs it is
    /// a secret (the computer's choices and the dice follow from it).
    pub fn finished_seed(&self) -> Option<u64> {
        self.outcome().and(self.here()).map(Match::seed)
    }

    /// Each side's score after each action, played again from the record:
    /// for a finished game only (while it runs, the record is a secret).
    fn standings(&self) -> Vec<[i64; 2]> {
        self.here()
            .and_then(|played| crate::rules::Replaying::positions(&played.record(), G::standing).ok())
            .unwrap_or_default()
    }

    /// Keeps the finished game on the shelf: its file's name, and a notice
    /// when older replays made room.
    fn keep_replay(&self, shelf: &Shelf) -> Result<(String, Option<String>), String> {
        let names = self.names();
        let players = [0, 1].map(|seat| Player {
            name: names[seat].clone(),
            computer: match self.opponent {
                Opponent::Computer(level) if !self.is_human(seat) => Some(level),
                _ => None,
            },
        });
        let about = About::now::<G>(players);
        let played = self.here().ok_or("the server did not send the game's record")?;
        let name = Shelf::name_for(G::ID, &about.date, played.seed());
        let replay = Replay::of(played, about).ok_or("the game is not over")?;
        let notice = shelf.keep(&name, &replay.to_text())?;
        Ok((name, notice))
    }

    /// Takes the record back to its first `len` actions (undo).
    pub fn rewind(&mut self, len: usize) {
        if let Played::Here(played) = &mut self.played {
            played.rewind(len);
            self.version += 1;
        }
    }

    /// Applies an action of `seat` and reports its events to their
    /// audiences; the computer acts through this too.
    fn act(
        &mut self,
        seat: Seat,
        action: G::Action,
        by_computer: bool,
        happened: &mut MessageWriter<Happened<G>>,
        log: &mut GameLog,
        settings: &Settings,
    ) -> Result<(), String>
    where
        G: Narrated,
    {
        let played = match &mut self.played {
            Played::Here(played) => played,
            Played::Away(remote) => {
                // The server answers with a table line, events and all.
                remote.send(&action)?;
                self.version += 1;
                return Ok(());
            }
        };
        let events = played.apply(seat, action)?;
        let view = played.game().view(seat);
        self.version += 1;
        happened.write_batch(narrated::<G>(&view, &self.names(), events, by_computer, log));
        self.wait = settings.pause_seconds();
        if let Some(next) = self.to_move()
            && self.opponent == Opponent::Friend
            && next != seat
        {
            self.curtain = Some(next);
        }
        Ok(())
    }
}

/// The events of an action as the tables receive them, each with its
/// audience and log line, the lines pushed to the log on the way: a game
/// played and a replay watched narrate alike.
fn narrated<G: Narrated>(
    view: &G::View,
    names: &[String; 2],
    events: Vec<G::Event>,
    by_computer: bool,
    log: &mut GameLog,
) -> Vec<Happened<G>> {
    events
        .into_iter()
        .map(|event| {
            let audience = G::audience(&event);
            let line = G::narrate_seen(view, &event, names);
            if let Some(line) = &line {
                log.push_for(audience, line.clone());
            }
            Happened {
                event,
                audience,
                line,
                by_computer,
            }
        })
        .collect()
}

/// The verb for `name` as the log says it: "You go", "Computer goes".
pub fn agree(name: &str, you: &'static str, others: &'static str) -> &'static str {
    if name == "You" { you } else { others }
}

/// How the next game of `G` is set up: its config and the seat of the
/// person at the screen. Without it a game starts from the default config
/// in seat 0; it stays for "Play again".
#[derive(Resource, Debug, Clone)]
pub struct Prepared<G: Playable> {
    pub config: G::Config,
    pub human: Seat,
}

/// What a game says in the log about its public events.
pub trait Narrated: Playable {
    fn narrate(event: &Self::Event, names: &[String; 2]) -> Option<String>;

    /// The same with a seat's view after the action, for games whose
    /// events name pieces by number. Any seat's view names them alike:
    /// the log is public.
    fn narrate_seen(_view: &Self::View, event: &Self::Event, names: &[String; 2]) -> Option<String> {
        Self::narrate(event, names)
    }
}

/// The person at the screen plays an action for the seat to move.
#[derive(Message)]
pub struct Act<G: Playable> {
    pub action: G::Action,
}

impl<G: Playable> Act<G> {
    pub fn new(action: G::Action) -> Self {
        Act { action }
    }
}

/// An event of the game, for the table's animations and sounds. A table
/// plays only the events whose audience includes the seat it shows.
#[derive(Message)]
pub struct Happened<G: Playable> {
    pub event: G::Event,
    pub audience: Audience,
    /// The log's line for it, if it has one.
    pub line: Option<String>,
    pub by_computer: bool,
}

impl<G: Playable> Happened<G> {
    /// The event, if the seat whose eyes the table has may see it.
    pub fn seen_by(&self, seat: Seat) -> Option<&G::Event> {
        self.audience.includes(seat).then_some(&self.event)
    }
}

/// The running log of what happened, shown beside every game, after the
/// notices (a settings file that could not be read) that outlive a game.
/// A line for one seat is shown only while that seat has the screen.
#[derive(Resource, Default, Debug)]
pub struct GameLog {
    pub notices: Vec<String>,
    lines: Vec<(Audience, String)>,
    /// Whose eyes the log has (`None`: a curtain is down, only public
    /// lines).
    reader: Option<Seat>,
    /// A replay watched with everything uncovered: every line.
    everything: bool,
}

impl GameLog {
    /// A line for both players.
    pub fn push(&mut self, line: impl Into<String>) {
        self.push_for(Audience::Public, line);
    }

    pub fn push_for(&mut self, audience: Audience, line: impl Into<String>) {
        self.lines.push((audience, line.into()));
    }

    /// The lines the reader may see, oldest first.
    pub fn shown(&self) -> impl Iterator<Item = &str> {
        self.lines
            .iter()
            .filter(|(audience, _)| {
                self.everything
                    || self.reader.is_some_and(|r| audience.includes(r))
                    || *audience == Audience::Public
            })
            .map(|(_, line)| line.as_str())
    }

    /// Starts the log of a new game.
    pub fn clear(&mut self) {
        self.lines.clear();
    }

    pub fn notice(&mut self, line: impl Into<String>) {
        self.notices.push(line.into());
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ComputerToMove>().add_plugins((
        flow::plugin,
        curtain::plugin,
        autoplay::plugin,
        watch::plugin,
    ));
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

impl<G: Playable + Narrated> Plugin for SessionPlugin<G> {
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
            .add_systems(
                Update,
                autoplay::drive::<G>
                    .run_if(resource_exists::<Autoplay>.and_then(in_state(Screen::Playing)))
                    .run_if(in_state(crate::menus::Menu::None))
                    .in_set(crate::AppSystems::RecordInput),
            )
            .add_systems(
                Update,
                curtain::lift_with_keys::<G>
                    .run_if(resource_exists::<Session<G>>.and_then(in_state(Screen::Playing)))
                    .run_if(in_state(crate::menus::Menu::None))
                    .in_set(crate::AppSystems::RecordInput),
            )
            .add_systems(
                Update,
                show::<G>
                    .run_if(resource_exists::<Session<G>>)
                    .in_set(crate::AppSystems::Show),
            )
            .add_systems(
                Update,
                (
                    watch::open_replay::<G>,
                    watch::move_through::<G>.run_if(resource_exists::<Session<G>>),
                )
                    .chain()
                    .in_set(crate::AppSystems::Update),
            )
            .add_systems(OnExit(InGame), flow::end_session::<G>);
    }
}

/// Rebuilds what the seat at the screen is shown when the session changed
/// in a way a seat can see; the log follows whose eyes the table has.
fn show<G: Playable>(
    mut commands: Commands,
    session: Res<Session<G>>,
    shown: Option<Res<Shown<G>>>,
    mut seen: Local<Option<u64>>,
    mut log: ResMut<GameLog>,
    mut computer: ResMut<ComputerToMove>,
) {
    if *seen == Some(session.version) && shown.is_some() && !session.is_added() {
        return;
    }
    *seen = Some(session.version);
    let to_move = session.to_move();
    computer.set_if_neq(ComputerToMove(
        to_move.filter(|&seat| !session.is_replay() && !session.is_human(seat)),
    ));
    let reader = session.curtain.is_none().then_some(session.viewer);
    if log.reader != reader || log.everything != session.everything {
        log.reader = reader;
        log.everything = session.everything;
    }
    commands.insert_resource(Shown::of(&session));
}

fn apply_human_actions<G: Playable + Narrated>(
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
        if let Err(reason) = session.act(
            seat,
            act.action.clone(),
            false,
            &mut happened,
            &mut log,
            &settings,
        ) {
            log.push(format!("Not allowed: {reason}"));
        }
    }
}

/// How long the computer thinks in one frame before the table draws.
const THINKING_PER_FRAME: Duration = Duration::from_millis(8);

/// The computer's seat: it sees only its own view.
fn drive_computer<G: Playable + Narrated>(
    mut session: ResMut<Session<G>>,
    time: Res<Time>,
    mut happened: MessageWriter<Happened<G>>,
    mut log: ResMut<GameLog>,
    settings: Res<Settings>,
) {
    let Some(seat) = session.to_move() else {
        return;
    };
    if session.is_human(seat) || session.hold {
        return;
    }
    session.wait -= time.delta_secs();
    if session.wait > 0.0 {
        return;
    }
    let session = &mut *session;
    let (Played::Here(played), Some(bot)) = (&mut session.played, session.bots[seat].as_mut()) else {
        return;
    };
    let view = played.game().view(seat);
    // A slow decision (the wargame's Hard choosing its army) thinks in
    // slices for part of a frame at a time, and goes on next frame: the
    // table keeps drawing and says who is thinking.
    let started = Instant::now();
    let action = loop {
        if let Some(action) = bot.think(&view) {
            break action;
        }
        if started.elapsed() > THINKING_PER_FRAME {
            return;
        }
    };
    let thought = bot.thought();
    match session.act(seat, action, true, &mut happened, &mut log, &settings) {
        Ok(()) => {
            if let (Some(thought), Played::Here(played)) = (thought, &mut session.played) {
                played.note_thought(thought);
            }
        }
        Err(reason) => {
            error!("the computer chose an illegal action: {reason}");
            log.push("The computer could not find a legal move.");
        }
    }
}

fn finish<G: Playable + Narrated>(
    mut commands: Commands,
    mut session: ResMut<Session<G>>,
    time: Res<Time>,
    mut next: ResMut<NextState<Screen>>,
    mut log: ResMut<GameLog>,
    shelf: Res<Shelf>,
) {
    let Some(outcome) = session
        .outcome()
        .filter(|_| !session.hold && !session.is_replay())
    else {
        return;
    };
    session.wait -= time.delta_secs();
    if session.wait > 0.0 {
        return;
    }
    let seed = session.finished_seed().unwrap_or_default();
    let mut result = MatchResult::new(session.names(), outcome, seed);
    result.standings = session.standings();
    match session.keep_replay(&shelf) {
        Ok((name, notice)) => {
            result.replay = Some(name);
            if let Some(notice) = notice {
                log.notice(notice);
            }
        }
        Err(e) => log.notice(format!("The replay was not kept: {e}")),
    }
    log.push(format!("Game over: {}", result.headline));
    commands.insert_resource(result);
    session.set_curtain(None);
    next.set(Screen::Result);
}

/// How the last game ended, for the result screen.
#[derive(Resource, Debug, Clone)]
pub struct MatchResult {
    pub names: [String; 2],
    pub outcome: Outcome,
    pub headline: String,
    /// The game's seed, secret while it ran: with the record it replays
    /// the game.
    pub seed: u64,
    /// The kept replay's name, to open it from the result screen.
    pub replay: Option<String>,
    /// Each side's score after each action, from the start: the result
    /// screen's chart.
    pub standings: Vec<[i64; 2]>,
}

impl MatchResult {
    pub fn new(names: [String; 2], outcome: Outcome, seed: u64) -> Self {
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
            seed,
            replay: None,
            standings: Vec::new(),
        }
    }
}
