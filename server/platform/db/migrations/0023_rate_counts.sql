-- Unlogged: a request's count writes no WAL, so its commit waits for no flush; the counts are lost with a crash,
-- which only starts every window again.
CREATE UNLOGGED TABLE "rate_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"window_ends" timestamp with time zone NOT NULL,
	"n" integer NOT NULL
);
