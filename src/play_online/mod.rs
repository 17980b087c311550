//! "Play online": a game held by the online server (docs/online.md), on the
//! same tables as always. The lobby (create a game or join one by its
//! code, wait for the other player) is one state machine here; once the
//! server sends the first `table` line, the game's session is a remote
//! one and the person's actions go back over the connection. A dropped
//! connection is opened again and the seat taken back with its token.

mod link;
mod lobby;
mod notify;

use std::marker::PhantomData;

use bevy::prelude::*;
use serde_json::Value;

pub use link::{Heard, Link};
pub use lobby::{LobbyCommand, OnlineLobby, Profile};

use crate::game_log::GameLog;
use crate::ids::GameId;
use crate::replay::file::{About, Player, Replay};
use crate::rules::{Match, MatchRecord, Playable, Seat};
use crate::screens::{ActiveGame, InGame, Screen};
use crate::session::{
    Happened, MatchCommand, MatchOptions, Narrated, OpenReplay, Opponent, Session, TableLine, open_session,
};
use crate::settings::{OnlineSeat, Settings};
pub use crate::wire::Across;
use crate::wire::{LobbyLine, Request};

/// Seconds between tries to reach the server again.
const RETRY_SECONDS: f32 = 2.0;

/// What the "Play online" screen asks for.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum OnlineCommand {
    Create {
        game: GameId,
        across: Across,
        /// The wargame's shipped scenario.
        scenario: Option<u32>,
        /// Listed in the lobby for anyone to join.
        public: bool,
        /// Counts for both players' ratings (signed in).
        rated: bool,
        /// A correspondence game's days per move.
        days: Option<u32>,
        /// The wargame on one of the player's own scenarios.
        scenario_file: Option<String>,
    },
    Join {
        code: String,
        /// The player agrees to a game on another player's own scenario.
        accept_mod: bool,
    },
    /// Takes back the seat kept in the settings (the app was closed
    /// mid-game).
    Resume,
    /// Takes back the signed-in player's seat in game `code` by their
    /// account (their list of games).
    Return { code: String, game: GameId },
    /// Watches game `code` (docs/online.md, "Spectators"): its public
    /// lines as they come, then its replay with both sides' knowledge.
    Watch { code: String },
    /// Gives up the game (the server's computer takes the seat of a game
    /// begun) or stops waiting, and closes the connection.
    Leave,
}

/// The player's own wargame scenarios that may be played online, each
/// as the text of its file (the wargame's catalogue fills it).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct OwnScenarios(pub Vec<OwnScenario>);

#[derive(Debug, Clone, PartialEq)]
pub struct OwnScenario {
    pub name: String,
    pub text: String,
}

/// A rematch offered after the end (docs/online.md, "Rematch").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RematchOffer {
    /// This player offered it (and waits), or the other did.
    pub mine: bool,
    pub swap: bool,
}

/// Where the online flow stands.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Stage {
    /// Nothing asked: the screen offers create and join.
    #[default]
    Idle,
    /// The connection is being made, or the server has not answered yet.
    Connecting,
    /// The game exists and waits for the other player, who joins with the
    /// code.
    Waiting,
    /// The game is on.
    Playing,
    /// The connection dropped; it is being made again.
    Reconnecting,
    /// The game is over; nothing more comes.
    Over,
    /// Watching a game: its public lines until its record.
    Watching,
}

