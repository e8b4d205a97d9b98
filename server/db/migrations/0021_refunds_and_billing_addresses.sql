CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"period_starts_at" timestamp with time zone,
	"period_ends_at" timestamp with time zone,
	"provider_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "billing_documents_order_kind_unique";--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "billing_name" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_provider_key_unique" ON "payment_refunds" USING btree ("provider_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_refund_id_payment_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_invoice_per_order_unique" ON "billing_documents" USING btree ("order_id") WHERE "billing_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_refund_unique" ON "billing_documents" USING btree ("refund_id");