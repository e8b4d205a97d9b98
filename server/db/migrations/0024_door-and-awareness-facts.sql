ALTER TABLE "locations" ADD COLUMN "door_facts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "door_facts" jsonb DEFAULT '{}'::jsonb NOT NULL;