-- Trigram indexes for the box list's keywords (ILIKE '%…%' on gateway_id, name, fingerprint). pg_trgm ships
-- with PostgreSQL (Debian's postgresql package, a trusted extension: the database owner may create it) and with
-- PGlite (loaded in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "device_gateway_id_trgm_idx" ON "device" USING gin ("gateway_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "device_name_trgm_idx" ON "device" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "device_fingerprint_trgm_idx" ON "device" USING gin ("fingerprint" gin_trgm_ops);