import type { AlertOptions, alertController as AlertController } from '@ionic/core/components';

/** Ionic's alert controller, loaded and set up once, on first use. */
let alertController: Promise<typeof AlertController> | undefined;

function loadAlertController() {
  alertController ??= Promise.all([import('@ionic/core/components'), import('@ionic/core/components/ion-alert.js')])
    .then(([core, alert]) => {
      // Sets the mode (md/ios) the alert is styled for; web/ionic/setup.ts does the same for the Ionic screens.
      core.initialize();
      alert.defineCustomElement();
      return core.alertController;
    })
    .catch((error: unknown) => {
      alertController = undefined; // a chunk that failed to load is tried again next time
      throw error;
    });
  return alertController;
}

/**
 * Presents Ionic's alert through its controller, so screens without Ionic
 * React (the sign-in flow's biometric dialogs) can show it; on the Ionic
 * screens the same modules are already there.
 */
export async function presentAlert(options: AlertOptions): Promise<void> {
  const alert = await (await loadAlertController()).create(options);
  await alert.present();
}
