CREATE TABLE "cities" (
	"id" integer PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ru" text NOT NULL,
	"region_en" text,
	"region_ru" text,
	"population" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "soft_skills" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ru" text NOT NULL,
	"main" boolean DEFAULT false NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vacancies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"recruiter_id" uuid NOT NULL,
	"position_type" smallint NOT NULL,
	"position_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"department_name" text DEFAULT '' NOT NULL,
	"hard_skills" text[] NOT NULL,
	"job_experience" smallint NOT NULL,
	"exceptional_requirements" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"city_id" integer NOT NULL,
	"address" text NOT NULL,
	"salary" integer NOT NULL,
	"salary_to" integer,
	"schedule" smallint NOT NULL,
	"bonus" text DEFAULT '' NOT NULL,
	"main_customer_id" uuid,
	"status" smallint NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vacancy_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vacancy_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vacancy_customers" (
	"vacancy_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "vacancy_customers_vacancy_id_user_id_pk" PRIMARY KEY("vacancy_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "vacancy_soft_skills" (
	"vacancy_id" uuid NOT NULL,
	"skill_id" smallint NOT NULL,
	CONSTRAINT "vacancy_soft_skills_vacancy_id_skill_id_pk" PRIMARY KEY("vacancy_id","skill_id")
);
--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_recruiter_id_users_id_fk" FOREIGN KEY ("recruiter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_main_customer_id_users_id_fk" FOREIGN KEY ("main_customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_comments" ADD CONSTRAINT "vacancy_comments_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_comments" ADD CONSTRAINT "vacancy_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_customers" ADD CONSTRAINT "vacancy_customers_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_customers" ADD CONSTRAINT "vacancy_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_soft_skills" ADD CONSTRAINT "vacancy_soft_skills_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_soft_skills" ADD CONSTRAINT "vacancy_soft_skills_skill_id_soft_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."soft_skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cities_country_population" ON "cities" USING btree ("country","population");--> statement-breakpoint
CREATE INDEX "vacancies_space_status_created" ON "vacancies" USING btree ("space_id","status","created_at");--> statement-breakpoint
CREATE INDEX "vacancy_comments_vacancy" ON "vacancy_comments" USING btree ("vacancy_id","created_at");--> statement-breakpoint
CREATE INDEX "vacancy_customers_user" ON "vacancy_customers" USING btree ("user_id");