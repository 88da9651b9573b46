import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  jsonb,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { formsVector } from '../search/boolean.ts';
import { normalisedEmail, normalisedPhone } from './normalise.ts';
import type { NotifyMail } from '../../schemas/notification.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export type MailState = 'queued' | 'sent' | 'failed';

/**
 * Where the mail that a row caused stands (docs/decisions/0010): queued until the SMTP server
 * takes it, failed once the queue gave up; the person who caused it sees both.
 */
const mailDelivery = () => ({
  mailState: text('mail_state').$type<MailState>().notNull().default('queued'),
  mailStateAt: timestamp('mail_state_at', { withTimezone: true }),
});

/** A company and everyone it invited; a self-registered recruiter or customer starts one too. */
export const spaces = pgTable('spaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** How long a candidate is kept without approved consent, from the first request (docs/decisions/0025). */
  retentionDays: integer('retention_days').notNull().default(30),
  /** How long an approval lasts before the job queue asks to renew it. */
  consentMonths: integer('consent_months').notNull().default(12),
  /** The careers page at /jobs/{slug} (docs/decisions/0027): its address, a short description and whether it is on. */
  careersSlug: text('careers_slug').unique(),
  careersDescription: text('careers_description').notNull().default(''),
  careersOn: boolean('careers_on').notNull().default(false),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull().default(''),
    surname: text('surname').notNull().default(''),
    role: smallint('role').notNull(),
    status: smallint('status').notNull(),
    image: text('image'),
    companyName: text('company_name'),
    lang: text('lang').notNull().default('en'),
    /** An IANA zone name (docs/decisions/0018); the default is the zone shown before there were any. */
    timeZone: text('time_zone').notNull().default('Europe/Moscow'),
    /** How notifications reach the person by mail (docs/decisions/0021). */
    notifyMail: text('notify_mail').$type<NotifyMail>().notNull().default('instant'),
    spaceId: uuid('space_id').references(() => spaces.id),
    invitedBy: uuid('invited_by'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // a deleted account frees its address for a new registration
    uniqueIndex('users_email_live').on(t.email).where(sql`${t.deletedAt} is null`),
    index('users_space').on(t.spaceId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The token before the last rotation stays valid for a few seconds: tabs refresh at once. */
    previousTokenHash: text('previous_token_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    persistent: boolean('persistent').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_token').on(t.tokenHash),
    index('sessions_previous_token').on(t.previousTokenHash),
    index('sessions_user').on(t.userId),
  ],
);

/** One-time codes sent by e-mail: address verification and e-mail change. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    newEmail: text('new_email'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_codes_user').on(t.userId, t.purpose)],
);

/** Fixed-window counters shared by every process on the database. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  // the hourly clean-up deletes ended windows by their start
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window').on(t.windowStart)],
);

/**
 * Errors browsers reported (issue 16, item 7): the page's path without its query, the release,
 * the message and stack with addresses and long numbers blanked. No user, no query string.
 */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    release: text('release').notNull(),
    page: text('page').notNull(),
    message: text('message').notNull(),
    stack: text('stack').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** Whether the session was one of the 10 % whose page views are counted too. */
    sampled: boolean('sampled').notNull().default(false),
  },
  (t) => [index('client_errors_at').on(t.at), index('client_errors_release_at').on(t.release, t.at)],
);

/** Page views of the sampled sessions, counted per day, release and page: the errors' denominator. */
export const clientViews = pgTable(
  'client_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    release: text('release').notNull(),
    page: text('page').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.release, t.page] })],
);

/**
 * A résumé read by "start from a résumé" (docs/decisions/0023) before its candidate exists: the
 * stored file (uploads.ts RESUME_NAME) and the space whose recruiter sent it. Saving the new
 * candidate attaches it by name (only within that space) and deletes the row; the hourly
 * clean-up deletes rows and files older than a day that nobody attached.
 */
export const resumeDrafts = pgTable(
  'resume_drafts',
  {
    name: text('name').primaryKey(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    original: text('original').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('resume_drafts_created').on(t.createdAt)],
);

/** Values generated once per installation, such as the token-signing secret. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * An invitation into a space: registering with `email` joins `spaceId` with `role`, whatever
 * role the form said. One entry per space and address; a new invite replaces the old one.
 */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    role: smallint('role').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The hash of the token in the invite's link: registering through it joins this invite. */
    tokenHash: text('token_hash'),
    ...mailDelivery(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invites_space_email').on(t.spaceId, t.email),
    index('invites_email').on(t.email),
    uniqueIndex('invites_token').on(t.tokenHash),
  ],
);

