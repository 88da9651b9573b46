import { useState } from 'react';
import { api } from '../../lib/client/api.ts';
import type { T } from '../../lib/i18n/index.ts';
import { FileField } from './FileField.tsx';
import { useObjectUrl } from './useObjectUrl.ts';

/**
 * A photo picker: the translated button of `FileField` with the chosen picture and its file name
 * beside it, so a wrong pick shows before it is sent; a file over 10 MB shows the error modal and
 * the choice starts over.
 */
export function PhotoInput({ t, onChange, disabled }: { t: T; onChange: (file: File | undefined) => void; disabled?: boolean }) {
  const [file, setFile] = useState<File>();
  const preview = useObjectUrl(file);
  const pick = (next: File | undefined) => {
    setFile(next);
    onChange(next);
  };
  return (
    <FileField
      t={t}
      label={t('auth.photo')}
      buttonLabel={file ? t('upload.change_photo') : t('upload.choose_photo')}
      accept="image/*"
      tooLargeKey="error.upload.image_too_large"
      onPick={pick}
      disabled={disabled}
    >
      {file ? (
        <span className="file-name">
          {preview && <img className="photo-preview" src={preview} alt="" width={40} height={40} />}
          {file.name}
        </span>
      ) : (
        <span className="file-none">{t('upload.no_file')}</span>
      )}
    </FileField>
  );
}

/** Sends a photo to the profile; answers the new image's file name (SPEC.md §3: `image`). */
export async function uploadPhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  return (await api<{ image: string }>('users/profile/photo', { method: 'POST', body })).image;
}
