//! Online play (docs/online.md): a server that holds every game with its
//! whole state and tells each client only what its seat may know, over
//! WebSocket, with the referee protocol's messages and a small lobby.

mod accounts;
pub mod client;
mod correspondence;
mod effects;
pub mod hub;
pub mod limits;
pub mod lobby;
pub mod open_files;
mod ratings;
mod rematch;
mod room;
mod seating;
mod seeks;
pub mod server;
pub mod store;
pub mod table;
mod watching;
