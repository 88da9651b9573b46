import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import type { T } from '../../lib/i18n/index.ts';

interface Props {
  t: T;
  value: string[];
  onChange: (skills: string[]) => void;
  onBlur?: () => void;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** The candidate's skills as chips: Enter (or a comma) adds the typed text, × removes one. */
export function SkillsInput({ t, value, onChange, onBlur, error, ref }: Props) {
  const id = useId();
  const [text, setText] = useState('');

  const add = () => {
    const skill = text.trim().replace(/\s+/g, ' ').slice(0, 100);
    setText('');
    // the same skill twice, whatever its case, only clutters the profile
    if (!skill || value.some((s) => s.toLowerCase() === skill.toLowerCase())) return;
    onChange([...value, skill]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      // Enter here adds a chip; it must not submit the form
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className="field">
      <label htmlFor={id}>{t('candidate.field.skills')}</label>
      <div className={`cf-tags${error ? ' cf-tags-invalid' : ''}`}>
        {value.length > 0 && (
          <ul className="cf-tag-list" aria-label={t('candidate.field.skills')}>
            {value.map((skill) => (
              <li key={skill} className="cf-tag">
                <span>{skill}</span>
                <button type="button" className="cf-tag-remove" aria-label={t('candidate_form.remove_skill', { skill })} onClick={() => onChange(value.filter((s) => s !== skill))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          ref={ref}
          id={id}
          type="text"
          value={text}
          maxLength={100}
          enterKeyHint="enter"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            // a skill typed but not confirmed with Enter is still meant: keep it
            if (text.trim()) add();
            onBlur?.();
          }}
        />
      </div>
      <p id={`${id}-hint`} className="field-hint">{t('candidate_form.skills_hint')}</p>
      {error && <p id={`${id}-error`} className="field-error" role="alert">{error}</p>}
    </div>
  );
}
