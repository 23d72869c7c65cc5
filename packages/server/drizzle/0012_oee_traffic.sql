CREATE TABLE "device_traffic" (
	"device_id" integer NOT NULL,
	"day" date NOT NULL,
	"up_bytes" bigint DEFAULT 0 NOT NULL,
	"down_bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "device_traffic_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "device_traffic_counter" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"tx" bigint NOT NULL,
	"rx" bigint NOT NULL,
	"ts" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machine_plan" (
	"machine_tool_id" integer PRIMARY KEY NOT NULL,
	"shifts" jsonb,
	"ideal_cycle_s" numeric,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machine_scrap" (
	"machine_tool_id" integer NOT NULL,
	"day" date NOT NULL,
	"shift" text NOT NULL,
	"count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machine_scrap_machine_tool_id_day_shift_pk" PRIMARY KEY("machine_tool_id","day","shift"),
	CONSTRAINT "machine_scrap_count_check" CHECK ("machine_scrap"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "traffic_plan" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"monthly_mb" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "traffic_plan_name_unique" UNIQUE("name"),
	CONSTRAINT "traffic_plan_mb_check" CHECK ("traffic_plan"."monthly_mb" > 0)
);
--> statement-breakpoint
CREATE TABLE "traffic_plan_box" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_traffic" ADD CONSTRAINT "device_traffic_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_traffic_counter" ADD CONSTRAINT "device_traffic_counter_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_plan" ADD CONSTRAINT "machine_plan_machine_tool_id_machine_tool_id_fk" FOREIGN KEY ("machine_tool_id") REFERENCES "public"."machine_tool"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_scrap" ADD CONSTRAINT "machine_scrap_machine_tool_id_machine_tool_id_fk" FOREIGN KEY ("machine_tool_id") REFERENCES "public"."machine_tool"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_plan_box" ADD CONSTRAINT "traffic_plan_box_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_plan_box" ADD CONSTRAINT "traffic_plan_box_plan_id_traffic_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."traffic_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_traffic_day_idx" ON "device_traffic" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_plan_default_idx" ON "traffic_plan" USING btree ("is_default") WHERE "traffic_plan"."is_default";