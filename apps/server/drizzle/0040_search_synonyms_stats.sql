CREATE TABLE "search_daily_stats" (
	"day" date NOT NULL,
	"keyword" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"zero_results" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_daily_stats_day_keyword_pk" PRIMARY KEY("day","keyword")
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"term" text NOT NULL,
	"expansions" text[] NOT NULL,
	"two_way" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_daily_stats_day_searches" ON "search_daily_stats" USING btree ("day","searches");--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonyms_term_uq" ON "search_synonyms" USING btree (lower("term"));