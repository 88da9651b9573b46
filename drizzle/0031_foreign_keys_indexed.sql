-- Foreign keys to candidates and vacancies are indexed on the side that refers: deleting N
-- candidates (`npm run seed -- --reset`, a space removed) checked each against the whole table,
-- and against `merged_into` that is the candidates themselves: a reset of 100,000 ran for over ten
-- minutes before it was stopped.
CREATE INDEX "candidates_merged_into" ON "candidates" USING btree ("merged_into") WHERE "candidates"."merged_into" is not null;--> statement-breakpoint
CREATE INDEX "funnel_events_vacancy" ON "funnel_events" USING btree ("vacancy_id") WHERE "funnel_events"."vacancy_id" is not null;--> statement-breakpoint
CREATE INDEX "interviews_vacancy" ON "interviews" USING btree ("vacancy_id") WHERE "interviews"."vacancy_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_candidate" ON "notifications" USING btree ("candidate_id") WHERE "notifications"."candidate_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_vacancy" ON "notifications" USING btree ("vacancy_id") WHERE "notifications"."vacancy_id" is not null;--> statement-breakpoint
CREATE INDEX "ratings_candidate" ON "ratings" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "shortlist_candidates_candidate" ON "shortlist_candidates" USING btree ("candidate_id");