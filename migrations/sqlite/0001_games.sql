-- The games and their actions (docs/online.md, "The store"). IF NOT
-- EXISTS: a data folder from before migrations were counted already has
-- these tables, and takes this step as done.
CREATE TABLE IF NOT EXISTS games (
    code     TEXT PRIMARY KEY,
    game     TEXT NOT NULL,
    program  TEXT NOT NULL,
    created  TEXT NOT NULL,
    seed     TEXT NOT NULL,
    config   TEXT NOT NULL,
    chance   TEXT NOT NULL,
    token0   TEXT,
    token1   TEXT,
    computer0 TEXT,
    computer1 TEXT,
    ended    TEXT
);
CREATE TABLE IF NOT EXISTS steps (
    code   TEXT NOT NULL REFERENCES games(code),
    n      INTEGER NOT NULL,
    seat   INTEGER NOT NULL,
    action TEXT NOT NULL,
    chance TEXT NOT NULL,
    PRIMARY KEY (code, n)
);
CREATE INDEX IF NOT EXISTS games_token0 ON games(token0);
CREATE INDEX IF NOT EXISTS games_token1 ON games(token1);
