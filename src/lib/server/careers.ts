/**
 * The careers page (issue 15 items 1 and 2, docs/decisions/0027): a space's public list of the
 * vacancies it chose, each with its public sheet and an apply form that works without any
 * script. An application creates or matches the candidate, puts them on the vacancy at 'new',
 * records the consent given on the form like a consent request's answer, and mails both sides.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { getDb, schema, type Executor } from './db/index.ts';
import { AppError, clientBucket, forbidden, notFound, tooMany } from './http.ts';
import { hit } from './ratelimit.ts';
import { mailbox, queueMail } from './mail.ts';
import { announce, notify } from './notifications.ts';
import { keyedDigest, randomToken, sha256 } from './auth/tokens.ts';
import { removeResume, saveResume } from './uploads.ts';
import { consentTerms, termsText, TERMS_VERSION } from './consent.ts';
import { mayWrite, vacancyDto } from './vacancies.ts';
import { nameSearchVector } from './candidates.ts';
import { normalisedEmail } from './db/normalise.ts';
import type { UserRow } from './users.ts';
import type { ConsentScope } from './db/schema.ts';
import { translator } from '../i18n/messages.ts';
import type { Locale } from '../i18n/index.ts';
import { ROLE } from '../schemas/auth.ts';
import { PD_STATUS } from '../schemas/candidate.ts';
import { STAGE } from '../schemas/funnel.ts';
import { isEmail, withoutBidiControls } from '../schemas/common.ts';
import { VACANCY_STATUS, type VacancyDto } from '../schemas/vacancy.ts';
import { emitEvent } from './webhooks.ts';
import { issueRightsLink, rightsUrl } from './rights.ts';
import { UUID } from '../uuid.ts';

export const SLUG = /^[a-z0-9](?:[a-z0-9-]{1,48}[a-z0-9])$/;
const DESCRIPTION_MAX = 1000;
/** Applications one address may send a day, and one client an hour. */
export const PER_ADDRESS_DAY = 5;
export const PER_CLIENT_HOUR = 20;
const DAY = 86_400;
const HOUR = 3_600;
/** The honeypot's name: a field people never see, so never fill. */
export const HONEYPOT = 'website';

export interface CareersSettings {
  slug: string;
  description: string;
  on: boolean;
  vacancies: { id: string; positionName: string; status: number; onCareers: boolean }[];
}

function spaceOf(user: UserRow): string {
  if (!mayWrite(user) || !user.spaceId) throw forbidden();
  return user.spaceId;
}

export async function careersSettings(user: UserRow): Promise<CareersSettings> {
  const spaceId = spaceOf(user);
  const db = await getDb();
  const [[space], vacancies] = await Promise.all([
    db.select().from(schema.spaces).where(eq(schema.spaces.id, spaceId)),
    db
      .select({ id: schema.vacancies.id, positionName: schema.vacancies.positionName, status: schema.vacancies.status, onCareers: schema.vacancies.onCareers })
      .from(schema.vacancies)
      .where(and(eq(schema.vacancies.spaceId, spaceId), eq(schema.vacancies.status, VACANCY_STATUS.PUBLISHED)))
      .orderBy(asc(schema.vacancies.createdAt)),
  ]);
  return { slug: space?.careersSlug ?? '', description: space?.careersDescription ?? '', on: space?.careersOn ?? false, vacancies };
}

const clean = (value: unknown) => (typeof value === 'string' ? withoutBidiControls(value).trim() : '');
const hasControl = (text: string) => /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(text);

/** The company's settings: the slug (unique across spaces), the description and the switch. */
export async function saveCareersSettings(user: UserRow, input: { slug: unknown; description: unknown; on: boolean }): Promise<void> {
  const spaceId = spaceOf(user);
  if (user.role !== ROLE.COMPANY) throw forbidden();
  const slug = clean(input.slug).toLowerCase();
  const description = clean(input.description);
  if (!SLUG.test(slug)) throw new AppError(400, 'careers.settings.bad_slug');
  if (description.length > DESCRIPTION_MAX || hasControl(description.replace(/\n/g, ''))) throw new AppError(400, 'careers.settings.bad_description');
  const db = await getDb();
  try {
    await db.update(schema.spaces).set({ careersSlug: slug, careersDescription: description, careersOn: input.on }).where(eq(schema.spaces.id, spaceId));
  } catch (error) {
    if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') throw new AppError(409, 'careers.settings.slug_taken');
    throw error;
  }
}

