CREATE TABLE "goods_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"batch_no" text NOT NULL,
	"produced_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_batches_quantity_ck" CHECK ("goods_batches"."quantity" >= 0),
	CONSTRAINT "goods_batches_dates_ck" CHECK ("goods_batches"."expires_on" > "goods_batches"."produced_on")
);
--> statement-breakpoint
CREATE TABLE "goods_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_images_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "goods_batches" ADD CONSTRAINT "goods_batches_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_batches" ADD CONSTRAINT "goods_batches_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "goods_batches_uq" ON "goods_batches" USING btree ("goods_id","warehouse_id","batch_no");--> statement-breakpoint
CREATE INDEX "goods_batches_expiry_idx" ON "goods_batches" USING btree ("goods_id","expires_on");