/// The online game and its connection.
#[derive(Resource, Default)]
pub struct Online {
    pub stage: Stage,
    pub game: Option<GameId>,
    /// The game's code, to be read out to the other player.
    pub code: Option<String>,
    /// Whether the other player's connection is up.
    pub other_present: bool,
    /// The last thing that went wrong, in words, for the screen.
    pub problem: Option<String>,
    /// This app's seat in the game.
    pub seat: Option<Seat>,
    /// After the end: the rematch one of the players offered.
    pub rematch: Option<RematchOffer>,
    /// A rematch began: the next table line opens a new session.
    rematched: bool,
    /// What a watcher has read, in words, and how many public lines.
    pub watched: Vec<String>,
    link: Option<Link>,
    /// The server the link goes to (the settings' own, or where a `moved`
    /// or a kept seat sent it).
    server: Option<String>,
    /// The seat's token, which takes it back after a drop.
    token: Option<String>,
    /// What to send once the connection opens.
    greeting: Vec<Request>,
    /// `Time::elapsed_secs` at which to try the server again.
    retry_at: Option<f32>,
    /// Table lines and refusals for the game's own system.
    for_game: Vec<Value>,
}

impl Online {
    /// Connects to `address` and, once open, signs in with the kept
    /// session if it is this server's, then sends `request`.
    fn connect(&mut self, address: &str, request: Request, settings: &Settings) {
        self.link = Some(Link::open(address));
        self.server = Some(address.to_owned());
        self.greeting = settings
            .online_account
            .iter()
            .filter(|account| account.server == address)
            .map(|account| Request::Hello {
                session: account.session.clone(),
            })
            .chain([request])
            .collect();
    }

    fn send(&self, request: &Request) {
        if let Some(link) = &self.link {
            link.send(serde_json::to_string(request).expect("requests serialize"));
        }
    }

    /// Whether the connection to the server is open.
    pub fn is_connected(&self) -> bool {
        self.link.is_some()
    }

    /// Back to the start: no game, no connection.
    fn reset(&mut self, problem: Option<String>) {
        *self = Online {
            problem,
            ..Online::default()
        };
    }
}

/// The lobby and the connection; each game adds its `OnlinePlugin`.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(lobby::plugin);
    app.init_resource::<Online>()
        .init_resource::<OwnScenarios>()
        .add_message::<OnlineCommand>()
        .add_systems(
            Update,
            (play_again, run_commands, listen)
                .chain()
                .in_set(crate::app_systems::AppSystems::RecordInput),
        )
        .add_systems(OnExit(InGame), leave_game);
}

/// "Play again" after an online game: a rematch on the same connection
/// (the seats swapped; accepting the other player's terms if they
/// offered), or the lobby once the connection is gone.
fn play_again(
    mut asked: MessageReader<MatchCommand>,
    options: Option<Res<MatchOptions>>,
    online: Res<Online>,
    mut log: ResMut<GameLog>,
    mut next: ResMut<NextState<Screen>>,
) {
    let online_game = options.is_some_and(|options| options.opponent == Opponent::Online);
    for command in asked.read() {
        if *command != MatchCommand::PlayAgain || !online_game {
            continue;
        }
        if online.stage != Stage::Over || online.link.is_none() {
            next.set(Screen::Online);
            continue;
        }
        let swap = match online.rematch {
            Some(offer) if !offer.mine => offer.swap,
            Some(_) => continue,
            None => true,
        };
        online.send(&Request::Rematch { swap, scenario: None });
        log.push("Rematch offered: waiting for the other player to accept.");
    }
}

