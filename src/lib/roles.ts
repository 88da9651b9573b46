/**
 * Roles and account statuses, without zod: the route table and islands that only need these
 * numbers load no schema code (schemas/auth.ts re-exports them).
 */
export const ROLE = { COMPANY: 1, RECRUITER: 2, CUSTOMER: 3, DEV: 7, ADMIN: 8 } as const;
export const STATUS = { NOT_VERIFIED: 1, ACTIVE: 2, BANNED: 3 } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];
export type Status = (typeof STATUS)[keyof typeof STATUS];

/** The roles one may register as; staff roles come only from the CLI. */
export const SELF_ROLES = ['company', 'recruiter', 'customer'] as const;
export type SelfRole = (typeof SELF_ROLES)[number];
