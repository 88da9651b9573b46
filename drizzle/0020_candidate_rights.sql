CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"candidate_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rights_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"candidate_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rights_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"requested_by" uuid,
	"done_at" timestamp with time zone,
	"done_by" uuid,
	"token_hash" text,
	"file" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "unconsented_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "retention_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "consent_months" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_links" ADD CONSTRAINT "rights_links_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_requests" ADD CONSTRAINT "rights_requests_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_requests" ADD CONSTRAINT "rights_requests_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_requests" ADD CONSTRAINT "rights_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_requests" ADD CONSTRAINT "rights_requests_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_space_at" ON "audit_events" USING btree ("space_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_candidate_at" ON "audit_events" USING btree ("candidate_id","at");--> statement-breakpoint
CREATE INDEX "rights_links_candidate" ON "rights_links" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "rights_requests_candidate" ON "rights_requests" USING btree ("candidate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rights_requests_open" ON "rights_requests" USING btree ("candidate_id","kind") WHERE "rights_requests"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "rights_requests_token" ON "rights_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "candidates_unconsented" ON "candidates" USING btree ("unconsented_since") WHERE "candidates"."unconsented_since" is not null and "candidates"."erased_at" is null;--> statement-breakpoint
-- the retention clock of candidates asked and not approving: from their first request (docs/decisions/0025)
UPDATE "candidates" c SET "unconsented_since" = (SELECT min(r."created_at") FROM "pd_requests" r WHERE r."candidate_id" = c."id")
WHERE c."pd_status" <> 4 AND EXISTS (SELECT 1 FROM "pd_requests" r WHERE r."candidate_id" = c."id");
