-- Work a server start does once after an upgrade: a row per job, deleted by the start that has done it.
CREATE TABLE "pending_job" (
	"name" text PRIMARY KEY NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- 首页's trends read finished days from machine_day, which the ingest fills only from migration 0023 on: the days
-- before are filled once from the state periods and part counters already stored. In the server, not here: the
-- days are the platform's (TIME_ZONE), which only the server knows.
INSERT INTO "pending_job" ("name") VALUES ('machine_day_backfill');
