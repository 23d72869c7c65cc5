-- A box's last refused telemetry (数据格式错误): when, why, and the message's first bytes, written by the ingest
-- (a box's last one, each node writing all its boxes' together at most once a second).
ALTER TABLE "device" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "rejected_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "rejected_head" text DEFAULT '' NOT NULL;