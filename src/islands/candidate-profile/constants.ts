import type { PdStatus, Priority, Stage } from '../../lib/schemas/candidate.ts';

/*
 * The values of src/lib/schemas/candidate.ts that the islands need, repeated here on purpose:
 * importing them from there would ship that module's zod schemas to the browser (about 11 KB
 * gzipped) for three enums. The types come from there, so a value outside them fails the type
 * check here.
 */
export const STAGE = { NEW: 1, RECRUITER_INTERVIEW: 2, TESTING: 3, CUSTOMER_INTERVIEW: 4, FINALIST: 5, HIRED: 6, ARCHIVE: 7 } as const satisfies Record<string, Stage>;
export const STAGES: readonly Stage[] = [1, 2, 3, 4, 5, 6, 7];
export const PRIORITIES: readonly Priority[] = [1, 2, 3];
export const PD_STATUS = { NOT_SENT: 1, SENT: 2, DECLINED: 3, APPROVED: 4 } as const satisfies Record<string, PdStatus>;
