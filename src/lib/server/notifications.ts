/**
 * Notifications (issue 14, item 3; docs/decisions/0021): written by `notify` inside the
 * transaction of the change that caused them, so that one exists exactly when its change
 * committed; the header's count follows over the socket (`announce`, after the commit) and the
 * mail goes through the job queue, at once or in the morning digest, as each reader chose.
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { getDb, schema, type Executor } from './db/index.ts';
import { emitToUser } from './emit.ts';
import { env } from './env.ts';
import { addJob } from './jobs.ts';
import { queueNoticeMail } from './mail.ts';
import { logError } from './errors.ts';
import { translator } from '../i18n/messages.ts';
import { isLocale, localizedPath, type Locale, type T } from '../i18n/index.ts';
import { formatDate, formatMeetingLong } from '../dates.ts';
import { STAGE } from '../schemas/funnel.ts';
import type { NotificationDto, NotificationKind, NotificationPage } from '../schemas/notification.ts';
import type { UserRow } from './users.ts';
import { hiddenName, identityShown } from './privacy.ts';
import { UUID } from '../uuid.ts';

type NotificationRow = typeof schema.notifications.$inferSelect;

export const PAGE_SIZE = 20;
/** The local hour of the morning digest, in each reader's own zone. */
export const DIGEST_HOUR = 8;
/** A chat message unread this long becomes a notification. */
export const CHAT_UNREAD_MINUTES = 15;
/** Lines one digest lists; the rest are a link away. */
const DIGEST_LINES = 50;

export interface NotifyInput {
  kind: NotificationKind;
  spaceId: string;
  /** Who caused it: never told of their own change. */
  actorId?: string | null;
  recipients: (string | null | undefined)[];
  candidateId?: string | null;
  vacancyId?: string | null;
  interviewId?: string | null;
  chatUserId?: string | null;
  params?: Record<string, string | number>;
  /** The reader already gets a mail of its own for this (an interview's invitation). */
  mailedElsewhere?: boolean;
}

/** "Name Surname", or the address of someone who gave no name. */
export function personName(user: Pick<UserRow, 'name' | 'surname' | 'email'>): string {
  return `${user.name} ${user.surname}`.trim() || user.email;
}

/**
 * Records a notification for each recipient (live people of the space, the actor left out) in
 * the caller's transaction, and queues the instant mails. Returns whom to `announce` to once
 * the transaction committed.
 */
export async function notify(tx: Executor, input: NotifyInput): Promise<string[]> {
  const wanted = [...new Set(input.recipients.filter((id): id is string => typeof id === 'string' && id !== input.actorId))];
  if (!wanted.length) return [];
  const people = await tx
    .select({ id: schema.users.id, notifyMail: schema.users.notifyMail })
    .from(schema.users)
    .where(and(inArray(schema.users.id, wanted), eq(schema.users.spaceId, input.spaceId), isNull(schema.users.deletedAt)));
  if (!people.length) return [];
  const rows = await tx
    .insert(schema.notifications)
    .values(
      people.map((person) => ({
        userId: person.id,
        spaceId: input.spaceId,
        kind: input.kind,
        actorId: input.actorId ?? null,
        candidateId: input.candidateId ?? null,
        vacancyId: input.vacancyId ?? null,
        interviewId: input.interviewId ?? null,
        chatUserId: input.chatUserId ?? null,
        params: input.params ?? {},
        // nothing is owed by mail to someone who wants none, or who is mailed otherwise
        mailedAt: input.mailedElsewhere || person.notifyMail === 'off' ? sql`now()` : null,
      })),
    )
    .returning({ id: schema.notifications.id, userId: schema.notifications.userId });
  for (const row of rows) {
    if (input.mailedElsewhere) continue;
    if (people.find((p) => p.id === row.userId)?.notifyMail === 'instant') await addJob(tx, 'notification-mail', { id: row.id });
  }
  return people.map((p) => p.id);
}

/** Unread notifications of a user, for the bell. */
export async function unreadNotifications(userId: string, executor?: Executor): Promise<number> {
  const db = executor ?? (await getDb());
  const [row] = await db
    .select({ n: count() })
    .from(schema.notifications)
    .where(and(eq(schema.notifications.userId, userId), isNull(schema.notifications.readAt)));
  return row?.n ?? 0;
}

/** Tells every tab of these people their new unread count; call after the commit. Never throws. */
export async function announce(userIds: string[]): Promise<void> {
  for (const id of new Set(userIds)) {
    try {
      emitToUser(id, 'notifications', { unread: await unreadNotifications(id) });
    } catch (error) {
      // the change committed; a missed count is set right by the next page load
      logError('notifications', error);
    }
  }
}

