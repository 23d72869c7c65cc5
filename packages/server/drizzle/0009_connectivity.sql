CREATE TABLE "debug_command" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"data" jsonb,
	"ret" integer,
	"reply" jsonb,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "debug_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer,
	"gateway_id" text NOT NULL,
	"customer_id" integer NOT NULL,
	"operator_id" integer,
	"operator" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"commands" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_online_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"online" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"session" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"node" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machine_alarm" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"machine_tool_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"alarm_no" text NOT NULL,
	"alarm_type" text DEFAULT '' NOT NULL,
	"alarm_msg" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "machine_latest" (
	"machine_tool_id" integer PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"values" jsonb NOT NULL,
	"state" text NOT NULL,
	"state_since" timestamp with time zone NOT NULL,
	"products" integer,
	"parts_total" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machine_state_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"machine_tool_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"state" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "online_session" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "online_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "online_node" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "debug_command" ADD CONSTRAINT "debug_command_session_id_debug_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."debug_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debug_session" ADD CONSTRAINT "debug_session_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debug_session" ADD CONSTRAINT "debug_session_operator_id_admin_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."admin_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_online_log" ADD CONSTRAINT "device_online_log_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_alarm" ADD CONSTRAINT "machine_alarm_machine_tool_id_machine_tool_id_fk" FOREIGN KEY ("machine_tool_id") REFERENCES "public"."machine_tool"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_latest" ADD CONSTRAINT "machine_latest_machine_tool_id_machine_tool_id_fk" FOREIGN KEY ("machine_tool_id") REFERENCES "public"."machine_tool"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_state_log" ADD CONSTRAINT "machine_state_log_machine_tool_id_machine_tool_id_fk" FOREIGN KEY ("machine_tool_id") REFERENCES "public"."machine_tool"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "debug_command_session_idx" ON "debug_command" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "debug_session_started_idx" ON "debug_session" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "debug_session_customer_idx" ON "debug_session" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "device_online_log_device_idx" ON "device_online_log" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "machine_alarm_machine_idx" ON "machine_alarm" USING btree ("machine_tool_id","started_at");--> statement-breakpoint
CREATE INDEX "machine_alarm_open_idx" ON "machine_alarm" USING btree ("machine_tool_id") WHERE "machine_alarm"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "machine_alarm_started_idx" ON "machine_alarm" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "machine_latest_device_idx" ON "machine_latest" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "machine_state_log_machine_idx" ON "machine_state_log" USING btree ("machine_tool_id","started_at");--> statement-breakpoint
CREATE INDEX "machine_state_log_started_idx" ON "machine_state_log" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "machine_latest" SET (fillfactor = 70);--> statement-breakpoint
-- telemetry history: one row per machine tool per message, in daily partitions (telemetry_YYYYMMDD, made by
-- the ingest ahead of time; retention drops whole partitions). Not in schema.ts: drizzle-kit has no partitions.
CREATE TABLE "telemetry" (
	"machine_tool_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"values" jsonb NOT NULL
) PARTITION BY RANGE ("ts");--> statement-breakpoint
CREATE INDEX "telemetry_machine_ts_idx" ON "telemetry" USING btree ("machine_tool_id","ts");--> statement-breakpoint
CREATE INDEX "telemetry_ts_brin" ON "telemetry" USING brin ("ts");
