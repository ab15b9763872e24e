import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { logout } from '../../stores/session.ts';
import { isAdminUser } from '../admin/tabs.ts';
import { showToast } from '../../stores/toasts.ts';
import type { AuthTab } from './AuthDialog.tsx';
import { useSessionUser } from './use-session-user.ts';
import { chevronDownIcon } from '../../lib/icons/chevron-down.ts';
import { userIcon } from '../../lib/icons/user.ts';
import { Icon } from '../shared/Icon.tsx';

// The auth dialog (and its validation code) loads on first use: every page has this menu, few
// visits log in.
const loadAuthDialog = () => import('./AuthDialog.tsx');
const AuthDialog = lazy(loadAuthDialog);

// The header's account corner: logged out, a Login button that opens the auth
// dialog; logged in, a menu with the username, 'My Account', Dashboard (the admin only), Saved
// Recipes and Logout. The mobile variant is an account icon button opening the same menu.

export interface AccountMenuProps {
  variant?: 'desktop' | 'mobile';
  /** The product's name for the auth dialog's title. */
  brand?: string;
}

export default function AccountMenu({ variant = 'desktop', brand = 'Forkful' }: AccountMenuProps) {
  const user = useSessionUser();
  const [dialogTab, setDialogTab] = useState<AuthTab | null>(null);
  /** The dialog stays mounted once opened, so closing it behaves like the native dialog it is. */
  const [dialogUsed, setDialogUsed] = useState(false);

  const openDialog = (tab: AuthTab) => {
    setDialogUsed(true);
    setDialogTab(tab);
  };
  const dialog = dialogUsed && (
    <Suspense fallback={null}>
      <AuthDialog
        open={dialogTab !== null}
        defaultTab={dialogTab ?? 'login'}
        onOpenChange={(open) => !open && setDialogTab(null)}
        brand={brand}
      />
    </Suspense>
  );

  const doLogout = async () => {
    try {
      await logout();
      showToast({ title: 'Logged out', description: 'See you next time!' });
    } catch {
      showToast({
        title: 'Logout failed',
        description: 'We could not reach the server. Please try again.',
        variant: 'destructive',
      });
    }
  };

  if (variant === 'mobile') {
    return (
      <>
        <Menu
          label={user ? `Account menu for ${user.username}` : 'Account menu'}
          trigger={<AccountIcon />}
          triggerClassName="inline-flex size-11 items-center justify-center rounded-full text-stone-700 hover:bg-brand-50 dark:text-stone-200 dark:hover:bg-stone-800"
        >
          {user
            ? signedInItems(user.username, doLogout)
            : [
                <MenuItem key="login" onSelect={() => openDialog('login')}>
                  Login
                </MenuItem>,
                <MenuItem key="signup" onSelect={() => openDialog('signup')}>
                  Sign Up
                </MenuItem>,
              ]}
        </Menu>
        {dialog}
      </>
    );
  }

  if (user === undefined) {
    // Still asking the server: keep the Login button's room so the header does not jump.
    return <span aria-hidden="true" className="inline-block h-11 w-20" />;
  }

  if (user === null) {
    return (
      <>
        <button
          type="button"
          onClick={() => openDialog('login')}
          onPointerEnter={() => void loadAuthDialog()}
          onFocus={() => void loadAuthDialog()}
          className="btn-primary"
        >
          Login
        </button>
        {dialog}
      </>
    );
  }

  return (
    <Menu
      label={`Account menu for ${user.username}`}
      trigger={
        <>
          <AccountIcon />
          <span className="max-w-[10rem] truncate">{user.username}</span>
          <Icon icon={chevronDownIcon} size={14} />
        </>
      }
      triggerClassName="inline-flex min-h-11 items-center gap-2 rounded-full px-3.5 py-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-brand-50 dark:text-stone-200 dark:ring-night-line dark:hover:bg-stone-800"
    >
      {signedInItems(user.username, doLogout)}
    </Menu>
  );
}

function signedInItems(username: string, onLogout: () => void): ReactNode[] {
  return [
    <div key="who" role="presentation" className="px-3 pb-1 pt-2">
      <p className="truncate text-sm font-semibold">{username}</p>
      <p className="eyebrow">My Account</p>
    </div>,
    <hr key="sep1" role="separator" className="my-1 border-stone-200 dark:border-night-line" />,
    // The owner's way to the dashboard; nobody else is offered it (the dashboard would refuse them).
    ...(isAdminUser({ username })
      ? [
          <MenuItem key="dashboard" href="/admin">
            Dashboard
          </MenuItem>,
        ]
      : []),
    <MenuItem key="saved" href="/saved-recipes">
      Saved Recipes
    </MenuItem>,
    <MenuItem key="plan" href="/plan">
      Meal Plan
    </MenuItem>,
    <hr key="sep2" role="separator" className="my-1 border-stone-200 dark:border-night-line" />,
    <MenuItem key="logout" onSelect={onLogout}>
      Logout
    </MenuItem>,
  ];
}

function AccountIcon() {
  return <Icon icon={userIcon} size={20} />;
}

const itemClass =
  'flex min-h-11 w-full items-center rounded-lg px-3 text-left text-sm font-medium text-stone-800 hover:bg-brand-50 focus:bg-brand-50 focus:outline-none dark:text-stone-100 dark:hover:bg-stone-800 dark:focus:bg-stone-800';

/** One entry of a Menu: a link when it has an href, otherwise a button. */
function MenuItem({
  href,
  onSelect,
  children,
}: {
  href?: string;
  onSelect?: () => void;
  children: ReactNode;
}) {
  if (href) {
    return (
      <a role="menuitem" tabIndex={-1} href={href} className={itemClass} data-menu-item>
        {children}
      </a>
    );
  }
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={itemClass}
      data-menu-item
      onClick={onSelect}
    >
      {children}
    </button>
  );
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter/Space/ArrowDown open it on the first item,
 * arrows move, Escape closes and returns focus to the button, a click outside closes it.
 */
function Menu({
  label,
  trigger,
  triggerClassName,
  children,
}: {
  label: string;
  trigger: ReactNode;
  triggerClassName: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? []);
  const focusItem = (index: number) => {
    const list = items();
    if (list.length) list[(index + list.length) % list.length]!.focus();
  };

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[data-menu-item]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') focusItem(current + 1);
    else if (event.key === 'ArrowUp') focusItem(current - 1);
    else if (event.key === 'Home') focusItem(0);
    else if (event.key === 'End') focusItem(list.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    event.preventDefault();
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={label}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          onKeyDown={onMenuKey}
          onClick={(event) => {
            // The item's own handler has run (it is the target); choosing an item closes the menu.
            if ((event.target as HTMLElement).closest('[data-menu-item]')) setOpen(false);
          }}
          className="card absolute right-0 z-50 mt-2 w-56 p-1.5 shadow-lg"
        >
          {children}
        </div>
      )}
    </div>
  );
}
