-- Episode memory, version 1. Column names are the backup format's (store/memory.ts
-- DUMP_TABLES). Foreign keys are enforced by every connection cairn opens (PRAGMA
-- foreign_keys = ON); `cairn doctor` runs foreign_key_check for rows written around them.

CREATE TABLE artifacts (
  hash       TEXT PRIMARY KEY,           -- SHA-256 of text, hex
  text       TEXT NOT NULL,
  created_at INTEGER NOT NULL            -- unix ms
) WITHOUT ROWID;

CREATE TABLE episodes (
  id              TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL,
  sequence        INTEGER NOT NULL CHECK (sequence >= 1),
  query           TEXT NOT NULL,
  format          TEXT NOT NULL,
  max_tokens      INTEGER NOT NULL,
  max_entities    INTEGER NOT NULL,
  used_tokens     INTEGER NOT NULL,
  tokenizer       TEXT NOT NULL,
  block_count     INTEGER NOT NULL,      -- blocks written with the episode
  cut_count       INTEGER NOT NULL,
  notes           TEXT NOT NULL,         -- JSON array of strings
  created_at      INTEGER NOT NULL,
  UNIQUE (conversation_id, sequence)
) WITHOUT ROWID;

CREATE TABLE blocks (
  episode_id       TEXT NOT NULL REFERENCES episodes (id),
  position         INTEGER NOT NULL,
  entity_key       TEXT NOT NULL,
  artifact_hash    TEXT REFERENCES artifacts (hash),
  reason           TEXT NOT NULL,
  method           TEXT NOT NULL,
  triggered_by     TEXT NOT NULL,
  token_count      INTEGER NOT NULL,
  hydrated_at      TEXT NOT NULL,        -- ISO 8601
  status           TEXT NOT NULL,
  body             TEXT NOT NULL,
  path             TEXT NOT NULL,
  language         TEXT NOT NULL,
  start_line       INTEGER NOT NULL,
  end_line         INTEGER NOT NULL,
  previous_hash    TEXT REFERENCES artifacts (hash),
  previous_episode TEXT REFERENCES episodes (id),
  moved_to         TEXT,
  PRIMARY KEY (episode_id, position)
) WITHOUT ROWID;
CREATE INDEX blocks_by_entity ON blocks (entity_key);

CREATE TABLE cuts (
  episode_id  TEXT NOT NULL REFERENCES episodes (id),
  position    INTEGER NOT NULL,
  entity_key  TEXT NOT NULL,
  reason      TEXT NOT NULL,
  method      TEXT NOT NULL,
  tokens      INTEGER NOT NULL,
  cut_by      TEXT NOT NULL,
  used_tokens INTEGER NOT NULL,
  PRIMARY KEY (episode_id, position)
) WITHOUT ROWID;

CREATE TABLE versions (
  entity_key    TEXT NOT NULL,
  version       INTEGER NOT NULL CHECK (version >= 1),
  artifact_hash TEXT NOT NULL REFERENCES artifacts (hash),
  state         TEXT NOT NULL CHECK (state IN ('PROPOSED', 'AUTHORITATIVE', 'SUPERSEDED', 'TOMBSTONED')),
  episode_id    TEXT REFERENCES episodes (id),
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL,
  PRIMARY KEY (entity_key, version)
) WITHOUT ROWID;

CREATE TABLE ledger (
  seq           INTEGER PRIMARY KEY AUTOINCREMENT,
  entity_key    TEXT NOT NULL,
  version       INTEGER NOT NULL,
  from_state    TEXT,                  -- NULL for the version's creation
  to_state      TEXT NOT NULL,
  artifact_hash TEXT NOT NULL REFERENCES artifacts (hash),
  episode_id    TEXT REFERENCES episodes (id),
  reason        TEXT NOT NULL,
  at            INTEGER NOT NULL,
  FOREIGN KEY (entity_key, version) REFERENCES versions (entity_key, version)
);
CREATE INDEX ledger_by_entity ON ledger (entity_key, version, seq);

CREATE TABLE evaluations (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  entity_key        TEXT NOT NULL,
  version           INTEGER NOT NULL,
  artifact_hash     TEXT NOT NULL REFERENCES artifacts (hash),
  episode_id        TEXT REFERENCES episodes (id),
  structural_passed INTEGER NOT NULL,
  structural_reason TEXT NOT NULL,
  authority_passed  INTEGER NOT NULL,
  authority_reason  TEXT NOT NULL,
  fresh_passed      INTEGER NOT NULL,
  fresh_reason      TEXT NOT NULL,
  decision          TEXT NOT NULL,
  at                INTEGER NOT NULL,
  FOREIGN KEY (entity_key, version) REFERENCES versions (entity_key, version)
);
CREATE INDEX evaluations_by_episode ON evaluations (episode_id);
CREATE INDEX evaluations_by_entity ON evaluations (entity_key);

CREATE TABLE authority (
  seq           INTEGER PRIMARY KEY AUTOINCREMENT,
  entity_key    TEXT NOT NULL,
  decision      TEXT NOT NULL CHECK (decision IN ('approved', 'rejected')),
  artifact_hash TEXT NOT NULL REFERENCES artifacts (hash),
  at            INTEGER NOT NULL
);
CREATE INDEX authority_by_entity ON authority (entity_key, seq);

-- A cache, left out of backups: ETV verdicts by entity and artifact.
CREATE TABLE etv_cache (
  entity_key       TEXT NOT NULL,
  artifact_hash    TEXT NOT NULL,
  file_stamp       TEXT,
  file_changed_at  REAL,
  disk_exists      INTEGER NOT NULL,
  disk_hash        TEXT,
  is_stale         INTEGER NOT NULL,
  checked_at       INTEGER NOT NULL,
  PRIMARY KEY (entity_key, artifact_hash)
) WITHOUT ROWID;

CREATE TABLE counters (
  name  TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;
