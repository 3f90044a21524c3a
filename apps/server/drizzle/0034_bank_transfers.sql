CREATE TABLE "bank_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"received_fen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"payer_name" text NOT NULL,
	"declared_fen" integer NOT NULL,
	"transfer_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"received_fen" integer,
	"excess_fen" integer DEFAULT 0 NOT NULL,
	"excess_to" text,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"bank_ref" text,
	"paid_on" date,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_order_uq" ON "bank_transfers" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_code_uq" ON "bank_transfers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "transfer_receipts_status_idx" ON "transfer_receipts" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_receipts_pending_uq" ON "transfer_receipts" USING btree ("order_id") WHERE "transfer_receipts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "transfer_refunds_status_idx" ON "transfer_refunds" USING btree ("status");--> statement-breakpoint
CREATE INDEX "transfer_refunds_order_idx" ON "transfer_refunds" USING btree ("order_id");--> statement-breakpoint
-- 财务 confirms bank transfers: the initial 财务 role of an existing database gets the new permission.
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'transfers:confirm' FROM "roles" WHERE "code" = 'finance' ON CONFLICT DO NOTHING;
