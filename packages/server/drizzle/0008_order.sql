-- 进货单 and 出货单 with their lines (audited; a line is logged under its order). buy_order_identity holds the
-- sealed identities of the boxes a confirmed 进货单 created until their one download: deliberately not audited.
CREATE TABLE "buy_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"order_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"supplier" text NOT NULL,
	CONSTRAINT "buy_order_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "buy_order_status_check" CHECK ("buy_order"."status" in ('draft', 'confirmed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "buy_order_identity" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buy_order_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"goods_name" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"amount" numeric(14, 2) GENERATED ALWAYS AS ("quantity" * "unit_price") STORED,
	"serials" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "buy_order_line_quantity_check" CHECK ("buy_order_line"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "sell_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"order_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "sell_order_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "sell_order_status_check" CHECK ("sell_order"."status" in ('draft', 'confirmed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "sell_order_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"goods_name" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"amount" numeric(14, 2) GENERATED ALWAYS AS ("quantity" * "unit_price") STORED,
	"serials" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "sell_order_line_quantity_check" CHECK ("sell_order_line"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "buy_order" ADD CONSTRAINT "buy_order_operator_id_admin_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."admin_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_order_identity" ADD CONSTRAINT "buy_order_identity_order_id_buy_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."buy_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_order_line" ADD CONSTRAINT "buy_order_line_order_id_buy_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."buy_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_order_line" ADD CONSTRAINT "buy_order_line_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_order" ADD CONSTRAINT "sell_order_operator_id_admin_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."admin_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_order" ADD CONSTRAINT "sell_order_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_order_line" ADD CONSTRAINT "sell_order_line_order_id_sell_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sell_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_order_line" ADD CONSTRAINT "sell_order_line_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buy_order_date_idx" ON "buy_order" USING btree ("order_date");--> statement-breakpoint
CREATE INDEX "buy_order_line_order_idx" ON "buy_order_line" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "sell_order_date_idx" ON "sell_order" USING btree ("order_date");--> statement-breakpoint
CREATE INDEX "sell_order_customer_idx" ON "sell_order" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sell_order_line_order_idx" ON "sell_order_line" USING btree ("order_id","id");--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON buy_order FOR EACH ROW EXECUTE FUNCTION audit_row('', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON sell_order FOR EACH ROW EXECUTE FUNCTION audit_row('', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON buy_order_line FOR EACH ROW EXECUTE FUNCTION audit_row('', 'amount', 'order_id');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON sell_order_line FOR EACH ROW EXECUTE FUNCTION audit_row('', 'amount', 'order_id');
