import type { ReactNode } from 'react';

// An on/off switch: a real checkbox with role="switch" (keyboard and screen readers get it for
// free) drawn as a sliding track.

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  disabled?: boolean;
  className?: string;
}

export default function Switch({ checked, onChange, children, disabled, className = '' }: SwitchProps) {
  return (
    <label
      className={`flex min-h-11 cursor-pointer items-center justify-between gap-3 font-medium ${disabled ? 'cursor-not-allowed opacity-60' : ''} ${className}`}
    >
      <span>{children}</span>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className="relative h-7 w-12 flex-none rounded-full bg-stone-300 transition after:absolute after:left-0.5 after:top-0.5 after:size-6 after:rounded-full after:bg-white after:shadow after:transition peer-checked:bg-brand-700 peer-checked:after:translate-x-5 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 dark:bg-stone-600 dark:peer-checked:bg-brand-400"
      />
    </label>
  );
}
