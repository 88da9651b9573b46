import { useId, useRef, useState, type ReactNode } from 'react';
import { MAX_UPLOAD_BYTES } from '../../lib/schemas/upload.ts';
import type { T } from '../../lib/i18n/index.ts';
import { MessageModal } from './modals.tsx';

interface Props {
  t: T;
  label: string;
  /** The text of the button that opens the file chooser. */
  buttonLabel: string;
  accept: string;
  hint?: ReactNode;
  error?: string;
  /** The error key when the file is over 10 MB. */
  tooLargeKey: string;
  /** Another check of the chosen file: answers an error key, or nothing when it is fine. */
  check?: (file: File) => string | undefined;
  onPick: (file: File) => void;
  /** What is chosen or stored already, shown beside the button. */
  children?: ReactNode;
  /** Until React has taken over: a file picked before would never reach the form. */
  disabled?: boolean;
}

/**
 * A file picker for SPEC.md §5: a file over 10 MB (or one `check` refuses) shows the message
 * modal and the input starts over. The file is only kept by the form, which uploads it on save;
 * the native input stays hidden behind a button, since its own 'no file chosen' text would
 * contradict the file the form holds.
 */
export function FileField({ t, label, buttonLabel, accept, hint, error, tooLargeKey, check, onPick, children, disabled }: Props) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string>();
  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = file.size > MAX_UPLOAD_BYTES ? tooLargeKey : check?.(file);
    // emptied either way: the same file may be picked again after a refusal or a removal
    if (ref.current) ref.current.value = '';
    if (problem) setRefused(problem);
    else onPick(file);
  };
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field file-field">
      <span className="label" id={`${id}-label`}>{label}</span>
      <div className="file-row">
        <input
          id={id}
          ref={ref}
          type="file"
          className="file-input"
          accept={accept}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => pick(e.target.files?.[0])}
        />
        <label htmlFor={id} className="btn btn-secondary file-button" aria-hidden="true">
          {buttonLabel}
        </label>
        {children}
      </div>
      {hint && <p id={`${id}-hint`} className="field-hint">{hint}</p>}
      {error && <p id={`${id}-error`} className="field-error" role="alert">{error}</p>}
      {refused && <MessageModal title={t('upload.error_title')} text={t(refused)} closeLabel={t('app.close')} onClose={() => setRefused(undefined)} />}
    </div>
  );
}