/// The create, join and leave asked for this frame.
fn run_commands(
    mut commands: MessageReader<OnlineCommand>,
    mut online: ResMut<Online>,
    mut settings: ResMut<Settings>,
) {
    for command in commands.read() {
        match command {
            OnlineCommand::Create {
                game,
                across,
                scenario,
                public,
                rated,
                days,
                scenario_file,
            } => {
                let create = Request::Create {
                    game: *game,
                    across: *across,
                    scenario: scenario.filter(|_| *game == GameId::Wargame),
                    table: true,
                    public: *public && *across == Across::Person,
                    rated: *rated && *across == Across::Person,
                    range: None,
                    days: days.filter(|_| *across == Across::Person),
                    scenario_file: scenario_file.clone().filter(|_| *game == GameId::Wargame),
                };
                online.reset(None);
                online.stage = Stage::Connecting;
                online.game = Some(*game);
                online.connect(&settings.server, create, &settings);
            }
            OnlineCommand::Join { code, accept_mod } => {
                online.reset(None);
                online.stage = Stage::Connecting;
                online.connect(
                    &settings.server,
                    Request::Join {
                        code: code.trim().to_ascii_uppercase(),
                        table: true,
                        accept_mod: *accept_mod,
                    },
                    &settings,
                );
            }
            OnlineCommand::Resume => {
                let Some(seat) = settings.online_seat.clone() else {
                    continue;
                };
                online.reset(None);
                online.stage = Stage::Connecting;
                online.game = Some(seat.game);
                online.token = Some(seat.token.clone());
                online.connect(
                    &seat.server,
                    Request::Resume {
                        token: seat.token,
                        table: true,
                    },
                    &settings,
                );
            }
            OnlineCommand::Return { code, game } => {
                online.reset(None);
                online.stage = Stage::Connecting;
                online.game = Some(*game);
                online.connect(
                    &settings.server,
                    Request::Return {
                        code: code.clone(),
                        table: true,
                    },
                    &settings,
                );
            }
            OnlineCommand::Watch { code } => {
                online.reset(None);
                online.stage = Stage::Connecting;
                online.connect(
                    &settings.server,
                    Request::Watch {
                        code: code.trim().to_ascii_uppercase(),
                    },
                    &settings,
                );
            }
            OnlineCommand::Leave => {
                online.send(&Request::Leave);
                // The computer takes the seat: nothing to take back.
                if online.token.is_some() {
                    settings.online_seat = None;
                }
                online.reset(None);
            }
        }
    }
}

/// Everything the connection heard this frame: the lobby's answers here,
/// the game's lines kept for its session.
fn listen(
    mut online: ResMut<Online>,
    mut log: ResMut<GameLog>,
    mut settings: ResMut<Settings>,
    time: Res<Time>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(at) = online.retry_at
        && time.elapsed_secs() >= at
        && let Some(token) = online.token.clone()
    {
        online.retry_at = None;
        let server = online.server.clone().unwrap_or_else(|| settings.server.clone());
        online.connect(&server, Request::Resume { token, table: true }, &settings);
    }
    let heard = online.link.as_ref().map(Link::poll).unwrap_or_default();
    for heard in heard {
        match heard {
            Heard::Opened => {
                for greeting in std::mem::take(&mut online.greeting) {
                    online.send(&greeting);
                }
            }
            Heard::Text(text) => match serde_json::from_str::<Value>(&text) {
                Ok(message) => hear(&mut online, message, &mut log, &mut settings),
                Err(e) => log.push(format!("The server sent something unreadable: {e}")),
            },
            Heard::Closed(why) => closed(&mut online, why, &time, &mut log),
        }
    }
    // A lobby that lost its way (a refused join, a server that is not
    // there) goes back to the online screen with the reason.
    if online.stage == Stage::Idle && *screen.get() != Screen::Online && online.problem.is_some() {
        next.set(Screen::Online);
    }
}