/** Chooses whether one of the space's vacancies is on the careers page. */
export async function setOnCareers(user: UserRow, vacancyId: unknown, on: boolean): Promise<void> {
  const spaceId = spaceOf(user);
  if (typeof vacancyId !== 'string' || !UUID.test(vacancyId)) throw notFound();
  const db = await getDb();
  const rows = await db
    .update(schema.vacancies)
    .set({ onCareers: on })
    .where(and(eq(schema.vacancies.id, vacancyId), eq(schema.vacancies.spaceId, spaceId)))
    .returning({ id: schema.vacancies.id });
  if (!rows.length) throw notFound();
}

export interface PublicSpace {
  id: string;
  slug: string;
  description: string;
  company: string | null;
}

/** The space behind a careers address, only while its page is on. */
export async function openCareers(slug: string): Promise<PublicSpace | undefined> {
  const wanted = slug.toLowerCase();
  if (!SLUG.test(wanted)) return undefined;
  const db = await getDb();
  const [space] = await db.select().from(schema.spaces).where(and(eq(schema.spaces.careersSlug, wanted), eq(schema.spaces.careersOn, true)));
  if (!space) return undefined;
  return { id: space.id, slug: wanted, description: space.careersDescription, company: await companyOf(db, space.id) };
}

/** The space's company by name: its first account's, as consent.ts names it. */
async function companyOf(db: Executor, spaceId: string): Promise<string | null> {
  const [first] = await db
    .select({ companyName: schema.users.companyName })
    .from(schema.users)
    .where(eq(schema.users.spaceId, spaceId))
    .orderBy(asc(schema.users.createdAt))
    .limit(1);
  return first?.companyName ?? null;
}

const shown = (spaceId: string) =>
  and(eq(schema.vacancies.spaceId, spaceId), eq(schema.vacancies.status, VACANCY_STATUS.PUBLISHED), eq(schema.vacancies.onCareers, true));

export async function publicVacancies(space: PublicSpace, locale: Locale): Promise<{ id: string; positionName: string; city: string | null; schedule: number | null }[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: schema.vacancies.id, positionName: schema.vacancies.positionName, schedule: schema.vacancies.schedule, city: schema.cities })
    .from(schema.vacancies)
    .leftJoin(schema.cities, eq(schema.cities.id, schema.vacancies.cityId))
    .where(shown(space.id))
    .orderBy(asc(schema.vacancies.createdAt));
  return rows.map((r) => ({ id: r.id, positionName: r.positionName, schedule: r.schedule, city: r.city ? (locale === 'ru' ? r.city.nameRu : r.city.nameEn) : null }));
}

/**
 * What the apply form's box for sharing with a customer posts: not the customer's user id, which
 * the public has no business knowing (decision 0036), but a digest of it with the vacancy's,
 * keyed with the installation's secret, so that knowing an id does not make its value. It names
 * that customer on that vacancy and nobody else, and one taken off the vacancy after the form was
 * shown is refused rather than taken for another.
 */
export async function shareValue(vacancyId: string, customerId: string): Promise<string> {
  return (await keyedDigest(`share:${vacancyId}:${customerId}`)).slice(0, 32);
}

export interface PublicVacancy {
  vacancy: VacancyDto;
  /** Whom an application is shared with, named on the form: the customers of the vacancy. */
  scope: ConsentScope;
}

/**
 * A vacancy of the careers page as the public sees it: the preview's sheet with the internal
 * fields emptied here, not only hidden by the page (customers, comments, recruiter, counts).
 */
