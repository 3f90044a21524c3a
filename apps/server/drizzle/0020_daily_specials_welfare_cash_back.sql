CREATE TABLE "cash_back_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tiers" jsonb NOT NULL,
	"repeat" boolean DEFAULT false NOT NULL,
	"coverage" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_back_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"base_fen" integer NOT NULL,
	"credit_fen" integer NOT NULL,
	"reversed_fen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_special_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"special_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"price_fen" integer NOT NULL,
	"daily_limit" integer,
	"stock" integer,
	"sold" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_special_store_days" (
	"item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "daily_special_store_days_item_id_user_id_day_pk" PRIMARY KEY("item_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "daily_special_takes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"units" integer NOT NULL,
	"amount_fen" integer DEFAULT 0 NOT NULL,
	"released" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_specials" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "welfare_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rate_percent" integer NOT NULL,
	"coverage" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "welfare_takes" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"units" integer NOT NULL,
	"released" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cash_back_credits" ADD CONSTRAINT "cash_back_credits_activity_id_cash_back_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."cash_back_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_back_credits" ADD CONSTRAINT "cash_back_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_special_goods" ADD CONSTRAINT "daily_special_goods_special_id_daily_specials_id_fk" FOREIGN KEY ("special_id") REFERENCES "public"."daily_specials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_special_goods" ADD CONSTRAINT "daily_special_goods_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_special_store_days" ADD CONSTRAINT "daily_special_store_days_item_id_daily_special_goods_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."daily_special_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_special_store_days" ADD CONSTRAINT "daily_special_store_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_special_takes" ADD CONSTRAINT "daily_special_takes_item_id_daily_special_goods_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."daily_special_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welfare_takes" ADD CONSTRAINT "welfare_takes_activity_id_welfare_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."welfare_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_back_credits_order_uq" ON "cash_back_credits" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "cash_back_credits_user_idx" ON "cash_back_credits" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_special_goods_uq" ON "daily_special_goods" USING btree ("special_id","goods_id");--> statement-breakpoint
CREATE INDEX "daily_special_takes_order_idx" ON "daily_special_takes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "daily_special_takes_item_idx" ON "daily_special_takes" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "welfare_takes_order_idx" ON "welfare_takes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "welfare_takes_activity_idx" ON "welfare_takes" USING btree ("activity_id");