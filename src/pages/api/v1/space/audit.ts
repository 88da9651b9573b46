import { endpoint, json, parse } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { auditQuery, listAudit } from '../../../../lib/server/audit.ts';
import { AuditQuerySchema } from '../../../../lib/schemas/rights.ts';
import { COMPANY_ROLES } from '../../../../lib/routes.ts';
import { forbidden } from '../../../../lib/server/http.ts';

/** The space's personal-data log, newest first, filtered (`?action=&candidate=&from=&to=` in the reader's time zone). */
export const GET = endpoint(async ({ locals, url }) => {
  const user = requireUser(locals, COMPANY_ROLES);
  if (!user.spaceId) throw forbidden();
  const query = parse(AuditQuerySchema, Object.fromEntries(url.searchParams));
  const rows = await listAudit(user.spaceId, auditQuery(query, user.timeZone));
  return json({ events: rows.map((r) => ({ ...r, at: r.at.toISOString() })) });
});
