ALTER TABLE "help_articles" ADD COLUMN "markdown" text;--> statement-breakpoint
ALTER TABLE "help_articles" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "markdown" text;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "html" text;