/** Towns of Russia with at least 10,000 people, named in both languages (docs/decisions/0005). */
export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    country: text('country').notNull(),
    nameEn: text('name_en').notNull(),
    nameRu: text('name_ru').notNull(),
    regionEn: text('region_en'),
    regionRu: text('region_ru'),
    population: integer('population').notNull(),
    /**
     * The Russian name in Latin letters as people type it, for the city search: "sankt peterburg",
     * "ekaterinburg", "nizhniy novgorod" (lower case, hyphens as spaces, ъ and ь dropped).
     */
    nameLatin: text('name_latin')
      .notNull()
      .generatedAlwaysAs(
        sql`translate(replace(replace(replace(replace(replace(replace(replace(replace(lower(name_ru), 'ж', 'zh'), 'х', 'kh'), 'ц', 'ts'), 'ч', 'ch'), 'щ', 'shch'), 'ш', 'sh'), 'ю', 'yu'), 'я', 'ya'), 'абвгдеёзийклмнопрстуфыэ-ъь', 'abvgdeeziyklmnoprstufye ')`,
      ),
  },
  (t) => [
    index('cities_country_population').on(t.country, t.population),
    index('cities_name_latin_trgm').using('gin', sql`${t.nameLatin} gin_trgm_ops`),
  ],
);

