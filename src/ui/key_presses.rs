//! Keys in the order they were pressed. `ButtonInput::just_pressed` says
//! only which keys went down in a frame, once each: at 5 frames a second
//! "1, 2" typed quickly arrives in one frame and one digit was lost, and
//! "Backspace, Backspace" counted once. Number and tile entry read the
//! keyboard's own messages instead, every press in order. The same holds
//! for shortcuts: Ctrl pressed and let go around S within one frame leaves
//! Ctrl up by the frame's end, so each press carries the modifiers held
//! at its own moment.

use bevy::ecs::system::SystemParam;
use bevy::input::ButtonState;
use bevy::input::keyboard::{KeyboardFocusLost, KeyboardInput};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use crate::menus::Menu;
use crate::screens::Screen;

/// A key pressed, with the modifiers held as it went down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chord {
    pub key: KeyCode,
    /// Ctrl, or the Command key on a Mac.
    pub command: bool,
    pub shift: bool,
}

/// The modifier keys down, followed press by press across frames: a bit
/// for the left key, one for the right.
#[derive(Default)]
struct Held {
    ctrl: u8,
    super_key: u8,
    shift: u8,
}

impl Held {
    fn follow(&mut self, key: KeyCode, state: ButtonState) {
        let (keys, bit) = match key {
            KeyCode::ControlLeft => (&mut self.ctrl, 1),
            KeyCode::ControlRight => (&mut self.ctrl, 2),
            KeyCode::SuperLeft => (&mut self.super_key, 1),
            KeyCode::SuperRight => (&mut self.super_key, 2),
            KeyCode::ShiftLeft => (&mut self.shift, 1),
            KeyCode::ShiftRight => (&mut self.shift, 2),
            _ => return,
        };
        match state {
            ButtonState::Pressed => *keys |= bit,
            ButtonState::Released => *keys &= !bit,
        }
    }
}

/// The keys pressed since the last read, for a game's own keys.
#[derive(SystemParam)]
pub struct KeyPresses<'w, 's> {
    input: MessageReader<'w, 's, KeyboardInput>,
    // Absent in a test app without the input plugin.
    focus_lost: Option<MessageReader<'w, 's, KeyboardFocusLost>>,
    held: Local<'s, Held>,
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
        self.on(Screen::Playing).into_iter().map(|c| c.key).collect()
    }

    /// Every key pressed since the last call with its modifiers, in
    /// order, while `screen` has the keyboard (as `at_the_table`).
    pub fn on(&mut self, screen: Screen) -> Vec<Chord> {
        if let Some(lost) = self.focus_lost.as_mut().filter(|lost| !lost.is_empty()) {
            // Keys let go in another window never come back up here.
            lost.clear();
            *self.held = Held::default();
        }
        let mut chords = Vec::new();
        for key in self.input.read() {
            self.held.follow(key.key_code, key.state);
            if key.state == ButtonState::Pressed && !key.repeat {
                chords.push(Chord {
                    key: key.key_code,
                    command: self.held.ctrl != 0 || self.held.super_key != 0,
                    shift: self.held.shift != 0,
                });
            }
        }
        let here = self.screen.as_ref().is_some_and(|s| *s.get() == screen);
        let menu = self.menu.as_ref().is_some_and(|m| *m.get() != Menu::None);
        let typing = self.egui.as_ref().is_some_and(|e| e.wants_any_keyboard_input());
        if here && !menu && !typing {
            chords
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
