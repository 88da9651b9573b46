import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, UPLOAD_BODY_LIMIT_BYTES, bodyLimitFor } from '../../src/lib/server/body-limits.ts';

describe('bodyLimitFor', () => {
  it('gives the upload endpoints and a careers vacancy page 10 MB, everything else 1 MB', () => {
    expect(bodyLimitFor('/api/v1/candidates/resume')).toEqual({ limit: UPLOAD_BODY_LIMIT_BYTES, key: 'error.upload.resume_too_large' });
    expect(bodyLimitFor('/jobs/acme/0b9c6c1e-3f57-4a43-9d1f-6f1d0b1f4a10').limit).toBe(UPLOAD_BODY_LIMIT_BYTES);
    expect(bodyLimitFor('/ru/jobs/acme/0b9c6c1e-3f57-4a43-9d1f-6f1d0b1f4a10').limit).toBe(UPLOAD_BODY_LIMIT_BYTES);
    expect(bodyLimitFor('/profile')).toEqual({ limit: BODY_LIMIT_BYTES, key: 'error.common.body_too_large' });
    expect(bodyLimitFor('/api/v1/candidates').limit).toBe(BODY_LIMIT_BYTES);
  });

  it.each([
    '/jobs/../profile',
    '/jobs/%2e%2e/profile',
    '/jobs/%2E%2E/notifications',
    '/ru/jobs/../profile',
    '/jobs/./x/../../profile',
    '//jobs/acme/x',
    '/api/v1/x/../candidates/resume/../../users/profile',
    'jobs/acme/x',
  ])('reads %j, which the router resolves elsewhere, as 1 MB', (path) => {
    expect(bodyLimitFor(path).limit).toBe(BODY_LIMIT_BYTES);
  });
});
