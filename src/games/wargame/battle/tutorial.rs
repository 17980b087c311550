//! A scenario's guided battle (`tutorial` in its file): one step at a
//! time, each waiting for the player to do what it asks, read from what
//! the player's seat is shown and the events addressed to it. It plays when
//! a person meets the computer and can be left at any time.

use bevy::prelude::*;

use crate::ids::GameId;

use crate::screens::ActiveGame;

use crate::games::wargame::engine::scenario::{Lesson, Until};
use crate::games::wargame::engine::state::{Event, Phase, Wargame};
use crate::session::{Happened, Opponent, Shown};

/// The guided battle in progress.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Tutorial {
    lessons: Vec<Lesson>,
    /// The step shown, `lessons.len()` once every step is done.
    step: usize,
    /// An activation of the player's ran during this step (for
    /// `EndActivation`, which waits for one to end).
    activation_seen: bool,
}

impl Tutorial {
    /// The step on screen, with its number from 1, and how many there are.
    pub fn current(&self) -> Option<(usize, usize, &Lesson)> {
        self.lessons
            .get(self.step)
            .map(|lesson| (self.step + 1, self.lessons.len(), lesson))
    }

    fn advance(&mut self) {
        self.step = (self.step + 1).min(self.lessons.len());
        self.activation_seen = false;
    }
}

/// What the tutorial's panel asks for.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum TutorialCommand {
    /// The Next button of a step that waits for it.
    Next,
    /// Leave the guidance; the battle goes on.
    Leave,
}

pub(super) fn plugin(app: &mut App) {
    let wargame = ActiveGame::Playing(GameId::Wargame);
    app.add_message::<TutorialCommand>()
        .add_systems(
            Update,
            follow
                .run_if(resource_exists::<Tutorial>.and_then(in_state(wargame)))
                .after(crate::app_systems::AppSystems::Show),
        )
        .add_systems(OnEnter(wargame), begin)
        .add_systems(OnExit(wargame), end);
}

fn begin(mut commands: Commands, shown: Res<Shown<Wargame>>) {
    let lessons = &shown.view.lessons;
    if lessons.is_empty() || !matches!(shown.opponent, Opponent::Computer(_)) {
        commands.remove_resource::<Tutorial>();
        return;
    }
    commands.insert_resource(Tutorial {
        lessons: lessons.clone(),
        step: 0,
        activation_seen: false,
    });
}

fn end(mut commands: Commands) {
    commands.remove_resource::<Tutorial>();
}

/// Moves on when the player has done what the step asks.
fn follow(
    mut commands: Commands,
    mut tutorial: ResMut<Tutorial>,
    shown: Res<Shown<Wargame>>,
    mut happened: MessageReader<Happened<Wargame>>,
    mut asked: MessageReader<TutorialCommand>,
) {
    let me = shown.seat;
    let game = shown.view.battlefield();
    for command in asked.read() {
        match command {
            TutorialCommand::Leave => {
                commands.remove_resource::<Tutorial>();
                return;
            }
            TutorialCommand::Next => {
                if tutorial.current().is_some_and(|(_, _, l)| l.until == Until::Next) {
                    tutorial.advance();
                }
            }
        }
    }
    let mine = |unit: &usize| game.units.get(*unit).is_some_and(|u| u.owner == me);
    for happened in happened.read() {
        let Some(event) = happened.seen_by(me) else {
            continue;
        };
        let Some((_, _, lesson)) = tutorial.current() else {
            return;
        };
        let done = match (lesson.until, event) {
            (Until::Activate, Event::Activated { player, .. }) => *player == me,
            (Until::Move, Event::Moved { units, .. }) => units.iter().any(mine),
            (Until::Attack, Event::Attack { attacker, target, .. }) => {
                attacker.as_ref().map_or(!mine(target), mine)
            }
            (Until::EndTurn, Event::TurnBegins { player, .. }) => *player != me,
            _ => false,
        };
        if done {
            tutorial.advance();
        }
    }
    // What the table shows rather than an event: the battle has begun, an
    // activation of the player's that ran is over.
    let running = game.activation.is_some() && game.active == me;
    if running {
        tutorial.activation_seen = true;
    }
    if let Some((_, _, lesson)) = tutorial.current() {
        let done = match lesson.until {
            Until::Deploy => game.phase != Phase::Building,
            Until::EndActivation => tutorial.activation_seen && !running,
            _ => false,
        };
        if done {
            tutorial.advance();
        }
    }
}
