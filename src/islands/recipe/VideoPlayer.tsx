import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatClock } from '../../stores/timers.ts';
import { pauseIcon } from '../../lib/icons/pause.ts';
import { restartIcon } from '../../lib/icons/restart.ts';
import { soundOffIcon } from '../../lib/icons/sound-off.ts';
import { soundOnIcon } from '../../lib/icons/sound-on.ts';
import { Icon } from '../shared/Icon.tsx';

// The recipe video: play/pause, seek, volume, mute, speed (0.5–2), restart, full screen; the
// controls fade after 3 s without mouse movement while playing, and a video whose length is not
// known yet shows 5:00. YouTube and Vimeo links play in the provider's own player, loaded only
// when the reader asks for it (no third-party requests before that).

export const VIDEO_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
export const CONTROLS_HIDE_MS = 3000;
export const DEFAULT_VIDEO_SECONDS = 5 * 60;

export interface VideoPlayerProps {
  src: string;
  title: string;
  poster?: string | null;
  /** Seconds, when the recipe knows it (5 minutes when none is given). */
  duration?: number | null;
}

/** The embed address for YouTube and Vimeo links, or null for a video file. */
export function embedUrl(src: string): string | null {
  try {
    const url = new URL(src);
    const host = url.hostname.replace(/^www\.|^m\./, '');
    if (host === 'youtu.be')
      return `https://www.youtube-nocookie.com/embed/${url.pathname.slice(1)}?autoplay=1`;
    if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
      const id = url.searchParams.get('v') ?? url.pathname.match(/\/(?:embed|shorts)\/([\w-]+)/)?.[1];
      return id ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1` : null;
    }
    if (host === 'vimeo.com') {
      const id = url.pathname.match(/\/(\d+)/)?.[1];
      return id ? `https://player.vimeo.com/video/${id}?autoplay=1` : null;
    }
  } catch {
    // A relative path: a video file on this site.
  }
  return null;
}

export default function VideoPlayer({ src, title, poster, duration }: VideoPlayerProps) {
  const embed = embedUrl(src);
  return embed ? (
    <EmbeddedVideo embed={embed} title={title} poster={poster ?? undefined} />
  ) : (
    <FileVideo src={src} title={title} poster={poster ?? undefined} duration={duration ?? undefined} />
  );
}

function EmbeddedVideo({
  embed,
  title,
  poster,
}: {
  embed: string;
  title: string;
  poster: string | undefined;
}) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="relative aspect-video overflow-hidden rounded-2xl bg-black">
      {loaded ? (
        <iframe
          src={embed}
          title={title}
          className="absolute inset-0 size-full"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      ) : (
        <button
          type="button"
          onClick={() => setLoaded(true)}
          className="group absolute inset-0 flex items-center justify-center"
          aria-label={`Play video: ${title}`}
        >
          {poster && (
            <img
              src={poster}
              alt=""
              className="absolute inset-0 size-full object-cover opacity-80"
              loading="lazy"
            />
          )}
          <span className="relative flex size-16 items-center justify-center rounded-full bg-white/90 text-brand-700 shadow-lg transition group-hover:scale-105">
            <span className="icon icon-play text-3xl" aria-hidden="true" />
          </span>
        </button>
      )}
    </div>
  );
}

