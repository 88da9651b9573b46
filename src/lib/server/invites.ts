import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { getDb, schema } from './db/index.ts';
import { AppError, forbidden, notFound } from './http.ts';
import { revokeAllOf } from './auth/sessions.ts';
import { disconnectUser } from './emit.ts';
import { leaveVacancies } from './vacancies.ts';
import { queueMail, queueNoticeMail, type Mail } from './mail.ts';
import { env } from './env.ts';
import { randomToken, sha256 } from './auth/tokens.ts';
import { translator } from '../i18n/messages.ts';
import { isLocale, localizedPath, type Locale } from '../i18n/index.ts';
import { ROLE, type Role } from '../schemas/auth.ts';
import type { InviteDto, InviteOutput } from '../schemas/user.ts';
import { spaceCompanyName, type UserRow } from './users.ts';
import { UUID } from '../uuid.ts';

/** Who may invite whom (DECISIONS.md, Roles). Staff have no space to invite into. */
const MAY_INVITE: Partial<Record<number, readonly Role[]>> = {
  [ROLE.COMPANY]: [ROLE.RECRUITER, ROLE.CUSTOMER],
  [ROLE.RECRUITER]: [ROLE.CUSTOMER],
};

export function mayInvite(user: Pick<UserRow, 'role'>, role?: Role): boolean {
  const allowed = MAY_INVITE[user.role] ?? [];
  return role === undefined ? allowed.length > 0 : allowed.includes(role);
}

/** Invites a person into the inviter's space and mails them a link to registration. */
export async function invite(inviter: UserRow, input: InviteOutput, locale: Locale): Promise<InviteDto> {
  if (!inviter.spaceId || !mayInvite(inviter, input.role)) throw forbidden('error.user.invite_forbidden');
  const db = await getDb();
  const [taken] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.email, input.email), isNull(schema.users.deletedAt)));
  if (taken) throw new AppError(422, 'error.user.email_exists', { email: 'error.user.email_exists' });

  // the link's own token names this invite; a new invite of the address gets a new one
  const token = randomToken();
  const tokenHash = sha256(token);
  // the entry and its mail commit together; the list shows the mail's state from then on
  const row = await db.transaction(async (tx) => {
    // an address already on the list: the entry is replaced and, with a fresh date, comes first
    const [entry] = await tx
      .insert(schema.invites)
      .values({ spaceId: inviter.spaceId!, invitedBy: inviter.id, email: input.email, name: input.name, surname: input.surname, role: input.role, tokenHash })
      .onConflictDoUpdate({
        target: [schema.invites.spaceId, schema.invites.email],
        set: { name: input.name, surname: input.surname, role: input.role, invitedBy: inviter.id, userId: null, tokenHash, createdAt: sql`now()`, mailState: 'queued', mailStateAt: null },
        // only an invitation still open is replaced, and a recruiter replaces only their own: a
        // member's entry, or a colleague's invitation, is not the inviter's to take over
        setWhere: and(isNull(schema.invites.userId), inviter.role === ROLE.COMPANY ? undefined : eq(schema.invites.invitedBy, inviter.id)),
      })
      .returning();
    if (!entry) throw forbidden('error.user.invite_forbidden');
    // the date to the microsecond, as PostgreSQL writes it (a JavaScript Date keeps milliseconds)
    const { rows } = await tx.execute<{ version: string }>(sql`select created_at::text as version from invites where id = ${entry!.id}`);
    await queueMail(tx, inviteMail(entry!, token, inviter, await spaceCompanyName(inviter, tx), locale), { kind: 'invite', spaceId: entry!.spaceId }, {
      // a new invite replaces the mail of the old one if that has not gone out yet
      jobKey: `invite:${entry!.id}`,
      track: { kind: 'invite', id: entry!.id, version: rows[0]!.version },
    });
    return entry!;
  });
  return toDto(row, undefined);
}

/**
 * The invitation mail, in the inviter's language, with the link to registration carrying the
 * invite's token. It names the company: a person's name alone said nothing to a customer who has
 * never met the recruiter.
 */
function inviteMail(invite: typeof schema.invites.$inferSelect, token: string, inviter: UserRow, company: string | null, locale: Locale): Mail {
  const t = translator(locale);
  const link = `${env().PUBLIC_URL}${localizedPath(`/auth/register?invite=${token}`, locale)}`;
  const params = {
    name: invite.name,
    inviter: `${inviter.name} ${inviter.surname}`.trim() || inviter.email,
    role: t(`invite.role_${invite.role === ROLE.RECRUITER ? 'recruiter' : 'customer'}`),
    link,
    company: company ?? '',
  };
  const key = company ? '_company' : '';
  return { to: invite.email, subject: t(`mail.invite_subject${key}`, params), text: `${t(`mail.invite_text${key}`, params)}\n\n${t('mail.signature')}` };
}