/** A candidate's name as the notification keeps it. */
export async function candidateName(tx: Executor, candidateId: string): Promise<string> {
  const [row] = await tx.select({ name: schema.candidates.name, surname: schema.candidates.surname }).from(schema.candidates).where(eq(schema.candidates.id, candidateId));
  return row ? `${row.name} ${row.surname}`.trim() : '';
}

/** The stage's owners (docs/decisions/0012): the recruiter for theirs, the customers for theirs. */
export async function stageOwners(tx: Executor, vacancyId: string, stage: number): Promise<string[]> {
  if (stage <= STAGE.TESTING) {
    const [vacancy] = await tx.select({ recruiterId: schema.vacancies.recruiterId }).from(schema.vacancies).where(eq(schema.vacancies.id, vacancyId));
    return vacancy ? [vacancy.recruiterId] : [];
  }
  if (stage <= STAGE.FINALIST) {
    const rows = await tx.select({ id: schema.vacancyCustomers.userId }).from(schema.vacancyCustomers).where(eq(schema.vacancyCustomers.vacancyId, vacancyId));
    return rows.map((r) => r.id);
  }
  return [];
}

/** The vacancy's recruiter, who hears of its customers' answers. */
export async function vacancyRecruiter(tx: Executor, vacancyId: string): Promise<string | null> {
  const [vacancy] = await tx.select({ recruiterId: schema.vacancies.recruiterId }).from(schema.vacancies).where(eq(schema.vacancies.id, vacancyId));
  return vacancy?.recruiterId ?? null;
}

/** Whether the user is one of the vacancy's customers (their moves and ratings are answers). */
export async function isVacancyCustomer(tx: Executor, vacancyId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: schema.vacancyCustomers.userId })
    .from(schema.vacancyCustomers)
    .where(and(eq(schema.vacancyCustomers.vacancyId, vacancyId), eq(schema.vacancyCustomers.userId, userId)));
  return rows.length > 0;
}

/** Where a notification leads: the candidate on the vacancy, the interview, the chat. */
export function linkOf(row: Pick<NotificationRow, 'kind' | 'candidateId' | 'vacancyId' | 'interviewId' | 'chatUserId'>): string {
  if (row.interviewId) return `/interviews/${row.interviewId}`;
  if (row.chatUserId) return `/chats/${row.chatUserId}`;
  if (row.candidateId) return `/candidates/${row.candidateId}/${row.vacancyId ?? '-'}`;
  if (row.vacancyId) return `/vacancy/candidates/${row.vacancyId}`;
  return '/notifications';
}

/**
 * The candidates a reader may not see by name (docs/decisions/0022, and erased ones: 0025), as
 * "Candidate 4812": decided when the text is shown or mailed, so a consent refused or withdrawn after the
 * notification was made still hides the name.
 */
export async function hiddenCandidates(executor: Executor, reader: { id: string; role: number }, candidateIds: (string | null)[], locale: Locale): Promise<Map<string, string>> {
  const ids = [...new Set(candidateIds.filter((id): id is string => id !== null))];
  // everyone's, not only customers': an erased candidate (docs/decisions/0025) is hidden from all
  if (ids.length === 0) return new Map();
  const c = schema.candidates;
  const rows = await executor
    .select({ id: c.id, number: c.number, shown: identityShown(reader as UserRow, c.id) })
    .from(c)
    .where(inArray(c.id, ids));
  return new Map(rows.filter((row) => !row.shown).map((row) => [row.id, hiddenName(row.number, locale)]));
}

/** The notification's sentence in the reader's language, its times in the reader's zone. */
export function notificationText(row: Pick<NotificationRow, 'kind' | 'params' | 'candidateId'>, t: T, locale: Locale, zone: string, hidden: Map<string, string> = new Map()): string {
  const p = row.params;
  const values: Record<string, string | number> = { ...p };
  const hiddenName = row.candidateId ? hidden.get(row.candidateId) : undefined;
  if (hiddenName !== undefined) values.candidate = hiddenName;
  if (typeof p.stage === 'number') values.stage = t(`candidate.stage.${p.stage}`);
  if (typeof p.when === 'string') values.when = formatMeetingLong(p.when, locale, zone);
  const key =
    row.kind === 'consent'
      ? `notifications.text.consent_${p.answer === 'approved' ? 'approved' : 'declined'}`
      : row.kind === 'application' && p.erasureAsked
        ? 'notifications.text.application_erasure'
        : row.kind === 'rights_request'
          ? `notifications.text.rights_request_${p.request === 'erasure' ? 'erasure' : 'copy'}`
          : `notifications.text.${row.kind}`;
  return t(key, values);
}

