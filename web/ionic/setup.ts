import { setupIonicReact } from '@ionic/react';
/* The padding utility (`ion-padding`) only Ionic's dialogs use; the rest of Ionic's CSS comes with the app (web/app.tsx). */
import '@ionic/react/css/padding.css';
import './touch-targets.css';
import './fit.css';

/*
 * Ionic's config and mode (md/ios), set before its first component renders.
 * Only the lazily loaded screens use Ionic, so each of them imports this
 * module first instead of the app doing it at start.
 */
setupIonicReact();
