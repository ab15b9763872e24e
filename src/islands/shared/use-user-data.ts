import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

// What a signed-in reader's panel shows of their own records (collections, the cooking log):
// fetched when someone signs in, forgotten and fetched again when the reader changes.

/**
 * `load` runs for `userId` (nothing while nobody is signed in); pass a function defined once, at
 * module level, so it does not run again on every render. Returns the data (null while loading),
 * its setter for local changes, and whether loading failed.
 */
export function useUserData<T>(
  userId: number | undefined,
  load: () => Promise<T>,
): [T | null, Dispatch<SetStateAction<T | null>>, boolean] {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setData(null);
    if (!userId) return;
    load()
      .then(setData)
      .catch(() => setFailed(true));
  }, [userId, load]);
  return [data, setData, failed];
}
