ALTER TABLE "manjian_activities" ADD COLUMN "coverage" jsonb;--> statement-breakpoint
-- Coverage becomes data: a site-wide activity for goods tagged 满 covers those goods by id, plus
-- the goods listed for it in manjian_activity_goods (which the next migration drops).
UPDATE "manjian_activities" a SET "coverage" = jsonb_build_object('goodsIds', coalesce((
  SELECT jsonb_agg(DISTINCT ids.id ORDER BY ids.id) FROM (
    SELECT g."id" FROM "goods" g WHERE a."for_tagged_goods" AND '满' = ANY(g."tags")
    UNION SELECT m."goods_id" FROM "manjian_activity_goods" m WHERE m."activity_id" = a."id"
  ) ids
), '[]'::jsonb));
