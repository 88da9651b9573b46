CREATE TABLE "candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"image" text,
	"dob" date,
	"position_name" text DEFAULT '' NOT NULL,
	"salary" integer,
	"salary_to" integer,
	"city_id" integer,
	"email" text,
	"phone" text,
	"resume" text,
	"resume_name" text,
	"schedule" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"job_experience" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"education" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"langs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lang" text,
	"pd_status" smallint DEFAULT 1 NOT NULL,
	"search" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"vacancy_id" uuid,
	"candidate_id" uuid,
	"user_id" uuid,
	"kind" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pd_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"candidate_id" uuid NOT NULL,
	"requested_by" uuid,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"lang" text NOT NULL,
	"request_ip" text,
	"expires_at" timestamp with time zone NOT NULL,
	"superseded_at" timestamp with time zone,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answer_ip" text,
	"answer_user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"vacancy_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"score" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_vacancy_id_candidate_id_user_id_pk" PRIMARY KEY("vacancy_id","candidate_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "vacancy_candidates" (
	"vacancy_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"stage" smallint DEFAULT 1 NOT NULL,
	"priority" smallint DEFAULT 2 NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacancy_candidates_vacancy_id_candidate_id_pk" PRIMARY KEY("vacancy_id","candidate_id")
);
--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_events" ADD CONSTRAINT "funnel_events_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_events" ADD CONSTRAINT "funnel_events_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_events" ADD CONSTRAINT "funnel_events_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_events" ADD CONSTRAINT "funnel_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_requests" ADD CONSTRAINT "pd_requests_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_requests" ADD CONSTRAINT "pd_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_candidates" ADD CONSTRAINT "vacancy_candidates_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_candidates" ADD CONSTRAINT "vacancy_candidates_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_candidates" ADD CONSTRAINT "vacancy_candidates_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidates_space_created" ON "candidates" USING btree ("space_id","created_at");--> statement-breakpoint
CREATE INDEX "candidates_space_salary" ON "candidates" USING btree ("space_id","salary");--> statement-breakpoint
CREATE INDEX "candidates_search" ON "candidates" USING gin ("search");--> statement-breakpoint
CREATE INDEX "funnel_events_space_created" ON "funnel_events" USING btree ("space_id","created_at");--> statement-breakpoint
CREATE INDEX "funnel_events_candidate" ON "funnel_events" USING btree ("candidate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pd_requests_token" ON "pd_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "pd_requests_candidate" ON "pd_requests" USING btree ("candidate_id","created_at");--> statement-breakpoint
CREATE INDEX "vacancy_candidates_candidate" ON "vacancy_candidates" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "vacancy_candidates_vacancy_created" ON "vacancy_candidates" USING btree ("vacancy_id","created_at");