//! The look shared by every screen: colours and the egui style.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

pub const TABLE_EDGE: Color = Color::srgb(0.16, 0.11, 0.08);
pub const FELT: Color = Color::srgb(0.11, 0.30, 0.20);
pub const FELT_LINE: Color = Color::srgb(0.17, 0.40, 0.28);
pub const TILE_BLACK: Color = Color::srgb(0.08, 0.08, 0.09);
pub const TILE_WHITE: Color = Color::srgb(0.95, 0.93, 0.86);
pub const TILE_BACK: Color = Color::srgb(0.30, 0.33, 0.42);
pub const HIGHLIGHT: Color = Color::srgb(0.98, 0.78, 0.25);
pub const WIN: Color = Color::srgb(0.45, 0.85, 0.45);
pub const LOSS: Color = Color::srgb(0.95, 0.45, 0.40);
pub const DRAW: Color = Color::srgb(0.80, 0.80, 0.80);

pub const ACCENT: egui::Color32 = egui::Color32::from_rgb(250, 200, 64);
/// Notices: a file that could not be read, a replay not kept.
pub const WARNING: egui::Color32 = egui::Color32::from_rgb(240, 180, 90);
/// Each seat's line in the game's chart, apart on the dark panels.
pub const SEAT_COLOURS: [egui::Color32; 2] = [
    egui::Color32::from_rgb(235, 228, 210),
    egui::Color32::from_rgb(110, 175, 230),
];

/// The faces for what is drawn on the table, the panels' own, so that the
/// table has one type with its frame and no monospace: the display face
/// for the board's edge names and numbers on pieces, the text face for
/// labels. Absent where no text is drawn (headless tests): the table's
/// text then takes Bevy's default face.
#[derive(Resource, Debug, Clone)]
pub struct TableFont {
    display: Handle<Font>,
    text: Handle<Font>,
}

impl TableFont {
    /// A `TextFont` in the display face at `size` table units.
    pub fn display(font: Option<&TableFont>, size: f32) -> TextFont {
        Self::sized(font.map(|f| &f.display), size)
    }

    /// A `TextFont` in the text face at `size` table units.
    pub fn text(font: Option<&TableFont>, size: f32) -> TextFont {
        Self::sized(font.map(|f| &f.text), size)
    }

    fn sized(face: Option<&Handle<Font>>, size: f32) -> TextFont {
        let text = TextFont::from_font_size(size);
        match face {
            Some(face) => text.with_font(face.clone()),
            None => text,
        }
    }
}

const TEXT_FACE: &[u8] = include_bytes!("../../assets/fonts/ui-text.ttf");
/// Cinzel Bold (SIL Open Font Licence), cut down by scripts/subset-fonts.sh.
const DISPLAY_FACE: &[u8] = include_bytes!("../../assets/fonts/ui-display.ttf");

pub(super) fn load_table_font(mut commands: Commands, fonts: Option<ResMut<Assets<Font>>>) {
    if let Some(mut fonts) = fonts {
        commands.insert_resource(TableFont {
            display: fonts.add(Font::from_bytes(DISPLAY_FACE.to_vec())),
            text: fonts.add(Font::from_bytes(TEXT_FACE.to_vec())),
        });
    }
}

/// egui's family for titles and headings: the display face, falling back
/// to the text face for what it lacks. egui binds new faces a frame after
/// they are set and panics on a family it has not bound, so until then
/// (the first frame) titles are in the text face.
pub fn display_family(ctx: &egui::Context) -> egui::FontFamily {
    let display = egui::FontFamily::Name("display".into());
    if ctx.fonts(|fonts| fonts.definitions().families.contains_key(&display)) {
        display
    } else {
        egui::FontFamily::Proportional
    }
}

