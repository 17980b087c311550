//! From the new-game dialog into a game, and out of it again.

use crate::rules::GameRng;
use bevy::prelude::*;
use rand::RngExt;

use super::events::Narrated;
use super::in_progress::Session;
use super::launch::Launch;
use super::opponent::{MatchOptions, Opponent};
use super::shown::Shown;
use crate::game_log::GameLog;
use crate::ids::GameId;
use crate::rules::{Playable, Seat};
use crate::screens::{ActiveGame, Screen};
use crate::settings::Settings;

/// Starts a fresh game. `seed: None` draws one.
#[derive(Message, Debug, Clone, Copy)]
pub struct StartMatch {
    pub game: GameId,
    pub opponent: Opponent,
    pub seed: Option<u64>,
}

/// Where "Quit" goes instead of the game list: a battle test-played from
/// the scenario editor goes back to it. Taken when used.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReturnTo(pub Screen);

/// What the pause menu and the result screen ask for.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchCommand {
    /// A fresh game with the same options.
    PlayAgain,
    /// Back to the game list; the game in progress is given up.
    Quit,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<StartMatch>()
        .add_message::<MatchCommand>()
        .init_resource::<GameLog>()
        .add_systems(Startup, launch_from_command_line)
        .add_systems(
            Update,
            run_commands.in_set(crate::app_systems::AppSystems::RecordInput),
        );
}

/// `--game GAME` on the command line: straight into a game; `--replay
/// FILE`: straight into the replay.
fn launch_from_command_line(
    launch: Option<Res<Launch>>,
    settings: Res<Settings>,
    mut start: MessageWriter<StartMatch>,
    mut open: MessageWriter<super::watch::OpenReplay>,
    mut log: ResMut<GameLog>,
) {
    if let Some(launch) = &launch
        && let Some(path) = &launch.replay
    {
        match read_replay(path) {
            Ok((game, text)) => {
                open.write(super::watch::OpenReplay {
                    game,
                    text,
                    at: launch.step,
                    eyes: launch.eyes,
                });
            }
            Err(e) => log.notice(format!("{}: {e}", path.display())),
        }
        return;
    }
    let Some(game) = launch
        .as_ref()
        .filter(|l| !l.new_game && !l.edit)
        .and_then(|l| l.game)
    else {
        return;
    };
    let launch = launch.expect("checked above");
    start.write(StartMatch {
        game,
        opponent: launch
            .opponent
            .unwrap_or(Opponent::Computer(settings.default_difficulty)),
        seed: launch.seed,
    });
}

fn run_commands(
    mut commands: MessageReader<MatchCommand>,
    options: Option<Res<MatchOptions>>,
    watching: Option<Res<super::watch::Watching>>,
    mut start: MessageWriter<StartMatch>,
    mut next: ResMut<NextState<Screen>>,
    mut menu: ResMut<NextState<crate::menus::Menu>>,
    return_to: Option<Res<ReturnTo>>,
    mut world: Commands,
) {
    for command in commands.read() {
        menu.set(crate::menus::Menu::None);
        if watching.is_some() {
            // A replay is left for the list it came from.
            next.set(Screen::Replays);
            continue;
        }
        match (command, options.as_deref()) {
            // An online game is played again by a rematch, or made anew in
            // the lobby: play_online answers.
            (MatchCommand::PlayAgain, Some(options)) if options.opponent == Opponent::Online => {}
            (MatchCommand::PlayAgain, Some(options)) => {
                start.write(StartMatch {
                    game: options.game,
                    opponent: options.opponent,
                    seed: None,
                });
            }
            _ => match return_to.as_deref() {
                Some(ReturnTo(screen)) => {
                    next.set(*screen);
                    world.remove_resource::<ReturnTo>();
                }
                None => next.set(Screen::GameList),
            },
        }
    }
}

/// The coin flip's result, announced on screen for a few seconds when a
/// game starts.
#[derive(Resource, Debug, Clone)]
pub struct CoinFlip {
    pub text: String,
    /// `Time::elapsed_secs` until which it is shown.
    pub until: f32,
}

/// How long the coin flip stays on screen.
const COIN_FLIP_SECONDS: f32 = 3.5;

pub(super) fn start_match<G: Playable + Narrated>(
    mut requests: MessageReader<StartMatch>,
    mut commands: Commands,
    mut log: ResMut<GameLog>,
    mut next: ResMut<NextState<Screen>>,
    mut active: ResMut<NextState<ActiveGame>>,
    time: Res<Time>,
    prepared: Option<Res<Prepared<G>>>,
) {
    for request in requests.read().filter(|r| r.game == G::ID) {
        let seed = request
            .seed
            .unwrap_or_else(|| rand::make_rng::<GameRng>().random());
        let session = match prepared.as_deref() {
            Some(p) => Session::<G>::configured(&p.config, p.human, seed, request.opponent),
            None => Session::<G>::new(seed, request.opponent),
        };
        log.clear();
        // The seed stays secret until the end: the computer's choices and
        // the random fills follow from it. The result screen shows it.
        log.push(format!("{} — {}", G::ID.title(), request.opponent.label()));
        if let Some(text) = session.coin_flip() {
            log.push(text.clone());
            commands.insert_resource(CoinFlip {
                text,
                until: time.elapsed_secs() + COIN_FLIP_SECONDS,
            });
        }
        commands.insert_resource(MatchOptions {
            game: G::ID,
            opponent: request.opponent,
        });
        super::open::open_session(&mut commands, &mut active, session);
        next.set(Screen::Playing);
    }
}

pub(super) fn end_session<G: Playable>(mut commands: Commands) {
    commands.remove_resource::<Session<G>>();
    commands.remove_resource::<Shown<G>>();
    commands.insert_resource(super::in_progress::ComputerToMove(None));
}

/// A replay file's game and text.
fn read_replay(path: &std::path::Path) -> Result<(GameId, String), String> {
    let text = crate::replay::file::read_path(path)?;
    Ok((crate::replay::file::game_of(&text)?, text))
}

/// How the next game of `G` is set up: its config and the seat of the
/// person at the screen. Without it a game starts from the default config
/// in seat 0; it stays for "Play again".
#[derive(Resource, Debug, Clone)]
pub struct Prepared<G: Playable> {
    pub config: G::Config,
    pub human: Seat,
}
