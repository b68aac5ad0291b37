import { useEffect, useState } from 'react';

/** False in the server-side render and in the render that hydrates it; true from then on. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Called once React has hydrated a server-rendered page (and harmlessly after every later page change). */
export function markPageHydrated(): void {
  document.getElementById('root')?.removeAttribute('data-ssr');
}
