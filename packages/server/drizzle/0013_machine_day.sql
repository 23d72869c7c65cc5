ALTER TABLE "machine_latest" ADD COLUMN "day" date;--> statement-breakpoint
ALTER TABLE "machine_latest" ADD COLUMN "day_parts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "machine_latest" ADD COLUMN "day_run_s" double precision DEFAULT 0 NOT NULL;