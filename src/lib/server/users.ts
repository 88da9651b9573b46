import { eq } from 'drizzle-orm';
import { getDb, schema, type Executor } from './db/index.ts';
import { unreadCount } from './unread.ts';
import type { Locale } from '../i18n/index.ts';
import { ROLE, type Role, type Status } from '../schemas/auth.ts';
import { AppError } from './http.ts';
import type { UserDto } from '../schemas/user.ts';
import type { NotifyMail } from '../schemas/notification.ts';

export type { UserDto };

export type UserRow = typeof schema.users.$inferSelect;

export async function toUserDto(user: UserRow): Promise<UserDto> {
  const db = await getDb();
  let inviteUser: UserDto['inviteUser'] = null;
  if (user.invitedBy) {
    const [inviter] = await db.select().from(schema.users).where(eq(schema.users.id, user.invitedBy));
    if (inviter && !inviter.deletedAt) {
      inviteUser = { name: inviter.name, surname: inviter.surname, companyName: await spaceCompanyName(inviter) };
    }
  }
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    surname: user.surname,
    role: user.role as Role,
    status: user.status as Status,
    image: user.image,
    companyName: user.companyName,
    inviteUser,
    createdAt: user.createdAt.toISOString(),
    settings: { lang: user.lang as Locale, timeZone: user.timeZone, notifyMail: user.notifyMail },
    unreadMessage: await unreadCount(user.id),
    resume: null,
  };
}

/** The company name of a user's space: their own, or the company user's of the space. */
export async function spaceCompanyName(user: UserRow, executor?: Executor): Promise<string | null> {
  if (user.companyName) return user.companyName;
  if (!user.spaceId) return null;
  const db = executor ?? (await getDb());
  const [company] = await db
    .select({ companyName: schema.users.companyName })
    .from(schema.users)
    .where(eq(schema.users.spaceId, user.spaceId))
    .orderBy(schema.users.createdAt)
    .limit(1);
  return company?.companyName ?? null;
}

/** "Name S." as the header shows it. */
export function shortName(user: Pick<UserDto, 'name' | 'surname' | 'email'>): string {
  if (!user.name) return user.email;
  return user.surname ? `${user.name} ${user.surname[0]!.toUpperCase()}.` : user.name;
}

/** Updates name, surname, language, time zone and (company only) the company name. */
export async function updateProfile(
  user: UserRow,
  input: { name: string; surname: string; companyName?: string; settings?: { lang?: Locale; timeZone?: string } },
): Promise<UserRow> {
  if (user.role === ROLE.COMPANY && input.companyName !== undefined && !input.companyName) {
    throw new AppError(400, 'error.common.invalid_body', { companyName: 'validation.company_required' });
  }
  if (user.role === ROLE.COMPANY && !user.companyName && !input.companyName) {
    throw new AppError(400, 'error.common.invalid_body', { companyName: 'validation.company_required' });
  }
  const db = await getDb();
  const [updated] = await db
    .update(schema.users)
    .set({
      name: input.name,
      surname: input.surname,
      ...(user.role === ROLE.COMPANY && input.companyName ? { companyName: input.companyName } : {}),
      ...(input.settings?.lang ? { lang: input.settings.lang } : {}),
      ...(input.settings?.timeZone ? { timeZone: input.settings.timeZone } : {}),
    })
    .where(eq(schema.users.id, user.id))
    .returning();
  return updated!;
}

/** Keeps the language a user picked in the header: it then wins on unprefixed addresses and in mails. */
/** A guest's choice of language, made with the switcher (`?lng=`): the cookie that keeps it. */
export const LANGUAGE_COOKIE = 'lng';

export async function setLanguage(userId: string, lang: Locale): Promise<void> {
  const db = await getDb();
  await db.update(schema.users).set({ lang }).where(eq(schema.users.id, userId));
}

/** How notifications reach the user by mail (docs/decisions/0021). */
export async function setNotifyMail(userId: string, notifyMail: NotifyMail): Promise<void> {
  const db = await getDb();
  await db.update(schema.users).set({ notifyMail }).where(eq(schema.users.id, userId));
}

/** Sets an account's status (a ban, or lifting it); sessions are the caller's to end. */
export async function setStatus(userId: string, status: number): Promise<void> {
  const db = await getDb();
  await db.update(schema.users).set({ status }).where(eq(schema.users.id, userId));
}
