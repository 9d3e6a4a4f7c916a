/**
 * The studio's uploader: several videos at once, chosen or dropped, each sent resumably over
 * tus (tus-js-client) with its progress, speed and time left, and cancellable. A dropped
 * connection is retried; after a reload, choosing the same file again resumes it where it
 * stopped. Once sent, the upload's processing is followed (step and percent) until the video
 * is ready.
 */
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { defaultOptions, DetailedError, Upload, type PreviousUpload } from 'tus-js-client';
import { fillMessage } from '../../lib/messageTemplate.ts';
import { isVideoFileType, VIDEO_ACCEPT } from '../../lib/uploadFile.ts';
import { addSample, secondsLeft, speedOf, type ProgressSample } from '../../lib/uploadProgress.ts';
import { formatSize } from '../../lib/formatSize.ts';

export interface UploaderStrings {
  chooseFiles: string;
  dropHere: string;
  showcase: string;
  noShowcase: string;
  /** {sent} of {total} */
  sentOf: string;
  /** {speed}/s, {time} left */
  speedLeft: string;
  cancel: string;
  cancelOf: string;
  progressOf: string;
  queued: string;
  uploading: string;
  cancelled: string;
  processing: string;
  ready: string;
  failed: string;
  notVideo: string;
  networkError: string;
  resumable: string;
  editVideo: string;
  viewUpload: string;
  steps: Record<string, string>;
}

export interface UploaderProps {
  endpoint: string;
  token: string;
  /** /upload/videos/{id}: the page of one upload; its /status answers JSON. */
  uploadPath: string;
  /** /manage/videos/{id} */
  videoPath: string;
  showcases: { id: number; name: string }[];
  /** Replaces the source of this video (one file) instead of adding new videos. */
  replaces?: number | undefined;
  locale: string;
  strings: UploaderStrings;
}

type ItemState = 'queued' | 'uploading' | 'cancelled' | 'processing' | 'ready' | 'error';

interface Item {
  key: number;
  name: string;
  size: number;
  sent: number;
  speed: number | null;
  state: ItemState;
  message: string | null;
  uploadId: string | null;
  videoId: number | null;
  percent: number;
  step: string | null;
}

interface StatusJson {
  state: 'uploading' | 'processing' | 'ready' | 'error';
  videoId?: number;
  percent?: number;
  step?: string | null;
  message?: string | null;
}

const CHUNK_BYTES = 8 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];
const POLL_MS = 2000;

