import { and, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { getDb, schema, type Executor } from './db/index.ts';
import { AppError, forbidden, notFound } from './http.ts';
import { isStaff } from './auth/service.ts';
import { countsFrom, hasFinalists } from './funnel.ts';
import { normalize, searchCondition } from './search/boolean.ts';
import type { Locale } from '../i18n/index.ts';
import { ROLE } from '../schemas/auth.ts';
import {
  VACANCY_STATUS,
  type PersonRef,
  type SoftSkillDto,
  type VacancyDto,
  type VacancyFilter,
  type VacancyListItem,
  type VacancyStatus,
  type VacancyWrite,
} from '../schemas/vacancy.ts';
import { STATUS } from '../schemas/auth.ts';
import type { UserRow } from './users.ts';
import { isUuid, UUID } from '../uuid.ts';
import { announce, notify, personName } from './notifications.ts';

type VacancyRow = typeof schema.vacancies.$inferSelect;

const MIN_SEARCH = 3;

function person(user: UserRow): PersonRef {
  return { id: user.id, name: user.name, surname: user.surname, email: user.email, image: user.image };
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
  if (search && search.length >= MIN_SEARCH) conditions.push(searchCondition(schema.vacancies.search, search));
  if (filter.city) conditions.push(eq(schema.vacancies.cityId, filter.city));
  if (filter.salaryFrom !== undefined) conditions.push(or(gte(schema.vacancies.salary, filter.salaryFrom), gte(schema.vacancies.salaryTo, filter.salaryFrom)));
  if (filter.salaryTo !== undefined) conditions.push(lte(schema.vacancies.salary, filter.salaryTo));
  if (filter.customer && filter.customer !== 'all') {
    conditions.push(sql`exists (select 1 from ${schema.vacancyCustomers} vc where vc.vacancy_id = ${schema.vacancies.id} and vc.user_id::text = ${filter.customer})`);
  }
  if (filter.period !== 'all') {
    conditions.push(sql`${schema.vacancies.createdAt} >= now() - ${filter.period === 'week' ? sql`interval '7 days'` : sql`interval '1 month'`}`);
  }
  // one round trip: the customers and the stage counts come aggregated with each row, since a
  // query costs the server more in sending and waiting than in what PostgreSQL does for it
  const { vacancies: v, vacancyCustomers: vc, users: u, vacancyInvitees: vi, invites: i, vacancyCandidates: c } = schema;
  const rows = await db
    .select({
      id: v.id,
      positionName: v.positionName,
      quantity: v.quantity,
      status: v.status,
      createdAt: v.createdAt,
      cityId: v.cityId,
      city: cityName(locale),
      salary: v.salary,
      salaryTo: v.salaryTo,
      customers: sql<[string, string, string, string, string | null][]>`coalesce((
        select json_agg(json_build_array(${u.id}, ${u.name}, ${u.surname}, ${u.email}, ${u.image}) order by ${u.surname}, ${u.name})
        from ${vc} join ${u} on ${u.id} = ${vc.userId}
        where ${vc.vacancyId} = ${v.id} and ${u.deletedAt} is null), '[]')`,
      invited: sql<[string, string, string, string][]>`coalesce((
        select json_agg(json_build_array(${i.id}, ${i.name}, ${i.surname}, ${i.email}) order by ${i.surname}, ${i.name})
        from ${vi} join ${i} on ${i.id} = ${vi.inviteId}
        where ${vi.vacancyId} = ${v.id}), '[]')`,
      stages: sql<[number, number][]>`coalesce((
        select json_agg(json_build_array(s.stage, s.n)) from (
          select ${c.stage} as stage, count(*)::int as n from ${c} where ${c.vacancyId} = ${v.id} group by ${c.stage}) s), '[]')`,
    })
    .from(v)
    .leftJoin(schema.cities, eq(schema.cities.id, v.cityId))
    .where(and(...conditions))
    .orderBy(desc(v.createdAt))
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    positionName: row.positionName,
    quantity: row.quantity,
    status: row.status as VacancyStatus,
    createdAt: row.createdAt.toISOString(),
    city: row.cityId !== null ? { id: row.cityId, name: row.city ?? '' } : null,
    salary: row.salary,
    salaryTo: row.salaryTo,
    customers: customerRefs(row.customers, row.invited),
    counts: countsFrom(row.stages),
  }));
}

