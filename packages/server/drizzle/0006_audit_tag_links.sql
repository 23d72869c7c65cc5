-- Tagging and untagging a box is in the operation log: the audit trigger takes a third argument, the column
-- that names the record (default id), and the link table is audited under its box (record_id = device_id),
-- each tag added as an insert and each removed as a delete, with who did it. A tag deleted takes its links
-- with it, each logged as removed.
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('app.actor', true), '')::jsonb;
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  masked text[] := string_to_array(coalesce(TG_ARGV[0], ''), ',');
  -- the column that names the record: the row's id, or for a link table the row it belongs to
  record_key text := coalesce(nullif(TG_ARGV[2], ''), 'id');
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
    coalesce(new_row, old_row) ->> record_key,
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
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON device_tag_link FOR EACH ROW EXECUTE FUNCTION audit_row('', '', 'device_id');
