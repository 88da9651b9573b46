import { useId, useState, type Ref } from 'react';
import type { Locale, T } from '../../lib/i18n/index.ts';
import type { SoftSkillDto } from '../../lib/schemas/vacancy.ts';
import { LabelText } from '../shared/Field.tsx';

interface Props {
  t: T;
  locale: Locale;
  skills: SoftSkillDto[];
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Soft skills as checkbox chips. The main ones show first; 'Show all' reveals the rest. A chosen
 * skill that is not a main one stays visible when the list is folded, so no choice is hidden.
 */
export function SoftSkillsField({ t, locale, skills, value, onChange, error, ref }: Props) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const hasMore = skills.some((s) => !s.main);
  const shown = expanded ? skills : skills.filter((s) => s.main || value.includes(s.id));
  const toggle = (skillId: number, on: boolean) => onChange(on ? [...value, skillId] : value.filter((v) => v !== skillId));

  return (
    <fieldset className="field chips-field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="label">
        <LabelText label={t('vacancy.field.soft_skills')} required />
      </legend>
      <div className="chips" id={`${id}-list`}>
        {shown.map((skill, index) => (
          <label key={skill.id} className={`chip${value.includes(skill.id) ? ' chip-on' : ''}`}>
            <input
              ref={index === 0 ? ref : undefined}
              type="checkbox"
              checked={value.includes(skill.id)}
              onChange={(e) => toggle(skill.id, e.target.checked)}
            />
            <span>{skill.name[locale]}</span>
          </label>
        ))}
      </div>
      {hasMore && (
        <button type="button" className="btn-link expand" aria-expanded={expanded} aria-controls={`${id}-list`} onClick={() => setExpanded((x) => !x)}>
          {t(expanded ? 'vacancy.show_main_skills' : 'vacancy.show_all_skills')}
        </button>
      )}
      {error && <p id={`${id}-error`} className="field-error" role="alert">{error}</p>}
    </fieldset>
  );
}
