CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"vacancy_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "careers_slug" text;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "careers_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "careers_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "on_careers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_vacancy_created" ON "applications" USING btree ("vacancy_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_candidate" ON "applications" USING btree ("candidate_id");--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_careers_slug_unique" UNIQUE("careers_slug");