import { describe, expect, it } from 'vitest';
import { Client, db, signUp } from '../support/client.ts';

type City = { id: number; name: string; region: string | null };
type Skill = { id: number; name: { en: string; ru: string }; main: boolean };

const search = (client: Client, q: string, extra = '') => client.get(`/api/v1/search/cities?q=${encodeURIComponent(q)}&country=ru${extra}`);

describe('GET /api/v1/search/cities', () => {
  it('finds Moscow first for "Моск", named in Russian for a Russian-speaking user', async () => {
    const { client } = await signUp('recruiter', { lang: 'ru' });
    const res = await search(client, 'Моск');
    expect(res.status).toBe(200);
    expect(res.json[0]).toMatchObject({ name: 'Москва', region: 'Москва' });
    expect(res.json.every((c: City) => typeof c.id === 'number' && c.name.length > 0)).toBe(true);
  });

  it('answers in English for an English-speaking user, whatever the script of the query', async () => {
    const { client } = await signUp('company', { lang: 'en' });
    const latin = await search(client, 'mosc');
    expect(latin.json[0]).toMatchObject({ name: 'Moscow' });
    const cyrillic = await search(client, 'моск');
    expect(cyrillic.json[0]).toMatchObject({ id: latin.json[0].id, name: 'Moscow' });
  });

  it('?lng= overrides the user language', async () => {
    const { client } = await signUp('company', { lang: 'en' });
    const res = await search(client, 'mosc', '&lng=ru');
    expect(res.json[0]).toMatchObject({ name: 'Москва' });
  });

  it('treats е and ё alike, and hyphens as spaces', async () => {
    const { client } = await signUp('customer', { lang: 'ru' });
    expect((await search(client, 'орел')).json[0]).toMatchObject({ name: 'Орёл' });
    expect((await search(client, 'королев')).json[0]).toMatchObject({ name: 'Королёв' });
    expect((await search(client, 'санкт петербург')).json[0]).toMatchObject({ name: 'Санкт-Петербург' });
  });

  it('finds Nizhny Novgorod for "nizh", and by a word inside the name', async () => {
    const { client } = await signUp('company', { lang: 'en' });
    const nizh = await search(client, 'nizh');
    expect(nizh.json[0]).toMatchObject({ name: 'Nizhny Novgorod', region: 'Nizhny Novgorod Oblast' });
    const word = await search(client, 'novgorod');
    expect(word.json.map((c: City) => c.name)).toEqual(expect.arrayContaining(['Nizhny Novgorod', 'Veliky Novgorod']));
  });

  it('finds a city by its Russian name in Latin letters: "Sankt", "ekaterinburg" (issue 11)', async () => {
    const ru = (await signUp('company', { lang: 'ru' })).client;
    const en = (await signUp('company', { lang: 'en' })).client;
    expect((await search(ru, 'Sankt')).json[0]).toMatchObject({ name: 'Санкт-Петербург' });
    expect((await search(en, 'Sankt')).json[0]).toMatchObject({ name: 'Saint Petersburg' });
    expect((await search(en, 'sankt-peterburg')).json[0]).toMatchObject({ name: 'Saint Petersburg' });
    expect((await search(en, 'ekaterinburg')).json[0]).toMatchObject({ name: 'Yekaterinburg' });
    expect((await search(ru, 'Rostov na Donu')).json[0]).toMatchObject({ name: 'Ростов-на-Дону' });
    expect((await search(ru, 'Habarovsk')).json.map((c: City) => c.name)).toContain('Хабаровск');
  });

  it('ranks Новосибирск above Новосергиевка for "Новосиб" and "Новос": among matches the larger town first (issue 11)', async () => {
    const { client } = await signUp('company', { lang: 'ru' });
    for (const q of ['Новосиб', 'Новос', 'novos']) {
      const names = (await search(client, q)).json.map((c: City) => c.name);
      expect(names[0], q).toBe('Новосибирск');
    }
    const names = (await search(client, 'Новос')).json.map((c: City) => c.name);
    expect(names.indexOf('Новосергиевка')).toBeGreaterThan(0);
    // a name merely like the query comes after every real match, however large its town
    const fuzzy = (await search(client, 'Новосибирс')).json.map((c: City) => c.name);
    expect(fuzzy[0]).toBe('Новосибирск');
  });

  it('the largest town comes first among names that start alike', async () => {
    const { client } = await signUp('company', { lang: 'ru' });
    const res = await search(client, 'Екат');
    expect(res.json[0]).toMatchObject({ name: 'Екатеринбург' });
  });

  it('fewer than 3 characters find nothing, blanks not counted', async () => {
    const { client } = await signUp('company');
    for (const q of ['', 'мо', '  мо  ', 'ab']) {
      const res = await search(client, q);
      expect(res.status).toBe(200);
      expect(res.json).toEqual([]);
    }
    expect((await client.get('/api/v1/search/cities?country=ru')).json).toEqual([]);
  });

  it('LIKE wildcards in the query are plain characters', async () => {
    const { client } = await signUp('company');
    expect((await search(client, '%%%')).json).toEqual([]);
    expect((await search(client, '___')).json).toEqual([]);
  });

  it("runs two of one person's searches at once and refuses the rest, so that a flood leaves others the database", async () => {
    const { client } = await signUp('company');
    const other = (await signUp('company')).client;
    const hostile = 'а б '.repeat(25);
    const flood = Promise.all(Array.from({ length: 200 }, () => search(client, hostile)));
    const meanwhile = await other.get('/api/v1/notifications');
    const statuses = (await flood).map((res) => res.status);
    expect(meanwhile.status).toBe(200);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const refused = (await Promise.all(Array.from({ length: 20 }, () => search(client, hostile)))).find((res) => res.status === 429);
    expect(refused?.json.message).toBe('error.common.too_many_requests');
    // the person's searches work again once theirs have answered
    expect((await search(client, 'Моск')).status).toBe(200);
  });

  it('requires a session', async () => {
    const res = await new Client().get('/api/v1/search/cities?q=Моск&country=ru');
    expect(res.status).toBe(401);
  });

  it('refuses any country but Russia', async () => {
    const { client } = await signUp('company');
    const res = await client.get('/api/v1/search/cities?q=Berl&country=de');
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ country: 'validation.country_invalid' });
  });

  it('may be cached by the browser for a short while, never by a shared cache', async () => {
    const { client } = await signUp('company');
    const res = await search(client, 'Моск');
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
  });
});

