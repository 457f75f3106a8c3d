import { setupIonicReact } from '@ionic/react';

/*
 * Ionic's config and mode (md/ios), set before its first component renders.
 * Only the lazily loaded screens use Ionic, so each of them imports this
 * module first instead of the app doing it at start.
 */
setupIonicReact();