function toDto(row: NotificationRow, t: T, locale: Locale, zone: string, hidden: Map<string, string>): NotificationDto {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    text: notificationText(row, t, locale, zone, hidden),
    link: localizedPath(linkOf(row), locale),
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

/** A page of the user's notifications, newest first, with the unread count. */
export async function listNotifications(user: UserRow, page: number, locale: Locale): Promise<NotificationPage> {
  const db = await getDb();
  const n = schema.notifications;
  const [rows, [counted], unread] = await Promise.all([
    db.select().from(n).where(eq(n.userId, user.id)).orderBy(desc(n.createdAt), desc(n.id)).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(n).where(eq(n.userId, user.id)),
    unreadNotifications(user.id, db),
  ]);
  const total = counted?.total ?? 0;
  const t = translator(locale);
  const hidden = await hiddenCandidates(db, user, rows.map((row) => row.candidateId), locale);
  return {
    data: rows.map((row) => toDto(row, t, locale, user.timeZone, hidden)),
    unread,
    pagination: { currentPage: page, totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)), totalRecords: total },
  };
}

/**
 * Marks the user's own notifications read (some by id, or all), and tells their other tabs.
 * Ids of anyone else's, or that are no ids at all, are passed over: nothing says they exist.
 */
export async function markNotificationsRead(user: UserRow, which: { ids: string[] } | { all: true }): Promise<{ unread: number; read: string[] }> {
  const db = await getDb();
  const n = schema.notifications;
  const mine = and(eq(n.userId, user.id), isNull(n.readAt));
  let where = mine;
  if ('ids' in which) {
    const ids = which.ids.filter((id) => UUID.test(id));
    if (!ids.length) return { unread: await unreadNotifications(user.id, db), read: [] };
    where = and(mine, inArray(n.id, ids));
  }
  const rows = await db.update(n).set({ readAt: new Date() }).where(where).returning({ id: n.id });
  if (rows.length) await announce([user.id]);
  return { unread: await unreadNotifications(user.id, db), read: rows.map((r) => r.id) };
}

/**
 * Opening one of the user's notifications from the list: it is read from then on, and the
 * answer is where it leads. Undefined for an id that is not theirs (or no id at all).
 */
export async function openNotification(user: UserRow, id: string): Promise<string | undefined> {
  if (!UUID.test(id)) return undefined;
  const db = await getDb();
  const n = schema.notifications;
  const [row] = await db.select().from(n).where(and(eq(n.userId, user.id), eq(n.id, id)));
  if (!row) return undefined;
  if (!row.readAt) await markNotificationsRead(user, { ids: [id] });
  return linkOf(row);
}

// ---- mail ----

interface Reader {
  id: string;
  role: number;
  email: string;
  lang: string;
  timeZone: string;
  notifyMail: string;
}

function readerLocale(reader: Reader): Locale {
  return isLocale(reader.lang) ? reader.lang : 'en';
}

const absolute = (path: string, locale: Locale) => `${env().PUBLIC_URL}${localizedPath(path, locale)}`;

/**
 * The `notification-mail` task: the mail of one notification, for a reader who wants them at
 * once. Settled in one transaction with the mail's job: it goes exactly once. A reader who
 * switched to the digest meanwhile gets it there; one who read it already, or wants none, not at all.
 */
export async function mailNotification(id: string): Promise<void> {
  if (!UUID.test(id)) return;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ notification: schema.notifications, reader: schema.users })
      .from(schema.notifications)
      .innerJoin(schema.users, eq(schema.users.id, schema.notifications.userId))
      .where(and(eq(schema.notifications.id, id), isNull(schema.notifications.mailedAt)))
      .for('update', { of: schema.notifications });
    if (!row || row.reader.notifyMail === 'digest') return;
    const settle = () => tx.update(schema.notifications).set({ mailedAt: new Date() }).where(eq(schema.notifications.id, id));
    if (row.reader.notifyMail === 'off' || row.notification.readAt || row.reader.deletedAt) return void (await settle());
    const locale = readerLocale(row.reader);
    const t = translator(locale);
    const hidden = await hiddenCandidates(tx, row.reader, [row.notification.candidateId], locale);
    const text = notificationText(row.notification, t, locale, row.reader.timeZone, hidden);
    const body = `${t('notifications.mail_text', { name: row.reader.name || row.reader.email, text, link: absolute(linkOf(row.notification), locale), settings: absolute('/profile', locale) })}\n\n${t('mail.signature')}`;
    await queueNoticeMail(tx, row.reader.email, text, body, row.notification.kind === 'application' ? 'application_notice' : 'notice');
    await settle();
  });
}

/**
 * The hourly `notification-digest` task: every reader who chose the digest and for whom it is
 * now DIGEST_HOUR o'clock gets one mail with their unread notifications not mailed yet. Each
 * reader's rows are claimed and settled in one statement, so two runs never mail one twice.
 * `now` is the hour the run stands for (the queue's cron time, or a test's moved clock).
 */
