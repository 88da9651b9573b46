-- A candidate's search vector (1-1.5 KB) stays in its row instead of the TOAST table: a text
-- search walks its list order testing each row's vector, and a vector out of line cost three
-- more page reads a row (docs/decisions/0033). MAIN still compresses it and moves it out only
-- when the row would not fit a page. The update rewrites the rows already there.
ALTER TABLE "candidates" ALTER COLUMN "search" SET STORAGE MAIN;--> statement-breakpoint
UPDATE "candidates" SET "search" = "search" || ''::tsvector WHERE "search" IS NOT NULL;
