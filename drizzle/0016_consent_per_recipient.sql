CREATE TABLE "consent_grants" (
	"candidate_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"customer_id" uuid,
	"granted" boolean NOT NULL,
	"request_id" uuid,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consent_grants_candidate_id_recipient_pk" PRIMARY KEY("candidate_id","recipient")
);
--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "candidates_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "pd_requests" ADD COLUMN "scope" jsonb;--> statement-breakpoint
ALTER TABLE "pd_requests" ADD COLUMN "terms_text" text;--> statement-breakpoint
ALTER TABLE "pd_requests" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "pd_requests" ADD COLUMN "terms_lang" text;--> statement-breakpoint
ALTER TABLE "consent_grants" ADD CONSTRAINT "consent_grants_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_grants" ADD CONSTRAINT "consent_grants_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_grants" ADD CONSTRAINT "consent_grants_request_id_pd_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."pd_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_grants_customer" ON "consent_grants" USING btree ("customer_id");--> statement-breakpoint
-- docs/decisions/0022: an approval from before consent per recipient covers processing by the
-- space's company; customers were never named in it, so none of them counts as asked
INSERT INTO "consent_grants" ("candidate_id", "recipient", "granted", "request_id", "answered_at")
SELECT c."id", 'company', true,
  (SELECT r."id" FROM "pd_requests" r WHERE r."candidate_id" = c."id" AND r."answer" = 'approved' ORDER BY r."answered_at" DESC LIMIT 1),
  coalesce((SELECT max(r."answered_at") FROM "pd_requests" r WHERE r."candidate_id" = c."id" AND r."answer" = 'approved'), c."updated_at")
FROM "candidates" c WHERE c."pd_status" = 4;
