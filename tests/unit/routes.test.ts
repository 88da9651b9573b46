import { describe, expect, it } from 'vitest';
import { accessOf, homeOf, safeFrom } from '../../src/lib/routes.ts';

describe('accessOf', () => {
  it.each([['/'], ['/verify/pd'], ['/error'], ['/404'], ['/error/']])('%s is public', (path) => {
    expect(accessOf(path)).toEqual({ kind: 'public' });
  });

  it.each([['/auth/login'], ['/auth/register'], ['/auth/login/'], ['/auth']])('%s is an auth page', (path) => {
    expect(accessOf(path)).toEqual({ kind: 'auth' });
  });

  it.each([['/auth/register/verify'], ['/auth/register/verify/']])('%s is the verify step', (path) => {
    expect(accessOf(path)).toEqual({ kind: 'verify' });
  });

  it.each([['/auth/register/profile'], ['/auth/register/profile/']])('%s is the onboarding step', (path) => {
    expect(accessOf(path)).toEqual({ kind: 'onboarding' });
  });

  it.each([['/recruiter'], ['/recruiter/'], ['/recruiter/vacancy/add'], ['/vacancy/candidates-all/x'], ['/vacancy/candidates-all']])(
    '%s is private to company and recruiter',
    (path) => {
      expect(accessOf(path)).toEqual({ kind: 'private', roles: [1, 2] });
    },
  );

  it.each([['/profile'], ['/chats/5'], ['/vacancy/preview/1'], ['/recruiters'], ['/vacancy/candidates-allx'], ['/authx'], ['/verify/pdx']])(
    '%s is private to every signed-in role',
    (path) => {
      expect(accessOf(path)).toEqual({ kind: 'private', roles: [1, 2, 3] });
    },
  );
});

describe('homeOf', () => {
  it('sends a customer to the profile', () => {
    expect(homeOf(3)).toBe('/profile');
  });

  it.each([[1], [2], [7], [8]])('sends role %i to the recruiter area', (role) => {
    expect(homeOf(role)).toBe('/recruiter');
  });
});

describe('safeFrom', () => {
  it.each([['//evil.com'], ['https://x'], ['/\\evil'], ['evil.com'], ['javascript:alert(1)'], [''], [null], [undefined]])(
    'rejects %j',
    (from) => {
      expect(safeFrom(from)).toBeUndefined();
    },
  );

  it.each([['/profile?x=1'], ['/'], ['/recruiter/vacancy/add#top']])('accepts %j as is', (from) => {
    expect(safeFrom(from)).toBe(from);
  });

  // browsers drop ASCII tab/LF/CR while parsing a URL: '/\t/evil.com' would lead to //evil.com
  it('every accepted value stays on this site once a URL parser resolves it', () => {
    const site = 'https://recruit.example';
    for (const from of ['/\t/evil.com', '/\n/evil.com', '/\r/evil.com', '/\t\\evil.com']) {
      const accepted = safeFrom(from);
      if (accepted !== undefined) expect(new URL(accepted, site).origin, JSON.stringify(from)).toBe(site);
    }
  });
});
