CREATE TABLE "pending_demo_pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"svg" text NOT NULL
);
