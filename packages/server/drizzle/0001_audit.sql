-- One mechanism for the operation log: a row trigger on every audited table. Route code only says who acts,
-- by setting the transaction-local setting app.actor (JSON: user_id, username, customer_id, ip).
-- Trigger arguments: 1. comma-separated columns whose values are masked, 2. columns ignored when diffing.
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('app.actor', true), '')::jsonb;
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  masked text[] := string_to_array(coalesce(TG_ARGV[0], ''), ',');
  ignored text[] := string_to_array(coalesce(TG_ARGV[1], ''), ',') || ARRAY['created_at', 'updated_at'];
  diff jsonb;
BEGIN
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'key', k,
           'before', CASE WHEN k = ANY(masked) AND jsonb_typeof(old_row -> k) IS DISTINCT FROM 'null' AND old_row ? k
                          THEN '"******"'::jsonb ELSE old_row -> k END,
           'after', CASE WHEN k = ANY(masked) AND jsonb_typeof(new_row -> k) IS DISTINCT FROM 'null' AND new_row ? k
                         THEN '"******"'::jsonb ELSE new_row -> k END
         ) ORDER BY k), '[]'::jsonb)
    INTO diff
    FROM jsonb_object_keys(coalesce(new_row, old_row)) AS k
   WHERE NOT (k = ANY(ignored))
     AND (TG_OP <> 'UPDATE' OR (old_row -> k) IS DISTINCT FROM (new_row -> k));
  IF TG_OP = 'UPDATE' AND diff = '[]'::jsonb THEN
    RETURN NULL;
  END IF;
  INSERT INTO operation_log (action, table_name, record_id, user_id, username, customer_id, ip, changes)
  VALUES (
    CASE TG_OP WHEN 'INSERT' THEN 1 WHEN 'DELETE' THEN 2 ELSE 3 END,
    TG_TABLE_NAME,
    coalesce(new_row, old_row) ->> 'id',
    (actor ->> 'user_id')::integer,
    coalesce(actor ->> 'username', ''),
    (actor ->> 'customer_id')::integer,
    coalesce(actor ->> 'ip', ''),
    diff
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON customer FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON role FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON admin_user FOR EACH ROW EXECUTE FUNCTION audit_row('password_hash', 'last_login_at');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON dict_item FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON config FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
