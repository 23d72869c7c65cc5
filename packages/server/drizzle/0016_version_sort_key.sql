ALTER TABLE "firmware_version" ADD COLUMN "version_key" text GENERATED ALWAYS AS (lpad(length(split_part(split_part(version, '-', 1), '.', 1))::text, 3, '0') || split_part(split_part(version, '-', 1), '.', 1)
        || lpad(length(split_part(split_part(version, '-', 1), '.', 2))::text, 3, '0') || split_part(split_part(version, '-', 1), '.', 2)
        || lpad(length(split_part(split_part(version, '-', 1), '.', 3))::text, 3, '0') || split_part(split_part(version, '-', 1), '.', 3)
        || case when strpos(version, '-') > 0 then '0' || substr(version, strpos(version, '-') + 1) else '1' end) STORED;--> statement-breakpoint
-- the sort key follows 版本号: the operation log leaves it out, as it leaves out created_at and updated_at
DROP TRIGGER audit ON firmware_version;--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON firmware_version FOR EACH ROW EXECUTE FUNCTION audit_row('', 'version_key');
