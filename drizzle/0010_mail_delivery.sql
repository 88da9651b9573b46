ALTER TABLE "invites" ADD COLUMN "mail_state" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "mail_state_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pd_requests" ADD COLUMN "mail_state" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "pd_requests" ADD COLUMN "mail_state_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limits_window" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
-- rows from before the queue had their mail sent while the request waited
UPDATE "invites" SET "mail_state" = 'sent', "mail_state_at" = "created_at";--> statement-breakpoint
UPDATE "pd_requests" SET "mail_state" = 'sent', "mail_state_at" = "created_at";