export async function publicVacancy(space: PublicSpace, id: string, locale: Locale): Promise<PublicVacancy | undefined> {
  if (!UUID.test(id)) return undefined;
  const db = await getDb();
  const [row] = await db.select().from(schema.vacancies).where(and(eq(schema.vacancies.id, id), shown(space.id)));
  if (!row) return undefined;
  const full = await vacancyDto(row, locale);
  const vacancy: VacancyDto = {
    ...full,
    customers: [],
    mainCustomer: null,
    comments: [],
    recruiter: { name: '', surname: '' },
    counts: { ...full.counts, ...Object.fromEntries(Object.keys(full.counts).map((k) => [k, 0])) } as VacancyDto['counts'],
  };
  const customers = await db
    .select({ user: schema.users })
    .from(schema.vacancyCustomers)
    .innerJoin(schema.users, and(eq(schema.users.id, schema.vacancyCustomers.userId), isNull(schema.users.deletedAt)))
    .where(eq(schema.vacancyCustomers.vacancyId, row.id))
    .orderBy(asc(schema.users.createdAt));
  const scope: ConsentScope = {
    company: space.company,
    processing: true,
    vacancies: [{ id: row.id, name: row.positionName }],
    customers: customers.map(({ user }) => ({ id: user.id, name: `${user.name} ${user.surname}`.trim() || user.email, company: user.companyName || null })),
  };
  return { vacancy, scope };
}

export interface ApplyInput {
  fields: Record<string, unknown>;
  ip: string | undefined;
  userAgent: string | undefined;
  locale: Locale;
}

/** A field's text: at most `max` characters, no control characters (a NUL is refused, not kept). */
function field(fields: Record<string, unknown>, name: string, max: number, required: boolean, multiline = false): string {
  const value = clean(fields[name]);
  const invalid = () => new AppError(400, 'careers.apply.invalid', { [name]: required && !value ? 'careers.apply.required' : 'careers.apply.invalid_field' });
  if (required && !value) throw invalid();
  if (value.length > max || hasControl(multiline ? value.replace(/[\n\r\t]/g, '') : value)) throw invalid();
  return value;
}


/**
 * Counts a post of the apply form against its client's hourly limit before its body is read: a
 * client past it sends its 10 MB for nothing. Answers the bucket its upload is received under.
 */
export async function admitApplicant(ip: string | undefined): Promise<string> {
  const bucket = ip === undefined ? '' : clientBucket(ip);
  if (ip !== undefined && !(await hit(`apply-client:${bucket}`, PER_CLIENT_HOUR, HOUR))) throw tooMany('careers.apply.rate_limited');
  return `apply:${bucket}`;
}

/**
 * An application from the careers page. A filled honeypot is answered like an accepted
 * application and stores nothing. Limits: PER_ADDRESS_DAY per address (PER_CLIENT_HOUR per
 * client in admitApplicant); the confirmation goes to an address at most once a day.
 */