/** The customers of a vacancy as the queries above aggregate them: registered ones, then those still only invited. */
function customerRefs(users: [string, string, string, string, string | null][], invited: [string, string, string, string][]): PersonRef[] {
  return [
    ...users.map(([id, name, surname, email, image]) => ({ id, name, surname, email, image })),
    ...invited.map(([id, name, surname, email]) => ({ id, name, surname, email, image: null, invited: true })),
  ];
}

/** The vacancy row when the user may see it; another space's is a 404, never a 403. */
export async function findVisible(user: UserRow, id: string): Promise<VacancyRow> {
  if (!isUuid(id)) throw notFound();
  const db = await getDb();
  const [row] = await db.select().from(schema.vacancies).where(and(eq(schema.vacancies.id, id), visibleTo(user)));
  if (!row) throw notFound();
  return row;
}

export async function getVacancy(user: UserRow, id: string, locale: Locale): Promise<VacancyDto> {
  return toDto(await findVisible(user, id), locale);
}

/** The preview's data of a vacancy row, for a reader already allowed to see it (the careers page strips it further). */
export async function vacancyDto(vacancy: VacancyRow, locale: Locale): Promise<VacancyDto> {
  return toDto(vacancy, locale);
}

async function toDto(vacancy: VacancyRow, locale: Locale): Promise<VacancyDto> {
  const db = await getDb();
  // one round trip for everything around the row (see listVacancies)
  const { vacancyCustomers: vc, users: u, vacancyInvitees: vi, invites: i, vacancyCandidates: c, vacancyComments: vcm, softSkills: sk, vacancySoftSkills: vsk } = schema;
  // not db.select(): with no table in FROM it writes the subqueries' columns unqualified
  const { rows: [related] } = await db.execute<{ city: string | null; skills: [number, string, string, boolean][]; customers: [string, string, string, string, string | null][]; invited: [string, string, string, string][]; recruiter: [string, string] | null; comments: [string, string, number, string, string, string, string, string | null][]; stages: [number, number][] }>(sql`
    select
      (select ${cityName(locale)} from ${schema.cities} where ${schema.cities.id} = ${vacancy.cityId}) as city,
      coalesce((
        select json_agg(json_build_array(${sk.id}, ${sk.nameEn}, ${sk.nameRu}, ${sk.main}) order by ${sk.position})
        from ${vsk} join ${sk} on ${sk.id} = ${vsk.skillId} where ${vsk.vacancyId} = ${vacancy.id}), '[]') as skills,
      coalesce((
        select json_agg(json_build_array(${u.id}, ${u.name}, ${u.surname}, ${u.email}, ${u.image}) order by ${u.surname}, ${u.name})
        from ${vc} join ${u} on ${u.id} = ${vc.userId}
        where ${vc.vacancyId} = ${vacancy.id} and ${u.deletedAt} is null), '[]') as customers,
      coalesce((
        select json_agg(json_build_array(${i.id}, ${i.name}, ${i.surname}, ${i.email}) order by ${i.surname}, ${i.name})
        from ${vi} join ${i} on ${i.id} = ${vi.inviteId} where ${vi.vacancyId} = ${vacancy.id}), '[]') as invited,
      (select json_build_array(${u.name}, ${u.surname}) from ${u} where ${u.id} = ${vacancy.recruiterId}) as recruiter,
      coalesce((
        select json_agg(json_build_array(${vcm.id}, ${vcm.text}, floor(extract(epoch from ${vcm.createdAt}) * 1000), ${u.id}, ${u.name}, ${u.surname}, ${u.email}, ${u.image})
          order by ${vcm.createdAt} desc)
        from ${vcm} join ${u} on ${u.id} = ${vcm.userId} where ${vcm.vacancyId} = ${vacancy.id}), '[]') as comments,
      coalesce((
        select json_agg(json_build_array(s.stage, s.n)) from (
          select ${c.stage} as stage, count(*)::int as n from ${c} where ${c.vacancyId} = ${vacancy.id} group by ${c.stage}) s), '[]') as stages`);
  const { city, skills, customers, invited, recruiter, comments, stages } = related!;
  const counts = countsFrom(stages);
  const softSkills: SoftSkillDto[] = skills.map(([id, en, ru, main]) => ({ id, name: { en, ru }, main }));
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
    city: vacancy.cityId !== null ? { id: vacancy.cityId, name: city ?? '' } : null,
    cityId: vacancy.cityId,
    address: vacancy.address,
    salary: vacancy.salary,
    salaryTo: vacancy.salaryTo,
    schedule: vacancy.schedule,
    bonus: vacancy.bonus,
    customers: customerRefs(customers, invited),
    mainCustomer: vacancy.mainCustomerId ?? vacancy.mainInviteId,
    status: vacancy.status as VacancyStatus,
    recruiter: { name: recruiter?.[0] ?? '', surname: recruiter?.[1] ?? '' },
    comments: comments.map(([id, text, at, userId, name, surname, email, image]) => ({
      id,
      text,
      createdAt: new Date(at).toISOString(),
      user: { id: userId, name, surname, email, image },
    })),
    createdAt: vacancy.createdAt.toISOString(),
    updatedAt: vacancy.updatedAt.toISOString(),
    counts,
    // editing is forbidden once a candidate reached the finalist or hired stage (DECISIONS.md)
    editable: vacancy.status !== VACANCY_STATUS.ARCHIVED && counts.finalist + counts.hired === 0,
  };
}

