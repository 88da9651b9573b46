import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  children: ReactNode;
}

/** A labelled select with its error wired to it, like the shared `Field`. */
export function SelectField({ label, error, id, children, ...select }: SelectProps) {
  const ownId = useId();
  const selectId = id ?? ownId;
  return (
    <div className="field">
      <label htmlFor={selectId}>{label}</label>
      <select id={selectId} aria-invalid={error ? true : undefined} aria-describedby={error ? `${selectId}-error` : undefined} {...select}>
        {children}
      </select>
      {error && <p id={`${selectId}-error`} className="field-error" role="alert">{error}</p>}
    </div>
  );
}

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
}

/** A labelled text area of 5 rows (SPEC.md §9). */
export function TextAreaField({ label, error, id, rows = 5, ...area }: TextAreaProps) {
  const ownId = useId();
  const areaId = id ?? ownId;
  return (
    <div className="field">
      <label htmlFor={areaId}>{label}</label>
      <textarea id={areaId} rows={rows} aria-invalid={error ? true : undefined} aria-describedby={error ? `${areaId}-error` : undefined} {...area} />
      {error && <p id={`${areaId}-error`} className="field-error" role="alert">{error}</p>}
    </div>
  );
}
