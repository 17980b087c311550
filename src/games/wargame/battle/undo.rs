//! Undo: a step that revealed nothing and rolled no die (an activation
//! without a check, a move) can be taken back, one at a time, until
//! something is rolled or revealed or the other side acts.

use bevy::prelude::*;

use crate::ids::GameId;

use crate::screens::ActiveGame;

use crate::game_log::GameLog;
use crate::games::wargame::engine::state::{Event, Wargame};
use crate::session::{Act, ApplyActions, Happened, Session};

/// The length of the match's record before each step that may still be
/// taken back, latest last: undo plays the record again up to there.
#[derive(Resource, Debug, Default)]
pub struct UndoStack {
    pub steps: Vec<usize>,
    /// The record's length just before the step being applied this frame.
    before: Option<usize>,
}

impl UndoStack {
    pub fn can_undo(&self) -> bool {
        !self.steps.is_empty()
    }
}

/// Take back the last step.
#[derive(Message, Debug, Clone, Copy)]
pub struct UndoStep;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UndoStack>()
        .add_message::<UndoStep>()
        .add_systems(
            Update,
            (
                undo.in_set(crate::app_systems::AppSystems::RecordInput),
                // After every input system has written its actions.
                remember
                    .in_set(crate::app_systems::AppSystems::Update)
                    .before(ApplyActions),
                classify.in_set(crate::app_systems::AppSystems::Settle),
            )
                .run_if(in_state(ActiveGame::Playing(GameId::Wargame))),
        )
        .add_systems(OnEnter(ActiveGame::Playing(GameId::Wargame)), forget)
        .add_systems(OnExit(ActiveGame::Playing(GameId::Wargame)), forget);
}

/// Whether an event leaves the step free to take back.
fn harmless(event: &Event) -> bool {
    matches!(
        event,
        Event::Activated { .. } | Event::Moved { .. } | Event::OrderGiven { .. }
    )
}

fn remember(
    session: Res<Session<Wargame>>,
    mut acts: MessageReader<Act<Wargame>>,
    mut stack: ResMut<UndoStack>,
) {
    if acts.read().count() > 0 && session.human_to_move().is_some() {
        stack.before = Some(session.steps());
    }
}

fn classify(mut happened: MessageReader<Happened<Wargame>>, mut stack: ResMut<UndoStack>) {
    let events: Vec<&Happened<Wargame>> = happened.read().collect();
    if events.is_empty() {
        return;
    }
    let by_person = events.iter().all(|h| !h.by_computer);
    let before = stack.before.take();
    match before {
        Some(len) if by_person && events.iter().all(|h| harmless(&h.event)) => stack.steps.push(len),
        _ => stack.steps.clear(),
    }
}

fn undo(
    mut requests: MessageReader<UndoStep>,
    mut session: ResMut<Session<Wargame>>,
    mut stack: ResMut<UndoStack>,
    mut log: ResMut<GameLog>,
) {
    if requests.read().count() == 0 || session.human_to_move().is_none() {
        return;
    }
    if let Some(len) = stack.steps.pop() {
        session.rewind(len);
        log.push("Step taken back.");
    }
}

fn forget(mut stack: ResMut<UndoStack>) {
    *stack = UndoStack::default();
}
