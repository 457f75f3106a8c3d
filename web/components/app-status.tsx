import { ConnectionBanner } from './connection-banner.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

/**
 * What the app says about itself on every screen: offline or showing cached
 * data, and a new version to switch to. Must come before the router outlet.
 */
export function AppStatus() {
  return (
    <>
      <ConnectionBanner />
      <UpdatePrompt />
    </>
  );
}