/// One message from the server: a lobby line, a table line (kept for the
/// game's session), or one of the protocol's own lines, which repeat what
/// the table lines carry.
fn hear(online: &mut Online, message: Value, log: &mut GameLog, settings: &mut ResMut<Settings>) {
    if message["type"] == "table" {
        online.stage = if message["outcome"].is_null() {
            Stage::Playing
        } else {
            Stage::Over
        };
        if online.stage == Stage::Over {
            forget_seat(online, settings);
        }
        online.for_game.push(message);
        return;
    }
    let Ok(line) = serde_json::from_value::<LobbyLine>(message.clone()) else {
        if online.stage == Stage::Watching {
            online.watched.push(public_line(&message));
        }
        return;
    };
    match line {
        LobbyLine::Created {
            code,
            game,
            token,
            player,
        }
        | LobbyLine::Joined {
            code,
            game,
            token,
            player,
        }
        | LobbyLine::Rematched {
            code,
            game,
            token,
            player,
        }
        | LobbyLine::Returned {
            code,
            game,
            token,
            player,
        } => {
            if online.stage == Stage::Over {
                // A rematch: a new game, whose first table opens its session.
                online.rematched = true;
                online.rematch = None;
                online.stage = Stage::Playing;
                log.push(format!("Rematch agreed: game {code}."));
            }
            online.seat = Some(player);
            let seat = OnlineSeat {
                server: online.server.clone().unwrap_or_else(|| settings.server.clone()),
                code: code.clone(),
                game,
                token: token.clone(),
            };
            settings.online_seat = Some(seat);
            online.token = Some(token);
            seated(online, code, game, log);
        }
        LobbyLine::Resumed { code, game, player } => {
            online.seat = Some(player);
            seated(online, code, game, log);
        }
        LobbyLine::RematchOffered { player, swap, .. } => {
            let mine = online.seat == Some(player);
            online.rematch = Some(RematchOffer { mine, swap });
            if !mine {
                log.push(if swap {
                    "The other player offers a rematch with the seats swapped: Play again accepts."
                } else {
                    "The other player offers a rematch in the same seats: Play again accepts."
                });
            }
        }
        LobbyLine::Waiting { code } => {
            online.code = Some(code);
            online.stage = Stage::Waiting;
        }
        // A kept session the server no longer knows: the game goes on
        // unsigned (the lobby's screen says so).
        LobbyLine::Error { message: why, .. } if why.starts_with("this session is over") => {}
        LobbyLine::Error { message: why, .. } => match online.stage {
            Stage::Playing => online.for_game.push(message),
            Stage::Reconnecting => {
                // The seat cannot be taken back (the game ended while
                // away): nothing more will come.
                log.push(format!("The server could not give the seat back: {why}"));
                forget_seat(online, settings);
                online.reset(None);
            }
            _ => {
                // A refused resume: the kept seat is no more, unless the
                // refusal may pass (`retry_ms`: the server full, its store
                // out of reach).
                if message["retry_ms"].is_null() {
                    forget_seat(online, settings);
                }
                online.reset(Some(why));
            }
        },
        LobbyLine::Presence { connected, .. } => {
            online.other_present = connected;
            log.push(if connected {
                "The other player is back."
            } else {
                "The other player's connection dropped: the game waits for them."
            });
        }
        LobbyLine::Left { computer, away_s, .. } => log.push(match away_s {
            None => format!(
                "The other player left: the server's computer ({}) plays on.",
                computer.id()
            ),
            Some(seconds) => format!(
                "The other player was away for {} minutes: the server's computer ({}) plays on.",
                seconds / 60,
                computer.id()
            ),
        }),
        LobbyLine::Moved { code, server } => {
            // Another server on the same database plays it: the same
            // request there.
            let again = match online.token.clone() {
                Some(token) => Request::Resume { token, table: true },
                // Another server plays it: it was agreed to here already.
                None => Request::Join {
                    code: code.clone(),
                    table: true,
                    accept_mod: true,
                },
            };
            log.push(format!("Game {code} is played on {server}: connecting there."));
            online.connect(&server, again, settings);
        }
        LobbyLine::Clock { .. } | LobbyLine::Bye | LobbyLine::CaughtUp { .. } => {}
        // Told after the game's last lines, which wait for its session.
        LobbyLine::Rated { .. } => online.for_game.push(message),
        // The lobby's lines come on its own connection (lobby.rs); the
        // game's connection signs in quietly.
        LobbyLine::Seeks { .. }
        | LobbyLine::SeekAdded { .. }
        | LobbyLine::SeekRemoved { .. }
        | LobbyLine::SignedIn { .. }
        | LobbyLine::SignedOut
        | LobbyLine::Profile { .. }
        | LobbyLine::MyGames { .. }
        | LobbyLine::Best { .. } => {}
        LobbyLine::Watching { code, game } => {
            online.code = Some(code.clone());
            online.game = Some(game);
            online.stage = Stage::Watching;
            online
                .watched
                .push(format!("Watching {}, game {code}.", game.title()));
        }
        // The whole game, to open as its replay.
        LobbyLine::Record { .. } => online.for_game.push(message),
    }
}

