//! "Play online": the server's address, a new game (which game, who
//! across, the wargame's scenario, listed in the lobby or not), the
//! lobby's open games, or a code to join, the code shown large
//! while the game waits for the other player, and over the table a line
//! while the connection is being made again.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::layout::{FreeSpace, UiLayer};
use super::theme;
use crate::ids::GameId;
use crate::menus::Menu;
use crate::play_online::{Across, LobbyCommand, Online, OnlineCommand, OnlineLobby, OwnScenarios, Stage};
use crate::rules::Level;
use crate::screens::Screen;
use crate::session::Launch;
use crate::settings::Settings;

/// The shipped scenario a new online battle starts with: the first
/// tutorial battle, which plays in minutes.
const FIRST_SCENARIO: u32 = 21;

/// What the form holds while the person fills it in.
#[derive(Resource, Debug, Clone)]
struct Form {
    game: GameId,
    across: Across,
    scenario: u32,
    code: String,
    /// A game against a person is listed in the lobby.
    public: bool,
    /// A game against a person counts for the ratings (signed in).
    rated: bool,
    /// Days per move for a correspondence game; 0 for one played now.
    days: u32,
    /// The wargame on the player's own scenario (its place among them).
    own: Option<usize>,
    /// Joining by code: agreed to a game on another player's scenario.
    accept_mod: bool,
    /// The account form.
    name: String,
    password: String,
}

impl Default for Form {
    fn default() -> Self {
        Form {
            game: GameId::Tiles,
            across: Across::Person,
            scenario: FIRST_SCENARIO,
            code: String::new(),
            public: true,
            rated: false,
            days: 0,
            own: None,
            accept_mod: false,
            name: String::new(),
            password: String::new(),
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, open_from_command_line);
    app.init_resource::<Form>().add_systems(
        EguiPrimaryContextPass,
        (
            lobby
                .run_if(in_state(Screen::Online))
                .run_if(in_state(Menu::None).or_else(in_state(Menu::Rules)))
                .in_set(UiLayer::Frame),
            reconnecting
                .run_if(in_state(Screen::Playing).or_else(in_state(Screen::Result)))
                .in_set(UiLayer::Overlay),
        ),
    );
}

/// `--online`: the screen at once.
fn open_from_command_line(launch: Option<Res<Launch>>, mut next: ResMut<NextState<Screen>>) {
    if launch.is_some_and(|launch| launch.online) {
        next.set(Screen::Online);
    }
}

fn lobby(
    mut contexts: EguiContexts,
    space: Res<FreeSpace>,
    mut form: ResMut<Form>,
    mut settings: ResMut<Settings>,
    online: Res<Online>,
    lobby: Res<OnlineLobby>,
    own: Res<OwnScenarios>,
    mut ask: MessageWriter<OnlineCommand>,
    mut account: MessageWriter<LobbyCommand>,
    mut next: ResMut<NextState<Screen>>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Keys typed into the address or the code are not shortcuts.
    let keys = (!ctx.egui_wants_keyboard_input()).then_some(&*keys);
    let pressed = |key| keys.is_some_and(|k| k.just_pressed(key));
    if pressed(KeyCode::Escape) {
        if online.stage != Stage::Idle {
            ask.write(OnlineCommand::Leave);
        }
        next.set(Screen::Title);
    }
    if online.stage == Stage::Idle {
        shortcuts(&mut form, &pressed);
        if pressed(KeyCode::KeyR) && settings.online_seat.is_some() {
            ask.write(OnlineCommand::Resume);
        }
        if pressed(KeyCode::KeyJ)
            && let Some(seek) = lobby.seeks.first()
        {
            // The list says whose own scenario it is before the key.
            ask.write(OnlineCommand::Join {
                code: seek.code.clone(),
                accept_mod: true,
            });
        }
    }
    let mut root = space.ui(ctx, "online");
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.inner_margin(40.0))
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                ui.heading(egui::RichText::new("Play online").size(40.0));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("Back (Esc)").clicked() {
                        if online.stage != Stage::Idle {
                            ask.write(OnlineCommand::Leave);
                        }
                        next.set(Screen::Title);
                    }
                });
            });
            ui.add_space(8.0);
            match online.stage {
                Stage::Idle => {
                    let enter = pressed(KeyCode::Enter);
                    let mut start = |ui: &mut egui::Ui, ask: &mut MessageWriter<OnlineCommand>| {
                        server_ui(ui, &mut settings, &online, ask);
                        account_ui(ui, &mut form, &settings, &lobby, &mut account, ask);
                        form_ui(ui, &mut form, &settings, &own, ask, enter);
                    };
                    // Wide: what to start on the left, who waits on the
                    // right; narrow: one column.
                    if ui.available_width() >= 1100.0 {
                        ui.columns(2, |columns| {
                            egui::ScrollArea::vertical()
                                .id_salt("start")
                                .show(&mut columns[0], |ui| start(ui, &mut ask));
                            egui::ScrollArea::vertical()
                                .id_salt("waiting")
                                .show(&mut columns[1], |ui| {
                                    open_games_ui(ui, &lobby, &mut ask);
                                    my_games_ui(ui, &lobby, &mut ask);
                                });
                        });
                    } else {
                        egui::ScrollArea::vertical().show(ui, |ui| {
                            start(ui, &mut ask);
                            open_games_ui(ui, &lobby, &mut ask);
                            my_games_ui(ui, &lobby, &mut ask);
                        });
                    }
                }
                Stage::Waiting => waiting_ui(ui, &online, &mut ask),
                Stage::Watching => watching_ui(ui, &online, &mut ask),
                _ => {
                    ui.add_space(24.0);
                    ui.label(egui::RichText::new(format!("Connecting to {}…", settings.server)).size(22.0));
                    if ui.button("Cancel").clicked() {
                        ask.write(OnlineCommand::Leave);
                    }
                }
            }
        });
    Ok(())
}

