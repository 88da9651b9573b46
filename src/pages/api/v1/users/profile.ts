import { endpoint, json, parse, readBody } from '../../../../lib/server/http.ts';
import { ALL_ROLES, clearRefreshCookie, requireUser } from '../../../../lib/server/auth/context.ts';
import { deleteAccount } from '../../../../lib/server/account.ts';
import { removeUpload } from '../../../../lib/server/uploads.ts';
import { toUserDto, updateProfile } from '../../../../lib/server/users.ts';
import { AccountDeletionSchema, ProfileSchema } from '../../../../lib/schemas/user.ts';

// the follow-up fetch after registration comes before the address is confirmed
export const GET = endpoint(async ({ locals }) => json(await toUserDto(requireUser(locals, ALL_ROLES, { verified: false }))));

export const PUT = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals);
  const input = parse(ProfileSchema, await readBody(request));
  return json(await toUserDto(await updateProfile(user, input)));
});

export const DELETE = endpoint(async ({ locals, cookies, request }) => {
  const user = requireUser(locals, ALL_ROLES, { verified: false });
  const { password } = parse(AccountDeletionSchema, await readBody(request));
  const { image } = await deleteAccount(user, locals.session?.id, password);
  await removeUpload(image);
  clearRefreshCookie(cookies);
  return json({ deleted: true });
});
