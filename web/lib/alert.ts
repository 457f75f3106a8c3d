import type { AlertOptions } from '@ionic/core/components';

/**
 * Presents Ionic's alert through its controller, loaded on first use. Screens
 * of the plain shell (the sign-in flow's biometric dialogs) can show it without
 * loading Ionic React; inside the Ionic shell the same modules are already there.
 */
export async function presentAlert(options: AlertOptions): Promise<void> {
  const [{ alertController, initialize }, { defineCustomElement }] = await Promise.all([
    import('@ionic/core/components'),
    import('@ionic/core/components/ion-alert.js'),
  ]);
  // Sets the mode (md/ios) the alert is styled for; setupIonicReact does the same for the Ionic shell.
  initialize();
  defineCustomElement();
  const alert = await alertController.create(options);
  await alert.present();
}
