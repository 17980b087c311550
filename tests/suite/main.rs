//! The whole test suite in one binary (each test binary links Bevy).

mod betting_ai;
mod betting_rules;
mod bidding_ai;
mod bidding_rules;
mod cli;
mod headless;
mod keys;
mod online;
mod online_app;
mod playouts;
mod referee;
mod replays;
mod screenshot;
mod seat_boundary;
mod support;
mod tiles_ai;
mod tiles_rules;
mod wargame_ai;
mod wargame_departures;
mod wargame_keys;
mod wargame_orders;
mod wargame_rules;
mod wargame_scenarios;
mod wargame_table;
mod wargame_terrain;
mod wargame_tutorial;
