import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { getDb, schema } from './db/index.ts';
import { limit } from './ratelimit.ts';
import { notFound } from './http.ts';
import { emitToStaff, emitToUserAndStaff } from './emit.ts';
import { isStaff } from './auth/service.ts';
import type { TicketDto, TicketMessageDto } from '../schemas/chat.ts';
import type { UserRow } from './users.ts';
import { UUID } from '../uuid.ts';

/** The author sees their own tickets; admin and dev see every ticket (DECISIONS.md, Help). */
export async function listTickets(user: UserRow): Promise<TicketDto[]> {
  const db = await getDb();
  const t = schema.helpTickets;
  const rows = await db
    .select({
      ticket: t,
      author: { name: schema.users.name, surname: schema.users.surname, email: schema.users.email },
      messagesCount: sql<number>`(select count(*)::int from ${schema.helpMessages} m where m.ticket_id = ${t.id})`,
      lastWriter: sql<string | null>`(select m.user_id from ${schema.helpMessages} m where m.ticket_id = ${t.id} order by m.created_at desc, m.id desc limit 1)`,
    })
    .from(t)
    .innerJoin(schema.users, eq(schema.users.id, t.userId))
    .where(isStaff(user.role) ? undefined : eq(t.userId, user.id))
    .orderBy(desc(t.updatedAt))
    .limit(500);
  return rows.map(({ ticket, author, messagesCount, lastWriter }) => ({
    id: ticket.id,
    title: ticket.title,
    description: ticket.description,
    createdAt: ticket.createdAt.toISOString(),
    userId: ticket.userId,
    messagesCount,
    answered: isAnswered(ticket.userId, lastWriter),
    closedAt: ticket.closedAt?.toISOString() ?? null,
    ...(isStaff(user.role) ? { author } : {}),
  }));
}

/**
 * Whose turn it is (decision 0037): the last word is someone else's than the author's. Only the
 * author and the staff write in a ticket, so that someone is the support, also when the author
 * is a staff member themselves.
 */
function isAnswered(authorId: string, lastWriterId: string | null | undefined): boolean {
  return lastWriterId != null && lastWriterId !== authorId;
}

async function visibleTicket(user: UserRow, id: string) {
  if (!UUID.test(id)) throw notFound();
  const db = await getDb();
  const [ticket] = await db
    .select()
    .from(schema.helpTickets)
    .where(and(eq(schema.helpTickets.id, id), isStaff(user.role) ? undefined : eq(schema.helpTickets.userId, user.id)));
  if (!ticket) throw notFound();
  return ticket;
}

/** Tickets a person opens per hour, and messages they add to tickets per hour. */
const TICKETS_PER_HOUR = 10;
const TICKET_MESSAGES_PER_HOUR = 60;

export async function createTicket(user: UserRow, input: { title: string; description: string }): Promise<TicketDto> {
  await limit([[`ticket:${user.id}`, TICKETS_PER_HOUR]], 3600);
  const db = await getDb();
  const [ticket] = await db.insert(schema.helpTickets).values({ userId: user.id, title: input.title, description: input.description }).returning();
  const dto: TicketDto = { id: ticket!.id, title: ticket!.title, description: ticket!.description, createdAt: ticket!.createdAt.toISOString(), userId: user.id, messagesCount: 0, answered: false, closedAt: null };
  emitToStaff('help-ticket', { ...dto, author: { name: user.name, surname: user.surname, email: user.email } });
  return dto;
}

