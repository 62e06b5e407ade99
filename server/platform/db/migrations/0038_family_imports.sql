-- A family being imported (issue 53): hidden until its last rows are in (schema/family-data.ts).
CREATE TABLE "family_imports" (
	"family_id" uuid PRIMARY KEY NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_imports" ADD CONSTRAINT "family_imports_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;