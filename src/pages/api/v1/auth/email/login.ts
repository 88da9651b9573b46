import { LoginSchema } from '../../../../../lib/schemas/auth.ts';
import { endpoint, parse, readBody } from '../../../../../lib/server/http.ts';
import { login } from '../../../../../lib/server/auth/service.ts';
import { clientInfo, grantResponse } from '../../../../../lib/server/auth/endpoints.ts';

export const POST = endpoint(async (context) => {
  const input = parse(LoginSchema, await readBody(context.request));
  return grantResponse(context, await login(input, clientInfo(context)));
});
