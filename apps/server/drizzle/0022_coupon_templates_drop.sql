ALTER TABLE "coupons" DROP COLUMN "starts_at";--> statement-breakpoint
ALTER TABLE "coupons" DROP COLUMN "expires_at";--> statement-breakpoint
ALTER TABLE "coupons" DROP COLUMN "remaining_uses";