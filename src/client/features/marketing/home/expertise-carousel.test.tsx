import { act, fireEvent, screen, within } from '@testing-library/react';
import { CAROUSEL_INTERVAL_MS } from '../../../../shared/constants';
import { renderWithApp } from '../../../../../test/support/render-with-app';
import { siteDefaults } from '../../../../shared/site-content/defaults';

// The slides a fresh site shows.
const carouselSlides = siteDefaults.home.expertise.slides;
import { carouselReducer, initialCarouselState, isRotating } from './carousel';
import { ExpertiseCarousel } from './expertise-carousel';

const slideGroups = () => screen.getAllByRole('group', { hidden: true }).filter((el) => el.getAttribute('aria-roledescription') === 'slide');

/** The title of the slide on show: the only slide not hidden. */
function current(): string {
  const shown = slideGroups().filter((el) => !el.hidden);
  expect(shown).toHaveLength(1);
  return within(shown[0]!).getByRole('heading').textContent ?? '';
}

const tick = (ms: number) => act(() => jest.advanceTimersByTime(ms));

function stubReducedMotion(matches: boolean) {
  const listeners = new Set<() => void>();
  const list = { matches, addEventListener: (_: string, fn: () => void) => listeners.add(fn), removeEventListener: (_: string, fn: () => void) => listeners.delete(fn) };
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({ ...list, media: query }));
  return list;
}

describe('ExpertiseCarousel', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    // jsdom has no matchMedia of its own: leave none behind.
    delete (window as Partial<Window>).matchMedia;
  });

  const renderCarousel = () => renderWithApp(<ExpertiseCarousel slides={carouselSlides} label="Our expertise" />);

  it('shows the four fixed slides, the first one first, each with image, alt and link', () => {
    renderCarousel();
    expect(carouselSlides.map((slide) => slide.title)).toEqual(['Web Development', 'E-Commerce', 'SEO', 'Maintenance & Support']);
    expect(current()).toBe('Web Development');
    const groups = slideGroups();
    expect(groups).toHaveLength(4);
    for (const [i, slide] of carouselSlides.entries()) {
      const group = groups[i]!;
      expect(group).toHaveAttribute('aria-label', `${i + 1} of 4: ${slide.title}`);
      expect(within(group).getByRole('img', { hidden: true })).toHaveAttribute('alt', slide.image.alt);
      expect(within(group).getByRole('link', { hidden: true })).toHaveAttribute('href', slide.link);
    }
  });

  it('advances every 5000 ms and wraps around after the fourth slide', () => {
    renderCarousel();
    tick(CAROUSEL_INTERVAL_MS - 1);
    expect(current()).toBe('Web Development');
    tick(1);
    expect(current()).toBe('E-Commerce');
    tick(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe('SEO');
    tick(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe('Maintenance & Support');
    tick(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe('Web Development');
  });

  it('jumps to a slide from its dot, marks that dot, and gives the slide a full interval', () => {
    renderCarousel();
    const dots = within(screen.getByRole('group', { name: 'Choose a slide' })).getAllByRole('button');
    expect(dots).toHaveLength(4);
    tick(3000);
    const third = dots[2]!;
    fireEvent.click(third);
    expect(current()).toBe('SEO');
    expect(third).toHaveAttribute('aria-current', 'true');
    expect(dots.filter((dot) => dot.hasAttribute('aria-current'))).toHaveLength(1);
    // Leaving the carousel resumes rotation from the chosen slide.
    fireEvent.blur(third);
    tick(CAROUSEL_INTERVAL_MS - 1);
    expect(current()).toBe('SEO');
    tick(1);
    expect(current()).toBe('Maintenance & Support');
  });

  it('pauses while the pointer rests on it and resumes when it leaves', () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Our expertise' });
    fireEvent.pointerEnter(carousel, { pointerType: 'mouse' });
    tick(CAROUSEL_INTERVAL_MS * 3);
    expect(current()).toBe('Web Development');
    fireEvent.pointerLeave(carousel, { pointerType: 'mouse' });
    tick(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe('E-Commerce');
  });

  it('pauses while focus is inside it', () => {
    renderCarousel();
    const link = screen.getByRole('link', { name: 'Explore Web Development' });
    act(() => link.focus());
    tick(CAROUSEL_INTERVAL_MS * 2);
    expect(current()).toBe('Web Development');
    act(() => link.blur());
    tick(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe('E-Commerce');
  });

  it('stops and starts from its visible pause/play control', () => {
    renderCarousel();
    const control = screen.getByRole('button', { name: 'Pause slides' });
    fireEvent.click(control);
    fireEvent.blur(control);
    expect(control).toHaveAccessibleName('Play slides');
    tick(CAROUSEL_INTERVAL_MS * 3);
    expect(current()).toBe('Web Development');
    fireEvent.click(control);
    fireEvent.blur(control);
    expect(control).toHaveAccessibleName('Pause slides');
    tick(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe('E-Commerce');
  });

  it('does not move by itself when the visitor prefers reduced motion, but dots still work', () => {
    stubReducedMotion(true);
    renderCarousel();
    expect(screen.getByRole('button', { name: 'Play slides' })).toBeInTheDocument();
    tick(CAROUSEL_INTERVAL_MS * 4);
    expect(current()).toBe('Web Development');
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 4: Maintenance & Support' }));
    expect(current()).toBe('Maintenance & Support');
  });

  it('rotates as usual when reduced motion is not asked for', () => {
    stubReducedMotion(false);
    renderCarousel();
    tick(CAROUSEL_INTERVAL_MS);
    expect(current()).toBe('E-Commerce');
  });

  it('announces slide changes only while not rotating by itself', () => {
    renderCarousel();
    const live = slideGroups()[0]!.parentElement!;
    expect(live).toHaveAttribute('aria-live', 'off');
    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    expect(live).toHaveAttribute('aria-live', 'polite');
  });
});

describe('carouselReducer', () => {
  const start = initialCarouselState(4);

  it('cycles the index through the slides', () => {
    let state = start;
    const seen = [];
    for (let i = 0; i < 5; i++) {
      seen.push(state.index);
      state = carouselReducer(state, { type: 'next' });
    }
    expect(seen).toEqual([0, 1, 2, 3, 0]);
  });

  it('ignores a jump outside the slides', () => {
    expect(carouselReducer(start, { type: 'goTo', index: 4 })).toBe(start);
    expect(carouselReducer(start, { type: 'goTo', index: -1 })).toBe(start);
    expect(carouselReducer(start, { type: 'goTo', index: 3 }).index).toBe(3);
  });

  it('rotates only when playing, not hovered and not focused', () => {
    expect(isRotating(start)).toBe(true);
    expect(isRotating(carouselReducer(start, { type: 'pause' }))).toBe(false);
    expect(isRotating(carouselReducer(start, { type: 'hover', value: true }))).toBe(false);
    expect(isRotating(carouselReducer(start, { type: 'focus', value: true }))).toBe(false);
    const paused = carouselReducer(start, { type: 'pause' });
    expect(isRotating(carouselReducer(paused, { type: 'play' }))).toBe(true);
  });
});
