-- Every ingest batch rewrites the device row and the device_latest row of each device it carries
-- (telemetry-store.ts writeSideTables: last time, position, battery, signal; the newest values),
-- changing no indexed column. With full pages every such update was a new row version on another
-- page plus a new entry in each index (device has four): at 10,000 devices that is one index-laden
-- update pair per reading (issue 10 speed). Half of each page left free lets the new version stay there
-- as a heap-only tuple: one batch updates every row of a page at once, before any old version can
-- be pruned, so a page needs room for a second copy of its rows. Existing pages get the room as
-- they are rewritten (VACUUM FULL or turnover).
ALTER TABLE device SET (fillfactor = 50);
ALTER TABLE device_latest SET (fillfactor = 50);
