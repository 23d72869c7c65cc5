CREATE TABLE "device" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"customer_id" integer NOT NULL,
	"goods_id" integer,
	"fingerprint" text DEFAULT '' NOT NULL,
	"secret_hash" text NOT NULL,
	"vpn_ip" "inet",
	"machine_net" "cidr",
	"firmware_version" text DEFAULT '' NOT NULL,
	"imei" text DEFAULT '' NOT NULL,
	"iccid" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"area_id" integer DEFAULT 0 NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"state" text DEFAULT 'in_stock' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_gateway_id_unique" UNIQUE("gateway_id"),
	CONSTRAINT "device_vpn_ip_unique" UNIQUE("vpn_ip"),
	CONSTRAINT "device_machine_net_unique" UNIQUE("machine_net"),
	CONSTRAINT "device_state_check" CHECK ("device"."state" in ('in_stock', 'shipped', 'returned', 'repair', 'scrapped'))
);
--> statement-breakpoint
CREATE TABLE "device_flow" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"gateway_id" text NOT NULL,
	"type" text NOT NULL,
	"from_customer_id" integer,
	"to_customer_id" integer,
	"state" text NOT NULL,
	"order_no" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"operator" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_flow_type_check" CHECK ("device_flow"."type" in ('purchase_in', 'sale_out', 'transfer', 'return', 'repair', 'scrap'))
);
--> statement-breakpoint
CREATE TABLE "device_tag" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT 'blue' NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_tag_link" (
	"device_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "device_tag_link_device_id_tag_id_pk" PRIMARY KEY("device_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"spec" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "machine_tool" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"ip" "inet" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machine_tool_ip_unique" UNIQUE("ip")
);
--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tag" ADD CONSTRAINT "device_tag_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tag_link" ADD CONSTRAINT "device_tag_link_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tag_link" ADD CONSTRAINT "device_tag_link_tag_id_device_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."device_tag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_tool" ADD CONSTRAINT "machine_tool_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_customer_idx" ON "device" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "device_goods_idx" ON "device" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "device_created_idx" ON "device" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "device_online_idx" ON "device" USING btree ("online");--> statement-breakpoint
CREATE INDEX "device_flow_device_idx" ON "device_flow" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "device_flow_created_idx" ON "device_flow" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "device_flow_to_idx" ON "device_flow" USING btree ("to_customer_id");--> statement-breakpoint
CREATE INDEX "device_flow_from_idx" ON "device_flow" USING btree ("from_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_tag_owner_name_idx" ON "device_tag" USING btree ("customer_id","name");--> statement-breakpoint
CREATE INDEX "device_tag_link_tag_idx" ON "device_tag_link" USING btree ("tag_id","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "machine_tool_device_code_idx" ON "machine_tool" USING btree ("device_id","code");--> statement-breakpoint
-- The fleet's tables are audited like the others; a box's secret hash never appears in the log.
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON goods FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON device FOR EACH ROW EXECUTE FUNCTION audit_row('secret_hash', 'last_seen_at,online');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON device_tag FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON machine_tool FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
-- The ledger is append-only, whoever connects: no route needs to change it, and the database refuses anyone who tries.
CREATE OR REPLACE FUNCTION refuse_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '设备流转记录只能新增,不能修改或删除' USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER append_only BEFORE UPDATE OR DELETE ON device_flow FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER append_only_truncate BEFORE TRUNCATE ON device_flow FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();
