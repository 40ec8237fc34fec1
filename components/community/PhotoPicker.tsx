'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { endpoints } from '@/lib/api/contract';
import { OFFICE_PHOTOS, PHOTO_TYPES, checkPhotoFile, photoDigest } from '@/lib/community';
import { useApiRequest } from '../api/useApiRequest';
import { useToast } from '../Toast';

export type Photo = { id: string; preview: string; digest?: string };

/** Three office photo slots: each picked file is uploaded at once (multipart) and previewed; a photo can be removed. */
export function PhotoPicker({ photos, onChange }: { photos: Photo[]; onChange: React.Dispatch<React.SetStateAction<Photo[]>> }) {
  const t = useTranslations();
  const toast = useToast();
  const request = useApiRequest();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  // Previews are object URLs: released when the picker goes away.
  const latest = useRef(photos);
  useEffect(() => {
    latest.current = photos;
  }, [photos]);
  useEffect(() => () => latest.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = checkPhotoFile(file);
    if (problem) return toast.show(t(problem));
    setUploading(true);
    try {
      const digest = await photoDigest(file);
      if (digest && latest.current.some((p) => p.digest === digest)) return toast.show(t('community.photoSame'));
      const { photo_id } = await request(endpoints.uploadPhoto, {}, { files: { photo: file } });
      const preview = URL.createObjectURL(file);
      onChange((current) => [...current, { id: photo_id, preview, digest }]);
    } catch {
      // The request showed the server's reason.
    } finally {
      setUploading(false);
    }
  };
  const remove = (photo: Photo) => {
    URL.revokeObjectURL(photo.preview);
    onChange(photos.filter((p) => p.id !== photo.id));
  };

  return (
    <div>
      <div className="grid grid-cols-3 gap-2">
        {photos.map((photo, i) => (
          <div key={photo.id} data-testid={`photo-${i}`} className="relative aspect-square overflow-hidden rounded-xl ring-1 ring-ink-line">
            <img src={photo.preview} alt={t('community.photoAlt', { n: String(i + 1) })} className="h-full w-full object-cover" />
            <button
              data-testid={`photo-remove-${i}`}
              onClick={() => remove(photo)}
              aria-label={t('community.removePhoto')}
              className="absolute right-1 top-1 flex h-6 w-6 items-center justify-center rounded-full bg-black/70 text-xs text-white"
            >
              ✕
            </button>
          </div>
        ))}
        {photos.length < OFFICE_PHOTOS && (
          <button
            data-testid="photo-add"
            disabled={uploading}
            onClick={() => input.current?.click()}
            className="flex aspect-square flex-col items-center justify-center rounded-xl border border-dashed border-haze/50 text-haze disabled:opacity-50"
          >
            {uploading ? <span className="h-6 w-6 animate-spin rounded-full border-2 border-haze/30 border-t-gold" /> : <span className="text-2xl">＋</span>}
            <span className="mt-1 text-[11px]">
              {photos.length}/{OFFICE_PHOTOS}
            </span>
          </button>
        )}
      </div>
      <input
        ref={input}
        data-testid="photo-input"
        type="file"
        accept={PHOTO_TYPES.join(',')}
        className="hidden"
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <p className="mt-2 text-[11px] text-haze">{t('community.photosHint')}</p>
    </div>
  );
}
