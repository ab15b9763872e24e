import { api } from '../../lib/api/client.ts';
import { shortDay } from '../../lib/notebook-dates.ts';
import { useSessionUser } from '../auth/use-session-user.ts';
import { useUserData } from '../shared/use-user-data.ts';

// The account area's "Recently cooked": the cook's latest "I cooked this" marks, newest first.

const loadCookingLog = () => api.get('/api/user/cooking');

export default function RecentCooking() {
  const user = useSessionUser();
  const [entries, , failed] = useUserData(user?.id, loadCookingLog);

  if (!user) return null;
  return (
    <section aria-labelledby="recent-cooking-heading" className="mt-12">
      <h2 id="recent-cooking-heading" className="font-serif text-2xl font-bold">
        Recently cooked
      </h2>
      {failed && <p role="alert">Your cooking log could not be loaded.</p>}
      {entries && entries.length === 0 && (
        <p className="muted mt-2">Mark “I cooked this” on a recipe page and it will be listed here.</p>
      )}
      {entries && entries.length > 0 && (
        <ul className="mt-3 divide-y divide-stone-200 dark:divide-night-line">
          {entries.map((e) => (
            <li key={e.id} className="flex flex-wrap gap-x-3 py-2">
              <span className="muted w-20">{shortDay(e.cookedOn)}</span>
              <a className="link font-semibold" href={`/recipe/${encodeURIComponent(e.recipeSlug)}`}>
                {e.recipeTitle}
              </a>
              {e.servings !== null && (
                <span className="muted">
                  {e.servings} {e.servings === 1 ? 'serving' : 'servings'}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
