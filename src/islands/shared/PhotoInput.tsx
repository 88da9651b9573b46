import { useId, useRef, useState } from 'react';
import { api } from '../../lib/client/api.ts';
import { MAX_UPLOAD_BYTES } from '../../lib/schemas/upload.ts';
import type { T } from '../../lib/i18n/index.ts';
import { MessageModal } from './modals.tsx';

/** A photo picker: a file over 10 MB shows the error modal and the input starts over. */
export function PhotoInput({ t, onChange }: { t: T; onChange: (file: File | undefined) => void }) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const pick = (file: File | undefined) => {
    if (file && file.size > MAX_UPLOAD_BYTES) {
      setTooLarge(true);
      if (ref.current) ref.current.value = '';
      return onChange(undefined);
    }
    onChange(file);
  };
  return (
    <div className="field">
      <label htmlFor={id}>{t('auth.photo')}</label>
      <input id={id} ref={ref} type="file" accept="image/*" onChange={(e) => pick(e.target.files?.[0])} />
      {tooLarge && <MessageModal title={t('upload.error_title')} text={t('error.upload.image_too_large')} closeLabel={t('app.close')} onClose={() => setTooLarge(false)} />}
    </div>
  );
}

/** Sends a photo to the profile; answers the new image URL. */
export async function uploadPhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  return (await api<{ image: string }>('users/profile/photo', { method: 'POST', body })).image;
}
