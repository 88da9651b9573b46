import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { getDb, schema } from './db/index.ts';
import { AppError, forbidden, notFound } from './http.ts';
import { isStaff } from './auth/service.ts';
import { hasFinalists, stageCounts } from './funnel.ts';
import { normalize, parseQuery, toSql } from './search/boolean.ts';
import type { Locale } from '../i18n/index.ts';
import { ROLE } from '../schemas/auth.ts';
import {
  VACANCY_STATUS,
  type PersonRef,
  type SoftSkillDto,
  type VacancyDto,
  type VacancyFilter,
  type VacancyListItem,
  type VacancyOutput,
  type VacancyStatus,
} from '../schemas/vacancy.ts';
import type { UserRow } from './users.ts';

type VacancyRow = typeof schema.vacancies.$inferSelect;

const MIN_SEARCH = 3;

function person(user: UserRow): PersonRef {
  return { id: user.id, name: user.name, surname: user.surname, email: user.email, image: user.image ? `/uploads/${user.image}` : null };
}

/** Company and recruiters write the space's vacancies. */
export function mayWrite(user: UserRow): boolean {
  return user.role === ROLE.COMPANY || user.role === ROLE.RECRUITER;
}

/**
 * Which vacancies a user sees: staff all (support), company and recruiters their space's,
 * a customer only those they are attached to.
 */
function visibleTo(user: UserRow): SQL | undefined {
  if (isStaff(user.role)) return undefined;
  if (user.role === ROLE.CUSTOMER) {
    return sql`exists (select 1 from ${schema.vacancyCustomers} vc where vc.vacancy_id = ${schema.vacancies.id} and vc.user_id = ${user.id})`;
  }
  return user.spaceId ? eq(schema.vacancies.spaceId, user.spaceId) : sql`false`;
}

const cityName = (locale: Locale) => (locale === 'ru' ? schema.cities.nameRu : schema.cities.nameEn);

