-- Players' accounts, their sessions and their ratings (docs/online.md,
-- "Accounts", "Ratings"). A name is unique whatever its case (`name_key`
-- is it in lower case); a password is kept as its Argon2id hash (a PHC
-- string); a session as its token's SHA-256, like a seat's.
CREATE TABLE players (
    id       BIGSERIAL PRIMARY KEY,
    name     TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password TEXT NOT NULL,
    created  TEXT NOT NULL
);
CREATE TABLE sessions (
    key     TEXT PRIMARY KEY,
    player  BIGINT NOT NULL REFERENCES players(id),
    created TEXT NOT NULL
);
-- Glicko-2, one row per player and game once they have played it rated.
CREATE TABLE ratings (
    player     BIGINT NOT NULL REFERENCES players(id),
    game       TEXT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      BIGINT NOT NULL,
    PRIMARY KEY (player, game)
);
CREATE INDEX ratings_best ON ratings(game, rating);
-- Who sat at a game when signed in, and whether it counts for ratings;
-- for a correspondence game, its days per move and when the last move
-- (or the start) was; and a player's own scenario's name.
ALTER TABLE games ADD COLUMN player0 BIGINT REFERENCES players(id);
ALTER TABLE games ADD COLUMN player1 BIGINT REFERENCES players(id);
ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE games ADD COLUMN days BIGINT;
ALTER TABLE games ADD COLUMN moved TEXT;
-- A game on a player's own scenario: its name, asked about before a join.
ALTER TABLE games ADD COLUMN modded TEXT;
CREATE INDEX games_player0 ON games(player0);
CREATE INDEX games_player1 ON games(player1);
