//! The order of the app's own systems within a frame, named once.

use bevy::prelude::*;

/// The order of the app's own systems within a frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Input becomes Messages (actions, commands).
    RecordInput,
    /// The sessions apply actions and the computer plays.
    Update,
    /// What reacts to the frame's actions before the seats are shown
    /// (a result held on screen, undo, saves).
    Settle,
    /// Each session rebuilds what its seat is shown; the tables draw
    /// after this.
    Show,
}

pub(super) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            AppSystems::RecordInput,
            AppSystems::Update,
            AppSystems::Settle,
            AppSystems::Show,
        )
            .chain(),
    );
}
