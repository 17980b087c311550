//! The lobby's connection, open while the "Play online" screen is: the
//! open games (the server's seeks, kept as they come and go), the account
//! (sign up, in and out; the session kept in the settings signs in again
//! at the next start), a profile and the table of the best
//! (docs/online.md, "The lobby", "Accounts", "Ratings"). Joining an open
//! game is joining its code on the game's own connection.

use bevy::prelude::*;
use serde_json::Value;

use super::link::{Heard, Link};
use crate::game_log::GameLog;
use crate::ids::GameId;
use crate::screens::Screen;
use crate::settings::{OnlineAccount, Settings};
use crate::wire::{LobbyLine, MyGame, PlayedGame, Request, Seek, Standing};

/// Seconds between tries to reach the lobby again, and between looks at
/// the signed-in player's games.
const RETRY_SECONDS: f32 = 5.0;
const MY_GAMES_SECONDS: f32 = 60.0;

/// What the screen asks of the lobby's connection.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum LobbyCommand {
    SignUp {
        name: String,
        password: String,
    },
    SignIn {
        name: String,
        password: String,
    },
    SignOut,
    /// The table of the best players of a game.
    Best(GameId),
}

/// A player's profile as the server sent it.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    pub name: String,
    pub ratings: Vec<Standing>,
    pub games: Vec<PlayedGame>,
}

/// Everything the lobby's connection knows.
#[derive(Resource, Default)]
pub struct OnlineLobby {
    /// The games that wait for anyone to join, oldest first.
    pub seeks: Vec<Seek>,
    /// Whether the list is the server's now (its connection is open).
    pub live: bool,
    /// The signed-in player's profile, asked for on signing in and after
    /// each of their games.
    pub profile: Option<Profile>,
    pub best: Option<(GameId, Vec<Standing>)>,
    /// The signed-in player's games not over, those that wait for their
    /// move first.
    pub my_games: Vec<MyGame>,
    /// When they are next asked for.
    my_games_at: f32,
    /// What the server said to the last sign in or up that failed.
    pub problem: Option<String>,
    /// A sign in or up sent and not yet answered.
    pub signing: bool,
    link: Option<Link>,
    /// The server the link goes to.
    server: String,
    /// `Time::elapsed_secs` before which no new try is made.
    retry_at: f32,
}

impl OnlineLobby {
    fn send(&self, request: &Request) {
        if let Some(link) = &self.link {
            link.send(serde_json::to_string(request).expect("requests serialize"));
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineLobby>()
        .add_message::<LobbyCommand>()
        .add_systems(
            Update,
            (run_commands, keep_the_lobby)
                .chain()
                .run_if(in_state(Screen::Online))
                .in_set(crate::app_systems::AppSystems::RecordInput),
        )
        .add_systems(OnExit(Screen::Online), |mut lobby: ResMut<OnlineLobby>| {
            *lobby = OnlineLobby::default();
        });
}

fn run_commands(
    mut commands: MessageReader<LobbyCommand>,
    mut lobby: ResMut<OnlineLobby>,
    mut settings: ResMut<Settings>,
) {
    for command in commands.read() {
        let request = match command.clone() {
            LobbyCommand::SignUp { name, password } => Request::SignUp { name, password },
            LobbyCommand::SignIn { name, password } => Request::SignIn { name, password },
            LobbyCommand::SignOut => {
                settings.online_account = None;
                lobby.profile = None;
                Request::SignOut
            }
            LobbyCommand::Best(game) => Request::Best { game },
        };
        if matches!(request, Request::SignUp { .. } | Request::SignIn { .. }) {
            lobby.signing = true;
            lobby.problem = None;
        }
        lobby.send(&request);
    }
}

/// Opens the lobby's connection to the settings' server (again after a
/// drop, or when the address changes), signs in with the kept session,
/// and keeps what the server says.
fn keep_the_lobby(
    mut lobby: ResMut<OnlineLobby>,
    mut settings: ResMut<Settings>,
    mut log: ResMut<GameLog>,
    time: Res<Time>,
) {
    let now = time.elapsed_secs();
    if lobby.live && now >= lobby.my_games_at && lobby.profile.is_some() {
        lobby.my_games_at = now + MY_GAMES_SECONDS;
        lobby.send(&Request::MyGames);
    }
    if lobby.link.is_some() && lobby.server != settings.server {
        *lobby = OnlineLobby {
            retry_at: now + 1.0,
            ..OnlineLobby::default()
        };
    }
    if lobby.link.is_none() && now >= lobby.retry_at {
        lobby.server = settings.server.clone();
        lobby.link = Some(Link::open(&settings.server));
        lobby.retry_at = now + RETRY_SECONDS;
    }
    let heard = lobby.link.as_ref().map(Link::poll).unwrap_or_default();
    for heard in heard {
        match heard {
            Heard::Opened => {
                if let Some(account) = settings
                    .online_account
                    .as_ref()
                    .filter(|a| a.server == lobby.server)
                {
                    lobby.send(&Request::Hello {
                        session: account.session.clone(),
                    });
                }
                lobby.send(&Request::Lobby);
            }
            Heard::Text(text) => {
                let Ok(Ok(line)) =
                    serde_json::from_str::<Value>(&text).map(serde_json::from_value::<LobbyLine>)
                else {
                    continue;
                };
                hear(&mut lobby, line, &mut settings, &mut log);
            }
            Heard::Closed(_) => {
                lobby.link = None;
                lobby.live = false;
                lobby.signing = false;
                lobby.retry_at = now + RETRY_SECONDS;
            }
        }
    }
}

fn hear(lobby: &mut OnlineLobby, line: LobbyLine, settings: &mut Settings, log: &mut GameLog) {
    match line {
        LobbyLine::Seeks { seeks } => {
            lobby.seeks = seeks;
            lobby.live = true;
        }
        LobbyLine::SeekAdded { seek } => lobby.seeks.push(seek),
        LobbyLine::SeekRemoved { code } => lobby.seeks.retain(|seek| seek.code != code),
        LobbyLine::SignedIn { name, session } => {
            lobby.signing = false;
            if let Some(session) = session {
                settings.online_account = Some(OnlineAccount {
                    server: lobby.server.clone(),
                    name: name.clone(),
                    session,
                });
            }
            lobby.send(&Request::Profile { name });
        }
        LobbyLine::Profile { name, ratings, games } => {
            let mine = settings.online_account.as_ref().is_some_and(|a| a.name == name);
            if mine {
                lobby.profile = Some(Profile { name, ratings, games });
                lobby.my_games_at = 0.0;
            }
        }
        LobbyLine::Best { game, players } => lobby.best = Some((game, players)),
        LobbyLine::MyGames { games } => {
            // A game that waits for this player's move now and did not
            // before: said, and in the browser shown as a notification.
            for game in games.iter().filter(|game| game.your_move) {
                let known = lobby.my_games.iter().any(|g| g.code == game.code && g.your_move);
                if !known {
                    let text = format!("Your move in {}, game {}.", game.game.title(), game.code);
                    super::notify::notify(&text);
                    log.push(text);
                }
            }
            lobby.my_games = games;
        }
        LobbyLine::Error { message, .. } => {
            if message.starts_with("this session is over") {
                // Signed out elsewhere, or the server forgot it.
                settings.online_account = None;
                lobby.profile = None;
            }
            lobby.signing = false;
            lobby.problem = Some(message);
        }
        _ => {}
    }
}