/**
 * Records how the invite's mail went. `version` is the invite's date: the mail of an invite that
 * was replaced meanwhile changes nothing.
 */
export async function recordInviteMail(id: string, version: string, state: 'sent' | 'failed'): Promise<void> {
  const db = await getDb();
  await db
    .update(schema.invites)
    .set({ mailState: state, mailStateAt: new Date() })
    .where(and(eq(schema.invites.id, id), sql`${schema.invites.createdAt} = ${version}::timestamptz`));
}

function toDto(invite: typeof schema.invites.$inferSelect, user: UserRow | undefined): InviteDto {
  return {
    ...(user ? { id: user.id } : {}),
    inviteId: invite.id,
    name: user?.name || invite.name,
    surname: user?.surname || invite.surname,
    email: user?.email ?? invite.email,
    role: invite.role as Role,
    createdAt: invite.createdAt.toISOString(),
    ...(user ? {} : { mail: invite.mailState }),
  };
}

/**
 * 'My recruiters' and 'My customers': a company sees every invite of its space, a recruiter the
 * ones they sent. People who deleted their account are left out.
 */
export async function listInvites(user: UserRow, filter: { role?: 'recruiter' | 'customer'; invite?: 'registered' | 'invited' }): Promise<InviteDto[]> {
  if (!user.spaceId || !mayInvite(user)) throw forbidden();
  const role = filter.role === 'recruiter' ? ROLE.RECRUITER : filter.role === 'customer' ? ROLE.CUSTOMER : undefined;
  const db = await getDb();
  if (filter.invite === 'registered') return registeredMembers(user.spaceId, role);
  const rows = await db
    .select({ invite: schema.invites, user: schema.users })
    .from(schema.invites)
    .leftJoin(schema.users, eq(schema.users.id, schema.invites.userId))
    .where(
      and(
        eq(schema.invites.spaceId, user.spaceId),
        user.role === ROLE.COMPANY ? undefined : eq(schema.invites.invitedBy, user.id),
        role ? eq(schema.invites.role, role) : undefined,
        filter.invite === 'invited' ? isNull(schema.invites.userId) : undefined,
      ),
    )
    .orderBy(desc(schema.invites.createdAt));
  return rows.filter((r) => !r.user?.deletedAt).map((r) => toDto(r.invite, r.user ?? undefined));
}

/**
 * Takes an entry off 'My recruiters' or 'My customers' (docs/decisions/0035): an open invitation
 * is withdrawn, so its link stops working; a person who registered with it leaves the space, as
 * if they had deleted their account, except that their name stays on what they did. Whoever may
 * see the entry on their list may remove it. The entry goes in one statement: of removals sent
 * at once, one answers 200 and the others 404.
 */
export async function removeFromSpace(remover: UserRow, inviteId: string): Promise<{ removed: 'invite' | 'member' }> {
  if (!remover.spaceId || !mayInvite(remover)) throw forbidden();
  if (!UUID.test(inviteId)) throw notFound();
  const db = await getDb();
  const member = await db.transaction(async (tx) => {
    const [entry] = await tx
      .delete(schema.invites)
      .where(
        and(
          eq(schema.invites.id, inviteId),
          eq(schema.invites.spaceId, remover.spaceId!),
          inArray(schema.invites.role, MAY_INVITE[remover.role] ?? []),
          remover.role === ROLE.COMPANY ? undefined : eq(schema.invites.invitedBy, remover.id),
        ),
      )
      .returning();
    if (!entry) throw notFound();
    if (!entry.userId) return undefined;
    const [left] = await tx
      .update(schema.users)
      .set({ deletedAt: new Date() })
      .where(and(eq(schema.users.id, entry.userId), eq(schema.users.spaceId, remover.spaceId!), isNull(schema.users.deletedAt)))
      .returning();
    if (left) {
      await revokeAllOf(left.id, { tx });
      await leaveVacancies(tx, left.id);
      // a departing recruiter's open invitations go with them: no one joins on their word any more
      // (the customers who already joined stay, on the company's list)
      await tx.delete(schema.invites).where(and(eq(schema.invites.spaceId, remover.spaceId!), eq(schema.invites.invitedBy, left.id), isNull(schema.invites.userId)));
      await tellRemoved(tx, left, remover);
    }
    return left?.id;
  });
  if (member) disconnectUser(member);
  return { removed: member ? 'member' : 'invite' };
}

/** The person taken off the team hears it from the product, in their language, not by finding the door shut. */
async function tellRemoved(tx: Tx, person: UserRow, remover: UserRow): Promise<void> {
  const t = translator(isLocale(person.lang) ? person.lang : 'en');
  const by = `${remover.name} ${remover.surname}`.trim() || remover.email;
  const company = (await spaceCompanyName(remover, tx)) ?? by;
  await queueNoticeMail(tx, person.email, t('mail.removed_subject', { company }), `${t('mail.removed_text', { company, by })}\n\n${t('mail.signature')}`);
}

