import * as z from 'zod/mini';
import { CodeSchema, EmailSchema, LangSchema, NewPasswordSchema, SettingsSchema, TimeZoneSchema } from './common.ts';
import { ROLE, SELF_ROLES, type Role, type SelfRole } from '../roles.ts';

export { ROLE, SELF_ROLES, STATUS, type Role, type SelfRole, type Status } from '../roles.ts';
export const ROLE_BY_NAME: Record<SelfRole, Role> = {
  company: ROLE.COMPANY,
  recruiter: ROLE.RECRUITER,
  customer: ROLE.CUSTOMER,
};

/** Registration offers company, recruiter and customer; staff roles come only from the CLI. */
export const RegistrationRoleSchema = z.pipe(
  z.union([z.enum(SELF_ROLES), z.literal(1), z.literal(2), z.literal(3), z.enum(['1', '2', '3'])], { error: 'validation.role_invalid' }),
  z.transform((value): Role => (typeof value === 'number' ? (value as Role) : value in ROLE_BY_NAME ? ROLE_BY_NAME[value as SelfRole] : (Number(value) as Role))),
);

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: 'validation.password_required' }).check(z.minLength(1, 'validation.password_required'), z.maxLength(200, 'validation.too_long')),
  remember: z._default(
    z.pipe(
      z.union([z.boolean(), z.enum(['true', 'false', 'on'])], { error: 'validation.invalid' }),
      z.transform((value) => value !== false && value !== 'false'),
    ),
    true,
  ),
});
export type LoginInput = z.input<typeof LoginSchema>;
export type LoginOutput = z.output<typeof LoginSchema>;

export const RegisterSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  role: RegistrationRoleSchema,
  /** The token of the invite link the person came through (its space and role win). */
  invite: z.optional(z.string().check(z.maxLength(100, 'validation.invalid'), z.regex(/^[\w-]*$/, 'validation.invalid'))),
  // a zone the browser named but the server does not know leaves the default: never a failed registration
  settings: z.optional(z.object({ lang: z.optional(LangSchema), timeZone: z.optional(z.catch(z.optional(TimeZoneSchema), undefined)) })),
});
export type RegisterInput = z.input<typeof RegisterSchema>;
export type RegisterOutput = z.output<typeof RegisterSchema>;

export const VerifyEmailSchema = z.object({
  email: EmailSchema,
  code: CodeSchema,
  settings: z.optional(SettingsSchema),
});

export const ResendSchema = z.object({
  email: EmailSchema,
  settings: z.optional(SettingsSchema),
});

/** "Forgot password": the address to mail a link to. */
export const ForgotPasswordSchema = ResendSchema;

const ResetTokenSchema = z.string({ error: 'error.user.reset_link_invalid' }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'error.user.reset_link_invalid'));

/** The mailed link's address and token, as its page reads them. */
export const ResetLinkSchema = z.object({ email: EmailSchema, token: ResetTokenSchema });

/** The mailed link's address and token, and the new password. */
export const ResetPasswordSchema = z.object({
  email: EmailSchema,
  token: ResetTokenSchema,
  password: NewPasswordSchema,
});
export type ResetPasswordInput = z.input<typeof ResetPasswordSchema>;

/** The registration's code step as the form sends it (the address comes from the session). */
export const CodeFormSchema = z.object({ code: CodeSchema });
