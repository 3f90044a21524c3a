ALTER TABLE "coupons" ADD COLUMN "max_discount_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "coverage" jsonb DEFAULT '{"all":true}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "exclude_special" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "valid_from" date;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "valid_to" date;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "valid_days" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "total_quota" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "claimed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "per_store_limit" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "claim_from" date;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "claim_to" date;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "in_centre" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "new_buyer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD COLUMN "source" text DEFAULT 'grant' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD COLUMN "valid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD COLUMN "valid_to" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "user_coupons_coupon_idx" ON "user_coupons" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_coupons_new_buyer_uq" ON "user_coupons" USING btree ("user_id","coupon_id") WHERE source = 'new_buyer';--> statement-breakpoint
UPDATE "coupons" SET "valid_from" = ("starts_at" AT TIME ZONE 'Asia/Shanghai')::date, "valid_to" = ("expires_at" AT TIME ZONE 'Asia/Shanghai')::date;--> statement-breakpoint
UPDATE "user_coupons" SET "valid_from" = c."starts_at", "valid_to" = c."expires_at" FROM "coupons" c WHERE c."id" = "user_coupons"."coupon_id";