/** The soft-skill catalogue; `main` ones show before the expand button. */
export const softSkills = pgTable('soft_skills', {
  id: smallint('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameRu: text('name_ru').notNull(),
  main: boolean('main').notNull().default(false),
  position: smallint('position').notNull(),
});

export const vacancies = pgTable(
  'vacancies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    recruiterId: uuid('recruiter_id')
      .notNull()
      .references(() => users.id),
    // a draft needs only its position name: what it leaves empty is null until it is published
    positionType: smallint('position_type'),
    positionName: text('position_name').notNull(),
    quantity: integer('quantity').notNull().default(1),
    departmentName: text('department_name').notNull().default(''),
    hardSkills: text('hard_skills').array().notNull().default(sql`'{}'::text[]`),
    jobExperience: smallint('job_experience'),
    exceptionalRequirements: text('exceptional_requirements').notNull().default(''),
    country: text('country').notNull().default('ru'),
    cityId: integer('city_id').references(() => cities.id),
    address: text('address').notNull().default(''),
    salary: integer('salary'),
    salaryTo: integer('salary_to'),
    schedule: smallint('schedule'),
    bonus: text('bonus').notNull().default(''),
    /** Chosen for the space's careers page; shown there only while the vacancy is published too. */
    onCareers: boolean('on_careers').notNull().default(false),
    mainCustomerId: uuid('main_customer_id').references(() => users.id),
    /** The main customer while they are only invited; becomes `mainCustomerId` when they register. */
    mainInviteId: uuid('main_invite_id').references(() => invites.id, { onDelete: 'set null' }),
    status: smallint('status').notNull(),
    /** Position, department, skills and city in one lower-cased text for the search. */
    searchText: text('search_text').notNull().default(''),
    /** `searchText` as typed and in Russian and English word forms (src/lib/server/search/boolean.ts). */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(formsVector(sql.raw('search_text'))),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vacancies_space_status_created').on(t.spaceId, t.status, t.createdAt), index('vacancies_search').using('gin', t.search)],
);

export const vacancyCustomers = pgTable(
  'vacancy_customers',
  {
    vacancyId: uuid('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.vacancyId, t.userId] }), index('vacancy_customers_user').on(t.userId)],
);

/**
 * Customers put on a vacancy before they registered, by their invite (docs/decisions/0008). When
 * the invited address confirms its account the rows become `vacancy_customers` rows.
 */
export const vacancyInvitees = pgTable(
  'vacancy_invitees',
  {
    vacancyId: uuid('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    inviteId: uuid('invite_id')
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.vacancyId, t.inviteId] }), index('vacancy_invitees_invite').on(t.inviteId)],
);

export const vacancySoftSkills = pgTable(
  'vacancy_soft_skills',
  {
    vacancyId: uuid('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    skillId: smallint('skill_id')
      .notNull()
      .references(() => softSkills.id),
  },
  (t) => [primaryKey({ columns: [t.vacancyId, t.skillId] })],
);

/** What changed, said by whoever changed it; customers read these as the vacancy's history. */
export const vacancyComments = pgTable(
  'vacancy_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vacancyId: uuid('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('vacancy_comments_vacancy').on(t.vacancyId, t.createdAt)],
);

export interface JobEntry {
  from: string;
  to: string | null;
  companyName: string;
  companyInfo: string;
  positionName: string;
  positionDescription: string;
}
export interface EducationEntry {
  year: number;
  name: string;
  description: string;
}
export interface LanguageEntry {
  lang: string;
  level: string;
}

/** The space's candidate database (SPEC.md §3 Candidate). */
export const candidates = pgTable(
  'candidates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    image: text('image'),
    dob: date('dob'),
    positionName: text('position_name').notNull().default(''),
    salary: integer('salary'),
    salaryTo: integer('salary_to'),
    cityId: integer('city_id').references(() => cities.id),
    email: text('email'),
    phone: text('phone'),
    resume: text('resume'),
    resumeName: text('resume_name'),
    schedule: smallint('schedule').array().notNull().default(sql`'{}'::smallint[]`),
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    jobExperience: jsonb('job_experience').$type<JobEntry[]>().notNull().default([]),
    education: jsonb('education').$type<EducationEntry[]>().notNull().default([]),
    langs: jsonb('langs').$type<LanguageEntry[]>().notNull().default([]),
    lang: text('lang'),
    /** Where the candidate came from: null when a recruiter added them, 'careers' from the careers page. */
    source: text('source'),
    pdStatus: smallint('pd_status').notNull().default(1),
    /**
     * A number to call the candidate by where their name may not be shown ("Candidate 48"):
     * to a customer without their consent, and after erasure. Counted per space (the trigger
     * `candidates_number` takes the next of `candidate_numbers`), so that it says nothing of how
     * many candidates other companies keep; the default is never stored.
     */
    number: integer('number').notNull().default(0),
    /** Names, position, experience and skills in Russian, English and as-typed forms. */
    search: tsvector('search'),
    /**
     * Since when the candidate has been kept without approved consent (docs/decisions/0025): set
     * by the first request (and by a withdrawal or a lapsed approval), cleared by an approval.
     * Retention anonymises the candidate once the space's days have passed since.
     */
    unconsentedSince: timestamp('unconsented_since', { withTimezone: true }),
    /** When the candidate was anonymised ("Candidate 4812"); erased candidates stay for the statistics. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** The address and phone as the duplicate search compares them (docs/decisions/0029). */
    emailNorm: text('email_norm').generatedAlwaysAs(normalisedEmail(sql.raw('email'))),
    phoneNorm: text('phone_norm').generatedAlwaysAs(normalisedPhone(sql.raw('phone'))),
    /**
     * The candidate this one was merged into (docs/decisions/0029): hidden from every list and
     * page until the merge is undone; its rows moved to that candidate.
     */
    mergedInto: uuid('merged_into').references((): AnyPgColumn => candidates.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('candidates_space_created').on(t.spaceId, t.createdAt),
    index('candidates_space_email_norm').on(t.spaceId, t.emailNorm).where(sql`${t.emailNorm} is not null`),
    index('candidates_space_phone_norm').on(t.spaceId, t.phoneNorm).where(sql`${t.phoneNorm} is not null`),
    index('candidates_space_dob').on(t.spaceId, t.dob).where(sql`${t.dob} is not null`),
    index('candidates_space_salary').on(t.spaceId, t.salary),
    index('candidates_search').using('gin', t.search),
    index('candidates_unconsented').on(t.unconsentedSince).where(sql`${t.unconsentedSince} is not null and ${t.erasedAt} is null`),
    // the erased few, so that "not erased" (privacy.ts identityShown) never reads the whole table
    index('candidates_erased').on(t.id).where(sql`${t.erasedAt} is not null`),
    uniqueIndex('candidates_space_number').on(t.spaceId, t.number),
    // foreign keys are indexed on the side that refers (tests/api/schema-indexes.test.ts): without,
    // deleting N candidates reads the whole table N times
    index('candidates_merged_into').on(t.mergedInto).where(sql`${t.mergedInto} is not null`),
  ],
);

/** The last candidate number given in a space (see `candidates.number`). */
export const candidateNumbers = pgTable('candidate_numbers', {
  spaceId: uuid('space_id')
    .primaryKey()
    .references(() => spaces.id, { onDelete: 'cascade' }),
  last: integer('last').notNull(),
});

/** A candidate on a vacancy: the funnel stage, priority and when the stage last changed. */
export const vacancyCandidates = pgTable(
  'vacancy_candidates',
  {
    vacancyId: uuid('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    stage: smallint('stage').notNull().default(1),
    priority: smallint('priority').notNull().default(2),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vacancyId, t.candidateId] }),
    index('vacancy_candidates_candidate').on(t.candidateId),
    index('vacancy_candidates_vacancy_created').on(t.vacancyId, t.createdAt),
    // the vacancy page's order, read backwards: its ids come from the index alone
    index('vacancy_candidates_vacancy_page').on(t.vacancyId, t.priority, t.createdAt, t.candidateId),
  ],
);

