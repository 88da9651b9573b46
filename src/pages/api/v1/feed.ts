import { endpoint, json } from '../../../lib/server/http.ts';
import { requireUser } from '../../../lib/server/auth/context.ts';
import { listFeed } from '../../../lib/server/interviews.ts';

export const GET = endpoint(async ({ locals }) => json(await listFeed(requireUser(locals))));
