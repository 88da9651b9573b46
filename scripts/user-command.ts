/**
 * Staff accounts from the command line, on the product's own data (DATABASE_URL, else the
 * embedded PostgreSQL in DATA_DIR). Registration never creates staff; this is the only way.
 *
 *   npm run user -- create --role admin|dev --email E --password P [--name N] [--surname S]
 *   npm run user -- list
 *   npm run user -- ban|unban --email E
 *
 * Works whether the product runs or not: on DATA_DIR it uses the product's running embedded
 * server and leaves it running, or starts one for itself and stops it again before exiting.
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { asc, inArray, isNull, and } from 'drizzle-orm';
import * as z from 'zod/mini';
import { env } from '../src/lib/server/env.ts';
import { closeDatabase, openDatabase, provideDatabase, schema } from '../src/lib/server/db/index.ts';
import { hashPassword } from '../src/lib/server/auth/password.ts';
import { findLiveUserByEmail } from '../src/lib/server/auth/service.ts';
import { revokeAllOf } from '../src/lib/server/auth/sessions.ts';
import { setStatus } from '../src/lib/server/users.ts';
import { pgCode } from '../src/lib/server/errors.ts';
import { ROLE, STATUS } from '../src/lib/schemas/auth.ts';
import { EmailSchema, NewPasswordSchema } from '../src/lib/schemas/common.ts';
import { translator } from '../src/lib/i18n/messages.ts';

const USAGE = `Usage:
  npm run user -- create --role admin|dev --email EMAIL --password PASSWORD [--name NAME] [--surname SURNAME]
  npm run user -- list
  npm run user -- ban --email EMAIL
  npm run user -- unban --email EMAIL
  npm run user -- --help

Creates or lists staff accounts (admin, dev) in the database of DATA_DIR or DATABASE_URL.
Company, recruiter and customer accounts come only from registration.
A ban ends every session of the account at once; its open sockets close within a minute.`;

const STAFF_ROLES = { admin: ROLE.ADMIN, dev: ROLE.DEV } as const;
type StaffRole = keyof typeof STAFF_ROLES;
const ROLE_NAMES: Record<number, StaffRole> = { [ROLE.ADMIN]: 'admin', [ROLE.DEV]: 'dev' };

const OPTIONS: Record<string, ParseArgsOptionsConfig> = {
  create: {
    role: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    surname: { type: 'string' },
  },
  list: {},
  ban: { email: { type: 'string' } },
  unban: { email: { type: 'string' } },
};

const optionalText = z.optional(z.string().check(z.trim(), z.maxLength(100, 'validation.too_long')));
const CreateSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  name: optionalText,
  surname: optionalText,
});

/** A mistake of the caller: printed as one line (and the usage for code 2), no stack. */
class CliError extends Error {
  code: number;
  constructor(message: string, code = 1) {
    super(message);
    this.code = code;
  }
}

function parse(argv: string[]): { command: string; values: Record<string, string | undefined> } {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  const [command, ...rest] = argv;
  const options = OPTIONS[command!];
  if (!options) throw new CliError(`unknown command "${command}"`, 2);
  try {
    const { values } = parseArgs({ args: rest, options, strict: true, allowPositionals: false });
    return { command: command!, values: values as Record<string, string | undefined> };
  } catch (error) {
    // node:util names the option in its message: "Unknown option '--x'", "Option '--email <value>' argument missing"
    throw new CliError((error as Error).message, 2);
  }
}

function validate(values: Record<string, string | undefined>) {
  for (const flag of ['role', 'email', 'password']) {
    if (values[flag] === undefined) throw new CliError(`--${flag} is required`, 2);
  }
  if (!Object.hasOwn(STAFF_ROLES, values.role!)) {
    throw new CliError(`--role must be admin or dev, not "${values.role}" (company, recruiter and customer come only from registration)`);
  }
  const parsed = CreateSchema.safeParse(values);
  if (!parsed.success) {
    const t = translator('en');
    const issue = parsed.error.issues[0]!;
    throw new CliError(`--${String(issue.path[0])}: ${t(issue.message)}`);
  }
  return { role: values.role as StaffRole, ...parsed.data };
}

async function create(values: Record<string, string | undefined>): Promise<void> {
  const input = validate(values);
  const { db } = await open();
  if (await findLiveUserByEmail(input.email)) throw new CliError(`a user with the address ${input.email} already exists`);
  let id: string;
  try {
    const [user] = await db
      .insert(schema.users)
      .values({
        email: input.email,
        passwordHash: await hashPassword(input.password),
        name: input.name ?? '',
        surname: input.surname ?? '',
        role: STAFF_ROLES[input.role],
        status: STATUS.ACTIVE,
        lang: 'en',
        // staff belong to no space: they read every space
        spaceId: null,
      })
      .returning({ id: schema.users.id });
    id = user!.id;
  } catch (error) {
    // registered between the check and the insert: the unique index decides
    if (pgCode(error) === '23505') throw new CliError(`a user with the address ${input.email} already exists`);
    throw error;
  }
  console.log(`created ${input.role} ${input.email} (id ${id})`);
}

async function list(): Promise<void> {
  const { db } = await open();
  const staff = await db
    .select({ id: schema.users.id, role: schema.users.role, email: schema.users.email })
    .from(schema.users)
    .where(and(inArray(schema.users.role, Object.values(STAFF_ROLES)), isNull(schema.users.deletedAt)))
    .orderBy(asc(schema.users.createdAt));
  if (staff.length === 0) console.log('no staff users');
  for (const user of staff) console.log(`${user.id}  ${ROLE_NAMES[user.role]!.padEnd(5)}  ${user.email}`);
}

/** Bans (every session ends) or lifts a ban; an unknown address is an error. */
async function setBanned(values: Record<string, string | undefined>, banned: boolean): Promise<void> {
  if (values.email === undefined) throw new CliError('--email is required', 2);
  const email = EmailSchema.safeParse(values.email);
  if (!email.success) throw new CliError(`--email: ${translator('en')(email.error.issues[0]!.message)}`);
  await open();
  const user = await findLiveUserByEmail(email.data);
  if (!user) throw new CliError(`no user with the address ${email.data}`);
  if (banned && user.status === STATUS.NOT_VERIFIED) throw new CliError(`${email.data} has not confirmed the address yet`);
  await setStatus(user.id, banned ? STATUS.BANNED : STATUS.ACTIVE);
  if (banned) await revokeAllOf(user.id);
  console.log(`${banned ? 'banned' : 'unbanned'} ${email.data}`);
}

/** adopt: false — a product running on DATA_DIR keeps its embedded server; ours stops on close. */
async function open() {
  const config = env();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, adopt: false, migrate: true });
  provideDatabase(database);
  return database;
}

async function main(): Promise<number> {
  try {
    const { command, values } = parse(process.argv.slice(2));
    if (command === 'create') await create(values);
    else if (command === 'ban' || command === 'unban') await setBanned(values, command === 'ban');
    else await list();
    return 0;
  } catch (error) {
    const code = error instanceof CliError ? error.code : 1;
    console.error(`error: ${(error as Error).message}`);
    if (code === 2) console.error(`\n${USAGE}`);
    return code;
  } finally {
    await closeDatabase().catch((error: unknown) => console.error(`error: closing the database: ${(error as Error).message}`));
  }
}

process.exitCode = await main();
