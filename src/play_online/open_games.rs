//! The lobby's open games, listed on the "Play online" screen: a
//! connection of its own that asks the server for its seeks and keeps the
//! list as they come and go (docs/online.md, "The lobby"). Joining one is
//! joining its game by its code, on the game's own connection.

use bevy::prelude::*;
use serde_json::Value;

use super::link::{Heard, Link};
use crate::screens::Screen;
use crate::settings::Settings;
use crate::wire::{LobbyLine, Request, Seek};

/// Seconds between tries to reach the lobby again.
const RETRY_SECONDS: f32 = 5.0;

/// The games that wait for anyone to join, oldest first.
#[derive(Resource, Default)]
pub struct OpenGames {
    pub seeks: Vec<Seek>,
    /// Whether the list is the server's now (its connection is open).
    pub live: bool,
    link: Option<Link>,
    /// The server the link goes to.
    server: String,
    /// `Time::elapsed_secs` before which no new try is made.
    retry_at: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OpenGames>()
        .add_systems(
            Update,
            keep_the_list
                .run_if(in_state(Screen::Online))
                .in_set(crate::app_systems::AppSystems::RecordInput),
        )
        .add_systems(OnExit(Screen::Online), |mut open: ResMut<OpenGames>| {
            *open = OpenGames::default();
        });
}

/// Opens the lobby's connection to the settings' server (again after a
/// drop, or when the address changes) and keeps its list.
fn keep_the_list(mut open: ResMut<OpenGames>, settings: Res<Settings>, time: Res<Time>) {
    let now = time.elapsed_secs();
    if open.link.is_some() && open.server != settings.server {
        *open = OpenGames {
            retry_at: now + 1.0,
            ..OpenGames::default()
        };
    }
    if open.link.is_none() && now >= open.retry_at {
        open.server = settings.server.clone();
        open.link = Some(Link::open(&settings.server));
        open.retry_at = now + RETRY_SECONDS;
    }
    let heard = open.link.as_ref().map(Link::poll).unwrap_or_default();
    for heard in heard {
        match heard {
            Heard::Opened => {
                let ask = serde_json::to_string(&Request::Lobby).expect("requests serialize");
                if let Some(link) = &open.link {
                    link.send(ask);
                }
            }
            Heard::Text(text) => {
                let Ok(line) = serde_json::from_str::<Value>(&text).map(serde_json::from_value::<LobbyLine>)
                else {
                    continue;
                };
                match line {
                    Ok(LobbyLine::Seeks { seeks }) => {
                        open.seeks = seeks;
                        open.live = true;
                    }
                    Ok(LobbyLine::SeekAdded { seek }) => open.seeks.push(seek),
                    Ok(LobbyLine::SeekRemoved { code }) => open.seeks.retain(|seek| seek.code != code),
                    _ => {}
                }
            }
            Heard::Closed(_) => {
                open.link = None;
                open.live = false;
                open.retry_at = now + RETRY_SECONDS;
            }
        }
    }
}
