CREATE TABLE "provider_secrets" (
	"provider" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "qr_content" text;--> statement-breakpoint
ALTER TABLE "sandbox_trades" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_trades" ADD COLUMN "refund_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_trades" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "sandbox_trades" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- Hand-added: older databases may hold several open trades of one order; keep the newest open.
UPDATE "payments" SET "status" = 'closed' WHERE "status" = 'pending' AND "id" NOT IN (SELECT max("id") FROM "payments" WHERE "status" = 'pending' GROUP BY "order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_trade_uq" ON "payments" USING btree ("order_id") WHERE "payments"."status" = 'pending';