describe('GET /api/v1/vacancy/soft-skills', () => {
  it('is a real catalogue: 40+ skills named in both languages, main ones first', async () => {
    const { client } = await signUp('recruiter');
    const res = await client.get('/api/v1/vacancy/soft-skills');
    expect(res.status).toBe(200);
    const skills = res.json as Skill[];
    expect(skills.length).toBeGreaterThanOrEqual(40);
    expect(skills.filter((s) => s.main).length).toBeGreaterThanOrEqual(8);
    for (const skill of skills) {
      expect(Number.isInteger(skill.id)).toBe(true);
      expect(skill.name.en.trim()).not.toBe('');
      expect(skill.name.ru.trim()).not.toBe('');
      expect(skill.name.ru).toMatch(/^[А-ЯЁ]/);
    }
    const firstOther = skills.findIndex((s) => !s.main);
    expect(skills.slice(firstOther).every((s) => !s.main)).toBe(true);
    expect(new Set(skills.map((s) => s.id)).size).toBe(skills.length);
    expect(new Set(skills.map((s) => s.name.ru)).size).toBe(skills.length);
    expect(skills.map((s) => s.name.ru)).toEqual(expect.arrayContaining(['Стрессоустойчивость', 'Коммуникабельность', 'Работа в команде', 'Тайм-менеджмент']));
  });

  it('requires a session', async () => {
    const res = await new Client().get('/api/v1/vacancy/soft-skills');
    expect(res.status).toBe(401);
  });
});

describe('the seeded city list', () => {
  it('holds hundreds of Russian towns of at least 10,000 people, each named in both languages', async () => {
    const { rows } = await db().query<{ total: number; small: number; foreign: number; unnamed: number; unregioned: number }>(`
      select count(*)::int as total,
             count(*) filter (where population < 10000)::int as small,
             count(*) filter (where country <> 'ru')::int as foreign,
             count(*) filter (where name_en = '' or name_ru = '' or name_ru !~ '^[А-ЯЁ]')::int as unnamed,
             count(*) filter (where region_en is null or region_ru is null)::int as unregioned
      from cities`);
    expect(rows[0]!.total).toBeGreaterThan(700);
    expect(rows[0]).toMatchObject({ small: 0, foreign: 0, unnamed: 0, unregioned: 0 });
  });
});
