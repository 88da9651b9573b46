import { clientIp, endpoint, json, parse, readBody } from '../../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../../lib/server/auth/context.ts';
import { confirmEmailChange } from '../../../../../../lib/server/account.ts';
import { EmailCodeSchema } from '../../../../../../lib/schemas/user.ts';

export const POST = endpoint(async (context) => {
  const user = requireUser(context.locals);
  const { code } = parse(EmailCodeSchema, await readBody(context.request));
  return json(await confirmEmailChange(user, code, clientIp(context)));
});
