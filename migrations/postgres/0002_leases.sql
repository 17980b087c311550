-- One owner per game at a time, when several servers share the database:
-- the owner's address (where its players are sent) and when its hold
-- runs out, in the database's own clock so that the servers' clocks need
-- not agree. A server renews the leases of the games it plays; a lease
-- past its expiry may be taken by any server.
CREATE TABLE leases (
    code    TEXT PRIMARY KEY REFERENCES games(code) ON DELETE CASCADE,
    owner   TEXT NOT NULL,
    expires TIMESTAMPTZ NOT NULL
);
CREATE INDEX leases_owner ON leases(owner);
