DROP TABLE "manjian_activity_goods" CASCADE;--> statement-breakpoint
ALTER TABLE "manjian_activities" DROP COLUMN "for_tagged_goods";