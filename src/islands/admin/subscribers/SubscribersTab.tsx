import { useEffect, useState } from 'react';
import { api, errorText, routePath } from '../../../lib/api/client.ts';
import type { NewsletterSubscriber } from '../../../lib/schemas/newsletter-subscriber.ts';
import { showToast } from '../../../stores/toasts.ts';
import { useConfirm } from '../../shared/ConfirmDialog.tsx';
import { LoadError, Panel, rowButton } from '../shared/fields.tsx';
import { shortTime } from '../shared/publish-state.ts';
import { useResource } from '../shared/use-resource.ts';

// The Subscribers tab: the newsletter list the owner mails — counts of confirmed and pending
// addresses, a search over email and name, pages of 25, the CSV export of what the search
// matches, and removing an address (asked first). It says whether the site can send mail: only
// then do sign-ups wait for the subscriber's confirmation (double opt-in).

const PAGE_SIZE = 25;
/** Typing pauses this long before the search runs. */
const SEARCH_DELAY_MS = 300;

export default function SubscribersTab() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const [confirm, confirmDialog] = useConfirm();

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const [list, reload] = useResource(
    (signal) =>
      api.get('/api/admin/newsletter/subscribers', {
        query: { q, offset: String(offset), limit: String(PAGE_SIZE) },
        signal,
      }),
    [q, offset],
  );

  const remove = async (subscriber: NewsletterSubscriber) => {
    const yes = await confirm({
      title: 'Delete subscriber',
      message: `Remove ${subscriber.email} from the newsletter list? This cannot be undone.`,
      confirmLabel: 'Delete',
    });
    if (!yes) return;
    try {
      await api.delete('/api/admin/newsletter/subscribers/:id', { params: { id: subscriber.id } });
      showToast({ title: 'Success', description: `${subscriber.email} was removed from the list.` });
      reload();
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorText(err, 'Could not delete the subscriber.'),
        variant: 'destructive',
      });
    }
  };

  const data = list.data;
  const exportHref = routePath('/api/admin/newsletter/subscribers/export', undefined, q ? { q } : undefined);
  return (
    <div className="grid gap-6" data-subscribers>
      <Panel
        title="Newsletter subscribers"
        actions={
          <a className="btn-ghost" href={exportHref} download>
            {q ? 'Export matches as CSV' : 'Export CSV'}
          </a>
        }
      >
        {data && (
          <div className="mb-4 space-y-2 text-sm">
            <p data-subscriber-counts>
              <strong>{data.confirmed}</strong> confirmed, <strong>{data.pending}</strong> waiting for
              confirmation.
            </p>
            <p className="muted" data-mail-status={data.mailConfigured ? 'configured' : 'none'}>
              {data.mailConfigured
                ? 'Mail is configured: new sign-ups get a confirmation email and count once they confirm (double opt-in).'
                : 'No mail transport is configured (set SMTP_URL and MAIL_FROM), so sign-ups are added at once (single opt-in) and no confirmation email is sent.'}
            </p>
          </div>
        )}
        <label htmlFor="subscriber-search" className="block px-1 text-sm font-semibold">
          Search by email or name
        </label>
        <input
          id="subscriber-search"
          type="search"
          className="field mt-1.5 w-full rounded-xl"
          value={search}
          maxLength={254}
          onChange={(e) => setSearch(e.target.value)}
        />
        <div className="mt-4" aria-live="polite" aria-busy={list.status === 'loading'}>
          {list.status === 'failed' && !data ? (
            <LoadError title="Error loading subscribers" error={list.error} onRetry={reload} />
          ) : !data ? (
            <p className="muted text-sm">Loading subscribers…</p>
          ) : data.items.length === 0 ? (
            <p className="muted text-sm">{q ? `No subscriber matches “${q}”.` : 'No subscribers yet.'}</p>
          ) : (
            <>
              <p className="muted mb-2 text-sm">
                Showing {offset + 1}–{offset + data.items.length} of {data.matching}
                {q ? ` matching “${q}”` : ''}.
              </p>
              <ul className="divide-y divide-stone-200 dark:divide-night-line">
                {data.items.map((s) => (
                  <SubscriberRow key={s.id} subscriber={s} onDelete={() => void remove(s)} />
                ))}
              </ul>
              <nav className="mt-4 flex gap-2" aria-label="Subscriber pages">
                <button
                  type="button"
                  className={rowButton}
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
                >
                  Previous
                </button>
                <button
                  type="button"
                  className={rowButton}
                  disabled={offset + PAGE_SIZE >= data.matching}
                  onClick={() => setOffset(offset + PAGE_SIZE)}
                >
                  Next
                </button>
              </nav>
            </>
          )}
        </div>
      </Panel>
      {confirmDialog}
    </div>
  );
}

function SubscriberRow({
  subscriber: s,
  onDelete,
}: {
  subscriber: NewsletterSubscriber;
  onDelete: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2.5" data-subscriber={s.email}>
      <div className="min-w-0">
        <p className="truncate font-semibold">
          {s.email}
          {s.name ? <span className="muted font-normal"> ({s.name})</span> : null}{' '}
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
              s.status === 'confirmed'
                ? 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-200'
                : 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200'
            }`}
          >
            {s.status === 'confirmed' ? 'Confirmed' : 'Pending'}
          </span>
        </p>
        <p className="muted text-sm">
          Consented <time dateTime={s.consentedAt}>{shortTime(s.consentedAt)}</time>
          {s.sourcePage ? ` on ${s.sourcePage}` : ''}
        </p>
      </div>
      <button type="button" className={rowButton} onClick={onDelete} aria-label={`Delete ${s.email}`}>
        Delete
      </button>
    </li>
  );
}
