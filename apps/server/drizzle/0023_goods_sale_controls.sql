CREATE TABLE "goods_sale_controls" (
	"goods_id" integer PRIMARY KEY NOT NULL,
	"customer_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "goods_sale_controls" ADD CONSTRAINT "goods_sale_controls_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_sale_controls" ADD CONSTRAINT "goods_sale_controls_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;