-- Sessions are now stored under a SHA-256 (hex) of their id (plugins/session-store.ts), so a copy
-- of the table signs no one in. Rows stored before keep working: their ids are hashed in place.
UPDATE "sessions" SET "sid" = encode(sha256(convert_to("sid", 'UTF8')), 'hex');