function formatTime(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m >= 60
    ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${String(s).padStart(2, '0')}`
    : `${m}:${String(s).padStart(2, '0')}`;
}

/**
 * 507: the server's disk has no room, which retrying in seconds does not change, so its message
 * is shown at once; other server errors and lost connections are retried.
 */
const retryUnlessDiskFull: NonNullable<typeof defaultOptions.onShouldRetry> = (
  error,
  attempt,
  options,
) =>
  error.originalResponse?.getStatus() !== 507 &&
  (defaultOptions.onShouldRetry?.(error, attempt, options) ?? false);

/** The server's own words for a refusal (quota, file too large, not a video…), else a plain network message. */
function refusalOf(error: Error, fallback: string): string {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response) return fallback;
  try {
    const body = JSON.parse(response.getBody()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : fallback;
  } catch {
    return fallback;
  }
}

export default function Uploader({
  endpoint,
  token,
  uploadPath,
  videoPath,
  showcases,
  replaces,
  locale,
  strings,
}: UploaderProps) {
  const [items, setItems] = useState<Item[]>([]);
  const [album, setAlbum] = useState('');
  const [unfinished, setUnfinished] = useState<PreviousUpload[]>([]);
  const uploads = useRef(new Map<number, Upload>());
  const nextKey = useRef(1);
  const [dragging, setDragging] = useState(false);

  const update = (key: number, change: Partial<Item>) =>
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const picker = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Files chosen in the server's markup before the island took over are taken now.
    const chosen = picker.current;
    if (chosen?.files?.length) {
      take(chosen.files);
      chosen.value = '';
    }
    void defaultOptions.urlStorage.findAllUploads().then(setUnfinished, () => {});
    const running = uploads.current;
    return () => running.forEach((upload) => void upload.abort());
  }, []);

  async function follow(key: number, uploadId: string): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const response = await fetch(`${fillMessage(uploadPath, { id: uploadId })}/status`, {
        headers: { Accept: 'application/json' },
      }).catch(() => null);
      if (!response?.ok) continue;
      const status = (await response.json()) as StatusJson;
      if (status.state === 'ready')
        return update(key, { state: 'ready', videoId: status.videoId ?? null, percent: 100 });
      if (status.state === 'error')
        return update(key, {
          state: 'error',
          videoId: status.videoId ?? null,
          message: status.message ?? strings.failed,
        });
      update(key, {
        state: 'processing',
        percent: status.percent ?? 0,
        step: status.step ?? null,
        videoId: status.videoId ?? null,
      });
    }
  }

  function start(file: File): void {
    const key = nextKey.current++;
    const item: Item = {
      key,
      name: file.name,
      size: file.size,
      sent: 0,
      speed: null,
      state: 'queued',
      message: null,
      uploadId: null,
      videoId: null,
      percent: 0,
      step: null,
    };
    if (!isVideoFileType(file.type, file.name)) {
      setItems((all) => [...all, { ...item, state: 'error', message: strings.notVideo }]);
      return;
    }
    setItems((all) => [...all, item]);
    let samples: ProgressSample[] = [];
    const upload = new Upload(file, {
      endpoint,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      onShouldRetry: retryUnlessDiskFull,
      headers: { 'X-XSRF-Token': token },
      metadata: {
        filename: file.name,
        filetype: file.type,
        ...(album ? { album } : {}),
        ...(replaces === undefined ? {} : { replaces: String(replaces) }),
      },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress(sent, total) {
        samples = addSample(samples, { at: performance.now(), bytes: sent });
        update(key, { state: 'uploading', sent, size: total, speed: speedOf(samples) });
      },
      onError(error) {
        uploads.current.delete(key);
        update(key, { state: 'error', message: refusalOf(error, strings.networkError) });
      },
      onSuccess() {
        uploads.current.delete(key);
        const uploadId = upload.url?.split('/').pop() ?? null;
        update(key, { state: 'processing', sent: file.size, uploadId });
        setUnfinished((all) => all.filter((previous) => previous.uploadUrl !== upload.url));
        if (uploadId) void follow(key, uploadId);
      },
    });
    uploads.current.set(key, upload);
    void upload.findPreviousUploads().then((previous) => {
      const [last] = previous;
      if (last) upload.resumeFromPreviousUpload(last);
      upload.start();
    });
  }

  function cancel(key: number): void {
    const upload = uploads.current.get(key);
    uploads.current.delete(key);
    void upload?.abort(true).catch(() => {});
    update(key, { state: 'cancelled', speed: null });
  }

  function take(files: FileList | null): void {
    for (const file of Array.from(files ?? [])) start(file);
  }

  function drop(event: DragEvent<HTMLDivElement>): void {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  }

  const size = (bytes: number) => formatSize(bytes, locale);
  const stateText = (item: Item) =>
    item.state === 'processing'
      ? `${strings.processing}${item.step ? ` — ${strings.steps[item.step] ?? item.step}` : ''} (${item.percent} %)`
      : strings[item.state === 'error' ? 'failed' : item.state];

  return (
    <div className="flex flex-col gap-4">
      {showcases.length > 0 && (
        <div className="flex flex-col gap-1">
          <label htmlFor="upload-showcase" className="font-semibold">
            {strings.showcase}
          </label>
          <select
            id="upload-showcase"
            value={album}
            onChange={(e) => setAlbum(e.target.value)}
            className="focus-ring max-w-96 rounded-md border border-line bg-bg px-2 py-1.5 text-ink"
          >
            <option value="">{strings.noShowcase}</option>
            {showcases.map((showcase) => (
              <option key={showcase.id} value={showcase.id}>
                {showcase.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-testid="upload-drop"
        className={[
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-8 text-center',
          dragging ? 'border-[var(--brand)] bg-surface' : 'border-line',
        ].join(' ')}
      >
        <p className="m-0 text-muted">{strings.dropHere}</p>
        <label className="btn-brand cursor-pointer focus-within:outline focus-within:outline-2 focus-within:outline-offset-2">
          {strings.chooseFiles}
          <input
            ref={picker}
            type="file"
            multiple={replaces === undefined}
            accept={VIDEO_ACCEPT}
            className="sr-only"
            onChange={(e) => {
              take(e.target.files);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      {unfinished.length > 0 && (
        <ul
          className="m-0 flex list-none flex-col gap-1 p-0 text-sm"
          data-testid="upload-unfinished"
        >
          {unfinished.map((previous) => (
            <li key={previous.urlStorageKey}>
              {fillMessage(strings.resumable, {
                name: previous.metadata['filename'] ?? '',
                total: previous.size === null ? '' : size(previous.size),
              })}
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <ul className="m-0 flex list-none flex-col gap-3 p-0" data-testid="upload-items">
          {items.map((item) => {
            const left =
              item.state === 'uploading' ? secondsLeft(item.sent, item.size, item.speed) : null;
            const percent = item.size > 0 ? Math.floor((item.sent / item.size) * 100) : 0;
            return (
              <li
                key={item.key}
                className="flex flex-col gap-1 rounded-lg border border-line bg-surface p-3"
                data-testid="upload-item"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{item.name}</span>
                  <span className="text-sm text-muted" data-testid="upload-state" role="status">
                    {stateText(item)}
                  </span>
                  {(item.state === 'queued' || item.state === 'uploading') && (
                    <button
                      type="button"
                      className="btn ml-auto px-2 py-1 text-sm"
                      onClick={() => cancel(item.key)}
                      aria-label={fillMessage(strings.cancelOf, { name: item.name })}
                    >
                      {strings.cancel}
                    </button>
                  )}
                </div>
                <progress
                  max={100}
                  value={
                    item.state === 'processing'
                      ? item.percent
                      : item.state === 'ready'
                        ? 100
                        : percent
                  }
                  aria-label={fillMessage(strings.progressOf, { name: item.name })}
                  className="h-2 w-full"
                />
                {item.state === 'uploading' && (
                  <p className="m-0 text-sm text-muted" data-testid="upload-numbers">
                    {fillMessage(strings.sentOf, { sent: size(item.sent), total: size(item.size) })}
                    {item.speed !== null &&
                      left !== null &&
                      ` · ${fillMessage(strings.speedLeft, { speed: size(item.speed), time: formatTime(left) })}`}
                  </p>
                )}
                {item.message && (
                  <p className="m-0 text-sm text-[var(--danger)]" role="alert">
                    {item.message}
                  </p>
                )}
                <p className="m-0 flex gap-3 text-sm">
                  {item.uploadId && (
                    <a href={fillMessage(uploadPath, { id: item.uploadId })}>
                      {strings.viewUpload}
                    </a>
                  )}
                  {item.videoId !== null && item.state === 'ready' && (
                    <a href={fillMessage(videoPath, { id: item.videoId })}>{strings.editVideo}</a>
                  )}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
