ALTER TABLE "export_job" ADD COLUMN "runner" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "export_job" ADD COLUMN "heartbeat_at" timestamp with time zone;