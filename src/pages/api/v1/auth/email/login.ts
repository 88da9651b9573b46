import { LoginSchema } from '../../../../../lib/schemas/auth.ts';
import { isLocale } from '../../../../../lib/i18n/index.ts';
import { endpoint, parse, readBody } from '../../../../../lib/server/http.ts';
import { login } from '../../../../../lib/server/auth/service.ts';
import { clientInfo, grantResponse } from '../../../../../lib/server/auth/endpoints.ts';
import { LANGUAGE_COOKIE, setLanguage } from '../../../../../lib/server/users.ts';
import { logError } from '../../../../../lib/server/errors.ts';

export const POST = endpoint(async (context) => {
  const input = parse(LoginSchema, await readBody(context.request));
  const grant = await login(input, clientInfo(context));
  // a language chosen with the switcher before signing in is the person's newest choice: it
  // becomes the account's, as the switcher's choice does when signed in (a newcomer who switched
  // the login page to English landed in the Russian the account had kept). Taken once: a choice
  // made on another device since is not undone by an old one kept in this browser.
  const chosen = context.cookies.get(LANGUAGE_COOKIE)?.value;
  if (isLocale(chosen)) {
    context.cookies.delete(LANGUAGE_COOKIE, { path: '/' });
    if (chosen !== grant.user.lang) {
      // the session is made: a language that could not be saved is no reason to refuse it
      try {
        await setLanguage(grant.user.id, chosen);
        grant.user = { ...grant.user, lang: chosen };
      } catch (error) {
        logError('i18n', error);
      }
    }
  }
  return grantResponse(context, grant);
});