function FileVideo({
  src,
  title,
  poster,
  duration,
}: {
  src: string;
  title: string;
  poster: string | undefined;
  duration: number | undefined;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [length, setLength] = useState(duration && duration > 0 ? duration : DEFAULT_VIDEO_SECONDS);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [controlsVisible, setControlsVisible] = useState(true);
  const id = useId();

  const showControls = useCallback(() => {
    setControlsVisible(true);
    clearTimeout(hideTimer.current);
    if (videoRef.current && !videoRef.current.paused)
      hideTimer.current = setTimeout(() => setControlsVisible(false), CONTROLS_HIDE_MS);
  }, []);

  useEffect(() => {
    if (playing) showControls();
    else {
      clearTimeout(hideTimer.current);
      setControlsVisible(true);
    }
    return () => clearTimeout(hideTimer.current);
  }, [playing, showControls]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === boxRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const video = () => videoRef.current;
  const toggleFullscreen = () => {
    const request = document.fullscreenElement
      ? document.exitFullscreen()
      : boxRef.current?.requestFullscreen();
    // Refused (an iframe without permission, a browser without the API): the button does nothing.
    request?.catch(() => {});
  };
  const togglePlay = () => {
    const v = video();
    if (!v) return;
    if (v.paused) v.play().catch(() => setPlaying(false));
    else v.pause();
  };
  const seek = (seconds: number) => {
    const v = video();
    if (v) v.currentTime = Math.max(0, Math.min(seconds, Number.isFinite(v.duration) ? v.duration : length));
    setTime(Math.max(0, Math.min(seconds, length)));
  };
  const restart = () => {
    seek(0);
    video()
      ?.play()
      .catch(() => setPlaying(false));
  };
  const changeVolume = (value: number) => {
    const v = video();
    setVolume(value);
    setMuted(value === 0);
    if (v) {
      v.volume = value;
      v.muted = value === 0;
    }
  };
  const toggleMute = () => {
    const v = video();
    const next = !muted;
    setMuted(next);
    if (v) v.muted = next;
    // Unmuting a video whose volume was slid to 0 would still be silent.
    if (!next && volume === 0) changeVolume(0.5);
  };
  const changeSpeed = (value: number) => {
    setSpeed(value);
    if (video()) video()!.playbackRate = value;
  };

  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('input, select')) return;
    const handled = {
      ' ': togglePlay,
      k: togglePlay,
      m: toggleMute,
      f: toggleFullscreen,
      ArrowRight: () => seek(time + 5),
      ArrowLeft: () => seek(time - 5),
    }[event.key];
    if (!handled) return;
    event.preventDefault();
    handled();
    showControls();
  };

  const iconButton = 'flex size-11 items-center justify-center rounded-full text-white hover:bg-white/15';
  return (
    <div
      ref={boxRef}
      className={`group relative overflow-hidden bg-black ${fullscreen ? 'flex items-center' : 'rounded-2xl'} ${controlsVisible ? '' : 'cursor-none'}`}
      onMouseMove={showControls}
      onFocus={showControls}
      onKeyDown={onKey}
      role="group"
      aria-label={`Video: ${title}`}
      data-video-player
      data-controls={controlsVisible ? 'visible' : 'hidden'}
      data-fullscreen={fullscreen || undefined}
    >
      <video
        ref={videoRef}
        src={src}
        poster={poster}
        preload="metadata"
        playsInline
        className="aspect-video w-full"
        onClick={togglePlay}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) =>
          Number.isFinite(e.currentTarget.duration) &&
          e.currentTarget.duration > 0 &&
          setLength(e.currentTarget.duration)
        }
      >
        <track kind="captions" />
      </video>
      {!playing && (
        <button
          type="button"
          onClick={togglePlay}
          aria-label="Play video"
          className="absolute inset-0 m-auto flex size-16 items-center justify-center rounded-full bg-white/90 text-brand-700 shadow-lg"
        >
          <span className="icon icon-play text-3xl" aria-hidden="true" />
        </button>
      )}
      <div
        className={`absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 to-transparent px-3 pb-2 pt-8 text-white transition-opacity duration-300 ${controlsVisible ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
      >
        <label htmlFor={`${id}-seek`} className="sr-only">
          Seek
        </label>
        <input
          id={`${id}-seek`}
          type="range"
          min={0}
          max={Math.max(1, Math.round(length))}
          step={1}
          value={Math.round(time)}
          onChange={(e) => seek(Number(e.target.value))}
          aria-valuetext={`${formatClock(time)} of ${formatClock(length)}`}
          className="w-full accent-brand-400"
        />
        <div className="flex flex-wrap items-center gap-1">
          <button
            type="button"
            className={iconButton}
            onClick={togglePlay}
            aria-label={playing ? 'Pause' : 'Play'}
          >
            {playing ? (
              <Icon icon={pauseIcon} size={22} />
            ) : (
              <span className="icon icon-play text-2xl" aria-hidden="true" />
            )}
          </button>
          <button type="button" className={iconButton} onClick={restart} aria-label="Restart">
            <Icon icon={restartIcon} size={20} />
          </button>
          <span className="px-2 text-sm tabular-nums">
            {formatClock(time)} / {formatClock(length)}
          </span>
          <span className="flex-1" />
          <button
            type="button"
            className={iconButton}
            onClick={toggleMute}
            aria-label={muted ? 'Unmute' : 'Mute'}
            aria-pressed={muted}
          >
            <Icon icon={muted ? soundOffIcon : soundOnIcon} size={20} />
          </button>
          <label htmlFor={`${id}-volume`} className="sr-only">
            Volume
          </label>
          <input
            id={`${id}-volume`}
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={muted ? 0 : volume}
            onChange={(e) => changeVolume(Number(e.target.value))}
            className="w-20 accent-brand-400"
          />
          <label htmlFor={`${id}-speed`} className="sr-only">
            Playback speed
          </label>
          <select
            id={`${id}-speed`}
            value={speed}
            onChange={(e) => changeSpeed(Number(e.target.value))}
            className="ml-1 h-9 rounded-lg bg-white/15 px-2 text-sm text-white [&>option]:text-ink"
          >
            {VIDEO_SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
          <button
            type="button"
            className={iconButton}
            onClick={toggleFullscreen}
            aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}
            aria-pressed={fullscreen}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="20"
              height="20"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              {fullscreen ? (
                <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
              ) : (
                <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
              )}
            </svg>
          </button>
        </div>
      </div>
    </div>
  );
}
