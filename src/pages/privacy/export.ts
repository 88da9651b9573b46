import { endpoint } from '../../lib/server/http.ts';
import { exportDownload } from '../../lib/server/rights.ts';

/** The candidate's copy of their data through the mailed link, until it expires (docs/decisions/0025). */
export const GET = endpoint(async ({ url }) => exportDownload(url.searchParams.get('token') ?? ''));
