-- The candidate lists on a large database (issue 5, item 7): `npm run seed -- --candidates 100000`
-- fills a demo space and `npm run bench` measures the API on it. Indexes only.

-- The city filter: one city's candidates, newest first, without reading the whole space.
create index if not exists "candidates_space_city" on "candidates" using btree ("space_id", "city_id", "created_at");
--> statement-breakpoint

-- The age, salary, schedule and city filters without a search text: the count (and the page's
-- order) come from this narrow index alone, an index-only scan of ~100 bytes a candidate,
-- instead of a scan of the table whose rows carry the search vector and the JSON texts
-- (~2 KB each). In the space's default order, newest first, so it also serves the plain list.
create index if not exists "candidates_space_filters" on "candidates" using btree ("space_id", "created_at", "id") include ("dob", "salary", "salary_to", "city_id", "schedule");
