import { api, errorText } from '../../lib/api/client.ts';

// The pages a newsletter email links to (/unsubscribe and /newsletter/confirm): each reads the
// signed token from its address and hands it to the API once, so one click on the mailed link is
// all a subscriber does — no login, no second button. The page then says what happened, in the
// status region: done, done already, or why the link does not work (nothing is changed then).

type LinkAction = 'unsubscribe' | 'confirm';

async function settle(action: LinkAction, token: string) {
  const options = { body: { token } };
  return action === 'unsubscribe'
    ? api.post('/api/newsletter/unsubscribe', options)
    : api.post('/api/newsletter/confirm', options);
}

export async function followNewsletterLink(root: HTMLElement): Promise<void> {
  const action = root.dataset.newsletterLink as LinkAction;
  const status = root.querySelector<HTMLElement>('[data-link-status]');
  const title = root.querySelector<HTMLElement>('[data-link-title]');
  if (!status || !title) return;
  const show = (outcome: string, heading: string, text: string) => {
    root.dataset.outcome = outcome;
    title.textContent = heading;
    status.textContent = text;
    root.setAttribute('aria-busy', 'false');
  };
  const token = new URLSearchParams(window.location.search).get('token')?.trim();
  if (!token) {
    show(
      'invalid',
      'This link is incomplete',
      'The address has no token. Open the link exactly as the email has it.',
    );
    return;
  }
  try {
    const result = await settle(action, token);
    const heading =
      result.outcome === 'unsubscribed'
        ? 'You are unsubscribed'
        : result.outcome === 'already-unsubscribed'
          ? 'Already unsubscribed'
          : result.outcome === 'confirmed'
            ? 'Subscription confirmed'
            : 'Already confirmed';
    show(result.outcome, heading, result.message);
  } catch (err) {
    show(
      'invalid',
      'This link does not work',
      errorText(err, 'The link could not be checked. Please try again.'),
    );
  }
}
