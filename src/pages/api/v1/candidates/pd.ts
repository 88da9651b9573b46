import { clientIp, endpoint, json, parse, readBody } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { requestConsent } from '../../../../lib/server/consent.ts';
import { PdRequestSchema } from '../../../../lib/schemas/candidate.ts';
import { RECRUITER_ROLES } from '../../../../lib/routes.ts';

export const POST = endpoint(async (context) => {
  const user = requireUser(context.locals, RECRUITER_ROLES);
  const { candidateId } = parse(PdRequestSchema, await readBody(context.request));
  return json(await requestConsent(user, candidateId, clientIp(context)));
});