/// The server's address, what last went wrong, and the seat kept from a
/// game in progress.
fn server_ui(
    ui: &mut egui::Ui,
    settings: &mut Settings,
    online: &Online,
    ask: &mut MessageWriter<OnlineCommand>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Server");
        let mut address = settings.server.clone();
        ui.add(egui::TextEdit::singleline(&mut address).desired_width(320.0));
        if address != settings.server {
            settings.server = address;
        }
    });
    ui.label(
        egui::RichText::new("Anyone can run one: black-and-white serve (it listens on port 7480).").weak(),
    );
    if let Some(problem) = &online.problem {
        ui.add_space(8.0);
        ui.colored_label(theme::WARNING, problem);
    }
    if let Some(seat) = settings.online_seat.clone() {
        panel(ui, "Your game in progress", |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(format!("{}, game {} on {}", seat.game.title(), seat.code, seat.server));
                if ui.button(egui::RichText::new("Resume (R)").strong()).clicked() {
                    ask.write(OnlineCommand::Resume);
                }
                if ui
                    .button("Forget it")
                    .on_hover_text("The seat stays on the server until its game is given up; this only stops offering it here.")
                    .clicked()
                {
                    settings.online_seat = None;
                }
            });
        });
    }
}

fn form_ui(
    ui: &mut egui::Ui,
    form: &mut Form,
    settings: &Settings,
    own: &OwnScenarios,
    ask: &mut MessageWriter<OnlineCommand>,
    enter: bool,
) {
    panel(ui, "A new game", |ui| {
        ui.horizontal_wrapped(|ui| {
            for (n, game) in GameId::ALL.into_iter().enumerate() {
                ui.radio_value(&mut form.game, game, format!("{} ({})", game.title(), n + 1));
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("Across the table:");
            ui.radio_value(&mut form.across, Across::Person, "somebody with the code (P)");
            for (level, key) in Level::PLAYABLE.into_iter().zip(["E", "N", "H"]) {
                ui.radio_value(
                    &mut form.across,
                    Across::Computer(level),
                    format!("the server's computer, {} ({key})", level.label()),
                );
            }
        });
        if form.across == Across::Person {
            ui.checkbox(&mut form.public, "List it in the lobby, for anyone to join (L)");
            if signed_in(settings).is_some() {
                ui.checkbox(&mut form.rated, "Rated: it counts for both players' ratings (T)");
            }
            if form.game != GameId::Betting {
                ui.horizontal_wrapped(|ui| {
                    ui.label("Correspondence");
                    ui.add(egui::DragValue::new(&mut form.days).range(0..=14));
                    ui.label(
                        egui::RichText::new("days per move; 0 to play it now. The game waits on the server.")
                            .weak(),
                    );
                });
            }
        }
        if form.game == GameId::Wargame {
            ui.horizontal_wrapped(|ui| {
                ui.label("Scenario");
                ui.add_enabled(
                    form.own.is_none(),
                    egui::DragValue::new(&mut form.scenario).range(1..=22),
                );
                ui.label(egui::RichText::new("1-22; 21 and 22 are the tutorial battles").weak());
                if !own.0.is_empty() {
                    let chosen = form
                        .own
                        .and_then(|n| own.0.get(n))
                        .map_or("none", |s| s.name.as_str());
                    egui::ComboBox::from_label("or your own")
                        .selected_text(chosen)
                        .show_ui(ui, |ui| {
                            ui.selectable_value(&mut form.own, None, "none");
                            for (n, scenario) in own.0.iter().enumerate() {
                                ui.selectable_value(&mut form.own, Some(n), &scenario.name);
                            }
                        });
                }
            });
        }
        ui.add_space(8.0);
        if theme::default_button(ui, "Create game (Enter)") || enter {
            ask.write(OnlineCommand::Create {
                game: form.game,
                across: form.across,
                scenario: Some(form.scenario),
                public: form.public,
                rated: form.rated && signed_in(settings).is_some(),
                days: (form.days > 0 && form.game != GameId::Betting).then_some(form.days),
                scenario_file: form.own.and_then(|n| own.0.get(n)).map(|s| s.text.clone()),
            });
        }
    });
    panel(ui, "Join a game", |ui| {
        ui.horizontal(|ui| {
            ui.label("Code");
            let typed = ui.add(
                egui::TextEdit::singleline(&mut form.code)
                    .char_limit(crate::wire::CODE_LENGTH)
                    .desired_width(120.0)
                    .font(egui::TextStyle::Monospace),
            );
            // Enter in the box joins, as the button does (a one-line box
            // gives up its focus on Enter).
            let entered = typed.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let ready = form.code.trim().len() == crate::wire::CODE_LENGTH;
            if ui.add_enabled(ready, egui::Button::new("Join (Enter)")).clicked() || (ready && entered) {
                ask.write(OnlineCommand::Join {
                    code: form.code.clone(),
                    accept_mod: form.accept_mod,
                });
            }
            if ui
                .add_enabled(ready, egui::Button::new("Watch"))
                .on_hover_text("What is public at its table; the whole game as a replay once it is over.")
                .clicked()
            {
                ask.write(OnlineCommand::Watch {
                    code: form.code.clone(),
                });
            }
        });
        ui.checkbox(
            &mut form.accept_mod,
            "Play it if it is on the other player's own scenario (the server says which first)",
        );
    });
}

/// 1-4 pick the game; P, E, N and H who sits across.
fn shortcuts(form: &mut Form, pressed: &impl Fn(KeyCode) -> bool) {
    let games = [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3, KeyCode::Digit4];
    for (key, game) in games.into_iter().zip(GameId::ALL) {
        if pressed(key) {
            form.game = game;
        }
    }
    let across = [
        (KeyCode::KeyP, Across::Person),
        (KeyCode::KeyE, Across::Computer(Level::Easy)),
        (KeyCode::KeyN, Across::Computer(Level::Normal)),
        (KeyCode::KeyH, Across::Computer(Level::Hard)),
    ];
    for (key, across) in across {
        if pressed(key) {
            form.across = across;
        }
    }
    if pressed(KeyCode::KeyL) {
        form.public = !form.public;
    }
    if pressed(KeyCode::KeyT) {
        form.rated = !form.rated;
    }
}

/// The name signed in on the settings' server, if any.
fn signed_in(settings: &Settings) -> Option<&str> {
    settings
        .online_account
        .as_ref()
        .filter(|account| account.server == settings.server)
        .map(|account| account.name.as_str())
}

/// Signed in: the name, the ratings and the table of the best; else the
/// form to sign in or up (or play as a guest, as before).
fn account_ui(
    ui: &mut egui::Ui,
    form: &mut Form,
    settings: &Settings,
    lobby: &OnlineLobby,
    account: &mut MessageWriter<LobbyCommand>,
    ask: &mut MessageWriter<OnlineCommand>,
) {
    let Some(name) = signed_in(settings) else {
        panel(ui, "Your account", |ui| {
            ui.label(egui::RichText::new("Sign in to play rated games; or play as a guest.").weak());
            ui.horizontal_wrapped(|ui| {
                ui.label("Name");
                ui.add(
                    egui::TextEdit::singleline(&mut form.name)
                        .char_limit(20)
                        .desired_width(160.0),
                );
                ui.label("Password");
                ui.add(
                    egui::TextEdit::singleline(&mut form.password)
                        .password(true)
                        .char_limit(128)
                        .desired_width(160.0),
                );
            });
            ui.horizontal(|ui| {
                let ready =
                    !lobby.signing && lobby.live && !form.name.is_empty() && !form.password.is_empty();
                let (name, password) = (form.name.trim().to_owned(), form.password.clone());
                if ui.add_enabled(ready, egui::Button::new("Sign in")).clicked() {
                    account.write(LobbyCommand::SignIn { name, password });
                    form.password.clear();
                } else if ui
                    .add_enabled(ready, egui::Button::new("Create the account"))
                    .clicked()
                {
                    account.write(LobbyCommand::SignUp { name, password });
                    form.password.clear();
                }
                if lobby.signing {
                    ui.label("…");
                }
            });
            if let Some(problem) = &lobby.problem {
                ui.colored_label(theme::WARNING, problem);
            }
        });
        return;
    };
    panel(ui, &format!("Signed in as {name}"), |ui| {
        ui.horizontal_wrapped(
            |ui| match lobby.profile.as_ref().map(|profile| &profile.ratings) {
                Some(ratings) if !ratings.is_empty() => {
                    for standing in ratings {
                        let game =
                            GameId::parse(&standing.who).map_or(standing.who.clone(), |g| g.title().into());
                        ui.label(format!(
                            "{game} {}{} ({} games)",
                            standing.rating,
                            if standing.provisional { "?" } else { "" },
                            standing.games
                        ));
                    }
                }
                _ => {
                    ui.label(egui::RichText::new("No rated games yet: every rating starts at 1500.").weak());
                }
            },
        );
        let finished = lobby
            .profile
            .iter()
            .flat_map(|profile| &profile.games)
            .filter(|game| game.ended.is_some())
            .take(5);
        for game in finished {
            ui.horizontal_wrapped(|ui| {
                let against = game.opponent.as_deref().unwrap_or("a guest");
                let rated = if game.rated { ", rated" } else { "" };
                ui.label(format!(
                    "{} against {against}{rated}, game {}",
                    game.game.title(),
                    game.code
                ));
                if ui.button("Replay").clicked() {
                    ask.write(OnlineCommand::Watch {
                        code: game.code.clone(),
                    });
                }
            });
        }
        ui.horizontal(|ui| {
            if ui
                .button(format!("Best players of {}", form.game.title()))
                .clicked()
            {
                account.write(LobbyCommand::Best(form.game));
            }
            if ui.button("Sign out").clicked() {
                account.write(LobbyCommand::SignOut);
            }
        });
        if let Some((game, best)) = &lobby.best
            && *game == form.game
        {
            if best.is_empty() {
                ui.label(egui::RichText::new("Nobody has played it rated yet.").weak());
            }
            for (n, standing) in best.iter().enumerate() {
                ui.label(format!(
                    "{}. {} {}{}",
                    n + 1,
                    standing.who,
                    standing.rating,
                    if standing.provisional { "?" } else { "" }
                ));
            }
        }
    });
}

/// The signed-in player's games not over, their move first.
fn my_games_ui(ui: &mut egui::Ui, lobby: &OnlineLobby, ask: &mut MessageWriter<OnlineCommand>) {
    if !lobby.my_games.is_empty() {
        panel(ui, "Your games", |ui| {
            for game in &lobby.my_games {
                ui.horizontal_wrapped(|ui| {
                    let whose = if game.waiting {
                        "waiting for a second player"
                    } else if game.your_move {
                        "your move"
                    } else {
                        "their move"
                    };
                    let text =
                        egui::RichText::new(format!("{}, game {}: {whose}", game.game.title(), game.code));
                    ui.label(if game.your_move {
                        text.strong().color(theme::ACCENT)
                    } else {
                        text
                    });
                    if let Some(opponent) = &game.opponent {
                        ui.label(format!("against {opponent}"));
                    }
                    if let (Some(days), Some(due)) = (game.days, &game.due) {
                        let due = due.replace('T', " ").replace('Z', " UTC");
                        ui.label(egui::RichText::new(format!("{days} days a move, due {due}")).weak());
                    }
                    if ui.button("Open").clicked() {
                        ask.write(OnlineCommand::Return {
                            code: game.code.clone(),
                            game: game.game,
                        });
                    }
                });
            }
        });
    }
}

/// The lobby's open games, each joined with a click (the oldest with J).
fn open_games_ui(ui: &mut egui::Ui, lobby: &OnlineLobby, ask: &mut MessageWriter<OnlineCommand>) {
    panel(ui, "Open games", |ui| {
        if !lobby.live {
            ui.label(egui::RichText::new("Looking for the server's lobby…").weak());
            return;
        }
        if lobby.seeks.is_empty() {
            ui.label(
                egui::RichText::new(
                    "Nobody is waiting: create a game listed in the lobby, and it shows here.",
                )
                .weak(),
            );
            return;
        }
        egui::ScrollArea::vertical().max_height(220.0).show(ui, |ui| {
            for (n, seek) in lobby.seeks.iter().enumerate() {
                ui.horizontal(|ui| {
                    let what = match seek.scenario {
                        Some(scenario) => format!("{}, scenario {scenario}", seek.game.title()),
                        None => seek.game.title().to_owned(),
                    };
                    ui.label(egui::RichText::new(what).strong());
                    let rating = seek.rating.map(|r| format!(" ({r})")).unwrap_or_default();
                    ui.label(format!("{}{rating} waits", seek.by));
                    if seek.rated {
                        ui.label(egui::RichText::new("rated").color(theme::ACCENT));
                    }
                    if let Some([low, high]) = seek.range {
                        ui.label(format!("for {low}-{high}"));
                    }
                    if let Some(days) = seek.days {
                        ui.label(format!("{days} days a move"));
                    }
                    if let Some(name) = &seek.modded {
                        ui.label(
                            egui::RichText::new(format!("their own scenario: {name}")).color(theme::WARNING),
                        );
                    }
                    let label = if n == 0 { "Join (J)" } else { "Join" };
                    if ui.button(label).clicked() {
                        ask.write(OnlineCommand::Join {
                            code: seek.code.clone(),
                            accept_mod: true,
                        });
                    }
                });
            }
        });
    });
}

/// A dark box with a heading, as the game list's.
fn panel(ui: &mut egui::Ui, title: &str, add: impl FnOnce(&mut egui::Ui)) {
    ui.add_space(16.0);
    egui::Frame::group(ui.style())
        .fill(egui::Color32::from_rgba_unmultiplied(0, 0, 0, 150))
        .inner_margin(16.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width().min(760.0));
            ui.label(egui::RichText::new(title).size(24.0).strong());
            add(ui);
        });
}

