import { clientIp, endpoint, json, parse, readBody } from '../../../../../lib/server/http.ts';
import { answerConsent } from '../../../../../lib/server/consent.ts';
import { PdAnswerSchema } from '../../../../../lib/schemas/candidate.ts';

/** The candidate's answer through the mailed link; public, the token is the key. */
export const POST = endpoint(async (context) => {
  const { token, response, share } = parse(PdAnswerSchema, await readBody(context.request));
  const state = await answerConsent(token, response, clientIp(context), context.request.headers.get('user-agent') ?? undefined, { share, locale: context.locals.locale });
  return json({ response: state.kind === 'answered' ? state.answer : response, ...(state.kind === 'answered' ? { shared: state.shared, refused: state.refused } : {}) });
});
