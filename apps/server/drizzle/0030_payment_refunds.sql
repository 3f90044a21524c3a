CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"refund_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"day" text NOT NULL,
	"ours_paid_fen" integer NOT NULL,
	"ours_refunded_fen" integer NOT NULL,
	"theirs_paid_fen" integer NOT NULL,
	"theirs_refunded_fen" integer NOT NULL,
	"differences" jsonb NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_no_uq" ON "payment_refunds" USING btree ("refund_no");--> statement-breakpoint
CREATE INDEX "payment_refunds_open_idx" ON "payment_refunds" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_day_idx" ON "reconciliation_runs" USING btree ("day","channel");