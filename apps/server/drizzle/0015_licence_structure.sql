ALTER TABLE "qualifications" ALTER COLUMN "expires_on" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "qualifications" ADD COLUMN "issuer" text;--> statement-breakpoint
ALTER TABLE "qualifications" ADD COLUMN "scopes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "qualifications" ADD COLUMN "holder_name" text;--> statement-breakpoint
ALTER TABLE "qualifications" ADD COLUMN "holder_id_no" text;--> statement-breakpoint
-- Licences reviewed before licences carried their scope: each approved or replaced licence gets
-- the part of its company's confirmed scope its type may grant (compliance/licences.ts).
UPDATE "qualifications" q SET "scopes" = ARRAY(
  SELECT code FROM unnest(c."business_scope") code WHERE code = ANY (CASE q."kind"
    WHEN 'business_licence' THEN ARRAY['qx1', 'xdyp']
    WHEN 'drug_licence' THEN ARRAY['cfy', 'fcfy', 'zcy', 'hxyzj', 'kssz', 'shyp', 'zyyp', 'swzp']
    WHEN 'medical_licence' THEN ARRAY['cfy', 'fcfy', 'zcy', 'hxyzj', 'kssz', 'shyp', 'zyyp', 'swzp', 'qx1', 'qx2', 'qx3', 'xdyp']
    WHEN 'device_licence' THEN ARRAY['qx1', 'qx2', 'qx3']
    WHEN 'device_record' THEN ARRAY['qx1', 'qx2']
    WHEN 'food_licence' THEN ARRAY['bjsp']
    ELSE ARRAY[]::text[] END))
FROM "companies" c WHERE c."id" = q."company_id";
