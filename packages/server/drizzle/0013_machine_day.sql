ALTER TABLE "machine_latest" ADD COLUMN "day" date;--> statement-breakpoint
ALTER TABLE "machine_latest" ADD COLUMN "day_parts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "machine_latest" ADD COLUMN "day_run_s" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON machine_plan FOR EACH ROW EXECUTE FUNCTION audit_row('', '', 'machine_tool_id');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON machine_scrap FOR EACH ROW EXECUTE FUNCTION audit_row('', '', 'machine_tool_id');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON traffic_plan FOR EACH ROW EXECUTE FUNCTION audit_row('', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON traffic_plan_box FOR EACH ROW EXECUTE FUNCTION audit_row('', '', 'device_id');