export async function getTicket(user: UserRow, id: string): Promise<TicketDto> {
  const ticket = await visibleTicket(user, id);
  const db = await getDb();
  const [rows, [author]] = await Promise.all([
    db
      .select({ message: schema.helpMessages, user: schema.users })
      .from(schema.helpMessages)
      .innerJoin(schema.users, eq(schema.users.id, schema.helpMessages.userId))
      .where(eq(schema.helpMessages.ticketId, id))
      .orderBy(asc(schema.helpMessages.createdAt), asc(schema.helpMessages.id)),
    db.select({ name: schema.users.name, surname: schema.users.surname, email: schema.users.email }).from(schema.users).where(eq(schema.users.id, ticket.userId)),
  ]);
  const messages: TicketMessageDto[] = rows.map(({ message, user: u }) => ({
    id: message.id,
    userId: message.userId,
    text: message.text,
    createdAt: message.createdAt.toISOString(),
    user: { name: u.name, surname: u.surname, staff: isStaff(u.role) },
  }));
  return {
    id: ticket.id,
    title: ticket.title,
    description: ticket.description,
    createdAt: ticket.createdAt.toISOString(),
    userId: ticket.userId,
    messagesCount: messages.length,
    answered: isAnswered(ticket.userId, messages.at(-1)?.userId),
    closedAt: ticket.closedAt?.toISOString() ?? null,
    ...(isStaff(user.role) && author ? { author } : {}),
    messages,
  };
}

/** A message in a ticket; the author and the staff see it arrive live. */
export async function addTicketMessage(user: UserRow, ticketId: string, text: string): Promise<TicketMessageDto> {
  const ticket = await visibleTicket(user, ticketId);
  await limit([[`ticket-message:${user.id}`, TICKET_MESSAGES_PER_HOUR]], 3600);
  const db = await getDb();
  // a word in a closed ticket opens it again: the message and the state commit together
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(schema.helpMessages).values({ ticketId, userId: user.id, text }).returning();
    await tx.update(schema.helpTickets).set({ updatedAt: new Date(), closedAt: null }).where(eq(schema.helpTickets.id, ticket.id));
    return inserted;
  });
  const message: TicketMessageDto = {
    id: row!.id,
    userId: user.id,
    text: row!.text,
    createdAt: row!.createdAt.toISOString(),
    user: { name: user.name, surname: user.surname, staff: isStaff(user.role) },
  };
  // the stored id, not the one typed in the address (the same uuid, maybe in capitals)
  const payload = { ticketId: ticket.id, message };
  emitToUserAndStaff(ticket.userId, 'help-message', payload);
  return message;
}

/** Closings and reopenings a person makes per hour: each one is news to every staff tab. */
const TICKET_STATE_CHANGES_PER_HOUR = 60;

/**
 * The author or the support closes a ticket, or opens it again; the answer is the ticket's state
 * after the call. A call that changes nothing (closing a closed ticket keeps the first time it
 * was closed) is no news: it is not counted against the limit and not sent to anyone.
 */
export async function setTicketClosed(user: UserRow, ticketId: string, closed: boolean): Promise<{ id: string; closedAt: string | null }> {
  const ticket = await visibleTicket(user, ticketId);
  const stateOf = (closedAt: Date | null) => ({ id: ticket.id, closedAt: closedAt?.toISOString() ?? null });
  if ((ticket.closedAt !== null) === closed) return stateOf(ticket.closedAt);
  await limit([[`ticket-state:${user.id}`, TICKET_STATE_CHANGES_PER_HOUR]], 3600);
  const db = await getDb();
  const t = schema.helpTickets;
  const now = new Date();
  // only from the other state, in one statement: of two requests making the same change, one does
  const [changed] = await db
    .update(t)
    .set({ closedAt: closed ? now : null, updatedAt: now })
    .where(and(eq(t.id, ticket.id), closed ? isNull(t.closedAt) : isNotNull(t.closedAt)))
    .returning({ closedAt: t.closedAt });
  if (!changed) {
    const [current] = await db.select({ closedAt: t.closedAt }).from(t).where(eq(t.id, ticket.id));
    return stateOf(current?.closedAt ?? null);
  }
  const state = stateOf(changed.closedAt);
  emitToUserAndStaff(ticket.userId, 'help-ticket-state', state);
  return state;
}
