/** The candidate database's orders (SPEC.md §9), apart from the schemas so that a list ships no zod for them. */
export const SORTS = ['createdAtDesc', 'createdAtAsc', 'salaryAsc', 'salaryDesc'] as const;
export type Sort = (typeof SORTS)[number];
