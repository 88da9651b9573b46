CREATE TABLE "candidate_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"survivor_id" uuid NOT NULL,
	"loser_id" uuid NOT NULL,
	"merged_by" uuid,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid
);
--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "email_norm" text GENERATED ALWAYS AS (nullif(lower(btrim(email)), '')) STORED;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "phone_norm" text GENERATED ALWAYS AS (nullif(case when length(regexp_replace(phone, '[^0-9]', '', 'g')) = 11 and left(regexp_replace(phone, '[^0-9]', '', 'g'), 1) = '8' then '7' || substr(regexp_replace(phone, '[^0-9]', '', 'g'), 2) else regexp_replace(phone, '[^0-9]', '', 'g') end, '')) STORED;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "merged_into" uuid;--> statement-breakpoint
ALTER TABLE "candidate_merges" ADD CONSTRAINT "candidate_merges_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_merges" ADD CONSTRAINT "candidate_merges_survivor_id_candidates_id_fk" FOREIGN KEY ("survivor_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_merges" ADD CONSTRAINT "candidate_merges_loser_id_candidates_id_fk" FOREIGN KEY ("loser_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_merges" ADD CONSTRAINT "candidate_merges_merged_by_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_merges" ADD CONSTRAINT "candidate_merges_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_merges_survivor" ON "candidate_merges" USING btree ("survivor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "candidate_merges_live_loser" ON "candidate_merges" USING btree ("loser_id") WHERE "candidate_merges"."undone_at" is null;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_merged_into_candidates_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."candidates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidates_space_email_norm" ON "candidates" USING btree ("space_id","email_norm") WHERE "candidates"."email_norm" is not null;--> statement-breakpoint
CREATE INDEX "candidates_space_phone_norm" ON "candidates" USING btree ("space_id","phone_norm") WHERE "candidates"."phone_norm" is not null;--> statement-breakpoint
CREATE INDEX "candidates_space_dob" ON "candidates" USING btree ("space_id","dob") WHERE "candidates"."dob" is not null;--> statement-breakpoint
-- The lists leave out merged candidates (docs/decisions/0029): the narrow list indexes carry
-- merged_into too, so that the filter stays an index-only scan (0007, 0014).
drop index if exists "candidates_space_filters";--> statement-breakpoint
create index if not exists "candidates_space_filters" on "candidates" using btree ("space_id", "created_at", "id") include ("dob", "salary", "salary_to", "city_id", "schedule", "merged_into");--> statement-breakpoint
drop index if exists "candidates_space_salary_asc";--> statement-breakpoint
create index if not exists "candidates_space_salary_asc" on "candidates" using btree ("space_id", "salary" asc nulls last, "created_at" desc) include ("id", "salary_to", "dob", "city_id", "schedule", "merged_into");--> statement-breakpoint
drop index if exists "candidates_space_salary_desc";--> statement-breakpoint
create index if not exists "candidates_space_salary_desc" on "candidates" using btree ("space_id", "salary" desc nulls last, "created_at" desc) include ("id", "salary_to", "dob", "city_id", "schedule", "merged_into");
