//! Accounts (docs/online.md, "Accounts"): a name and a password, kept as
//! an Argon2id hash and checked on the thinking threads (a hash takes tens
//! of milliseconds that the hub's thread gives to every game); a session
//! token that signs the connection in again, after a restart too. Signs
//! in are limited per address and wrong passwords per name.

use std::net::IpAddr;
use std::sync::OnceLock;
use std::time::Instant;

use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

use super::effects::Job;
use super::hub::{ConnId, Effects, Hub, new_token};
use super::limits::{self, Bucket};
use super::seating::out_of_reach;
use super::store::{Player, token_key};
use crate::wire::LobbyLine;

/// What the password work hands back to the hub.
enum Worked {
    /// A new account's password hashed.
    Hashed {
        name: String,
        hash: Result<String, String>,
    },
    /// A password checked: the account, if it was right.
    Checked { account: Option<Player> },
}

/// Why a name may not be an account's, if it may not: 3 to 20 letters,
/// digits, `_` or `-`, beginning with a letter.
pub fn name_problem(name: &str) -> Option<String> {
    let length = name.chars().count();
    if !(3..=20).contains(&length) {
        return Some(format!("a name is 3 to 20 characters, not {length}"));
    }
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return Some("a name begins with a letter".into());
    }
    name.chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
        .map(|c| format!("a name is letters, digits, _ and - alone, not `{c}`"))
}

/// Why a password will not do, if it will not: 8 to 128 characters.
pub fn password_problem(password: &str) -> Option<String> {
    let length = password.chars().count();
    (!(8..=128).contains(&length)).then(|| format!("a password is 8 to 128 characters, not {length}"))
}

/// The hash a name nobody has is checked against, so that a wrong name
/// takes as long to refuse as a wrong password.
fn nobodys_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| hash("nobody has this password").expect("hashing works"))
}

fn hash(password: &str) -> Result<String, String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|e| format!("the password could not be hashed: {e}"))
}

fn matches(password: &str, hash: &str) -> bool {
    Argon2::default()
        .verify_password(password.as_bytes(), hash)
        .is_ok()
}

const WRONG: &str = "wrong name or password";

impl Hub {
    pub(super) fn sign_up(
        &mut self,
        conn: ConnId,
        name: String,
        password: String,
        now: Instant,
        effects: &mut Effects,
    ) {
        if let Some(problem) = name_problem(&name).or_else(|| password_problem(&password)) {
            return effects.say(conn, LobbyLine::error(problem));
        }
        if let Some(refusal) = self.sign_refusal(conn, now) {
            return effects.say(conn, refusal);
        }
        match self.store.player_named(&name) {
            Ok(Some(_)) => return effects.say(conn, taken(&name)),
            Ok(None) => {}
            Err(e) => return effects.say(conn, out_of_reach(&e)),
        }
        self.work(conn, effects, move || Worked::Hashed {
            hash: hash(&password),
            name,
        });
    }

    pub(super) fn sign_in(
        &mut self,
        conn: ConnId,
        name: String,
        password: String,
        now: Instant,
        effects: &mut Effects,
    ) {
        if let Some(refusal) = self.sign_refusal(conn, now) {
            return effects.say(conn, refusal);
        }
        let key = name.to_lowercase();
        if let Some(wrong) = self.wrong.get_mut(&key)
            && !wrong.ready(now)
        {
            return effects.say(
                conn,
                wrong.refusal(&format!("too many wrong passwords for {name}: ")),
            );
        }
        let account = match self.store.player_named(&name) {
            Ok(account) => account,
            Err(e) => return effects.say(conn, out_of_reach(&e)),
        };
        self.work(conn, effects, move || {
            let hash = account
                .as_ref()
                .map_or(nobodys_hash(), |account| &account.password);
            let right = matches(&password, hash);
            Worked::Checked {
                account: account.filter(|_| right).map(|account| Player {
                    id: account.id,
                    name: account.name,
                }),
            }
        });
        self.clients.get_mut(&conn).expect("a known client").signing = Some(key);
    }

