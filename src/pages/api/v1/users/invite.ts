import { endpoint, json, parse, readBody } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { invite, listInvites } from '../../../../lib/server/invites.ts';
import { InviteQuerySchema, InviteSchema } from '../../../../lib/schemas/user.ts';
import { limit } from '../../../../lib/server/ratelimit.ts';

/** Invites one person sends per hour: a team is invited in minutes, a mailing list is not. */
const INVITES_PER_HOUR = 30;

export const GET = endpoint(async ({ locals, url }) => {
  const user = requireUser(locals);
  const filter = parse(InviteQuerySchema, Object.fromEntries(url.searchParams));
  return json(await listInvites(user, filter));
});

export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals);
  const input = parse(InviteSchema, await readBody(request));
  await limit([[`invite:${user.id}`, INVITES_PER_HOUR]], 3600);
  return json(await invite(user, input, locals.locale), { status: 201 });
});
