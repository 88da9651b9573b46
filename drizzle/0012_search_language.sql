-- One search language (docs/decisions/0015): vacancies get a full-text vector of their search
-- text as typed and in Russian and English word forms, like candidates have; cities get their
-- Russian name in Latin letters ("sankt peterburg") for the city search. Both are generated
-- columns: existing rows are filled by this statement, and no write path can forget them.
ALTER TABLE "cities" ADD COLUMN "name_latin" text GENERATED ALWAYS AS (translate(replace(replace(replace(replace(replace(replace(replace(replace(lower(name_ru), 'ж', 'zh'), 'х', 'kh'), 'ц', 'ts'), 'ч', 'ch'), 'щ', 'shch'), 'ш', 'sh'), 'ю', 'yu'), 'я', 'ya'), 'абвгдеёзийклмнопрстуфыэ-ъь', 'abvgdeeziyklmnoprstufye ')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text) || '-:1'::tsvector || to_tsvector('russian', search_text) || '-:1'::tsvector || to_tsvector('english', search_text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "cities_name_latin_trgm" ON "cities" USING gin ("name_latin" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vacancies_search" ON "vacancies" USING gin ("search");