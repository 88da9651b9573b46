import en from './en.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };
import enForm from './en/form.json' with { type: 'json' };
import ruForm from './ru/form.json' with { type: 'json' };
import enVacancy from './en/vacancy.json' with { type: 'json' };
import ruVacancy from './ru/vacancy.json' with { type: 'json' };
import enDashboard from './en/dashboard.json' with { type: 'json' };
import ruDashboard from './ru/dashboard.json' with { type: 'json' };
import enPreview from './en/preview.json' with { type: 'json' };
import ruPreview from './ru/preview.json' with { type: 'json' };
import enCandidate from './en/candidate.json' with { type: 'json' };
import ruCandidate from './ru/candidate.json' with { type: 'json' };
import enCandidateForm from './en/candidate_form.json' with { type: 'json' };
import ruCandidateForm from './ru/candidate_form.json' with { type: 'json' };
import enCandidatesList from './en/candidates_list.json' with { type: 'json' };
import ruCandidatesList from './ru/candidates_list.json' with { type: 'json' };
import enCandidateProfile from './en/candidate_profile.json' with { type: 'json' };
import ruCandidateProfile from './ru/candidate_profile.json' with { type: 'json' };
import enConsent from './en/consent.json' with { type: 'json' };
import ruConsent from './ru/consent.json' with { type: 'json' };
import enChat from './en/chat.json' with { type: 'json' };
import ruChat from './ru/chat.json' with { type: 'json' };
import enHelp from './en/help.json' with { type: 'json' };
import ruHelp from './ru/help.json' with { type: 'json' };
import enFeed from './en/feed.json' with { type: 'json' };
import ruFeed from './ru/feed.json' with { type: 'json' };
import enInterview from './en/interview.json' with { type: 'json' };
import ruInterview from './ru/interview.json' with { type: 'json' };
import enAnalytics from './en/analytics.json' with { type: 'json' };
import ruAnalytics from './ru/analytics.json' with { type: 'json' };
import enShortlist from './en/shortlist.json' with { type: 'json' };
import ruShortlist from './ru/shortlist.json' with { type: 'json' };
import enNotifications from './en/notifications.json' with { type: 'json' };
import ruNotifications from './ru/notifications.json' with { type: 'json' };
import enRights from './en/rights.json' with { type: 'json' };
import enCareers from './en/careers.json' with { type: 'json' };
import ruCareers from './ru/careers.json' with { type: 'json' };
import ruRights from './ru/rights.json' with { type: 'json' };
import enWebhooks from './en/webhooks.json' with { type: 'json' };
import ruWebhooks from './ru/webhooks.json' with { type: 'json' };
import enApiDocs from './en/api_docs.json' with { type: 'json' };
import ruApiDocs from './ru/api_docs.json' with { type: 'json' };
import enMerge from './en/merge.json' with { type: 'json' };
import ruMerge from './ru/merge.json' with { type: 'json' };
import enBulk from './en/bulk.json' with { type: 'json' };
import ruBulk from './ru/bulk.json' with { type: 'json' };
import { createT, type Locale, type Messages, type T } from './index.ts';

/**
 * Every string a person sees, per locale: the core file plus one file per feature section
 * (`en/vacancy.json` is the `vacancy` section), so that features do not crowd one file.
 */
export const messages: Record<Locale, Messages> = {
  en: { ...en, form: enForm, vacancy: enVacancy, dashboard: enDashboard, preview: enPreview, candidate: enCandidate, candidate_form: enCandidateForm, candidates_list: enCandidatesList, candidate_profile: enCandidateProfile, consent: enConsent, chat: enChat, help: enHelp, feed: enFeed, interview: enInterview, analytics: enAnalytics, shortlist: enShortlist, notifications: enNotifications, rights: enRights, webhooks: enWebhooks, careers: enCareers, api_docs: enApiDocs, merge: enMerge, bulk: enBulk },
  ru: { ...ru, form: ruForm, vacancy: ruVacancy, dashboard: ruDashboard, preview: ruPreview, candidate: ruCandidate, candidate_form: ruCandidateForm, candidates_list: ruCandidatesList, candidate_profile: ruCandidateProfile, consent: ruConsent, chat: ruChat, help: ruHelp, feed: ruFeed, interview: ruInterview, analytics: ruAnalytics, shortlist: ruShortlist, notifications: ruNotifications, rights: ruRights, webhooks: ruWebhooks, careers: ruCareers, api_docs: ruApiDocs, merge: ruMerge, bulk: ruBulk },
};

const cache = new Map<Locale, T>();

/** The full translator of a locale, for pages, mail and the API. */
export function translator(locale: Locale): T {
  let t = cache.get(locale);
  if (!t) {
    t = createT(locale, messages[locale]);
    cache.set(locale, t);
  }
  return t;
}

/**
 * The sections, or keys at any depth (`section.key`, `form.vacancy.salary_to`), an island needs,
 * so it ships only those strings. A key brings its plural forms (`key_one`…) and what it holds.
 */
export function pick(locale: Locale, sections: string[]): Messages {
  const picked: Messages = {};
  for (const section of sections) {
    const [name, ...rest] = section.split('.') as [string, ...string[]];
    const part = messages[locale][name];
    if (part === undefined) continue;
    if (rest.length === 0 || typeof part !== 'object') {
      picked[name] = part;
      continue;
    }
    const key = rest.pop()!;
    let from: Messages | string | undefined = part;
    for (const step of rest) from = typeof from === 'object' ? from[step] : undefined;
    if (typeof from !== 'object') continue;
    // the objects written into are the picked copy's own: where a whole part was picked already
    // (the locale's own object), the key is in it and nothing is written
    let into: Messages | undefined = picked[name] === part ? undefined : ((picked[name] ??= {}) as Messages);
    let source: Messages = part;
    for (const step of rest) {
      if (!into) break;
      source = source[step] as Messages;
      into = into[step] === source ? undefined : ((into[step] ??= {}) as Messages);
    }
    if (!into) continue;
    for (const [k, v] of Object.entries(from)) if (k === key || k.startsWith(`${key}_`)) into[k] = v;
  }
  return picked;
}
