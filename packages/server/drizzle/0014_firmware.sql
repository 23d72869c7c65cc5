CREATE TABLE "firmware_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"goods_ids" integer[] NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"changelog" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firmware_version_status_check" CHECK ("firmware_version"."status" in ('draft', 'published', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "flash_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"count" integer NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"start" integer NOT NULL,
	"digits" integer NOT NULL,
	"buy_order_id" integer,
	"state" text DEFAULT 'new' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"downloaded_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flash_batch_state_check" CHECK ("flash_batch"."state" in ('new', 'downloaded', 'confirmed'))
);
--> statement-breakpoint
CREATE TABLE "flash_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"gateway_id" text NOT NULL,
	"secret_hash" text DEFAULT '' NOT NULL,
	"device_id" integer,
	"first_connected_at" timestamp with time zone,
	"fingerprint" text DEFAULT '' NOT NULL,
	"clone_attempts" integer DEFAULT 0 NOT NULL,
	"last_clone_at" timestamp with time zone,
	"last_clone_fingerprint" text DEFAULT '' NOT NULL,
	CONSTRAINT "flash_item_gateway_id_unique" UNIQUE("gateway_id")
);
--> statement-breakpoint
CREATE TABLE "rollout" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"target" jsonb NOT NULL,
	"batch_size" integer NOT NULL,
	"concurrency" integer NOT NULL,
	"pause_seconds" integer DEFAULT 0 NOT NULL,
	"stop_failure_percent" integer NOT NULL,
	"offline_deadline_minutes" integer NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"stop_reason" text DEFAULT '' NOT NULL,
	"batch" integer DEFAULT 1 NOT NULL,
	"batches" integer NOT NULL,
	"batch_started_at" timestamp with time zone,
	"next_batch_at" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "rollout_state_check" CHECK ("rollout"."state" in ('running', 'paused', 'stopped', 'cancelled', 'done'))
);
--> statement-breakpoint
CREATE TABLE "rollout_item" (
	"rollout_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"gateway_id" text NOT NULL,
	"batch" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"from_version" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rollout_item_rollout_id_device_id_pk" PRIMARY KEY("rollout_id","device_id"),
	CONSTRAINT "rollout_item_state_check" CHECK ("rollout_item"."state" in ('pending', 'sending', 'downloading', 'verifying', 'installing', 'done', 'failed', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "firmware_version" ADD CONSTRAINT "firmware_version_created_by_admin_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_batch" ADD CONSTRAINT "flash_batch_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_batch" ADD CONSTRAINT "flash_batch_buy_order_id_buy_order_id_fk" FOREIGN KEY ("buy_order_id") REFERENCES "public"."buy_order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_batch" ADD CONSTRAINT "flash_batch_created_by_admin_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_item" ADD CONSTRAINT "flash_item_batch_id_flash_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."flash_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_item" ADD CONSTRAINT "flash_item_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout" ADD CONSTRAINT "rollout_version_id_firmware_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."firmware_version"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout" ADD CONSTRAINT "rollout_created_by_admin_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_item" ADD CONSTRAINT "rollout_item_rollout_id_rollout_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollout"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_item" ADD CONSTRAINT "rollout_item_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firmware_version_version_idx" ON "firmware_version" USING btree ("version");--> statement-breakpoint
CREATE INDEX "firmware_version_goods_idx" ON "firmware_version" USING gin ("goods_ids");--> statement-breakpoint
CREATE INDEX "flash_item_batch_idx" ON "flash_item" USING btree ("batch_id","seq");--> statement-breakpoint
CREATE INDEX "flash_item_device_idx" ON "flash_item" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "rollout_state_idx" ON "rollout" USING btree ("state");--> statement-breakpoint
CREATE INDEX "rollout_version_idx" ON "rollout" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "rollout_item_batch_idx" ON "rollout_item" USING btree ("rollout_id","batch","state");--> statement-breakpoint
CREATE INDEX "rollout_item_device_idx" ON "rollout_item" USING btree ("device_id");--> statement-breakpoint
-- Releases, rollouts (created, paused, resumed, cancelled, retried, finished) and flash batches are in the
-- operation log; a rollout's per-box rows and a batch's identities are not (thousands of rows, and secret hashes).
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON firmware_version FOR EACH ROW EXECUTE FUNCTION audit_row('', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON rollout FOR EACH ROW EXECUTE FUNCTION audit_row('', 'batch,batch_started_at,next_batch_at');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON flash_batch FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
