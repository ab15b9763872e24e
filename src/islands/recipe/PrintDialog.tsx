import { lazy, Suspense, useState } from 'react';
import type { PrintRecipe } from './PrintPanel.tsx';

// "Print Recipe": the button is all the page loads; the dialog and the
// print sheet (PrintPanel.tsx) come on first use, or when the pointer heads for the button.

export type { PrintRecipe };

const loadPanel = () => import('./PrintPanel.tsx');
const PrintPanel = lazy(loadPanel);

export default function PrintDialog({ recipe }: { recipe: PrintRecipe }) {
  /** Each opening mounts a fresh panel (0: closed), even if a browser never reported the end of printing. */
  const [session, setSession] = useState(0);
  return (
    <>
      <button
        type="button"
        className="btn-ghost"
        onClick={() => setSession((n) => n + 1)}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        data-print="hide"
        aria-haspopup="dialog"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="18"
          height="18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        >
          <path d="M7 8V3h10v5M7 17H4v-7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v7h-3M7 14h10v7H7z" />
        </svg>
        Print Recipe
      </button>
      {session > 0 && (
        <Suspense fallback={null}>
          <PrintPanel key={session} recipe={recipe} onClose={() => setSession(0)} />
        </Suspense>
      )}
    </>
  );
}
