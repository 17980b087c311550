-- A lease no longer points at its game's row. A server takes the lease of
-- a game it creates on a connection of its own while the game's row waits
-- in the server's open batch; the key's check would wait for that batch,
-- and the batch for the lease. Leases that ran out are deleted in the
-- server's sweep instead of with their games.
ALTER TABLE leases DROP CONSTRAINT leases_code_fkey;
