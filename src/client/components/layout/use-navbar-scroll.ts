import { useEffect, useState } from 'react';
import { NAVBAR_HIDE_PX, NAVBAR_SCROLLED_PX } from '../../../shared/constants';

export interface NavbarScroll {
  scrolled: boolean;
  hidden: boolean;
}

/** Next state of the bar from the previous and current scroll offsets (fixed at 10 px and 50 px: docs/product.md#navbar). */
export function nextNavbarScroll(previousY: number, y: number, current: NavbarScroll): NavbarScroll {
  const scrolled = y > NAVBAR_SCROLLED_PX;
  let hidden = current.hidden;
  if (y <= NAVBAR_HIDE_PX) hidden = false;
  else if (y > previousY) hidden = true;
  else if (y < previousY) hidden = false;
  return scrolled === current.scrolled && hidden === current.hidden ? current : { scrolled, hidden };
}

export function useNavbarScroll(): NavbarScroll {
  const [state, setState] = useState<NavbarScroll>({ scrolled: false, hidden: false });
  useEffect(() => {
    let previousY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const from = previousY;
      previousY = y;
      // The updater may run later, so it must not read the mutable previousY.
      setState((current) => nextNavbarScroll(from, y, current));
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return state;
}
