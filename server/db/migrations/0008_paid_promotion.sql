ALTER TYPE "public"."ad_status" ADD VALUE 'awaiting_approval';--> statement-breakpoint
ALTER TYPE "public"."ad_status" ADD VALUE 'rejected';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'fulfilled';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'expired';--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"order_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "weeks" integer;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "period_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "period_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "terms_version" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "expires_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "statistics_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ADD CONSTRAINT "payment_webhook_events_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_orders_status_idx" ON "payment_orders" USING btree ("status");