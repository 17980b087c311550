-- Tokens are kept as their SHA-256 (hex), so that the file seats nobody:
-- the tokens of games stored before, hashed once. `token_hash` is the
-- server's own function, registered on the connection.
UPDATE games SET token0 = token_hash(token0) WHERE token0 IS NOT NULL;
UPDATE games SET token1 = token_hash(token1) WHERE token1 IS NOT NULL;
