ALTER TABLE "help_articles" ADD COLUMN "markdown" text;--> statement-breakpoint
ALTER TABLE "help_articles" ADD COLUMN "html" text;