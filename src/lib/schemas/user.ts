import * as z from 'zod/mini';
import { requiredText, SettingsSchema } from './common.ts';
import type { Locale } from '../i18n/index.ts';
import type { Role, Status } from './auth.ts';

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
  settings: { lang: Locale };
  unreadMessage: number;
  resume: string | null;
}


/** Personal info; the company name is required only of the company role (checked on the server). */
export const ProfileSchema = z.object({
  name: requiredText('validation.name_required'),
  surname: requiredText('validation.surname_required'),
  companyName: z.optional(z.string().check(z.trim(), z.maxLength(200, 'validation.too_long'))),
  settings: z.optional(SettingsSchema),
});
export type ProfileInput = z.input<typeof ProfileSchema>;
