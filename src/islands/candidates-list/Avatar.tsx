import { initials } from './format.ts';
import { uploadUrl } from '../../lib/schemas/upload.ts';

/** A candidate's photo (`image`, its file name), or their initials on a tinted circle; decorative beside the name. */
export function Avatar({ image, name, surname, size = 40 }: { image: string | null; name: string; surname: string; size?: number }) {
  return image ? (
    <img className="cl-avatar" src={uploadUrl(image)} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span className="cl-avatar cl-avatar-empty" aria-hidden="true" style={{ width: size, height: size }}>
      {initials(name, surname)}
    </span>
  );
}
