import * as z from 'zod/mini';
import { CodeSchema, EmailSchema, NewPasswordSchema, cleanText, requiredText, SettingsSchema } from './common.ts';
import { ROLE } from './auth.ts';
import type { Locale } from '../i18n/index.ts';
import type { Role, Status } from './auth.ts';
import type { NotifyMail } from './notification.ts';

/** The User entity of SPEC.md §3 as the API and the islands see it. */
export interface UserDto {
  id: string;
  email: string;
  name: string;
  surname: string;
  role: Role;
  status: Status;
  image: string | null;
  companyName: string | null;
  inviteUser: { name: string; surname: string; companyName: string | null } | null;
  createdAt: string;
  /** `timeZone`: an IANA name; every time shown to the user is in it (docs/decisions/0018). */
  settings: { lang: Locale; timeZone: string; notifyMail: NotifyMail };
  unreadMessage: number;
  resume: string | null;
}


/** Personal info; the company name is required only of the company role (checked on the server). */
export const ProfileSchema = z.object({
  name: requiredText('validation.name_required'),
  surname: requiredText('validation.surname_required'),
  companyName: z.optional(cleanText(200)),
  settings: z.optional(SettingsSchema),
});
export type ProfileInput = z.input<typeof ProfileSchema>;

/** Registration step 3 of a company: the company name too, so that every missing field shows at once. */
export const CompanyProfileSchema = z.object({ ...ProfileSchema.shape, companyName: requiredText('validation.company_required', 200) });

/** Company invites recruiters and customers; a recruiter invites customers (checked on the server). */
export const InviteSchema = z.object({
  email: EmailSchema,
  name: requiredText('validation.name_required'),
  surname: requiredText('validation.surname_required'),
  role: z.pipe(
    z.union([z.enum(['recruiter', 'customer']), z.literal(2), z.literal(3), z.enum(['2', '3'])], { error: 'validation.role_invalid' }),
    z.transform((value): Role => (value === 'recruiter' || value === 2 || value === '2' ? ROLE.RECRUITER : ROLE.CUSTOMER)),
  ),
});
export type InviteInput = z.input<typeof InviteSchema>;
export type InviteOutput = z.output<typeof InviteSchema>;

/** An entry of 'My recruiters' or 'My customers'; `id` is there once the person registered. */
export interface InviteDto {
  id?: string;
  /** The invite itself: a customer not registered yet is put on a vacancy by it (docs/decisions/0008). */
  inviteId?: string;
  name: string;
  surname: string;
  email: string;
  role: Role;
  createdAt: string;
  /** The invitation mail: queued until the mail server took it, failed once the queue gave up. */
  mail?: 'queued' | 'sent' | 'failed';
}

export const InviteQuerySchema = z.object({
  role: z.optional(z.enum(['recruiter', 'customer'], { error: 'validation.role_invalid' })),
  invite: z.optional(z.enum(['registered', 'invited'], { error: 'validation.invalid' })),
});

/** The password the person has now, asked before what a session alone must not do (decision 0034). */
const CurrentPasswordSchema = z.string({ error: 'validation.password_required' }).check(z.minLength(1, 'validation.password_required'), z.maxLength(200, 'validation.too_long'));

export const EmailChangeSchema = z.object({ email: EmailSchema, password: CurrentPasswordSchema });
export type EmailChangeInput = z.input<typeof EmailChangeSchema>;
export const EmailCodeSchema = z.object({ code: CodeSchema });
export const AccountDeletionSchema = z.object({ password: CurrentPasswordSchema });

export const PasswordChangeSchema = z.object({
  oldPassword: CurrentPasswordSchema,
  newPassword: NewPasswordSchema,
});
export type PasswordChangeInput = z.input<typeof PasswordChangeSchema>;
