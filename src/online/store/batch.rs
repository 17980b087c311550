//! Writes kept together. The hub opens a batch for one turn (every event
//! waiting, up to a bound) and commits it before anything of that turn is
//! sent, so a busy server pays one commit (one WAL flush) per turn rather
//! than one per action, and nobody is answered before what they were
//! answered about is durable. Any statement of a batch that fails loses the
//! whole batch: a failed statement ends a PostgreSQL transaction, so what
//! came after it in the batch would be lost without a word. The hub then
//! sends the players of the games it held back to take their seats again
//! from what the store kept.

/// The games of a batch that could not be kept, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Lost {
    pub why: String,
    pub codes: Vec<String>,
}

/// A store's connection, as a batch drives it: plain SQL for the edges of
/// a transaction.
pub trait Raw {
    fn raw(&mut self, sql: &str) -> Result<(), String>;
}

/// The batch a store has open, if any.
#[derive(Default)]
pub struct Batch {
    open: Option<Open>,
}

#[derive(Default)]
struct Open {
    /// Whether its transaction has begun: with its first write, so that a
    /// turn that writes nothing costs the database nothing.
    begun: bool,
    /// The games it wrote for, in order, once each.
    codes: Vec<String>,
    failed: Option<String>,
}

impl Batch {
    pub fn open(&mut self) {
        self.open = Some(Open::default());
    }

    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Counts a write for game `code` (or for no game in particular) that
    /// the store may keep back to send with others, inside the batch.
    /// Refused once a statement of the batch failed.
    pub fn note(&mut self, code: Option<&str>) -> Result<(), String> {
        let open = self.open.as_mut().expect("a batch is open");
        if let Some(why) = &open.failed {
            return Err(why.clone());
        }
        if let Some(code) = code
            && !open.codes.iter().any(|held| held == code)
        {
            open.codes.push(code.to_owned());
        }
        Ok(())
    }

    /// Runs `write`, the writes for game `code` (or for no game in
    /// particular): in a transaction of its own when no batch is open,
    /// else in the batch's. Refused once a statement of the batch failed.
    pub fn write<C: Raw, T>(
        &mut self,
        db: &mut C,
        code: Option<&str>,
        write: impl FnOnce(&mut C) -> Result<T, String>,
    ) -> Result<T, String> {
        if self.open.is_none() {
            db.raw("BEGIN")?;
            let done = write(db).and_then(|done| db.raw("COMMIT").map(|()| done));
            if done.is_err() {
                // After a failed COMMIT SQLite still has the transaction open.
                let _ = db.raw("ROLLBACK");
            }
            return done;
        }
        self.note(code)?;
        let open = self.open.as_mut().expect("a batch is open");
        if !open.begun {
            if let Err(e) = db.raw("BEGIN") {
                open.failed = Some(e.clone());
                return Err(e);
            }
            open.begun = true;
        }
        let done = write(db);
        if let Err(e) = &done {
            open.failed = Some(e.clone());
        }
        done
    }

    /// Runs `read`: refused once a statement of the batch failed, and a
    /// read that fails inside the batch's transaction loses the batch.
    pub fn read<C, T>(
        &mut self,
        db: &mut C,
        read: impl FnOnce(&mut C) -> Result<T, String>,
    ) -> Result<T, String> {
        if let Some(Open {
            failed: Some(why), ..
        }) = &self.open
        {
            return Err(why.clone());
        }
        let done = read(db);
        if let (Err(e), Some(open)) = (&done, &mut self.open)
            && open.begun
        {
            open.failed = Some(e.clone());
        }
        done
    }

    /// Ends the batch: every write in it durable, or none of them and the
    /// games they were for.
    pub fn commit<C: Raw>(&mut self, db: &mut C) -> Result<(), Lost> {
        let Some(open) = self.open.take() else {
            return Ok(());
        };
        let ended = match (open.failed, open.begun) {
            (Some(why), _) => Err(why),
            (None, false) => return Ok(()),
            (None, true) => db.raw("COMMIT"),
        };
        ended.map_err(|why| {
            if open.begun {
                let _ = db.raw("ROLLBACK");
            }
            Lost {
                why,
                codes: open.codes,
            }
        })
    }
}
