import { endpoint } from '../../../lib/server/http.ts';
import { openApiDocument } from '../../../lib/server/openapi/document.ts';

/** The OpenAPI 3.1 description of this API (docs/decisions/0031): public, the same for everyone until the next release. */
export const GET = endpoint(() => {
  return new Response(JSON.stringify(openApiDocument()), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
});