export async function sendDigests(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const u = schema.users;
  const readers = await db
    .select({ id: u.id, role: u.role, email: u.email, lang: u.lang, timeZone: u.timeZone, notifyMail: u.notifyMail, name: u.name })
    .from(u)
    .where(
      and(
        eq(u.notifyMail, 'digest'),
        isNull(u.deletedAt),
        sql`extract(hour from (${now.toISOString()}::timestamptz at time zone ${u.timeZone})) = ${DIGEST_HOUR}`,
        sql`exists (select 1 from ${schema.notifications} n where n.user_id = ${u.id} and n.mailed_at is null)`,
      ),
    );
  let sent = 0;
  for (const reader of readers) {
    try {
      if (await digestOf(reader, now)) sent++;
    } catch (error) {
      // one reader's trouble holds back nobody else's morning mail
      logError('notifications', error);
    }
  }
  return sent;
}

async function digestOf(reader: Reader & { name: string }, now: Date): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const n = schema.notifications;
    // read ones are settled too: what was seen in the product needs no mail
    const rows = await tx
      .update(n)
      .set({ mailedAt: now })
      .where(and(eq(n.userId, reader.id), isNull(n.mailedAt), sql`${n.createdAt} <= ${now.toISOString()}::timestamptz`))
      .returning();
    const unread = rows.filter((row) => !row.readAt).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    if (!unread.length) return false;
    const locale = readerLocale(reader);
    const t = translator(locale);
    const hidden = await hiddenCandidates(tx, reader, unread.map((row) => row.candidateId), locale);
    const lines = unread.slice(0, DIGEST_LINES).map((row) => {
      const when = formatMeetingLong(row.createdAt, locale, reader.timeZone);
      return `• ${when}: ${notificationText(row, t, locale, reader.timeZone, hidden)}\n  ${absolute(linkOf(row), locale)}`;
    });
    if (unread.length > DIGEST_LINES) lines.push(t('notifications.digest_more', { count: unread.length - DIGEST_LINES }));
    const subject = t('notifications.digest_subject', { count: unread.length, date: formatDate(now, locale, reader.timeZone) });
    const text = `${t('notifications.digest_text', { name: reader.name || reader.email, count: unread.length, list: lines.join('\n'), link: absolute('/notifications', locale), settings: absolute('/profile', locale) })}\n\n${t('mail.signature')}`;
    return queueNoticeMail(tx, reader.email, subject, text);
  });
}

// ---- chat messages left unread ----

export const chatUnreadKey = (readerId: string, senderId: string) => `chat-unread:${readerId}:${senderId}`;

/**
 * Starts the 15 minutes of a chat: one pending check per reader and chat, whose time is that of
 * the oldest message it waits on (later messages do not push it back).
 */
export async function scheduleChatCheck(tx: Executor, readerId: string, senderId: string, runAt: Date): Promise<void> {
  await addJob(tx, 'chat-unread', { readerId, senderId }, { jobKey: chatUnreadKey(readerId, senderId), jobKeyMode: 'preserve_run_at', runAt, maxAttempts: 5 });
}

/**
 * The `chat-unread` task: the reader's messages from the sender that stayed unread for 15
 * minutes and were not notified yet become one notification; a younger one still unread gets
 * its own check when its 15 minutes are up.
 */
export async function checkChatUnread(readerId: string, senderId: string, now: Date = new Date()): Promise<void> {
  if (!UUID.test(readerId) || !UUID.test(senderId)) return;
  const db = await getDb();
  const told = await db.transaction(async (tx) => {
    const m = schema.chatMessages;
    const pending = and(eq(m.recipientId, readerId), eq(m.senderId, senderId), isNull(m.readAt), isNull(m.notifiedAt));
    const due = sql`${m.createdAt} <= ${now.toISOString()}::timestamptz - make_interval(mins => ${CHAT_UNREAD_MINUTES})`;
    const claimed = await tx.update(m).set({ notifiedAt: now }).where(and(pending, due)).returning({ spaceId: m.spaceId });
    const [next] = await tx.select({ at: sql<string>`min(${m.createdAt})` }).from(m).where(pending);
    if (next?.at) await scheduleChatCheck(tx, readerId, senderId, new Date(new Date(next.at).getTime() + CHAT_UNREAD_MINUTES * 60_000));
    if (!claimed.length) return [];
    const [sender] = await tx.select().from(schema.users).where(eq(schema.users.id, senderId));
    if (!sender) return [];
    return notify(tx, {
      kind: 'chat_unread',
      spaceId: claimed[0]!.spaceId,
      actorId: senderId,
      recipients: [readerId],
      chatUserId: senderId,
      params: { actor: personName(sender), count: claimed.length },
    });
  });
  await announce(told);
}