/** Who changed what in the funnel, and when: stage, priority, ratings, consent answers. */
export const funnelEvents = pgTable(
  'funnel_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    vacancyId: uuid('vacancy_id').references(() => vacancies.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id').references(() => candidates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    createdAt: createdAt(),
  },
  (t) => [
    index('funnel_events_space_created').on(t.spaceId, t.createdAt),
    index('funnel_events_candidate').on(t.candidateId, t.createdAt),
    index('funnel_events_vacancy').on(t.vacancyId).where(sql`${t.vacancyId} is not null`),
  ],
);

/** One rating per person per candidate on a vacancy; a new one replaces the old. */
export const ratings = pgTable(
  'ratings',
  {
    vacancyId: uuid('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.vacancyId, t.candidateId, t.userId] }), index('ratings_candidate').on(t.candidateId)],
);

/** An application from a careers page (docs/decisions/0027): what the form said beside the candidate's own fields. */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    vacancyId: uuid('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    /** The city as typed (the candidate's city is set only when it names a known one). */
    city: text('city').notNull().default(''),
    message: text('message').notNull().default(''),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('applications_vacancy_created').on(t.vacancyId, t.createdAt), index('applications_candidate').on(t.candidateId)],
);

/** Consent requests: the link's token (hashed), and the answer with its time and address. */
export const pdRequests = pgTable(
  'pd_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    lang: text('lang').notNull(),
    requestIp: text('request_ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when a newer request replaced this one: its link then says so. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answerIp: text('answer_ip'),
    answerUserAgent: text('answer_user_agent'),
    /**
     * What the request asks (docs/decisions/0022): the purposes, the vacancies named and the
     * recipients, as they were named when it was sent. Null on requests from before consent per
     * recipient: those asked for processing by the space's company only.
     */
    scope: jsonb('scope').$type<ConsentScope>(),
    /** The terms as the candidate was shown them when answering, word for word, with their version and language. */
    termsText: text('terms_text'),
    termsVersion: text('terms_version'),
    termsLang: text('terms_lang'),
    ...mailDelivery(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pd_requests_token').on(t.tokenHash), index('pd_requests_candidate').on(t.candidateId, t.createdAt)],
);

export interface ConsentScope {
  /** The space's company, by name, as the controller and the first recipient. */
  company: string | null;
  /** Whether the request asks for processing too, or only for recipients processing already covers. */
  processing: boolean;
  vacancies: { id: string; name: string }[];
  customers: { id: string; name: string; company: string | null }[];
}

/**
 * The candidate's current answer per recipient (docs/decisions/0022): `recipient` is 'company'
 * (the space's company: processing itself) or a customer's user id. A customer sees the
 * candidate's identity only with a granted row here while processing is approved.
 */
export const consentGrants = pgTable(
  'consent_grants',
  {
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'cascade' }),
    granted: boolean('granted').notNull(),
    /** The request whose answer set it; null for the backfill of consents from before. */
    requestId: uuid('request_id').references(() => pdRequests.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.candidateId, t.recipient] }), index('consent_grants_customer').on(t.customerId)],
);

/** Chat between two people of one space; stored before it is delivered. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When the reader was notified that it stayed unread (notifications.ts): once per message. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_recipient_unread').on(t.recipientId).where(sql`${t.readAt} is null`),
    index('chat_messages_pair').on(sql`least(${t.senderId}, ${t.recipientId})`, sql`greatest(${t.senderId}, ${t.recipientId})`, t.createdAt),
  ],
);

/** Help tickets: the problem type is the title; staff answer in the ticket. */
export const helpTickets = pgTable(
  'help_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the author or the support closes it; a new message in it clears it (decision 0037). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('help_tickets_user').on(t.userId, t.updatedAt)],
);

export const helpMessages = pgTable(
  'help_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => helpTickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('help_messages_ticket').on(t.ticketId, t.createdAt)],
);

