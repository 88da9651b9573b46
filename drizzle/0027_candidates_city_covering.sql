-- The city filter's index carries what the list reads and filters on besides the city (salary,
-- age, schedule, merge), so a city search counts and pages index-only: "city + salaryTo, oldest
-- first" at 100,000 candidates counted 81,000 entries of the salary index (33 ms), and now 9,500
-- of this one (issue 12, docs/decisions/0006).
DROP INDEX IF EXISTS "candidates_space_city";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "candidates_space_city" ON "candidates" USING btree ("space_id", "city_id", "created_at") INCLUDE ("id", "salary", "salary_to", "dob", "schedule", "merged_into");
