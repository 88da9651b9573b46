import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/**
 * The form fields of every island (issue 11, item 6): one look for each input kind, the label,
 * hint and error wired to the control for screen readers, and the error said once, under the
 * control. Dates and files have their own fields (DateField, FileField) built on the same parts.
 */

interface Wiring {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** The ids of a field and the `aria-describedby` of its control. */
export function useFieldIds(id: string | undefined, hint: unknown, error: unknown) {
  const own = useId();
  const controlId = id ?? own;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint && hint !== error ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

/** The hint and the error under a control. */
export function FieldNotes({ hint, error, hintId, errorId }: { hint?: ReactNode; error?: string; hintId: string; errorId: string }) {
  return (
    <>
      {/* an error that says what the hint says replaces it: each thing is said once */}
      {hint && hint !== error && <p id={hintId} className="field-hint">{hint}</p>}
      {error && <p id={errorId} className="field-error" role="alert">{error}</p>}
    </>
  );
}

interface FieldProps extends Wiring, InputHTMLAttributes<HTMLInputElement> {
  /** `code`: the 4-digit confirmation code, in large spaced digits. */
  kind?: 'code';
}

/** A labelled input of any text-like type (text by default). */
export function Field({ label, error, hint, id, kind, className, type = 'text', ...input }: FieldProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  const code = kind === 'code';
  return (
    <div className="field">
      <label htmlFor={controlId}>{label}</label>
      <input
        id={controlId}
        type={type}
        className={['input', code ? 'input-code' : '', className ?? ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...(code ? { inputMode: 'numeric' as const, autoComplete: 'one-time-code', maxLength: 4, pattern: '[0-9]*' } : {})}
        {...input}
      />
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}

interface SelectProps extends Wiring, SelectHTMLAttributes<HTMLSelectElement> {
  children: ReactNode;
}

/** A labelled select. */
export function SelectField({ label, error, hint, id, children, className, ...select }: SelectProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className="field">
      <label htmlFor={controlId}>{label}</label>
      <select id={controlId} className={['input', className ?? ''].filter(Boolean).join(' ')} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}

type TextAreaProps = Wiring & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled text area, 5 rows unless told (SPEC.md §9). */
export function TextAreaField({ label, error, hint, id, rows = 5, className, ...area }: TextAreaProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className="field">
      <label htmlFor={controlId}>{label}</label>
      <textarea id={controlId} rows={rows} className={['input', className ?? ''].filter(Boolean).join(' ')} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...area} />
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
