-- One telemetry row per machine tool and time: a QoS 1 message is sent again when its PUBACK was lost (the broker
-- restarted, the server was killed) and each copy became a row. The copies go first (the first row of each pair is
-- kept; a semi-join on the old index's columns, one pass however big), then the index becomes unique (it holds the
-- partition key ts, so the partitioned table may have it; each new day's partition gets it) and the ingest's
-- insert skips a copy (on conflict do nothing).
DELETE FROM "telemetry" t WHERE EXISTS (
	SELECT 1 FROM "telemetry" d
	WHERE d."machine_tool_id" = t."machine_tool_id" AND d."ts" = t."ts" AND d.tableoid = t.tableoid AND d.ctid < t.ctid
);--> statement-breakpoint
DROP INDEX "telemetry_machine_ts_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "telemetry_machine_ts_idx" ON "telemetry" USING btree ("machine_tool_id","ts");
