//! The one 2D camera: the 1280 x 720 table it always shows, and how it is
//! fitted into the part of the window the panels leave.

use bevy::prelude::*;
use bevy_egui::egui;

/// The table is laid out on a 1280 x 720 board that the camera fits into
/// the window, whatever its size.
pub const TABLE_SIZE: Vec2 = Vec2::new(1280.0, 720.0);

/// Points the camera so that `room` (in table units, around `centre`)
/// fills the part `free` of a window of `window` logical pixels, then
/// `zoom` times farther and moved by `pan`: the card tables' felt and the
/// wargame's board are both fitted so into the room their panels leave.
pub fn fit_camera(
    camera: (Mut<Transform>, Mut<Projection>),
    window: Vec2,
    free: egui::Rect,
    room: Vec2,
    centre: Vec2,
    (zoom, pan): (f32, Vec2),
) {
    // World units per logical pixel at scale 1 (the projection shows at
    // least the 1280 x 720 table).
    let per_pixel = (TABLE_SIZE.x / window.x).max(TABLE_SIZE.y / window.y);
    let fit = (room.x / (free.width() * per_pixel)).max(room.y / (free.height() * per_pixel));
    let scale = fit * zoom;
    let offset = Vec2::new(free.center().x - window.x / 2.0, window.y / 2.0 - free.center().y);
    let target = centre - offset * per_pixel * scale + pan;
    let (mut transform, mut projection) = camera;
    if transform.translation.truncate() != target {
        transform.translation.x = target.x;
        transform.translation.y = target.y;
    }
    if let Projection::Orthographic(ortho) = &mut *projection
        && ortho.scale != scale
    {
        ortho.scale = scale;
    }
}

pub(super) fn spawn_camera(mut commands: Commands) {
    // Bevy lays out 2D text only for cameras that saw a sprite-class entity
    // in the last frame, and a text changed on a frame without one is never
    // laid out until it changes again. Under the curtain every table entity
    // is hidden, so labels set as it lifted (betting's slot numbers and chip
    // counts) stayed blank. A plain sprite is not of that class in Bevy
    // 0.20 (a probe of the camera's visible entities showed none under the
    // curtain); a Text2d is, so this blank one keeps the camera seeing one.
    commands.spawn((
        Text2d::new(" "),
        bevy::camera::visibility::NoFrustumCulling,
        Transform::from_xyz(0.0, 0.0, -10.0),
    ));
    commands.spawn((
        Camera2d,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: bevy::camera::ScalingMode::AutoMin {
                min_width: TABLE_SIZE.x,
                min_height: TABLE_SIZE.y,
            },
            ..OrthographicProjection::default_2d()
        }),
    ));
}