export async function apply(space: PublicSpace, target: PublicVacancy, input: ApplyInput): Promise<void> {
  const { fields, ip, locale } = input;
  if (clean(fields[HONEYPOT])) return;
  const name = field(fields, 'name', 100, true);
  const surname = field(fields, 'surname', 100, true);
  const email = field(fields, 'email', 254, true).toLowerCase();
  // the address rule of every form of ours (the careers form had a looser one of its own)
  if (!isEmail(email)) throw new AppError(400, 'careers.apply.invalid', { email: 'careers.apply.bad_email' });
  const phone = field(fields, 'phone', 40, false);
  if (phone && !/^[0-9+()\-.\s]{5,40}$/.test(phone)) throw new AppError(400, 'careers.apply.invalid', { phone: 'careers.apply.invalid_field' });
  const city = field(fields, 'city', 100, false);
  const message = field(fields, 'message', 4000, false, true);
  if (fields.consent !== 'on' && fields.consent !== 'yes') throw new AppError(400, 'careers.apply.invalid', { consent: 'careers.apply.consent_required' });
  const shareValues = ([] as unknown[]).concat(fields.share ?? []).filter((v): v is string => typeof v === 'string');
  const customerOf = new Map(await Promise.all(target.scope.customers.map(async (c) => [await shareValue(target.vacancy.id, c.id), c.id] as const)));
  if (shareValues.some((value) => !customerOf.has(value))) throw new AppError(400, 'careers.apply.invalid', { share: 'careers.apply.invalid_field' });
  const share = new Set(shareValues.map((value) => customerOf.get(value)!));
  if (!(fields.resume instanceof File) || fields.resume.size === 0) throw new AppError(400, 'careers.apply.invalid', { resume: 'careers.apply.required' });

  // the address's limit counts before the file is stored or anything written (the client's, in
  // admitApplicant, before the body is even read): a flood spends nothing else
  const db = await getDb();
  if (!(await hit(`apply-to:${mailbox(email)}`, PER_ADDRESS_DAY, DAY))) throw tooMany('careers.apply.rate_limited');

  const resume = await saveResume(fields.resume);
  const vacancy = target.vacancy;
  let kept = false;
  let used = false;
  try {
    const announced = await db.transaction(async (tx) => {
      // one application at a time per address and space: two at once must not make two candidates
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`careers:${space.id}:${email}`}))`);
      const [existing] = await tx
        .select()
        .from(schema.candidates)
        .where(and(eq(schema.candidates.spaceId, space.id), sql`${schema.candidates.emailNorm} = ${normalisedEmail(sql`${email}::text`)}`, isNull(schema.candidates.erasedAt), isNull(schema.candidates.mergedInto)))
        .orderBy(asc(schema.candidates.createdAt))
        .limit(1);
      const now = new Date();
      let candidateId: string;
      if (existing) {
        candidateId = existing.id;
        // a stranger may know someone's address: the public form never overwrites what the space keeps
        if (!existing.resume) {
          await tx.update(schema.candidates).set({ resume: resume.name, resumeName: resume.original }).where(eq(schema.candidates.id, existing.id));
          used = true;
        }
      } else {
        const cityId = city ? await cityNamed(tx, city) : null;
        const [row] = await tx
          .insert(schema.candidates)
          .values({
            spaceId: space.id,
            name,
            surname,
            email,
            phone: phone || null,
            cityId,
            resume: resume.name,
            resumeName: resume.original,
            lang: locale,
            source: 'careers',
            search: nameSearchVector(name, surname),
          })
          .returning({ id: schema.candidates.id });
        candidateId = row!.id;
        used = true;
        await tx.insert(schema.funnelEvents).values({ spaceId: space.id, candidateId, kind: 'candidate_added', vacancyId: vacancy.id, toValue: 'careers' });
      }
      const added = await tx
        .insert(schema.vacancyCandidates)
        .values({ vacancyId: vacancy.id, candidateId, stage: STAGE.NEW })
        .onConflictDoNothing()
        .returning({ candidateId: schema.vacancyCandidates.candidateId });
      // a new candidate's one event ("added to the database and the vacancy") already says it
      if (added.length && existing) await tx.insert(schema.funnelEvents).values({ spaceId: space.id, vacancyId: vacancy.id, candidateId, kind: 'added_to_vacancy', toValue: 'careers' });
      await tx.insert(schema.applications).values({ spaceId: space.id, vacancyId: vacancy.id, candidateId, city, message, ip: ip ?? null });

      // the consent given on the form, stored like a consent request's answer (docs/decisions/0022);
      // a known candidate's decisions stay as they are: whoever knows an address could otherwise
      // undo a decline and show the person to a customer. Their recruiter asks by mail instead.
      if (!existing) {
        const [request] = await tx
          .insert(schema.pdRequests)
          .values({
            candidateId,
            tokenHash: sha256(randomToken()),
            email,
            lang: locale,
            requestIp: ip,
            scope: target.scope,
            expiresAt: now,
            answer: 'approved',
            answeredAt: now,
            answerIp: ip,
            answerUserAgent: input.userAgent?.slice(0, 300),
            termsText: termsText(consentTerms(target.scope, locale)),
            termsVersion: TERMS_VERSION,
            termsLang: locale,
            mailState: 'sent',
          })
          .returning({ id: schema.pdRequests.id });
        const grants = [
          { recipient: 'company', customerId: null, granted: true },
          ...target.scope.customers.map((c) => ({ recipient: c.id, customerId: c.id, granted: share.has(c.id) })),
        ];
        await tx
          .insert(schema.consentGrants)
          .values(grants.map((g) => ({ ...g, candidateId, requestId: request!.id, answeredAt: now })))
          .onConflictDoUpdate({
            target: [schema.consentGrants.candidateId, schema.consentGrants.recipient],
            set: { granted: sql`excluded.granted`, requestId: sql`excluded.request_id`, answeredAt: sql`excluded.answered_at` },
          });
        await tx.update(schema.candidates).set({ pdStatus: PD_STATUS.APPROVED, unconsentedSince: null }).where(eq(schema.candidates.id, candidateId));
        await tx.insert(schema.funnelEvents).values({ spaceId: space.id, candidateId, kind: 'pd_answered', toValue: 'approved' });
      }

      // the confirmation at most once a day per address; a second application is still taken
      if (await hit(`apply-mail:${mailbox(email)}`, 1, DAY, tx)) {
        const t = translator(locale);
        // consent given on the form is a consent like a request's: its mail carries the rights link (issue 13)
        const rights = rightsUrl(await issueRightsLink(tx, candidateId, email), locale);
        // no name the form was given: a stranger's text must not turn the confirmation into their mail to anyone
        const text = `${t(space.company ? 'careers.mail.text' : 'careers.mail.text_no_company', { vacancy: vacancy.positionName, company: space.company ?? '' })}\n\n${t('rights.mail.rights_link', { link: rights })}\n\n${t('mail.signature')}`;
        try {
          await queueMail(
            tx,
            { to: email, subject: t('careers.mail.subject', { vacancy: vacancy.positionName }), text },
            { kind: 'application', spaceId: space.id },
          );
        } catch (error) {
          // a space whose mail for the day is spent still takes the application, unconfirmed
          if (!(error instanceof AppError && error.status === 429)) throw error;
        }
      }
      await emitEvent(tx, space.id, 'application.received', { candidateId, vacancyId: vacancy.id });
      const [owner] = await tx.select({ recruiterId: schema.vacancies.recruiterId }).from(schema.vacancies).where(eq(schema.vacancies.id, vacancy.id));
      // a known candidate who asked for erasure and applies again: the recruiter should ask which they want
      const [erasure] = existing
        ? await tx
            .select({ id: schema.rightsRequests.id })
            .from(schema.rightsRequests)
            .where(and(eq(schema.rightsRequests.candidateId, candidateId), eq(schema.rightsRequests.kind, 'erasure'), isNull(schema.rightsRequests.doneAt)))
            .limit(1)
        : [];
      return notify(tx, {
        kind: 'application',
        spaceId: space.id,
        recipients: [owner?.recruiterId],
        candidateId,
        vacancyId: vacancy.id,
        params: { candidate: `${name} ${surname}`, vacancy: vacancy.positionName, ...(erasure ? { erasureAsked: 1 } : {}) },
      });
    });
    kept = used;
    await announce(announced);
  } finally {
    if (!kept) await removeResume(resume.name);
  }
}

async function cityNamed(tx: Executor, city: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: schema.cities.id })
    .from(schema.cities)
    .where(sql`lower(${schema.cities.nameEn}) = ${city.toLowerCase()} or lower(${schema.cities.nameRu}) = ${city.toLowerCase()}`)
    .limit(1);
  return row?.id ?? null;
}

/** What the candidate's careers applications said, newest first, for the space's company and recruiters. */
export async function applicationsOf(user: UserRow, candidateId: string): Promise<{ vacancy: string; city: string; message: string; at: Date }[]> {
  if (!mayWrite(user) || !user.spaceId || !UUID.test(candidateId)) return [];
  const db = await getDb();
  return db
    .select({ vacancy: schema.vacancies.positionName, city: schema.applications.city, message: schema.applications.message, at: schema.applications.createdAt })
    .from(schema.applications)
    .innerJoin(schema.vacancies, eq(schema.vacancies.id, schema.applications.vacancyId))
    .where(and(eq(schema.applications.candidateId, candidateId), eq(schema.applications.spaceId, user.spaceId)))
    .orderBy(desc(schema.applications.createdAt))
    .limit(20);
}
