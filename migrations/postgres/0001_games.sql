-- The games and their actions (docs/online.md, "The store"), as SQLite
-- keeps them after its own migrations; tokens are SHA-256 hex.
CREATE TABLE games (
    code      TEXT PRIMARY KEY,
    game      TEXT NOT NULL,
    program   TEXT NOT NULL,
    created   TEXT NOT NULL,
    seed      TEXT NOT NULL,
    config    TEXT NOT NULL,
    chance    TEXT NOT NULL,
    token0    TEXT,
    token1    TEXT,
    computer0 TEXT,
    computer1 TEXT,
    ended     TEXT
);
CREATE TABLE steps (
    code   TEXT NOT NULL REFERENCES games(code),
    n      BIGINT NOT NULL,
    seat   BIGINT NOT NULL,
    action TEXT NOT NULL,
    chance TEXT NOT NULL,
    PRIMARY KEY (code, n)
);
CREATE INDEX games_token0 ON games(token0);
CREATE INDEX games_token1 ON games(token1);
CREATE INDEX games_waiting ON games(created) WHERE ended IS NULL AND token1 IS NULL AND computer1 IS NULL;
