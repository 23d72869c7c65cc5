CREATE TABLE "mp_reply" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"trigger" text DEFAULT 'keyword' NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"match" text DEFAULT 'exact' NOT NULL,
	"reply_type" text DEFAULT 'text' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"media_id" text DEFAULT '' NOT NULL,
	"articles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mp_reply_trigger_check" CHECK ("mp_reply"."trigger" in ('keyword', 'subscribe', 'default')),
	CONSTRAINT "mp_reply_match_check" CHECK ("mp_reply"."match" in ('exact', 'contains', 'regex')),
	CONSTRAINT "mp_reply_type_check" CHECK ("mp_reply"."reply_type" in ('text', 'image', 'news'))
);
--> statement-breakpoint
CREATE TABLE "short_url" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"target" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"visits" bigint DEFAULT 0 NOT NULL,
	"last_visit_at" timestamp with time zone,
	"device_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_url_code_unique" UNIQUE("code"),
	CONSTRAINT "short_url_device_id_unique" UNIQUE("device_id")
);
--> statement-breakpoint
CREATE TABLE "short_url_day" (
	"short_url_id" integer NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "short_url_day_short_url_id_day_pk" PRIMARY KEY("short_url_id","day")
);
--> statement-breakpoint
CREATE TABLE "wechat_bind_code" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_message" (
	"key" text PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"msg_type" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"reply" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"openid" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"dedupe" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "wechat_notice_dedupe_unique" UNIQUE("dedupe"),
	CONSTRAINT "wechat_notice_kind_check" CHECK ("wechat_notice"."kind" in ('alarm', 'license_expiry')),
	CONSTRAINT "wechat_notice_state_check" CHECK ("wechat_notice"."state" in ('pending', 'sent', 'unsent'))
);
--> statement-breakpoint
ALTER TABLE "short_url" ADD CONSTRAINT "short_url_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_url" ADD CONSTRAINT "short_url_created_by_admin_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_url_day" ADD CONSTRAINT "short_url_day_short_url_id_short_url_id_fk" FOREIGN KEY ("short_url_id") REFERENCES "public"."short_url"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_bind_code" ADD CONSTRAINT "wechat_bind_code_user_id_admin_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_notice" ADD CONSTRAINT "wechat_notice_user_id_admin_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mp_reply_pick_idx" ON "mp_reply" USING btree ("trigger","enabled","priority");--> statement-breakpoint
CREATE INDEX "wechat_bind_code_user_idx" ON "wechat_bind_code" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wechat_message_created_idx" ON "wechat_message" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "wechat_notice_state_idx" ON "wechat_notice" USING btree ("state","id");--> statement-breakpoint
-- One console user per WeChat: a bind to an openid another user holds is refused.
CREATE UNIQUE INDEX "admin_user_wx_openid_idx" ON "admin_user" ("wx_openid") WHERE "wx_openid" <> '';--> statement-breakpoint
-- Reply rules and short links are in the operation log (not their counters); messages, bind codes and notices are not.
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON mp_reply FOR EACH ROW EXECUTE FUNCTION audit_row('', 'hits,last_hit_at');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON short_url FOR EACH ROW EXECUTE FUNCTION audit_row('', 'visits,last_visit_at');