    pub(super) fn hello(&mut self, conn: ConnId, session: &str, effects: &mut Effects) {
        if let Some(refusal) = self.busy_signing(conn) {
            return effects.say(conn, refusal);
        }
        match self.store.session(&token_key(session)) {
            Ok(Some((id, name))) => {
                let client = self.clients.get_mut(&conn).expect("a known client");
                client.player = Some(Player {
                    id,
                    name: name.clone(),
                });
                client.session = Some(token_key(session));
                effects.say(conn, LobbyLine::SignedIn { name, session: None });
            }
            Ok(None) => effects.say(conn, LobbyLine::error("this session is over: sign in again")),
            Err(e) => effects.say(conn, out_of_reach(&e)),
        }
    }

    pub(super) fn sign_out(&mut self, conn: ConnId, effects: &mut Effects) {
        let client = self.clients.get_mut(&conn).expect("a known client");
        client.player = None;
        if let Some(key) = client.session.take()
            && let Err(e) = self.store.end_session(&key)
        {
            return effects.say(conn, out_of_reach(&e));
        }
        effects.say(conn, LobbyLine::SignedOut);
    }

    /// The answer of a connection's password work.
    pub(super) fn account_worked(
        &mut self,
        conn: ConnId,
        answer: Box<dyn std::any::Any + Send>,
        now: Instant,
        effects: &mut Effects,
    ) {
        let Some(client) = self.clients.get_mut(&conn) else {
            return;
        };
        let tried = client.signing.take();
        let Ok(worked) = answer.downcast::<Worked>() else {
            return;
        };
        match *worked {
            Worked::Hashed { hash: Err(e), .. } => effects.say(conn, LobbyLine::error(e)),
            Worked::Hashed { name, hash: Ok(hash) } => {
                match self.store.add_player(&name, &hash, &crate::replay::now_iso()) {
                    Ok(Some(id)) => self.signed_in(conn, Player { id, name }, effects),
                    Ok(None) => effects.say(conn, taken(&name)),
                    Err(e) => effects.say(conn, out_of_reach(&e)),
                }
            }
            Worked::Checked {
                account: Some(player),
            } => self.signed_in(conn, player, effects),
            Worked::Checked { account: None } => {
                if let Some(key) = tried {
                    self.wrong
                        .entry(key)
                        .or_insert_with(|| {
                            Bucket::full(limits::WRONG_BURST, 1.0 / limits::WRONG_EVERY.as_secs_f64(), now)
                        })
                        .take(now);
                }
                effects.say(conn, LobbyLine::error(WRONG));
            }
        }
    }

    /// A new session for `player` on `conn`.
    fn signed_in(&mut self, conn: ConnId, player: Player, effects: &mut Effects) {
        let session = new_token(&mut self.rng);
        let key = token_key(&session);
        if let Err(e) = self.store.add_session(&key, player.id, &crate::replay::now_iso()) {
            return effects.say(conn, out_of_reach(&e));
        }
        let client = self.clients.get_mut(&conn).expect("a known client");
        client.session = Some(key);
        effects.say(
            conn,
            LobbyLine::SignedIn {
                name: player.name.clone(),
                session: Some(session),
            },
        );
        client.player = Some(player);
    }

    /// Hands password work to the thinking threads for `conn`.
    fn work(&mut self, conn: ConnId, effects: &mut Effects, work: impl FnOnce() -> Worked + Send + 'static) {
        let client = self.clients.get_mut(&conn).expect("a known client");
        client.signing.get_or_insert_default();
        effects.thinking.push((
            Job::Account(conn),
            Box::new(move || Box::new(work()) as Box<dyn std::any::Any + Send>),
        ));
    }

    /// Why `conn` may not try to sign in or up now, if it may not: its
    /// last try is not answered yet, or its address tried too often.
    fn sign_refusal(&mut self, conn: ConnId, now: Instant) -> Option<LobbyLine> {
        if let Some(refusal) = self.busy_signing(conn) {
            return Some(refusal);
        }
        let address: IpAddr = self.clients[&conn].address;
        let bucket = self
            .signs
            .entry(address)
            .or_insert_with(|| Bucket::full(limits::SIGN_BURST, 1.0 / limits::SIGN_EVERY.as_secs_f64(), now));
        if bucket.take(now) {
            return None;
        }
        Some(bucket.refusal("too many tries from your address: "))
    }

    fn busy_signing(&self, conn: ConnId) -> Option<LobbyLine> {
        self.clients[&conn]
            .signing
            .is_some()
            .then(|| LobbyLine::error("your last sign in is not answered yet: wait for it"))
    }
}

fn taken(name: &str) -> LobbyLine {
    LobbyLine::error(format!("the name {name} is taken: choose another"))
}
