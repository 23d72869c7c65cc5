-- Presence is not an administrator's change: a box connecting (online, its session stamp, since, node) and its
-- last_seen_at are left out of the operation log, or every reconnect of a fleet would flood it.
DROP TRIGGER audit ON device;--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON device FOR EACH ROW EXECUTE FUNCTION audit_row('secret_hash', 'last_seen_at,online,online_session,online_since,online_node');--> statement-breakpoint
-- 调试代理: opening, sending in and closing a remote debug session are audited (a command under its session)
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON debug_session FOR EACH ROW EXECUTE FUNCTION audit_row('', '');--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON debug_command FOR EACH ROW EXECUTE FUNCTION audit_row('', '', 'session_id');
