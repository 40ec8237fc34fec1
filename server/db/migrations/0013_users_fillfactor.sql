-- Issue 17, the daily run's ranks (docs/rewards.md, Speed). The job rewrites star, lv and v_lv, which no index
-- covers: with room on each page the rewrite is a HOT update, in place with no entry in users' four indexes.
-- Half of each page, so that a day on which every member's rank moves still finds room for every row. Pages
-- written before this keep no room until they are rewritten.
ALTER TABLE "users" SET (fillfactor = 50);