/** Registered people of a space with a role, invited or not (the vacancy form's customers). */
async function registeredMembers(spaceId: string, role: Role | undefined): Promise<InviteDto[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.spaceId, spaceId), isNull(schema.users.deletedAt), role ? eq(schema.users.role, role) : undefined))
    .orderBy(desc(schema.users.createdAt));
  return rows.map((u) => ({ id: u.id, name: u.name, surname: u.surname, email: u.email, role: u.role as Role, createdAt: u.createdAt.toISOString() }));
}

/**
 * The open invite a registration joins (DECISIONS.md, Invites): the one its link names, when the
 * link's token belongs to an open invite of that very address; otherwise the address's oldest
 * open invite. So no space can pull another space's invitee in by inviting them later.
 */
export async function pendingInvite(email: string, token?: string) {
  const db = await getDb();
  const open = and(eq(schema.invites.email, email), isNull(schema.invites.userId));
  if (token) {
    const [named] = await db.select().from(schema.invites).where(and(open, eq(schema.invites.tokenHash, sha256(token))));
    if (named) return named;
  }
  const [oldest] = await db.select().from(schema.invites).where(open).orderBy(asc(schema.invites.createdAt), asc(schema.invites.id)).limit(1);
  return oldest;
}

/** A customer the vacancy form offers: registered (a user id) or only invited (the invite's id). */
export interface CustomerChoice {
  id: string;
  name: string;
  surname: string;
  email: string;
  invited?: boolean;
}

/**
 * The customers a vacancy can be given: the space's registered customers and the customers it
 * invited who have not registered yet (issue 11; docs/decisions/0008), sorted by name.
 */
export async function customerChoices(user: UserRow, locale: Locale): Promise<CustomerChoice[]> {
  if (!user.spaceId || !mayInvite(user)) return [];
  const db = await getDb();
  const [registered, open] = await Promise.all([
    registeredMembers(user.spaceId, ROLE.CUSTOMER),
    db
      .select()
      .from(schema.invites)
      .where(and(eq(schema.invites.spaceId, user.spaceId), eq(schema.invites.role, ROLE.CUSTOMER), isNull(schema.invites.userId))),
  ]);
  const choices: CustomerChoice[] = [
    ...registered.map(({ id, name, surname, email }) => ({ id: id!, name, surname, email })),
    ...open.map((i) => ({ id: i.id, name: i.name, surname: i.surname, email: i.email, invited: true })),
  ];
  return choices.sort((a, b) => `${a.name} ${a.surname}`.localeCompare(`${b.name} ${b.surname}`, locale));
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>['transaction']>[0]>[0];

/**
 * Once the person of an invite has confirmed their account, the vacancies they were put on while
 * invited become theirs (and the main-customer mark with them). Runs in the confirmation's
 * transaction; it locks the invites first, as a vacancy save does, so the two never cross.
 */
export async function claimInvitedVacancies(tx: Tx, userId: string): Promise<void> {
  const mine = await tx.select({ id: schema.invites.id }).from(schema.invites).where(eq(schema.invites.userId, userId)).for('update');
  if (!mine.length) return;
  const ids = mine.map((i) => i.id);
  await tx
    .insert(schema.vacancyCustomers)
    .select(
      tx
        .select({ vacancyId: schema.vacancyInvitees.vacancyId, userId: sql<string>`${userId}::uuid`.as('user_id') })
        .from(schema.vacancyInvitees)
        .where(inArray(schema.vacancyInvitees.inviteId, ids)),
    )
    .onConflictDoNothing();
  await tx.update(schema.vacancies).set({ mainCustomerId: userId, mainInviteId: null }).where(inArray(schema.vacancies.mainInviteId, ids));
  await tx.delete(schema.vacancyInvitees).where(inArray(schema.vacancyInvitees.inviteId, ids));
}

/** What the registration page says about an invite: the address, the role it gives, the company, who sent it. */
export interface InviteOffer {
  email: string;
  role: 'recruiter' | 'customer';
  company: string | null;
  inviter: string;
}

/**
 * The open invite a registration link names by its token. Only the holder of the link learns
 * anything: an address alone says nothing about who invited it.
 */
export async function inviteOffer(token: string | undefined): Promise<InviteOffer | undefined> {
  if (!token || token.length > 100) return undefined;
  const db = await getDb();
  const [invite] = await db
    .select()
    .from(schema.invites)
    .where(and(eq(schema.invites.tokenHash, sha256(token)), isNull(schema.invites.userId)));
  if (!invite) return undefined;
  const [inviter] = await db.select().from(schema.users).where(eq(schema.users.id, invite.invitedBy));
  return {
    email: invite.email,
    role: invite.role === ROLE.RECRUITER ? 'recruiter' : 'customer',
    company: inviter ? await spaceCompanyName(inviter) : null,
    inviter: inviter ? `${inviter.name} ${inviter.surname}`.trim() || inviter.email : '',
  };
}
