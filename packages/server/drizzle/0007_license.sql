CREATE TABLE "license" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer,
	"gateway_id" text DEFAULT '' NOT NULL,
	"finger_print" text NOT NULL,
	"type" text NOT NULL,
	"nbf" timestamp with time zone NOT NULL,
	"exp" timestamp with time zone NOT NULL,
	"iat" timestamp with time zone NOT NULL,
	"jti" text NOT NULL,
	"vpn" boolean DEFAULT false NOT NULL,
	"count" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certificate" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"issuer" integer,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_jti_unique" UNIQUE("jti"),
	CONSTRAINT "license_type_check" CHECK ("license"."type" in ('business', 'temp'))
);
--> statement-breakpoint
ALTER TABLE "license" ADD CONSTRAINT "license_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license" ADD CONSTRAINT "license_issuer_admin_user_id_fk" FOREIGN KEY ("issuer") REFERENCES "public"."admin_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_device_idx" ON "license" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "license_exp_idx" ON "license" USING btree ("exp");--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON license FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
