-- City search (SPEC.md §5: from 3 typed characters, Russia only) and the soft-skill catalogue.
-- See docs/decisions/0005-cities-and-soft-skills.md.

-- Trigram indexes answer "contains" and fuzzy matches on either name. pg_trgm ships with
-- PostgreSQL's contrib and is trusted: any role with CREATE on the database may create it.
-- The names are indexed as src/lib/server/catalog.ts compares them: lower case, hyphens as
-- spaces (Санкт-Петербург, "санкт петербург"), and in Russian ё as е (Орёл, "орел").
create extension if not exists pg_trgm;
--> statement-breakpoint
create index if not exists cities_name_ru_trgm on cities using gin (translate(lower(name_ru), 'ё-', 'е ') gin_trgm_ops);
--> statement-breakpoint
create index if not exists cities_name_en_trgm on cities using gin (translate(lower(name_en), '-', ' ') gin_trgm_ops);
--> statement-breakpoint

-- The soft skills Russian job boards offer, named as they name them. `main` ones are shown
-- before the expand button of the vacancy form; `position` orders the list, main ones first.
-- Ids are stable (vacancies refer to them): add new skills with new ids, never renumber.
insert into soft_skills (id, name_en, name_ru, main, position) values
(1, 'Communication skills', 'Коммуникабельность', true, 1),
(2, 'Teamwork', 'Работа в команде', true, 2),
(3, 'Responsibility', 'Ответственность', true, 3),
(4, 'Stress resistance', 'Стрессоустойчивость', true, 4),
(5, 'Customer focus', 'Клиентоориентированность', true, 5),
(6, 'Time management', 'Тайм-менеджмент', true, 6),
(7, 'Leadership', 'Лидерские качества', true, 7),
(8, 'Learning ability', 'Обучаемость', true, 8),
(9, 'Analytical thinking', 'Аналитическое мышление', true, 9),
(10, 'Self-organisation', 'Самоорганизация', true, 10),
(11, 'Attention to detail', 'Внимательность к деталям', true, 11),
(12, 'Result orientation', 'Ориентация на результат', true, 12),
(13, 'Critical thinking', 'Критическое мышление', false, 13),
(14, 'Systems thinking', 'Системное мышление', false, 14),
(15, 'Strategic thinking', 'Стратегическое мышление', false, 15),
(16, 'Problem solving', 'Решение проблем', false, 16),
(17, 'Decision making', 'Принятие решений', false, 17),
(18, 'Creativity', 'Креативность', false, 18),
(19, 'Adaptability', 'Адаптивность', false, 19),
(20, 'Cognitive flexibility', 'Гибкость мышления', false, 20),
(21, 'Initiative', 'Инициативность', false, 21),
(22, 'Independence', 'Самостоятельность', false, 22),
(23, 'Self-motivation', 'Самомотивация', false, 23),
(24, 'Determination', 'Целеустремлённость', false, 24),
(25, 'Drive to develop', 'Стремление к развитию', false, 25),
(26, 'Planning', 'Планирование', false, 26),
(27, 'Multitasking', 'Многозадачность', false, 27),
(28, 'Discipline', 'Дисциплинированность', false, 28),
(29, 'Punctuality', 'Пунктуальность', false, 29),
(30, 'Diligence', 'Исполнительность', false, 30),
(31, 'Honesty', 'Честность', false, 31),
(32, 'Negotiation', 'Ведение переговоров', false, 32),
(33, 'Persuasion', 'Навыки убеждения', false, 33),
(34, 'Public speaking', 'Публичные выступления', false, 34),
(35, 'Presentation skills', 'Навыки презентации', false, 35),
(36, 'Business writing', 'Деловая переписка', false, 36),
(37, 'Active listening', 'Активное слушание', false, 37),
(38, 'Giving feedback', 'Умение давать обратную связь', false, 38),
(39, 'Conflict management', 'Управление конфликтами', false, 39),
(40, 'Emotional intelligence', 'Эмоциональный интеллект', false, 40),
(41, 'Empathy', 'Эмпатия', false, 41),
(42, 'Tact', 'Тактичность', false, 42),
(43, 'Friendliness', 'Доброжелательность', false, 43),
(44, 'Cross-cultural communication', 'Межкультурная коммуникация', false, 44),
(45, 'Networking', 'Нетворкинг', false, 45),
(46, 'Team management', 'Управление командой', false, 46),
(47, 'Delegation', 'Делегирование', false, 47),
(48, 'Mentoring', 'Наставничество', false, 48),
(49, 'Change management', 'Управление изменениями', false, 49),
(50, 'Working under uncertainty', 'Работа в условиях неопределённости', false, 50)
on conflict (id) do update set
  name_en = excluded.name_en,
  name_ru = excluded.name_ru,
  main = excluded.main,
  position = excluded.position;