pub(super) fn apply_style(mut contexts: EguiContexts, mut done: Local<(bool, bool)>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if done.0 {
        // Headings take the display face once egui has bound it.
        if !done.1 && display_family(ctx) != egui::FontFamily::Proportional {
            let mut style = (*ctx.global_style()).clone();
            if let Some(heading) = style.text_styles.get_mut(&egui::TextStyle::Heading) {
                heading.family = display_family(ctx);
            }
            ctx.set_global_style(style);
            done.1 = true;
        }
        return Ok(());
    }
    ctx.set_fonts(fonts());
    let mut style = (*ctx.global_style()).clone();
    style.visuals = egui::Visuals::dark();
    style.visuals.selection.bg_fill = egui::Color32::from_rgb(150, 110, 20);
    style.visuals.hyperlink_color = ACCENT;
    for (text_style, size) in [
        (egui::TextStyle::Heading, 26.0),
        (egui::TextStyle::Body, 17.0),
        (egui::TextStyle::Button, 17.0),
        (egui::TextStyle::Small, 13.0),
        (egui::TextStyle::Monospace, 15.0),
    ] {
        if let Some(font) = style.text_styles.get_mut(&text_style) {
            font.size = size;
        }
    }
    style.spacing.button_padding = egui::vec2(12.0, 6.0);
    style.spacing.item_spacing = egui::vec2(10.0, 8.0);
    ctx.set_global_style(style);
    done.0 = true;
    Ok(())
}

/// The faces egui draws in: cut-down copies of egui's own (the whole four
/// were 1.4 MB of the web page; scripts/subset-fonts.sh makes these). Text
/// in Ubuntu Light, falling back to Hack for arrows and triangles and to
/// the icon font for the replay bar's symbols; the game's code in Hack;
/// titles in the display face.
fn fonts() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::empty();
    for (name, bytes) in [
        ("text", TEXT_FACE),
        ("display", DISPLAY_FACE),
        ("mono", &include_bytes!("../../assets/fonts/ui-mono.ttf")[..]),
        ("icons", &include_bytes!("../../assets/fonts/ui-icons.ttf")[..]),
    ] {
        fonts
            .font_data
            .insert(name.into(), egui::FontData::from_static(bytes).into());
    }
    let families = [
        (egui::FontFamily::Proportional, ["text", "mono", "icons"]),
        (egui::FontFamily::Monospace, ["mono", "text", "icons"]),
        (
            egui::FontFamily::Name("display".into()),
            ["display", "text", "icons"],
        ),
    ];
    for (family, faces) in families {
        fonts.families.insert(family, faces.map(String::from).to_vec());
    }
    fonts
}

/// A wide button for menus.
pub fn menu_button(ui: &mut egui::Ui, label: &str) -> bool {
    wide_button(ui, egui::Button::new(egui::RichText::new(label).size(19.0)))
}

/// The wide button that Enter presses: drawn selected, so that the
/// button that looks chosen is the one the key takes, whichever one the
/// pointer happens to rest on.
pub fn default_button(ui: &mut egui::Ui, label: &str) -> bool {
    wide_button(
        ui,
        egui::Button::new(egui::RichText::new(label).size(19.0).strong()).selected(true),
    )
}

fn wide_button(ui: &mut egui::Ui, button: egui::Button) -> bool {
    ui.add_sized([260.0, 40.0], button).clicked()
}

/// The curtain's colour: opaque, so that nothing private shows through.
pub const CURTAIN: egui::Color32 = egui::Color32::from_rgb(22, 16, 12);

/// Covers the whole window with `colour` at `order`, swallowing clicks
/// that would reach what lies beneath; the response tells of a click on it.
pub fn cover(
    ctx: &egui::Context,
    id: &str,
    order: egui::Order,
    colour: egui::Color32,
) -> egui::InnerResponse<egui::Response> {
    egui::Area::new(egui::Id::new(id))
        .order(order)
        .fixed_pos(egui::Pos2::ZERO)
        .show(ctx, |ui| {
            let screen = ui.ctx().content_rect();
            ui.painter().rect_filled(screen, 0.0, colour);
            ui.allocate_rect(screen, egui::Sense::click())
        })
}

/// A fixed window in the middle of the screen, above everything but the
/// curtain.
pub fn dialog(title: &str) -> egui::Window<'static> {
    egui::Window::new(title.to_owned())
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .order(egui::Order::Foreground)
}
