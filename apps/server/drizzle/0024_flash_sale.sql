CREATE TABLE "spike_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"price_fen" integer NOT NULL,
	"stock" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"per_store_limit" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "spike_goods_sold_check" CHECK (sold >= 0 and sold <= stock)
);
--> statement-breakpoint
CREATE TABLE "spike_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"spike_goods_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"units" integer NOT NULL,
	"price_fen" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "spike_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spike_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spike_store_counts" (
	"slot_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "spike_store_counts_slot_id_goods_id_user_id_pk" PRIMARY KEY("slot_id","goods_id","user_id"),
	CONSTRAINT "spike_store_counts_units_check" CHECK (units >= 0)
);
--> statement-breakpoint
ALTER TABLE "spike_goods" ADD CONSTRAINT "spike_goods_slot_id_spike_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."spike_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spike_goods" ADD CONSTRAINT "spike_goods_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spike_purchases" ADD CONSTRAINT "spike_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spike_purchases" ADD CONSTRAINT "spike_purchases_spike_goods_id_spike_goods_id_fk" FOREIGN KEY ("spike_goods_id") REFERENCES "public"."spike_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spike_purchases" ADD CONSTRAINT "spike_purchases_slot_id_spike_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."spike_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spike_purchases" ADD CONSTRAINT "spike_purchases_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spike_slots" ADD CONSTRAINT "spike_slots_sale_id_spike_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."spike_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spike_store_counts" ADD CONSTRAINT "spike_store_counts_slot_id_spike_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."spike_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spike_store_counts" ADD CONSTRAINT "spike_store_counts_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spike_store_counts" ADD CONSTRAINT "spike_store_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spike_goods_live_idx" ON "spike_goods" USING btree ("slot_id","goods_id") WHERE retired_at is null;--> statement-breakpoint
CREATE INDEX "spike_goods_goods_idx" ON "spike_goods" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "spike_purchases_order_idx" ON "spike_purchases" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "spike_purchases_slot_idx" ON "spike_purchases" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "spike_slots_ends_idx" ON "spike_slots" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "spike_slots_sale_idx" ON "spike_slots" USING btree ("sale_id");