-- Version 5: where each signature ends. A definition shown as its signature is shown as
-- the file's own lines start_line..signature_end_line (multi-line parameter lists and
-- decorators as written), never a rewritten one-line text. Rows written before this
-- version hold 0, read as start_line; an index run re-extracts every file once
-- (indexer/extraction-version.ts), which fills the column.

ALTER TABLE symbols ADD COLUMN signature_end_line INTEGER NOT NULL DEFAULT 0;
