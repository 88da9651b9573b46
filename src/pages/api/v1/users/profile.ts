import { endpoint, json } from '../../../../lib/server/http.ts';
import { ALL_ROLES, requireUser } from '../../../../lib/server/auth/context.ts';
import { toUserDto } from '../../../../lib/server/users.ts';

// the follow-up fetch after registration comes before the address is confirmed
export const GET = endpoint(async ({ locals }) => json(await toUserDto(requireUser(locals, ALL_ROLES, { verified: false }))));
