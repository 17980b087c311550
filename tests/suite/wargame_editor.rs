//! The scenario editor: the shipped files read and write back byte for
//! byte; a scenario built by the editor's own changes saves as a file that
//! `validate` accepts and that plays to an end; a change the format cannot
//! hold is refused and changes nothing; undo takes a drag back at once; and
//! the screen's commands save into the player's folder and test-play a
//! battle that returns to the editor; its keys act press by press.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardFocusLost, KeyboardInput, NativeKey};
use std::path::PathBuf;

use bevy::prelude::*;
use black_and_white::games::wargame::battle::catalogue::{Catalogue, Origin};
use black_and_white::games::wargame::battle::mods::ModsFolder;
use black_and_white::games::wargame::editor::trial::Trial;
use black_and_white::games::wargame::editor::{Editing, EditorCommand, Tool, keys};
use black_and_white::games::wargame::engine::board::Coord;
use black_and_white::games::wargame::engine::data::Terrain;
use black_and_white::games::wargame::engine::scenario::{Goal, ScenarioKind};
use black_and_white::games::wargame::engine::scenario_check::{Place, check_text};
use black_and_white::games::wargame::engine::scenario_edits::{Edit, ScenarioEditor};
use black_and_white::games::wargame::engine::scenario_text::ScenarioText;
use black_and_white::games::wargame::engine::shipped::SHIPPED;
use black_and_white::games::wargame::engine::state::{Setup, Wargame};
use black_and_white::games::wargame::table::setup::picker::EditScenario;
use black_and_white::rules::playout::random_playout_with;
use black_and_white::screens::Screen;
use black_and_white::session::{MatchCommand, Session, Shown};

use crate::headless::{app, config_dir, screen};

