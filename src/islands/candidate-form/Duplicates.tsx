import { useEffect, useState } from 'react';
import { api } from '../../lib/client/api.ts';
import type { DuplicateDto } from '../../lib/schemas/merge.ts';
import { useDebounced } from '../shared/useDebounced.ts';
import './duplicates.css';
import { useT, type IslandProps } from '../shared/i18n.ts';

/** The form's values as they are while typed: any may be missing. */
export type Probe = Record<'email' | 'phone' | 'name' | 'surname' | 'dob', string | null | undefined>;

/** What is worth asking about: a whole address, a phone of 7 digits, or a name with a birth date. */
export function duplicateQuery(values: Probe, excludeId?: string): string | undefined {
  const probe = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v ?? '')])) as Record<keyof Probe, string>;
  const params = new URLSearchParams();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(probe.email.trim())) params.set('email', probe.email.trim());
  if (probe.phone.replace(/\D/g, '').length >= 7) params.set('phone', probe.phone.trim());
  if (probe.name.trim() && probe.surname.trim() && /^\d{4}-\d{2}-\d{2}$/.test(probe.dob)) {
    params.set('name', probe.name.trim());
    params.set('surname', probe.surname.trim());
    params.set('dob', probe.dob);
  }
  if (!params.size) return undefined;
  if (excludeId) params.set('excludeId', excludeId);
  return params.toString();
}

/**
 * The space's likely duplicates of what the form holds (docs/decisions/0029), asked while the
 * recruiter types: a warning with why each matched and a link to it, never a block on saving.
 */
export interface DuplicatesProps extends IslandProps {
  /** The candidate being edited, left out of its own duplicates. */
  id?: string;
  watch: (name: 'email' | 'phone' | 'name' | 'surname') => unknown;
  dob: unknown;
}

export default function Duplicates(props: DuplicatesProps) {
  const { t, href } = useT(props);
  const { watch, dob, id: excludeId } = props;
  // watched here, so that the form renders again (and this with it) as these fields change
  const probe = { email: watch('email'), phone: watch('phone'), name: watch('name'), surname: watch('surname'), dob } as Probe;
  const asked = useDebounced(duplicateQuery(probe, excludeId), 400);
  const [found, setFound] = useState<DuplicateDto[]>([]);
  useEffect(() => {
    if (!asked) return setFound([]);
    let current = true;
    api<{ data: DuplicateDto[] }>(`candidates/duplicates?${asked}`)
      .then((answer) => current && setFound(answer.data))
      // a warning that cannot be fetched is no reason to stop anyone saving
      .catch(() => current && setFound([]));
    return () => {
      current = false;
    };
  }, [asked]);
  if (!found.length) return <div className="cf-wide" role="status" aria-live="polite" />;
  return (
    <div className="cf-wide cf-dupes" role="status" aria-live="polite" data-testid="duplicate-warning">
      <p className="cf-dupes-title">{t('merge.form_title')}</p>
      <ul>
        {found.map((d) => (
          <li key={d.id}>
            <a href={href(`/candidates/${d.id}/-`)} target="_blank" rel="noopener" aria-label={t('merge.open', { name: `${d.name} ${d.surname}`.trim() })}>
              {`${d.name} ${d.surname}`.trim()}
            </a>
            {d.positionName && <span className="cf-dupes-muted"> · {d.positionName}</span>}
            <span> — {d.reasons.map((r) => t(`merge.reason.${r}`)).join(', ')}</span>
          </li>
        ))}
      </ul>
      <p className="cf-dupes-muted">{t('merge.form_note')}</p>
    </div>
  );
}