/** An interview with a candidate, made with the profile's appointment button. */
export const interviews = pgTable(
  'interviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    vacancyId: uuid('vacancy_id').references(() => vacancies.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    kind: text('kind').notNull(),
    location: text('location').notNull().default(''),
    /**
     * The iCalendar SEQUENCE: every change mails the invitation again with it raised, and an
     * edit that names an older one is refused (docs/decisions/0019).
     */
    sequence: integer('sequence').notNull().default(0),
    status: text('status').$type<'scheduled' | 'cancelled'>().notNull().default('scheduled'),
    /** The candidate gets the invitation too, at their address, in their language. */
    candidateInvited: boolean('candidate_invited').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('interviews_space_starts').on(t.spaceId, t.startsAt),
    index('interviews_candidate_starts').on(t.candidateId, t.startsAt),
    index('interviews_vacancy').on(t.vacancyId).where(sql`${t.vacancyId} is not null`),
  ],
);

export const interviewParticipants = pgTable(
  'interview_participants',
  {
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.interviewId, t.userId] }), index('interview_participants_user').on(t.userId)],
);

/**
 * Candidates sent to one customer by mail (docs/decisions/0017): the link's token is stored
 * hashed; it opens the shortlist without signing in until it expires or is revoked, and every
 * answer through it is that customer's.
 */
export const shortlists = pgTable(
  'shortlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    vacancyId: uuid('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('shortlists_token').on(t.tokenHash), index('shortlists_vacancy').on(t.vacancyId, t.createdAt)],
);

export const shortlistCandidates = pgTable(
  'shortlist_candidates',
  {
    shortlistId: uuid('shortlist_id')
      .notNull()
      .references(() => shortlists.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shortlistId, t.candidateId] }), index('shortlist_candidates_candidate').on(t.candidateId)],
);

/**
 * Something a person should act on or know (docs/decisions/0021): written in the transaction of
 * the change that caused it. `params` keeps the names as they were (a candidate renamed later
 * does not rewrite history); the text is made in the reader's language when shown or mailed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    candidateId: uuid('candidate_id').references(() => candidates.id, { onDelete: 'cascade' }),
    vacancyId: uuid('vacancy_id').references(() => vacancies.id, { onDelete: 'cascade' }),
    interviewId: uuid('interview_id').references(() => interviews.id, { onDelete: 'cascade' }),
    /** The other person of the chat, for a chat notification. */
    chatUserId: uuid('chat_user_id').references(() => users.id, { onDelete: 'cascade' }),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Mailed (or settled as needing no mail of its own); null while the mail is still owed. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created').on(t.userId, t.createdAt),
    index('notifications_user_unread').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_user_unmailed').on(t.userId).where(sql`${t.mailedAt} is null`),
    index('notifications_candidate').on(t.candidateId).where(sql`${t.candidateId} is not null`),
    index('notifications_vacancy').on(t.vacancyId).where(sql`${t.vacancyId} is not null`),
  ],
);

/**
 * The candidate's own link to their rights page (docs/decisions/0025), mailed with every consent
 * request: hashed like consent tokens, long-lived, and valid only while the candidate's address is
 * still the one it went to.
 */
export const rightsLinks = pgTable(
  'rights_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rights_links_candidate').on(t.candidateId)],
);

export type RightsRequestKind = 'copy' | 'erasure';

/**
 * What a candidate asked for through their rights page (a copy of their data, erasure), or an
 * export a recruiter made; the recruiter sees the open ones and acts. A copy carries its
 * download: the hashed token of the mailed link, the file and when the link stops working.
 */
