-- 首页's trends read a machine tool's finished days from here (parts, running seconds), kept by the ingest as its
-- readings move into a later day. Days that ended before this table existed have no row: they show nothing made.
CREATE TABLE "machine_day" (
	"machine_tool_id" integer NOT NULL,
	"day" date NOT NULL,
	"parts" integer DEFAULT 0 NOT NULL,
	"run_s" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "machine_day_machine_tool_id_day_pk" PRIMARY KEY("machine_tool_id","day")
);
--> statement-breakpoint
ALTER TABLE "machine_day" ADD CONSTRAINT "machine_day_machine_tool_id_machine_tool_id_fk" FOREIGN KEY ("machine_tool_id") REFERENCES "public"."machine_tool"("id") ON DELETE cascade ON UPDATE no action;