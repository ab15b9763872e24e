// The newsletter form (NewsletterForm.astro): checks the email, posts JSON, then shows the
// confirmation, or 'Subscription failed' with the server's message.

const INVALID_EMAIL = 'Please enter a valid email address';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function errorText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // Not JSON: fall through to the generic sentence.
  }
  return 'Please try again later.';
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
    if (!EMAIL_PATTERN.test(address)) {
      email.setAttribute('aria-invalid', 'true');
      say(INVALID_EMAIL);
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
        say(`Subscription failed: ${await errorText(response)}`);
        return;
      }
      form.hidden = true;
      message.hidden = true;
      done.hidden = false;
      done.focus();
    } catch {
      say('Subscription failed: Please try again later.');
    } finally {
      button.disabled = false;
    }
  });
}

/** Wires every [data-newsletter-form] on the page. */
export function setUpNewsletterForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-newsletter-form]')) {
    setUp(form);
    // A submission made before this script ran (EarlyInput.astro held it) goes out now.
    form.dispatchEvent(new Event('forkful:ready'));
  }
}
