import { VerifyEmailSchema } from '../../../../../lib/schemas/auth.ts';
import { clientIp, endpoint, json, parse, readBody } from '../../../../../lib/server/http.ts';
import { verifyEmail } from '../../../../../lib/server/auth/service.ts';
import { toUserDto } from '../../../../../lib/server/users.ts';

export const POST = endpoint(async (context) => {
  const input = parse(VerifyEmailSchema, await readBody(context.request));
  return json(await toUserDto(await verifyEmail(input.email, input.code, clientIp(context))));
});
