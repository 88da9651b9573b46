import { RegisterSchema } from '../../../../../lib/schemas/auth.ts';
import { endpoint, parse, readBody } from '../../../../../lib/server/http.ts';
import { register } from '../../../../../lib/server/auth/service.ts';
import { clientInfo, grantResponse } from '../../../../../lib/server/auth/endpoints.ts';

export const POST = endpoint(async (context) => {
  const input = parse(RegisterSchema, await readBody(context.request));
  return grantResponse(context, await register(input, context.locals.locale, clientInfo(context)), 201);
});
