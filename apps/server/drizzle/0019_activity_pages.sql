CREATE TABLE "activity_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"template" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"notice_text" text DEFAULT '' NOT NULL,
	"sections" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activity_pages_listing_idx" ON "activity_pages" USING btree ("template","status","ends_at");