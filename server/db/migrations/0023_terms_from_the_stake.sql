-- Issue 35: a stake earns on its own amount and scale until it is upgraded; only an upgrade writes `stake_terms` rows
-- (the terms the stake had from day 0, and the new ones from the next day), so opening a stake writes one row and one
-- foreign-key check fewer (server/staking/terms.ts). The rows written before for stakes never upgraded (each stake's
-- one row, from day 0, equal to the stake's own amount and scale) said nothing the stake does not, and are removed,
-- so every stake's terms have one shape: no rows, or all of them from day 0. A stake's day-0 row that differs from
-- the stake, or that has later rows beside it (an upgraded stake), stays. The readers take the rows when a stake has
-- any, else the stake's own, so they read the same terms with or without this migration.
DELETE FROM "stake_terms" t
USING "stakes" s
WHERE s."id" = t."stake_id" AND t."from_day" = 0 AND t."amount" = s."amount" AND t."scale" = s."scale"
  AND NOT EXISTS (SELECT 1 FROM "stake_terms" later WHERE later."stake_id" = t."stake_id" AND later."from_day" > 0);