fn waiting_ui(ui: &mut egui::Ui, online: &Online, ask: &mut MessageWriter<OnlineCommand>) {
    ui.vertical_centered(|ui| {
        ui.add_space(40.0);
        ui.label(egui::RichText::new("Your game's code").size(22.0));
        ui.label(
            egui::RichText::new(online.code.as_deref().unwrap_or("…"))
                .size(110.0)
                .monospace()
                .strong()
                .color(egui::Color32::WHITE),
        );
        ui.label(
            egui::RichText::new("Read it out to the other player: the game begins when they join with it.")
                .size(18.0),
        );
        ui.add_space(24.0);
        if ui.button("Cancel the game").clicked() {
            ask.write(OnlineCommand::Leave);
        }
    });
}

/// A game watched: its public lines so far, until its replay opens.
fn watching_ui(ui: &mut egui::Ui, online: &Online, ask: &mut MessageWriter<OnlineCommand>) {
    ui.label(
        egui::RichText::new(
            "What is public at the table, as it happens; the whole game opens as a replay when it ends.",
        )
        .size(18.0),
    );
    egui::ScrollArea::vertical()
        .max_height(ui.available_height() - 60.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for line in &online.watched {
                ui.label(line);
            }
        });
    if ui.button("Stop watching").clicked() {
        ask.write(OnlineCommand::Leave);
    }
}

/// Over the table while the connection is down, or the other player's is.
fn reconnecting(mut contexts: EguiContexts, online: Res<Online>) -> Result {
    let text = match online.stage {
        Stage::Reconnecting => "Reconnecting to the server…",
        Stage::Playing if !online.other_present => "The other player's connection dropped: waiting for them…",
        _ => return Ok(()),
    };
    egui::Area::new(egui::Id::new("reconnecting"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 48.0])
        .order(egui::Order::Foreground)
        .show(contexts.ctx_mut()?, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(egui::RichText::new(text).size(20.0).color(theme::WARNING));
            });
        });
    Ok(())
}
