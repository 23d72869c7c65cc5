CREATE TABLE "export_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"customer_id" integer,
	"resource" text NOT NULL,
	"title" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"file_path" text DEFAULT '' NOT NULL,
	"file_size" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "menu" (
	"path" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"parent" text,
	"icon" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "login_log_customer_idx";--> statement-breakpoint
DROP INDEX "operation_log_user_idx";--> statement-breakpoint
CREATE INDEX "export_job_user_idx" ON "export_job" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "export_job_state_idx" ON "export_job" USING btree ("state");--> statement-breakpoint
CREATE INDEX "export_job_created_idx" ON "export_job" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_log_success_idx" ON "login_log" USING btree ("success","created_at");--> statement-breakpoint
CREATE INDEX "login_log_user_idx" ON "login_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "operation_log_action_idx" ON "operation_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "operation_log_customer_idx" ON "operation_log" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "login_log_customer_idx" ON "login_log" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_log_user_idx" ON "operation_log" USING btree ("user_id","created_at");