//! The systems that drive a session of any game: the person's actions,
//! the computer's, the end, and what the seat at the screen is shown.

use std::marker::PhantomData;
use std::time::Duration;

use bevy::platform::time::Instant;
use bevy::prelude::*;

use super::autoplay::{self, Autoplay};
use super::events::{Act, Happened, Narrated};
use super::in_progress::{ComputerToMove, Played, Session};
use super::result::MatchResult;
use super::shown::Shown;
use super::{curtain, flow, watch};
use crate::app_systems::AppSystems;
use crate::game_log::GameLog;
use crate::menus::Menu;
use crate::replay::Shelf;
use crate::rules::Playable;
use crate::screens::{ActiveGame, InGame, Screen};
use crate::settings::Settings;

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
                        .run_if(in_state(ActiveGame::Playing(G::ID)).and_then(in_state(Screen::Playing)))
                        .run_if(in_state(Menu::None)),
                )
                    .chain()
                    .in_set(AppSystems::Update),
            )
            .add_systems(
                Update,
                autoplay::drive::<G>
                    .run_if(resource_exists::<Autoplay>.and_then(in_state(Screen::Playing)))
                    .run_if(in_state(Menu::None))
                    .in_set(AppSystems::RecordInput),
            )
            .add_systems(
                Update,
                curtain::lift_with_keys::<G>
                    .run_if(in_state(ActiveGame::Playing(G::ID)).and_then(in_state(Screen::Playing)))
                    .run_if(in_state(Menu::None))
                    .in_set(AppSystems::RecordInput),
            )
            .add_systems(
                Update,
                // One condition: a change seen while another game's table
                // is up must not be used up.
                show::<G>
                    .run_if(in_state(ActiveGame::Playing(G::ID)).and_then(session_changed::<G>))
                    .in_set(AppSystems::Show),
            )
            .add_systems(
                Update,
                (
                    watch::open_replay::<G>,
                    watch::move_through::<G>.run_if(in_state(ActiveGame::Playing(G::ID))),
                )
                    .chain()
                    .in_set(AppSystems::Update),
            )
            .add_systems(OnExit(InGame), flow::end_session::<G>);
    }
}

/// Whether the session changed since it was last shown (or has not been
/// shown yet). Bevy's change detection is the signal: a system touches the
/// session mutably only to change what a seat can see; timers that merely
/// count down (the computer's pause) bypass it.
fn session_changed<G: Playable>(session: Option<Res<Session<G>>>, shown: Option<Res<Shown<G>>>) -> bool {
    session.is_some_and(|s| s.is_changed() || shown.is_none())
}

/// Rebuilds what the seat at the screen is shown; the log follows whose
/// eyes the table has.
fn show<G: Playable>(
    mut commands: Commands,
    session: Res<Session<G>>,
    mut log: ResMut<GameLog>,
    mut computer: ResMut<ComputerToMove>,
) {
    let to_move = session.to_move();
    computer.set_if_neq(ComputerToMove(
        to_move.filter(|&seat| !session.is_replay() && !session.is_human(seat)),
    ));
    log.read_as(
        session.curtain.is_none().then_some(session.viewer),
        session.everything,
    );
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
    // Counting down and thinking change nothing a seat sees: only the
    // action marks the session changed.
    let Some(action) = think(session.bypass_change_detection(), seat, time.delta_secs()) else {
        return;
    };
    let thought = session.bots[seat].as_ref().and_then(|bot| bot.thought());
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

/// The computer's action once its pause is over and it has decided. A slow
/// decision (the wargame's Hard searching its activation) thinks in slices for
/// part of a frame at a time, and goes on next frame: the table keeps
/// drawing and says who is thinking.
fn think<G: Playable>(session: &mut Session<G>, seat: usize, delta: f32) -> Option<G::Action> {
    session.wait -= delta;
    if session.wait > 0.0 {
        return None;
    }
    let (Played::Here(played), Some(bot)) = (&session.played, session.bots[seat].as_mut()) else {
        return None;
    };
    let view = played.game().view(seat);
    let started = Instant::now();
    loop {
        if let Some(action) = bot.think(&view) {
            return Some(action);
        }
        if started.elapsed() > THINKING_PER_FRAME {
            return None;
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
    let wait = &mut session.bypass_change_detection().wait;
    *wait -= time.delta_secs();
    if *wait > 0.0 {
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
