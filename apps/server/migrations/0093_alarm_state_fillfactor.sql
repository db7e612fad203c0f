-- Every alarm batch rewrites the engine state row of each device it evaluates (issue 9 speed),
-- changing no indexed column: with room left in its page the new row version stays there as a
-- heap-only tuple (no new primary-key entry, less WAL). Existing pages get the room as they are
-- rewritten (VACUUM FULL or the table's natural turnover).
ALTER TABLE alarm_engine_state SET (fillfactor = 50);
