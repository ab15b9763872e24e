import { useId, useState } from 'react';
import { starIcon } from '../../lib/icons/star.ts';
import { Icon } from '../shared/Icon.tsx';

// A 1–5 star picker built from native radio buttons: Tab reaches the group, the arrow keys
// change the rating, and screen readers announce "3 stars, 3 of 5" without extra code.

const LABELS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

export default function StarInput({
  value,
  onChange,
  describedBy,
  invalid,
}: {
  value: number;
  onChange: (rating: number) => void;
  describedBy?: string | undefined;
  invalid?: boolean;
}) {
  const name = useId();
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend className="px-1 text-sm font-semibold">Your rating</legend>
      <div className="mt-1 flex items-center gap-1" onPointerLeave={() => setHover(0)}>
        {[1, 2, 3, 4, 5].map((star) => (
          <label
            key={star}
            onPointerEnter={() => setHover(star)}
            className="relative inline-flex size-11 cursor-pointer items-center justify-center rounded-full has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-600 dark:has-[:focus-visible]:outline-brand-300"
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
            />
            <span className="sr-only">{`${star} ${star === 1 ? 'star' : 'stars'} (${LABELS[star]})`}</span>
            <Icon
              icon={starIcon}
              size={30}
              className={star <= shown ? 'text-amber-500' : 'text-stone-300 dark:text-stone-600'}
            />
          </label>
        ))}
        <span className="ml-2 text-sm muted" aria-hidden="true">
          {shown ? LABELS[shown] : ''}
        </span>
      </div>
    </fieldset>
  );
}
