import { useId, useRef, useState, type SubmitEvent } from 'react';
import { api, errorText } from '../../lib/api/client.ts';
import {
  isNewsletterEmail,
  NEWSLETTER_INVALID_EMAIL,
  NEWSLETTER_NAME_MAX,
} from '../../lib/newsletter-rules.ts';
import { showToast } from '../../stores/toasts.ts';

// The newsletter form in three looks: a standalone card,
// an inline strip inside a page, and the footer's compact row. The email is checked with the
// API's own rule (valibot's email pattern, without the rest of valibot); success turns the form
// into 'You're subscribed!'; a failure toasts 'Subscription failed' with the server's sentence
// or 'Please try again later.'.

export type NewsletterVariant = 'card' | 'inline' | 'footer';

export interface NewsletterFormProps {
  variant?: NewsletterVariant;
}

const COPY = {
  title: 'Fresh recipes, once a week',
  text: 'New dishes, seasonal ideas and kitchen tips in your inbox. No spam; unsubscribe anytime.',
};

export default function NewsletterForm({ variant = 'card' }: NewsletterFormProps) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<'form' | 'sending' | 'done'>('form');
  const emailRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isNewsletterEmail(email)) {
      setError(NEWSLETTER_INVALID_EMAIL);
      emailRef.current?.focus();
      return;
    }
    const trimmedName = variant === 'card' ? name.trim().slice(0, NEWSLETTER_NAME_MAX) : '';
    setError(null);
    setState('sending');
    try {
      await api.post('/api/newsletter/subscribe', {
        body: { email: email.trim(), ...(trimmedName ? { name: trimmedName } : {}) },
      });
      setState('done');
      requestAnimationFrame(() => doneRef.current?.focus());
    } catch (err) {
      setState('form');
      showToast({
        title: 'Subscription failed',
        description: errorText(err, 'Please try again later.'),
        variant: 'destructive',
      });
    }
  };

  const onDark = variant === 'card';
  if (state === 'done') {
    return (
      <div
        ref={doneRef}
        tabIndex={-1}
        role="status"
        className={`rounded-3xl p-6 outline-none ${onDark ? 'bg-brand-800 text-white dark:bg-[#3b1d10]' : 'bg-herb-100 text-ink dark:bg-stone-800 dark:text-stone-100'}`}
        data-newsletter-done
      >
        <p className="font-serif text-2xl font-bold">You're subscribed!</p>
        <p className={`mt-1 ${onDark ? 'text-brand-100' : 'muted'}`}>
          Thanks for joining us. Look out for our next email.
        </p>
      </div>
    );
  }

  const emailField = (
    <div className="min-w-0 flex-1">
      <label htmlFor={`${id}-email`} className="sr-only">
        Email address
      </label>
      <input
        ref={emailRef}
        id={`${id}-email`}
        type="email"
        autoComplete="email"
        maxLength={254}
        placeholder="you@example.com"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="field"
      />
    </div>
  );
  const button = (
    <button
      type="submit"
      disabled={state === 'sending'}
      className={
        onDark
          ? 'btn bg-white text-brand-900 hover:bg-brand-50 disabled:opacity-60 dark:bg-brand-300 dark:text-night dark:hover:bg-brand-200'
          : 'btn-primary disabled:opacity-60'
      }
    >
      {state === 'sending' ? 'Subscribing…' : 'Subscribe'}
    </button>
  );
  const errorLine = error && (
    <p
      id={`${id}-error`}
      role="alert"
      className={`mt-2 text-sm font-medium ${onDark ? 'text-white' : 'text-red-700 dark:text-red-300'}`}
    >
      {error}
    </p>
  );

  if (variant === 'footer') {
    return (
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-newsletter-form="footer">
        <p id={`${id}-title`} className="font-semibold">
          Get new recipes by email
        </p>
        <div className="mt-3 flex gap-2">
          {emailField}
          {button}
        </div>
        {errorLine}
      </form>
    );
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={
        onDark
          ? 'overflow-hidden rounded-3xl bg-brand-800 px-6 py-8 text-white shadow-xl shadow-brand-900/20 sm:px-10 dark:bg-[#3b1d10] dark:ring-1 dark:ring-brand-900'
          : 'card p-6'
      }
      data-newsletter-form={variant}
    >
      <div className={`grid gap-5 ${onDark ? 'lg:grid-cols-[1fr_1.2fr] lg:items-center' : ''}`}>
        <div>
          <h2 id={`${id}-title`} className={`font-serif font-bold ${onDark ? 'text-3xl' : 'text-xl'}`}>
            {COPY.title}
          </h2>
          <p className={`mt-2 leading-7 ${onDark ? 'text-brand-100' : 'muted'}`}>{COPY.text}</p>
        </div>
        <form onSubmit={submit} noValidate>
          <div className="flex flex-col gap-3 sm:flex-row">
            {variant === 'card' && (
              <div className="min-w-0 flex-1">
                <label htmlFor={`${id}-name`} className="sr-only">
                  Your name (optional)
                </label>
                <input
                  id={`${id}-name`}
                  type="text"
                  autoComplete="given-name"
                  maxLength={100}
                  placeholder="Your name (optional)"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  className="field"
                />
              </div>
            )}
            {emailField}
            {button}
          </div>
          {errorLine}
        </form>
      </div>
    </section>
  );
}
