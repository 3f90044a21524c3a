ALTER TABLE "payments" ADD COLUMN "refunded_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Before this column a payment was flipped to refunded whole: by the provider refund of money that
-- came for a closed order (all of it went back), or by an after-sale of the order it paid (only
-- the order's refunded amount went back: a partial one keeps the payment paid).
UPDATE "payments" "p" SET
  "refunded_fen" = least("p"."amount_fen", "o"."refunded_fen"),
  "status" = CASE WHEN "o"."refunded_fen" >= "p"."amount_fen" THEN 'refunded' ELSE 'paid' END
FROM "orders" "o"
WHERE "o"."id" = "p"."order_id" AND "p"."status" = 'refunded' AND "o"."payment_method" = 'online'
  AND "p"."paid_at" IS NOT NULL AND "o"."refunded_fen" > 0;--> statement-breakpoint
UPDATE "payments" SET "refunded_fen" = "amount_fen" WHERE "status" = 'refunded' AND "refunded_fen" = 0;
