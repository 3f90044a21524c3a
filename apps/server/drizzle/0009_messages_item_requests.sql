CREATE TABLE "item_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"spec" text NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"approval_no" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"expected_price_fen" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"photo_file_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reply" text,
	"goods_id" integer,
	"replied_by" integer,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "messages_user_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "category" text DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_replied_by_operators_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_requests_user_idx" ON "item_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "item_requests_status_idx" ON "item_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("user_id","category") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_dedupe_idx" ON "messages" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" USING btree ("user_id","id");--> statement-breakpoint
UPDATE "messages" SET "category" = 'account' WHERE "title" LIKE '资质%';--> statement-breakpoint
UPDATE "messages" SET "category" = 'service' WHERE "title" LIKE '%反馈%';--> statement-breakpoint
UPDATE "messages" SET "category" = 'order' WHERE "title" LIKE '发货%';
