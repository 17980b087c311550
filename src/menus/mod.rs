//! Overlays that open over any screen: the pause menu, settings, the rules,
//! and the keys that open and close them (Esc, F1).

use bevy::prelude::*;

use crate::screens::InGame;

#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Menu {
    #[default]
    None,
    Pause,
    Settings,
    Rules,
}

/// Where the rules go back to when closed: the game when F1 or the top
/// bar opened them, the pause menu when its button did.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct RulesReturn(Menu);

impl RulesReturn {
    /// Opens the rules over `from`, to return there.
    pub fn open(&mut self, from: Menu, menu: &mut NextState<Menu>) {
        self.0 = from;
        menu.set(Menu::Rules);
    }

    pub fn close(&self, menu: &mut NextState<Menu>) {
        menu.set(self.0);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Menu>()
        .init_resource::<RulesReturn>()
        .add_systems(Update, menu_keys.run_if(resource_exists::<ButtonInput<KeyCode>>));
}

/// Esc opens the pause menu in a game and steps back out of a window; F1
/// opens the rules in a game and closes them again.
fn menu_keys(
    keys: Res<ButtonInput<KeyCode>>,
    in_game: Option<Res<State<InGame>>>,
    menu: Res<State<Menu>>,
    mut rules: ResMut<RulesReturn>,
    mut next: ResMut<NextState<Menu>>,
) {
    let in_game = in_game.is_some();
    let menu = *menu.get();
    if keys.just_pressed(KeyCode::F1) && in_game {
        match menu {
            Menu::Rules => rules.close(&mut next),
            other => rules.open(other, &mut next),
        }
    } else if keys.just_pressed(KeyCode::Escape) {
        match menu {
            Menu::None if in_game => next.set(Menu::Pause),
            Menu::Rules => rules.close(&mut next),
            Menu::Settings if in_game => next.set(Menu::Pause),
            _ => next.set(Menu::None),
        }
    }
}
