-- A cart line's full-reduction activity is decided by the activities' coverage when the cart is
-- priced, not by what the add request carried, so goods_manjian_id no longer tells lines apart:
-- lines that differed only in it become one (the first keeps their quantities added up), and
-- every line keeps 0.
UPDATE "cart_items" "c" SET "quantity" = "m"."quantity"
FROM (
  SELECT min("id") AS "id", sum("quantity")::int AS "quantity"
  FROM "cart_items"
  GROUP BY "user_id", "goods_id", "warehouse_id", "goods_price_id", "ladder_price_id", "is_yj", "type", "combination_id"
  HAVING count(*) > 1
) "m"
WHERE "c"."id" = "m"."id";--> statement-breakpoint
DELETE FROM "cart_items" "c" WHERE EXISTS (
  SELECT 1 FROM "cart_items" "k"
  WHERE "k"."user_id" = "c"."user_id" AND "k"."goods_id" = "c"."goods_id" AND "k"."warehouse_id" = "c"."warehouse_id"
    AND "k"."goods_price_id" = "c"."goods_price_id" AND "k"."ladder_price_id" = "c"."ladder_price_id"
    AND "k"."is_yj" = "c"."is_yj" AND "k"."type" = "c"."type" AND "k"."combination_id" = "c"."combination_id"
    AND "k"."id" < "c"."id"
);--> statement-breakpoint
UPDATE "cart_items" SET "goods_manjian_id" = 0 WHERE "goods_manjian_id" <> 0;
