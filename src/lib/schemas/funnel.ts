/**
 * The funnel's values, apart from the candidate schemas so that islands can use them without
 * shipping zod (about 11 KB gzipped) for three enums.
 */

/** Funnel stages (DECISIONS.md): archive is reachable from any stage. */
export const STAGE = { NEW: 1, RECRUITER_INTERVIEW: 2, TESTING: 3, CUSTOMER_INTERVIEW: 4, FINALIST: 5, HIRED: 6, ARCHIVE: 7 } as const;
export type Stage = (typeof STAGE)[keyof typeof STAGE];
export const STAGES = [1, 2, 3, 4, 5, 6, 7] as const;

export const PRIORITY = { LOW: 1, NORMAL: 2, HIGH: 3 } as const;
export type Priority = (typeof PRIORITY)[keyof typeof PRIORITY];
export const PRIORITIES = [1, 2, 3] as const;

/**
 * Consent status (SPEC.md §3): 1 not sent, 2 sent, 3 declined, 4 approved; and (docs/decisions/0010)
 * 5 send error (the mail could not be delivered), 6 expired (30 days without an answer).
 */
export const PD_STATUS = { NOT_SENT: 1, SENT: 2, DECLINED: 3, APPROVED: 4, SEND_ERROR: 5, EXPIRED: 6, WITHDRAWN: 7 } as const;
export type PdStatus = (typeof PD_STATUS)[keyof typeof PD_STATUS];

/** How an interview goes. */
export const INTERVIEW_KINDS = ['phone', 'video', 'office'] as const;
