import type * as Ionic from '@ionic/react';
import { IonFab as FabElement, defineCustomElement } from '@ionic/core/components/ion-fab.js';
import { lazyComponent } from './lazy-component.ts';

export const IonFab = /*@__PURE__*/ lazyComponent<typeof Ionic.IonFab>('ion-fab', FabElement, defineCustomElement);
