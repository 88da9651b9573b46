import { endpoint, forbidden, json } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { mayManageCandidates } from '../../../../lib/server/candidates.ts';
import { readUploadForm } from '../../../../lib/server/uploads.ts';
import { limit } from '../../../../lib/server/ratelimit.ts';
import { parseUploadedResume } from '../../../../lib/server/resume-import.ts';
import { RECRUITER_ROLES } from '../../../../lib/routes.ts';
import { LOCALES, type Locale } from '../../../../lib/i18n/index.ts';

/** Parses a recruiter's résumés: 30 in 10 minutes is a busy morning, not a script. */
const PARSES_PER_WINDOW = 30;
const WINDOW_SECONDS = 600;

/**
 * "Start from a résumé" (docs/decisions/0023): multipart `file` (.pdf, .doc, .docx by content)
 * and optionally `lang`, the language of the form's page, which names the city.
 * Answers the fields the résumé proposes and the stored draft's name, which saving the new
 * candidate attaches (candidates/resume with `draft`); nothing of a candidate is saved here.
 */
export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  if (!mayManageCandidates(user)) throw forbidden();
  await limit([[`resume-parse:${user.id}`, PARSES_PER_WINDOW]], WINDOW_SECONDS);
  const form = await readUploadForm(request, { tooLargeKey: 'error.upload.resume_too_large', sender: user.id });
  const lang = (LOCALES as readonly unknown[]).includes(form.lang) ? (form.lang as Locale) : locals.locale;
  return json(await parseUploadedResume(user, form.file, lang));
});
