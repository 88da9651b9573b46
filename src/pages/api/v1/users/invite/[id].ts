import { endpoint, json } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { removeFromSpace } from '../../../../../lib/server/invites.ts';

export const DELETE = endpoint(async ({ locals, params }) => {
  const user = requireUser(locals);
  return json(await removeFromSpace(user, params.id ?? ''));
});
