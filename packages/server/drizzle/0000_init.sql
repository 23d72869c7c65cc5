CREATE TABLE "admin_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"customer_id" integer,
	"roles" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"wx_openid" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_user_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "app_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha" (
	"id" text PRIMARY KEY NOT NULL,
	"answer" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "config_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "customer" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"company_name" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"uscc" text DEFAULT '' NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"bankno" text DEFAULT '' NOT NULL,
	"area_id" integer DEFAULT 0 NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"is_vendor" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_category" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"value" text NOT NULL,
	"title" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"user_id" integer,
	"username" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"success" boolean NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action" smallint NOT NULL,
	"table_name" text NOT NULL,
	"record_id" text NOT NULL,
	"user_id" integer,
	"username" text DEFAULT '' NOT NULL,
	"customer_id" integer,
	"ip" text DEFAULT '' NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"menus" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "dict_item" ADD CONSTRAINT "dict_item_category_dict_category_key_fk" FOREIGN KEY ("category") REFERENCES "public"."dict_category"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_user_customer_idx" ON "admin_user" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "admin_user_roles_idx" ON "admin_user" USING gin ("roles");--> statement-breakpoint
CREATE INDEX "captcha_expires_idx" ON "captcha" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "customer_parent_idx" ON "customer" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "customer_created_idx" ON "customer" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "dict_item_category_idx" ON "dict_item" USING btree ("category","sort");--> statement-breakpoint
CREATE INDEX "login_log_attempts_idx" ON "login_log" USING btree ("username","ip","created_at");--> statement-breakpoint
CREATE INDEX "login_log_created_idx" ON "login_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_log_customer_idx" ON "login_log" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "operation_log_created_idx" ON "operation_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operation_log_record_idx" ON "operation_log" USING btree ("table_name","record_id");--> statement-breakpoint
CREATE INDEX "operation_log_user_idx" ON "operation_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "role_parent_idx" ON "role" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");