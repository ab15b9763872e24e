import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { showToast } from '../../stores/toasts.ts';
import { shareIcon } from '../../lib/icons/share.ts';
import { Icon } from '../shared/Icon.tsx';

// The share menu: the device's own share sheet where the browser has one (Web
// Share API), copy link (toast 'Copy failed' / 'Unable to copy link to clipboard.' when the
// clipboard refuses), and links to share on social sites or by email. A menu button: arrow keys
// move through the items, Escape closes and returns focus to the button.

export interface ShareMenuProps {
  title: string;
  /** Site path or absolute URL of the page to share. */
  url: string;
  text?: string;
}

function socialLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: 'X (Twitter)', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { label: 'Pinterest', href: `https://pinterest.com/pin/create/button/?url=${u}&description=${t}` },
    { label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { label: 'Email', href: `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n${url}`)}` },
  ];
}

/** Copies text; false when the browser refuses (no permission, insecure page, no API). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export default function ShareMenu({ title, url, text }: ShareMenuProps) {
  const [open, setOpen] = useState(false);
  const [canShare, setCanShare] = useState(false);
  const [absolute, setAbsolute] = useState(url);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    setCanShare(typeof navigator.share === 'function');
    setAbsolute(new URL(url, location.href).toString());
  }, [url]);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onOutside = (event: PointerEvent) => {
      if (
        !menuRef.current?.contains(event.target as Node) &&
        !buttonRef.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('pointerdown', onOutside);
    return () => document.removeEventListener('pointerdown', onOutside);
  }, [open]);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      go(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      go(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      go(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      go(items.length - 1);
    } else if (event.key === 'Tab') setOpen(false);
  };

  const nativeShare = async () => {
    close();
    try {
      await navigator.share({ title, url: absolute, ...(text ? { text } : {}) });
    } catch {
      // Dismissing the share sheet is not an error worth a message.
    }
  };

  const copy = async () => {
    close();
    if (await copyText(absolute))
      showToast({ title: 'Link copied', description: 'The recipe link is on your clipboard.' });
    else
      showToast({
        title: 'Copy failed',
        description: 'Unable to copy link to clipboard.',
        variant: 'destructive',
      });
  };

  const itemClass =
    'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-sm font-medium hover:bg-brand-50 focus:bg-brand-50 focus:outline-none dark:hover:bg-stone-800 dark:focus:bg-stone-800';
  return (
    <div className="relative inline-block" data-print="hide">
      <button
        ref={buttonRef}
        type="button"
        className="btn-ghost"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Icon icon={shareIcon} />
        Share
      </button>
      {open && (
        <div
          ref={menuRef}
          id={`${id}-menu`}
          role="menu"
          aria-label="Share this recipe"
          onKeyDown={onMenuKey}
          className="absolute right-0 z-30 mt-2 w-60 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-stone-200 dark:bg-night-card dark:ring-night-line"
        >
          {canShare && (
            <button type="button" role="menuitem" className={itemClass} onClick={nativeShare}>
              Share via…
            </button>
          )}
          <button type="button" role="menuitem" className={itemClass} onClick={copy}>
            Copy link
          </button>
          <div role="separator" className="my-1 h-px bg-stone-200 dark:bg-night-line" />
          {socialLinks(absolute, title).map((link) => (
            <a
              key={link.label}
              role="menuitem"
              className={itemClass}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => close(false)}
            >
              {link.label}
            </a>
          ))}
        </div>
      )}
    </div>
  );
}
