import { describe, expect, it } from 'vitest';
import { accessOf, homeOf, menuOf, safeFrom, sectionOf } from '../../src/lib/routes.ts';

describe('accessOf', () => {
  it.each([['/'], ['/verify/pd'], ['/error'], ['/404'], ['/error/'], ['/auth/forgot'], ['/auth/reset']])('%s is public', (path) => {
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

  it.each([['/recruiter'], ['/recruiter/'], ['/recruiter/vacancy/add'], ['/vacancy/candidates-all/x'], ['/vacancy/candidates-all'], ['/candidates'], ['/candidates/']])(
    '%s is private to company and recruiter',
    (path) => {
      expect(accessOf(path)).toEqual({ kind: 'private', roles: [1, 2] });
    },
  );

  it.each([['/workspace'], ['/workspace/']])('%s is the customer\'s own', (path) => {
    expect(accessOf(path)).toEqual({ kind: 'private', roles: [3] });
  });

  it.each([['/profile'], ['/chats/5'], ['/vacancy/preview/1'], ['/recruiters'], ['/vacancy/candidates-allx'], ['/authx'], ['/verify/pdx'], ['/interviews'], ['/candidates/a/b'], ['/candidates/new'], ['/home'], ['/workspaces']])(
    '%s is private to every signed-in role',
    (path) => {
      expect(accessOf(path)).toEqual({ kind: 'private', roles: [1, 2, 3] });
    },
  );
});

describe('homeOf', () => {
  it('sends a customer to their workspace', () => {
    expect(homeOf(3)).toBe('/workspace');
  });

  it.each([[1], [2], [7], [8]])('sends role %i to the recruiter area', (role) => {
    expect(homeOf(role)).toBe('/recruiter');
  });
});

describe('menuOf', () => {
  it('gives company, recruiters and staff the vacancies and the database', () => {
    for (const role of [1, 2]) {
      expect(menuOf(role).map((item) => item.path)).toEqual(['/recruiter', '/candidates', '/interviews', '/chats', '/help']);
    }
    // staff have their own page of browser errors at the end (docs/decisions/0026)
    for (const role of [7, 8]) {
      expect(menuOf(role).map((item) => item.path)).toEqual(['/recruiter', '/candidates', '/interviews', '/chats', '/help', '/staff/errors']);
    }
  });

  it('gives a customer their workspace and no database', () => {
    expect(menuOf(3).map((item) => item.path)).toEqual(['/workspace', '/interviews', '/chats', '/help']);
  });
});

describe('sectionOf', () => {
  it.each([
    ['/recruiter', 2, 'vacancies'],
    ['/recruiter/vacancy/edit/x', 1, 'vacancies'],
    ['/vacancy/preview/x', 2, 'vacancies'],
    ['/vacancy/candidates/x', 3, 'workspace'],
    ['/workspace', 3, 'workspace'],
    ['/candidates/c1/v1', 2, 'vacancies'],
    ['/candidates/c1/v1', 3, 'workspace'],
    ['/candidates/c1/-', 2, 'candidates'],
    ['/candidates', 2, 'candidates'],
    ['/candidates/new', 2, 'candidates'],
    ['/candidates/edit/c1', 2, 'candidates'],
    ['/interviews', 3, 'interviews'],
    ['/chats/u1', 2, 'chats'],
    ['/help/t1', 3, 'help'],
    ['/profile', 1, 'profile'],
    ['/nowhere', 1, undefined],
  ] as const)('%s for role %i is %s', (path, role, section) => {
    expect(sectionOf(path, role)).toBe(section);
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
