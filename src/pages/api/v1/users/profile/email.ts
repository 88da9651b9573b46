import { endpoint, json, parse, readBody } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { requestEmailChange } from '../../../../../lib/server/account.ts';
import { EmailChangeSchema } from '../../../../../lib/schemas/user.ts';

export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals);
  const input = parse(EmailChangeSchema, await readBody(request));
  await requestEmailChange(user, locals.session?.id, input, locals.locale);
  const { email } = input;
  return json({ sent: true, email });
});
