CREATE TABLE "client_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"release" text NOT NULL,
	"page" text NOT NULL,
	"message" text NOT NULL,
	"stack" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"sampled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_views" (
	"day" date NOT NULL,
	"release" text NOT NULL,
	"page" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "client_views_day_release_page_pk" PRIMARY KEY("day","release","page")
);
--> statement-breakpoint
CREATE INDEX "client_errors_at" ON "client_errors" USING btree ("at");--> statement-breakpoint
CREATE INDEX "client_errors_release_at" ON "client_errors" USING btree ("release","at");