import * as z from 'zod/mini';
import { RefSchema } from './common.ts';

/** What happened, for whom it matters (docs/decisions/0021). */
export type NotificationKind =
  | 'stage'
  | 'rated'
  | 'interview_requested'
  | 'consent'
  | 'interview_scheduled'
  | 'interview_changed'
  | 'interview_cancelled'
  | 'chat_unread'
  | 'application'
  | 'vacancy_customer'
  | 'rights_request';

/** How notifications reach a person by mail: at once, in the morning digest, or not at all. */
export const NOTIFY_MAIL = ['instant', 'digest', 'off'] as const;
export type NotifyMail = (typeof NOTIFY_MAIL)[number];

/** One notification as the API and the list page show it: its sentence in the reader's language. */
export interface NotificationDto {
  id: string;
  kind: NotificationKind;
  text: string;
  /** The page it is about, in the reader's language. */
  link: string;
  createdAt: string;
  read: boolean;
}

export interface NotificationPage {
  data: NotificationDto[];
  unread: number;
  pagination: { currentPage: number; totalPages: number; totalRecords: number };
}

/** `?page=` of the list: a whole number from 1; anything else is a 400. */
export const NotificationQuerySchema = z.object({
  page: z.optional(z.pipe(z.string(), z.transform(Number)).check(z.refine((n) => Number.isSafeInteger(n) && n >= 1 && n <= 100_000, 'validation.invalid'))),
});

/** Mark read: some of one's notifications by id, or all of them. */
export const NotificationReadSchema = z.union([
  z.object({ ids: z.array(RefSchema('validation.invalid'), { error: 'validation.invalid' }).check(z.minLength(1, 'validation.invalid'), z.maxLength(200, 'validation.invalid')) }),
  z.object({ all: z.literal(true, { error: 'validation.invalid' }) }),
]);

export const NotifyMailSchema = z.object({ notifyMail: z.enum(NOTIFY_MAIL, { error: 'validation.invalid' }) });
