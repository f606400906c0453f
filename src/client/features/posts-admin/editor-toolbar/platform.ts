import { useSyncExternalStore } from 'react';

interface NavigatorWithUserAgentData extends Navigator {
  userAgentData?: { platform?: string };
}

/** Whether the device is Apple's, whose shortcuts use ⌘ where others use Ctrl. */
function isApplePlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  const { userAgentData, platform } = navigator as NavigatorWithUserAgentData;
  return /mac|iphone|ipad|ipod/i.test(userAgentData?.platform || platform || '');
}

const noSubscription = () => () => {};

/** The platform, read once in the browser; the server and hydration assume Ctrl so their markup agrees. */
export function useIsApplePlatform(): boolean {
  return useSyncExternalStore(noSubscription, isApplePlatform, () => false);
}
