import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { LabelText } from './Field.tsx';
import './tag-input.css';

interface Props {
  label: string;
  hint: string;
  /** The accessible name of a chip's × button. */
  removeLabel: (skill: string) => string;
  /** The accessible name of the list of chips, if it needs one. */
  listLabel?: string;
  value: string[];
  onChange: (skills: string[]) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** Skills as chips: Enter (or a comma) turns the typed text into a chip, × removes one. */
export function TagInput({ label, hint, removeLabel, listLabel, value, onChange, onBlur, error, required, ref }: Props) {
  const id = useId();
  const [text, setText] = useState('');

  /** Each comma-separated piece of `raw` as a chip. */
  const addAll = (raw: string) => {
    const next = [...value];
    for (const piece of raw.split(',')) {
      const skill = piece.trim().replace(/\s+/g, ' ').slice(0, 100);
      // the same skill twice, whatever its case, would only clutter the list
      if (skill && !next.some((s) => s.toLowerCase() === skill.toLowerCase())) next.push(skill);
    }
    if (next.length > value.length) onChange(next);
  };

  const add = () => {
    addAll(text);
    setText('');
  };

  const onType = (typed: string) => {
    // a comma that came without its key (a phone's keyboard, a paste) ends a chip as well
    const cut = typed.lastIndexOf(',');
    if (cut < 0) return setText(typed);
    addAll(typed.slice(0, cut));
    setText(typed.slice(cut + 1).trimStart());
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
      <label htmlFor={id}>
        <LabelText label={label} required={required} />
      </label>
      <div className={`tags${error ? ' tags-invalid' : ''}`}>
        {value.length > 0 && (
          <ul className="tag-list" aria-label={listLabel}>
            {value.map((skill) => (
              <li key={skill} className="tag">
                <span>{skill}</span>
                <button type="button" className="tag-remove" aria-label={removeLabel(skill)} onClick={() => onChange(value.filter((s) => s !== skill))}>
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
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            // a skill typed but not confirmed with Enter is still meant: keep it
            if (text.trim()) add();
            onBlur?.();
          }}
        />
      </div>
      <p id={`${id}-hint`} className="field-hint">{hint}</p>
      {error && <p id={`${id}-error`} className="field-error" role="alert">{error}</p>}
    </div>
  );
}
