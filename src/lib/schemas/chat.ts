import * as z from 'zod/mini';
import { isCleanText, RefSchema, requiredText, withoutBidiControls } from './common.ts';

import { MAX_MESSAGE_LENGTH } from '../chat-limits.ts';

// in a module of its own, so that the chat island knows the limit without shipping zod
export { MAX_MESSAGE_LENGTH };

/** A chat message as typed: sent as typed, but never whitespace only (SPEC.md §5). */
export const ChatMessageSchema = z.object({
  recipientId: RefSchema(),
  text: z.string({ error: 'chat.error.empty' }).check(
    z.overwrite(withoutBidiControls),
    z.refine((v) => v.trim().length > 0, 'chat.error.empty'),
    z.refine((v) => v.length <= MAX_MESSAGE_LENGTH, { message: 'chat.error.too_long', abort: true }),
    z.refine((v) => isCleanText(v, true), 'validation.invalid_characters'),
  ),
});

/** `GET chats/{id}?page=`: from 1, newest messages first; what is not a page number reads as 1. */
export const ChatPageQuerySchema = z.object({ page: z.optional(z.string().check(z.meta({ description: 'From 1, newest messages first.' }))) });

export const ChatReadSchema = z.object({
  messageIds: z.array(RefSchema('validation.invalid'), { error: 'validation.invalid' }).check(z.minLength(1, 'validation.invalid'), z.maxLength(500, 'validation.invalid')),
});

export interface ChatUser {
  id: string;
  name: string;
  surname: string;
  image: string | null;
  /** In the list of people to start a chat with: their role in the space (a customer looking for their recruiter). */
  role?: number;
}

/** SPEC.md §3 Message. */
export interface MessageDto {
  id: string;
  userId: string;
  recipientId: string;
  text: string;
  createdAt: string;
  read: boolean;
}

/** SPEC.md §3 Chat: the other person, the last message and how many are unread. */
export interface ChatDto {
  user: ChatUser;
  lastMessage: MessageDto | null;
  newMessagesCount: number;
}

export const TICKET_TYPES = ['account', 'vacancies', 'candidates', 'chat', 'other'] as const;

export const TicketSchema = z.object({
  title: z.enum(TICKET_TYPES, { error: 'help.error.title' }),
  description: requiredText('help.error.description', 4000, { multiline: true }),
});

export const TicketMessageSchema = z.object({
  ticketId: RefSchema(),
  text: requiredText('help.error.text', 4000, { multiline: true }),
});

/** `PUT help/{id}`: close a ticket, or open it again. */
export const TicketStateSchema = z.object({
  closed: z.boolean({ error: 'validation.invalid' }),
});

export interface TicketMessageDto {
  id: string;
  userId: string;
  text: string;
  createdAt: string;
  user: { name: string; surname: string; staff: boolean };
}

/** SPEC.md §3 Help ticket. */
export interface TicketDto {
  id: string;
  title: string;
  description: string;
  createdAt: string;
  /** Who opened it. */
  userId: string;
  messagesCount: number;
  /** The last word in it is not the author's (it is the support's): the author has an answer to read. */
  answered: boolean;
  /** When the author or the support closed it; null while it is open. A new message opens it again. */
  closedAt: string | null;
  author?: { name: string; surname: string; email: string };
  messages?: TicketMessageDto[];
}
