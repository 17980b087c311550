//! Keys in the order they were pressed. `ButtonInput::just_pressed` says
//! only which keys went down in a frame, once each: at 5 frames a second
//! "1, 2" typed quickly arrives in one frame and one digit was lost, and
//! "Backspace, Backspace" counted once. Number and tile entry read the
//! keyboard's own messages instead, every press in order.

use bevy::ecs::system::SystemParam;
use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use crate::menus::Menu;
use crate::screens::Screen;

/// The keys pressed since the last read, for a game's own keys.
#[derive(SystemParam)]
pub struct KeyPresses<'w, 's> {
    input: MessageReader<'w, 's, KeyboardInput>,
    screen: Option<Res<'w, State<Screen>>>,
    menu: Option<Res<'w, State<Menu>>>,
    egui: Option<Res<'w, EguiWantsInput>>,
}

impl KeyPresses<'_, '_> {
    /// Every key pressed since the last call, in order (held keys'
    /// repeats left out, as `just_pressed` leaves them out), or nothing
    /// when the table does not have the keyboard: another screen, a menu
    /// or an egui text field. Each call reads everything, so the system
    /// calls it every frame and a key pressed elsewhere (the Enter that
    /// started the game) never acts later at the table.
    pub fn at_the_table(&mut self) -> Vec<KeyCode> {
        let keys: Vec<KeyCode> = self
            .input
            .read()
            .filter(|key| key.state == ButtonState::Pressed && !key.repeat)
            .map(|key| key.key_code)
            .collect();
        let playing = self.screen.as_ref().is_some_and(|s| *s.get() == Screen::Playing);
        let menu = self.menu.as_ref().is_some_and(|m| *m.get() != Menu::None);
        let typing = self.egui.as_ref().is_some_and(|e| e.wants_any_keyboard_input());
        if playing && !menu && !typing {
            keys
        } else {
            Vec::new()
        }
    }
}

/// The digit a key types, on the top row or the number pad.
pub fn digit(key: KeyCode) -> Option<u8> {
    use KeyCode::*;
    let digit = match key {
        Digit0 | Numpad0 => 0,
        Digit1 | Numpad1 => 1,
        Digit2 | Numpad2 => 2,
        Digit3 | Numpad3 => 3,
        Digit4 | Numpad4 => 4,
        Digit5 | Numpad5 => 5,
        Digit6 | Numpad6 => 6,
        Digit7 | Numpad7 => 7,
        Digit8 | Numpad8 => 8,
        Digit9 | Numpad9 => 9,
        _ => return None,
    };
    Some(digit)
}

/// Enter on the main block or the number pad.
pub fn is_enter(key: KeyCode) -> bool {
    matches!(key, KeyCode::Enter | KeyCode::NumpadEnter)
}
