import { isNewsletterEmail, NEWSLETTER_INVALID_EMAIL } from '../../lib/newsletter-rules.ts';
import { showToast } from '../../stores/toasts.ts';

// The newsletter form (NewsletterForm.astro, in its card, inline and footer looks): checks the
// email with the API's own rule, posts JSON, then shows 'You're subscribed!'; a failure is the
// toast 'Subscription failed' with the server's sentence or 'Please try again later.' (the toast
// area loads its code only then, so the form itself adds no React to the page).

const TRY_LATER = 'Please try again later.';

async function errorText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // Not JSON: fall through to the generic sentence.
  }
  return TRY_LATER;
}

function failed(description: string): void {
  showToast({ title: 'Subscription failed', description, variant: 'destructive' });
}

function setUp(form: HTMLFormElement): void {
  const block = form.closest('section');
  const message = block?.querySelector<HTMLElement>('[data-newsletter-message]');
  const done = block?.querySelector<HTMLElement>('[data-newsletter-done]');
  const email = form.elements.namedItem('email') as HTMLInputElement | null;
  const name = form.elements.namedItem('name') as HTMLInputElement | null;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!message || !done || !email || !button) return;

  const say = (text: string) => (message.textContent = text);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const address = email.value.trim();
    if (!isNewsletterEmail(address)) {
      email.setAttribute('aria-invalid', 'true');
      say(NEWSLETTER_INVALID_EMAIL);
      email.focus();
      return;
    }
    email.removeAttribute('aria-invalid');
    say('');
    button.disabled = true;
    try {
      const response = await fetch('/api/newsletter/subscribe', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email: address, name: name?.value.trim() || undefined }),
      });
      if (!response.ok) {
        failed(await errorText(response));
        return;
      }
      // With double opt-in (mail configured), the address is confirmed by the mailed link first.
      const answer = (await response.json().catch(() => ({}))) as { confirmationSent?: boolean };
      if (answer.confirmationSent) {
        const title = done.querySelector('[data-newsletter-done-title]');
        const text = done.querySelector('[data-newsletter-done-text]');
        if (title) title.textContent = 'Check your email';
        if (text) text.textContent = 'We sent you a link: open it to confirm your subscription.';
      }
      form.hidden = true;
      message.hidden = true;
      done.hidden = false;
      done.focus();
    } catch {
      failed(TRY_LATER);
    } finally {
      button.disabled = false;
    }
  });
}

/** Wires every [data-newsletter-form] on the page. */
export function setUpNewsletterForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-newsletter-form]')) {
    if (form.dataset.wired) continue;
    form.dataset.wired = 'true';
    setUp(form);
    // A submission made before this script ran (EarlyInput.astro held it) goes out now.
    form.dispatchEvent(new Event('forkful:ready'));
  }
}
