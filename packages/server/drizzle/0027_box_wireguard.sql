-- Remote access, the box side: the WireGuard key a box reported first (its tunnel is made for that key only), a
-- different key it reported later and was refused, the hash of the tunnel config it last acknowledged, and the
-- address a machine tool keeps on its own LAN (1:1 NAT on the box from its platform address).
ALTER TABLE "device" ADD COLUMN "wg_public_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "wg_refused_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "vpn_acked" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "machine_tool" ADD COLUMN "lan_ip" "inet";--> statement-breakpoint
-- A box binding its key, or a key refused, is in the box's 操作日志 (the platform as the operator); the box
-- acknowledging its tunnel config is not an administrator's change, and every reconnect would log it.
DROP TRIGGER audit ON device;--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON device FOR EACH ROW EXECUTE FUNCTION audit_row('secret_hash', 'last_seen_at,online,online_session,online_since,online_node,vpn_acked');
