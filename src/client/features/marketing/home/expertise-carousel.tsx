import { useEffect, useReducer, type FocusEvent, type PointerEvent } from 'react';
import { Link } from 'react-router-dom';
import { CAROUSEL_INTERVAL_MS } from '../../../../shared/constants';
import { SiteImg } from '../../../components/ui/site-img';
import type { HomeContent } from '../../../../shared/contract/site/pages';

type CarouselSlide = HomeContent['expertise']['slides'][number];
import { carouselReducer, initialCarouselState, isRotating } from './carousel';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';
import styles from './expertise-carousel.module.css';

export interface ExpertiseCarouselProps {
  slides: readonly CarouselSlide[];
  /** Names the carousel for assistive tech. */
  label: string;
}

/**
 * Slides advance every CAROUSEL_INTERVAL_MS and dots jump to a slide. Beyond the fixed rules (docs/product.md#home), for
 * WCAG 2.2.2: rotation pauses while pointed at or focused, a visible control stops and starts
 * it, and it does not start by itself for visitors who prefer reduced motion.
 */
export function ExpertiseCarousel({ slides, label }: ExpertiseCarouselProps) {
  const [state, dispatch] = useReducer(carouselReducer, slides.length, initialCarouselState);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = isRotating(state);

  useEffect(() => {
    if (reducedMotion) dispatch({ type: 'pause' });
  }, [reducedMotion]);

  // A new timer for every slide shown, so a slide chosen by hand gets its full interval.
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => dispatch({ type: 'next' }), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [rotating, state.index]);

  // Touch "hover" ends with the tap; only a real pointer resting on the carousel pauses it.
  const onPointer = (value: boolean) => (event: PointerEvent) => {
    if (event.pointerType !== 'touch') dispatch({ type: 'hover', value });
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) dispatch({ type: 'focus', value: false });
  };

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={label}
      onPointerEnter={onPointer(true)}
      onPointerLeave={onPointer(false)}
      onFocus={() => dispatch({ type: 'focus', value: true })}
      onBlur={onBlur}
    >
      <button
        type="button"
        className={styles.rotation}
        onClick={() => dispatch({ type: state.playing ? 'pause' : 'play' })}
      >
        <span className={state.playing ? styles.pauseIcon : styles.playIcon} aria-hidden="true" />
        {state.playing ? 'Pause slides' : 'Play slides'}
      </button>
      {/* Announce slide changes only when the visitor makes them, not every five seconds. */}
      <div className={styles.slides} aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}: ${slide.title}`}
            className={styles.slide}
            hidden={i !== state.index}
          >
            <SiteImg image={slide.image} className={styles.image} />
            <div className={styles.body}>
              <h3 className={styles.title}>{slide.title}</h3>
              <p className={styles.text}>{slide.text}</p>
              <Link to={slide.link} className={styles.link}>
                Explore {slide.title}
                <span aria-hidden="true"> →</span>
              </Link>
            </div>
          </div>
        ))}
      </div>
      <div className={styles.dots} role="group" aria-label="Choose a slide">
        {slides.map((slide, i) => (
          <button
            key={slide.title}
            type="button"
            className={styles.dot}
            aria-label={`Show slide ${i + 1}: ${slide.title}`}
            aria-current={i === state.index ? 'true' : undefined}
            onClick={() => dispatch({ type: 'goTo', index: i })}
          >
            <span aria-hidden="true" />
          </button>
        ))}
      </div>
    </section>
  );
}
