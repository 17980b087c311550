//! What the hub asks the server to do after each input: messages to send,
//! connections to close, computer moves to think on another thread.

use serde_json::Value;

use super::table::Thinking;
use crate::wire::LobbyLine;

/// A connection, numbered by the server.
pub type ConnId = u64;

/// Work done on another thread, and whom its answer is for: a computer's
/// move for a game, or a password hashed or checked for a connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Job {
    Game(String),
    Account(ConnId),
}

/// What the hub asks the server to do.
#[derive(Default)]
pub struct Effects {
    /// Messages, in order, for each connection.
    pub sends: Vec<(ConnId, Value)>,
    /// Connections to close after their messages.
    pub closes: Vec<ConnId>,
    /// Work for another thread (a computer's move, a password); each
    /// answer comes back through `Hub::computed` with its job.
    pub thinking: Vec<(Job, Thinking)>,
}

impl Effects {
    pub(super) fn send(&mut self, conn: ConnId, line: Value) {
        self.sends.push((conn, line));
    }

    /// A lobby line for `conn`.
    pub(super) fn say(&mut self, conn: ConnId, line: LobbyLine) {
        self.send(conn, line.to_value());
    }

    /// Adds `more` after what is here.
    pub fn absorb(&mut self, more: Effects) {
        self.sends.extend(more.sends);
        self.closes.extend(more.closes);
        self.thinking.extend(more.thinking);
    }
}