/// The seat kept in the settings, once its game is over or cannot be
/// taken back.
fn forget_seat(online: &Online, settings: &mut ResMut<Settings>) {
    let kept = settings.online_seat.as_ref().map(|seat| &seat.token);
    if kept.is_some() && kept == online.token.as_ref() {
        settings.online_seat = None;
    }
}

/// A seat taken (created, joined or taken back) in game `code`.
fn seated(online: &mut Online, code: String, game: GameId, log: &mut GameLog) {
    online.code = Some(code);
    online.game = Some(game);
    online.other_present = true;
    if online.stage == Stage::Reconnecting {
        log.push("Connected again.");
        online.stage = Stage::Playing;
    }
}

/// The connection is gone: try again while a game is on, or say why.
fn closed(online: &mut Online, why: String, time: &Time, log: &mut GameLog) {
    online.link = None;
    match online.stage {
        Stage::Playing | Stage::Waiting | Stage::Reconnecting if online.token.is_some() => {
            if online.stage != Stage::Reconnecting {
                log.push(format!(
                    "The connection to the server dropped ({why}): reconnecting…"
                ));
            }
            online.stage = Stage::Reconnecting;
            online.retry_at = Some(time.elapsed_secs() + RETRY_SECONDS);
        }
        Stage::Over if online.rematch.is_some() => {
            online.rematch = None;
            log.push("The connection closed: no rematch. Play again opens the lobby.");
        }
        Stage::Over | Stage::Idle => {}
        _ => online.reset(Some(format!("Could not reach the server: {why}"))),
    }
}

/// Leaving the game's screens lets the connection go; a game left before
/// its end is given up (the server's computer takes the seat).
fn leave_game(mut online: ResMut<Online>) {
    match online.stage {
        Stage::Playing | Stage::Reconnecting => {
            online.send(&Request::Leave);
            online.reset(None);
        }
        Stage::Over | Stage::Watching => online.reset(None),
        _ => {}
    }
}

/// A watched game's record as a replay's text, its players named by seat.
fn replay_text<G: Playable>(record: &Value) -> Result<String, String> {
    let record: MatchRecord<G> = serde_json::from_value(record.clone()).map_err(|e| e.to_string())?;
    let played = Match::from_record(&record).map_err(|e| e.to_string())?;
    let seat = |name: &str| Player {
        name: name.into(),
        computer: None,
    };
    Replay::of(&played, About::now([seat("Player 1"), seat("Player 2")]))
        .map(|replay| replay.to_text())
        .ok_or_else(|| "the game is not over".into())
}

/// One public line a watcher reads, in words: who did what, from the
/// protocol's line (the game's own words come with its replay).
fn public_line(line: &Value) -> String {
    let seat = |key: &str| line[key].as_u64().map(|seat| format!("player {}", seat + 1));
    match line["type"].as_str() {
        Some("start") => format!(
            "The game begins: {} goes first.",
            seat("first").unwrap_or_else(|| "the coin flip's winner".into())
        ),
        Some("end") => "The game is over: its replay opens with both sides' hands.".into(),
        Some("clock") => format!(
            "{} has {} seconds to move.",
            seat("player").unwrap_or_else(|| "The player to move".into()),
            line["seconds"]
        ),
        Some("left") => format!(
            "{} left: the server's computer plays on.",
            seat("player").unwrap_or_else(|| "A player".into())
        ),
        kind => {
            let what: Vec<String> = line
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(key, _)| !["type", "player"].contains(&key.as_str()))
                .map(|(key, value)| format!("{key} {}", words(value)))
                .collect();
            let who = seat("player").map(|who| format!("{who}: ")).unwrap_or_default();
            format!("{who}{}: {}", kind.unwrap_or("line"), what.join(", "))
        }
    }
}