export async function listVacancies(user: UserRow, filter: VacancyFilter, locale: Locale): Promise<VacancyListItem[]> {
  const db = await getDb();
  const conditions: (SQL | undefined)[] = [visibleTo(user), eq(schema.vacancies.status, filter.status)];
  const positionName = filter.positionName?.trim();
  if (positionName && positionName.length >= MIN_SEARCH) {
    conditions.push(sql`lower(${schema.vacancies.positionName}) like ${`%${normalize(positionName).replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  }
  const search = filter.search?.trim();
  const query = search && search.length >= MIN_SEARCH ? parseQuery(search) : undefined;
  if (query) conditions.push(toSql(query, schema.vacancies.searchText));
  if (filter.city) conditions.push(eq(schema.vacancies.cityId, filter.city));
  if (filter.salaryFrom !== undefined) conditions.push(or(gte(schema.vacancies.salary, filter.salaryFrom), gte(schema.vacancies.salaryTo, filter.salaryFrom)));
  if (filter.salaryTo !== undefined) conditions.push(lte(schema.vacancies.salary, filter.salaryTo));
  if (filter.customer && filter.customer !== 'all') {
    conditions.push(sql`exists (select 1 from ${schema.vacancyCustomers} vc where vc.vacancy_id = ${schema.vacancies.id} and vc.user_id::text = ${filter.customer})`);
  }
  if (filter.period !== 'all') {
    conditions.push(sql`${schema.vacancies.createdAt} >= now() - ${filter.period === 'week' ? sql`interval '7 days'` : sql`interval '1 month'`}`);
  }
  const rows = await db
    .select({ vacancy: schema.vacancies, city: cityName(locale) })
    .from(schema.vacancies)
    .innerJoin(schema.cities, eq(schema.cities.id, schema.vacancies.cityId))
    .where(and(...conditions))
    .orderBy(desc(schema.vacancies.createdAt))
    .limit(500);
  const ids = rows.map((r) => r.vacancy.id);
  const [customers, counts] = await Promise.all([customersOf(ids), stageCounts(ids)]);
  return rows.map(({ vacancy, city }) => ({
    id: vacancy.id,
    positionName: vacancy.positionName,
    quantity: vacancy.quantity,
    status: vacancy.status as VacancyStatus,
    createdAt: vacancy.createdAt.toISOString(),
    city: { id: vacancy.cityId, name: city },
    salary: vacancy.salary,
    salaryTo: vacancy.salaryTo,
    customers: customers.get(vacancy.id) ?? [],
    counts: counts.get(vacancy.id)!,
  }));
}

async function customersOf(vacancyIds: string[]): Promise<Map<string, PersonRef[]>> {
  const map = new Map<string, PersonRef[]>();
  if (!vacancyIds.length) return map;
  const db = await getDb();
  const rows = await db
    .select({ vacancyId: schema.vacancyCustomers.vacancyId, user: schema.users })
    .from(schema.vacancyCustomers)
    .innerJoin(schema.users, eq(schema.users.id, schema.vacancyCustomers.userId))
    .where(and(inArray(schema.vacancyCustomers.vacancyId, vacancyIds), isNull(schema.users.deletedAt)))
    .orderBy(asc(schema.users.surname), asc(schema.users.name));
  for (const { vacancyId, user } of rows) {
    map.set(vacancyId, [...(map.get(vacancyId) ?? []), person(user)]);
  }
  return map;
}

/** The vacancy row when the user may see it; another space's is a 404, never a 403. */
export async function findVisible(user: UserRow, id: string): Promise<VacancyRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  const db = await getDb();
  const [row] = await db.select().from(schema.vacancies).where(and(eq(schema.vacancies.id, id), visibleTo(user)));
  if (!row) throw notFound();
  return row;
}

export async function getVacancy(user: UserRow, id: string, locale: Locale): Promise<VacancyDto> {
  return toDto(await findVisible(user, id), locale);
}

async function toDto(vacancy: VacancyRow, locale: Locale): Promise<VacancyDto> {
  const db = await getDb();
  const [[city], skills, customers, recruiter, comments, counts, finalists] = await Promise.all([
    db.select().from(schema.cities).where(eq(schema.cities.id, vacancy.cityId)),
    db
      .select({ skill: schema.softSkills })
      .from(schema.vacancySoftSkills)
      .innerJoin(schema.softSkills, eq(schema.softSkills.id, schema.vacancySoftSkills.skillId))
      .where(eq(schema.vacancySoftSkills.vacancyId, vacancy.id))
      .orderBy(asc(schema.softSkills.position)),
    customersOf([vacancy.id]),
    db.select().from(schema.users).where(eq(schema.users.id, vacancy.recruiterId)),
    db
      .select({ comment: schema.vacancyComments, user: schema.users })
      .from(schema.vacancyComments)
      .innerJoin(schema.users, eq(schema.users.id, schema.vacancyComments.userId))
      .where(eq(schema.vacancyComments.vacancyId, vacancy.id))
      .orderBy(desc(schema.vacancyComments.createdAt)),
    stageCounts([vacancy.id]),
    hasFinalists(vacancy.id),
  ]);
  const softSkills: SoftSkillDto[] = skills.map(({ skill }) => ({ id: skill.id, name: { en: skill.nameEn, ru: skill.nameRu }, main: skill.main }));
  return {
    id: vacancy.id,
    positionType: vacancy.positionType,
    positionName: vacancy.positionName,
    quantity: vacancy.quantity,
    departmentName: vacancy.departmentName,
    hardSkills: vacancy.hardSkills,
    jobExperience: vacancy.jobExperience,
    softSkills,
    exceptionalRequirements: vacancy.exceptionalRequirements,
    country: 'ru',
    city: { id: vacancy.cityId, name: city ? (locale === 'ru' ? city.nameRu : city.nameEn) : '' },
    cityId: vacancy.cityId,
    address: vacancy.address,
    salary: vacancy.salary,
    salaryTo: vacancy.salaryTo,
    schedule: vacancy.schedule,
    bonus: vacancy.bonus,
    customers: customers.get(vacancy.id) ?? [],
    mainCustomer: vacancy.mainCustomerId,
    status: vacancy.status as VacancyStatus,
    recruiter: { name: recruiter[0]?.name ?? '', surname: recruiter[0]?.surname ?? '' },
    comments: comments.map(({ comment, user }) => ({ id: comment.id, text: comment.text, createdAt: comment.createdAt.toISOString(), user: person(user) })),
    createdAt: vacancy.createdAt.toISOString(),
    updatedAt: vacancy.updatedAt.toISOString(),
    counts: counts.get(vacancy.id)!,
    editable: vacancy.status !== VACANCY_STATUS.ARCHIVED && !finalists,
  };
}

/** Checks what only the database knows: the city is Russian, skills exist, customers are the space's. */
async function checkReferences(user: UserRow, input: VacancyOutput): Promise<{ searchText: string }> {
  const db = await getDb();
  const errors: Record<string, string> = {};
  const [city] = await db.select().from(schema.cities).where(eq(schema.cities.id, input.cityId));
  if (!city || city.country !== input.country) errors.cityId = 'form.vacancy.city.invalid';
  const skills = await db.select({ id: schema.softSkills.id }).from(schema.softSkills).where(inArray(schema.softSkills.id, input.softSkills));
  if (skills.length !== new Set(input.softSkills).size) errors.softSkills = 'form.vacancy.soft_skills.invalid';
  const customers = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(
      and(
        inArray(schema.users.id, input.customers.filter((id) => /^[0-9a-f-]{36}$/i.test(id))),
        eq(schema.users.role, ROLE.CUSTOMER),
        isNull(schema.users.deletedAt),
        user.spaceId ? eq(schema.users.spaceId, user.spaceId) : sql`false`,
      ),
    );
  if (customers.length !== new Set(input.customers).size) errors.customers = 'form.vacancy.customers.invalid';
  if (Object.keys(errors).length) throw new AppError(400, 'error.common.invalid_body', errors);
  const searchText = normalize([input.positionName, input.departmentName, ...input.hardSkills, city!.nameRu, city!.nameEn].join(' '));
  return { searchText };
}

function columns(input: VacancyOutput) {
  return {
    positionType: input.positionType,
    positionName: input.positionName,
    quantity: input.quantity,
    departmentName: input.departmentName,
    hardSkills: input.hardSkills,
    jobExperience: input.jobExperience,
    exceptionalRequirements: input.exceptionalRequirements,
    country: input.country,
    cityId: input.cityId,
    address: input.address,
    salary: input.salary,
    salaryTo: input.salaryTo ?? null,
    schedule: input.schedule,
    bonus: input.bonus,
    mainCustomerId: input.mainCustomer,
  };
}

export async function createVacancy(user: UserRow, input: VacancyOutput, locale: Locale): Promise<VacancyDto> {
  if (!mayWrite(user) || !user.spaceId) throw forbidden();
  const { searchText } = await checkReferences(user, input);
  const db = await getDb();
  const vacancy = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.vacancies)
      .values({ ...columns(input), status: input.status ?? VACANCY_STATUS.DRAFT, spaceId: user.spaceId!, recruiterId: user.id, searchText })
      .returning();
    await tx.insert(schema.vacancyCustomers).values([...new Set(input.customers)].map((userId) => ({ vacancyId: row!.id, userId })));
    await tx.insert(schema.vacancySoftSkills).values([...new Set(input.softSkills)].map((skillId) => ({ vacancyId: row!.id, skillId })));
    if (input.comment) await tx.insert(schema.vacancyComments).values({ vacancyId: row!.id, userId: user.id, text: input.comment });
    return row!;
  });
  return toDto(vacancy, locale);
}

