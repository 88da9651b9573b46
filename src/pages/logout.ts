import type { APIRoute } from 'astro';
import { clearRefreshCookie } from '../lib/server/auth/context.ts';
import { revoke } from '../lib/server/auth/sessions.ts';
import { localizedPath } from '../lib/i18n/index.ts';

/**
 * The menu's "Log out": a plain form post, so it works before (and without) the page's script;
 * the middleware has checked that it came from our own pages. The profile's button posts to
 * the API instead and clears the tab's token as well.
 */
export const POST: APIRoute = async ({ cookies, locals, redirect }) => {
  clearRefreshCookie(cookies);
  if (locals.session) await revoke(locals.session.id);
  return redirect(localizedPath('/', locals.locale), 303);
};
