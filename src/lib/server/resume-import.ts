/**
 * "Start from a résumé" (issue 15, docs/decisions/0023): the file is checked and stored like any
 * résumé (uploads.ts), remembered as a draft of the recruiter's space, read and parsed; the
 * answer proposes the candidate form's fields and names the draft. Nothing of the candidate is
 * saved here: the recruiter reviews the form, and saving it attaches the draft
 * (candidates/resume with `draft`).
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { getDb, schema } from './db/index.ts';
import { forbidden, notFound } from './http.ts';
import { removeResume, saveResume } from './uploads.ts';
import { resumeText } from './resume-text.ts';
import { cityIndex, matchCity, parseResume, type CityIndex } from '../resume-parse.ts';
import { EducationSchema, JobSchema } from '../schemas/candidate.ts';
import type { Locale } from '../i18n/index.ts';
import type { UserRow } from './users.ts';

/** What the form gets: its own field names and value shapes (CandidateInput), only what was found. */
export interface ProposedFields {
  name?: string;
  surname?: string;
  email?: string;
  phone?: string;
  positionName?: string;
  salary?: string;
  salaryTo?: string;
  salaryCurrency?: 'RUB' | 'USD' | 'EUR';
  city?: { id: number; name: string };
  jobExperience?: { from: string; to: string | null; companyName: string; companyInfo: string; positionName: string; positionDescription: string }[];
  education?: { year: string; name: string; description: string }[];
  langs?: { lang: string; level: string }[];
}

export interface ParseAnswer {
  draft: { name: string; original: string };
  fields: ProposedFields;
  /** Why no field could be read: an old .doc, a damaged or scanned file. */
  unreadable?: 'doc' | 'damaged' | 'too_large' | 'timeout' | 'busy' | 'empty';
}

let cities: Promise<CityIndex> | undefined;

/** The city catalogue as the parser matches it; read once per process (migrations seed it). */
function catalogue(): Promise<CityIndex> {
  cities ??= getDb()
    .then((db) =>
      db
        .select({ id: schema.cities.id, nameRu: schema.cities.nameRu, nameEn: schema.cities.nameEn, population: schema.cities.population })
        .from(schema.cities)
        .where(eq(schema.cities.country, 'ru')),
    )
    .then(cityIndex)
    .catch((error: unknown) => {
      cities = undefined;
      throw error;
    });
  return cities;
}

export async function parseUploadedResume(user: UserRow, file: unknown, locale: Locale): Promise<ParseAnswer> {
  if (!user.spaceId) throw forbidden();
  const stored = await saveResume(file);
  try {
    const db = await getDb();
    await db.insert(schema.resumeDrafts).values({ name: stored.name, spaceId: user.spaceId, userId: user.id, original: stored.original });
  } catch (error) {
    await removeResume(stored.name);
    throw error;
  }
  const draft = { name: stored.name, original: stored.original };
  const read = await resumeText(stored.bytes, stored.kind, { owner: user.spaceId });
  if (!('text' in read)) return { draft, fields: {}, unreadable: read.unreadable };
  if (!read.text.trim()) return { draft, fields: {}, unreadable: 'empty' };
  const index = await catalogue();
  const parsed = parseResume(read.text, index);
  const city = matchCity(parsed.cityHints, index);
  const fields: ProposedFields = {
    name: parsed.name,
    surname: parsed.surname,
    email: parsed.email,
    phone: parsed.phone,
    positionName: parsed.positionName,
    salary: parsed.salary !== undefined ? String(parsed.salary) : undefined,
    salaryTo: parsed.salaryTo !== undefined ? String(parsed.salaryTo) : undefined,
    salaryCurrency: parsed.salary !== undefined || parsed.salaryTo !== undefined ? parsed.salaryCurrency : undefined,
    city: city ? { id: city.id, name: locale === 'ru' ? city.nameRu : city.nameEn } : undefined,
    // only entries the form would accept as they are (a period in the future is a misreading)
    jobExperience: parsed.jobs.map((j) => ({ ...j, companyInfo: '' })).filter((j) => j.companyName && j.positionName && JobSchema.safeParse(j).success),
    education: parsed.education.filter((e) => EducationSchema.safeParse(e).success).map((e) => ({ ...e, year: String(e.year) })),
    langs: parsed.langs,
  };
  for (const key of Object.keys(fields) as (keyof ProposedFields)[]) {
    const value = fields[key];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) delete fields[key];
  }
  return { draft, fields };
}

/**
 * Takes a draft of the user's space for a candidate: deletes its row and answers its stored
 * name and original file name; 404 for a draft of another space, or one already taken.
 */
export async function takeDraft(user: UserRow, name: string): Promise<{ name: string; original: string }> {
  if (!user.spaceId || name.length > 100) throw notFound();
  const db = await getDb();
  const [row] = await db
    .delete(schema.resumeDrafts)
    .where(and(eq(schema.resumeDrafts.name, name), eq(schema.resumeDrafts.spaceId, user.spaceId)))
    .returning({ name: schema.resumeDrafts.name, original: schema.resumeDrafts.original });
  if (!row) throw notFound();
  return row;
}

/** Drafts nobody attached within a day, and their files; the hourly clean-up runs it. */
export async function deleteOldDrafts(): Promise<number> {
  const db = await getDb();
  const rows = await db
    .delete(schema.resumeDrafts)
    .where(lt(schema.resumeDrafts.createdAt, sql`now() - interval '1 day'`))
    .returning({ name: schema.resumeDrafts.name });
  for (const row of rows) await removeResume(row.name);
  return rows.length;
}