export async function updateVacancy(user: UserRow, id: string, input: VacancyOutput, locale: Locale): Promise<VacancyDto> {
  const current = await findVisible(user, id);
  if (!mayWrite(user)) throw forbidden();
  if (current.status === VACANCY_STATUS.ARCHIVED) throw new AppError(409, 'error.vacancy.archived');
  if (await hasFinalists(id)) throw new AppError(403, 'error.vacancy.edit_forbidden');
  const { searchText } = await checkReferences(user, input);
  const db = await getDb();
  const vacancy = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(schema.vacancies)
      .set({ ...columns(input), status: input.status ?? current.status, searchText, updatedAt: new Date() })
      .where(eq(schema.vacancies.id, id))
      .returning();
    await tx.delete(schema.vacancyCustomers).where(eq(schema.vacancyCustomers.vacancyId, id));
    await tx.insert(schema.vacancyCustomers).values([...new Set(input.customers)].map((userId) => ({ vacancyId: id, userId })));
    await tx.delete(schema.vacancySoftSkills).where(eq(schema.vacancySoftSkills.vacancyId, id));
    await tx.insert(schema.vacancySoftSkills).values([...new Set(input.softSkills)].map((skillId) => ({ vacancyId: id, skillId })));
    if (input.comment) await tx.insert(schema.vacancyComments).values({ vacancyId: id, userId: user.id, text: input.comment });
    return row!;
  });
  return toDto(vacancy, locale);
}

/** Archive is the vacancy's DELETE: it stays readable, with no actions left. */
export async function archiveVacancy(user: UserRow, id: string): Promise<void> {
  const current = await findVisible(user, id);
  if (!mayWrite(user)) throw forbidden();
  if (current.status === VACANCY_STATUS.ARCHIVED) return;
  const db = await getDb();
  await db.update(schema.vacancies).set({ status: VACANCY_STATUS.ARCHIVED, updatedAt: new Date() }).where(eq(schema.vacancies.id, id));
}

/**
 * A comment on a vacancy: recruiters say what changed before editing a published one. Anyone who
 * sees the vacancy reads them; only its company and recruiters write.
 */
export async function addComment(user: UserRow, vacancyId: string, text: string): Promise<{ id: string; text: string; createdAt: string; user: PersonRef }> {
  const vacancy = await findVisible(user, vacancyId);
  if (!mayWrite(user)) throw forbidden();
  if (vacancy.status === VACANCY_STATUS.ARCHIVED) throw new AppError(409, 'error.vacancy.archived');
  const db = await getDb();
  const [row] = await db.insert(schema.vacancyComments).values({ vacancyId, userId: user.id, text }).returning();
  return { id: row!.id, text: row!.text, createdAt: row!.createdAt.toISOString(), user: person(user) };
}
