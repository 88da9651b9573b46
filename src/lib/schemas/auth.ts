import { z } from 'zod';
import { CodeSchema, EmailSchema, NewPasswordSchema, SettingsSchema } from './common.ts';

export const ROLE = { COMPANY: 1, RECRUITER: 2, CUSTOMER: 3, DEV: 7, ADMIN: 8 } as const;
export const STATUS = { NOT_VERIFIED: 1, ACTIVE: 2, BANNED: 3 } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];
export type Status = (typeof STATUS)[keyof typeof STATUS];

export const SELF_ROLES = ['company', 'recruiter', 'customer'] as const;
export type SelfRole = (typeof SELF_ROLES)[number];
export const ROLE_BY_NAME: Record<SelfRole, Role> = {
  company: ROLE.COMPANY,
  recruiter: ROLE.RECRUITER,
  customer: ROLE.CUSTOMER,
};

/** Registration offers company, recruiter and customer; staff roles come only from the CLI. */
export const RegistrationRoleSchema = z.union(
  [
    z.enum(SELF_ROLES).transform((name) => ROLE_BY_NAME[name]),
    z.coerce.number().refine((n) => n === 1 || n === 2 || n === 3).transform((n) => n as Role),
  ],
  { error: 'validation.role_invalid' },
);

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: 'validation.password_required' }).min(1, 'validation.password_required').max(200),
  remember: z.union([z.boolean(), z.enum(['true', 'false', 'on']).transform((v) => v !== 'false')]).default(true),
});
export type LoginInput = z.input<typeof LoginSchema>;

export const RegisterSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  role: RegistrationRoleSchema,
  settings: SettingsSchema.optional(),
});
export type RegisterInput = z.input<typeof RegisterSchema>;

export const VerifyEmailSchema = z.object({
  email: EmailSchema,
  code: CodeSchema,
  settings: SettingsSchema.optional(),
});

export const ResendSchema = z.object({
  email: EmailSchema,
  settings: SettingsSchema.optional(),
});
