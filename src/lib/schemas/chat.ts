import * as z from 'zod/mini';

export const MAX_MESSAGE_LENGTH = 4000;

/** A chat message as typed: sent as typed, but never whitespace only (SPEC.md §5). */
export const ChatMessageSchema = z.object({
  recipientId: z.string({ error: 'validation.required' }).check(z.minLength(1, 'validation.required'), z.maxLength(64, 'validation.invalid')),
  text: z.string({ error: 'chat.error.empty' }).check(
    z.refine((v) => v.trim().length > 0, 'chat.error.empty'),
    z.maxLength(MAX_MESSAGE_LENGTH, 'chat.error.too_long'),
  ),
});

export const ChatReadSchema = z.object({
  messageIds: z.array(z.string(), { error: 'validation.invalid' }).check(z.minLength(1, 'validation.invalid'), z.maxLength(500, 'validation.invalid')),
});

export interface ChatUser {
  id: string;
  name: string;
  surname: string;
  image: string | null;
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
  description: z.string({ error: 'help.error.description' }).check(z.trim(), z.minLength(1, 'help.error.description'), z.maxLength(4000, 'validation.too_long')),
});

export const TicketMessageSchema = z.object({
  ticketId: z.string({ error: 'validation.required' }).check(z.minLength(1, 'validation.required')),
  text: z.string({ error: 'help.error.text' }).check(z.trim(), z.minLength(1, 'help.error.text'), z.maxLength(4000, 'validation.too_long')),
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
  messagesCount: number;
  author?: { name: string; surname: string; email: string };
  messages?: TicketMessageDto[];
}
