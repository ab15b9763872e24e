import { lazy, Suspense, useState } from 'react';
import type { PrintRecipe } from './PrintPanel.tsx';
import { printIcon } from '../../lib/icons/print.ts';
import { Icon } from '../shared/Icon.tsx';

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
        <Icon icon={printIcon} />
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
