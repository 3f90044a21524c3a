DROP INDEX "invoices_order_uq";--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "tax_code" text DEFAULT '1070301020000000000' NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "tax_rate" integer DEFAULT 13 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'blue' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "original_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider_serial" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider_message" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider_pdf_url" text;--> statement-breakpoint
CREATE INDEX "invoices_original_idx" ON "invoices" USING btree ("original_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_uq" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'blue' and "invoices"."status" <> 'reversed';--> statement-breakpoint
-- Each goods starts from its business-scope class's tax classification (packages/domain defaultTaxOf).
UPDATE "goods" SET "tax_code" = CASE
  WHEN "scope_class" = 'zcy' THEN '1070302000000000000'
  WHEN "scope_class" = 'zyyp' OR "kind" = 'herb' THEN '1070303010000000000'
  WHEN "scope_class" = 'swzp' THEN '1070304000000000000'
  WHEN "scope_class" IN ('qx1', 'qx2', 'qx3') OR "kind" = 'device' THEN '1090623000000000000'
  WHEN "scope_class" = 'bjsp' OR "kind" = 'health' THEN '1030399000000000000'
  WHEN "scope_class" = 'xdyp' THEN '1070213990000000000'
  ELSE '1070301020000000000' END,
  "tax_rate" = CASE WHEN "scope_class" = 'zyyp' OR "kind" = 'herb' THEN 9 ELSE 13 END;
