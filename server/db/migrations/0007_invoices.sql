CREATE TYPE "public"."billing_document_kind" AS ENUM('invoice', 'credit_note');--> statement-breakpoint
CREATE TYPE "public"."vat_mode" AS ENUM('small_business', 'standard');--> statement-breakpoint
CREATE TABLE "billing_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "billing_document_kind" NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"corrects_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"vat_mode" "vat_mode" NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_number_counters" (
	"series" "billing_document_kind" NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "billing_number_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_corrects_id_billing_documents_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."billing_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_number_unique" ON "billing_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_order_kind_unique" ON "billing_documents" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "billing_documents_user_idx" ON "billing_documents" USING btree ("user_id","issued_at");--> statement-breakpoint
-- Issued documents never change (decision 0067): only the mail mark and the account link (set to
-- null when the account is deleted) may be updated, and no row may be deleted.
CREATE FUNCTION billing_documents_keep_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'billing documents are kept: issue a credit note instead';
  END IF;
  IF (to_jsonb(NEW) - 'mailed_at' - 'user_id') <> (to_jsonb(OLD) - 'mailed_at' - 'user_id') THEN
    RAISE EXCEPTION 'billing documents are not edited: issue a credit note instead';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER billing_documents_keep_issued BEFORE UPDATE OR DELETE ON "billing_documents"
  FOR EACH ROW EXECUTE FUNCTION billing_documents_keep_issued();