export const rightsRequests = pgTable(
  'rights_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RightsRequestKind>().notNull(),
    /** Who asked: null for the candidate themselves. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: uuid('done_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash'),
    file: text('file'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('rights_requests_candidate').on(t.candidateId, t.createdAt),
    // one open request of a kind per candidate: asking twice is the same request
    uniqueIndex('rights_requests_open').on(t.candidateId, t.kind).where(sql`${t.doneAt} is null`),
    uniqueIndex('rights_requests_token').on(t.tokenHash),
  ],
);

export type AuditAction =
  | 'resume_read'
  | 'export'
  | 'export_download'
  | 'erasure'
  | 'consent_answer'
  | 'consent_withdrawal'
  | 'rights_request'
  | 'consent_renewal'
  | 'merge'
  | 'merge_undo';

/** What a merge moved, enough to put every row back (docs/decisions/0029). */
export interface MergeSnapshot {
  /** The survivor's fields (and consent state) before the merge, by column name, as stored. */
  fields: Record<string, unknown>;
  /** File columns ('image', 'resume') the two swapped: each file stays referenced by one row. */
  swapped: ('image' | 'resume')[];
  /** Ids of rows whose candidate_id was changed from the loser to the survivor. */
  moved: Record<'funnel_events' | 'applications' | 'pd_requests' | 'interviews' | 'notifications' | 'rights_links' | 'rights_requests', string[]>;
  /** Vacancies whose link moved whole (the survivor was not on them). */
  vacancies: string[];
  /** Links on vacancies both were on: the loser's row (deleted) and the survivor's before. */
  combined: { loser: Record<string, unknown>; survivor: { stage: number; priority: number; stageChangedAt: string }; after: { stage: number; stageChangedAt: string } }[];
  /** Ratings moved by (vacancy, user); and the loser's ratings that gave way to the survivor's newer one. */
  ratings: { vacancyId: string; userId: string }[];
  droppedRatings: Record<string, unknown>[];
  /** Consent answers per recipient moved, and the loser's that gave way to a newer answer. */
  grants: string[];
  droppedGrants: Record<string, unknown>[];
  /** Shortlists whose entry moved, and the loser's entries on shortlists that held both. */
  shortlists: string[];
  droppedShortlists: Record<string, unknown>[];
}

/**
 * One candidate merged into another (docs/decisions/0029): who did it, when, and what moved, so
 * that it can be undone for 30 days. At most one live merge per merged candidate.
 */
export const candidateMerges = pgTable(
  'candidate_merges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    survivorId: uuid('survivor_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    loserId: uuid('loser_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    mergedBy: uuid('merged_by').references(() => users.id, { onDelete: 'set null' }),
    snapshot: jsonb('snapshot').$type<MergeSnapshot>().notNull(),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('candidate_merges_survivor').on(t.survivorId, t.createdAt),
    uniqueIndex('candidate_merges_live_loser').on(t.loserId).where(sql`${t.undoneAt} is null`),
  ],
);

/**
 * Who did what to which candidate's personal data, and when (docs/decisions/0025). Written in the
 * transaction of the action; `details` never holds personal data (ids, counts, kinds only).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    actorKind: text('actor_kind').$type<'user' | 'candidate' | 'system'>().notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').$type<AuditAction>().notNull(),
    candidateId: uuid('candidate_id').references(() => candidates.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_events_space_at').on(t.spaceId, t.at), index('audit_events_candidate_at').on(t.candidateId, t.at)],
);

/**
 * A company's HTTPS endpoint for events (docs/decisions/0028). The secret signs every delivery,
 * so it is kept as it is (a hash could not sign); it is shown once, when the endpoint is made.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    events: text('events').array().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_space').on(t.spaceId, t.createdAt)],
);

export type WebhookDeliveryStatus = 'queued' | 'retrying' | 'succeeded' | 'failed';

/** One event for one endpoint and how its tries went: the company's delivery log. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The body as sent: ids and non-personal fields only. */
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_endpoint').on(t.endpointId, t.createdAt)],
);

export type BulkAction = 'addToVacancy' | 'moveStage' | 'archive' | 'requestConsent';
export type BulkStatus = 'running' | 'done' | 'failed';
/** Why one candidate of a bulk action was left as it was: an error key of the translation files. */
export interface BulkSkip {
  candidateId: string;
  reason: string;
}

/**
 * A bulk action on many candidates (docs/decisions/0030): its selection resolved once, its
 * progress and the candidates it skipped with the reason. A small one is done in the request;
 * a large one by the job queue in chunks, each chunk's changes and its progress in one commit.
 */
export const bulkOperations = pgTable(
  'bulk_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').$type<BulkAction>().notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** The resolved selection, in the order it is worked through. */
    candidateIds: uuid('candidate_ids').array().notNull(),
    total: integer('total').notNull(),
    /** Candidates of the selection worked through so far (of `total`). */
    done: integer('done').notNull().default(0),
    applied: integer('applied').notNull().default(0),
    /** Skipped candidates, with the ids given that were not in the list (another space's, none). */
    skipped: integer('skipped').notNull().default(0),
    /** The first skipped candidates with their reason (at most BULK_SKIPS_KEPT). */
    skips: jsonb('skips').$type<BulkSkip[]>().notNull().default([]),
    /** Skipped candidates per reason, all of them. */
    reasons: jsonb('reasons').$type<Record<string, number>>().notNull().default({}),
    status: text('status').$type<BulkStatus>().notNull().default('running'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bulk_operations_space').on(t.spaceId, t.createdAt)],
);
