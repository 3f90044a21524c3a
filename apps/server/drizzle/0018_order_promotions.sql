CREATE TABLE "order_promotions" (
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"promotion_id" integer NOT NULL,
	"label" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"goods_fen" integer NOT NULL,
	CONSTRAINT "order_promotions_order_id_code_promotion_id_pk" PRIMARY KEY("order_id","code","promotion_id")
);
--> statement-breakpoint
CREATE INDEX "order_promotions_promotion_idx" ON "order_promotions" USING btree ("code","promotion_id");