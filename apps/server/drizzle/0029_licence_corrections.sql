ALTER TABLE "qualifications" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "qualifications" ADD COLUMN "supersedes_id" integer;--> statement-breakpoint
ALTER TABLE "qualifications" ADD COLUMN "correction_reason" text;--> statement-breakpoint
ALTER TABLE "qualifications" ADD CONSTRAINT "qualifications_reviewed_by_operators_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualifications" ADD CONSTRAINT "qualifications_supersedes_id_qualifications_id_fk" FOREIGN KEY ("supersedes_id") REFERENCES "public"."qualifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qualifications_supersedes_uq" ON "qualifications" USING btree ("supersedes_id");--> statement-breakpoint
ALTER TABLE "qualifications" ADD CONSTRAINT "qualifications_correction_ck" CHECK (("qualifications"."supersedes_id" is null) = ("qualifications"."correction_reason" is null));