#[test]
fn every_shipped_scenario_reads_and_writes_back_byte_for_byte() {
    for (file, text) in SHIPPED {
        let read = ScenarioText::read(text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let written = read.write();
        if written != text {
            let line = written
                .lines()
                .zip(text.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            panic!(
                "{file} differs at line {}:\n  wrote   {:?}\n  shipped {:?}",
                line + 1,
                written.lines().nth(line),
                text.lines().nth(line)
            );
        }
    }
}

#[test]
fn a_new_file_has_the_header_and_legend_and_reads_back_as_written() {
    let editor = ScenarioEditor::blank(30);
    let text = editor.file_text();
    assert!(text.starts_with("// Scenario 30: My Battle. The format: docs/modding.md.\n(\n"));
    assert!(text.contains("    // . plain  f forest  h hill"));
    assert!(
        text.contains("         \". . . . . . . . .\",\n"),
        "odd rows set in"
    );
    let back = ScenarioText::read(&text).unwrap();
    assert_eq!(back.scenario, *editor.scenario());
    assert_eq!(back.write(), text);
    assert_eq!(editor.file_name(), "30-my-battle.ron");

    // Quotes, backslashes, apostrophes and line breaks survive the trip.
    let mut editor = editor;
    let about = "Vesania's \"last\" stand \\ at dawn,\nthen dusk.";
    editor.apply(Edit::About(about.into())).unwrap();
    editor.apply(Edit::Name("Ä Fort's Fall".into())).unwrap();
    let back = ScenarioText::read(&editor.file_text()).unwrap();
    assert_eq!(back.scenario.about, about);
    assert_eq!(editor.file_name(), "30-fort-s-fall.ron");
}

/// A defence built by the editor's changes: a fort on a ridge, a stream
/// with a bridge, woods by fill, white holding the fort.
fn build_a_defence() -> ScenarioEditor {
    let mut editor = ScenarioEditor::blank(40);
    let edits = [
        Edit::Resize { columns: 8, rows: 9 },
        Edit::Name("The River Fort".into()),
        Edit::About("White holds the fort above the ford.".into()),
        Edit::Kind(ScenarioKind::Defense),
        Edit::Paint {
            at: Coord(4, 6),
            terrain: Terrain::Fort,
        },
        Edit::Paint {
            at: Coord(3, 6),
            terrain: Terrain::Hill,
        },
        Edit::FirstRow { seat: 1, row: 8 },
        Edit::Goal {
            seat: 0,
            goal: Goal::Forts(1),
        },
        Edit::Tokens { seat: 0, tokens: 4 },
        Edit::TurnLimit(14),
        Edit::Budget(24),
    ];
    for edit in edits {
        editor
            .apply(edit.clone())
            .unwrap_or_else(|e| panic!("{edit:?}: {e}"));
    }
    for col in 0..8 {
        let terrain = if col == 2 {
            Terrain::Bridge
        } else {
            Terrain::Stream
        };
        editor
            .apply(Edit::Paint {
                at: Coord(col, 4),
                terrain,
            })
            .unwrap();
    }
    editor.end_stroke();
    // Woods by fill: a closed ring of forest, then its inside filled.
    editor
        .apply(Edit::Fill {
            at: Coord(0, 1),
            terrain: Terrain::Forest,
        })
        .unwrap();
    editor
}

#[test]
fn a_scenario_built_by_the_editor_saves_validates_and_plays_to_an_end() {
    let editor = build_a_defence();
    let s = editor.scenario();
    assert_eq!(editor.terrain(Coord(4, 6)), Some(Terrain::Fort));
    assert_eq!(editor.terrain(Coord(2, 4)), Some(Terrain::Bridge));
    // The fill took every plain hex joined to (0, 1): all of rows 0 to 3
    // (the stream on row 4 bounds them), and none beyond.
    assert_eq!(editor.terrain(Coord(7, 3)), Some(Terrain::Forest));
    assert_eq!(editor.terrain(Coord(0, 5)), Some(Terrain::Plain));
    assert_eq!(
        (s.black.goal, s.white.first_row, s.turn_limit),
        (Goal::Forts(1), 8, 14)
    );
    assert!(editor.flaws().is_empty(), "{:?}", editor.flaws());

    let text = editor.file_text();
    let checked = check_text(&text).unwrap_or_else(|p| panic!("validate refused the saved file: {p:?}"));
    assert_eq!(checked, *s);
    let playout = random_playout_with::<Wargame>(&Setup::with_commanders(s, true), 5, 20_000).unwrap();
    assert!(playout.outcome.score.iter().any(|&p| p >= 0));
    // And the computer plays it through, as "Try 100 games" does.
    let mut trial = Trial::new(s, 1, 9);
    while !trial.done() {
        trial.work(std::time::Duration::from_millis(50));
    }
    let (rate, _) = trial.white_score().unwrap();
    assert!(
        [0.0, 0.5, 1.0].contains(&rate),
        "one game scores a win, a draw or a loss: {rate}"
    );
}

#[test]
fn a_change_the_format_cannot_hold_is_refused_and_changes_nothing() {
    let mut editor = ScenarioEditor::blank(41);
    let before = editor.file_text();
    let refused = [
        (
            Edit::Paint {
                at: Coord(9, 0),
                terrain: Terrain::Hill,
            },
            "off the map",
        ),
        (
            Edit::Resize {
                columns: 17,
                rows: 10,
            },
            "1 to 16 hexes wide",
        ),
        (Edit::Tokens { seat: 1, tokens: 7 }, "1 to 6"),
        (Edit::TurnLimit(0), "1 to 50"),
        (Edit::Number(100), "1 to 99"),
        (Edit::FirstRow { seat: 0, row: 10 }, "off the map"),
        (Edit::Kind(ScenarioKind::Tutorial), "lessons"),
    ];
    for (edit, says) in refused {
        let e = editor
            .apply(edit.clone())
            .expect_err(&format!("{edit:?} accepted"));
        assert!(e.contains(says), "{edit:?}: {e}");
    }
    assert_eq!(editor.file_text(), before);
    assert!(!editor.can_undo() && !editor.unsaved);

    // A change that makes the scenario unplayable is made, and the live
    // check names it with its place.
    editor.apply(Edit::FirstRow { seat: 1, row: 0 }).unwrap();
    let flaws = editor.flaws();
    assert_eq!(flaws.len(), 1, "{flaws:?}");
    assert_eq!(flaws[0].place, Place::SideField("white", "first_row"));
    assert_eq!(editor.hex_of(&flaws[0]), Some(Coord(0, 0)));
    assert!(!editor.playable());
    editor
        .apply(Edit::Paint {
            at: Coord(3, 2),
            terrain: Terrain::Fort,
        })
        .unwrap();
    editor
        .apply(Edit::Goal {
            seat: 0,
            goal: Goal::Forts(2),
        })
        .unwrap();
    let flaws = editor.flaws();
    assert!(
        flaws
            .iter()
            .any(|f| f.message.contains("asks for 2 forts but the map has 1")),
        "{flaws:?}"
    );
    // As validate says: a shipped scenario's number is not the player's.
    editor.apply(Edit::Number(6)).unwrap();
    let flaws = editor.flaws();
    assert!(
        flaws.iter().any(|f| f
            .message
            .contains("belongs to the shipped scenario 06-the-old-fort.ron")),
        "{flaws:?}"
    );
}

#[test]
fn undo_takes_a_drag_back_in_one_step_and_redo_brings_it_again() {
    let mut editor = ScenarioEditor::blank(42);
    for col in 0..4 {
        editor
            .apply(Edit::Paint {
                at: Coord(col, 3),
                terrain: Terrain::Swamp,
            })
            .unwrap();
    }
    editor.end_stroke();
    editor
        .apply(Edit::Paint {
            at: Coord(5, 5),
            terrain: Terrain::Mountains,
        })
        .unwrap();
    editor.apply(Edit::Name("Fens".into())).unwrap();
    editor.apply(Edit::Name("Fens and Fells".into())).unwrap();
    assert!(editor.undo(), "the typing");
    assert_eq!(
        editor.scenario().name,
        "My Battle",
        "typed letters go back together"
    );
    assert!(editor.undo(), "the click");
    assert_eq!(editor.terrain(Coord(5, 5)), Some(Terrain::Plain));
    assert_eq!(editor.terrain(Coord(3, 3)), Some(Terrain::Swamp));
    assert!(editor.undo(), "the drag");
    assert!((0..4).all(|c| editor.terrain(Coord(c, 3)) == Some(Terrain::Plain)));
    assert!(!editor.undo());
    assert!(editor.redo() && editor.redo());
    assert_eq!(editor.terrain(Coord(5, 5)), Some(Terrain::Mountains));
    assert_eq!(editor.terrain(Coord(2, 3)), Some(Terrain::Swamp));
}

#[test]
fn a_copy_of_a_tutorial_is_a_skirmish_of_its_own() {
    let (_, text) = SHIPPED.iter().find(|(f, _)| f.starts_with("21-")).unwrap();
    let editor = ScenarioEditor::copy_of(ScenarioText::read(text).unwrap(), 23);
    let s = editor.scenario();
    assert_eq!((s.number, s.kind), (23, ScenarioKind::Skirmish));
    assert_eq!(s.name, "Copy of Tutorial: First Contact");
    assert!(s.tutorial.is_empty());
    assert!(editor.playable(), "{:?}", editor.flaws());
    // The comments written above its fields stay with them.
    assert!(
        editor
            .file_text()
            .contains("// A teaching choice, said in `about`")
    );
}

/// The headless app with the player's scenarios folder, on the editor
/// opened as the picker's "New scenario" opens it; and the folder.
fn a_new_scenario_in_the_editor(name: &str, number: u32) -> (App, PathBuf) {
    let dir = config_dir(name);
    let folder = dir.join("scenarios");
    let mut app = app(&dir);
    app.insert_resource(ModsFolder(Some(folder.clone())));
    app.world_mut().write_message(EditScenario {
        editor: ScenarioEditor::blank(number),
        file: None,
    });
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Editor);
    (app, folder)
}

#[test]
fn the_editor_screen_saves_into_the_players_folder_and_test_plays_back_to_it() {
    let (mut app, folder) = a_new_scenario_in_the_editor("editor", 50);
    let send = |app: &mut App, command: EditorCommand| {
        app.world_mut().write_message(command);
        app.update();
    };
    send(
        &mut app,
        EditorCommand::Edit(Edit::Paint {
            at: Coord(4, 5),
            terrain: Terrain::Fort,
        }),
    );
    send(&mut app, EditorCommand::Edit(Edit::FirstRow { seat: 1, row: 0 }));
    // A draft with a problem saves, but does not play.
    send(&mut app, EditorCommand::Save);
    let saved = folder.join("50-my-battle.ron");
    let draft = std::fs::read_to_string(&saved).expect("the draft is saved");
    assert!(check_text(&draft).is_err(), "the draft does not validate");
    let message = app.world().resource::<Editing>().message.clone().unwrap();
    assert!(message.0.contains("draft"), "{message:?}");
    send(&mut app, EditorCommand::TestPlay(Some(0)));
    assert_eq!(screen(&app), Screen::Editor);
    let (said, problem) = app.world().resource::<Editing>().message.clone().unwrap();
    assert!(problem && said.contains("same first row"), "{said}");

    send(&mut app, EditorCommand::Undo);
    send(&mut app, EditorCommand::Save);
    let text = std::fs::read_to_string(&saved).unwrap();
    let scenario = check_text(&text).expect("saved once fixed, it validates");
    assert_eq!(scenario.name, "My Battle");
    let catalogue = app.world().resource::<Catalogue>();
    assert!(
        catalogue
            .entries
            .iter()
            .any(|e| e.origin == Origin::Mod && e.file == "50-my-battle.ron" && e.scenario.is_ok()),
        "listed in the picker at once"
    );

    send(&mut app, EditorCommand::TestPlay(Some(1)));
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    let shown = app.world().resource::<Shown<Wargame>>();
    assert_eq!(shown.view.scenario, 50, "the battle is on the edited scenario");
    app.world_mut().write_message(MatchCommand::Quit);
    app.update();
    app.update();
    assert_eq!(
        screen(&app),
        Screen::Editor,
        "the test battle returns to the editor"
    );
    assert!(app.world().get_resource::<Session<Wargame>>().is_none());
    assert!(!app.world().resource::<Editing>().editor.unsaved);
    // Back in the editor, Quit goes to the game list again.
    send(&mut app, EditorCommand::Back);
    app.update();
    assert_eq!(screen(&app), Screen::NewGame);
}

/// Keys down and up, in this order, all within one frame (a slow frame
/// in the browser gathers a whole Ctrl+S).
fn keys_in_one_frame(app: &mut App, keys: &[(KeyCode, ButtonState)]) {
    app.world_mut()
        .write_message_batch(keys.iter().map(|&(key_code, state)| KeyboardInput {
            key_code,
            logical_key: Key::Unidentified(NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        }));
    // The keys' commands are carried out in this frame or the next.
    app.update();
    app.update();
}

fn chord(modifier: KeyCode, key: KeyCode) -> [(KeyCode, ButtonState); 4] {
    use ButtonState::*;
    [
        (modifier, Pressed),
        (key, Pressed),
        (key, Released),
        (modifier, Released),
    ]
}

fn message(app: &App) -> String {
    let editing = app.world().resource::<Editing>();
    editing.message.clone().map(|m| m.0).unwrap_or_default()
}

#[test]
fn the_editors_keys_act_press_by_press_with_the_modifiers_held_at_each() {
    use ButtonState::*;
    let (mut app, folder) = a_new_scenario_in_the_editor("editor-keys", 51);
    app.add_message::<KeyboardInput>()
        .add_message::<KeyboardFocusLost>()
        .add_plugins(keys::plugin);

    // A digit picks the terrain (3 is the third, 0 the tenth), a letter the tool.
    keys_in_one_frame(&mut app, &[(KeyCode::Digit3, Pressed), (KeyCode::KeyA, Pressed)]);
    let editing = app.world().resource::<Editing>();
    assert_eq!(editing.terrain, Terrain::ALL[2]);
    assert_eq!(editing.tool, Tool::Arrows);
    keys_in_one_frame(&mut app, &[(KeyCode::Digit0, Pressed), (KeyCode::KeyF, Pressed)]);
    let editing = app.world().resource::<Editing>();
    assert_eq!(editing.terrain, Terrain::ALL[9]);
    assert_eq!(editing.tool, Tool::Fill);

    app.world_mut().write_message(EditorCommand::Edit(Edit::Paint {
        at: Coord(3, 3),
        terrain: Terrain::Hill,
    }));
    app.world_mut().write_message(EditorCommand::EndStroke);
    app.update();
    // Esc with the change unsaved warns and stays; S without Ctrl saves nothing.
    keys_in_one_frame(&mut app, &[(KeyCode::Escape, Pressed), (KeyCode::KeyS, Pressed)]);
    assert_eq!(screen(&app), Screen::Editor);
    assert!(message(&app).contains("not saved"), "{}", message(&app));
    let saved = folder.join("51-my-battle.ron");
    assert!(!saved.exists());

    // Ctrl down and up around S within one frame saves.
    keys_in_one_frame(&mut app, &chord(KeyCode::ControlLeft, KeyCode::KeyS));
    assert!(saved.exists(), "Ctrl+S saved: {}", message(&app));
    assert!(!app.world().resource::<Editing>().editor.unsaved);
    let painted = |app: &App| app.world().resource::<Editing>().editor.scenario().clone();
    let at_save = painted(&app);
    // Ctrl was let go: a plain S after it saves nothing more.
    app.world_mut().write_message(EditorCommand::Edit(Edit::Paint {
        at: Coord(4, 4),
        terrain: Terrain::Swamp,
    }));
    app.world_mut().write_message(EditorCommand::EndStroke);
    app.update();
    keys_in_one_frame(&mut app, &[(KeyCode::KeyS, Pressed)]);
    assert!(app.world().resource::<Editing>().editor.unsaved);
    // Ctrl+Z takes the paint back; Ctrl+Y and Ctrl+Shift+Z bring it again.
    keys_in_one_frame(&mut app, &chord(KeyCode::ControlRight, KeyCode::KeyZ));
    assert_eq!(painted(&app), at_save, "Ctrl+Z undid the paint");
    keys_in_one_frame(&mut app, &chord(KeyCode::ControlLeft, KeyCode::KeyY));
    assert_ne!(painted(&app), at_save, "Ctrl+Y redid it");
    keys_in_one_frame(&mut app, &chord(KeyCode::ControlLeft, KeyCode::KeyZ));
    assert_eq!(painted(&app), at_save);
    keys_in_one_frame(
        &mut app,
        &[
            (KeyCode::ControlLeft, Pressed),
            (KeyCode::ShiftLeft, Pressed),
            (KeyCode::KeyZ, Pressed),
            (KeyCode::KeyZ, Released),
            (KeyCode::ShiftLeft, Released),
            (KeyCode::ControlLeft, Released),
        ],
    );
    assert_ne!(painted(&app), at_save, "Ctrl+Shift+Z redid it");
    // Ctrl held as the window loses the keyboard never comes up here: it
    // counts as let go, and S alone saves nothing.
    keys_in_one_frame(&mut app, &[(KeyCode::ControlLeft, Pressed)]);
    app.world_mut().write_message(KeyboardFocusLost);
    keys_in_one_frame(&mut app, &[(KeyCode::KeyS, Pressed)]);
    assert!(app.world().resource::<Editing>().editor.unsaved);

    // Esc twice with changes unsaved leaves without them.
    keys_in_one_frame(&mut app, &[(KeyCode::Escape, Pressed)]);
    assert_eq!(screen(&app), Screen::Editor);
    keys_in_one_frame(&mut app, &[(KeyCode::Escape, Pressed)]);
    app.update();
    assert_eq!(screen(&app), Screen::NewGame);
}
