CREATE TABLE "store_purchases" (
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"times" integer NOT NULL,
	"quantity" integer NOT NULL,
	"last_paid_at" timestamp with time zone NOT NULL,
	"last_price_fen" integer NOT NULL,
	"goods_name" text NOT NULL,
	"spec" text NOT NULL,
	"manufacturer" text NOT NULL,
	CONSTRAINT "store_purchases_user_id_goods_id_pk" PRIMARY KEY("user_id","goods_id")
);
--> statement-breakpoint
ALTER TABLE "store_purchases" ADD CONSTRAINT "store_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_purchases_recent_idx" ON "store_purchases" USING btree ("user_id","last_paid_at" DESC NULLS LAST,"goods_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "store_purchases_times_idx" ON "store_purchases" USING btree ("user_id","times" DESC NULLS LAST,"last_paid_at" DESC NULLS LAST,"goods_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "store_purchases_quantity_idx" ON "store_purchases" USING btree ("user_id","quantity" DESC NULLS LAST,"last_paid_at" DESC NULLS LAST,"goods_id" DESC NULLS LAST);--> statement-breakpoint
INSERT INTO "store_purchases" ("user_id", "goods_id", "times", "quantity", "last_paid_at", "last_price_fen", "goods_name", "spec", "manufacturer")
SELECT o."user_id", l."goods_id", count(DISTINCT o."id")::int, least(sum(l."quantity"), 2147483647)::int, max(o."paid_at"),
  (array_agg(l."unit_price_fen" ORDER BY o."paid_at" DESC, l."id" DESC))[1],
  (array_agg(l."goods_name" ORDER BY o."paid_at" DESC, l."id" DESC))[1],
  (array_agg(l."spec" ORDER BY o."paid_at" DESC, l."id" DESC))[1],
  (array_agg(l."manufacturer" ORDER BY o."paid_at" DESC, l."id" DESC))[1]
FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
WHERE o."paid_at" IS NOT NULL AND l."kind" = 'goods'
GROUP BY o."user_id", l."goods_id";
