CREATE TABLE "vacancy_invitees" (
	"vacancy_id" uuid NOT NULL,
	"invite_id" uuid NOT NULL,
	CONSTRAINT "vacancy_invitees_vacancy_id_invite_id_pk" PRIMARY KEY("vacancy_id","invite_id")
);
--> statement-breakpoint
ALTER TABLE "vacancies" ALTER COLUMN "position_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "vacancies" ALTER COLUMN "quantity" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "vacancies" ALTER COLUMN "hard_skills" SET DEFAULT '{}'::text[];--> statement-breakpoint
ALTER TABLE "vacancies" ALTER COLUMN "job_experience" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "vacancies" ALTER COLUMN "country" SET DEFAULT 'ru';--> statement-breakpoint
ALTER TABLE "vacancies" ALTER COLUMN "city_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "vacancies" ALTER COLUMN "address" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "vacancies" ALTER COLUMN "salary" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "vacancies" ALTER COLUMN "schedule" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "main_invite_id" uuid;--> statement-breakpoint
ALTER TABLE "vacancy_invitees" ADD CONSTRAINT "vacancy_invitees_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_invitees" ADD CONSTRAINT "vacancy_invitees_invite_id_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."invites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vacancy_invitees_invite" ON "vacancy_invitees" USING btree ("invite_id");--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_main_invite_id_invites_id_fk" FOREIGN KEY ("main_invite_id") REFERENCES "public"."invites"("id") ON DELETE set null ON UPDATE no action;