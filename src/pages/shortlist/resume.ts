import { endpoint } from '../../lib/server/http.ts';
import { shortlistResume } from '../../lib/server/shortlists.ts';
import { resumeResponse } from '../../lib/server/uploads.ts';

/** A résumé through a live shortlist link, for a candidate on it who agreed to the processing of their data. */
export const GET = endpoint(async ({ url }) => {
  const { candidate, reader } = await shortlistResume(url.searchParams.get('token') ?? '', url.searchParams.get('candidate') ?? '');
  const response = await resumeResponse(candidate, reader);
  // the link's token is in this address: no other site may learn it
  response.headers.set('referrer-policy', 'no-referrer');
  return response;
});
