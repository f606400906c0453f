/**
 * The expertise carousel's state (docs/product.md#home). The
 * index cycles through the slides; rotation runs only while the visitor has not paused it and
 * is neither pointing at nor focused inside the carousel.
 */
export interface CarouselState {
  index: number;
  count: number;
  /** The visitor's choice on the pause/play control (off at start under reduced motion). */
  playing: boolean;
  hovered: boolean;
  focused: boolean;
}

export type CarouselAction =
  | { type: 'next' }
  | { type: 'goTo'; index: number }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'hover'; value: boolean }
  | { type: 'focus'; value: boolean };

export function initialCarouselState(count: number): CarouselState {
  return { index: 0, count, playing: true, hovered: false, focused: false };
}

export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  switch (action.type) {
    case 'next':
      return { ...state, index: (state.index + 1) % state.count };
    case 'goTo':
      return action.index >= 0 && action.index < state.count ? { ...state, index: action.index } : state;
    case 'play':
      return { ...state, playing: true };
    case 'pause':
      return { ...state, playing: false };
    case 'hover':
      return state.hovered === action.value ? state : { ...state, hovered: action.value };
    case 'focus':
      return state.focused === action.value ? state : { ...state, focused: action.value };
  }
}

export function isRotating(state: CarouselState): boolean {
  return state.playing && !state.hovered && !state.focused;
}
