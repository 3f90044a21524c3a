ALTER TABLE "companies" ADD COLUMN "erp_code" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "erp_code" text;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "barcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_erp_code_uq" ON "companies" USING btree ("erp_code");--> statement-breakpoint
CREATE INDEX "companies_updated_idx" ON "companies" USING btree ("updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_erp_code_uq" ON "goods" USING btree ("erp_code");