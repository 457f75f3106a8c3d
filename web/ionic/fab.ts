import type * as Ionic from '@ionic/react';
import { IonFab as FabElement, defineCustomElement as defineFab } from '@ionic/core/components/ion-fab.js';
import {
  IonFabButton as FabButtonElement,
  defineCustomElement as defineFabButton,
} from '@ionic/core/components/ion-fab-button.js';
import { lazyComponent } from './lazy-component.ts';

export const IonFab = /*@__PURE__*/ lazyComponent<typeof Ionic.IonFab>('ion-fab', FabElement, defineFab);

/** Without @ionic/react's router link support (`routerLink`): the app's fab buttons act on click. */
export const IonFabButton = /*@__PURE__*/ lazyComponent<typeof Ionic.IonFabButton>(
  'ion-fab-button',
  FabButtonElement,
  defineFabButton,
);
