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
  /** Marked beside the label and told to screen readers; the form's schema still decides. */
  required?: boolean;
}

/**
 * A label's text with the mark of a field that must be filled in. The mark is drawn, not read (a
 * style's content with empty alternative text, so the label's name stays the label): the control
 * says it with `aria-required`, and the form says once what the mark means (RequiredNote).
 */
export function LabelText({ label, required }: { label: string; required?: boolean }) {
  return required ? <span className="field-required">{label}</span> : label;
}

/** What the mark means, at the top of a form that uses it. */
export function RequiredNote({ children }: { children: ReactNode }) {
  return (
    <p className="field-hint required-note">
      <span className="field-required" /> {children}
    </p>
  );
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
export function Field({ label, error, hint, required, id, kind, className, type = 'text', ...input }: FieldProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  const code = kind === 'code';
  return (
    <div className="field">
      <label htmlFor={controlId}>
        <LabelText label={label} required={required} />
      </label>
      <input
        id={controlId}
        type={type}
        className={['input', code ? 'input-code' : '', className ?? ''].filter(Boolean).join(' ')}
        aria-required={required || undefined}
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
export function SelectField({ label, error, hint, required, id, children, className, ...select }: SelectProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className="field">
      <label htmlFor={controlId}>
        <LabelText label={label} required={required} />
      </label>
      <select id={controlId} className={['input', className ?? ''].filter(Boolean).join(' ')} aria-required={required || undefined} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}

type TextAreaProps = Wiring & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled text area, 5 rows unless told (SPEC.md §9). */
export function TextAreaField({ label, error, hint, required, id, rows = 5, className, ...area }: TextAreaProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className="field">
      <label htmlFor={controlId}>
        <LabelText label={label} required={required} />
      </label>
      <textarea id={controlId} rows={rows} className={['input', className ?? ''].filter(Boolean).join(' ')} aria-required={required || undefined} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...area} />
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
