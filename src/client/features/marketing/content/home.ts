import homeHeroSource from '../../../../../public/images/home-hero.svg?inline';
import { illustration } from './images';

/**
 * The home page's hero picture: part of the design rather than of the words the owner edits. The
 * first screen's largest picture comes inside the server's HTML, so it paints with the heading.
 */
export const homeHeroImage = {
  ...illustration('home-hero', 'A website shown on a laptop and a phone, with a rising sales chart and a green check mark'),
  src: homeHeroSource,
  inlinedByServer: true,
};