/// A value of a protocol line as a person reads it: text bare, lists
/// joined ("2-1"), objects as their keys and values.
fn words(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Null => "none".into(),
        Value::Array(items) => items.iter().map(words).collect::<Vec<_>>().join("-"),
        Value::Object(fields) => fields
            .iter()
            .map(|(key, value)| format!("{key} {}", words(value)))
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    }
}

/// The systems that hand a game of `G` between the server and its session.
pub struct OnlinePlugin<G>(PhantomData<G>);

impl<G> Default for OnlinePlugin<G> {
    fn default() -> Self {
        OnlinePlugin(PhantomData)
    }
}

impl<G: Playable + Narrated> Plugin for OnlinePlugin<G> {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, feed::<G>.in_set(crate::app_systems::AppSystems::Update));
    }
}

/// The game's lines into its session (the first one opens it), and the
/// person's actions out to the server.
fn feed<G: Playable + Narrated>(
    mut commands: Commands,
    mut online: ResMut<Online>,
    mut session: Option<ResMut<Session<G>>>,
    mut happened: MessageWriter<Happened<G>>,
    mut log: ResMut<GameLog>,
    settings: Res<Settings>,
    mut next: ResMut<NextState<Screen>>,
    mut active: ResMut<NextState<ActiveGame>>,
    mut open_replay: MessageWriter<OpenReplay>,
) {
    if online.game != Some(G::ID) {
        return;
    }
    let mut messages = std::mem::take(&mut online.for_game).into_iter();
    while let Some(message) = messages.next() {
        if message["type"] == "record" {
            match replay_text::<G>(&message["record"]) {
                Ok(text) => {
                    open_replay.write(OpenReplay {
                        game: G::ID,
                        text,
                        at: 0,
                        eyes: None,
                    });
                }
                Err(e) => log.push(format!("The game's record cannot be replayed here: {e}")),
            }
            online.reset(None);
            return;
        }
        if let Ok(LobbyLine::Rated {
            game,
            before,
            after,
            provisional,
        }) = serde_json::from_value::<LobbyLine>(message.clone())
        {
            log.push(format!(
                "Your rating in {}: {before} → {after}{}.",
                game.title(),
                if provisional { " (provisional)" } else { "" }
            ));
            continue;
        }
        if message["type"] == "error" {
            let why = message["message"].as_str().unwrap_or_default();
            log.push(format!("Not allowed: {why}"));
            if let Some(remote) = session.as_mut().and_then(|s| s.remote()) {
                remote.refused();
            }
            continue;
        }
        let line = match TableLine::<G>::read(&message) {
            Ok(line) => line,
            Err(e) => {
                log.push(format!("The server sent a table this game cannot read: {e}"));
                continue;
            }
        };
        match session.as_mut().filter(|_| !online.rematched) {
            Some(session) => {
                if let Err(e) = session.take_line(line, &mut happened, &mut log, &settings) {
                    log.push(format!("The server's table does not fit this game: {e}"));
                }
            }
            None => {
                online.rematched = false;
                log.clear();
                log.push(format!(
                    "{} — online, game {}",
                    G::ID.title(),
                    online.code.as_deref().unwrap_or("?")
                ));
                let opened = Session::<G>::online(&line);
                if let Some(text) = opened.coin_flip() {
                    log.push(text);
                }
                commands.insert_resource(MatchOptions {
                    game: G::ID,
                    opponent: Opponent::Online,
                });
                open_session(&mut commands, &mut active, opened);
                next.set(Screen::Playing);
                // The rest of this frame's lines wait for the session.
                online.for_game = messages.collect();
                break;
            }
        }
    }
    if let Some(remote) = session.as_mut().and_then(|s| s.remote()) {
        for text in std::mem::take(&mut remote.outbox) {
            if let Some(link) = &online.link {
                link.send(text);
            }
        }
    }
}
