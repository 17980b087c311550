-- A lease holds while its owner's heartbeat does: one row per server,
-- renewed each second, in place of an expiry per game. A server playing
-- thousands of games renewed thousands of lease rows a second, on its
-- hub's thread; now it renews one.
CREATE TABLE servers (
    owner   TEXT PRIMARY KEY,
    expires TIMESTAMPTZ NOT NULL
);
ALTER TABLE leases DROP COLUMN expires;
