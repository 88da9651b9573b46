import { sql } from 'drizzle-orm';
import {
  boolean,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A company and everyone it invited; a self-registered recruiter or customer starts one too. */
export const spaces = pgTable('spaces', {
  id: uuid('id').primaryKey().defaultRandom(),
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
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invites_space_email').on(t.spaceId, t.email), index('invites_email').on(t.email)],
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
  },
  (t) => [index('cities_country_population').on(t.country, t.population)],
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
    positionType: smallint('position_type').notNull(),
    positionName: text('position_name').notNull(),
    quantity: integer('quantity').notNull(),
    departmentName: text('department_name').notNull().default(''),
    hardSkills: text('hard_skills').array().notNull(),
    jobExperience: smallint('job_experience').notNull(),
    exceptionalRequirements: text('exceptional_requirements').notNull().default(''),
    country: text('country').notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    address: text('address').notNull(),
    salary: integer('salary').notNull(),
    salaryTo: integer('salary_to'),
    schedule: smallint('schedule').notNull(),
    bonus: text('bonus').notNull().default(''),
    mainCustomerId: uuid('main_customer_id').references(() => users.id),
    status: smallint('status').notNull(),
    /** Position, department, skills and city in one lower-cased text for the boolean search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vacancies_space_status_created').on(t.spaceId, t.status, t.createdAt)],
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
