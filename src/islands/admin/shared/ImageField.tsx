import { useId, useRef, useState, type DragEvent } from 'react';
import { errorText } from '../../../lib/api/client.ts';
import { imageFileProblem, importImage, isRemoteImageAddress, uploadImage } from './admin-api.ts';

// An image for a recipe or a post: drop a photo on the box or pick one
// (≤ 5 MB; the server checks the bytes and re-encodes it into the site's own image store), or
// paste an image URL: another site's address is imported at once (the server fetches it through
// its guarded fetch and stores a copy, so the page never depends on someone else's server; a
// typed one gets a 'Store a copy' button); a preview shows what the page will show.

export default function ImageField({
  label,
  value,
  onChange,
  error,
  use,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string | undefined;
  use: 'recipe' | 'blog' | 'category';
}) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState<'upload' | 'import' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);

  const send = async (file: File | undefined) => {
    if (!file) return;
    const local = imageFileProblem(file);
    if (local) {
      setProblem(local);
      return;
    }
    await store('upload', () => uploadImage(file, use), 'The image could not be uploaded. Please try again.');
    if (fileRef.current) fileRef.current.value = '';
  };

  /** Uploads or imports the image and puts its address in the field; a failure is shown under it. */
  const store = async (kind: 'upload' | 'import', call: () => Promise<{ url: string }>, failure: string) => {
    setProblem(null);
    setUploading(kind);
    try {
      const image = await call();
      setBroken(false);
      onChange(image.url);
    } catch (err) {
      setProblem(errorText(err, failure));
    } finally {
      setUploading(null);
    }
  };

  const isRemote = (text: string) =>
    typeof window !== 'undefined' && isRemoteImageAddress(text, window.location.origin);
  const importFrom = (url: string) =>
    store('import', () => importImage(url.trim(), use), 'The image could not be imported. Please try again.');

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files[0]);
  };

  const shown = problem ?? error;
  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-url`} className="block px-1 text-sm font-semibold">
        {label}
      </label>
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <div className="space-y-2">
          <div
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-image-drop
            className={`flex min-h-28 flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-4 text-center text-sm ${
              dragging
                ? 'border-brand-600 bg-brand-50 dark:bg-stone-800'
                : 'border-stone-300 dark:border-night-line'
            }`}
          >
            <p className="muted">
              {uploading === 'upload'
                ? 'Uploading…'
                : uploading === 'import'
                  ? 'Importing the image…'
                  : 'Drop a photo here (JPEG, PNG, WebP or AVIF, up to 5 MB)'}
            </p>
            <button
              type="button"
              className="btn-ghost min-h-9 py-1"
              onClick={() => fileRef.current?.click()}
              disabled={uploading !== null}
            >
              Choose a photo
            </button>
            <input
              ref={fileRef}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              className="sr-only"
              tabIndex={-1}
              aria-label={`${label}: upload a photo`}
              onChange={(event) => void send(event.target.files?.[0])}
            />
          </div>
          <input
            id={`${id}-url`}
            name="image"
            type="text"
            inputMode="url"
            value={value}
            placeholder="or paste an image URL (empty: the default image)"
            onChange={(event) => {
              setBroken(false);
              setProblem(null);
              onChange(event.target.value);
            }}
            onPaste={(event) => {
              const pasted = event.clipboardData.getData('text').trim();
              if (!isRemote(pasted) || uploading) return;
              event.preventDefault();
              onChange(pasted);
              void importFrom(pasted);
            }}
            readOnly={uploading === 'import'}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? `${id}-error` : undefined}
            className={`field rounded-xl ${shown ? 'border-red-600 dark:border-red-400' : ''}`}
          />
          {isRemote(value) && !uploading && (
            <button
              type="button"
              className="btn-ghost min-h-9 py-1"
              onClick={() => void importFrom(value)}
              data-image-import
            >
              Store a copy of this image
            </button>
          )}
          {shown && (
            <p id={`${id}-error`} role="alert" className="px-1 text-sm text-red-700 dark:text-red-400">
              {shown}
            </p>
          )}
        </div>
        <div className="aspect-[3/2] overflow-hidden rounded-xl bg-stone-100 ring-1 ring-stone-200 dark:bg-stone-800 dark:ring-night-line">
          {value.trim() && !broken ? (
            <img
              src={value.trim()}
              alt="Preview of the chosen image"
              className="size-full object-cover"
              onError={() => setBroken(true)}
              data-image-preview
            />
          ) : (
            <p className="muted flex size-full items-center justify-center p-3 text-center text-xs">
              {broken ? 'This image cannot be shown.' : 'No image: the default image is used.'}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
