import { isbot } from 'isbot';
import { remembered } from '../cache/remembered';

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

/** isbot runs one large regular expression; a visitor's browser sends the same user agent each time. */
const isRobot = remembered(isbot);

/**
 * Why a request is not counted, or null when it is: the visitor asked not to be tracked
 * (`DNT: 1`, `Sec-GPC: 1`), or a robot sent it (isbot's maintained list; no user agent at all
 * is a robot too).
 */
export function notCountedBecause(headers: Headers): 'do-not-track' | 'global-privacy-control' | 'robot' | null {
  if (header(headers, 'dnt') === '1') return 'do-not-track';
  if (header(headers, 'sec-gpc') === '1') return 'global-privacy-control';
  const agent = header(headers, 'user-agent');
  if (!agent || isRobot(agent)) return 'robot';
  return null;
}