/** The vacancy's customers as stored: registered users, and invites of people not registered yet. */
interface Customers {
  users: string[];
  invites: string[];
  main: { userId: string | null; inviteId: string | null };
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>['transaction']>[0]>[0];

/**
 * Checks what only the database knows (the city is Russian, skills exist) and sorts the chosen
 * customers into registered customers of the space and its open customer invites (issue 11:
 * invited customers may be put on a vacancy). It runs inside the write's transaction and locks
 * the invites it reads: a registration confirming at that moment either moves the rows after
 * this write or is seen here as the registered user (docs/decisions/0008).
 */
async function checkReferences(tx: Tx, user: UserRow, input: VacancyWrite): Promise<{ searchText: string; customers: Customers }> {
  const errors: Record<string, string> = {};
  const [city] = input.cityId !== undefined ? await tx.select().from(schema.cities).where(eq(schema.cities.id, input.cityId)) : [];
  if (input.cityId !== undefined && (!city || city.country !== input.country)) errors.cityId = 'form.vacancy.city.invalid';
  if (input.softSkills.length) {
    const skills = await tx.select({ id: schema.softSkills.id }).from(schema.softSkills).where(inArray(schema.softSkills.id, input.softSkills));
    if (skills.length !== new Set(input.softSkills).size) errors.softSkills = 'form.vacancy.soft_skills.invalid';
  }
  const chosen = [...new Set(input.customers)];
  const ids = chosen.filter((id) => UUID.test(id));
  const space = user.spaceId ? eq(schema.users.spaceId, user.spaceId) : sql`false`;
  const registered = ids.length
    ? await tx
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(and(inArray(schema.users.id, ids), eq(schema.users.role, ROLE.CUSTOMER), isNull(schema.users.deletedAt), space))
    : [];
  const rest = ids.filter((id) => !registered.some((r) => r.id === id));
  const ours = and(inArray(schema.invites.id, rest), eq(schema.invites.role, ROLE.CUSTOMER), user.spaceId ? eq(schema.invites.spaceId, user.spaceId) : sql`false`);
  // lock first, then read: a statement after the lock sees a confirmation that committed meanwhile
  if (rest.length) await tx.select({ id: schema.invites.id }).from(schema.invites).where(ours).for('update');
  const invited = rest.length
    ? await tx
        .select({ id: schema.invites.id, userId: schema.invites.userId, status: schema.users.status, deletedAt: schema.users.deletedAt })
        .from(schema.invites)
        .leftJoin(schema.users, eq(schema.users.id, schema.invites.userId))
        .where(ours)
    : [];
  // an invite whose person has confirmed their account by now stands for that person
  const asUser = (i: (typeof invited)[number]) => (i.userId && i.status === STATUS.ACTIVE && !i.deletedAt ? i.userId : null);
  const users = new Set(registered.map((r) => r.id));
  const invites = new Set<string>();
  for (const i of invited) {
    const id = asUser(i);
    if (id) users.add(id);
    else invites.add(i.id);
  }
  if (registered.length + invited.length !== chosen.length) errors.customers = 'form.vacancy.customers.invalid';
  if (Object.keys(errors).length) throw new AppError(400, 'error.common.invalid_body', errors);

  let main: Customers['main'] = { userId: null, inviteId: null };
  if (input.mainCustomer) {
    const invite = invited.find((i) => i.id === input.mainCustomer);
    main = invite && !asUser(invite) ? { userId: null, inviteId: invite.id } : { userId: invite ? asUser(invite) : input.mainCustomer, inviteId: null };
  }
  const searchText = normalize([input.positionName, input.departmentName, ...input.hardSkills, city?.nameRu ?? '', city?.nameEn ?? ''].join(' '));
  return { searchText, customers: { users: [...users], invites: [...invites], main } };
}

function columns(input: VacancyWrite, customers: Customers) {
  return {
    positionType: input.positionType ?? null,
    positionName: input.positionName,
    quantity: input.quantity ?? 1,
    departmentName: input.departmentName,
    hardSkills: input.hardSkills,
    jobExperience: input.jobExperience ?? null,
    exceptionalRequirements: input.exceptionalRequirements,
    country: input.country,
    cityId: input.cityId ?? null,
    address: input.address,
    salary: input.salary ?? null,
    salaryTo: input.salaryTo ?? null,
    schedule: input.schedule ?? null,
    bonus: input.bonus,
    mainCustomerId: customers.main.userId,
    mainInviteId: customers.main.inviteId,
  };
}

/** Writes the vacancy's customers and soft skills (an empty list writes nothing). */
async function writeLinks(tx: Tx, vacancyId: string, input: VacancyWrite, customers: Customers): Promise<void> {
  if (customers.users.length) await tx.insert(schema.vacancyCustomers).values(customers.users.map((userId) => ({ vacancyId, userId })));
  if (customers.invites.length) await tx.insert(schema.vacancyInvitees).values(customers.invites.map((inviteId) => ({ vacancyId, inviteId })));
  const skills = [...new Set(input.softSkills)];
  if (skills.length) await tx.insert(schema.vacancySoftSkills).values(skills.map((skillId) => ({ vacancyId, skillId })));
}

/**
 * Who is a customer of a vacancy changes under an advisory lock rather than the rows' own: a
 * customer's write (a rating) holds it shared from its check to its commit, a change of the
 * customers holds it exclusively. PostgreSQL queues a lock's new sharers behind a waiting
 * exclusive request; row locks (FOR SHARE) do not, and a steady stream of ratings kept a removal
 * waiting for as long as it lasted (the 100-stream test in security.test.ts).
 */
export async function lockCustomersOf(tx: Executor, of: { vacancyId: string } | { userId: string }, mode: 'shared' | 'exclusive'): Promise<void> {
  const key = 'vacancyId' in of ? `vacancy-customers:vacancy:${of.vacancyId}` : `vacancy-customers:user:${of.userId}`;
  await tx.execute(mode === 'shared' ? sql`select pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))` : sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * A customer who leaves (removed from the space, or deleting their account) leaves its vacancies:
 * their rows go, and where they were the main customer the longest-registered customer left
 * takes over, so that the rule "with two or more customers only the main one moves candidates"
 * never waits on someone who is gone. In the caller's transaction.
 */
export async function leaveVacancies(tx: Executor, userId: string): Promise<void> {
  await lockCustomersOf(tx, { userId }, 'exclusive');
  await tx.execute(sql`delete from vacancy_customers where user_id = ${userId}`);
  await tx.execute(sql`
    update vacancies v set main_customer_id = (
      select vc.user_id from vacancy_customers vc join users u on u.id = vc.user_id
      where vc.vacancy_id = v.id and u.deleted_at is null order by u.created_at, u.id limit 1)
    where v.main_customer_id = ${userId}`);
}

export async function createVacancy(user: UserRow, input: VacancyWrite, locale: Locale): Promise<VacancyDto> {
  if (!mayWrite(user) || !user.spaceId) throw forbidden();
  const db = await getDb();
  const vacancy = await db.transaction(async (tx) => {
    const { searchText, customers } = await checkReferences(tx, user, input);
    const [row] = await tx
      .insert(schema.vacancies)
      .values({ ...columns(input, customers), status: input.status ?? VACANCY_STATUS.DRAFT, spaceId: user.spaceId!, recruiterId: user.id, searchText })
      .returning();
    await writeLinks(tx, row!.id, input, customers);
    if (input.comment) await tx.insert(schema.vacancyComments).values({ vacancyId: row!.id, userId: user.id, text: input.comment });
    return { row: row!, told: await tellNewCustomers(tx, user, row!, customers.users) };
  });
  await announce(vacancy.told);
  return toDto(vacancy.row, locale);
}

/**
 * Tells the customers a published vacancy gained that it is theirs now (a customer added to a
 * vacancy heard nothing, and found it only by looking): on publishing, everyone named; later,
 * whoever was added. A draft tells nobody yet. Answers whom to announce to after the commit.
 */
async function tellNewCustomers(tx: Executor, user: UserRow, vacancy: VacancyRow, customers: string[], before: { status: number; customers: string[] } | undefined = undefined): Promise<string[]> {
  if (vacancy.status !== VACANCY_STATUS.PUBLISHED) return [];
  const known = before?.status === VACANCY_STATUS.PUBLISHED ? new Set(before.customers) : new Set<string>();
  return notify(tx, {
    kind: 'vacancy_customer',
    spaceId: vacancy.spaceId,
    actorId: user.id,
    recipients: customers.filter((id) => !known.has(id)),
    vacancyId: vacancy.id,
    params: { actor: personName(user), vacancy: vacancy.positionName },
  });
}

/**
 * Saves an edit. The comment of a published vacancy ("What changes?") is posted with the saved
 * edit, in its transaction: an edit that fails leaves no comment behind.
 */
export async function updateVacancy(user: UserRow, id: string, input: VacancyWrite, locale: Locale): Promise<VacancyDto> {
  const current = await findVisible(user, id);
  if (!mayWrite(user)) throw forbidden();
  if (current.status === VACANCY_STATUS.ARCHIVED) throw new AppError(409, 'error.vacancy.archived');
  if (await hasFinalists(id)) throw new AppError(403, 'error.vacancy.edit_forbidden');
  const db = await getDb();
  const vacancy = await db.transaction(async (tx) => {
    // first: waiting for the lock while holding the vacancy's row could close a circle with a
    // rating (holding the lock shared) and a customer leaving (waiting for the row)
    await lockCustomersOf(tx, { vacancyId: id }, 'exclusive');
    const { searchText, customers } = await checkReferences(tx, user, input);
    const before = (await tx.select({ userId: schema.vacancyCustomers.userId }).from(schema.vacancyCustomers).where(eq(schema.vacancyCustomers.vacancyId, id))).map((r) => r.userId);
    const [row] = await tx
      .update(schema.vacancies)
      .set({ ...columns(input, customers), status: input.status ?? current.status, searchText, updatedAt: new Date() })
      .where(eq(schema.vacancies.id, id))
      .returning();
    await tx.delete(schema.vacancyCustomers).where(eq(schema.vacancyCustomers.vacancyId, id));
    await tx.delete(schema.vacancyInvitees).where(eq(schema.vacancyInvitees.vacancyId, id));
    await tx.delete(schema.vacancySoftSkills).where(eq(schema.vacancySoftSkills.vacancyId, id));
    await writeLinks(tx, id, input, customers);
    if (input.comment) await tx.insert(schema.vacancyComments).values({ vacancyId: id, userId: user.id, text: input.comment });
    return { row: row!, told: await tellNewCustomers(tx, user, row!, customers.users, { status: current.status, customers: before }) };
  });
  await announce(vacancy.told);
  return toDto(vacancy.row, locale);
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
