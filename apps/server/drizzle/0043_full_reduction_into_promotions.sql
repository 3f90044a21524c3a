-- 满减 activities move into the one promotions table (issue #36): same ids, so the orders'
-- order_promotions rows (code full_reduction, promotion_id) keep naming their activity.
-- is_active false was both paused and ended (ended also moved ends_at to the instant it ended).
-- 0042 and this one ship together, so promotions is still empty here and the ids are free.
INSERT INTO "promotions" ("id", "kind", "name", "coverage", "condition", "action", "starts_at", "ends_at", "status")
SELECT "id", 'full_reduction', "name", "coverage", '{}'::jsonb, jsonb_build_object('tiers', "tiers"),
  "starts_at", greatest("ends_at", "starts_at" + interval '1 second'),
  CASE WHEN "is_active" THEN 'active' WHEN "ends_at" <= now() THEN 'ended' ELSE 'paused' END
FROM "manjian_activities";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"promotions"', 'id'), coalesce((SELECT max("id") FROM "promotions"), 0) + 1, false);
--> statement-breakpoint
DROP TABLE "manjian_activities" CASCADE;
