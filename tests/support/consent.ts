import { db } from './client.ts';

/**
 * The candidate approved processing and sharing with `customers`, as their answer would store it
 * (docs/decisions/0022): for tests about what customers do with a candidate they may see.
 */
export async function consentGiven(candidateId: string, customers: string[]): Promise<void> {
  await db().query('update candidates set pd_status = 4 where id = $1', [candidateId]);
  await db().query(
    `insert into consent_grants (candidate_id, recipient, customer_id, granted, answered_at)
     select $1, r, case when r = 'company' then null else r::uuid end, true, now() from unnest($2::text[]) r
     on conflict (candidate_id, recipient) do update set granted = true`,
    [candidateId, ['company', ...customers]],
  );
}
