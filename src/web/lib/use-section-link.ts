import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { scrollToSection } from './scroll';

/** On the home page a section link scrolls; on any other page it goes to /#section. */
export function useGoToSection() {
  const [location, navigate] = useLocation();
  return useCallback(
    (id: string) => {
      if (location === '/' && scrollToSection(id)) {
        history.replaceState(null, '', `/#${id}`);
        return;
      }
      navigate(`/#${id}`);
    },
    [location, navigate],
  );
}
