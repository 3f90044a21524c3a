CREATE TABLE "gift_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"type" integer NOT NULL,
	"buy_quantity" integer NOT NULL,
	"gift_goods_id" integer NOT NULL,
	"gift_quantity" integer NOT NULL,
	"price_fen" integer DEFAULT 0 NOT NULL,
	"repeat" boolean DEFAULT false NOT NULL,
	"max_gifts" integer,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_combination_items" (
	"combination_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "goods_combination_items_combination_id_goods_id_pk" PRIMARY KEY("combination_id","goods_id")
);
--> statement-breakpoint
CREATE TABLE "goods_combinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_fen" integer NOT NULL,
	"main_goods_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manjian_activity_goods" (
	"activity_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	CONSTRAINT "manjian_activity_goods_activity_id_goods_id_pk" PRIMARY KEY("activity_id","goods_id")
);
--> statement-breakpoint
DROP INDEX "cart_items_merge_uq";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "combination_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_rules" ADD CONSTRAINT "gift_rules_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_rules" ADD CONSTRAINT "gift_rules_gift_goods_id_goods_id_fk" FOREIGN KEY ("gift_goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_combination_items" ADD CONSTRAINT "goods_combination_items_combination_id_goods_combinations_id_fk" FOREIGN KEY ("combination_id") REFERENCES "public"."goods_combinations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_combination_items" ADD CONSTRAINT "goods_combination_items_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_combinations" ADD CONSTRAINT "goods_combinations_main_goods_id_goods_id_fk" FOREIGN KEY ("main_goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_combinations" ADD CONSTRAINT "goods_combinations_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manjian_activity_goods" ADD CONSTRAINT "manjian_activity_goods_activity_id_manjian_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."manjian_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manjian_activity_goods" ADD CONSTRAINT "manjian_activity_goods_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_rules_goods_idx" ON "gift_rules" USING btree ("goods_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_merge_uq" ON "cart_items" USING btree ("user_id","goods_id","warehouse_id","goods_price_id","ladder_price_id","goods_manjian_id","is_yj","type","combination_id");