CREATE TABLE "debug_client" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"address" "inet" NOT NULL,
	"public_key" text NOT NULL,
	"key_generated" boolean DEFAULT false NOT NULL,
	"user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debug_client_address_unique" UNIQUE("address"),
	CONSTRAINT "debug_client_public_key_unique" UNIQUE("public_key")
);
--> statement-breakpoint
CREATE TABLE "remote_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"client_id" integer,
	"client_name" text NOT NULL,
	"client_address" text NOT NULL,
	"client_public_key" text NOT NULL,
	"user_id" integer NOT NULL,
	"username" text NOT NULL,
	"device_id" integer NOT NULL,
	"gateway_id" text NOT NULL,
	"customer_id" integer NOT NULL,
	"machine_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"minutes" integer NOT NULL,
	"needs_approval" boolean DEFAULT false NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by_id" integer,
	"approved_by" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by_id" integer,
	"ended_by" text DEFAULT '' NOT NULL,
	"end_reason" text,
	"rx_base" bigint DEFAULT 0 NOT NULL,
	"tx_base" bigint DEFAULT 0 NOT NULL,
	"rx_bytes" bigint DEFAULT 0 NOT NULL,
	"tx_bytes" bigint DEFAULT 0 NOT NULL,
	"latest_handshake" timestamp with time zone,
	CONSTRAINT "remote_session_status_check" CHECK ("remote_session"."status" in ('pending', 'active', 'rejected', 'ended')),
	CONSTRAINT "remote_session_end_reason_check" CHECK ("remote_session"."end_reason" is null or "remote_session"."end_reason" in ('expired', 'closed', 'rejected', 'user_disabled', 'box_moved', 'box_scrapped', 'unlicensed', 'client_deleted'))
);
--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "remote_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "debug_client" ADD CONSTRAINT "debug_client_user_id_admin_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_session" ADD CONSTRAINT "remote_session_client_id_debug_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."debug_client"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "debug_client_customer_idx" ON "debug_client" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "debug_client_user_idx" ON "debug_client" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "remote_session_customer_idx" ON "remote_session" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "remote_session_requested_idx" ON "remote_session" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "remote_session_client_idx" ON "remote_session" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "remote_session_device_idx" ON "remote_session" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "remote_session_open_idx" ON "remote_session" USING btree ("status","expires_at") WHERE "remote_session"."status" in ('pending', 'active');--> statement-breakpoint
-- 调试代理's clients and 远程会话 are in 操作日志. A session's counters, copied when it ends, are no one's change.
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON debug_client FOR EACH ROW EXECUTE FUNCTION audit_row('', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON remote_session FOR EACH ROW EXECUTE FUNCTION audit_row('', 'rx_base,tx_base,rx_bytes,tx_bytes,latest_handshake');--> statement-breakpoint
-- The console of a box's own API moved from 调试代理 (whose 修改 opened it) into the box drawer under 网关设备's new
-- 远程调试 bit (512): a role that could use it keeps it, with 网关设备's 查询 (1) that opens the drawer.
UPDATE "role" SET "menus" = (
  SELECT jsonb_agg(CASE WHEN e ->> 'menu' = '/device/device' THEN jsonb_build_object('menu', '/device/device', 'action', (e ->> 'action')::int | 513) ELSE e END)
  FROM jsonb_array_elements("menus") e
), "updated_at" = now()
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements("menus") e WHERE e ->> 'menu' = '/system/debug_client' AND ((e ->> 'action')::int & 4) = 4)
  AND "menus" @> '[{"menu":"/device/device"}]'::jsonb;--> statement-breakpoint
UPDATE "role" SET "menus" = "menus" || '[{"menu":"/device/device","action":513}]'::jsonb, "updated_at" = now()
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements("menus") e WHERE e ->> 'menu' = '/system/debug_client' AND ((e ->> 'action')::int & 4) = 4)
  AND NOT "menus" @> '[{"menu":"/device/device"}]'::jsonb;--> statement-breakpoint
-- The built-in 客户 role: its users make their own clients (查询, 增加, 修改, 删除 = 15) and open, end, export and
-- approve sessions (查询, 增加, 修改, 导出, 审批 = 1|2|4|16|256 = 279).
UPDATE "role" SET "menus" = (
  SELECT jsonb_agg(CASE WHEN e ->> 'menu' = '/system/debug_client' THEN jsonb_build_object('menu', '/system/debug_client', 'action', (e ->> 'action')::int | 15) ELSE e END)
  FROM jsonb_array_elements("menus") e
), "updated_at" = now()
WHERE "id" = 2 AND "menus" @> '[{"menu":"/system/debug_client"}]'::jsonb;--> statement-breakpoint
UPDATE "role" SET "menus" = "menus" || '[{"menu":"/system/debug_client","action":15}]'::jsonb, "updated_at" = now()
WHERE "id" = 2 AND NOT "menus" @> '[{"menu":"/system/debug_client"}]'::jsonb;--> statement-breakpoint
UPDATE "role" SET "menus" = "menus" || '[{"menu":"/system/remote_session","action":279}]'::jsonb, "updated_at" = now()
WHERE "id" = 2 AND NOT "menus" @> '[{"menu":"/system/remote_session"}]'::jsonb;
