import { AppError } from './http.ts';
import { nudge } from './analytics.ts';
import type { UserRow } from './users.ts';

export type NudgeOutcome = { redirect: string } | { error: AppError } | undefined;

/**
 * The Remind button of the analytics pages: a plain form post answered with a redirect back to
 * the page (so a reload does not post again) or the refusal to show on it. A fault is thrown.
 */
export async function handleNudgeForm(request: Request, url: URL, user: UserRow): Promise<NudgeOutcome> {
  if (request.method !== 'POST') return undefined;
  try {
    const form = await request.formData();
    const vacancyId = String(form.get('vacancyId') ?? '');
    const candidateId = String(form.get('candidateId') ?? '');
    await nudge(user, vacancyId, candidateId);
    const back = new URL(url.pathname, url);
    back.searchParams.set('reminded', candidateId);
    back.searchParams.set('on', vacancyId);
    return { redirect: back.pathname + back.search };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { error };
    if (error instanceof TypeError) return { error: new AppError(400, 'error.common.invalid_body') };
    throw error;
  }
}
