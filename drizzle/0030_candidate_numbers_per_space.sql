-- Candidate numbers ("Candidate 48", shown where a name may not be) are counted per space: one
-- sequence for the whole installation told every company how many candidates the others keep.
-- A row trigger takes the space's next number from `candidate_numbers` with one upsert, which
-- holds that row's lock until the insert's transaction ends: two inserts in one space wait for
-- each other and never get the same number, and a rolled-back insert gives its number back.
-- Existing candidates keep their numbers (they are in the audit log and in mails); a space goes
-- on from its highest.
CREATE TABLE "candidate_numbers" (
	"space_id" uuid PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidates" ALTER COLUMN "number" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "candidates" ALTER COLUMN "number" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "candidate_numbers" ADD CONSTRAINT "candidate_numbers_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_space_number" ON "candidates" USING btree ("space_id","number");--> statement-breakpoint
INSERT INTO "candidate_numbers" ("space_id", "last") SELECT "space_id", max("number") FROM "candidates" GROUP BY "space_id";--> statement-breakpoint
CREATE FUNCTION number_candidate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a number given with the row was reserved from the same counter (the seed takes a block of
  -- numbers per batch); the unique index holds either way
  IF NEW.number = 0 THEN
    INSERT INTO candidate_numbers AS n (space_id, last) VALUES (NEW.space_id, 1)
    ON CONFLICT (space_id) DO UPDATE SET last = n.last + 1
    RETURNING n.last INTO NEW.number;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER candidates_number BEFORE INSERT ON "candidates" FOR EACH ROW EXECUTE FUNCTION number_candidate();
